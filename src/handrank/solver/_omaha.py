"""Solver blocks for Omaha: river showdown values of every hand of 4 (PLO4,
270,725 hands) or 5 (PLO5, 2,598,960 hands) hole cards against reach
vectors over the same hands, in the order of :func:`handrank.hole_hands`
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
"""
from __future__ import annotations

from math import comb
from typing import Any

import numpy as np

from .. import _core
from ..base import resolve_threads, sliced, HandError
from ..ranges import Range
from ._solver import _check_weights, _tables, boards_of

__all__ = ["omaha_showdown_values", "omaha_compatible_reach"]

# reach length -> hole cards
_CARDS = {comb(52, 4): 4, comb(52, 5): 5}
# below this share of the live reach, a compatible reach is rounding (NaN equity)
_ROUNDING = 1e-12


def _river(board: Any) -> tuple[np.ndarray, bool]:
    """((B, 5) uint8 checked river boards, single)."""
    rows, single = boards_of(board)
    if rows.shape[1] != 5:
        raise HandError(f"Omaha showdown values are for rivers: board must have 5 cards; got "
                        f"{rows.shape[1]} (turn and flop values are not offered)")
    return rows, single


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


def _run(board: Any, reach: Any, threads: int | None,
         want_values: bool) -> tuple[np.ndarray, np.ndarray | None, tuple[int, ...]]:
    """(values, compat or None, shape) as (B, NR, n) arrays; every entry
    point checks its arguments here, in the same order."""
    rows, single = _river(board)
    r, shape, k = _omaha_reach(reach, len(rows), single)
    B, NR, n = r.shape
    t = resolve_threads(threads, NR * (100_000 if k == 4 else 1_000_000))
    tables = _tables()
    out = np.empty_like(r)
    comp = None if want_values else np.empty_like(r)
    first = max(1, t * (4 if k == 4 else 2))            # the C sweeps 4 (PLO5: 2) at once

    def run_board(b: int) -> None:
        def run(a: int, z: int) -> None:
            c = None if comp is None else comp[b, a:z]
            if _core.pl_values(tables, rows[b], k, r[b, a:z], out[b, a:z], c, t):
                # the C loop met a weight that is not a finite number >= 0: say which
                _check_weights(r.reshape(shape), "reach")
                raise HandError("reach weights must be finite numbers >= 0")   # not reached
        sliced(run, 0, NR, first=first)

    for b in range(B):
        run_board(b)
    return out, comp, shape


def omaha_showdown_values(board: Any, reach: Any, *, equity: bool = False,
                          threads: int | None = None) -> np.ndarray:
    """Every Omaha hand's showdown value against a range on a river: the
    river sweep of CFR solvers for PLO4 and PLO5.

    Hands are those of :func:`hole_hands` (4 or 5 cards, which the length of
    ``reach`` tells), in its order; :func:`hand_index` gives a hand's index.
    For hand ``i`` the value is ``sum(reach[j] * sign)`` over the hands
    ``j`` that share no card with ``i`` or the board, where ``sign`` is +1
    if ``i`` wins the showdown (two hole cards and three board cards, as
    :func:`evaluate_omaha`), 0 on a tie and -1 if it loses.  Hands that
    meet the board get 0, and their weights are ignored.  Card removal is
    exact; values carry rounding of about 1e-16 of the total reach.

    Parameters
    ----------
    board
        One river (5 cards, text or codes), or a batch: a list of rivers or
        a ``(B, 5)`` array.
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
    """
    if equity:
        out, comp, shape = _run(board, reach, threads, False)
        assert comp is not None
        live = comp.max(axis=-1, keepdims=True)          # about the live reach: a scale
        with np.errstate(invalid="ignore", divide="ignore"):
            res = np.where(comp > _ROUNDING * (live + 1e-300), (out / comp + 1) / 2, np.nan)
        return res.reshape(shape)
    out, _, shape = _run(board, reach, threads, True)
    return out.reshape(shape)


def omaha_compatible_reach(board: Any, reach: Any, *, threads: int | None = None) -> np.ndarray:
    """For each Omaha hand, the total reach of the hands it can meet at a
    river showdown (sharing no card with it or the board): the denominator
    that turns :func:`omaha_showdown_values` into an equity.  Same
    arguments and shapes; 0 for hands that meet the board.

    >>> import handrank as hr
    >>> import numpy as np
    >>> c = hr.omaha_compatible_reach("Ks Qc 9h 4s 2d", np.ones(270725))
    >>> int(c[hr.hand_index("Ac As Jh Th")]) == 43 * 42 * 41 * 40 // 24   # 43 cards left
    True
    """
    _, comp, shape = _run(board, reach, threads, False)
    assert comp is not None
    return comp.reshape(shape)
