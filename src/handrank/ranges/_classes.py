"""Hold'em starting-hand classes: the 169 names, the 13 x 13 grid, the
preflop order and the percentage ranges.

>>> import handrank as hr
>>> hr.hand_class("Ah Kh"), hr.GRID_CLASSES[0, 1], hr.top_classes(1)
('AKs', 'AKs', ['AA', 'KK', 'QQ'])
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ..cards import RANK_CHARS, parse_codes, row_fault
from ..base import HandError

__all__ = ["HAND_CLASSES", "GRID_CLASSES", "PREFLOP_ORDER", "hand_class", "top_classes"]

_RANK = {ch: i for i, ch in enumerate(RANK_CHARS)}


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


CLASS_INDEX = {name: i for i, name in enumerate(HAND_CLASSES)}


def _class_index(a: int, b: int) -> int:
    """Index in HAND_CLASSES of two different codes 0..51."""
    a, b = max(a, b), min(a, b)
    ra, rb = a >> 2, b >> 2
    if ra == rb:
        return CLASS_INDEX[RANK_CHARS[ra] * 2]
    return CLASS_INDEX[RANK_CHARS[ra] + RANK_CHARS[rb] + ("s" if a & 3 == b & 3 else "o")]


#: (52, 52) index into HAND_CLASSES of each pair of different codes (-1 on the diagonal).
CLASS_OF = np.full((52, 52), -1, dtype=np.int16)
for _a in range(52):
    for _b in range(52):
        if _a != _b:
            CLASS_OF[_a, _b] = _class_index(_a, _b)
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
CELL = {str(GRID_CLASSES[i, j]): (i, j) for i in range(13) for j in range(13)}
_CELL_ROW = np.array([CELL[c][0] for c in HAND_CLASSES], dtype=np.intp)
_CELL_COL = np.array([CELL[c][1] for c in HAND_CLASSES], dtype=np.intp)
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
        total += int(_CLASS_SIZE[CLASS_INDEX[name]])
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
    fault = row_fault(row, jokers=0)              # a joker is out of range here
    if fault is None:
        return None
    if fault.kind == "twice":
        return f"card {fault.card} appears twice; a hold'em hand is two different cards"
    return (f"card code {fault.code} at position {fault.pos} is out of range 0..51 (a "
            f"hold'em hand is two different cards of the 52-card deck)")


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
        return HAND_CLASSES[CLASS_OF[codes[0], codes[1]]]
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
            idx[i] = CLASS_OF[codes[0], codes[1]]
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
        return HAND_CLASSES[CLASS_OF[codes[0], codes[1]]]
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
    idx = CLASS_OF[arr[:, 0].astype(np.intp), arr[:, 1].astype(np.intp)]
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
