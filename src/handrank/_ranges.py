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

__all__ = ["Range", "HAND_CLASSES", "GRID_CLASSES", "PREFLOP_ORDER", "hand_class",
           "parse_range", "top_classes"]

_RANK = {ch: i for i, ch in enumerate(RANK_CHARS)}
_CLASS_TOKEN = re.compile(r"[2-9TJQKA]{2}[so]?\+?(-[2-9TJQKA]{2}[so]?)?", re.IGNORECASE)
_PERCENT = re.compile(r"(\d+(\.\d*)?|\.\d+)%")


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


def _grid_classes() -> np.ndarray:
    """(13, 13) class names of the standard grid: row and column ranks A..2;
    suited above the diagonal, offsuit below, pairs on it."""
    out = np.empty((13, 13), dtype=object)
    for i in range(13):
        for j in range(13):
            a, b = RANK_CHARS[12 - i], RANK_CHARS[12 - j]
            out[i, j] = a + b if i == j else (a + b + "s" if i < j else b + a + "o")
    return out


#: (13, 13) class names of the standard range grid (row = first rank A..2,
#: column = second rank; suited above the diagonal, offsuit below, pairs on it):
#: ``GRID_CLASSES[0, 1] == "AKs"``, ``GRID_CLASSES[1, 0] == "AKo"``.
GRID_CLASSES: np.ndarray = _grid_classes()
GRID_CLASSES.flags.writeable = False
#: Grid cell (row, column) of each of the 169 classes, in HAND_CLASSES order.
_CELL = {str(GRID_CLASSES[i, j]): (i, j) for i in range(13) for j in range(13)}
_CELL_ROW = np.array([_CELL[c][0] for c in HAND_CLASSES], dtype=np.intp)
_CELL_COL = np.array([_CELL[c][1] for c in HAND_CLASSES], dtype=np.intp)
_CLASS_SIZE = np.array([6 if len(c) == 2 else (4 if c[2] == "s" else 12)
                        for c in HAND_CLASSES], dtype=np.int64)

#: The 169 hold'em classes, best first, by exact heads-up equity against one
#: random hand: the order of ``preflop_table().vs_random``, written down here so
#: that percentage ranges ("15%") cost nothing and mean the same on every
#: machine whether or not the table has been built.  tests/test_ranges_more.py
#: checks it against the exact table (when it is cached, or with ``-m slow``)
#: and against a fixed-seed Monte Carlo run (always).
PREFLOP_ORDER: tuple[str, ...] = tuple("""
AA KK QQ JJ TT 99 88 AKs 77 AQs AJs AKo ATs
AQo AJo KQs 66 A9s ATo KJs A8s KTs KQo A7s A9o KJo
55 QJs K9s A5s A6s A8o KTo QTs A4s A7o K8s A3s QJo
K9o A5o A6o Q9s K7s JTs A2s QTo 44 A4o K6s K8o Q8s
A3o K5s J9s Q9o JTo K7o A2o K4s Q7s K6o K3s T9s J8s
33 Q6s Q8o K5o J9o K2s Q5s T8s K4o J7s Q4s Q7o T9o
J8o K3o Q6o Q3s 98s T7s J6s K2o 22 Q2s Q5o J5s T8o
J7o Q4o 97s J4s T6s J3s Q3o 98o 87s T7o J6o 96s J2s
Q2o T5s J5o T4s 97o 86s J4o T6o 95s T3s 76s J3o 87o
T2s 85s 96o J2o T5o 94s 75s T4o 93s 86o 65s 84s 95o
T3o 92s 76o 74s T2o 54s 85o 64s 83s 94o 75o 82s 73s
93o 65o 53s 63s 84o 92o 43s 74o 72s 54o 64o 52s 62s
83o 42s 82o 73o 53o 63o 32s 43o 72o 52o 62o 42o 32o
""".split())


