"""Ranges: sets of starting hands with weights, in the syntax players know.

>>> import handrank as hr
>>> r = hr.Range("QQ+, AKs, A5s-A2s, KQo, 0.5(JJ), AhKh")
>>> len(r), r.combos.shape
(56, (56, 2))
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from itertools import chain, combinations
from math import comb
from typing import Any

import numpy as np

from ._input import card_list
from ._cards import (NCODES, RANK_CHARS, _check_mask, _codes_of_mask, card_name,
                     parse_codes)
from ._types import HandError

__all__ = ["Range", "HAND_CLASSES", "hand_class", "parse_range"]

_RANK = {ch: i for i, ch in enumerate(RANK_CHARS)}
_CLASS_TOKEN = re.compile(r"[2-9TJQKA]{2}[so]?\+?(-[2-9TJQKA]{2}[so]?)?", re.IGNORECASE)


def _class_names() -> list[str]:
    """The 169 starting-hand classes: pairs, then suited, then offsuit, high first."""
    names = [RANK_CHARS[r] * 2 for r in range(12, -1, -1)]
    for kind in "so":
        for hi in range(12, -1, -1):
            for lo in range(hi - 1, -1, -1):
                names.append(RANK_CHARS[hi] + RANK_CHARS[lo] + kind)
    return names


#: The 169 hold'em starting-hand classes ("AA", "AKs", "AKo", ...).
HAND_CLASSES: tuple[str, ...] = tuple(_class_names())


_CLASS_INDEX = {name: i for i, name in enumerate(HAND_CLASSES)}


def _class_index(a: int, b: int) -> int:
    """Index in HAND_CLASSES of two different codes 0..51."""
    a, b = max(a, b), min(a, b)
    ra, rb = a >> 2, b >> 2
    if ra == rb:
        return _CLASS_INDEX[RANK_CHARS[ra] * 2]
    return _CLASS_INDEX[RANK_CHARS[ra] + RANK_CHARS[rb] + ("s" if a & 3 == b & 3 else "o")]


#: (52, 52) index into HAND_CLASSES of each pair of different codes (-1 on the diagonal).
_CLASS_OF = np.full((52, 52), -1, dtype=np.int16)
for _a in range(52):
    for _b in range(52):
        if _a != _b:
            _CLASS_OF[_a, _b] = _class_index(_a, _b)
_CLASS_NAMES = np.array(HAND_CLASSES, dtype=object)
del _a, _b


def _pair_problem(row: list[int]) -> str | None:
    """What is wrong with one row of a hold'em hand, or None."""
    if len(row) != 2:
        return (f"{len(row)} card{'' if len(row) == 1 else 's'}; a hold'em hand is two "
                f"different cards")
    for pos, c in enumerate(row):
        if not 0 <= c < 52:
            return (f"card code {c} at position {pos} is out of range 0..51 (a hold'em hand "
                    f"is two different cards of the 52-card deck)")
    if row[0] == row[1]:
        return f"card {card_name(row[0])} appears twice; a hold'em hand is two different cards"
    return None


