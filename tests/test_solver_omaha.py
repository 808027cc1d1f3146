"""Omaha turn and river showdown values (PLO4, PLO5): strengths against
evaluate_omaha, values and compatible reach against a pair loop in numpy,
turns against a pair loop over their rivers and against a sum of river
values (suit symmetry on and off), shapes, batches, threads and argument
checks."""
from __future__ import annotations

from math import comb

import numpy as np
import pytest

import handrank as hr
from handrank import _core
from handrank.rules import get_rules

N = {4: comb(52, 4), 5: comb(52, 5)}


def _masks(h: np.ndarray) -> np.ndarray:
    m = np.zeros(len(h), dtype=np.uint64)
    for j in range(h.shape[1]):
        m |= np.uint64(1) << h[:, j].astype(np.uint64)
    return m


def _board(rng: np.random.Generator) -> np.ndarray:
    return np.sort(rng.choice(52, 5, replace=False)).astype(np.uint8)


def _strengths(board: np.ndarray, k: int) -> np.ndarray:
    return _core.pl_strengths(get_rules("high").tables, board, k)


@pytest.mark.parametrize("k", [4, 5])
def test_strengths_are_evaluate_omaha(k):
    rng = np.random.default_rng(10 + k)
    h = hr.hole_hands(k)
    for _ in range(3):
        b = _board(rng)
        s = _strengths(b, k)
        dead = (_masks(h) & _masks(b[None, :])[0]) != 0
        assert int((~dead).sum()) == comb(47, k)
        assert (s[dead] == -1).all() and (s[~dead] >= 0).all()
        pick = np.flatnonzero(~dead)[rng.choice(comb(47, k), 4000, replace=False)]
        assert (hr.evaluate_omaha(h[pick], b) == s[pick]).all()


def _brute(board, r, heroes, k):
    """(values, compat) of the heroes by the pair loop over the support of r."""
    h = hr.hole_hands(k)
    s = _strengths(board, k).astype(np.int64)
    m = _masks(h)
    bm = _masks(board[None, :])[0]
    sup = np.flatnonzero(r)
    sup = sup[(m[sup] & bm) == 0]                       # weights on dead hands are ignored
    val, comp, ties = np.zeros(len(heroes)), np.zeros(len(heroes)), 0
    for t, i in enumerate(heroes):
        if m[i] & bm:
            continue
        j = sup[(m[sup] & m[i]) == 0]
        sg = np.sign(s[i] - s[j])
        val[t] = (r[j] * sg).sum()
        comp[t] = r[j].sum()
        ties += int((sg == 0).sum())
    return val, comp, ties


