"""Omaha showdown values and memory: results written into ``out=``
(contiguous, strided, the reach itself), its argument checks, the work
space kept from one call to the next (reused dirty across PLO4 and PLO5,
boards, lane counts, threads and Python threads) and
``omaha_release_memory``."""
from __future__ import annotations

import multiprocessing as mp
import threading
from math import comb

import numpy as np
import pytest

import handrank as hr

N = {4: comb(52, 4), 5: comb(52, 5)}
RIVER, TURN = "Ks Qc 9h 4s 2d", "Ks Qc 9h 4s"


def _reach(k: int, nv: int, seed: int, support: int = 3000) -> np.ndarray:
    """nv reach vectors over the k-card hands with random support."""
    rng = np.random.default_rng(seed)
    r = np.zeros((nv, N[k]))
    for v in range(nv):
        r[v, rng.choice(N[k], support, replace=False)] = rng.random(support)
    return r


def _fresh(f):
    """f() computed in freshly taken memory (nothing kept from earlier calls)."""
    hr.omaha_release_memory()
    return f()


CALLS = {
    "values": lambda b, r, **kw: hr.omaha_showdown_values(b, r, **kw),
    "equity": lambda b, r, **kw: hr.omaha_showdown_values(b, r, equity=True, **kw),
    "compat": lambda b, r, **kw: hr.omaha_compatible_reach(b, r, **kw),
}


@pytest.mark.parametrize("what", sorted(CALLS))
@pytest.mark.parametrize("board", [RIVER, TURN])
def test_out_is_written_and_returned(what, board):
    f = CALLS[what]
    r = _reach(4, 3, 1)
    want = _fresh(lambda: f(board, r))
    o = np.full_like(r, 7.0)
    got = f(board, r, out=o)
    assert got is o
    np.testing.assert_array_equal(o, want)             # NaN where want has NaN
    # a strided out (not C-contiguous) is filled through a copy
    big = np.full((r.shape[1], r.shape[0]), 7.0)
    got = f(board, r, out=big.T)
    assert got.base is big
    np.testing.assert_array_equal(big.T, want)
    # out may be the reach itself: the result is as if it were not
    r2 = r.copy()
    got = f(board, r2, out=r2)
    assert got is r2
    np.testing.assert_array_equal(r2, want)


@pytest.mark.parametrize("out, msg", [
    ([0.0] * 3, "out must be a numpy float64 array; got list"),
    (np.zeros((2, N[4]), dtype=np.float32), r"float64 array of the reach's shape \(2, 270725\)"),
    (np.zeros((3, N[4])), r"got dtype float64, shape \(3, 270725\)"),
    (np.zeros(N[4]), r"shape \(270725,\)"),
])
def test_out_errors(out, msg):
    r = np.zeros((2, N[4]))
    for f in CALLS.values():
        with pytest.raises(hr.HandError, match=msg):
            f(RIVER, r, out=out)
        with pytest.raises(hr.HandError, match="appears twice"):   # the board first
            f("Ks Ks 9h 4s 2d", r, out=out)


def test_out_read_only():
    r = np.zeros(N[4])
    o = np.zeros(N[4])
    o.flags.writeable = False
    for f in CALLS.values():
        with pytest.raises(hr.HandError, match="out is read-only"):
            f(RIVER, r, out=o)


def test_release_memory():
    hr.omaha_release_memory()
    assert hr.omaha_release_memory() == 0
    hr.omaha_compatible_reach(RIVER, np.ones(N[4]))
    kept = hr.omaha_release_memory()
    # at least the sorted weights and the board's hand places of PLO4
    assert kept >= 178365 * 8 + N[4] * 4
    assert hr.omaha_release_memory() == 0


def test_kept_memory_is_reused_dirty():
    # each result in memory kept from a different call (other game, board,
    # lanes, threads, compat or not) is the one computed in fresh memory
    cases = [(4, RIVER, 1, 1), (5, "2c 7d 8h Js Ac", 3, 1), (4, "Ah Kh Qh Jh Th", 8, 2),
             (5, RIVER, 1, 2), (4, "2c 2d 2h 3c 3d", 5, 1), (4, TURN, 2, 1)]
    want = {}
    for i, (k, b, nv, t) in enumerate(cases):
        r = _reach(k, nv, 10 + i, 500 if k == 5 else 3000)
        for what, f in CALLS.items():
            want[i, what] = (r, _fresh(lambda: f(b, r, threads=t)))
    hr.omaha_release_memory()
    for order in (range(len(cases)), reversed(range(len(cases)))):
        for i in order:
            k, b, nv, t = cases[i]
            for what, f in CALLS.items():
                r, w = want[i, what]
                np.testing.assert_array_equal(f(b, r, threads=t), w)


def test_python_threads_at_once():
    boards = [RIVER, "2c 7d 8h Js Ac", "Ah Kh Qh Jh Th", "3s 4s 5d 9c Tc"]
    rs = [_reach(4, 2, 30 + i) for i in range(len(boards))]
    want = [_fresh(lambda: hr.omaha_showdown_values(b, r)) for b, r in zip(boards, rs)]
    got: dict[int, np.ndarray] = {}

    def work(i: int) -> None:
        for _ in range(3):
            got[i] = hr.omaha_showdown_values(boards[i], rs[i], threads=1 + i % 2)

    ts = [threading.Thread(target=work, args=(i,)) for i in range(len(boards))]
    for x in ts:
        x.start()
    for x in ts:
        x.join()
    for i, w in enumerate(want):
        np.testing.assert_array_equal(got[i], w)


def _child(board: str) -> float:
    return float(hr.omaha_compatible_reach(board, np.ones(N[4])).max())


def test_in_a_spawned_child():
    with mp.get_context("spawn").Pool(1) as pool:
        got = pool.apply(_child, (RIVER,))
    assert got == comb(43, 4)
