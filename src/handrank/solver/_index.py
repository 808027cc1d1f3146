"""Canonical hand indexes for solvers: ``canonical_index``,
``canonical_hand`` and ``canonical_size`` number the suit-isomorphism classes
of hands dealt in rounds (Waugh's hand indexer); ``PREFLOP_CLASS`` names the
preflop ones.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import product
from math import comb, factorial, prod
from typing import Any

import numpy as np

from .. import _core
from ..ranges import CLASS_OF
from ..base import to_like, resolve_threads, first_slice as _first, sliced, HandError
from ..cards import as_hands, brief_repr as _brief, is_int as _is_int, row_fault

__all__ = ["canonical_index", "canonical_hand", "canonical_size", "PREFLOP_CLASS"]

# The first call into C of a long index loop covers about this many cards;
# later calls are sized by _slices.sliced to about 0.1 s each (Ctrl-C).
_FIRST_INDEX_CARDS = 7 << 19       # 512K river hands: ~40 ms


#: Most suit configurations a sequence of rounds may have (a table entry each).
_MAX_CONFIGS = 1 << 20
_INDEX_LIMIT = 1 << 63


def _rounds(rounds: Any) -> tuple[int, ...]:
    if _is_int(rounds):
        rounds = (rounds,)
    if not isinstance(rounds, (list, tuple)) or not rounds:
        raise HandError(f"rounds must be a tuple of cards per round, such as (2, 3, 1, 1) for "
                        f"hold'em; got {_brief(rounds)}")
    if len(rounds) > _core.INDEX_MAX_ROUNDS:
        raise HandError(f"at most {_core.INDEX_MAX_ROUNDS} rounds; got {len(rounds)}")
    for i, c in enumerate(rounds):
        if not _is_int(c) or c < 1:
            raise HandError(f"rounds[{i}] must be a positive number of cards; got {_brief(c)}")
    r = tuple(int(c) for c in rounds)
    if sum(r) > 52:
        raise HandError(f"rounds {r} deal {sum(r)} cards; the deck has 52")
    return r


def _too_big(r: tuple[int, ...], why: str) -> HandError:
    return HandError(f"rounds {r} are too large for a canonical index: {why}")


@lru_cache(maxsize=32)
def _indexer(r: tuple[int, ...]) -> _core.Indexer:
    """The tables of Waugh's indexer for rounds r (see hr_index.h)."""
    total = sum(r)
    hands = factorial(52) // (prod(factorial(c) for c in r) * factorial(52 - total))
    if hands // 24 >= _INDEX_LIMIT:                 # every class holds at most 24 hands
        raise _too_big(r, f"{hands:,} hands have more than 2**63 classes")
    radix = [min(c, 13) + 1 for c in r]
    ncodes = prod(radix)
    if ncodes > 65536:
        raise _too_big(r, "too many per-suit round patterns (the product of min(cards, 13) + 1 "
                          "over rounds must be at most 65536)")
    # suit configurations: sorted (descending) tuples of four per-suit size tuples
    configs: set[tuple[tuple[int, ...], ...]] = {((),) * 4}
    for c in r:
        nxt = set()
        for conf in configs:
            room = [13 - sum(t) for t in conf]
            for a in range(min(c, room[0]) + 1):
                for b in range(min(c - a, room[1]) + 1):
                    for d in range(min(c - a - b, room[2]) + 1):
                        e = c - a - b - d
                        if e <= room[3]:
                            split = (a, b, d, e)
                            nxt.add(tuple(sorted((conf[s] + (split[s],) for s in range(4)),
                                                 reverse=True)))
            if len(nxt) > _MAX_CONFIGS:
                raise _too_big(r, f"more than {_MAX_CONFIGS:,} suit configurations")
        configs = nxt

    def ways(t: tuple[int, ...]) -> int:        # suit indexes of one suit's size tuple
        out, used = 1, 0
        for s in t:
            out *= comb(13 - used, s)
            used += s
        return out

    def code(t: tuple[int, ...]) -> int:
        v = 0
        for s, rad in zip(t, radix):
            v = v * rad + s
        return v

    rows = []
    for conf in configs:
        size, i = 1, 0
        while i < 4:
            j = i
            while j < 4 and conf[j] == conf[i]:
                j += 1
            size *= comb(ways(conf[i]) + j - i - 1, j - i)
            i = j
        key = (code(conf[0]) << 48) | (code(conf[1]) << 32) | (code(conf[2]) << 16) | code(conf[3])
        rows.append((key, size))
    rows.sort()
    offsets = [0]
    for _, size in rows:
        offsets.append(offsets[-1] + size)
    if offsets[-1] >= _INDEX_LIMIT:
        raise _too_big(r, f"{offsets[-1]:,} classes do not fit in a 64-bit index")
    ntab = np.zeros(ncodes, dtype=np.uint64)
    for t in product(*(range(rad) for rad in radix)):
        if sum(t) <= 13:
            ntab[code(t)] = ways(t)
    keys = np.array([k for k, _ in rows], dtype=np.uint64)
    return _core.Indexer(r, ntab, keys, np.array(offsets, dtype=np.int64))


