"""The AVX2 showdown loop of games without a board (stud, razz, draw: each
player's hole cards valued 8 hands at a time by hr_simd8, each deal checked
by hr_sd_deal_ok) agrees with the scalar loop (the POPCNT build, and the
plain reference build): the same shares, the same strengths of valid deals,
the same first bad deal, for batches of every length around the vector
group (8 hands) and the block (1024 hands), a bad card at every position of
a batch, flush-heavy deals, every mode, and on 1 or 2 threads.
"""
from __future__ import annotations

import numpy as np
import pytest

import handrank as hr
from handrank import _core

FAST = [n for n in ("avx2", "avx512")
        if n in _core.ISA_NAMES and
        _core.ISA_NAMES.index(n) <= _core.ISA_NAMES.index(_core.BEST_ISA)]
pytestmark = pytest.mark.skipif(not FAST or "popcnt" not in _core.ISA_NAMES,
                                reason="no AVX2 loop on this CPU")

#: (rules, hole cards, qualifier hand or None): every (mode, qualifier) pair
#: the loop specialises, and hands of 5, 6 and 7 cards.
SHAPES = [("high", 7, None), ("ace-to-five", 7, None), ("high", 5, None),
          ("deuce-to-seven", 5, None), ("high", 6, None), ("ace-to-five-8", 7, "8h 7d 6c 5s 4h"),
          ("ace-to-five", 6, None)]


def tables(rules: str, hole: int, qual: str | None, plain: bool = False) -> _core.GameTables:
    rs = hr.get_rules(rules)
    q = None if qual is None else int(hr.evaluate(qual, rules))
    # a one-half pot whose threshold nobody may reach is played without it
    # (HR_UNQ_IGNORE, 1): the C core refuses one that could go unwon
    return _core.GameTables(hole, 0, [(rs.tables, 0, q, 0 if q is None else 1)], rs.deck.compiled(None), plain=plain)


def deals(n: int, players: int, hole: int, seed: int, suits: int = 4) -> np.ndarray:
    """n deals of distinct cards from `suits` suits (2: flush-heavy)."""
    codes = np.array([c for c in range(52) if c % 4 < suits], dtype=np.uint8)
    rng = np.random.default_rng(seed)
    k = players * hole
    return np.ascontiguousarray(
        codes[np.argsort(rng.random((n, len(codes))), axis=1)[:, :k]]).reshape(n, players, hole)


def run(t: _core.GameTables, holes: np.ndarray, isa: str, threads: int = 1):
    """(first bad deal, shares, strengths) of one showdown call on loop `isa`."""
    before = _core.set_isa(isa)
    try:
        n, players = holes.shape[:2]
        sh = np.full((n, players), 7.0)
        st = np.full((1, n, players), 7, np.int16)
        boards = np.zeros((n, 0), np.uint8)
        bad = t.showdown(holes, boards, sh, st, 0, threads)
        sh1 = np.full((n, players), 7.0)
        st1 = np.full((1, n, players), 7, np.int16)
        assert t.showdown(holes, boards, sh1, None, 0, threads) == bad
        assert t.showdown(holes, boards, None, st1, 0, threads) == bad
        assert np.array_equal(sh1, sh)
        return bad, sh, st, st1
    finally:
        _core.set_isa(before)


def same(t, holes, threads=1):
    """The fast loop gives the scalar loop's first bad deal, shares (0 for
    bad deals) and strengths (of the valid deals)."""
    want = run(t, holes, "popcnt")
    ok = np.ones(len(holes), bool)
    if want[0] >= 0:                       # every bad deal, one at a time
        ok = np.array([run(t, holes[i:i + 1], "popcnt")[0] == -1 for i in range(len(holes))])
    for isa in FAST:
        got = run(t, holes, isa, threads)
        assert got[0] == want[0], (isa, got[0], want[0])
        assert np.array_equal(got[1], want[1]), isa
        assert np.array_equal(got[2][:, ok], want[2][:, ok]), isa
        assert np.array_equal(got[3][:, ok], want[2][:, ok]), isa
    return want


@pytest.mark.parametrize("rules,hole,qual", SHAPES)
def test_lengths_around_groups_and_blocks(rules, hole, qual):
    t = tables(rules, hole, qual)
    for players in (1, 2, 3, 6, 7):
        per = 1024 // players                                     # deals per block
        lengths = sorted({*range(1, 19), per - 1, per, per + 1, 2 * per + 3})
        holes = deals(max(lengths), players, hole, seed=players)
        for n in lengths:
            same(t, np.ascontiguousarray(holes[:n]))


@pytest.mark.parametrize("rules,hole,qual", SHAPES)
def test_flush_heavy_deals_equal_the_plain_build(rules, hole, qual):
    t, plain = tables(rules, hole, qual), tables(rules, hole, qual, plain=True)
    for players in (2, 3):                       # 26 cards of two suits
        holes = deals(3000, players, hole, seed=10 + players, suits=2)
        want = same(t, holes)
        assert want[0] == -1
        for isa in FAST:
            _core.set_isa(isa)
            try:
                sh = np.empty((len(holes), players))
                st = np.empty((1, len(holes), players), np.int16)
                assert t.showdown(holes, np.zeros((len(holes), 0), np.uint8), sh, st, 0, 1) == -1
            finally:
                _core.set_isa(_core.BEST_ISA)
            sh0 = np.empty_like(sh)
            st0 = np.empty_like(st)
            plain.showdown(holes, np.zeros((len(holes), 0), np.uint8), sh0, st0, 0, 1)
            assert np.array_equal(sh, sh0) and np.array_equal(st, st0)


@pytest.mark.parametrize("bad_code", ["off", "joker", "repeat"])
def test_a_bad_card_at_every_position(bad_code):
    """One bad card (a code off the deck, a joker, a card another player
    holds or the player holds twice) at every position of the first deals:
    the same first bad deal, and the shares of the others unchanged."""
    for rules, hole, qual in (("high", 7, None), ("high", 5, None)):
        t = tables(rules, hole, qual)
        players, n = 2, 13                       # 26 hands: three groups of 8 and two over
        base = deals(n, players, hole, seed=3)
        for d in range(n):
            for j in range(players * hole):
                holes = base.copy()
                flat = holes[d].reshape(-1)
                flat[j] = {"off": 200, "joker": 52,
                           "repeat": flat[(j + hole + 1) % len(flat)]}[bad_code]
                got = same(t, holes)
                assert got[0] == d


def test_bad_deals_after_a_bad_deal_and_rows_in_later_blocks():
    t = tables("high", 7, None)
    holes = deals(2000, 6, 7, seed=5)
    for i in (1999, 1500, 171, 170, 169, 0):
        holes[i, 5, 6] = holes[i, 0, 0]
        assert same(t, holes)[0] == i


@pytest.mark.parametrize("game", ["stud", "razz", "draw"])
def test_threads_agree(game):
    g = hr.get_game(game)
    n, players = 40_000, 6 if g.hole == 7 else 8
    holes = deals(n, players, g.hole, seed=8)
    one = hr.showdown(game, holes, threads=1)
    two = hr.showdown(game, holes, threads=2)
    assert np.array_equal(one, two)
    s1 = hr.game_strengths(game, holes, threads=1)
    s2 = hr.game_strengths(game, holes, threads=2)
    assert all(np.array_equal(a, b) for a, b in zip(s1, s2))
    same(g.tables, holes[:8000])          # shares stored non-temporally
    holes[31_000, 2, 1] = holes[31_000, 4, 0]
    for threads in (1, 2):
        with pytest.raises(hr.HandError, match="31000"):
            hr.showdown(game, holes, threads=threads)