def top_classes(percent: float) -> list[str]:
    """The classes of the percentage range ``"<percent>%"``, best first.

    Classes are taken whole, in :data:`PREFLOP_ORDER`, until their combos reach
    ``percent`` of the 1,326 hold'em hands: the class that crosses the target
    is included, so the range holds at least the percentage asked for (and
    less than one class more).  ``0`` gives no class, ``100`` all 169.

    >>> import handrank as hr
    >>> hr.top_classes(2)              # 26.52 hands asked: 5 pairs, 30 hands
    ['AA', 'KK', 'QQ', 'JJ', 'TT']
    >>> hr.top_classes(5)[-3:], len(hr.Range("5%"))   # 66.3 asked; AKo crosses it
    (['AQs', 'AJs', 'AKo'], 72)
    >>> len(hr.Range("15%")), len(hr.Range("100%"))
    (200, 1326)
    """
    if isinstance(percent, (bool, np.bool_)) or not isinstance(percent, (int, float,
                                                                         np.integer,
                                                                         np.floating)):
        raise HandError(f"a percentage is a number from 0 to 100; got {percent!r}")
    p = float(percent)
    if not 0 <= p <= 100:
        raise HandError(f"a percentage is a number from 0 to 100; got {percent!r}")
    target = p * 1326 / 100 - 1e-9
    out, total = [], 0
    for name in PREFLOP_ORDER:
        if total >= target:
            break
        out.append(name)
        total += int(_CLASS_SIZE[_CLASS_INDEX[name]])
    return out


def _class_combos(name: str) -> list[tuple[int, int]]:
    """The combos (high code first) of one class name ("AKs", "77", "T9o")."""
    hi, lo = _RANK[name[0]], _RANK[name[1]]
    return _combos_of(max(hi, lo), min(hi, lo), name[2:])


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
    got = (f"an empty {type(cards).__name__}" if arr.size == 0 else    # [] is float64
           f"{type(cards).__name__} with dtype {arr.dtype} and shape {arr.shape}")
    raise HandError(f"hand_class takes one hand (text or two card codes) or many (an (N, 2) "
                    f"integer array or a list of texts); got {got}")


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
#: The hands of an Omaha percentage range, ``(cards, percent) -> (M, cards)``
#: codes: set by handrank._omaha_preflop when it is imported (it sits above
#: this module: it plays hands to rank them).
OMAHA_PERCENT: Any = None
#: A random Omaha range is listed to remove a pattern from it up to this many hands.
_OMAHA_LIST_RANDOM = 300_000
_WEIGHT_TAIL = re.compile(r":\s*(\d*\.?\d+)$")


