"""handrank.dask on a LocalCluster of worker processes gives exactly the local
results: every question and game is pickled to the workers and compiled
there, and the array functions run block by block."""
from __future__ import annotations

import os

import numpy as np
import pytest

import handrank as hr

distributed = pytest.importorskip("distributed")
da = pytest.importorskip("dask.array")
import handrank.dask as hrd  # noqa: E402


@pytest.fixture(scope="module")
def client():
    # A process cluster's nanny writes OMP_NUM_THREADS=1 (and more) into this
    # process's environment for its workers and leaves it there: every later
    # subprocess of the suite would run handrank on one thread.  Put it back.
    environ = dict(os.environ)
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=":0")   # any free port
    try:
        with distributed.Client(cluster) as c:
            yield c
        cluster.close()
    finally:
        os.environ.clear()
        os.environ.update(environ)


def test_workers_are_other_processes(client):
    pids = set(client.run(os.getpid).values())
    assert len(pids) == 2 and os.getpid() not in pids


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


@pytest.mark.parametrize("game, hands, board", [
    ("short-deck", ["As Ks", "Qd Qc"], "7c 8d 9h"),          # a deck of its own
    ("short-deck", ["As Ks", "Qd Qc", "6h 6s"], ""),
    ("draw-joker", ["As Ks Qs Js Jk", "Qd Qc 7h 7s 2c"], None),  # a joker, wild="bug"
])
def test_any_deck_identical_to_local(client, game, hands, board):
    kw = dict(trials=200_000, seed=11) if not board else {}
    local = hr.equity(game, hands, board=board or "", **kw)
    remote = hrd.equity(client, game, hands, board=board or "", pieces=3, **kw)
    assert remote.deals == local.deals
    assert np.array_equal(remote.wins, local.wins) and np.array_equal(remote.equity, local.equity)


def test_custom_short_deck_game_identical_to_local(client):
    g = hr.Game("short-pineapple", hole=3, board=5, select="any", high="short-deck", low=None,
                deck=hr.SHORT_DECK)
    _ = g.tables                                       # compiled here; rebuilt on the workers
    local = hr.equity(g, ["As Ks Qh", "Qd Qc 6s"], board="7c 8d 9h")
    remote = hrd.equity(client, g, ["As Ks Qh", "Qd Qc 6s"], board="7c 8d 9h", pieces=4)
    assert np.array_equal(remote.wins, local.wins) and np.array_equal(remote.ties, local.ties)


# ------------------------------------------------------------ dask arrays

HANDS = hr.deal(20_000, 7, seed=4)


@pytest.mark.parametrize("rules, wild", [("high", None), ("short-deck", None), ("razz", None),
                                         ("high", "2"), ("badugi", None)])
def test_evaluate_blocks_identical_to_local(client, rules, wild):
    rs = hr.get_rules(rules)
    k = 4 if rules == "badugi" else 7
    hands = hr.deal(20_000, k, seed=4, deck=rs.deck)
    x = da.from_array(hands, chunks=(3_000, 3))        # cut across cards too: rejoined
    s = hrd.evaluate(x, rules, wild=wild)
    assert s.numblocks == (x.numblocks[0],) and s.dtype == np.int16
    got = s.compute()
    assert got.dtype == np.int16 and np.array_equal(got, hr.evaluate(hands, rules, wild=wild))


def test_canonical_index_blocks_identical_to_local(client):
    for rounds, k in (((2, 3, 1, 1), 7), ((2, 3), 5), ((4, 3, 1, 1), 9)):
        cards = hr.deal(12_000, k, seed=k)
        got = hrd.canonical_index(da.from_array(cards, chunks=5_000), rounds).compute()
        assert np.array_equal(got, hr.canonical_index(cards, rounds))


@pytest.mark.parametrize("game", ["holdem", "omaha8", "short-deck", "omaha8-double-board",
                                  "razz"])
def test_showdown_blocks_identical_to_local(client, game):
    g = hr.get_game(game)
    players = 3
    groups = [g.hole] * players + ([g.board * g.boards] if g.board else [])
    dealt = hr.deal(6_000, groups, seed=8, deck=g.cards)
    hands = np.stack(dealt[:players], axis=1)
    board = None
    if g.board:
        board = dealt[-1] if g.boards == 1 else dealt[-1].reshape(-1, 2, g.board)
    dboard = None if board is None else da.from_array(board, chunks=1_700)   # other chunks
    got = hrd.showdown(game, da.from_array(hands, chunks=(2_000, 1, g.hole)), dboard)
    assert got.shape == (6_000, players)
    assert np.array_equal(got.compute(), hr.showdown(game, hands, board))


