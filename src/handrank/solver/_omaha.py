"""Solver blocks for Omaha: turn and river showdown values of every hand of
4 (PLO4, 270,725 hands) or 5 (PLO5, 2,598,960 hands) hole cards against
reach vectors over the same hands, in the order of :func:`handrank.hole_hands`
(colex over card codes; :func:`handrank.hand_index` maps a hand to its
index).

The C core (include/handrank/solver/hr_sv_omaha.h) values each of the board's
1,081 live card pairs once, every live hand as the best of its hole pairs,
sorts the live hands by strength and sweeps them once per reach vector,
removing the hands that share cards with the hero by inclusion-exclusion
over the subsets of its cards (running reach sums per card, pair, triple
and, for PLO5, quadruple).  Python checks the arguments, cuts long runs
into slices (Ctrl-C lands within a fraction of a second) and shapes the
results.

A turn sums the river values of its 48 rivers and divides by the rivers
each pair of disjoint hands leaves (52 - 4 - 8 = 40 for PLO4, 38 for
PLO5): a river that meets the hero gives it 0, one that meets the
opponent leaves that opponent out, so each pair is counted on exactly
its own rivers.  When the suit permutations that fix the turn keep every
reach vector (checked exactly, on the hands that miss the turn), one
river of each orbit is swept and its values are read through the
permutation onto the others; otherwise every river is swept.
"""
from __future__ import annotations

from math import comb
from typing import Any

import numpy as np

from .. import _core
from ..base import resolve_threads, sliced, HandError
from ..ranges import Range, hole_hands
from ._runouts import runouts
from ._solver import _check_weights, _tables, boards_of

__all__ = ["omaha_showdown_values", "omaha_compatible_reach", "omaha_release_memory"]

# reach length -> hole cards
_CARDS = {comb(52, 4): 4, comb(52, 5): 5}
# below this share of the live reach, a compatible reach is rounding (NaN equity)
_ROUNDING = 1e-12
# Suit symmetry on turns (tests turn it off to compare).
_SYMMETRY = True
# _BINOM[c, t] = C(c, t): the colex index of hole_hands
_BINOM = np.array([[comb(c, t) for t in range(6)] for c in range(53)], dtype=np.intp)


def _boards(board: Any) -> tuple[np.ndarray, bool]:
    """((B, 4 or 5) uint8 checked turn or river boards, single)."""
    rows, single = boards_of(board, tuple(range(53)))  # sizes checked below
    nb = rows.shape[1]
    if nb not in (4, 5):
        flop = " (flop values are not offered: a flop costs 47 turns)" if nb == 3 else ""
        raise HandError(f"Omaha showdown values are for turns and rivers: board must have 4 "
                        f"or 5 cards; got {nb}{flop}")
    return rows, single


def _card_map(perm: np.ndarray) -> np.ndarray:
    """(52,) uint8: the card each card becomes when suit s becomes perm[s]."""
    c = np.arange(52)
    return (c - c % 4 + np.asarray(perm, dtype=np.intp)[c % 4]).astype(np.uint8)


def _hand_map(cmap: np.ndarray, hands: np.ndarray) -> np.ndarray:
    """(n,) intp: the index in hole_hands of each of ``hands`` (n, k) after
    the card map ``cmap``."""
    cols = [cmap[hands[:, t]] for t in range(hands.shape[1])]
    for i in range(1, len(cols)):                       # insertion sort of the columns
        for j in range(i, 0, -1):
            lo = np.minimum(cols[j - 1], cols[j])
            np.maximum(cols[j - 1], cols[j], out=cols[j])
            cols[j - 1] = lo
    idx = np.zeros(len(hands), dtype=np.intp)
    for t, col in enumerate(cols):
        idx += _BINOM[:, t + 1].take(col)
    return idx


def _live(hands: np.ndarray, board: np.ndarray) -> np.ndarray:
    """(n,) bool: the hands that share no card with the board."""
    on = np.zeros(52, dtype=bool)
    on[board] = True
    dead = on[hands[:, 0]]
    for t in range(1, hands.shape[1]):
        dead |= on[hands[:, t]]
    return ~dead


