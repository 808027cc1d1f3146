"""The exact preflop table: rows computed on the spot, checked against the
generic equity code and published figures; the cache round trip."""
from __future__ import annotations

import os
import time

import numpy as np
import pytest

import handrank as hr
from conftest import assert_interrupts
from handrank.tables import _preflop


@pytest.fixture(scope="module")
def aa_row():
    return hr.preflop_row("AA")


def test_aces_and_seven_deuce_against_a_random_hand(aa_row):
    row, vs_random = aa_row
    assert vs_random == pytest.approx(0.852037, abs=5e-7)      # "AA vs random about 85.2%"
    _, seven_deuce = hr.preflop_row("72o")
    assert seven_deuce == pytest.approx(0.345836, abs=5e-7)    # "72o vs random about 34.6%"


def test_row_entries_match_class_vs_class_equity(aa_row):
    row, _ = aa_row
    i = hr.HAND_CLASSES.index
    # AA against KK, over every hand of KK that AcAd meets, all boards
    assert row[i("KK")] == pytest.approx(hr.equity("holdem", ["Ac Ad", "KK"]).equity[0],
                                         abs=1e-12)
    # the representative hand does not matter: any aces against all of 72o
    assert row[i("72o")] == pytest.approx(hr.equity("holdem", ["Ah As", "72o"]).equity[0],
                                          abs=1e-12)
    assert row[i("AA")] == pytest.approx(0.5)


def test_suited_row_against_range_equity():
    row, _ = hr.preflop_row("AKs")
    qq = row[hr.HAND_CLASSES.index("QQ")]
    # the whole classes against each other: the weighted average over all hand pairs
    assert qq == pytest.approx(hr.equity("holdem", ["AKs", "QQ"]).equity[0], abs=1e-12)
    assert qq == pytest.approx(0.460485, abs=5e-6)
    jt = row[hr.HAND_CLASSES.index("JTs")]
    assert jt == pytest.approx(hr.equity("holdem", ["AKs", "JTs"]).equity[0], abs=1e-12)


def test_canonical_matchups_are_suit_renamings():
    a, b = (48, 49), (44, 46)                               # Ac Ad vs Kc Kh
    key = _preflop._canonical(a, b)
    assert key == _preflop._canonical((50, 51), (46, 44)) == _preflop._canonical((51, 48), (47, 45))
    plan, keys = _preflop._plan([("AKs", "QQ")])
    assert sum(plan[("AKs", "QQ")].values()) == 6 and len(keys) == 2


def test_cache_round_trip(tmp_path, monkeypatch):
    def no_build(threads, progress):
        raise AssertionError("a good cache must load, not rebuild")
    monkeypatch.setattr(_preflop, "_build", no_build)
    rng = np.random.default_rng(0).random((169, 169))
    eq = (rng + 1 - rng.T) / 2                                # eq + eq.T == 1
    vs = eq.mean(axis=1)
    path = tmp_path / "preflop.npz"
    _preflop._save(path, eq, vs)
    start = time.perf_counter()
    t = hr.preflop_table(path)
    assert time.perf_counter() - start < 0.5
    assert np.array_equal(t.equity, eq) and t("AA") == vs[0]
    assert t("AKs", "qq") == eq[hr.HAND_CLASSES.index("AKs"), hr.HAND_CLASSES.index("QQ")]
    with pytest.raises(hr.HandError, match="unknown starting-hand class"):
        t("AKx")
    monkeypatch.setenv("HANDRANK_CACHE", str(tmp_path))
    assert _preflop.cache_path() == tmp_path / f"preflop-v{_preflop.VERSION}.npz"


@pytest.mark.parametrize("threads", [0, -1, 1.5, "2", True])
def test_bad_thread_counts_are_refused_before_any_work(tmp_path, monkeypatch, threads):
    def no_work(*args, **kwargs):
        raise AssertionError("threads must be checked before any work")
    monkeypatch.setattr(_preflop, "_plan", no_work)
    monkeypatch.setattr(_preflop, "_build", no_work)
    with pytest.raises(hr.HandError, match="threads"):
        hr.preflop_row("AA", threads=threads)
    with pytest.raises(hr.HandError, match="threads"):
        hr.preflop_table(tmp_path / "t.npz", threads=threads)
    assert os.listdir(tmp_path) == []


class FakeKernel:
    """Stands in for the C kernel: records slice sizes, counts each matchup."""

    def __init__(self):
        self.slices = []

    def holdem_headsup(self, matchups, out, threads):
        self.slices.append(len(matchups))
        out[:, 0] = matchups[:, 0]
        out[:, 1] = 1
        time.sleep(0.001)


def test_play_calls_the_kernel_in_slices(monkeypatch):
    kernel = FakeKernel()
    monkeypatch.setattr(_preflop, "get_rules", lambda name: type("R", (), {"tables": kernel}))
    keys = {(i // 52, i % 52, 0, 0): i for i in range(2000)}
    done = []
    out = _preflop._play(keys, 2, lambda d, n: done.append((d, n)))
    assert kernel.slices[0] == 32                        # threads * 16 at first
    assert sum(kernel.slices) == 2000 and len(kernel.slices) > 1
    assert max(kernel.slices) <= 2 * 256
    assert done[-1] == (2000, 2000) and len(done) == len(kernel.slices)
    assert out[:, 0].tolist() == [i // 52 for i in range(2000)] and (out[:, 1] == 1).all()


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process is POSIX only")
def test_ctrl_c_interrupts_a_row_within_a_second():
    assert_interrupts("import handrank as hr", """
        while True:
            hr.preflop_row("AKo", threads=1)             # 757 matchups: seconds each
        """, limit=1.5, sanitized_limit=4.0, settle=1.0)