def canonical_size(rounds: Any = (2, 3, 1, 1)) -> int:
    """How many canonical indexes hands dealt in these rounds have.

    Hands that differ only by the order of cards within a round or by a
    renaming of suits share an index; the indexes are 0..size-1.

    Examples
    --------
    >>> import handrank as hr
    >>> [hr.canonical_size(r) for r in [(2,), (2, 3), (2, 3, 1), (2, 3, 1, 1)]]
    [169, 1286792, 55190538, 2428287420]
    >>> [hr.canonical_size(r) for r in [(2, 4), (2, 5)]]     # the board as one set
    [13960050, 123156254]
    >>> hr.canonical_size((4, 3, 1, 1))                     # Omaha, river
    389802959832
    """
    return _indexer(_rounds(rounds)).size


def _index_rows(cards: Any, total: int, r: tuple[int, ...]) -> tuple[np.ndarray, bool]:
    rows, single = as_hands(cards)
    if rows.shape[1] != total:
        what = "" if single else " per row"
        upto = _prefix_len(r, rows.shape[1])
        hint = (f" (to index the first {rows.shape[1]} cards pass rounds={r[:upto]})"
                if upto else "")
        raise HandError(f"rounds {r} need {total} cards{what}; got {rows.shape[1]}{hint}")
    return rows, single


def _prefix_len(r: tuple[int, ...], k: int) -> int:
    """How many leading rounds deal exactly k cards (0: none)."""
    s = 0
    for i, c in enumerate(r):
        s += c
        if s == k:
            return i + 1
    return 0


def _explain_index_row(row: np.ndarray) -> str:
    fault = row_fault(row, jokers=0)
    if fault is None:
        return "the hand is invalid"   # pragma: no cover
    if fault.kind == "twice":
        return fault.text()
    return f"card code {fault.code} at position {fault.pos} is a joker; an index needs cards 0..51"


def canonical_index(cards: Any, rounds: Any = (2, 3, 1, 1), *, threads: Any = None,
                    like: Any = None) -> Any:
    """The canonical (suit-isomorphic) index of hands dealt in rounds.

    Waugh's hand isomorphism indexer, as CFR solvers use to bucket hands:
    cards within a round are a set and suits are interchangeable, so hands
    that differ only in these ways share an index; the indexes are dense,
    0..``canonical_size(rounds)``-1 for the last round given.  To index an
    earlier round of the same hands, pass its cards and rounds:
    ``canonical_index(hands[:, :5], (2, 3))``.

    Parameters
    ----------
    cards
        One hand (text or a 1-D sequence of codes) or ``(n, sum(rounds))``
        codes 0..51, round by round (hold'em: 2 hole cards, then the flop,
        turn and river); torch, JAX or DLPack arrays are read without a copy.
    rounds
        Cards dealt in each round: ``(2,)`` preflop, ``(2, 3)`` flop,
        ``(2, 3, 1)`` turn, ``(2, 3, 1, 1)`` river (default); ``(4, 3, 1, 1)``
        for Omaha.  At most 8 rounds.
    threads
        Cores to use (None: all, fewer for small batches).
    like
        As for :func:`evaluate`: the indexes in another array library.

    Returns
    -------
    int or numpy.ndarray
        One index, or ``(n,)`` int64 indexes.  The order of the indexes is
        fixed but is not that of :data:`handrank.HAND_CLASSES`; for preflop,
        ``HAND_CLASSES[PREFLOP_CLASS[i]]`` names index i.

    Examples
    --------
    >>> import handrank as hr
    >>> hr.canonical_index("As Ks", (2,)) == hr.canonical_index("Kh Ah", (2,))
    True
    >>> i = hr.canonical_index("Ah Kh 7h 2c Qd", (2, 3))
    >>> i == hr.canonical_index("Ks As Qh 7s 2d", (2, 3))   # spades for hearts, hearts for diamonds
    True
    >>> hr.format(hr.canonical_hand(i, (2, 3)))
    'As Ks Qh 7s 2d'
    >>> hr.HAND_CLASSES[hr.PREFLOP_CLASS[hr.canonical_index("7c 2d", (2,))]]
    '72o'
    >>> hands = hr.deal(1000, 7, seed=1)
    >>> idx = hr.canonical_index(hands)                    # river, (2, 3, 1, 1)
    >>> idx.dtype, bool((idx < hr.canonical_size()).all())
    (dtype('int64'), True)
    """
    if like is not None:
        return to_like(canonical_index(cards, rounds, threads=threads),
                       cards if like is True else like)
    r = _rounds(rounds)
    ix = _indexer(r)
    rows, single = _index_rows(cards, sum(r), r)
    n = len(rows)
    out = np.empty(n, dtype=np.int64)
    t = resolve_threads(threads, n)
    found = [-1]

    def run(a: int, b: int) -> bool:
        bad = ix.index(rows, out, a, b, t)
        if bad >= 0:
            found[0] = bad
            return True
        return False

    if n:
        sliced(run, 0, n, first=_first(_FIRST_INDEX_CARDS, sum(r)))
    if found[0] >= 0:
        problem = _explain_index_row(rows[found[0]])
        raise HandError(problem if single else f"row {found[0]}: {problem}")
    return int(out[0]) if single else out