def hand_class(cards: Any) -> str | list[str]:
    """The class of two hole cards, or the classes of many hands.

    One hand (text, or two integer codes as a list, tuple or 1-D array) gives
    one name: ``"AKs"``, ``"AKo"`` or ``"AA"``.  Many hands, as an ``(N, 2)``
    integer array (or a list of pairs of codes) or as a list of texts, give a
    **list** of ``N`` names, like :func:`handrank.format` of a 2-D array.
    Arrays are classified with numpy in one pass.  Every hand must be two
    different codes 0..51, else :class:`HandError` names the bad row.

    >>> import handrank as hr
    >>> hr.hand_class("Ah Kh")
    'AKs'
    >>> hr.hand_class([51, 50])
    'AA'
    >>> hr.hand_class(["Ah Kd", "7c 2c"])
    ['AKo', '72s']
    >>> import numpy as np
    >>> hr.hand_class(np.array([[51, 47], [0, 4]]))
    ['AKs', '32s']
    """
    if isinstance(cards, str):
        codes = parse_codes(cards)
        problem = _pair_problem(codes)
        if problem:
            raise HandError(f"{cards!r}: {problem}")
        return HAND_CLASSES[_CLASS_OF[codes[0], codes[1]]]
    if isinstance(cards, (list, tuple)) and cards and all(isinstance(x, str) for x in cards):
        idx = np.empty(len(cards), dtype=np.intp)
        for i, text in enumerate(cards):
            try:
                codes = parse_codes(text)
            except HandError as e:
                raise HandError(f"row {i}: {e}") from None
            problem = _pair_problem(codes)
            if problem:
                raise HandError(f"row {i} ({text!r}): {problem} (a list of texts is many "
                                f"hands; write one hand as one text: 'Ah Kh')")
            idx[i] = _CLASS_OF[codes[0], codes[1]]
        return _CLASS_NAMES[idx].tolist()
    try:
        arr = np.asarray(cards)
    except ValueError:                               # ragged nested lists
        arr = np.asarray(cards, dtype=object)
    if arr.ndim == 2 and arr.dtype.kind in "iu":
        return _hand_classes(arr)
    if arr.ndim == 1 and arr.dtype.kind in "iu":
        codes = [int(c) for c in arr]
        problem = _pair_problem(codes)
        if problem:
            raise HandError(f"{cards!r}: {problem}")
        return HAND_CLASSES[_CLASS_OF[codes[0], codes[1]]]
    raise HandError(f"hand_class takes one hand (text or two card codes) or many (an (N, 2) "
                    f"integer array or a list of texts); got {type(cards).__name__} with "
                    f"dtype {arr.dtype} and shape {arr.shape}")


def _hand_classes(arr: np.ndarray) -> list[str]:
    """Class names of the rows of an (N, 2) integer array."""
    if arr.shape[1] != 2:
        raise HandError(f"hold'em hands are (N, 2) card codes; got shape {arr.shape}")
    if arr.dtype.kind == "u" and arr.dtype.itemsize >= 8:
        big = arr >= 52                              # no negative values, no int64 overflow
    else:
        arr = arr.astype(np.int64, copy=False)
        big = (arr < 0) | (arr >= 52)
    bad = big.any(axis=1) | (arr[:, 0] == arr[:, 1])
    if bad.any():
        i = int(np.argmax(bad))
        raise HandError(f"row {i}: {_pair_problem([int(c) for c in arr[i]])}")
    idx = _CLASS_OF[arr[:, 0].astype(np.intp), arr[:, 1].astype(np.intp)]
    return _CLASS_NAMES[idx].tolist()


def _combos_of(hi: int, lo: int, kind: str) -> list[tuple[int, int]]:
    """Two-card combos (high code first) of ranks hi >= lo: kind 's', 'o' or ''."""
    out = []
    for s1 in range(4):
        for s2 in range(4):
            if hi == lo and s2 <= s1:
                continue
            if hi != lo and ((kind == "s" and s1 != s2) or (kind == "o" and s1 == s2)):
                continue
            a, b = 4 * hi + s1, 4 * lo + s2
            out.append((max(a, b), min(a, b)))
    return out


_TOKEN = re.compile(r"""
    [\s,;]*(?P<weight>\d*\.?\d+)\s*\((?P<inner>[^()]*)\)   # 0.5(JJ, AKs)
  | (?P<item>[^,;()]+)                                       # anything up to a comma
  | (?P<junk>[()])                                           # a stray parenthesis
""", re.VERBOSE)


#: Above this many hands, ``Range.combos`` / ``Range.weights`` refuse to list them.
LIST_LIMIT = 3_000_000


