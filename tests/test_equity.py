"""Equity: exact enumeration against published counts and the brute-force
reference, Monte Carlo against exact, reproducibility, progress, errors."""
from __future__ import annotations

import numpy as np
import pytest

import handrank as hr
import reference as ref


def test_aces_against_kings_preflop_published():
    """All 6 x 6 hole-card combinations of AA vs KK, 1,712,304 boards each
    (OMPEval's test suite): AA wins 50,371,344, KK 10,986,372, ties 285,228."""
    aces = [[48, 49], [48, 50], [48, 51], [49, 50], [49, 51], [50, 51]]
    kings = [[44, 45], [44, 46], [44, 47], [45, 46], [45, 47], [46, 47]]
    wins, ties, deals = np.zeros(2, dtype=np.int64), np.zeros(2, dtype=np.int64), 0
    for a in aces:
        for k in kings:
            r = hr.equity("holdem", [a, k])
            assert r.exact and r.deals == 1_712_304
            wins += r.wins
            ties += r.ties
            deals += r.deals
    assert wins.tolist() == [50_371_344, 10_986_372]
    assert ties.tolist() == [285_228, 285_228]
    assert deals == 61_642_944


CASES = [
    ("holdem", ["As Ks", "Qd Qc"], "2h 7d Jc", ""),
    ("holdem", ["As Ks", "Qd Qc", "7h 7s"], "2h 7d Jc Ts", ""),
    ("holdem", ["Ah Kh", "??"], "Qh Jh 2c 3d", "9h"),
    ("holdem", ["5c 5d", "As"], "Ks 9d 2h 2c", ""),
    ("omaha", ["Ah Kh Qs Js", "Tc Td 9c 8d"], "2h 7h Jc Th", ""),
    ("omaha8", ["Ah 2h 3s Kd", "Ks Qd 9c 9h"], "4h 5h Jc", ""),
    ("omaha8", ["Ac 2c 7s 7h", "Ad 2d Ks Qs"], "3h 4h 8c 7d", ""),
    ("stud8", ["As 2s 3d 7c Kh 9d", "Kd Kc 5h 5d 2c Qs"], "", ""),
    ("razz", ["As 2s 3d 7c Kh 9d", "Kd 4c 5h 6d 2c Qs"], "", "8h 8d"),
    ("lowball", ["As 2s 3d 7c", "Jk 4c 5h 6d"], "", ""),
    ("2-7-draw", ["7s 5c 4d 3h", "8d 6c 4c 2h"], "", ""),
    ("draw-joker", ["As Ad Ac Ah", "Kd Kc Ks Kh"], "", ""),
]


@pytest.mark.parametrize("game,hands,board,dead", CASES, ids=[c[0] for c in CASES])
def test_exact_matches_reference(game, hands, board, dead):
    r = hr.equity(game, hands, board=board, dead=dead)
    eq, wins, ties, deals = ref.equity(game, [h.replace("??", "") for h in hands], board, dead)
    assert r.deals == deals
    assert r.wins.tolist() == wins and r.ties.tolist() == ties
    assert np.allclose(r.equity, eq, rtol=0, atol=1e-12)
    assert r.equity.sum() == pytest.approx(1.0)


@pytest.mark.parametrize("game,hands,board", [
    ("holdem", ["As Ks", "Qd Qc", "??"], "2h 7d Jc"),
    ("omaha8", ["Ah 2h 3s Kd", "Ks Qd 9c 9h"], "4h 5h Jc"),
    ("razz", ["As 2s 3d 7c Kh", "Kd 4c 5h 6d 2c"], ""),
])
def test_monte_carlo_within_three_standard_errors(game, hands, board):
    exact = hr.equity(game, hands, board=board)
    mc = hr.equity(game, hands, board=board, trials=400_000, seed=11)
    assert mc.deals == 400_000 and not mc.exact
    assert np.all(np.abs(mc.equity - exact.equity) <= 3 * mc.stderr + 1e-12)
    assert np.all(mc.stderr > 0)