def _turn_plan(turn: np.ndarray, r: np.ndarray,
               k: int) -> list[tuple[np.ndarray, list[np.ndarray | None]]]:
    """The rivers to sweep on a turn and how to read each onto the rivers it
    stands for: [(river board, [hand map or None for itself, ...]), ...].

    A suit permutation of the turn's symmetry group (:func:`runouts`) is used
    when every reach vector of ``r`` (NR, n) gives each hand that misses the
    turn the weight of its image (exact equality); those form a group, and
    river ``x`` of an orbit is valued as ``v_rep[map]`` where the
    permutation takes ``x`` to the orbit's representative ``rep``.  The
    maps live for this call only: one at a time while checking, then the
    ones the plan reads (a PLO5 map is 21 MB)."""
    hands = hole_hands(k)
    rivers = [c for c in range(52) if c not in set(int(x) for x in turn)]
    group = runouts(turn).group if _SYMMETRY else np.arange(4)[None, :]
    keep = [group[0]]                                   # the identity
    if len(group) > 1 and len(r):
        live = _live(hands, turn)
        sup = np.flatnonzero(live & (r > 0).any(axis=0))[:4096]
        for perm in group[1:]:
            cmap = _card_map(perm)
            # a cheap look at the support first, then every live hand
            if not (r[:, _hand_map(cmap, hands[sup])] == r[:, sup]).all():
                continue
            hm = _hand_map(cmap, hands)
            if all(((r[v][hm] == r[v]) | ~live).all() for v in range(len(r))):
                keep.append(perm)
    cmaps = [_card_map(perm) for perm in keep]
    maps: dict[int, np.ndarray | None] = {0: None}      # by index into keep
    plan: list[tuple[np.ndarray, list[np.ndarray | None]]] = []
    seen: set[int] = set()
    for rep in rivers:
        if rep in seen:
            continue
        reads: list[np.ndarray | None] = []
        for g, cmap in enumerate(cmaps):
            x = int(np.flatnonzero(cmap == rep)[0])     # keep[g] takes x to rep
            if x not in seen:
                seen.add(x)
                if g not in maps:
                    maps[g] = _hand_map(cmap, hands)
                reads.append(maps[g])
        plan.append((np.append(turn, np.uint8(rep)).astype(np.uint8), reads))
    return plan


def _omaha_reach(reach: Any, nboards: int, single: bool) -> tuple[np.ndarray, tuple[int, ...], int]:
    """(reach as (B, NR, n) float64, the result's shape, hole cards)."""
    if isinstance(reach, (Range, str, dict)):
        raise HandError("Omaha reach must be an array of weights over handrank.hole_hands(4) "
                        "or hole_hands(5); set weights at handrank.hand_index(hands)")
    try:
        r = np.asarray(reach, dtype=np.float64)
    except (TypeError, ValueError):
        raise HandError(f"reach must be an array of numbers; got {type(reach).__name__}") \
            from None
    if r.ndim == 0 or r.shape[-1] not in _CARDS:
        raise HandError(f"Omaha reach must have 270,725 weights (PLO4: one per hand of "
                        f"handrank.hole_hands(4)) or 2,598,960 (PLO5: hole_hands(5)) on its "
                        f"last axis; got shape {r.shape}")
    n = r.shape[-1]
    if not single and (r.ndim < 2 or r.shape[0] != nboards):
        raise HandError(f"with {nboards} boards, reach must have shape ({nboards}, ..., {n}): "
                        f"one or more reach vectors per board; got shape {r.shape}")
    shape = r.shape
    return np.ascontiguousarray(r.reshape(nboards, -1, n)), shape, _CARDS[n]


def _out(out: Any, shape: tuple[int, ...]) -> np.ndarray | None:
    """``out`` checked: None, or a writeable float64 array of the reach's shape."""
    if out is None:
        return None
    if not isinstance(out, np.ndarray):
        raise HandError(f"out must be a numpy float64 array; got {type(out).__name__}")
    if out.dtype != np.float64 or out.shape != shape:
        raise HandError(f"out must be a float64 array of the reach's shape {shape}; "
                        f"got dtype {out.dtype}, shape {out.shape}")
    if not out.flags.writeable:
        raise HandError("out is read-only")
    return out


