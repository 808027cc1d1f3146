"""handrank.dask on a LocalCluster gives exactly the local results."""
from __future__ import annotations

import numpy as np
import pytest

import handrank as hr

distributed = pytest.importorskip("distributed")
import handrank.dask as hrd  # noqa: E402


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                       dashboard_address=None)
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def test_monte_carlo_identical_to_local(client):
    args = ("omaha8", ["Ah 2h 3s 4d", "Ks Kd 9c 9h", "??"])
    local = hr.equity(*args, trials=500_000, seed=9)
    for pieces in (1, 3, 8):
        remote = hrd.equity(client, *args, trials=500_000, seed=9, pieces=pieces)
        assert remote.deals == local.deals
        assert np.array_equal(remote.wins, local.wins)
        assert np.array_equal(remote.ties, local.ties)
        assert np.array_equal(remote.equity, local.equity)
        assert np.allclose(remote.stderr, local.stderr, rtol=1e-9)


def test_exact_identical_to_local(client):
    args = ("holdem", ["As Ks", "Qd Qc", "7h 7s"])
    local = hr.equity(*args, board="2h 3c")
    remote = hrd.equity(client, *args, board="2h 3c", pieces=5)
    assert remote.exact and remote.deals == local.deals
    assert np.array_equal(remote.wins, local.wins) and np.array_equal(remote.ties, local.ties)
    assert np.array_equal(remote.equity, local.equity)


def test_ranges():
    assert hrd.ranges(10, 3) == [(0, 3), (3, 6), (6, 10)]
    assert hrd.ranges(2, 5) == [(0, 1), (1, 2)]
    assert hrd.ranges(1, 1) == [(0, 1)]


@pytest.mark.parametrize("trials", [None, 200_000])
def test_double_board_identical_to_local(client, trials):
    """A double-board game's per-deal counts (whole pots, parts, the cross
    term of the standard error) merge like the rest."""
    args = ("omaha8-double-board", ["Ah 2h 3s 4d", "Ks Kd 9c 9h"])
    kw = dict(board="5h 6h 7c | Kh 8s", trials=trials, seed=3 if trials else None)
    local = hr.equity(*args, **kw)
    remote = hrd.equity(client, *args, pieces=4, **kw)
    assert remote.deals == local.deals and remote.exact == (trials is None)
    assert np.array_equal(remote.wins, local.wins) and np.array_equal(remote.ties, local.ties)
    assert np.array_equal(remote.equity, local.equity)
    assert np.allclose(remote.stderr, local.stderr, rtol=1e-9, atol=0)