def test_bad_row_named_in_the_whole_array(client):
    bad = HANDS.copy()
    bad[13_333, 5] = bad[13_333, 1]
    with pytest.raises(hr.HandError) as local:
        hr.evaluate(bad)
    with pytest.raises(hr.HandError) as remote:
        hrd.evaluate(da.from_array(bad, chunks=4_000)).compute()
    assert str(remote.value) == str(local.value) and "row 13333" in str(local.value)
    a, b, c = hr.deal(3_000, [2, 2, 5], seed=1)
    hands = np.stack([a, b], axis=1)
    c[2_500, 0] = 60
    with pytest.raises(hr.HandError) as local:
        hr.showdown("holdem", hands, c)
    with pytest.raises(hr.HandError) as remote:
        hrd.showdown("holdem", da.from_array(hands, chunks=1_000), da.from_array(c, chunks=900)
                     ).compute()
    assert str(remote.value) == str(local.value) and "deal 2500" in str(local.value)


def test_showdown_of_arrays_of_unknown_chunk_sizes(client):
    """x[mask] has unknown chunk sizes: once "nan deals of hands but nan
    boards"; now measured, and the same as the local showdown.  The
    caller's arrays are left as they were."""
    a, b, c = hr.deal(3_000, [2, 2, 5], seed=3)
    hands = np.stack([a, b], axis=1)
    keep = (c[:, 0] % 3) == 0
    dh = da.from_array(hands, chunks=700)[da.from_array(keep, chunks=700)]
    db = da.from_array(c, chunks=900)[da.from_array(keep, chunks=900)]
    assert np.isnan(dh.shape[0]) and np.isnan(db.shape[0])
    got = hrd.showdown("holdem", dh, db)
    assert got.shape == (int(keep.sum()), 2)
    assert np.array_equal(got.compute(), hr.showdown("holdem", hands[keep], c[keep]))
    assert np.isnan(dh.shape[0])                     # not measured in place
    # one side known, the other not; and rows that do not match are named
    got = hrd.showdown("holdem", da.from_array(hands[keep], chunks=400), db)
    assert np.array_equal(got.compute(), hr.showdown("holdem", hands[keep], c[keep]))
    fewer = da.from_array(c, chunks=900)[da.from_array(~keep, chunks=900)]
    with pytest.raises(hr.HandError, match=rf"{int(keep.sum())} deals of hands but "
                                           rf"{int((~keep).sum())} boards"):
        hrd.showdown("holdem", dh, fewer)


@pytest.mark.parametrize("not_a_client", [None, "holdem", 3])
def test_equity_without_a_client_is_a_hand_error(not_a_client):
    """Once AttributeError: 'NoneType' object has no attribute 'nthreads'."""
    with pytest.raises(hr.HandError, match=r"client must be a dask.distributed Client.*"
                                           r"handrank.equity"):
        hrd.equity(not_a_client, "holdem", ["As Ks", "Qd Qc"], trials=1_000, seed=1)
    with pytest.raises(hr.HandError, match="client must be"):
        hrd.equity(not_a_client, "holdem", ["As Ks", "Qd Qc"], pieces=2)


def test_arguments_checked_as_locally():
    """Refused at once, before any block runs, with the local function's words."""
    x = da.from_array(HANDS, chunks=5_000)
    for remote, local in [
        (lambda: hrd.evaluate(x, "no-such-rules"), lambda: hr.evaluate(HANDS, "no-such-rules")),
        (lambda: hrd.evaluate(x[:, :4]), lambda: hr.evaluate(HANDS[:, :4])),
        (lambda: hrd.evaluate(x, "badugi", wild="2"), lambda: hr.evaluate(HANDS[:, :4], "badugi",
                                                                           wild="2")),
        (lambda: hrd.evaluate(x.astype(float)), lambda: hr.evaluate(HANDS.astype(float))),
        (lambda: hrd.canonical_index(x, (2, 3)), lambda: hr.canonical_index(HANDS, (2, 3))),
        (lambda: hrd.showdown("holdem", x[:, :6].reshape(-1, 3, 2), x[:, :4]),
         lambda: hr.showdown("holdem", HANDS[:, :6].reshape(-1, 3, 2), HANDS[:, :4])),
    ]:
        with pytest.raises(hr.HandError) as want:
            local()
        with pytest.raises(hr.HandError) as got:
            remote()
        assert str(got.value) == str(want.value)
    with pytest.raises(hr.HandError, match="dask.array"):
        hrd.evaluate(HANDS)
    with pytest.raises(hr.HandError, match="2-D"):
        hrd.evaluate(x[0])


# ------------------------------------------ docs/cluster.rst: bench/cluster_billion.py


