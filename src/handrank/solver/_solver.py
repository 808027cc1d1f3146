"""Solver blocks: range-against-range showdown values and all-in equity
matrices of hold'em, over the 1,326 hands of :data:`handrank.HANDS`.

The C core (include/handrank/solver/hr_solver.h) sorts the live hands of a river
board by strength once, then gives every hand's value against a reach vector
in one sweep with exact card removal.  Turn and flop values average the
river values over every runout, swept once per class of
:func:`runouts` ``(board, ranges=reach)``: the core (hr_sv_plan) builds the
classes with the functions behind :func:`runouts` and chooses this fast path
per board, its precondition -- every reach vector keeps a permutation's
weights exactly -- checked there (hr_sv_fixing); a reach vector that keeps
none has every runout swept.  Python checks the arguments, cuts long runs
into slices (Ctrl-C lands within a fraction of a second) and shapes the
results.
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np

from .. import _core
from ..base import resolve_threads, sliced, HandError
from ..cards import card_name, card_array, card_list
from ..ranges import HANDS, NHANDS, hand_index, Range
from ..rules import get_rules

__all__ = ["CLASH", "showdown_values", "showdown_matrix", "reach_vector", "compatible_reach"]

#: The river matrix's mark for a pair of hands that share a card or meet the
#: board (int8; the turn and flop matrices use NaN unless told otherwise).
CLASH = -128

# Suit symmetry on turns and flops (tests turn it off to compare).
_SYMMETRY = True
# Runouts of a board of 5, 4 or 3 cards; runouts two compatible hands share.
_RUNOUTS = {5: 1, 4: 48, 3: 1176}
_SHARED = {5: 1, 4: 44, 3: 990}
# HANDS' cards as ints, low card first, and each hand's mask over 52 bits.
_LO = HANDS[:, 1].astype(np.intp)
_HI = HANDS[:, 0].astype(np.intp)
_BITS = (np.uint64(1) << _LO.astype(np.uint64)) | (np.uint64(1) << _HI.astype(np.uint64))
_INC = np.zeros((NHANDS, 52))                 # hand x card: 1 where the hand holds it
_INC[np.arange(NHANDS), _LO] = 1
_INC[np.arange(NHANDS), _HI] = 1


def _tables() -> Any:
    return get_rules("high").tables


def boards_of(board: Any, sizes: tuple[int, ...] = (3, 4, 5)) -> tuple[np.ndarray, bool]:
    """((B, nb) uint8 checked boards, single): one board (text or codes) or a
    batch (a list of boards, or a (B, nb) integer array)."""
    single = isinstance(board, str)
    if single:
        rows = np.array([card_list(board, "board")], dtype=np.uint8)
    elif isinstance(board, np.ndarray) and board.dtype != object:
        if board.ndim not in (1, 2):
            raise HandError(f"board must be one board or a (B, cards) array; got shape "
                            f"{board.shape}")
        single = board.ndim == 1
        rows = card_array(board, "board", "board")
        rows = rows.reshape(1, -1) if single else rows
    else:
        try:
            items = list(board)
        except TypeError:
            raise HandError(f"board must be text, codes or a list of boards; got "
                            f"{type(board).__name__}") from None
        if not items or all(isinstance(x, (int, np.integer)) and not isinstance(x, bool)
                            for x in items):
            single = True
            items = [items]
        lists = [card_list(x, f"board {i}") for i, x in enumerate(items)]
        if len({len(x) for x in lists}) > 1:
            raise HandError("boards of a batch must all have the same number of cards")
        rows = np.array(lists, dtype=np.uint8).reshape(len(lists), -1)
    nb = rows.shape[1]
    if not len(rows):
        raise HandError("board: no boards given")
    if nb not in sizes:
        raise HandError(f"board must have {_sizes_text(sizes)}; got {nb}")
    rows = np.ascontiguousarray(rows)
    bad = _first_bad_board(rows)
    if bad >= 0:
        row = [int(c) for c in rows[bad]]
        where = "board" if single else f"board {bad}"
        if max(row) >= 52:
            raise HandError(f"{where}: a joker ({card_name(max(row))}); boards are cards of "
                            f"the 52-card deck")
        rep = next(c for c in row if row.count(c) > 1)
        raise HandError(f"{where}: {card_name(rep)} appears twice")
    return rows, single


def _sizes_text(sizes: tuple[int, ...]) -> str:
    """The board sizes a call accepts, for its messages."""
    if sizes == (3, 4, 5):
        return "3, 4 or 5 cards (a flop, turn or river)"
    if sizes == (3, 4):
        return "3 or 4 cards (a flop or a turn)"
    return f"{sizes[0]} to {sizes[-1]} cards"


def _first_bad_board(rows: np.ndarray) -> int:
    """The first row of (B, nb) uint8 boards holding a code >= 52 or a card twice,
    or -1.  The C check takes flops, turns and rivers; shorter boards (the
    dead cards of reach_vector) are checked here."""
    if 3 <= rows.shape[1] <= 5:
        return int(_core.sv_check_boards(rows, 0, len(rows)))
    if rows.shape[1] == 0:
        return -1
    srt = np.sort(rows, axis=1)
    bad = (srt[:, -1] >= 52) | (np.diff(srt, axis=1) == 0).any(axis=1)
    return int(np.argmax(bad)) if bad.any() else -1


def reach_vector(hands: Any, board: Any = None) -> np.ndarray:
    """A reach vector: ``(1326,)`` float64 weights in the order of
    :data:`HANDS`, from a :class:`Range` (or range text such as ``"QQ+,
    AKs"``), or a dict ``{hand: weight}``.  With ``board`` (one board of 0
    to 5 cards: any cards known to be out of the deck), hands that meet it
    get weight 0.

    >>> import handrank as hr
    >>> r = hr.reach_vector("QQ+")
    >>> int((r > 0).sum()), float(r[hr.hand_index("Ks Kh")])
    (18, 1.0)
    """
    out = np.zeros(NHANDS)
    if isinstance(hands, dict):
        if hands:
            idx = hand_index(list(hands))
            w = np.asarray(list(hands.values()), dtype=np.float64)
            out[idx] = w
    else:
        rng = hands if isinstance(hands, Range) else Range(hands)
        if rng.combos.shape[1] != 2:
            raise HandError("reach vectors are for hold'em ranges (two cards a hand)")
        if len(rng):
            out[hand_index(rng.combos)] = rng.weights
    _check_weights(out, "reach")
    if board is not None:
        rows, single = boards_of(board, (0, 1, 2, 3, 4, 5))
        if not single:
            raise HandError("board: reach_vector takes one board (0 to 5 cards), not a batch")
        bm = np.uint64(0)
        for c in rows[0]:
            bm |= np.uint64(1) << np.uint64(c)
        out[(_BITS & bm) != 0] = 0
    return out


def _check_weights(r: np.ndarray, what: str) -> None:
    finite = np.isfinite(r)
    if not finite.all():
        pos = np.unravel_index(int(np.argmin(finite)), r.shape)
        raise HandError(f"{what} weights must be finite numbers; got {r[pos]} at index "
                        f"{tuple(int(i) for i in pos) if r.ndim > 1 else int(pos[0])}")
    neg = r < 0
    if neg.any():
        pos = np.unravel_index(int(np.argmax(neg)), r.shape)
        raise HandError(f"{what} weights must be >= 0; got {r[pos]} at index "
                        f"{tuple(int(i) for i in pos) if r.ndim > 1 else int(pos[0])}")


def _reach(reach: Any, nboards: int, single: bool,
           check: bool = True) -> tuple[np.ndarray, tuple[int, ...]]:
    """(reach as (B, NR, 1326) float64, the result's shape); check=False
    leaves the weights to the C loop, which checks them as it reads them."""
    if isinstance(reach, (Range, str, dict)):
        reach = reach_vector(reach)
    try:
        r = np.asarray(reach, dtype=np.float64)
    except (TypeError, ValueError):
        raise HandError(f"reach must be an array of numbers; got {type(reach).__name__}") \
            from None
    if r.ndim == 0 or r.shape[-1] != NHANDS:
        raise HandError(f"reach must have 1,326 weights (one per hand of handrank.HANDS) on "
                        f"its last axis; got shape {r.shape}")
    if not single and (r.ndim < 2 or r.shape[0] != nboards):
        raise HandError(f"with {nboards} boards, reach must have shape ({nboards}, ..., 1326): "
                        f"one or more reach vectors per board; got shape {r.shape}")
    if check:
        _check_weights(r, "reach")
    shape = r.shape
    r = np.ascontiguousarray(r.reshape(nboards, -1, NHANDS))
    return r, shape


def _board_masks(rows: np.ndarray) -> np.ndarray:
    return (np.uint64(1) << rows.astype(np.uint64)).sum(axis=1, dtype=np.uint64)


def compatible_reach(board: Any, reach: Any) -> np.ndarray:
    """For each hand, the total reach of the hands it can meet at showdown
    (sharing no card with it or the board): the denominator that turns
    :func:`showdown_values` into an equity.  Same shapes as
    :func:`showdown_values`; 0 for hands that meet the board.

    >>> import handrank as hr
    >>> import numpy as np
    >>> c = hr.compatible_reach("Ah Kd 7c 5s 2h", np.ones(1326))
    >>> int(c[hr.hand_index("Qs Qh")]), int(c[hr.hand_index("Ah Qs")])   # Ah is on the board
    (990, 0)
    """
    rows, single = boards_of(board)
    r, shape = _reach(reach, len(rows), single)
    return _compat(rows, r).reshape(shape)


def _compat(rows: np.ndarray, r: np.ndarray) -> np.ndarray:
    live = (_BITS[None, :] & _board_masks(rows)[:, None]) == 0          # (B, 1326)
    rl = r * live[:, None, :]
    ct = rl @ _INC                                                        # (B, NR, 52)
    return (rl.sum(axis=-1, keepdims=True) - ct[..., _LO] - ct[..., _HI] + rl) * live[:, None, :]


def showdown_values(board: Any, reach: Any, *, equity: bool = False,
                    threads: int | None = None) -> np.ndarray:
    """Every hand's showdown value against a range: the river sweep of CFR
    solvers, and all-in values on a turn or a flop.

    For hand ``i`` (a row of :data:`HANDS`) the value is
    ``sum(reach[j] * E[sign])`` over the hands ``j`` that share no card with
    ``i`` or the board, where ``sign`` is +1 if ``i`` wins the showdown, 0
    on a tie and -1 if it loses, averaged over every runout on a turn (44
    rivers) or a flop (990 turn-river pairs).  Hands that meet the board get
    0.  Multiply by half the pot for a CFR terminal's utility.  On a turn or
    a flop one runout of each class of :func:`runouts` (with ``ranges`` the
    reach vectors) is valued and relabelled onto the others.

    Parameters
    ----------
    board
        One board of 3, 4 or 5 cards (text or codes), or a batch: a list of
        boards or a ``(B, cards)`` array.
    reach
        The opponent's weights: ``(..., 1326)`` for one board (any number of
        reach vectors), ``(B, ..., 1326)`` for a batch (each board its own);
        finite and >= 0.  A :class:`Range`, range text or dict gives one
        vector (see :func:`reach_vector`).
    equity
        Return the all-in equity instead: ``(value / compatible + 1) / 2``,
        the share of the pot won against the weighted range (ties count
        half); NaN where no weight is compatible.
    threads
        Cores to use (``None``: all idle ones for long runs).

    Returns
    -------
    numpy.ndarray
        float64, the shape of ``reach``.

    Examples
    --------
    >>> import handrank as hr
    >>> import numpy as np
    >>> v = hr.showdown_values("Ah Kd 7c 5s 2h", np.ones(1326))
    >>> int(v[hr.hand_index("7s 7h")]), int(v[hr.hand_index("As Ad")])   # of 990 opponents
    (946, 958)
    >>> e = hr.showdown_values("Ah Kd 7c 5s", "QQ+", equity=True)
    >>> round(float(e[hr.hand_index("Ac Kh")]), 4)     # two pair against QQ+ on the turn
    0.7216
    """
    rows, single = boards_of(board)
    r, shape = _reach(reach, len(rows), single, check=False)
    B, NR = r.shape[0], r.shape[1]
    nb = rows.shape[1]
    out = np.empty_like(r)
    tables = _tables()
    work = B * NR * _RUNOUTS[nb]
    t = resolve_threads(threads, work * NHANDS // 8)
    per = max(1, NR * _RUNOUTS[nb])                     # sweeps per board

    def bad_weights() -> None:
        # the C loop met a weight that is not a finite number >= 0: say which
        _check_weights(r.reshape(shape), "reach")
        raise HandError("reach weights must be finite numbers >= 0")   # not reached

    if B == 1 and NR > 1:
        def run_r(a: int, b: int) -> None:
            if _core.sv_values(tables, rows, 0, 1, r[:, a:b], out[:, a:b], t, _SYMMETRY):
                bad_weights()
        sliced(run_r, 0, NR, first=max(1, 20_000 // _RUNOUTS[nb]))
    else:
        def run_b(a: int, b: int) -> None:
            if _core.sv_values(tables, rows, a, b, r, out, t, _SYMMETRY):
                bad_weights()
        sliced(run_b, 0, B, first=max(1, 20_000 // per))
    if equity:
        comp = _compat(rows, r)
        with np.errstate(invalid="ignore", divide="ignore"):
            out = np.where(comp > 0, (out / comp + 1) / 2, np.nan)
    return out.reshape(shape)


def showdown_matrix(board: Any, *, clash: Any = None, threads: int | None = None) -> np.ndarray:
    """The 1,326 x 1,326 showdown matrix of a board: ``M[i, j]`` is what hand
    ``i`` (a row of :data:`HANDS`) expects against hand ``j``.

    On a river: int8, +1 if ``i`` wins, 0 on a tie, -1 if it loses.  On a
    turn or a flop: float64, the mean of those over every runout (44 rivers,
    990 turn-river pairs): ``(M + 1) / 2`` is the all-in equity.  Pairs that
    share a card, or where either hand meets the board, hold ``clash``:
    :data:`CLASH` (-128) on a river and NaN otherwise by default; with
    ``clash=0``, ``M @ reach`` equals :func:`showdown_values`.

    ``board``: one board (3, 4 or 5 cards) -> ``(1326, 1326)``; a batch of B
    boards -> ``(B, 1326, 1326)``.

    >>> import handrank as hr
    >>> m = hr.showdown_matrix("Ah Kd 7c 5s 2h")
    >>> i, j = hr.hand_index(["7s 7h", "As Ad"])
    >>> int(m[i, j]), int(m[j, i]), int(m[i, i]) == hr.CLASH
    (-1, 1, True)
    >>> f = hr.showdown_matrix("Ah Kd 7c", clash=0)
    >>> round(float(f[i, j]), 4)        # set under set on the flop: (M + 1) / 2 = 4.3%
    -0.9131
    """
    rows, single = boards_of(board)
    nb = rows.shape[1]
    river = nb == 5
    if clash is None:
        clash = CLASH if river else math.nan
    if river:
        if isinstance(clash, bool) or not isinstance(clash, (int, np.integer)) or \
                not -128 <= clash <= 127:
            raise HandError(f"clash on a river matrix (int8) is an integer -128..127; got "
                            f"{clash!r}")
    else:
        try:
            clash = float(clash)
        except (TypeError, ValueError):
            raise HandError(f"clash must be a number; got {clash!r}") from None
    tables = _tables()
    B = len(rows)
    out = np.empty((B, NHANDS, NHANDS), dtype=np.int8 if river else np.float64)
    masks = _board_masks(rows)
    t = resolve_threads(threads, 10**9 if not river else NHANDS * NHANDS // 4)
    for b in range(B):
        s, _ = _core.sv_runout_strengths(tables, rows[b], t)
        # a turn or flop computes one row per orbit of hands under the
        # board's suit symmetry, then relabels it into the others
        reps = np.arange(NHANDS, dtype=np.int32) if river else \
            _core.sv_matrix_reps(rows[b], _SYMMETRY)

        def run(a: int, z: int, b: int = b, s: np.ndarray = s, reps: np.ndarray = reps) -> None:
            _core.sv_matrix_rows(s, nb, int(masks[b]), reps[a:z], out[b], float(clash), t)
        sliced(run, 0, len(reps), first=NHANDS if river else 32 * max(1, t))
        if not river:
            _core.sv_matrix_fill(rows[b], out[b], _SYMMETRY, t)
    return out[0] if single else out