def test_monte_carlo_reproducible_for_a_seed_on_any_threads():
    args = ("holdem", ["As Ks", "??", "??"])
    a = hr.equity(*args, trials=300_000, seed=42, threads=1)
    b = hr.equity(*args, trials=300_000, seed=42, threads=2)
    c = hr.equity(*args, trials=300_000, seed=42, progress=lambda d, t: None)
    for x in (b, c):
        assert np.array_equal(a.wins, x.wins) and np.array_equal(a.ties, x.ties)
        assert np.array_equal(a.equity, x.equity)
    d = hr.equity(*args, trials=300_000, seed=43)
    assert not np.array_equal(a.wins, d.wins)
    e = hr.equity(*args, trials=300_000)
    assert e.seed is not None
    assert np.array_equal(hr.equity(*args, trials=300_000, seed=e.seed).wins, e.wins)


def test_exact_threads_agree():
    a = hr.equity("omaha8", ["Ah 2h 3s Kd", "Ks Qd 9c 9h"], threads=1, board="4h 5h")
    b = hr.equity("omaha8", ["Ah 2h 3s Kd", "Ks Qd 9c 9h"], threads=2, board="4h 5h")
    assert np.array_equal(a.wins, b.wins) and np.array_equal(a.equity, b.equity)


def test_progress_callback():
    calls = []
    r = hr.equity("holdem", ["As Ks", "Qd Qc"], progress=lambda d, t: calls.append((d, t)))
    assert len(calls) > 10
    assert calls[-1] == (r.deals, r.deals)
    assert all(a[0] <= b[0] for a, b in zip(calls, calls[1:]))
    mc = []
    hr.equity("holdem", ["As Ks", "Qd Qc"], trials=1_000_000, seed=1,
              progress=lambda d, t: mc.append((d, t)))
    assert mc[-1] == (1_000_000, 1_000_000) and len(mc) > 5


def test_unknown_hands_and_partial_hands():
    r = hr.equity("holdem", ["Ah Ad", None], board="2c 7d 9s Jh")
    r2 = hr.equity("holdem", ["Ah Ad", "??"], board="2c 7d 9s Jh")
    r3 = hr.equity("holdem", ["Ah Ad", "?? ??"], board="2c 7d 9s Jh")
    assert r.deals == 46 * 990 and np.array_equal(r.wins, r2.wins) and np.array_equal(r.wins, r3.wins)
    half = hr.equity("holdem", ["Ah Ad", "Kc ??"], board="2c 7d 9s Jh")
    assert half.deals == 45 * 44


def test_equity_errors():
    with pytest.raises(hr.HandError, match="card As appears twice"):
        hr.equity("holdem", ["As Ks", "As Qc"])
    with pytest.raises(hr.HandError, match="deck runs out"):
        hr.equity("stud", ["??"] * 7, dead="As Ks Qs Js", trials=10)
    with pytest.raises(hr.HandError, match="exact enumeration would take .* deals.*trials="):
        hr.equity("holdem", ["As Ks", "??", "??"])
    with pytest.raises(hr.HandError, match="trials must be a positive integer"):
        hr.equity("holdem", ["As Ks", "Qd Qc"], trials=0)
    with pytest.raises(hr.HandError, match="seed must be an integer"):
        hr.equity("holdem", ["As Ks", "Qd Qc"], trials=10, seed="x")
    with pytest.raises(hr.HandError, match="player 0 has 3 cards; at most 2"):
        hr.equity("holdem", ["As Ks Qs", "Qd Qc"])
    with pytest.raises(hr.HandError, match="52-card deck; no jokers"):
        hr.equity("holdem", ["As Jk", "Qd Qc"])
    with pytest.raises(hr.HandError, match="stud has no board"):
        hr.equity("stud", ["As Ks Qs", "Qd Qc Jc"], board="2c")
    with pytest.raises(hr.HandError, match="one entry per player"):
        hr.equity("holdem", "As Ks")
    with pytest.raises(hr.HandError, match="unknown game"):
        hr.equity("go-fish", ["As Ks"])
