"""Hold'em showdowns under the AVX2 dispatch (hr_showdown_avx2) agree with
the POPCNT loop and the plain reference build: the same shares bit for bit,
the same strengths of valid deals, the same first bad deal, for batches of
every length around a vector group (8 lanes) and a block (1024 lanes), a
bad card at every hole and board position of a deal, flush-heavy deals,
every (mode, qualifier) pair, a short deck, 2..10 players, and on 1 or 2
threads.  Hold'em high takes hr_sd_holdem there (one deal per 32-bit lane,
8 deals a step, the last few padded) and, under the AVX-512 dispatch
(hr_showdown_avx512), hr_sd_holdem16 (16 deals a step, masked loads, its
steps pipelined): both ISAs are run where the CPU has them.  The tests
below the first ones put a repeated or bad card at every pair of a deal's
positions in every lane of a full step and of the padded last one, for
steps of 16 lanes (two steps of 8).
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

#: (rules, qualifier hand or None): every (mode, qualifier) pair the loop
#: specialises, and a deck of 36 cards.
SHAPES = [("high", None), ("ace-to-five", None), ("ace-to-five-8", "8h 7d 6c 5s 4h"),
          ("deuce-to-seven", None), ("short-deck", None)]


def tables(rules: str, qual: str | None, plain: bool = False) -> _core.GameTables:
    rs = hr.get_rules(rules)
    q = None if qual is None else int(hr.evaluate(qual, rules))
    # a one-half pot whose threshold nobody may reach is played without it
    # (HR_UNQ_IGNORE, 1): the C core refuses one that could go unwon
    return _core.GameTables(2, 5, [(rs.tables, 0, q, 0 if q is None else 1)], rs.deck.compiled(None), plain=plain)


def deals(n: int, players: int, seed: int, suits: int = 4, short: bool = False):
    """(holes (n, players, 2), boards (n, 5)) of distinct cards from `suits`
    suits (2: flush-heavy), ranks 6..A only when `short`."""
    codes = np.array([c for c in range(52) if c % 4 < suits and (not short or c >= 16)],
                     dtype=np.uint8)
    rng = np.random.default_rng(seed)
    k = players * 2 + 5
    d = np.ascontiguousarray(codes[np.argsort(rng.random((n, len(codes))), axis=1)[:, :k]])
    return (np.ascontiguousarray(d[:, :2 * players]).reshape(n, players, 2),
            np.ascontiguousarray(d[:, 2 * players:]))


def run(t: _core.GameTables, holes, boards, isa: str, threads: int = 1):
    """(first bad deal, shares, strengths, strengths alone) of one call on loop `isa`."""
    before = _core.set_isa(isa)
    try:
        n, players = holes.shape[:2]
        sh = np.full((n, players), 7.0)
        st = np.full((1, n, players), 7, np.int16)
        bad = t.showdown(holes, boards, sh, st, 0, threads)
        sh1 = np.full((n, players), 7.0)
        st1 = np.full((1, n, players), 7, np.int16)
        assert t.showdown(holes, boards, sh1, None, 0, threads) == bad
        assert t.showdown(holes, boards, None, st1, 0, threads) == bad
        assert np.array_equal(sh1, sh)
        return bad, sh, st, st1
    finally:
        _core.set_isa(before)


def same(t, holes, boards, threads=1):
    """The fast loop gives the scalar loop's first bad deal, shares (0 for
    bad deals) and strengths (of the valid deals), bit for bit."""
    want = run(t, holes, boards, "popcnt")
    ok = np.ones(len(holes), bool)
    if want[0] >= 0:                       # every bad deal, one at a time
        ok = np.array([run(t, holes[i:i + 1], boards[i:i + 1], "popcnt")[0] == -1
                       for i in range(len(holes))])
    for isa in FAST:
        got = run(t, holes, boards, isa, threads)
        assert got[0] == want[0], (isa, got[0], want[0])
        assert got[1].tobytes() == want[1].tobytes(), isa
        assert np.array_equal(got[2][:, ok], want[2][:, ok]), isa
        assert np.array_equal(got[3][:, ok], want[2][:, ok]), isa
    return want


def plain_equal(rules, qual, holes, boards):
    """The fast loop's shares and strengths equal the plain reference build's."""
    t, plain = tables(rules, qual), tables(rules, qual, plain=True)
    n, players = holes.shape[:2]
    sh, st = np.empty((n, players)), np.empty((1, n, players), np.int16)
    _core.set_isa(FAST[-1])
    try:
        assert t.showdown(holes, boards, sh, st, 0, 1) == -1
    finally:
        _core.set_isa(_core.BEST_ISA)
    sh0, st0 = np.empty_like(sh), np.empty_like(st)
    assert plain.showdown(holes, boards, sh0, st0, 0, 1) == -1
    assert sh.tobytes() == sh0.tobytes() and np.array_equal(st, st0)


@pytest.mark.parametrize("rules,qual", SHAPES)
def test_lengths_around_groups_and_blocks(rules, qual):
    t = tables(rules, qual)
    for players in (2, 3, 6, 7, 9, 10):
        per = 1024 // players                                     # deals per block
        lengths = sorted({*range(1, 36), per - 1, per, per + 1, 2 * per + 3})
        holes, boards = deals(max(lengths), players, seed=players, short=rules == "short-deck")
        for n in lengths:
            same(t, np.ascontiguousarray(holes[:n]), np.ascontiguousarray(boards[:n]))


@pytest.mark.parametrize("rules,qual", SHAPES)
def test_flush_heavy_deals_equal_the_plain_build(rules, qual):
    t = tables(rules, qual)
    for players in (2, 6) if rules == "short-deck" else (2, 6, 8):  # two suits: many flushes
        holes, boards = deals(3000, players, seed=10 + players, suits=2,
                              short=rules == "short-deck")
        assert same(t, holes, boards)[0] == -1
        plain_equal(rules, qual, holes, boards)
    holes, boards = deals(5000, 6, seed=1, short=rules == "short-deck")
    plain_equal(rules, qual, holes, boards)


@pytest.mark.parametrize("bad_code", ["off", "joker", "big", "repeat"])
def test_a_bad_card_at_every_position(bad_code):
    """One bad card (a code off the deck, a joker, a code of 64 or more, a
    card another player or the board holds) at every hole and board
    position of the deals of a batch: the same first bad deal, and the
    shares of the others unchanged."""
    for rules in ("high", "short-deck"):
        t = tables(rules, None)
        for players, n in ((2, 7), (6, 3)):      # 14 and 18 lanes: groups of 8 and some over
            holes0, boards0 = deals(n, players, seed=3, short=rules == "short-deck")
            for d in range(n):
                for j in range(2 * players + 5):
                    holes, boards = holes0.copy(), boards0.copy()
                    flat = np.concatenate([holes[d].reshape(-1), boards[d]])
                    flat[j] = {"off": 4 if rules == "short-deck" else 60, "joker": 52,
                               "big": 200, "repeat": flat[(j + 3) % len(flat)]}[bad_code]
                    holes[d] = flat[:2 * players].reshape(players, 2)
                    boards[d] = flat[2 * players:]
                    assert same(t, holes, boards)[0] == d


def test_bad_deals_after_a_bad_deal_and_rows_in_later_blocks():
    t = tables("high", None)
    holes, boards = deals(2000, 6, seed=5)
    for i in (1999, 1500, 171, 170, 169, 0):
        holes[i, 5, 1] = boards[i, 4]
        assert same(t, holes, boards)[0] == i


@pytest.mark.parametrize("players", [2, 6, 10])
def test_threads_agree(players):
    n = 40_000
    holes, boards = deals(n, players, seed=8)
    one = hr.showdown("holdem", holes, boards, threads=1)
    two = hr.showdown("holdem", holes, boards, threads=2)
    assert one.tobytes() == two.tobytes()
    s1 = hr.game_strengths("holdem", holes, boards, threads=1)
    s2 = hr.game_strengths("holdem", holes, boards, threads=2)
    assert all(np.array_equal(a, b) for a, b in zip(s1, s2))
    same(hr.get_game("holdem").tables, holes[:6000], boards[:6000], threads=2)
    holes[31_000, 1, 1] = holes[31_000, 0, 0]
    for threads in (1, 2):
        with pytest.raises(hr.HandError, match="31000"):
            hr.showdown("holdem", holes, boards, threads=threads)


def test_strengths_equal_evaluate():
    """Each player's strength is evaluate's of hole + board (the bound the
    loop is timed against)."""
    holes, boards = deals(3000, 6, seed=21)
    st = hr.game_strengths("holdem", holes, boards)[0]
    full = np.concatenate([holes, np.broadcast_to(boards[:, None, :], (3000, 6, 5))], axis=2)
    want = hr.evaluate(np.ascontiguousarray(full).reshape(-1, 7), "high").reshape(3000, 6)
    assert np.array_equal(st, want)


def first_bad_and_shares(t, holes, boards, isa, threads=1):
    before = _core.set_isa(isa)
    try:
        sh = np.full(holes.shape[:2], 7.0)
        return t.showdown(holes, boards, sh, None, 0, threads), sh.tobytes()
    finally:
        _core.set_isa(before)


def spoil(holes0, boards0, d, a, code):
    """A copy of the deals with position `a` of deal d's codes (its hole
    cards, then its board) set to `code`."""
    holes, boards = holes0.copy(), boards0.copy()
    players = holes.shape[1]
    flat = np.concatenate([holes[d].reshape(-1), boards[d]])
    flat[a] = code
    holes[d] = flat[:2 * players].reshape(players, 2)
    boards[d] = flat[2 * players:]
    return holes, boards


@pytest.mark.parametrize("players", range(2, 11))
def test_a_repeat_of_every_pair_of_positions_in_every_lane(players):
    """Deal d repeats the card at position a at position b, for every pair
    (a, b) of its 2P + 5 codes, with d in each lane of a full step (deals
    16..31 of 48: AVX-512's second step, AVX2's third and fourth) and the
    last deal of a padded last step (the last of 33..48 deals)."""
    t = tables("high", None)
    holes0, boards0 = deals(48, players, seed=40 + players)
    k = 2 * players + 5
    for x, (a, b) in enumerate((a, b) for a in range(k) for b in range(a + 1, k)):
        lane = x % 16
        for d, n in ((16 + lane, 48), (32 + lane, 33 + lane)):
            flat = np.concatenate([holes0[d].reshape(-1), boards0[d]])
            holes, boards = spoil(holes0[:n], boards0[:n], d, b, flat[a])
            want = first_bad_and_shares(t, holes, boards, "popcnt")
            assert want[0] == d
            for isa in FAST:
                assert first_bad_and_shares(t, holes, boards, isa) == want, (isa, a, b, d)


@pytest.mark.parametrize("rules", ["high", "short-deck"])
def test_a_bad_code_at_every_position_in_every_lane(rules):
    """Codes that are no card (off a short deck, 52..55, 56..63, 64 and
    more) at every position of a deal, in every lane of steps of 16 (and
    so of 8), 2..10 players: deals 0..15, 16..31 and the padded last step
    of 32..34."""
    t = tables(rules, None)
    codes = [52, 55, 56, 63, 64, 127, 128, 200, 255] + ([0, 15] if rules == "short-deck" else [])
    for players in range(2, 11):
        holes0, boards0 = deals(35, players, seed=60 + players, short=rules == "short-deck")
        for a in range(2 * players + 5):
            for lane in range(16):
                d = 16 * (a % 3 == 2) + lane if a % 3 else min(32 + lane, 34)
                holes, boards = spoil(holes0, boards0, d, a, codes[(a + lane) % len(codes)])
                want = first_bad_and_shares(t, holes, boards, "popcnt")
                assert want[0] == d
                for isa in FAST:
                    assert first_bad_and_shares(t, holes, boards, isa) == want


@pytest.mark.parametrize("players", [3, 4, 5, 7, 8, 9])
def test_random_batches_with_bad_deals_on_two_threads(players):
    """A batch over two threads' parts, with bad deals scattered (a repeat
    or a bad code): the first bad deal, every share (0 for bad deals) and
    the strengths of the valid deals as the POPCNT loop gives, on 1 and 2
    threads; and with the bad deals removed, the plain reference build's."""
    n = 2 * 8192 + 37
    holes, boards = deals(n, players, seed=70 + players)
    plain_equal("high", None, holes, boards)
    rng = np.random.default_rng(players)
    k = 2 * players + 5
    for d in rng.choice(np.arange(9000, n), 60, replace=False):
        flat = np.concatenate([holes[d].reshape(-1), boards[d]])
        a, b = rng.choice(k, 2, replace=False)
        holes[d], boards[d] = (x[d] for x in spoil(
            holes, boards, d, b, flat[a] if d % 2 else rng.choice([52, 60, 99, 255])))
    t = tables("high", None)
    for threads in (1, 2):
        same(t, holes, boards, threads=threads)
