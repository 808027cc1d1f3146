"""Ranges: sets of starting hands with weights, in the syntax players know.

The model: what a :class:`Range` holds and what it answers (its hands and
weights, card removal, the 13 x 13 grid, its text).  Reading and writing
range text is :mod:`handrank.ranges._range_text`; the hold'em classes are
:mod:`handrank.ranges._classes`; drawing a range is the display layer's, reached
through the upcalls ``draw_html`` and ``draw_plot`` (handrank.base._interface):
a range knows its hands, not its pictures.

>>> import handrank as hr
>>> r = hr.Range("QQ+, AKs, A5s-A2s, KQo, 0.5(JJ), AhKh")
>>> len(r), r.combos.shape
(56, (56, 2))
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import chain, combinations
from math import comb
from typing import Any

import numpy as np

from ..base import bool_error, HandError, upcalls
from ..cards import NCODES, check_mask, codes_of_mask, card_name, parse_codes, card_list
from ._classes import _CELL_COL, _CELL_ROW, CLASS_INDEX, CLASS_OF, _CLASS_SIZE
from ._range_text import (RangeReader, _combo_text, _compress, _mostly_full, _split_classes,
                          _weighted, live_cards)

__all__ = ["Range", "parse_range", "in_deck"]


#: Above this many hands, ``Range.combos`` / ``Range.weights`` refuse to list them.
LIST_LIMIT = 3_000_000


def _dead_codes(cards: Any) -> frozenset[int]:
    """The card codes (0..51) of ``without``'s argument: text, codes or a mask.

    A bare ``int`` or numpy integer scalar is a mask (bit ``16*suit + rank``);
    a sequence or 1-D array is card codes.  Jokers (52, 53) are accepted and
    ignored: no range hand holds one.
    """
    if isinstance(cards, (bool, np.bool_)):
        raise bool_error("dead cards", repr(cards))
    if isinstance(cards, str):
        codes = parse_codes(cards)
    elif isinstance(cards, (int, np.integer)) or (
            isinstance(cards, np.ndarray) and cards.ndim == 0 and cards.dtype.kind in "iu"):
        m = int(cards)
        check_mask(m)
        codes = codes_of_mask(m)
    else:
        if not isinstance(cards, np.ndarray):
            try:
                items = list(cards)
            except TypeError:
                raise HandError(f"dead cards must be text ('Qh Kd'), a sequence of card codes "
                                f"or a mask (int); got {type(cards).__name__}") from None
            for pos, c in enumerate(items):
                if isinstance(c, (bool, np.bool_)):
                    raise bool_error("dead cards", f"{c!r} at position {pos}")
                if not isinstance(c, (int, np.integer)):
                    raise HandError(f"dead card at position {pos} is {c!r}; a card code is an "
                                    f"integer 0..{NCODES - 1} (or pass the cards as text)")
            cards = np.array([int(c) for c in items], dtype=np.int64)
        try:
            codes = card_list(cards)
        except HandError as e:
            raise HandError(f"dead cards: {e}") from None
    return frozenset(c for c in codes if c < 52)


def _lex_rank(positions: list[int], n: int, k: int) -> int:
    """Rank of a k-subset (ascending positions in 0..n-1) among all k-subsets in the
    order of ``itertools.combinations(range(n), k)``."""
    rank, prev = 0, -1
    for j, p in enumerate(positions):
        for t in range(prev + 1, p):
            rank += comb(n - 1 - t, k - 1 - j)
        prev = p
    return rank


class Range:
    """A range of starting hands with weights.

    Syntax (separated by commas or spaces):

    - pairs ``77``; ``77+`` (77 up to AA); ``99-66``;
    - two ranks with ``s`` (suited, 4 combos), ``o`` (offsuit, 12) or neither
      (both, 16): ``AKs``, ``KQo``, ``AK``; ``A9s+`` (A9s up to AKs: the lower
      rank climbs to one below the higher); ``A5s-A2s``, ``K9o-K6o``;
    - connectors and gappers, both ranks running at a fixed gap: ``T9s-65s``,
      ``KQo-87o``, ``J9s-64s`` (ends whose gaps differ are an error);
    - exact cards, written without spaces: ``AhKh`` (four for Omaha: ``AhKhQdJd``);
    - ``random``, ``100%``, ``any`` or ``xx``: every hand;
    - percentages ``15%``: whole classes in :data:`PREFLOP_ORDER` until
      they reach the percentage of 1,326 hands (see :func:`top_classes`);
      ``0%`` adds nothing;
    - weights: ``0.5(JJ, AKs)`` or ``JJ:0.5``; a hand listed twice keeps its
      largest weight;
    - exclusions, applied after every inclusion whatever their place:
      ``!AhKh`` (a hand), ``!AKo`` or ``!A5s-A2s`` (classes), ``!5%``, ``!As``
      (every hand holding the card, as :meth:`without`); no weight.

    :meth:`to_text` writes a range back as compact text, :meth:`grid` as the
    13 x 13 grid; :meth:`plot` draws it and Jupyter shows it as HTML.

    ``text`` may also be an iterable of exact hands (texts or card codes).
    ``cards`` is the number of cards in a hand: 2 (hold'em) or 4, 5, 6 (Omaha).
    Omaha ranges take exact hands, ``random``, ProPokerTools' generic
    patterns (``AA``, ``AxAyxy``, ``RRON``, ``[A-T][A-T]**``, ``AA:$ds``,
    ``JJ!JJJ``, ``KQJT-8765``; see ``handrank.ranges._omaha_syntax``), with the same
    weights and exclusions, and percentages of four- and five-card hands in
    order of equity against a random hand (:func:`handrank.omaha_order`).

    ``random`` is not listed when parsed: ``len()``, :attr:`is_random` and
    :meth:`without` are computed without listing its hands (there are
    20,358,520 six-card hands).  :attr:`combos` and :attr:`weights` list the
    hands on each access and refuse (:class:`HandError`) above
    ``LIST_LIMIT`` (3,000,000) hands.

    Attributes
    ----------
    combos
        ``(M, cards)`` uint8 card codes, one row per hand, highest card first.
    weights
        ``(M,)`` float64 weights in (0, 1], in the order of ``combos``.

    Examples
    --------
    >>> import handrank as hr
    >>> r = hr.Range("random", cards=6)
    >>> len(r), r.is_random
    (20358520, True)
    >>> len(r.without("Ah Kd")), r.without("Ah Kd").is_random
    (15890700, False)
    >>> hr.Range("0.5(random), AA").is_random
    False
    >>> hr.Range("random").combos.shape
    (1326, 2)
    >>> len(hr.Range("15%")), len(hr.Range("T9s-65s")), len(hr.Range("QQ+, AKs, !AhKh"))
    (200, 20, 21)
    """

    def __init__(self, text: str | Iterable[Any] = "", cards: int = 2):
        if isinstance(cards, (bool, np.bool_)) or not isinstance(cards, (int, np.integer)) \
                or cards not in (2, 4, 5, 6):
            raise HandError(f"cards is the number of cards in a hand, an int: 2 (hold'em) or "
                            f"4, 5, 6 (Omaha); got {cards!r}")
        self.cards = int(cards)
        reader = RangeReader(self.cards, LIST_LIMIT)
        if isinstance(text, str):
            self.text = text
            reader.read(text)
        elif isinstance(text, (bytes, bytearray)) or not isinstance(text, Iterable):
            raise HandError(f"a range is text ('QQ+, AKs') or an iterable of hands; got "
                            f"{type(text).__name__}")
        else:
            self.text = reader.read_hands(list(text))
        self._weights: dict[tuple[int, ...], float] = reader.weights
        self._random_weight: float | None = reader.random_weight
        self._dead: frozenset[int] = reader.dead

    # ------------------------------------------------------------ access
    @property
    def is_random(self) -> bool:
        """True when the range is every hand of the deck at one weight.

        ``"random, AA"`` is random (AA's weight 1 is absorbed by random's 1);
        ``"0.5(random), AA"`` is not, nor is a random range that lost hands
        to :meth:`without`.
        """
        return self._random_weight is not None and not self._weights and not self._dead

    def _live_cards(self) -> list[int]:
        """Cards a hand may use, highest first."""
        return live_cards(self._dead)

    def _check_listable(self, n: int) -> None:
        if n > LIST_LIMIT:
            raise HandError(f"the range {self.text!r} of {self.cards}-card hands has {n:,} "
                            f"hands; too many to list (the limit is {LIST_LIMIT:,}); len(), "
                            f"is_random and without() work without listing")

    @property
    def combos(self) -> np.ndarray:
        if self._random_weight is None:
            keys = sorted(self._weights, reverse=True)
            return np.array(keys, dtype=np.uint8).reshape(-1, self.cards)
        n, k = len(self), self.cards
        self._check_listable(n)
        flat = chain.from_iterable(combinations(self._live_cards(), k))
        return np.fromiter(flat, dtype=np.uint8, count=n * k).reshape(n, k)

    @property
    def weights(self) -> np.ndarray:
        if self._random_weight is None:
            keys = sorted(self._weights, reverse=True)
            return np.array([self._weights[k] for k in keys], dtype=np.float64)
        n, k = len(self), self.cards
        self._check_listable(n)
        out = np.full(n, self._random_weight, dtype=np.float64)
        if self._weights:
            live = self._live_cards()
            pos = {c: i for i, c in enumerate(live)}
            for key, w in self._weights.items():        # keys are highest card first
                out[_lex_rank([pos[c] for c in key], len(live), k)] = w
        return out

    def __len__(self) -> int:
        if self._random_weight is None:
            return len(self._weights)
        return comb(52 - len(self._dead), self.cards)   # explicit hands are among these

    def __repr__(self) -> str:
        return f"Range({self.text!r}: {len(self):,} hands)"

    def without(self, cards: Any) -> Range:
        """The hands that use none of ``cards`` (card removal).

        ``cards`` is text (``"Qh Kd"``), a sequence or 1-D array of card codes,
        or a mask: a bare ``int`` or numpy integer is read as a bitmask (bit
        ``16*suit + rank``), never as one card code.  Jokers are ignored.  Bad
        input raises :class:`HandError`.  A random range stays unlisted.

        >>> import handrank as hr
        >>> len(hr.Range("QQ+").without("Qs Ad")), len(hr.Range("QQ+").without([51]))
        (12, 15)
        >>> len(hr.Range("random").without(hr.to_mask("As Ks")))
        1225
        """
        return self._without_codes(_dead_codes(cards))

    def _without_codes(self, dead: frozenset[int]) -> Range:
        """``without`` for card codes already read and checked (0..51)."""
        r = Range.__new__(Range)
        r.cards, r.text = self.cards, self.text
        r._random_weight = self._random_weight
        r._dead = self._dead | dead
        r._weights = {k: w for k, w in self._weights.items() if dead.isdisjoint(k)}
        return r


    # ------------------------------------------------------- text and grid
    def to_text(self) -> str:
        """A compact canonical text of the range: ``Range(r.to_text(), r.cards)``
        holds the same hands with the same weights.

        Hold'em: pairs as ``77+`` and ``99-66``; non-pairs as ``A9s+``,
        ``A5s-A2s`` (the second rank runs), ``T9s-65s`` (both ranks run: a
        fixed gap), ``AK`` when suited and offsuit are both in; a class with a
        few hands missing as the class and exclusions (``AKs, !AhKh``); other
        hands as exact cards (``AhKh``); weights other than 1 as
        ``0.5(JJ, AKs)``, written in full (``0.3333333333333333``).  A range
        holding more than half of the 1,326 hands is written as ``random``
        (at its lowest weight) less what it lacks (``random, !72o, !As``).
        Omaha: ``random`` (weighted), removed cards (``!As``) and exact hands.

        >>> import handrank as hr
        >>> hr.Range("AA, KK, QQ, JJ, AKs, AQs, AJs, 0.5(TT) A5s A4s A3s A2s").to_text()
        'JJ+, AJs+, A5s-A2s, 0.5(TT)'
        >>> hr.Range("KQs, QJs, JTs, T9s, 98s, KQo").to_text()
        'KQ, QJs-98s'
        >>> hr.Range("QQ+, AKs, !AhKh").to_text()
        'QQ+, AKs, !AhKh'
        >>> hr.Range("random, !As").to_text()
        'random, !As'
        """
        if self.cards != 2:
            return self._to_text_omaha()
        present = {tuple(k): w for k, w in zip(self.combos.tolist(), self.weights.tolist())}
        if not present:
            return ""
        tokens: list[str] = []
        excluded: list[str] = []
        rest = present
        if len(present) > 1326 // 2:                  # random, less what is missing
            w0 = min(present.values())
            tokens.append(_weighted(w0, ["random"]))
            absent = {k for k in combinations(range(51, -1, -1), 2) if k not in present}
            dead = [c for c in range(51, -1, -1)
                    if all(k in absent for k in combinations(range(51, -1, -1), 2) if c in k)]
            for c in dead:
                excluded.append("!" + card_name(c))
            absent = {k for k in absent if not set(k) & set(dead)}
            full, part = _split_classes({k: 1.0 for k in absent}, None)
            excluded += ["!" + t for t in _compress(full.get(1.0, set()))]
            excluded += ["!" + _combo_text(k) for k in sorted(part, reverse=True)]
            rest = {k: w for k, w in present.items() if w > w0}
        by_weight: dict[float, list[str]] = {}
        full, part = _split_classes(rest, set(present))
        for w, classes in full.items():
            by_weight.setdefault(w, []).extend(_compress(classes))
        for k in sorted(part, reverse=True):
            by_weight.setdefault(rest[k], []).append(_combo_text(k))
        # a class with a few hands missing: the class at its weight, less those hands
        for name, (w, missing) in sorted(_mostly_full(present, rest).items(),
                                         key=lambda kv: CLASS_INDEX[kv[0]]):
            by_weight.setdefault(w, []).append(name)
            excluded += ["!" + _combo_text(k) for k in sorted(missing, reverse=True)]
        for w in sorted(by_weight, reverse=True):
            tokens.append(_weighted(w, by_weight[w]))
        return ", ".join(tokens + excluded)

    def _to_text_omaha(self) -> str:
        tokens: list[str] = []
        if self._random_weight is not None:
            tokens.append(_weighted(self._random_weight, ["random"]))
            tokens += ["!" + card_name(c) for c in sorted(self._dead, reverse=True)]
        by_weight: dict[float, list[str]] = {}
        for k in sorted(self._weights, reverse=True):
            by_weight.setdefault(self._weights[k], []).append(_combo_text(k))
        for w in sorted(by_weight, reverse=True):
            tokens.append(_weighted(w, by_weight[w]))
        return ", ".join(tokens)

    def grid(self) -> np.ndarray:
        """The standard 13 x 13 grid of the range, as a float64 array.

        Row ``i`` and column ``j`` are ranks A, K, ..., 2; a cell above the
        diagonal is the suited class of its two ranks (row 0, column 1 is
        AKs), below it the offsuit class (row 1, column 0 is AKo), on it the
        pair (:data:`GRID_CLASSES` names every cell).  Each cell is the sum
        of the weights of the class's hands in the range divided by the
        number of hands in the class (6 pairs, 4 suited, 12 offsuit): 1 when
        every hand is in at weight 1, 0.5 for half of them (or all at weight
        0.5), 0 when none.  Hands lost to card removal count as missing.

        >>> import handrank as hr
        >>> g = hr.Range("QQ+, AKs, 0.5(AKo), AhQd").grid()
        >>> g[:3, :3].tolist()
        [[1.0, 1.0, 0.0], [0.5, 1.0, 0.0], [0.08333333333333333, 0.0, 1.0]]
        >>> g.shape, round(float(g.sum()), 6)
        ((13, 13), 4.583333)
        """
        if self.cards != 2:
            raise HandError(f"the 13 x 13 grid is for hold'em ranges; this range holds "
                            f"{self.cards}-card hands")
        combos, weights = self.combos, self.weights
        sums = np.zeros(169)
        if len(combos):
            idx = CLASS_OF[combos[:, 0].astype(np.intp), combos[:, 1].astype(np.intp)]
            np.add.at(sums, idx, weights)
        out = np.zeros((13, 13))
        out[_CELL_ROW, _CELL_COL] = sums / _CLASS_SIZE
        return out

    @staticmethod
    def _of(weights: dict[tuple[int, ...], float], text: str, cards: int = 2) -> Range:
        """A Range of the given hands (card codes, highest first) and weights."""
        r = Range.__new__(Range)
        r.cards, r.text = cards, text
        r._random_weight, r._dead = None, frozenset()
        r._weights = dict(weights)
        return r

    def plot(self, ax: Any = None, title: str | None = None, labels: bool = True) -> Any:
        """Draw the grid (:meth:`grid`) with matplotlib; returns the Axes.

        Each cell is shaded from white (0) to green (1) and labelled with its
        class; ``title`` defaults to the range's text.  Needs matplotlib
        (``pip install matplotlib``, or the ``plot`` extra), imported only here.

        >>> import handrank as hr
        >>> ax = hr.Range("QQ+, AKs").plot()        # doctest: +SKIP
        >>> ax.figure.savefig("range.png")         # doctest: +SKIP
        """
        return upcalls.draw_plot(self, ax=ax, title=title, labels=labels)

    def breakdown(self, board: Any, *, threads: int | None = None) -> Any:
        """The share of the range's combos in each made-hand class and with
        each draw on ``board`` (a :class:`~handrank.RangeBreakdown`; see
        :func:`handrank.classify`): combos holding a board card are left
        out; weights count.

        >>> import handrank as hr
        >>> bd = hr.Range("QQ+, AK").breakdown("Ah 7d 2c")
        >>> round(bd.made[hr.MadeHand.UNDERPAIR], 4), bd.combos      # KK and QQ of 27
        (0.4444, 27.0)
        """
        from ..analysis import breakdown
        if self.cards != 2:
            raise HandError(f"breakdown is for hold'em ranges; this range holds "
                            f"{self.cards}-card hands")
        b = card_list(board, "board")
        if not 3 <= len(b) <= 5:
            raise HandError(f"board: a flop, turn or river is 3, 4 or 5 cards; got {len(b)}")
        live = self.without(b)
        title = f"{self.text} on {' '.join(card_name(c) for c in b)}"
        return breakdown(live.combos, live.weights, b, title, threads=threads)

    def _repr_html_(self) -> str:
        """The grid as an HTML table (Jupyter shows it for a Range)."""
        return upcalls.draw_html(self)


@lru_cache(maxsize=512)
def parse_range(text: str, cards: int = 2) -> Range:
    """A parsed Range, cached by its text (ranges are read-only once parsed).

    A cached Range holds its explicit hands and, for ``random``, one weight:
    never a listing of every hand.
    """
    return Range(text, cards)


@lru_cache(maxsize=64)
def _off_deck(codes: bytes) -> frozenset[int]:
    """The standard cards (0..51) a deck of these card codes lacks (a few
    decks are ever used: the cache is small and bounded)."""
    return frozenset(range(52)).difference(codes)


def in_deck(rng: Range, deck: Any, what: str | None = None) -> Range:
    """The hands of ``rng`` that ``deck`` (a :class:`handrank.Deck`) can deal:
    a short deck drops every hand holding a card below its lowest rank
    (``"QQ+, 22"`` keeps QQ+), so ranges written for hold'em work there.

    When no hand is left, a HandError names ``what`` (``"player 1"``), the
    range, the deck and a card it lacks.  A range whose hands all fit is
    returned as it is.
    """
    off = _off_deck(deck.code_bytes)
    if not off:
        return rng
    live = rng._without_codes(off)
    if not len(live):
        lacking = min((c for k in rng._weights for c in k if not deck.holds(c)),
                      default=min(off))
        raise HandError(f"{what + ': ' if what else ''}no hand of the range {rng.text!r} can be "
                        f"dealt from {deck.describe()}: its hands hold cards the deck lacks, "
                        f"such as {card_name(lacking)}")
    return live
