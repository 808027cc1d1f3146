"""The fixed enumeration of hole hands: hold'em's 1,326 (:data:`HANDS`) and
every other hole size (:func:`hole_hands`), with the index <-> cards maps.

Order (colex): a hand of k distinct cards with codes c_1 < c_2 < ... < c_k
(``code = 4 * rank + suit``, see :func:`handrank.parse`) has index
``C(c_1, 1) + C(c_2, 2) + ... + C(c_k, k)``.  So hands are ordered by their
highest card, then their next highest, ...; each row lists its cards highest
first.  For hold'em, with codes lo < hi: ``index = hi * (hi - 1) / 2 + lo``;
hand 0 is ``2d 2c`` and hand 1,325 is ``As Ah``.  Solver vectors (reach
probabilities, showdown values) are indexed this way.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from math import comb
from typing import Any

import numpy as np

from ..cards import format as _fmt, card_array, card_list
from ..base import HandError

__all__ = ["HANDS", "hole_hands", "hand_index", "NHANDS"]

#: Number of hold'em hands.
NHANDS = 1326

#: Largest hole size :func:`hole_hands` lists (C(52, 5) = 2,598,960 hands).
MAX_HOLE = 5

# _BINOM[c, t] = C(c, t)
_BINOM = np.array([[comb(c, t) for t in range(MAX_HOLE + 1)] for c in range(53)], dtype=np.int64)


def _hole_size(k: Any) -> int:
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or not 1 <= k <= MAX_HOLE:
        raise HandError(f"hole size must be an integer 1..{MAX_HOLE}; got {k!r}")
    return int(k)


@lru_cache(maxsize=None)
def _hands(k: int) -> np.ndarray:
    n = comb(52, k)
    flat = np.fromiter((c for t in combinations(range(52), k) for c in t), dtype=np.uint8,
                       count=n * k).reshape(n, k)
    idx = _BINOM[flat.astype(np.int64), np.arange(1, k + 1)].sum(axis=1)
    out = np.empty_like(flat)
    out[idx] = flat[:, ::-1]
    out.flags.writeable = False
    return out


def hole_hands(k: Any = 2) -> np.ndarray:
    """Every hand of ``k`` cards of the 52-card deck, in the fixed (colex)
    order: a read-only ``(C(52, k), k)`` uint8 array, each row highest card
    first.  ``hole_hands(2)`` is :data:`HANDS`; ``hole_hands(4)`` Omaha's
    270,725 hands.  Row ``i`` is the hand whose :func:`hand_index` is ``i``.

    >>> import handrank as hr
    >>> hr.hole_hands(4).shape
    (270725, 4)
    >>> hr.format(hr.hole_hands(4)[-1])
    'As Ah Ad Ac'
    """
    return _hands(_hole_size(k))


def hand_index(hands: Any) -> Any:
    """The index of a hand in :func:`hole_hands` of its size (for hold'em,
    its row of :data:`HANDS`); the order of its cards does not matter.

    ``hands``: one hand (text or codes) -> int; a list of hands (texts or
    code lists) or an ``(n, k)`` integer array -> ``(n,)`` int64 indexes.
    Cards must be distinct cards of the 52-card deck.

    >>> import handrank as hr
    >>> hr.hand_index("As Ah"), hr.hand_index("2c 2d"), hr.hand_index("Ah As")
    (1325, 0, 1325)
    >>> hr.hand_index(["Kd Qc", "7h 2s"]).tolist()
    [1030, 234]
    >>> hr.format(hr.HANDS[1030])
    'Kd Qc'
    """
    single = isinstance(hands, str)
    if single:
        rows = np.array([card_list(hands, "hand")], dtype=np.int64)
    elif isinstance(hands, np.ndarray) and hands.dtype != object:
        if hands.ndim == 1:
            single = True
            rows = card_array(hands[None, :], "hand").astype(np.int64)
        elif hands.ndim == 2:
            rows = card_array(hands, "hands").astype(np.int64)
        else:
            raise HandError(f"hands must be one hand or an (n, k) array; got shape {hands.shape}")
    else:
        try:
            items = list(hands)
        except TypeError:
            raise HandError(f"hands must be text, codes or a list of hands; got "
                            f"{type(hands).__name__}") from None
        if items and all(isinstance(x, (int, np.integer)) and not isinstance(x, bool)
                         for x in items):
            single = True
            items = [items]
        lists = [card_list(x, f"hand {i}") for i, x in enumerate(items)]
        if len({len(x) for x in lists}) > 1:
            raise HandError("hands must all have the same number of cards")
        rows = np.array(lists, dtype=np.int64).reshape(len(lists), -1 if lists else 0)
    k = rows.shape[1] if rows.ndim == 2 else 0
    if not 1 <= k <= MAX_HOLE:
        raise HandError(f"a hand has 1..{MAX_HOLE} cards; got {k}")
    srt = np.sort(rows, axis=1)
    bad = (srt[:, -1] >= 52) | (np.diff(srt, axis=1) == 0).any(axis=1)
    if bad.any():
        i = int(np.argmax(bad))
        what = "joker" if srt[i, -1] >= 52 else "repeated card"
        raise HandError(f"hand {i} ({_fmt([int(c) for c in rows[i]])}): a {what}; hands are "
                        f"distinct cards of the 52-card deck")
    idx = _BINOM[srt, np.arange(1, k + 1)].sum(axis=1)
    return int(idx[0]) if single else idx


#: The 1,326 hold'em hands in their fixed order: a read-only (1326, 2) uint8
#: array of card codes, highest card first; row i is the hand of
#: ``hand_index`` i (``hi * (hi - 1) / 2 + lo`` for codes lo < hi).
HANDS = _hands(2)
