"""Hand strength, potential, EHS, EHS² and outs: Billings et al.'s worked
example, and a brute-force reference (pure Python, tests/reference.py) on
turns and rivers."""
from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

import handrank as hr
import reference as ref


def ref_potential(hole, board):
    """HS, PPot, NPot straight from the definitions, with the reference
    evaluator: every opponent hand, every completion of the board."""
    used = set(hole + board)
    rest = [c for c in range(52) if c not in used]
    ours_now = ref.strength(hole + board)
    hp = [[0, 0, 0] for _ in range(3)]
    counts = [0, 0, 0]
    ehs2_runs = {}
    for opp in combinations(rest, 2):
        now = ref.strength(list(opp) + board)
        i = (ours_now > now) - (ours_now < now) + 1
        counts[i] += 1
        left = [c for c in rest if c not in opp]
        for run in combinations(left, 5 - len(board)):
            b = board + list(run)
            ours, theirs = ref.strength(hole + b), ref.strength(list(opp) + b)
            j = (ours > theirs) - (ours < theirs) + 1
            hp[i][j] += 1
            ehs2_runs.setdefault(run, []).append(j / 2)
    behind, tied, ahead = 0, 1, 2
    tot = [sum(r) for r in hp]
    hs = (counts[ahead] + counts[tied] / 2) / sum(counts)
    ppot = (hp[behind][ahead] + hp[behind][tied] / 2 + hp[tied][ahead] / 2) / \
        (tot[behind] + tot[tied] / 2)
    npot = (hp[ahead][behind] + hp[tied][behind] / 2 + hp[ahead][tied] / 2) / \
        (tot[ahead] + tot[tied] / 2)
    ehs2 = sum((sum(v) / len(v)) ** 2 for v in ehs2_runs.values()) / len(ehs2_runs)
    return hs, ppot, npot, ehs2


def test_billings_worked_example():
    """A♦Q♣ on 3♥4♣J♥: HS 0.585, PPot 0.208, NPot 0.274 (Billings et al. 1998)."""
    p = hr.hand_potential("Ad Qc", "3h 4c Jh")
    assert (round(p.hs, 3), round(p.ppot, 3), round(p.npot, 3)) == (0.585, 0.208, 0.274)
    assert p.ehs == pytest.approx(p.hs * (1 - p.npot) + (1 - p.hs) * p.ppot)
    assert hr.hand_strength("Ad Qc", "3h 4c Jh") == pytest.approx(p.hs)
    assert hr.hand_strength("Ad Qc", "3h 4c Jh", opponents=3) == pytest.approx(p.hs ** 3)


@pytest.mark.parametrize("seed", range(2))
def test_against_the_reference_on_turns(seed):
    rng = np.random.default_rng(seed)
    cards = rng.permutation(52)[:6].tolist()
    hole, board = cards[:2], cards[2:]
    hs, ppot, npot, ehs2 = ref_potential(hole, board)
    p = hr.hand_potential(hole, board)
    assert (p.hs, p.ppot, p.npot) == pytest.approx((hs, ppot, npot), abs=1e-12)
    assert hr.ehs2(hole, board) == pytest.approx(ehs2, abs=1e-12)
    assert hr.ehs(hole, board) == pytest.approx(hs * (1 - npot) + (1 - hs) * ppot)


def test_batches_equal_single_calls():
    rng = np.random.default_rng(7)
    cards = np.array([rng.permutation(52)[:6] for _ in range(3)], dtype=np.uint8)
    holes, boards = cards[:, :2], cards[:, 2:]
    got = hr.ehs(holes, boards)
    assert got.shape == (3,)
    assert got.tolist() == [hr.ehs(h.tolist(), b.tolist()) for h, b in zip(holes, boards)]
    assert np.allclose(hr.hand_strength(holes, boards),
                       [hr.hand_strength(h, b) for h, b in zip(holes, boards)])
    river = np.array([rng.permutation(52)[:7] for _ in range(2)], dtype=np.uint8)
    assert np.allclose(hr.ehs2(river[:, :2], river[:, 2:]),
                       hr.hand_strength(river[:, :2], river[:, 2:]) ** 2)


