"""hand_strength(..., opponents=n, exact=True): the exact pot share now
against n random hands (issue 25, item 4), against direct enumeration
(two opponents), a fixed-seed simulation (three and four), and cases whose
answer is known."""
from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

import handrank as hr


def _values(hole, board):
    rest = [c for c in range(52) if c not in hole + board]
    opp = np.array(list(combinations(rest, 2)), dtype=np.uint8)
    b = np.broadcast_to(np.array(board, dtype=np.uint8), (len(opp), len(board)))
    return int(hr.evaluate(hole + board)), hr.evaluate(np.concatenate([opp, b], axis=1)), opp


def two_opponents(hole, board):
    """Every pair of disjoint opponent hands."""
    ours, theirs, opp = _values(hole, board)
    m = (np.uint64(1) << opp[:, 0].astype(np.uint64)) | (np.uint64(1) << opp[:, 1].astype(np.uint64))
    i, j = np.triu_indices(len(opp), 1)
    ok = (m[i] & m[j]) == 0
    a, b = theirs[i[ok]].astype(int), theirs[j[ok]].astype(int)
    lost = (a > ours) | (b > ours)
    ties = (a == ours).astype(int) + (b == ours).astype(int)
    return float(np.where(lost, 0.0, 1.0 / (1 + ties)).mean())


def simulated(hole, board, n, deals=40_000, seed=1):
    rest = np.array([c for c in range(52) if c not in hole + board], dtype=np.uint8)
    rng = np.random.default_rng(seed)
    picks = rest[np.argsort(rng.random((deals, len(rest))), axis=1)[:, :2 * n]]
    ours = int(hr.evaluate(hole + board))
    b = np.broadcast_to(np.array(board, dtype=np.uint8), (deals, len(board)))
    vals = np.stack([hr.evaluate(np.concatenate([picks[:, 2 * k:2 * k + 2], b], axis=1))
                     for k in range(n)], axis=1).astype(int)
    lost = (vals > ours).any(axis=1)
    ties = (vals == ours).sum(axis=1)
    share = np.where(lost, 0.0, 1.0 / (1 + ties))
    return share.mean(), share.std() / np.sqrt(deals)


CASES = [("Ad Qc", "3h 4c Jh"), ("Kc Kd", "Ah 7c 2d 9s"), ("5c 4c", "6c 7c Kd 2h 9c"),
         ("Th 9h", "Jh 8h 2c"), ("7s 7d", "7c Ks Kd"), ("Ac 2d", "Ah Kd Ks 2c 9h")]


@pytest.mark.parametrize("hole, board", CASES)
def test_one_and_two_opponents_exactly(hole, board):
    h, b = hr.parse(hole).tolist(), hr.parse(board).tolist()
    assert hr.hand_strength(hole, board, exact=True) == pytest.approx(
        hr.hand_strength(hole, board), abs=1e-15)
    assert hr.hand_strength(hole, board, opponents=2, exact=True) == pytest.approx(
        two_opponents(h, b), abs=1e-12)


@pytest.mark.parametrize("hole, board", CASES[:3])
@pytest.mark.parametrize("n", [3, 5])
def test_more_opponents_against_simulation(hole, board, n):
    h, b = hr.parse(hole).tolist(), hr.parse(board).tolist()
    mean, se = simulated(h, b, n)
    got = hr.hand_strength(hole, board, opponents=n, exact=True)
    assert abs(got - mean) < 5 * se + 1e-9, (got, mean, se)


def test_issue_example_and_known_answers():
    assert round(hr.hand_strength("Ad Qc", "3h 4c Jh", opponents=2, exact=True), 4) == 0.3350
    assert round(hr.hand_strength("Ad Qc", "3h 4c Jh", opponents=2), 4) == 0.3423
    for n in (1, 4, 9):                      # the board plays: every hand ties
        assert hr.hand_strength("2c 3d", "As Ks Qs Js Ts", opponents=n, exact=True) == \
            pytest.approx(1 / (n + 1), abs=1e-15)
    assert hr.hand_strength("Ah Kh", "Qh 7h 2h", opponents=9, exact=True) == 1.0
    batch = hr.hand_strength([hr.parse("Ah Kh"), hr.parse("2c 3d")],
                             [hr.parse("Qh 7h 2h"), hr.parse("Ks Qs 9h")], opponents=3,
                             exact=True)
    assert batch[0] == 1.0 and 0 < batch[1] < 0.05
    assert hr.hand_strength("Ad Qc", "3h 4c Jh", opponents=22, exact=True) >= 0.0


def test_errors():
    with pytest.raises(hr.HandError, match="exact is True or False"):
        hr.hand_strength("Ad Qc", "3h 4c Jh", exact="yes")
    with pytest.raises(hr.HandError, match="opponents must be an integer"):
        hr.hand_strength("Ad Qc", "3h 4c Jh", opponents=0, exact=True)


# ------------------------------------------------ the shipped preflop table
@pytest.mark.parametrize("cls, n", [("AA", 3), ("72o", 2), ("T9s", 5), ("22", 9), ("AKo", 6)])
def test_preflop_vs_random_against_an_independent_simulation(cls, n):
    """A cell of the table (its own Monte Carlo) against hr.equity's
    simulation with n random hands (another code path, another seed),
    within 4 standard errors of the difference."""
    from handrank.tables._preflop import _representative
    eq, se = hr.preflop_vs_random(cls, n, se=True)
    hole = hr.format(list(_representative(cls)))
    r = hr.equity("holdem", [hole] + [None] * n, trials=400_000, seed=99)
    other, other_se = float(r.equity[0]), float(r.stderr[0])
    assert abs(eq - other) < 4 * np.hypot(se, other_se), (eq, se, other, other_se)


def test_preflop_vs_random_one_opponent_is_the_exact_heads_up_figure():
    assert hr.preflop_vs_random("AA", se=True) == (pytest.approx(0.8520371, abs=1e-7), 0.0)
    assert hr.preflop_vs_random("72o") == pytest.approx(0.3458365, abs=1e-7)
    row, vs_random = hr.preflop_row("T9s", threads=1)
    assert hr.preflop_vs_random("T9s", 1) == pytest.approx(vs_random, abs=1e-12)


def test_preflop_vs_random_table_shape_monotone_and_aces_on_top():
    from handrank.tables._preflop_multiway import HAND_CLASSES, _multiway_table
    eq, se, deals = _multiway_table()
    assert eq.shape == se.shape == (169, 9) and deals >= 1_000_000
    assert (np.diff(eq, axis=1) < 0).all()              # each more opponent costs equity
    assert (eq.argmax(axis=0) == HAND_CLASSES.index("AA")).all()
    assert (se[:, 0] == 0).all() and 0 < se[:, 1:].min() and se.max() < 4e-4
    assert eq[HAND_CLASSES.index("AA"), 8] > 0.3 > eq[HAND_CLASSES.index("72o"), 1]
    # a hand and its class read the same cell
    assert hr.preflop_vs_random("Ah Kh", 4) == hr.preflop_vs_random("AKs", 4)
    assert hr.preflop_vs_random([51, 50], 2) == hr.preflop_vs_random("AA", 2)


@pytest.mark.parametrize("hand, n, words", [("AA", 0, "opponents must be an integer 1..9"),
                                            ("AA", 10, "1..9"), ("AA", True, "1..9"),
                                            ("AA", 2.0, "1..9"), ("AXs", 2, "AXs")])
def test_preflop_vs_random_errors(hand, n, words):
    with pytest.raises(hr.HandError, match=words):
        hr.preflop_vs_random(hand, n)
