"""Solver blocks: the hand enumeration, river showdown values and matrices,
all-in values and matrices on turns and flops -- against brute forces built
from evaluate, and against equity()."""
from __future__ import annotations

from itertools import combinations, permutations
from math import comb

import numpy as np
import pytest

import handrank as hr

N = 1326


# ---------------------------------------------------------------- hands

def test_hands_order_and_maps():
    h = hr.HANDS
    assert h.shape == (N, 2) and h.dtype == np.uint8 and not h.flags.writeable
    hi, lo = h[:, 0].astype(int), h[:, 1].astype(int)
    assert (hi > lo).all()
    assert (hi * (hi - 1) // 2 + lo == np.arange(N)).all()
    assert len({tuple(r) for r in h.tolist()}) == N
    assert (hr.hand_index(h) == np.arange(N)).all()
    assert (hr.hand_index(h[:, ::-1]) == np.arange(N)).all()
    assert hr.format(h[0]) == "2d 2c" and hr.format(h[-1]) == "As Ah"
    assert hr.hand_index("Ah As") == 1325 and hr.hand_index([51, 50]) == 1325
    assert hr.hand_index(["2c 2d", "As Ah"]).tolist() == [0, 1325]


@pytest.mark.parametrize("k", [1, 3])
def test_hole_hands_colex(k):
    h = hr.hole_hands(k)
    assert h.shape == (comb(52, k), k)
    # colex: sorted by the cards highest first, as tuples
    want = sorted((tuple(sorted(c, reverse=True)) for c in combinations(range(52), k)))
    assert [tuple(r) for r in h.tolist()] == want
    assert (hr.hand_index(h) == np.arange(len(h))).all()


def test_hole_hands_omaha_round_trip():
    h = hr.hole_hands(4)
    rng = np.random.default_rng(4)
    i = rng.integers(0, len(h), 5000)
    assert (hr.hand_index(h[i]) == i).all()
    assert hr.hole_hands(2) is hr.HANDS


@pytest.mark.parametrize("bad, msg", [
    ("As As", "repeated card"), ("As Xx", "joker"), ([[0, 1], [2, 2]], "repeated"),
    (np.zeros((2, 6), dtype=int), "1..5 cards"), (["As Ks", "Qd"], "same number"),
    ("", "1..5 cards"),
])
def test_hand_index_errors(bad, msg):
    with pytest.raises(hr.HandError, match=msg):
        hr.hand_index(bad)


@pytest.mark.parametrize("k", [0, 6, 2.0, True])
def test_hole_hands_errors(k):
    with pytest.raises(hr.HandError, match="hole size"):
        hr.hole_hands(k)


# ----------------------------------------------------- brute forces

def strengths(board):
    """Strength of each hand on a 5-card board by evaluate; -1 if it meets it."""
    b = list(board)
    live = np.array([not (set(r) & set(b)) for r in hr.HANDS.tolist()])
    s = np.full(N, -1)
    rows = np.column_stack([hr.HANDS, np.tile(np.array(b, dtype=np.uint8), (N, 1))])
    s[live] = hr.evaluate(rows[live])
    return s


def compat_mask(board):
    bm = set(board)
    sets = [set(r) for r in hr.HANDS.tolist()]
    live = np.array([not (s & bm) for s in sets])
    inc = np.zeros((N, 52), bool)
    inc[np.arange(N), hr.HANDS[:, 0]] = True
    inc[np.arange(N), hr.HANDS[:, 1]] = True
    share = (inc.astype(int) @ inc.T.astype(int)) > 0
    return live[:, None] & live[None, :] & ~share


def brute_matrix(board):
    """(signed sums over runouts, runouts per pair, compatible pairs)."""
    board = list(board)
    ok = compat_mask(board)
    rest = [c for c in range(52) if c not in board]
    total = np.zeros((N, N))
    for run in combinations(rest, 5 - len(board)):
        s = strengths(board + list(run))
        sign = np.sign(s[:, None] - s[None, :])
        alive = (s >= 0)[:, None] & (s >= 0)[None, :]
        total += np.where(alive & ok, sign, 0)
    shared = {5: 1, 4: 44, 3: 990}[len(board)]
    return total / shared, ok


def boards(n, k, seed):
    rng = np.random.default_rng(seed)
    return np.array([rng.permutation(52)[:k] for _ in range(n)], dtype=np.uint8)


def reaches(m, seed):
    rng = np.random.default_rng(seed)
    r = rng.random((m, N))
    r[rng.random((m, N)) < 0.3] = 0
    return r


# ------------------------------------------------------------- river

@pytest.mark.parametrize("seed", [1, 2, 3])
def test_river_against_brute_force(seed):
    b = boards(1, 5, seed)[0]
    want, ok = brute_matrix(b.tolist())
    m = hr.showdown_matrix(b)
    assert m.dtype == np.int8 and m.shape == (N, N)
    assert ((m == hr.CLASH) == ~ok).all()
    assert (m[ok] == want[ok]).all()
    r = reaches(4, seed)
    v = hr.showdown_values(b, r)
    assert v.shape == (4, N)
    np.testing.assert_allclose(v, r @ want.T, rtol=1e-12, atol=1e-9)
    m0 = hr.showdown_matrix(b, clash=0)
    np.testing.assert_allclose(r @ m0.T.astype(float), v, atol=1e-9)


def test_river_ties_and_flush_board():
    # a royal flush on the board: every live hand ties
    v = hr.showdown_values("As Ks Qs Js Ts", np.ones(N))
    assert (v == 0).all()
    m = hr.showdown_matrix("As Ks Qs Js Ts")
    assert set(np.unique(m).tolist()) == {0, hr.CLASH}
    # quads on board: the best kicker plays; AcKd ties the 129 hands holding
    # one of the three other aces and beats the other 861 of its 990 opponents
    v = hr.showdown_values("9c 9d 9h 9s 2c", np.ones(N))
    assert v[hr.hand_index("Ac Kd")] == 861
    assert hr.compatible_reach("9c 9d 9h 9s 2c", np.ones(N))[hr.hand_index("Ac Kd")] == 990


def test_river_batches_match_single_boards():
    bs = boards(7, 5, 11)
    r = reaches(7 * 3, 12).reshape(7, 3, N)
    v = hr.showdown_values(bs, r)
    assert v.shape == (7, 3, N)
    for k in range(7):
        np.testing.assert_array_equal(v[k], hr.showdown_values(bs[k], r[k]))
    m = hr.showdown_matrix(bs[:3])
    for k in range(3):
        np.testing.assert_array_equal(m[k], hr.showdown_matrix(bs[k]))
    # threads do not change results
    np.testing.assert_array_equal(hr.showdown_values(bs, r, threads=1),
                                  hr.showdown_values(bs, r, threads=2))
    big = reaches(50, 13)
    np.testing.assert_array_equal(hr.showdown_values(bs[0], big, threads=1),
                                  hr.showdown_values(bs[0], big, threads=2))


def test_river_equity_matches_equity_by_hand():
    board = "Ah Kd 7c 5s 2h"
    e = hr.showdown_values(board, "QQ+, 77, A5s", equity=True)
    res = hr.equity("holdem", ["Ad Kh", "QQ+, 77, A5s"], board=board)
    assert e[hr.hand_index("Ad Kh")] == pytest.approx(res.equity[0], abs=1e-12)
    # the other way: each range hand against one hand
    onehot = np.zeros(N)
    onehot[hr.hand_index("Ad Kh")] = 1
    e = hr.showdown_values(board, onehot, equity=True)
    for hand, eq in res.by_hand[1].items():
        assert e[hr.hand_index(hand)] == pytest.approx(eq, abs=1e-12)
    assert np.isnan(e[hr.hand_index("Ad Qs")])           # shares the Ad: no opponent


@pytest.mark.parametrize("board", [
    "2s 5s 9s Js Kd",      # four of a suit: every hand holding a spade makes a flush
    "2s 5s 9s Js Ks",      # five of a suit: every hand is valued as a flush
    "Ah Kh Qh 3c 3h",      # four of a suit and a pair
    "Ac Ad Ah Kc Kd",      # a full house on the board
    "2c 3d 4h 5s 6c",      # a straight on the board
    "Td Jd Qd Kd 2d",      # four to a royal flush and a fifth suited card
])
def test_river_special_boards_against_brute_force(board):
    codes = hr.parse(board).astype(np.uint8)
    want, ok = brute_matrix(codes.tolist())
    m = hr.showdown_matrix(codes)
    assert ((m == hr.CLASH) == ~ok).all()
    assert (m[ok] == want[ok]).all()
    r = reaches(3, 7)
    np.testing.assert_allclose(hr.showdown_values(codes, r), r @ want.T, atol=1e-9)
    v = hr.showdown_values(codes, np.ones(N))
    np.testing.assert_array_equal(v, want.sum(axis=1))         # integer weights: exact


# -------------------------------------------------------- turn, flop

@pytest.mark.parametrize("seed", [5, 6])
def test_turn_against_brute_force(seed):
    b = boards(1, 4, seed)[0]
    want, ok = brute_matrix(b.tolist())
    m = hr.showdown_matrix(b)
    assert m.dtype == np.float64
    assert (np.isnan(m) == ~ok).all()
    np.testing.assert_allclose(m[ok], want[ok], atol=1e-12)
    r = reaches(3, seed)
    np.testing.assert_allclose(hr.showdown_values(b, r), r @ want.T, atol=1e-9)


def test_flop_against_equity():
    flop = "Ah Kd 7c"
    m = hr.showdown_matrix(flop)
    rng = np.random.default_rng(8)
    live = [i for i in range(N) if not set(hr.HANDS[i].tolist()) & {48, 45, 20}]
    for _ in range(12):
        i, j = rng.choice(live, 2, replace=False)
        a, b = hr.format(hr.HANDS[i]), hr.format(hr.HANDS[j])
        if set(a.split()) & set(b.split()):
            assert np.isnan(m[i, j])
            continue
        eq = hr.equity("holdem", [a, b], board=flop).equity[0]
        assert (m[i, j] + 1) / 2 == pytest.approx(eq, abs=1e-12)
    e = hr.showdown_values(flop, "QQ+, 77, T9s", equity=True)
    res = hr.equity("holdem", ["Qs Jc", "QQ+, 77, T9s"], board=flop)
    assert e[hr.hand_index("Qs Jc")] == pytest.approx(res.equity[0], abs=1e-12)
    r = reaches(2, 9)
    m0 = np.nan_to_num(m, nan=0.0)
    np.testing.assert_allclose(hr.showdown_values(flop, r), r @ m0.T, atol=1e-8)
    np.testing.assert_allclose(hr.showdown_values(flop, r, threads=1),
                               hr.showdown_values(flop, r, threads=2), atol=1e-9)


# ------------------------------------------------------ suit symmetry

def suit_group(board):
    """The suit permutations that map the board onto itself, as maps of the
    52 codes (brute force over all 24)."""
    b = set(int(c) for c in board)
    out = []
    for p in permutations(range(4)):
        g = np.array([c - c % 4 + p[c % 4] for c in range(52)])
        if {int(g[c]) for c in b} == b:
            out.append(g)
    return out


def hand_orbits(board):
    """For each hand, the least hand of its orbit under the board's group."""
    lo, hi = hr.HANDS[:, 1].astype(int), hr.HANDS[:, 0].astype(int)
    images = []
    for g in suit_group(board):
        a, b = g[lo], g[hi]
        images.append(np.maximum(a, b) * (np.maximum(a, b) - 1) // 2 + np.minimum(a, b))
    return np.min(images, axis=0)


SYMMETRIC = ["Ah Kh 7h", "2c 2d 2h", "Ah Kh 7c", "Qs Qh 5d", "9c 9d 9h 9s", "Ah Kh 7c 7d",
             "2s 5s 9s Td"]


@pytest.mark.parametrize("board", SYMMETRIC + ["Ah Kd 7c", "Ah Kd 7c 2s"])
def test_matrix_rows_one_per_hand_orbit(board):
    from handrank import _core
    codes = hr.parse(board).astype(np.uint8)
    rep = hand_orbits(codes)
    want = np.flatnonzero(rep == np.arange(N))
    got = _core.sv_matrix_reps(codes)
    assert got.tolist() == want.tolist()
    assert len(_core.sv_matrix_reps(codes, False)) == N
    # a monotone flop: the 3! permutations of the other suits leave 416 orbits
    if board == "Ah Kh 7h":
        assert len(got) == 416


@pytest.mark.parametrize("board", SYMMETRIC)
def test_symmetry_gives_the_plain_results(board, monkeypatch):
    from handrank.solver import _solver
    codes = hr.parse(board).astype(np.uint8)
    rng = np.random.default_rng(3)
    sym = np.stack([np.ones(N), hr.reach_vector("22+, A2s+, KTs+, QJs, ATo+, KQo"),
                    hr.reach_vector("TT+, AK, 87s")])
    asym = rng.random((2, N))
    near = sym[1].copy()                      # symmetric but for one live hand
    live = np.flatnonzero((hand_orbits(codes) != np.arange(N)) &
                          ~np.isin(hr.HANDS, codes).any(axis=1))
    near[live[0]] += 0.5
    reach = np.concatenate([sym, asym, near[None]])
    got = [hr.showdown_values(codes, x) for x in reach]
    got_m = hr.showdown_matrix(codes)
    monkeypatch.setattr(_solver, "_SYMMETRY", False)
    want = [hr.showdown_values(codes, x) for x in reach]
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-9)
    np.testing.assert_array_equal(got_m, hr.showdown_matrix(codes))
    monkeypatch.setattr(_solver, "_SYMMETRY", True)
    for x, w in zip(reach[[1, 3]], [want[1], want[3]]):
        np.testing.assert_allclose(hr.showdown_values(codes, x, threads=2), w, rtol=1e-12,
                                   atol=1e-9)
    monkeypatch.setattr(_solver, "_SYMMETRY", False)
    # all vectors in one call: one asymmetric vector turns symmetry off for all
    np.testing.assert_allclose(hr.showdown_values(codes, reach), want, rtol=1e-12, atol=1e-9)


def test_symmetric_turn_against_brute_force():
    b = hr.parse("Ah Kh 7c 7d").astype(np.uint8)      # the group swaps clubs and diamonds
    want, ok = brute_matrix(b.tolist())
    m = hr.showdown_matrix(b)
    assert (np.isnan(m) == ~ok).all()
    np.testing.assert_allclose(m[ok], want[ok], atol=1e-12)
    r = np.stack([hr.reach_vector("QQ+, AK, 76s, 98s"), np.ones(N)])
    np.testing.assert_allclose(hr.showdown_values(b, r), r @ want.T, atol=1e-9)


def test_monotone_flop_against_equity():
    flop = "Ah Kh 7h"
    e = hr.showdown_values(flop, "QQ+, 77, T9s, QhJh", equity=True)
    for hand in ["Qs Jc", "Th 9c", "2h 2c"]:
        res = hr.equity("holdem", [hand, "QQ+, 77, T9s, QhJh"], board=flop)
        assert e[hr.hand_index(hand)] == pytest.approx(res.equity[0], abs=1e-12)


# ------------------------------------------------------------ errors

@pytest.mark.parametrize("board, msg", [
    ("As Ks As 2d 3c", "As appears twice"), ("As Ks Qd Jc Ts 9h", "3, 4 or 5 cards"),
    ("As Ks", "3, 4 or 5 cards"), ([[0, 1, 2], [3, 3, 4]], "board 1: 2s appears twice"),
    ([0, 1, 52], "joker"), (np.zeros((2, 2, 3), int), "shape"),
])
def test_bad_boards(board, msg):
    with pytest.raises(hr.HandError, match=msg):
        hr.showdown_values(board, np.ones(N))
    with pytest.raises(hr.HandError, match=msg):
        hr.showdown_matrix(board)


@pytest.mark.parametrize("reach, msg", [
    (np.ones(1325), "1,326 weights"), (np.ones((3, 1327)), "1,326"),
    (np.r_[np.ones(1325), np.nan], "finite.*index 1325"), (np.r_[-1.0, np.ones(1325)], ">= 0"),
    (np.r_[np.inf, np.ones(1325)], "finite"), ("QQ+, Zz", "Zz"), (3.0, "1,326"),
])
def test_bad_reach(reach, msg):
    with pytest.raises(hr.HandError, match=msg):
        hr.showdown_values("Ah Kd 7c 5s 2h", reach)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("k, nb, nr", [(5, 6, 1), (5, 1, 40), (5, 6, 3), (4, 3, 2), (3, 2, 1)])
def test_bad_weight_found_in_a_batch(threads, k, nb, nr):
    # the C loop checks the weights as it reads them; the error still names
    # the first bad weight by its index in the caller's array
    b = boards(nb, k, 7)
    shape = (nb, nr, N) if nr > 1 else (nb, N)
    last = tuple(s - 1 for s in shape[:-1])
    for bad, msg in [(np.nan, "finite numbers"), (-0.5, ">= 0"), (-np.inf, "finite numbers")]:
        r = np.ones(shape)
        r[last + (N - 3,)] = bad                  # in the last board's last vector
        r[last + (N - 1,)] = np.inf              # and a later one: the first is named
        if bad == -0.5:
            r[last + (N - 1,)] = 1
        index = ", ".join(str(i) for i in last + (N - 3,))
        with pytest.raises(hr.HandError, match=rf"{msg}; got .* at index \({index}\)"):
            hr.showdown_values(b, r, threads=threads)
    r = np.ones(shape)
    r[last + (0,)] = -0.0                         # a negative zero is a zero weight
    assert np.allclose(hr.showdown_values(b, r, threads=threads),   # threads: rounding
                       hr.showdown_values(b, np.abs(r), threads=threads), rtol=1e-12, atol=0)


def test_bad_batch_reach_and_clash():
    with pytest.raises(hr.HandError, match=r"with 2 boards, reach must have shape \(2, \.\.\., 1326\)"):
        hr.showdown_values(boards(2, 5, 1), np.ones(N))
    with pytest.raises(hr.HandError, match="with 2 boards"):
        hr.showdown_values(boards(2, 5, 1), np.ones((3, N)))
    with pytest.raises(hr.HandError, match="-128..127"):
        hr.showdown_matrix("Ah Kd 7c 5s 2h", clash=300)
    with pytest.raises(hr.HandError, match="clash must be a number"):
        hr.showdown_matrix("Ah Kd 7c", clash="x")


# ---------------------------------------------------------- docstrings

@pytest.mark.parametrize("name", ["ranges._hands", "solver._solver", "solver._abstraction"])
def test_docstring_examples(name):
    import doctest
    import importlib
    mod = importlib.import_module(f"handrank.{name}")
    res = doctest.testmod(mod, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert res.failed == 0