def evaluate_counts(hole, board):
    """The counts of include/handrank/analysis/hr_strength.h by brute force with the
    batch evaluator: every opponent hand now, and every (opponent hand,
    completion) pair (about a million 7-card hands on a flop)."""
    rest = [c for c in range(52) if c not in hole + board]
    opp = np.array(list(combinations(rest, 2)), dtype=np.uint8)
    b = np.array(board, dtype=np.uint8)
    ours = int(hr.evaluate(hole + board))
    theirs = hr.evaluate(np.concatenate([opp, np.broadcast_to(b, (len(opp), len(b)))], axis=1))
    now_cls = np.sign(ours - theirs.astype(np.int64)) + 1
    now = tuple(int(x) for x in np.bincount(now_cls, minlength=3))
    if len(board) == 5:
        return now, None, None, None
    runs = np.array(list(combinations(rest, 5 - len(board))), dtype=np.uint8)
    mine = hr.evaluate(np.concatenate([np.broadcast_to(np.array(hole + board, np.uint8),
                                                       (len(runs), 2 + len(b))), runs], axis=1))
    M, R = len(opp), len(runs)
    cards = np.empty((M, R, 7), dtype=np.uint8)
    cards[:, :, :2] = opp[:, None, :]
    cards[:, :, 2:2 + len(b)] = b
    cards[:, :, 2 + len(b):] = runs[None, :, :]
    valid = ~(runs[None, :, :, None] == opp[:, None, None, :]).any(axis=(2, 3))
    cards[~valid] = cards[valid][0]                  # a clash is not dealt: any valid hand
    theirs = hr.evaluate(cards.reshape(M * R, 7)).astype(np.int64).reshape(M, R)
    later = np.sign(mine.astype(np.int64)[None, :] - theirs) + 1
    cell = now_cls[:, None] * 3 + later
    hp = np.bincount(cell[valid], minlength=9).reshape(3, 3)
    run2 = (np.where(valid, later, 0)).sum(axis=0)
    return now, hp, run2, valid.sum(axis=0)


def test_board_major_counts_equal_brute_force():
    """hr_strength.h values each completed board's opponent hands by rank
    pair, and those that can make a flush one by one: its counts equal the
    brute-force ones on flush-rich flops and turns (a monotone flop, two of
    a suit, a paired board) and on a river."""
    high = hr.get_rules("high").tables
    cases = [("Ah Kh", "Qh 7h 2h"), ("Ad Qc", "3h 4c Jh"), ("9s 9c", "9d 9h 2s"),
             ("As 2s", "Ks 7s 2c 3s"), ("Tc Jd", "Qc Kc 2h 2c"), ("7h 8h", "9h Th 2c 3d 4s")]
    for hole, board in cases:
        h, b = hr.parse(hole).tolist(), hr.parse(board).tolist()
        want = evaluate_counts(h, b)
        now, hp, run2, runn = high.potential(bytes(h), bytes(b), True)
        assert now == want[0], (hole, board)
        if want[1] is None:
            assert hp is None
            continue
        assert np.array_equal(hp, want[1]), (hole, board)
        assert np.array_equal(run2, want[2]) and np.array_equal(runn, want[3]), (hole, board)
    with pytest.raises(ValueError):
        high.potential(bytes([1, 1]), bytes([2, 3, 4]), True)
    with pytest.raises(ValueError):
        hr.get_rules("ace-to-five").tables.potential(bytes([0, 1]), bytes([2, 3, 4]), True)


def test_outs_by_brute_force():
    hole, board, opp = hr.parse("Ah Kh").tolist(), hr.parse("Qh 7h 2c").tolist(), \
        hr.parse("Qs Qd").tolist()
    mask, n = hr.outs(hole, board, [opp])
    want = [c for c in range(52) if c not in hole + board + opp
            and ref.strength(hole + board + [c]) > ref.strength(opp + board + [c])]
    assert hr.from_mask(mask).tolist() == sorted(want) and n == len(want) == 8
    assert hr.outs("Qs Qd", "Qh 7h 2c", ["Ah Kh"]) == (0, 0)     # ahead: no outs
    m2, n2 = hr.outs("Ah Kh", "Qh 7h 2c", ["Qs Qd", "Jh Th"])
    assert n2 < n                                                # the other hearts draw too


@pytest.mark.parametrize("call", [
    lambda: hr.hand_strength("Ad Qc Kc", "3h 4c Jh"),
    lambda: hr.hand_strength("Ad Qc", "3h 4c"),
    lambda: hr.hand_strength("Ad Qc", "3h 4c Ad"),
    lambda: hr.hand_strength("Ad Qc", "3h 4c Jh", opponents=0),
    lambda: hr.hand_potential(np.zeros((2, 2), np.uint8), np.zeros((3, 3), np.uint8)),
    lambda: hr.outs("Ah Kh", "Qh 7h 2c", "Qs Qd"),
    lambda: hr.outs("Ah Kh", "Qh 7h 2c 3d 4d", ["Qs Qd"]),
])
def test_analysis_errors(call):
    with pytest.raises(hr.HandError):
        call()
