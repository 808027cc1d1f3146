"""The exact preflop table: rows computed on the spot, checked against the
generic equity code and published figures; the cache round trip."""
from __future__ import annotations

import time

import numpy as np
import pytest

import handrank as hr
from handrank import _preflop


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
    eq = np.random.default_rng(0).random((169, 169))
    vs = eq.mean(axis=1)
    path = tmp_path / "preflop.npz"
    np.savez(path, equity=eq, vs_random=vs, version=_preflop.VERSION,
             classes=np.array(hr.HAND_CLASSES))
    start = time.perf_counter()
    t = hr.preflop_table(path)
    assert time.perf_counter() - start < 0.5
    assert np.array_equal(t.equity, eq) and t("AA") == vs[0]
    assert t("AKs", "qq") == eq[hr.HAND_CLASSES.index("AKs"), hr.HAND_CLASSES.index("QQ")]
    with pytest.raises(hr.HandError, match="unknown starting-hand class"):
        t("AKx")
    monkeypatch.setenv("HANDRANK_CACHE", str(tmp_path))
    assert _preflop.cache_path() == tmp_path / f"preflop-v{_preflop.VERSION}.npz"