def _run(board: Any, reach: Any, threads: int | None, want_values: bool, dest: Any = None,
         into: str = "values") -> tuple[np.ndarray, np.ndarray | None, tuple[int, ...]]:
    """(values, compat or None, shape) as (B, NR, n) arrays; every entry
    point checks its arguments here, in the same order.  A checked ``dest``
    (the caller's ``out``) that is C-contiguous and shares no memory with the reach is the memory
    of the values (``into="values"``) or of the compatible reach
    (``"compat"``); otherwise the caller copies the result into it."""
    rows, single = _boards(board)
    r, shape, k = _omaha_reach(reach, len(rows), single)
    o = _out(dest, shape)
    B, NR, n = r.shape
    river = rows.shape[1] == 5
    t = resolve_threads(threads, NR * (100_000 if k == 4 else 1_000_000))
    tables = _tables()
    room = None
    if o is not None and o.flags.c_contiguous and not np.shares_memory(o, r):
        room = o.reshape(B, NR, n)
    out = room if room is not None and into == "values" else np.empty_like(r)
    comp = None if want_values else room if room is not None and into == "compat" \
        else np.empty_like(r)
    first = max(1, t * _core.pl_lanes(k))               # vectors the C sweeps at once

    def sweep(b: int, board5: np.ndarray, o: np.ndarray, cp: np.ndarray | None) -> None:
        def run(a: int, z: int) -> None:
            c = None if cp is None else cp[a:z]
            if _core.pl_values(tables, board5, k, r[b, a:z], o[a:z], c, t):
                # the C loop met a weight that is not a finite number >= 0: say which
                _check_weights(r.reshape(shape), "reach")
                raise HandError("reach weights must be finite numbers >= 0")   # not reached
        sliced(run, 0, NR, first=first)

    if river:
        for b in range(B):
            sweep(b, rows[b], out[b], None if comp is None else comp[b])
        return out, comp, shape
    # a turn: the sum over its rivers, over the rivers a pair of hands leaves
    out[:] = 0
    if comp is not None:
        comp[:] = 0
    vb = np.empty((NR, n))
    cb = None if comp is None else np.empty((NR, n))
    for b in range(B):
        for board5, reads in _turn_plan(rows[b], r[b], k):
            sweep(b, board5, vb, cb)
            for hm in reads:
                out[b] += vb if hm is None else vb[:, hm]
                if comp is not None:
                    assert cb is not None
                    comp[b] += cb if hm is None else cb[:, hm]
    pairs = 52 - 4 - 2 * k
    out /= pairs
    if comp is not None:
        comp /= pairs
    return out, comp, shape


def omaha_showdown_values(board: Any, reach: Any, *, equity: bool = False,
                          threads: int | None = None, out: np.ndarray | None = None) -> np.ndarray:
    """Every Omaha hand's showdown value against a range on a turn or a
    river: the river sweep of CFR solvers for PLO4 and PLO5, and all-in
    values on a turn.

    Hands are those of :func:`hole_hands` (4 or 5 cards, which the length of
    ``reach`` tells), in its order; :func:`hand_index` gives a hand's index.
    For hand ``i`` the value is ``sum(reach[j] * sign)`` over the hands
    ``j`` that share no card with ``i`` or the board, where ``sign`` is +1
    if ``i`` wins the showdown (two hole cards and three board cards, as
    :func:`evaluate_omaha`), 0 on a tie and -1 if it loses, averaged on a
    turn over every river the two hands leave (40 for PLO4, 38 for PLO5).
    Hands that meet the board get 0, and their weights are ignored.  Card
    removal is exact; values carry rounding of about 1e-16 of the total
    reach.  A turn sweeps its 48 rivers (about 48 times a river's cost),
    or one river of each class of :func:`runouts` when the board's suit
    permutations keep every reach vector exactly (a uniform range, say):
    the others are read through the permutation.  Flops are not offered.
    Each call keeps its work space (about 8 bytes per live hand per lane
    and thread: some 130 MB for PLO5 with 8 vectors) for the next call;
    :func:`omaha_release_memory` frees it.

    Parameters
    ----------
    board
        One turn or river (4 or 5 cards, text or codes), or a batch: a list
        of boards or a ``(B, cards)`` array (all of one size).
    reach
        The opponent's weights: ``(..., n)`` for one board (any number of
        reach vectors), ``(B, ..., n)`` for a batch (each board its own),
        with ``n`` 270,725 (PLO4) or 2,598,960 (PLO5); finite and >= 0.
    equity
        Return the all-in equity instead: ``(value / compatible + 1) / 2``
        (see :func:`omaha_compatible_reach`), the share of the pot won
        against the weighted range (ties count half); NaN where no weight
        is compatible.
    threads
        Cores to use for several reach vectors (``None``: all idle ones for
        long runs).
    out
        A float64 array of the shape of ``reach`` to write the result into
        (a solver's loop reuses it: fresh memory costs the kernel time to
        clear, about a tenth of a PLO5 call); returned.

    Returns
    -------
    numpy.ndarray
        float64, the shape of ``reach``.

    Examples
    --------
    >>> import handrank as hr
    >>> import numpy as np
    >>> r = np.zeros(270725)
    >>> r[hr.hand_index(["Kh Kd 9c 9d", "Qh Qd Js Ts", "8c 7c 6d 5d"])] = 1.0
    >>> v = hr.omaha_showdown_values("Ks Qc 9h 4s 2d", r)
    >>> float(v[hr.hand_index("Ac As Jh Th")])   # the straight: beats two, ties Qh Qd Js Ts
    2.0
    >>> float(v[hr.hand_index("Kh Kd 9c 9d")])   # top set: beats 8c 7c 6d 5d only
    0.0
    >>> e = hr.omaha_showdown_values("Ks Qc 9h 4s 2d", r, equity=True)
    >>> round(float(e[hr.hand_index("Ac As Jh Th")]), 4)   # (2 / 3 + 1) / 2
    0.8333

    On the turn, the straight against the top set alone: the set fills up
    on the 8 rivers of the 40 that pair the board (Kc, Qd Qh Qs, 9s, 4c 4d
    4h):

    >>> r1 = np.zeros(270725)
    >>> r1[hr.hand_index("Kh Kd 9c 9d")] = 1.0
    >>> e = hr.omaha_showdown_values("Ks Qc 9h 4s", r1, equity=True)
    >>> round(float(e[hr.hand_index("Ac As Jh Th")]), 4)   # (32 - 8) / 40 -> (0.6 + 1) / 2
    0.8
    """
    if equity:
        v, comp, shape = _run(board, reach, threads, False, out)
        assert comp is not None
        live = comp.max(axis=-1, keepdims=True)          # about the live reach: a scale
        gone = comp <= _ROUNDING * (live + 1e-300)
        with np.errstate(invalid="ignore", divide="ignore"):
            v /= comp
        v += 1
        v /= 2
        v[gone] = np.nan
        return _result(v, shape, out)
    v, _, shape = _run(board, reach, threads, True, out)
    return _result(v, shape, out)


