"""Omaha river showdown values (PLO4, PLO5): strengths against
evaluate_omaha, values and compatible reach against a pair loop in numpy,
shapes, batches, threads and argument checks."""
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


def test_docs_example_by_hand():
    # Ks Qc 9h 4s 2d: Kh Kd 9c 9d top set, Qh Qd Js Ts a king-high straight, 8c 7c 6d 5d
    # king high; Ac As Jh Th makes the same straight
    r = np.zeros(N[4])
    r[hr.hand_index(["Kh Kd 9c 9d", "Qh Qd Js Ts", "8c 7c 6d 5d"])] = 1.0
    v = hr.omaha_showdown_values("Ks Qc 9h 4s 2d", r)
    got = v[hr.hand_index(["Ac As Jh Th", "Kh Kd 9c 9d", "Qh Qd Js Ts", "8c 7c 6d 5d"])]
    assert got.tolist() == [2.0, 0.0, 2.0, -2.0]


@pytest.mark.parametrize("board, reach, msg", [
    ("Ks Qc 9h 4s", np.zeros(N[4]), "for rivers: board must have 5 cards; got 4"),
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
              lambda: hr.omaha_compatible_reach("2c 2d 2h 3c 3d", r)):
        with pytest.raises(hr.HandError, match=msg):
            f()
    r2 = np.zeros((2, N[4]))
    r2[1, 7] = bad
    with pytest.raises(hr.HandError, match=r"at index \(1, 7\)"):
        hr.omaha_showdown_values("Ks Qc 9h 4s 2d", r2)


def test_threads_argument():
    with pytest.raises(hr.HandError, match="threads"):
        hr.omaha_showdown_values("Ks Qc 9h 4s 2d", np.zeros(N[4]), threads=0)