@pytest.fixture
def cluster_billion(client):
    """bench/cluster_billion.py, importable here and on the workers (Dask
    pickles a module's functions by reference: a worker that cannot import
    the module dies unpickling the task)."""
    import sys
    from pathlib import Path
    bench = str(Path(__file__).resolve().parent.parent / "bench")
    if not Path(bench, "cluster_billion.py").is_file():
        pytest.skip("no bench/ here")

    def add(path):
        sys.path.insert(0, path)

    def remove(path):
        sys.path.remove(path)

    add(bench)
    client.run(add, bench)
    try:
        import cluster_billion
        yield cluster_billion
    finally:
        remove(bench)
        client.run(remove, bench)


def test_cluster_billion_deals_on_the_workers_as_seeded(client, cluster_billion, tmp_path):
    """The page's run at a small size on worker processes: every block is
    hr.deal(seed of (seed, block)); the histogram is that of the local
    evaluation of those blocks, near the exact odds; the showdowns give the
    local mean pot share; the task stream is drawn."""
    cb = cluster_billion
    n, block, seed = 230_000, 50_000, 11            # a short last block
    blocks = [hr.deal(rows, 7, seed=cb._block_seed(seed, i), threads=1)
              for i, rows in enumerate((50_000,) * 4 + (30_000,))]
    hands = cb.dealt(n, block, seed)
    assert hands.chunks[0] == (50_000,) * 4 + (30_000,)
    assert np.array_equal(hands.compute(), np.vstack(blocks))
    with distributed.get_task_stream(client) as ts:
        hist = cb.category_histogram(n, block, seed).compute()
    local = np.bincount(hr.category(hr.evaluate(np.vstack(blocks))), minlength=len(hr.Category))
    assert np.array_equal(hist, local) and hist.sum() == n
    rows = cb.check_histogram(hist)
    assert len(rows) == 10 and max(abs(z) for *_, z in rows) < 5
    assert len(ts.data) >= 5                         # the blocks ran as tasks, recorded
    try:
        import matplotlib  # noqa: F401
    except ImportError:                              # the picture needs matplotlib
        pass
    else:
        cb.draw_task_stream(ts.data, str(tmp_path / "ts.png"), "test")
        assert (tmp_path / "ts.png").stat().st_size > 1000
    assert "fused" in cb.task_kind(("deal-evaluate_block-0123", 0))

    share = cb.aces_vs_kings(40_000, 10_000, seed).compute()
    boards = np.vstack([hr.deal(10_000, 5, seed=cb._block_seed(seed, i), dead="As Ah Ks Kh",
                                threads=1) for i in range(4)])
    holes = np.broadcast_to(np.array([hr.parse("As Ah"), hr.parse("Ks Kh")], np.uint8),
                            (40_000, 2, 2))
    assert np.allclose(share, hr.showdown("holdem", holes, boards).mean(axis=0), rtol=1e-12)


def test_cluster_billion_closes_the_cluster_it_starts(cluster_billion, monkeypatch):
    """main() with no --scheduler starts a LocalCluster: its client and the
    cluster are closed when it returns (once left open, to die with the
    interpreter: a CommClosedError traceback at exit)."""
    started = []

    class Spy(distributed.LocalCluster):
        def __init__(self, *args, **kw):
            super().__init__(*args, **kw)
            started.append(self)

    monkeypatch.setattr(distributed, "LocalCluster", Spy)
    monkeypatch.setattr(cluster_billion, "local_rate", lambda n=0: 1.0)
    environ = dict(os.environ)
    try:
        rc = cluster_billion.main(["--hands", "60000", "--block", "20000", "--showdowns", "0",
                                   "--workers", "1"])
    finally:
        os.environ.clear()
        os.environ.update(environ)
    assert rc == 0
    assert len(started) == 1
    assert started[0].status.name == "closed"


def test_cluster_page_local_cluster_snippet_runs_as_a_script(tmp_path):
    """docs/cluster.rst's LocalCluster snippet, pasted into a script, runs
    and exits cleanly (it needs the __main__ guard: worker processes import
    the script)."""
    import re
    import subprocess
    import sys
    from pathlib import Path
    page = Path(__file__).resolve().parent.parent / "docs" / "cluster.rst"
    blocks = re.findall(r"\.\. code-block:: python\n\n((?:   .*\n|\n)+)", page.read_text())
    snippet = next(b for b in blocks if "LocalCluster(" in b)
    code = "\n".join(line[3:] for line in snippet.splitlines())
    assert 'if __name__ == "__main__":' in code
    script = tmp_path / "cluster_snippet.py"
    script.write_text(code)
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=300, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    want = hr.equity("holdem", ["As Ks", "Qd Qc"]).equity
    printed = [float(x) for x in re.findall(r"\d\.\d+", proc.stdout.splitlines()[-1])]
    assert printed == pytest.approx(want.tolist(), abs=1e-7)