def _result(res: np.ndarray, shape: tuple[int, ...], out: np.ndarray | None) -> np.ndarray:
    """res in the reach's shape, in ``out`` when one was given."""
    if out is None:
        return res.reshape(shape)
    if not np.may_share_memory(res, out):
        out[...] = res.reshape(shape)
    return out


def omaha_compatible_reach(board: Any, reach: Any, *, threads: int | None = None,
                           out: np.ndarray | None = None) -> np.ndarray:
    """For each Omaha hand, the total reach of the hands it can meet at a
    showdown on a turn or a river (sharing no card with it or the board):
    the denominator that turns :func:`omaha_showdown_values` into an
    equity.  Same arguments and shapes; 0 for hands that meet the board.

    >>> import handrank as hr
    >>> import numpy as np
    >>> c = hr.omaha_compatible_reach("Ks Qc 9h 4s 2d", np.ones(270725))
    >>> int(c[hr.hand_index("Ac As Jh Th")]) == 43 * 42 * 41 * 40 // 24   # 43 cards left
    True
    >>> c = hr.omaha_compatible_reach("Ks Qc 9h 4s", np.ones(270725))     # a turn
    >>> round(float(c[hr.hand_index("Ac As Jh Th")])) == 44 * 43 * 42 * 41 // 24
    True
    >>> c2 = hr.omaha_compatible_reach("Ks Qc 9h 4s", np.ones(270725), out=c)  # reuses c
    >>> c2 is c
    True
    """
    _, comp, shape = _run(board, reach, threads, False, out, "compat")
    assert comp is not None
    return _result(comp, shape, out)


def omaha_release_memory() -> int:
    """Free the work space that :func:`omaha_showdown_values` and
    :func:`omaha_compatible_reach` keep from one call to the next, and
    return its size in bytes (0 if none is kept).

    A call needs a few large arrays: the board's hands in order of strength
    and, per thread, the reach vectors in that order and the running sums,
    some 130 MB for PLO5 with 8 vectors.  Taking fresh memory for them at
    every call costs the kernel the time to clear it, about a tenth of the
    call, so the last call's arrays are kept for the next (at most 1 GiB;
    on Linux the kernel may take their pages back when memory runs short).
    A program done with Omaha values calls this to give the memory back
    at once.

    >>> import handrank as hr
    >>> import numpy as np
    >>> _ = hr.omaha_compatible_reach("Ks Qc 9h 4s 2d", np.ones(270725))
    >>> hr.omaha_release_memory() > 0
    True
    >>> hr.omaha_release_memory()
    0
    """
    return int(_core.pl_release())