def _exact_codes(token: str, cards: int) -> list[int] | None:
    """The codes of a token that is exactly ``cards`` cards (``AhKhQdJd``), else None."""
    try:
        codes = parse_codes(token)
    except HandError:
        return None
    return codes if len(codes) == cards else None


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
    ``JJ!JJJ``, ``KQJT-8765``; see ``handrank._omaha_syntax``), with the same
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
        self._exclusions: list[tuple[str, int]] = []
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
                    self._item(text, sub.group(0), base + sub.start(), weight, True)
            else:
                base = m.start("item")
                for sub in re.finditer(r"[^,;\s]+", m.group("item")):
                    self._item(text, sub.group(0), base + sub.start(), 1.0, False)
        for token, pos in self._exclusions:
            self._exclude(text, token, pos)
        del self._exclusions

    def _item(self, text: str, token: str, pos: int, weight: float, weighted: bool) -> None:
        if token.startswith("!"):
            if weighted or ":" in token:
                raise self._error(text, token, pos, "an exclusion takes no weight: it removes "
                                  "hands whatever their weight (QQ+, AKs, !AhKh)")
            if len(token) == 1:
                raise self._error(text, token, pos, "'!' is followed by what to remove: "
                                  "!AhKh, !AKo, !Ah")
            self._exclusions.append((token[1:], pos + 1))
            return
        if ":" in token and self.cards != 2 and not _WEIGHT_TAIL.search(token):
            pass                                     # Omaha: ":" intersects (AA:$ds)
        elif ":" in token:
            token, _, w = token.rpartition(":") if self.cards != 2 else token.partition(":")
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
        if _PERCENT.fullmatch(token) and float(token[:-1]) == 100:
            self._add_all(weight)                   # "100.0%" is random, as "100%" is
            return
        if _PERCENT.fullmatch(token):
            combos = self._percent(text, token, pos)
            if len(combos) == comb(52, self.cards):   # "100.0%" is random, as "100%" is
                self._add_all(weight)
                return
            for combo in combos:
                self._add(combo, weight)
            return
        if self.cards != 2:
            codes = _exact_codes(token, self.cards)
            if codes is not None:
                self._add_exact(codes, weight, f"token {token!r} at position {pos}")
                return
            combos = self._omaha_pattern(text, token, pos)        # issue 25: AA:$ds, RRON, ...
            if combos is None:                                     # "****" is random
                self._add_all(weight)
                return
            for combo in combos:
                self._add(combo, weight)
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

    def _percent(self, text: str, token: str, pos: int) -> list[tuple[int, int]]:
        """The combos of a percentage token ("15%"): whole classes, best first."""
        p = float(token[:-1])
        if not 0 <= p <= 100:
            raise self._error(text, token, pos, "a percentage is 0% to 100%")
        if self.cards == 6 and 0 < p < 100:
            raise self._error(text, token, pos, "percentage ranges are for hold'em and four- "
                              "and five-card Omaha hands (six-card ranges would list millions "
                              "of hands; preflop_percentile works for six)")
        if self.cards != 2 and 0 < p < 100:           # issue 25: Omaha, by equity order
            if OMAHA_PERCENT is None:
                raise self._error(text, token, pos, "Omaha percentages need "
                                  "handrank._omaha_preflop (import handrank loads it)")
            hands = OMAHA_PERCENT(self.cards, p)
            return [tuple(h) for h in hands.tolist()]
        if self.cards != 2:                           # 0%: nothing (100% is random)
            return []
        out: list[tuple[int, int]] = []
        for name in top_classes(p):
            out += _class_combos(name)
        return out

    def _exclude(self, text: str, token: str, pos: int) -> None:
        """Apply one exclusion ("!AhKh", "!AKo", "!Ah", "!15%"): hands removed
        from the range whatever their weight."""
        low = token.lower()
        if low in ("random", "100%", "any", "xx") or (_PERCENT.fullmatch(token) and
                                                        float(token[:-1]) == 100):
            self._random_weight = None
            self._weights = {}
            return
        if _PERCENT.fullmatch(token) or (self.cards == 2 and _CLASS_TOKEN.fullmatch(token)):
            combos = (self._percent(text, token, pos) if _PERCENT.fullmatch(token)
                      else self._expand(text, token, pos))
            self._drop(set(combos))
            return
        if self.cards != 2 and _exact_codes(token, self.cards) is None and \
                _exact_codes(token, 1) is None:
            self._drop_omaha(text, token, pos)
            return
        try:
            codes = parse_codes(token)
        except HandError:
            raise self._error(text, "!" + token, pos - 1, "an exclusion is '!' and a card "
                              "(!Ah), a hand (!AhKh), a class or run (!AKo, !A5s-A2s) or a "
                              "percentage (!5%)") from None
        if len(codes) == 1 and codes[0] < 52:
            self._dead = self._dead | {codes[0]}
            self._weights = {k: w for k, w in self._weights.items() if codes[0] not in k}
            return
        if len(codes) != self.cards or len(set(codes)) != len(codes) or max(codes) >= 52:
            raise self._error(text, "!" + token, pos - 1, f"an exclusion is one card (!Ah) "
                              f"or one hand of {self.cards} different cards")
        if self._random_weight is not None and self.cards != 2:
            raise self._error(text, "!" + token, pos - 1, "a random Omaha range is not "
                              "listed, so single hands cannot be removed from it; remove "
                              "cards (!Ah) or list the hands")
        self._drop({tuple(sorted(codes, reverse=True))})

    # ---- Omaha patterns (ProPokerTools' generic syntax; _omaha_syntax) ----
    def _omaha_pattern(self, text: str, token: str, pos: int) -> list[tuple[int, ...]] | None:
        """The hands of an Omaha pattern token, highest card first (None: every hand)."""
        from ._omaha_syntax import OmahaSyntaxError, masks_to_hands, pattern_masks
        try:
            if set(token) == {"*"} and len(token) <= self.cards:
                return None                              # "*", "****": every hand
            masks = pattern_masks(token, self.cards, LIST_LIMIT)
            if len(masks) > LIST_LIMIT and len(masks) != comb(52, self.cards):
                raise OmahaSyntaxError(f"it matches {len(masks):,} hands, more than a range "
                                       f"lists ({LIST_LIMIT:,})")
            hands = masks_to_hands(masks, self.cards)
        except OmahaSyntaxError as e:
            raise self._error(text, token, pos + e.pos, f"{e}; Omaha ranges take exact hands "
                              f"(AhKhQdJd), 'random', percentages (10%) and patterns such "
                              f"as AA, AxAyxy, RRON, [A-T][A-T]**, AA:$ds") from None
        if len(masks) == comb(52, self.cards):
            return None                                  # every hand: random, unlisted
        return [tuple(h) for h in hands.tolist()]

    def _drop_omaha(self, text: str, token: str, pos: int) -> None:
        """Remove an Omaha pattern's hands; a random range is listed first
        (four-card hands only)."""
        if self._random_weight is not None:
            if comb(52 - len(self._dead), self.cards) > _OMAHA_LIST_RANDOM:
                raise self._error(text, "!" + token, pos - 1, f"a random {self.cards}-card "
                                  f"range is not listed, so a pattern cannot be removed from "
                                  f"it; remove cards (!Ah) or name the hands to keep")
        combos = self._omaha_pattern(text, token, pos)
        if combos is None:                                   # "!****": nothing is left
            self._random_weight, self._weights = None, {}
            return
        self._drop(set(combos))

    def _drop(self, keys: set[tuple[int, ...]]) -> None:
        """Remove hold'em combos (high code first), listing a random range first."""
        if self._random_weight is not None:          # hold'em: 1,326 hands at most
            rw = self._random_weight
            live = self._live_cards()
            for key in combinations(live, self.cards):
                self._weights.setdefault(key, rw)
            self._random_weight = None
        for key in keys:
            self._weights.pop(key, None)

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
            if h1 == l1 or h2 == l2 or k1 != k2:
                raise self._error(text, token, pos, "both ends of a dash range are pairs "
                                  "(99-66) or non-pairs of one kind (A5s-A2s, T9s-65s, "
                                  "KQo-87o)")
            if h1 == h2:                                # A5s-A2s: the second rank runs
                for r in range(min(l1, l2), max(l1, l2) + 1):
                    out += _combos_of(h1, r, k1)
                return out
            if h1 - l1 != h2 - l2:
                raise self._error(text, token, pos, f"the gaps differ: {left} has ranks "
                                  f"{h1 - l1} apart, {right} {h2 - l2}; a dash range keeps "
                                  f"the first rank (A5s-A2s) or the gap (T9s-65s, J9s-64s)")
            gap = h1 - l1                               # T9s-65s: both ranks run
            for top in range(min(h1, h2), max(h1, h2) + 1):
                out += _combos_of(top, top - gap, k1)
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
                                         key=lambda kv: _CLASS_INDEX[kv[0]]):
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
            idx = _CLASS_OF[combos[:, 0].astype(np.intp), combos[:, 1].astype(np.intp)]
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
        (``pip install 'handrank[plot]'``), imported only here.

        >>> import handrank as hr
        >>> ax = hr.Range("QQ+, AKs").plot()        # doctest: +SKIP
        >>> ax.figure.savefig("range.png")         # doctest: +SKIP
        """
        from ._plot import plot_grid
        return plot_grid(self.grid(), ax=ax, kind="range",
                         title=self.text if title is None else title, labels=labels)

    def breakdown(self, board: Any, *, threads: int | None = None) -> Any:
        """The share of the range's combos in each made-hand class and with
        each draw on ``board`` (a :class:`~handrank.Breakdown`; see
        :func:`handrank.classify`).

        >>> import handrank as hr
        >>> bd = hr.Range("QQ+, AK").breakdown("Ah 7d 2c")
        >>> round(bd.made[hr.MadeHand.UNDERPAIR], 4), bd.combos      # KK and QQ of 27
        (0.4444, 27.0)
        """
        from ._classify import breakdown
        return breakdown(self, board, threads=threads)

    def _repr_html_(self) -> str:
        """The grid as an HTML table (Jupyter shows it for a Range)."""
        if self.cards != 2:
            from html import escape
            return f"<pre>{escape(repr(self))}</pre>"
        from ._display import range_html
        return range_html(self)


def _combo_text(key: Iterable[int]) -> str:
    return "".join(card_name(c) for c in key)


def _weight_text(w: float) -> str:
    """A weight as the parser reads it back exactly (no exponent)."""
    text = np.format_float_positional(w, trim="-")
    assert float(text) == w
    return text


def _weighted(w: float, tokens: list[str]) -> str:
    return ", ".join(tokens) if w == 1.0 else f"{_weight_text(w)}({', '.join(tokens)})"


def _split_classes(rest: dict[tuple[int, ...], float], present: set | None
                   ) -> tuple[dict[float, set[str]], set[tuple[int, ...]]]:
    """Classes all of whose hands are in ``rest`` at one weight, by weight; and
    the hands of ``rest`` in no such class (classes written with exclusions by
    :func:`_mostly_full` excepted)."""
    by_class: dict[str, list[tuple[int, ...]]] = {}
    for k in rest:
        by_class.setdefault(HAND_CLASSES[_CLASS_OF[k[0], k[1]]], []).append(k)
    full: dict[float, set[str]] = {}
    part: set[tuple[int, ...]] = set()
    mostly = _mostly_full(present, rest) if present is not None else {}
    for name, keys in by_class.items():
        ws = {rest[k] for k in keys}
        if len(keys) == _CLASS_SIZE[_CLASS_INDEX[name]] and len(ws) == 1:
            full.setdefault(ws.pop(), set()).add(name)
        elif name not in mostly:
            part.update(keys)
    return full, part


def _mostly_full(present: set | dict, rest: dict[tuple[int, ...], float]
                 ) -> dict[str, tuple[float, list[tuple[int, ...]]]]:
    """Classes whose hands in ``rest`` share one weight, that lack fewer hands
    than they hold, and whose missing hands are not in the range at all:
    written as the class and exclusions.  ``{name: (weight, missing)}``."""
    by_class: dict[str, list[tuple[int, ...]]] = {}
    for k in rest:
        by_class.setdefault(HAND_CLASSES[_CLASS_OF[k[0], k[1]]], []).append(k)
    out = {}
    for name, keys in by_class.items():
        size = int(_CLASS_SIZE[_CLASS_INDEX[name]])
        ws = {rest[k] for k in keys}
        if len(keys) == size or len(ws) != 1 or 2 * len(keys) <= size:
            continue
        missing = [k for k in _class_combos(name) if k not in rest]
        if any(k in present for k in missing):
            continue
        out[name] = (ws.pop(), missing)
    return out


def _compress(classes: set[str]) -> list[str]:
    """Tokens for a set of whole classes: pair runs (77+, 99-66), runs of the
    second rank (A9s+, A5s-A2s, KTo+), then runs of fixed gap (T9s-65s), then
    single classes; ``AK`` where suited and offsuit are both in."""
    tokens: list[tuple[tuple, str]] = []
    pairs = sorted((_RANK[c[0]] for c in classes if len(c) == 2), reverse=True)
    for run in _runs(pairs):
        top, bot = RANK_CHARS[run[0]], RANK_CHARS[run[-1]]
        if run[0] == 12 and len(run) > 1:
            tokens.append(((0, -run[0]), f"{bot}{bot}+"))
        elif len(run) > 1:
            tokens.append(((0, -run[0]), f"{top}{top}-{bot}{bot}"))
        else:
            tokens.append(((0, -run[0]), f"{top}{top}"))
    suited = {(_RANK[c[0]], _RANK[c[1]]) for c in classes if c[2:] == "s"}
    offsuit = {(_RANK[c[0]], _RANK[c[1]]) for c in classes if c[2:] == "o"}
    sets = {"": suited & offsuit, "s": suited - offsuit, "o": offsuit - suited}
    order = {"": 0, "s": 1, "o": 2}
    for kind, cells in sets.items():
        single = set()
        for hi in range(12, 0, -1):
            los = sorted((lo for h, lo in cells if h == hi), reverse=True)
            for run in _runs(los):
                a = RANK_CHARS[hi]
                key = (1, -hi, order[kind], -run[0])
                if len(run) == 1:
                    single.add((hi, run[0]))
                elif run[0] == hi - 1:
                    tokens.append((key, f"{a}{RANK_CHARS[run[-1]]}{kind}+"))
                else:
                    tokens.append((key, f"{a}{RANK_CHARS[run[0]]}{kind}-"
                                        f"{a}{RANK_CHARS[run[-1]]}{kind}"))
        for gap in range(1, 13):
            tops = sorted((hi for hi, lo in single if hi - lo == gap), reverse=True)
            for run in _runs(tops):
                a, b = RANK_CHARS[run[0]], RANK_CHARS[run[0] - gap]
                key = (1, -run[0], order[kind], -(run[0] - gap))
                if len(run) == 1:
                    tokens.append((key, f"{a}{b}{kind}"))
                else:
                    c, d = RANK_CHARS[run[-1]], RANK_CHARS[run[-1] - gap]
                    tokens.append((key, f"{a}{b}{kind}-{c}{d}{kind}"))
    return [t for _, t in sorted(tokens)]


def _runs(values: list[int]) -> list[list[int]]:
    """Runs of consecutive integers in a descending list."""
    runs: list[list[int]] = []
    for v in values:
        if runs and runs[-1][-1] == v + 1:
            runs[-1].append(v)
        else:
            runs.append([v])
    return runs


@lru_cache(maxsize=512)
def parse_range(text: str, cards: int = 2) -> Range:
    """A parsed Range, cached by its text (ranges are read-only once parsed).

    A cached Range holds its explicit hands and, for ``random``, one weight:
    never a listing of every hand.
    """
    return Range(text, cards)


def in_deck(rng: Range, deck: Any, what: str | None = None) -> Range:
    """The hands of ``rng`` that ``deck`` (a :class:`handrank.Deck`) can deal:
    a short deck drops every hand holding a card below its lowest rank
    (``"QQ+, 22"`` keeps QQ+), so ranges written for hold'em work there.

    When no hand is left, a HandError names ``what`` (``"player 1"``), the
    range, the deck and a card it lacks.  A range whose hands all fit is
    returned as it is.
    """
    off = [c for c in range(52) if not deck.holds(c)]
    if not off:
        return rng
    live = rng.without(off)
    if not len(live):
        lacking = min((c for k in rng._weights for c in k if not deck.holds(c)),
                      default=off[0])
        raise HandError(f"{what + ': ' if what else ''}no hand of the range {rng.text!r} can be "
                        f"dealt from {deck.describe()}: its hands hold cards the deck lacks, "
                        f"such as {card_name(lacking)}")
    return live