def _dead_codes(cards: Any) -> frozenset[int]:
    """The card codes (0..51) of ``without``'s argument: text, codes or a mask.

    A bare ``int`` or numpy integer scalar is a mask (bit ``16*suit + rank``);
    a sequence or 1-D array is card codes.  Jokers (52, 53) are accepted and
    ignored: no range hand holds one.
    """
    if isinstance(cards, (bool, np.bool_)):
        raise HandError(f"dead cards must be text, card codes or a mask; got {cards!r}")
    if isinstance(cards, str):
        codes = parse_codes(cards)
    elif isinstance(cards, (int, np.integer)) or (
            isinstance(cards, np.ndarray) and cards.ndim == 0 and cards.dtype.kind in "iu"):
        m = int(cards)
        _check_mask(m)
        codes = _codes_of_mask(m)
    else:
        if not isinstance(cards, np.ndarray):
            try:
                items = list(cards)
            except TypeError:
                raise HandError(f"dead cards must be text ('Qh Kd'), a sequence of card codes "
                                f"or a mask (int); got {type(cards).__name__}") from None
            for pos, c in enumerate(items):
                if isinstance(c, (bool, np.bool_)) or not isinstance(c, (int, np.integer)):
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
    - exact cards, written without spaces: ``AhKh`` (four for Omaha: ``AhKhQdJd``);
    - ``random``, ``100%``, ``any`` or ``xx``: every hand;
    - weights: ``0.5(JJ, AKs)`` or ``JJ:0.5``; a hand listed twice keeps its
      largest weight.

    ``text`` may also be an iterable of exact hands (texts or card codes).
    ``cards`` is the number of cards in a hand: 2 (hold'em) or 4, 5, 6 (Omaha).
    For Omaha only exact hands and ``random`` are supported.

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
    """

    def __init__(self, text: str | Iterable[Any] = "", cards: int = 2):
        if isinstance(cards, (bool, np.bool_)) or not isinstance(cards, (int, np.integer)) \
                or cards not in (2, 4, 5, 6):
            raise HandError(f"cards is the number of cards in a hand, an int: 2 (hold'em) or "
                            f"4, 5, 6 (Omaha); got {cards!r}")
        self.cards = int(cards)
        self._weights: dict[tuple[int, ...], float] = {}
        self._random_weight: float | None = None
        self._dead: frozenset[int] = frozenset()
        if isinstance(text, str):
            self.text = text
            self._parse(text)
            return
        if isinstance(text, (bytes, bytearray)) or not isinstance(text, Iterable):
            raise HandError(f"a range is text ('QQ+, AKs') or an iterable of hands; got "
                            f"{type(text).__name__}")
        items = list(text)
        labels = []
        for i, item in enumerate(items):
            if isinstance(item, str):
                try:
                    codes = parse_codes(item)
                except HandError as e:
                    raise HandError(f"range item {i}: {e}") from None
                labels.append(item)
            else:
                try:
                    arr = np.array(card_list(item, f"range item {i}"))
                except (HandError, TypeError, ValueError):
                    raise HandError(f"range item {i} is {item!r}; an item is a hand's text "
                                    f"('AhKh') or its {self.cards} card codes") from None
                codes = arr.tolist()
                labels.append(" ".join(card_name(c) for c in codes))
            self._add_exact(codes, 1.0, f"item {i}")
        self.text = ", ".join(labels)

    # -------------------------------------------------------------- parsing
    def _add(self, combo: Iterable[int], weight: float) -> None:
        if self._random_weight is not None and weight <= self._random_weight:
            return                                   # absorbed by random
        key = tuple(sorted(combo, reverse=True))
        self._weights[key] = max(weight, self._weights.get(key, 0.0))

    def _add_exact(self, codes: list[int], weight: float, where: str) -> None:
        if len(codes) != self.cards or len(set(codes)) != len(codes) or max(codes) >= 52 \
                or min(codes) < 0:
            raise HandError(f"range {where}: {len(codes)} cards; a hand here is "
                            f"{self.cards} different cards of the 52-card deck")
        self._add(codes, weight)

    def _error(self, text: str, token: str, pos: int, why: str) -> HandError:
        return HandError(f"cannot read range token {token.strip()!r} at position {pos} of "
                         f"{text!r}: {why}")

    def _parse(self, text: str) -> None:
        for m in _TOKEN.finditer(text):
            if m.group("junk") is not None:
                raise self._error(text, m.group("junk"), m.start(), "unbalanced parenthesis; "
                                  "weights are written 0.5(JJ, AKs)")
            if m.group("weight") is not None:
                weight = float(m.group("weight"))
                if not 0 < weight <= 1:
                    raise self._error(text, m.group(0), m.start(), "weights are in (0, 1]")
                base = m.start("inner")
                for sub in re.finditer(r"[^,;\s]+", m.group("inner")):
                    self._item(text, sub.group(0), base + sub.start(), weight)
            else:
                base = m.start("item")
                for sub in re.finditer(r"[^,;\s]+", m.group("item")):
                    self._item(text, sub.group(0), base + sub.start(), 1.0)

    def _item(self, text: str, token: str, pos: int, weight: float) -> None:
        if ":" in token:
            token, _, w = token.partition(":")
            try:
                weight = float(w)
            except ValueError:
                raise self._error(text, token + ":" + w, pos, "a weight is a number") from None
            if not 0 < weight <= 1:
                raise self._error(text, token, pos, "weights are in (0, 1]")
        low = token.lower()
        if low in ("random", "100%", "any", "xx"):
            self._add_all(weight)
            return
        if self.cards != 2:
            try:
                codes = parse_codes(token)
            except HandError:
                raise self._error(text, token, pos, "Omaha ranges take exact hands such as "
                                  "AhKhQdJd, or 'random'") from None
            self._add_exact(codes, weight, f"token {token!r} at position {pos}")
            return
        if _CLASS_TOKEN.fullmatch(token):
            for combo in self._expand(text, token, pos):
                self._add(combo, weight)
            return
        try:
            codes = parse_codes(token)
        except HandError:
            raise self._error(text, token, pos, "expected a pair (77), two ranks with s/o "
                              "(AKs, KQo, AK), a + or - range (QQ+, A5s-A2s), cards (AhKh), "
                              "or 'random'") from None
        self._add_exact(codes, weight, f"token {token!r} at position {pos}")

    def _add_all(self, weight: float) -> None:
        """Every hand at ``weight``: kept as one number, never listed."""
        rw = max(weight, self._random_weight or 0.0)
        self._random_weight = rw
        self._weights = {k: w for k, w in self._weights.items() if w > rw}

    def _hand(self, text: str, token: str, pos: int) -> tuple[int, int, str]:
        m = re.fullmatch(r"([2-9TJQKA])([2-9TJQKA])([so]?)", token, re.IGNORECASE)
        if not m:
            raise self._error(text, token, pos, "expected a pair (77), two ranks with s/o "
                              "(AKs, KQo, AK), a + or - range (QQ+, A5s-A2s), cards (AhKh), "
                              "or 'random'")
        a, b = _RANK[m.group(1).upper()], _RANK[m.group(2).upper()]
        kind = m.group(3).lower()
        if a == b and kind:
            raise self._error(text, token, pos, "a pair is neither suited nor offsuit")
        return max(a, b), min(a, b), kind

    def _expand(self, text: str, token: str, pos: int) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = []
        if token.endswith("+"):
            hi, lo, kind = self._hand(text, token[:-1], pos)
            if hi == lo:                                # 77+ : pairs up to AA
                for r in range(lo, 13):
                    out += _combos_of(r, r, "")
            else:                                       # A9s+ : kicker up to hi - 1
                for r in range(lo, hi):
                    out += _combos_of(hi, r, kind)
            return out
        if "-" in token:
            left, _, right = token.partition("-")
            h1, l1, k1 = self._hand(text, left, pos)
            h2, l2, k2 = self._hand(text, right, pos + len(left) + 1)
            if h1 == l1 and h2 == l2:                   # 99-66
                for r in range(min(h1, h2), max(h1, h2) + 1):
                    out += _combos_of(r, r, "")
                return out
            if h1 != h2 or k1 != k2 or h1 == l1 or h2 == l2:
                raise self._error(text, token, pos, "a dash range keeps the first rank and "
                                  "the suitedness: A5s-A2s, K9o-K6o, 99-66")
            for r in range(min(l1, l2), max(l1, l2) + 1):
                out += _combos_of(h1, r, k1)
            return out
        hi, lo, kind = self._hand(text, token, pos)
        return _combos_of(hi, lo, kind)

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
        return [c for c in range(51, -1, -1) if c not in self._dead]

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
        dead = _dead_codes(cards)
        r = Range.__new__(Range)
        r.cards, r.text = self.cards, self.text
        r._random_weight = self._random_weight
        r._dead = self._dead | dead
        r._weights = {k: w for k, w in self._weights.items() if not dead.intersection(k)}
        return r


@lru_cache(maxsize=512)
def parse_range(text: str, cards: int = 2) -> Range:
    """A parsed Range, cached by its text (ranges are read-only once parsed).

    A cached Range holds its explicit hands and, for ``random``, one weight:
    never a listing of every hand.
    """
    return Range(text, cards)