def _case(k, seed, nsup):
    """A board, a reach vector with nsup live hands (a fifth of them tied in
    strength, a few weights on dead hands), and heroes: random live hands,
    the support itself, hands sharing 1..k-1 cards with it, dead hands."""
    rng = np.random.default_rng(seed)
    h = hr.hole_hands(k)
    b = _board(rng)
    s = _strengths(b, k)
    live = np.flatnonzero(s >= 0)
    sup = rng.choice(live, nsup, replace=False)
    common = np.flatnonzero(s == np.bincount(s[live]).argmax())
    sup = np.unique(np.concatenate([sup, rng.choice(common, min(len(common), nsup // 5),
                                                    replace=False)]))
    r = np.zeros(N[k])
    r[sup] = rng.random(len(sup))
    r[sup[: len(sup) // 10]] = 0.25                     # repeated weights
    dead = np.flatnonzero(s < 0)
    r[rng.choice(dead, 7, replace=False)] = rng.random(7) + 1
    near = []
    for i in sup[:60]:
        keep = rng.choice(k, rng.integers(1, k), replace=False)
        cards = set(int(c) for c in h[i][keep])
        while len(cards) < k:
            cards.add(int(rng.integers(52)))
        near.append(sorted(cards))
    heroes = np.concatenate([rng.choice(live, 200, replace=False), sup,
                             hr.hand_index(np.array(near)), rng.choice(dead, 20, replace=False)])
    return b, r, heroes


@pytest.mark.parametrize("k, seed, nsup", [(4, 1, 50), (4, 2, 300), (4, 3, 150), (5, 4, 60),
                                           (5, 5, 250)])
def test_values_against_pair_loop(k, seed, nsup):
    b, r, heroes = _case(k, seed, nsup)
    r0 = r.copy()
    v = hr.omaha_showdown_values(b, r)
    c = hr.omaha_compatible_reach(b, r)
    e = hr.omaha_showdown_values(b, r, equity=True)
    assert (r == r0).all()                              # inputs are not modified
    assert v.shape == c.shape == e.shape == (N[k],) and v.dtype == np.float64
    want, comp, ties = _brute(b, r, heroes, k)
    assert ties > 0                                     # ties are exercised
    np.testing.assert_allclose(v[heroes], want, rtol=0, atol=1e-9)
    np.testing.assert_allclose(c[heroes], comp, rtol=0, atol=1e-9)
    ok = comp > 0
    np.testing.assert_allclose(e[heroes][ok], (want[ok] / comp[ok] + 1) / 2, rtol=0, atol=1e-9)
    dead = _strengths(b, k) < 0
    assert (v[dead] == 0).all() and (c[dead] == 0).all() and np.isnan(e[dead]).all()


def test_dead_weights_are_ignored():
    b, r, heroes = _case(4, 7, 80)
    s = _strengths(b, 4)
    clean = np.where(s >= 0, r, 0.0)
    assert (r != clean).any()
    assert (hr.omaha_showdown_values(b, r) == hr.omaha_showdown_values(b, clean)).all()


def test_uniform_range_counts():
    # against every hand at weight 1, compat counts the hands of the 43 cards left
    board = "Ks Qc 9h 4s 2d"
    c = hr.omaha_compatible_reach(board, np.ones(N[4]))
    s = _strengths(np.array(hr.parse(board), dtype=np.uint8), 4)
    assert np.allclose(c[s >= 0], comb(43, 4)) and (c[s < 0] == 0).all()
    v = hr.omaha_showdown_values(board, np.ones(N[4]))
    # the value of the weakest hands is minus (compatible hands not tied with them)
    assert v[s >= 0].min() < 0 < v[s >= 0].max() <= comb(43, 4)


@pytest.mark.parametrize("k, nv", [(4, 1), (4, 3), (4, 6), (5, 3)])
def test_vectors_and_batches(k, nv):
    rng = np.random.default_rng(20 + nv)
    boards = np.array([_board(rng) for _ in range(2)])
    r = np.zeros((2, nv, N[k]))
    for b in range(2):
        for v in range(nv):
            idx = rng.choice(N[k], 400, replace=False)
            r[b, v, idx] = rng.random(400)
    out = hr.omaha_showdown_values(boards, r)
    assert out.shape == r.shape
    for b in range(2):
        one = hr.omaha_showdown_values(boards[b], r[b])
        assert one.shape == (nv, N[k])
        np.testing.assert_allclose(out[b], one, rtol=0, atol=1e-12)
        for v in range(nv):
            np.testing.assert_allclose(hr.omaha_showdown_values(boards[b], r[b, v]), one[v],
                                       rtol=0, atol=1e-12)
    t2 = hr.omaha_showdown_values(boards, r, threads=2)
    np.testing.assert_allclose(t2, out, rtol=0, atol=1e-12)
    text = [hr.format(x) for x in boards]
    np.testing.assert_allclose(hr.omaha_showdown_values(text, r), out, rtol=0, atol=0)


@pytest.mark.parametrize("k, nv", [(4, 11), (5, 4)])
def test_every_lane_count_and_loop_agree(k, nv):
    """The sweep has one template instantiated per lane count and loop (1,
    2 and 4 lanes; 4 with AVX2 and 8 with AVX-512 where the CPU has them):
    every loop this CPU runs, on a batch that splits into chunks of each
    width, gives what one vector at a time gives under the portable loop."""
    from handrank import _core
    rng = np.random.default_rng(70 + nv)
    board = _board(rng)
    r = rng.random((nv, N[k])) * (rng.random((nv, N[k])) < 0.5)
    before = _core.isa()
    usable = _core.ISA_NAMES[:_core.ISA_NAMES.index(_core.BEST_ISA) + 1]
    try:
        _core.set_isa("portable")
        one = np.array([hr.omaha_showdown_values(board, r[v]) for v in range(nv)])
        comp = np.array([hr.omaha_compatible_reach(board, r[v]) for v in range(nv)])
        scale = r.sum(axis=1).max()
        for name in usable:
            _core.set_isa(name)
            np.testing.assert_allclose(hr.omaha_showdown_values(board, r), one, rtol=0,
                                       atol=1e-12 * scale, err_msg=name)
            np.testing.assert_allclose(hr.omaha_compatible_reach(board, r), comp, rtol=0,
                                       atol=1e-12 * scale, err_msg=name)
    finally:
        _core.set_isa(before)


def test_docs_example_by_hand():
    # Ks Qc 9h 4s 2d: Kh Kd 9c 9d top set, Qh Qd Js Ts a king-high straight, 8c 7c 6d 5d
    # king high; Ac As Jh Th makes the same straight
    r = np.zeros(N[4])
    r[hr.hand_index(["Kh Kd 9c 9d", "Qh Qd Js Ts", "8c 7c 6d 5d"])] = 1.0
    v = hr.omaha_showdown_values("Ks Qc 9h 4s 2d", r)
    got = v[hr.hand_index(["Ac As Jh Th", "Kh Kd 9c 9d", "Qh Qd Js Ts", "8c 7c 6d 5d"])]
    assert got.tolist() == [2.0, 0.0, 2.0, -2.0]


@pytest.mark.parametrize("board, reach, msg", [
    ("Ks Qc 9h", np.zeros(N[4]), "turns and rivers: board must have 4 or 5 cards; got 3"),
    (["Ks Qc 9h", "2c 3c 4c"], np.zeros((2, N[4])), "flop values are not offered"),
    ("Ks Qc", np.zeros(N[4]), "turns and rivers: board must have 4 or 5 cards; got 2$"),
    ("Ks Qc 9h 4s 2d 3d", np.zeros(N[4]), "must have 4 or 5 cards; got 6$"),
    ("Ks Qc 9h 4s", np.zeros(N[5] - 1), "270,725 weights"),
    ("Ks Qc 9h 4s 4s", np.zeros(N[4]), "appears twice"),
    ("Ks Qc 9h 4s 2d", np.zeros(1326), "270,725 weights"),
    ("Ks Qc 9h 4s 2d", np.zeros((2, 10)), "270,725 weights"),
    ("Ks Qc 9h 4s 2d", "AAKK", "array of weights"),
    ("Ks Qc 9h 4s 2d", {"As Ks Qd Jd": 1.0}, "array of weights"),
    ("Ks Qc 9h 4s 2d", "x", "array of weights"),
    (["Ks Qc 9h 4s 2d", "2c 3c 4c 5c 6c"], np.zeros(N[4]), r"shape \(2, \.\.\., 270725\)"),
    (["Ks Qc 9h 4s 2d", "2c 3c 4c 5c 6c"], np.zeros((3, N[4])), r"with 2 boards"),
])
def test_errors(board, reach, msg):
    with pytest.raises(hr.HandError, match=msg):
        hr.omaha_showdown_values(board, reach)
    with pytest.raises(hr.HandError, match=msg):
        hr.omaha_showdown_values(board, reach, equity=True)
    with pytest.raises(hr.HandError, match=msg):
        hr.omaha_compatible_reach(board, reach)


@pytest.mark.parametrize("bad, msg", [(-1.0, ">= 0; got -1.0 at index 5"),
                                      (np.nan, "finite numbers; got nan at index 5"),
                                      (np.inf, "finite numbers; got inf at index 5")])
def test_bad_weights(bad, msg):
    r = np.zeros(N[4])
    r[5] = bad                                          # even on a dead hand
    for f in (lambda: hr.omaha_showdown_values("2c 2d 2h 3c 3d", r),
              lambda: hr.omaha_compatible_reach("2c 2d 2h 3c 3d", r),
              lambda: hr.omaha_showdown_values("2c 2d 2h 2s", r),          # a turn
              lambda: hr.omaha_showdown_values("2c 2d 2h 2s", r, equity=True)):
        with pytest.raises(hr.HandError, match=msg):
            f()
    r2 = np.zeros((2, N[4]))
    r2[1, 7] = bad
    with pytest.raises(hr.HandError, match=r"at index \(1, 7\)"):
        hr.omaha_showdown_values("Ks Qc 9h 4s 2d", r2)


def test_threads_argument():
    with pytest.raises(hr.HandError, match="threads"):
        hr.omaha_showdown_values("Ks Qc 9h 4s 2d", np.zeros(N[4]), threads=0)


# Turns: the mean over the rivers each pair of disjoint hands leaves
# (52 - 4 - 2k of the 48), against a pair loop with evaluate_omaha, an
# explicit sum of river values, and suit symmetry switched off.

def _without_symmetry(f):
    """f() with the turn's suit symmetry switched off (every river swept)."""
    from handrank.solver import _omaha
    _omaha._SYMMETRY = False
    try:
        return f()
    finally:
        _omaha._SYMMETRY = True


def _turn_brute(turn, r, heroes, k):
    """(values, compat, ties) of the heroes on a turn by the pair loop over the
    support of r, every river a pair leaves evaluated with evaluate_omaha."""
    h = hr.hole_hands(k)
    m = _masks(h)
    tm = _masks(turn[None, :])[0]
    sup = np.flatnonzero(r)
    sup = sup[(m[sup] & tm) == 0]
    hs = np.unique(np.concatenate([np.asarray(heroes), sup]))
    hs = hs[(m[hs] & tm) == 0]
    pos = {int(x): t for t, x in enumerate(hs)}
    strength = np.full((52, len(hs)), -1, dtype=np.int64)     # [river card, hand]
    for c in range(52):
        if (tm >> np.uint64(c)) & np.uint64(1):
            continue
        ok = (m[hs] & (np.uint64(1) << np.uint64(c))) == 0
        board = np.append(turn, c).astype(np.uint8)
        strength[c, ok] = hr.evaluate_omaha(h[hs[ok]], np.broadcast_to(board, (ok.sum(), 5)))
    val, comp, ties = np.zeros(len(heroes)), np.zeros(len(heroes)), 0
    for t, i in enumerate(heroes):
        if m[i] & tm:
            continue
        for j in sup[(m[sup] & m[i]) == 0]:
            used = m[i] | m[j] | tm
            rivers = [c for c in range(52) if not (used >> np.uint64(c)) & np.uint64(1)]
            assert len(rivers) == 52 - 4 - 2 * k
            sg = np.sign(strength[rivers, pos[int(i)]] - strength[rivers, pos[int(j)]])
            val[t] += r[j] * sg.mean()
            comp[t] += r[j]
            ties += int((sg == 0).sum())
    return val, comp, ties


def _turn_case(k, seed, nsup, nheroes):
    rng = np.random.default_rng(seed)
    n = N[k]
    h = hr.hole_hands(k)
    turn = np.sort(rng.choice(52, 4, replace=False)).astype(np.uint8)
    live = np.flatnonzero((_masks(h) & _masks(turn[None, :])[0]) == 0)
    r = np.zeros(n)
    sup = rng.choice(live, nsup, replace=False)
    r[sup] = rng.random(nsup)
    r[sup[: nsup // 4]] = 0.5                           # repeated weights
    dead = np.flatnonzero((_masks(h) & _masks(turn[None, :])[0]) != 0)
    r[rng.choice(dead, 3, replace=False)] = 2.0         # ignored
    near = []                                           # heroes sharing cards with the support
    for i in sup[:10]:
        cards = set(int(c) for c in h[i][: rng.integers(1, k)])
        while len(cards) < k:
            cards.add(int(rng.integers(52)))
        near.append(sorted(cards))
    heroes = np.concatenate([rng.choice(live, nheroes, replace=False), sup[:10],
                             hr.hand_index(np.array(near)), dead[:5]])
    return turn, r, heroes


def test_turn_against_pair_loop_plo4():
    turn, r, heroes = _turn_case(4, 31, 40, 60)
    r0 = r.copy()
    v = hr.omaha_showdown_values(turn, r, threads=1)
    c = hr.omaha_compatible_reach(turn, r)
    e = hr.omaha_showdown_values(turn, r, equity=True)
    assert (r == r0).all()
    assert v.shape == c.shape == e.shape == (N[4],)
    want, comp, ties = _turn_brute(turn, r, heroes, 4)
    assert ties > 0 and (comp > 0).sum() > 50
    np.testing.assert_allclose(v[heroes], want, rtol=0, atol=1e-9)
    np.testing.assert_allclose(c[heroes], comp, rtol=0, atol=1e-9)
    ok = comp > 0
    np.testing.assert_allclose(e[heroes][ok], (want[ok] / comp[ok] + 1) / 2, rtol=0, atol=1e-9)
    dead = (_masks(hr.hole_hands(4)) & _masks(turn[None, :])[0]) != 0
    assert (v[dead] == 0).all() and (c[dead] == 0).all() and np.isnan(e[dead]).all()


def _symmetric_reach(turn, k, seed, nsup):
    """A sparse reach over live hands that every suit permutation fixing the
    turn keeps: random hands and all their images, one weight per orbit."""
    rng = np.random.default_rng(seed)
    h = hr.hole_hands(k)
    group = hr.runouts(turn).group
    live = np.flatnonzero((_masks(h) & _masks(turn[None, :])[0]) == 0)
    r = np.zeros(N[k])
    for i in rng.choice(live, nsup, replace=False):
        w = rng.random()
        for p in group:
            c = h[i].astype(np.int64)
            r[hr.hand_index(c - c % 4 + p[c % 4])] = w
    return r


def test_turn_against_pair_loop_plo5_symmetric():
    # a monotone turn: six suit permutations keep it and the reach, 22 rivers swept
    from handrank.solver import _omaha
    turn = np.array(hr.parse("2h 7h Th Kh"), dtype=np.uint8)
    r = _symmetric_reach(turn, 5, 41, 5)
    assert len(_omaha._turn_plan(turn, r[None, :], 5)) == 22
    rng = np.random.default_rng(42)
    h = hr.hole_hands(5)
    live = np.flatnonzero((_masks(h) & _masks(turn[None, :])[0]) == 0)
    heroes = np.concatenate([rng.choice(live, 25, replace=False), np.flatnonzero(r)[:5]])
    e = hr.omaha_showdown_values(turn, r[None, :], equity=True, threads=1)[0]
    want, comp, ties = _turn_brute(turn, r, heroes, 5)
    assert ties > 0 and (comp > 0).all()
    np.testing.assert_allclose(e[heroes], (want / comp + 1) / 2, rtol=0, atol=1e-12)


def _river_sum(turn, r, k, compat=False):
    f = hr.omaha_compatible_reach if compat else hr.omaha_showdown_values
    total = 0
    for c in range(52):
        if c not in turn:
            total = total + f(np.append(turn, c).astype(np.uint8), r, threads=1)
    return total / (52 - 4 - 2 * k)


def test_turn_symmetry_against_every_river():
    from handrank.solver import _omaha
    turn = np.array(hr.parse("As Ks 7s 2s"), dtype=np.uint8)
    rng = np.random.default_rng(51)
    sym = np.ones(N[4])
    sym[rng.choice(N[4], 5, replace=False)] = 0.0       # dead hands' weights need not match
    sym = np.where((_masks(hr.hole_hands(4)) & _masks(turn[None, :])[0]) == 0, 1.0, sym)
    assert (sym == 0).any()
    pert = sym.copy()
    pert[rng.choice(N[4], 50, replace=False)] = 2.5     # breaks the symmetry
    both = np.stack([sym, pert])
    assert len(_omaha._turn_plan(turn, sym[None, :], 4)) == 22
    assert len(_omaha._turn_plan(turn, pert[None, :], 4)) == 48
    assert len(_omaha._turn_plan(turn, both, 4)) == 48       # every vector must keep it
    vs = hr.omaha_showdown_values(turn, sym, threads=1)
    cs = hr.omaha_compatible_reach(turn, sym, threads=1)
    v = hr.omaha_showdown_values(turn, both, threads=1)
    np.testing.assert_allclose(v, _river_sum(turn, both, 4), rtol=0, atol=1e-9)
    np.testing.assert_allclose(cs, _river_sum(turn, sym, 4, True), rtol=0, atol=1e-9)
    np.testing.assert_allclose(vs, v[0], rtol=0, atol=1e-9)
    off = _without_symmetry(lambda: hr.omaha_showdown_values(turn, sym, threads=1))
    np.testing.assert_allclose(vs, off, rtol=0, atol=1e-9)


def test_turn_equity_and_uniform_counts():
    # against every hand, the compatible reach is the hands of the 44 cards left;
    # the equities of the 270,725 hands against the field average one half
    turn = "Ks Qc 9h 4s"
    c = hr.omaha_compatible_reach(turn, np.ones(N[4]))
    live = (_masks(hr.hole_hands(4)) & _masks(np.array([hr.parse(turn)]))[0]) == 0
    np.testing.assert_allclose(c[live], comb(44, 4), rtol=1e-12)
    assert (c[~live] == 0).all()
    e = hr.omaha_showdown_values(turn, np.ones(N[4]), equity=True)
    assert np.isnan(e[~live]).all() and (e[live] >= 0).all() and (e[live] <= 1).all()
    assert abs(e[live].mean() - 0.5) < 1e-12            # each pair's equities sum to one
    # a made straight against the field, and an underpair
    assert e[hr.hand_index("Ah Kh Jd Td")] > 0.8 > 0.2 > e[hr.hand_index("3c 3d 2c 2d")]


def test_turn_batch():
    rng = np.random.default_rng(61)
    turns = np.array([[0, 9, 22, 47], [3, 17, 30, 44]], dtype=np.uint8)
    r = np.zeros((2, N[4]))
    for b in range(2):
        idx = rng.choice(N[4], 300, replace=False)
        r[b, idx] = rng.random(300)
    e = hr.omaha_showdown_values(turns, r, equity=True, threads=1)
    assert e.shape == r.shape
    for b in range(2):
        v = hr.omaha_showdown_values(turns[b], r[b])
        c = hr.omaha_compatible_reach(turns[b], r[b])
        ok = c > 1e-9
        assert ok.sum() > 100_000
        np.testing.assert_allclose(e[b][ok], (v[ok] / c[ok] + 1) / 2, rtol=0, atol=1e-12)
    with pytest.raises(hr.HandError, match="same number of cards"):
        hr.omaha_showdown_values([hr.format(turns[0]), "Ks Qc 9h 4s 2d"], r)


@pytest.mark.parametrize("board", ["2c 2d 2h 2s", "Ah Ad 7h 7d"])
def test_turn_symmetry_classes_and_switched_off(board):
    # a uniform reach keeps every permutation of the turn: the rivers swept are
    # the classes of runouts(turn), and the values those of all 48 rivers
    from handrank.solver import _omaha
    turn = np.array(hr.parse(board), dtype=np.uint8)
    u = np.ones(N[4])
    plan = _omaha._turn_plan(turn, u[None, :], 4)
    assert len(plan) == len(hr.runouts(turn)) < 48
    assert sorted(int(b[4]) for b, _ in plan) == hr.runouts(turn).cards[:, 0].tolist()
    assert sum(len(reads) for _, reads in plan) == 48
    v = hr.omaha_showdown_values(turn, u, threads=1)
    off = _without_symmetry(lambda: hr.omaha_showdown_values(turn, u, threads=1))
    np.testing.assert_allclose(v, off, rtol=0, atol=1e-9)