def canonical_hand(index: Any, rounds: Any = (2, 3, 1, 1), *, threads: Any = None) -> np.ndarray:
    """A representative hand of each canonical index (the inverse of
    :func:`canonical_index`).

    The hand has each round's cards in descending code order, and its suits
    are named spades, hearts, diamonds, clubs in the order of the indexer's
    canonical suit order (the suit with the most cards in the earliest round
    first), so ``canonical_index(canonical_hand(i)) == i``.

    Parameters
    ----------
    index
        One index or an array of them, each in 0..``canonical_size(rounds)``-1.
    rounds
        As for :func:`canonical_index`.
    threads
        Cores to use (None: all, fewer for small batches).

    Returns
    -------
    numpy.ndarray
        ``(sum(rounds),)`` uint8 codes for one index, ``(n, sum(rounds))`` for
        an array.

    Examples
    --------
    >>> import handrank as hr
    >>> hr.format(hr.canonical_hand([0, 168], (2,)))
    ['2s 2h', 'As Ks']
    >>> hr.format(hr.canonical_hand(hr.canonical_index("Jd Td 9d 8c 2h", (2, 3)), (2, 3)))
    'Js Ts 9s 8h 2d'
    """
    r = _rounds(rounds)
    ix = _indexer(r)
    size = ix.size
    try:
        arr = np.asarray(index)
    except ValueError as e:
        raise HandError(f"index must be an integer or a 1-D integer array ({e})") from None
    if arr.dtype.kind not in "iu" or arr.ndim > 1 or isinstance(index, bool):
        got = _brief(index) if arr.ndim == 0 else f"dtype {arr.dtype}, shape {arr.shape}"
        raise HandError(f"index must be an integer or a 1-D integer array; got {got}")
    flat = arr.reshape(-1)
    if flat.size:
        bad = (flat >= size) | (flat < 0) if arr.dtype.kind == "i" else flat >= size
        if bad.any():
            i = int(np.argmax(bad))
            where = "" if arr.ndim == 0 else f"row {i}: "
            raise HandError(f"{where}index {int(flat[i])} is outside 0..{size - 1} "
                            f"(canonical_size({r}) is {size:,})")
    idx = np.ascontiguousarray(flat, dtype=np.int64)
    n = len(idx)
    out = np.empty((n, sum(r)), dtype=np.uint8)
    t = resolve_threads(threads, n)
    if n:
        sliced(lambda a, b: ix.hands(idx, out, a, b, t), 0, n,
               first=_first(_FIRST_INDEX_CARDS // 4, sum(r)))
    return out[0] if arr.ndim == 0 else out


def _preflop_class() -> np.ndarray:
    reps = canonical_hand(np.arange(169), (2,))
    pos = CLASS_OF[reps[:, 0].astype(np.intp), reps[:, 1].astype(np.intp)].astype(np.int16)
    pos.flags.writeable = False
    return pos


#: ``PREFLOP_CLASS[i]`` is the position in :data:`handrank.HAND_CLASSES` of the
#: starting-hand class whose preflop canonical index (``rounds=(2,)``) is i.
PREFLOP_CLASS: np.ndarray = _preflop_class()
