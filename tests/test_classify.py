"""hr.classify (made hands, draws, nut rank, blockers) and Range.breakdown
(issue 25, item 1).

- the C classes against tests/classify_reference.py (plain Python, the docs'
  definitions) on random and on straight- and flush-heavy samples;
- count checks: over (hole, flop) pairs each made class falls in its
  category, flush draws are the four-flushes, ...; over all 25,989,600
  pairs (``slow``) the counts equal the combinatorial formulas;
- same answers on any number of threads and in any row order; errors;
  Ctrl-C; the breakdown's numbers and its text, HTML and picture.
"""
from __future__ import annotations

import doctest
import random
import sys
from itertools import combinations
from math import comb

import numpy as np
import pytest

import handrank as hr
from conftest import assert_interrupts
from handrank.analysis import _classify

sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
import classify_reference as ref  # noqa: E402

MH = hr.MadeHand
D = hr.Draw

# the category each class refines (straight flush includes the royal)
CATEGORY_OF = {
    MH.NO_MADE_HAND: 0, MH.ACE_HIGH: 0, MH.BOARD_PAIR: 1, MH.WEAK_PAIR: 1, MH.UNDERPAIR: 1,
    MH.MIDDLE_PAIR: 1, MH.TOP_PAIR_WEAK_KICKER: 1, MH.TOP_PAIR_GOOD_KICKER: 1,
    MH.TOP_PAIR_TOP_KICKER: 1, MH.OVERPAIR: 1, MH.BOARD_TWO_PAIR: 2, MH.TWO_PAIR: 2,
    MH.BOARD_TRIPS: 3, MH.TRIPS: 3, MH.SET: 3, MH.STRAIGHT: 4, MH.FLUSH: 5, MH.FULL_HOUSE: 6,
    MH.QUADS: 7, MH.STRAIGHT_FLUSH: 8,
}


def test_module_examples():
    assert doctest.testmod(_classify, optionflags=doctest.NORMALIZE_WHITESPACE).failed == 0


def _compare(samples):
    """Each sample against the reference; the classes and draws met."""
    bad, made, draws, blockers = [], set(), 0, 0
    for h, b in samples:
        c = hr.classify(h, b)
        got = (int(c.made), int(c.draws), c.nut_rank, int(c.blockers))
        want = ref.classify(h, b)
        if got != want:
            bad.append((hr.format(h), hr.format(b), got, want))
        made.add(got[0])
        draws |= got[1]
        blockers |= got[3]
    assert not bad, bad[:5]
    return made, draws, blockers


def test_against_reference_random():
    rng = random.Random(25)
    samples = []
    for _ in range(250):
        cards = rng.sample(range(52), 2 + rng.choice((3, 4, 5)))
        samples.append((cards[:2], cards[2:]))
    _compare(samples)


def _dense(rng, n):
    """Hands and boards from few ranks and suits: straights, flushes, draws."""
    out = []
    while len(out) < n:
        lo = rng.randrange(-1, 9)
        ranks = {12 if r < 0 else r for r in range(lo, lo + rng.choice((5, 6, 7))) if r <= 12}
        suits = rng.sample(range(4), rng.choice((1, 2, 2, 3)))
        deck = list({4 * r + s for r in ranks for s in suits} | set(rng.sample(range(52), 3)))
        nb = rng.choice((3, 4, 5))
        if len(deck) >= 2 + nb:
            cards = rng.sample(deck, 2 + nb)
            out.append((cards[:2], cards[2:]))
    return out


def test_against_reference_dense():
    rng = random.Random(7)
    pairs = []                                    # pocket pairs, often met on the board
    for _ in range(150):
        r = rng.randrange(13)
        suits = rng.sample(range(4), 4)
        hole = [4 * r + suits[0], 4 * r + suits[1]]
        board = [4 * r + suits[2]] * (rng.random() < 0.5)
        rest = [c for c in range(52) if c not in hole + board]
        board += rng.sample(rest, rng.choice((3, 4, 5)) - len(board))
        pairs.append((hole, board))
    made, draws, blockers = _compare(_dense(rng, 500) + pairs)
    assert made == set(range(len(MH)))                    # every class met
    assert draws == 255 and blockers == 3                  # every flag met


@pytest.mark.parametrize("hole, board, made, draws", [
    ("9h 8h", "Th 7c 2h", MH.NO_MADE_HAND, D.FLUSH_DRAW | D.OPEN_ENDED),
    ("Ah 5h", "Kh 7h 2c", MH.ACE_HIGH,
     D.FLUSH_DRAW | D.NUT_FLUSH_DRAW | D.BACKDOOR_STRAIGHT_DRAW),       # A-2-5, then 3 and 4
    ("Jc 9d", "Kh 8c 2c", MH.NO_MADE_HAND, D.BACKDOOR_FLUSH_DRAW | D.BACKDOOR_STRAIGHT_DRAW),
    ("Ts 6d", "9c 8h 2d", MH.NO_MADE_HAND, D.GUTSHOT),
    ("9s 3d", "7c 6h 5d", MH.NO_MADE_HAND, D.DOUBLE_GUTSHOT),           # a 4 or an 8
    ("5s 4s", "3d 2c Kh", MH.NO_MADE_HAND, D.OPEN_ENDED),                # an ace or a 6
    ("Ks 4c", "Ah Qd Jc", MH.NO_MADE_HAND, D.GUTSHOT),
    ("4c 3d", "6s 7h 8h 9d", MH.NO_MADE_HAND, D(0)),        # the board makes the same straights
    ("Ac Kd", "Qs 7h 2c 2d", MH.BOARD_PAIR, D.OVERCARDS),
    ("Ac Kd", "Ks 7h 2c", MH.TOP_PAIR_TOP_KICKER, D(0)),
    ("Kc Jd", "Ks 7h 2c", MH.TOP_PAIR_GOOD_KICKER, D(0)),
    ("Kc Td", "Ks 7h 2c", MH.TOP_PAIR_WEAK_KICKER, D(0)),
    ("7c 8d", "Ks 7h 2c", MH.MIDDLE_PAIR, D(0)),
    ("9c 9d", "Ks 7h 2c", MH.UNDERPAIR, D(0)),
    ("Ac Ad", "Ks 7h 2c", MH.OVERPAIR, D(0)),
    ("Kc 7d", "Ks 7h 2c", MH.TWO_PAIR, D(0)),
    ("Kc 7d", "Ks 7h 2c 2s 7s", MH.FULL_HOUSE, D(0)),         # no draws on the river
    ("7c 7d", "Ks 7h 2c", MH.SET, D(0)),
    ("Kc 8d", "Ks Kh 2c", MH.TRIPS, D(0)),
    ("Ac Qd", "Ks Kh Kd", MH.BOARD_TRIPS, D.BACKDOOR_STRAIGHT_DRAW),    # no overcards to K
])
def test_examples(hole, board, made, draws):
    c = hr.classify(hole, board)
    assert (c.made, c.draws) == (made, draws), str(c)


def test_input_forms():
    one = hr.classify("Ah Kh", "Qh 7h 2c")
    for hole, board in ((["Ah", "Kh"], ["Qh", "7h", "2c"]), ([50, 46], [42, 22, 0]),
                        (np.array([50, 46]), np.array([42, 22, 0])), ("AhKh", "Qh7h2c")):
        assert hr.classify(hole, board) == one
    rows = hr.classify(["Ah Kh", "2c 3c"], ["Qh 7h 4c", "Qh 7h 2d"])     # a board a row
    assert rows[0].made == hr.classify("Ah Kh", "Qh 7h 4c").made
    assert rows[1] == hr.classify("2c 3c", "Qh 7h 2d")
    assert len(hr.classify(np.zeros((0, 2), dtype=np.uint8), "Qh 7h 2d")) == 0


def test_nut_rank_and_blockers():
    c = hr.classify("Ah 2h", "Kh 7h 3h")
    assert c.made == MH.FLUSH and c.nut_rank == 1 and c.blockers == hr.Blocker.NUT_FLUSH
    c = hr.classify("Qc 2d", "Jh Th 9c")         # KQ is the nut straight; Q blocks it
    assert c.blockers == hr.Blocker.NUT_STRAIGHT
    assert hr.classify("Kc Qd", "Jh Th 9c").nut_rank == 1


# ------------------------------------------- nut rank: records vs brute force
def _classes(h, b, brute):
    """The four outputs of the C loop, with the nut rank from the records
    (brute=False) or from the brute force they replaced (every holding's key
    on the board, sorted; brute=True)."""
    from handrank import _core
    h, b = np.ascontiguousarray(h, dtype=np.uint8), np.ascontiguousarray(b, dtype=np.uint8)
    n = len(h)
    out = [np.empty(n, t) for t in (np.uint8, np.uint16, np.int16, np.uint8)]
    assert _core.classify_rows(h, b.reshape(-1), b.shape[1], False, 0, n, *out, 1, brute) == -1
    return out


def _same_as_brute_force(h, b):
    new, old = _classes(h, b, False), _classes(h, b, True)
    for name, x, y in zip(("made", "draws", "nut", "blockers"), new, old):
        bad = np.nonzero(x != y)[0]
        assert not len(bad), (name, hr.format(h[bad[0]].tolist()), hr.format(b[bad[0]].tolist()),
                              x[bad[0]], y[bad[0]])


def _all_holdings(boards):
    holes, rows = [], []
    for f in boards:
        rest = np.setdiff1d(np.arange(52, dtype=np.uint8), f)
        i, j = np.triu_indices(len(rest), 1)
        holes.append(np.stack([rest[i], rest[j]], axis=1))
        rows.append(np.broadcast_to(np.asarray(f, dtype=np.uint8), (len(i), len(f))))
    return np.concatenate(holes), np.concatenate(rows)


def test_nut_rank_of_sampled_flops_equals_the_brute_force():
    """Every holding of 1,500 random flops and of all 286 monotone ones in
    spades (the normal suite's share of the exhaustive test below)."""
    rng = np.random.default_rng(7)
    flops = np.sort(np.argsort(rng.random((1500, 52)), axis=1)[:, :3], axis=1).astype(np.uint8)
    spades = np.array([[4 * r + 3 for r in c] for c in combinations(range(13), 3)], np.uint8)
    for part in np.array_split(np.concatenate([flops, spades]), 4):
        _same_as_brute_force(*_all_holdings(part))


@pytest.mark.slow
def test_nut_rank_of_every_flop_equals_the_brute_force():
    """All 25,989,600 (hole, flop) pairs: the nut rank from the records of
    the board's ranks (and, on monotone flops, the flush count) equals the
    brute force over every holding (15-20 s on a shared core: slow)."""
    flops = np.array(list(combinations(range(52), 3)), dtype=np.uint8)
    for part in np.array_split(flops, 20):
        _same_as_brute_force(*_all_holdings(part))


@pytest.mark.parametrize("nb", [4, 5])
def test_nut_rank_of_turns_and_rivers_equals_the_brute_force(nb):
    """Turns and rivers: 60,000 rows each with its own board, and every
    holding of 150 boards with a flush suit or a pair (the cases where
    cards run short), against the brute force."""
    d = hr.deal(60_000, 2 + nb, seed=250 + nb)
    _same_as_brute_force(d[:, :2], d[:, 2:])
    rng = np.random.default_rng(nb)
    boards = []
    while len(boards) < 150:
        x = np.sort(rng.choice(52, nb, replace=False)).astype(np.uint8)
        if np.bincount(x & 3, minlength=4).max() >= 3 or len(set((x >> 2).tolist())) < nb:
            boards.append(x)
    extra = {4: ("Ah Kh Qh Jh", "2h 5h 9h Kc", "7c 7d 7h 7s", "Qs Js Ts 9s", "2c 2d 3c 3d"),
             5: ("Ah Kh Qh Jh Th", "2h 5h 9h Kh 3c", "7c 7d 7h 7s 2c", "Qs Js Ts 9s 9h",
                 "2c 2d 2h 3c 3d")}[nb]
    boards += [np.sort(hr.parse(t)).astype(np.uint8) for t in extra]
    _same_as_brute_force(*_all_holdings(boards))


def _rank_multisets(nb):
    """One board of each multiset of nb ranks (no rank 5 times), its cards
    dealt suits 0, 1, 2, 3, 0 in rank order: no suit has three cards."""
    from itertools import combinations_with_replacement
    out = []
    for q in combinations_with_replacement(range(13), nb):
        if max(q.count(r) for r in q) <= 4:
            out.append([4 * r + (t & 3) for t, r in enumerate(q)])
    return np.array(out, dtype=np.uint8)


def test_rank_table_of_every_turn_and_sampled_rivers_equals_the_brute_force():
    """Rows of boards with no suit of three cards read the rank table
    (hr_cl_rt: made hand, straight draws, nut rank; built from the board's
    ranks alone).  Every holding of every turn rank multiset (1,820) and of
    400 river ones, each row's board in a random order of its cards,
    against the brute force (every holding's key, hr_cl_one)."""
    rng = np.random.default_rng(2512)
    turns, rivers = _rank_multisets(4), _rank_multisets(5)
    assert len(turns) == 1820 and len(rivers) == 6188 - 13          # no five of a rank
    rivers = rivers[rng.choice(len(rivers), 400, replace=False)]
    for boards in np.array_split(turns, 4) + [rivers]:
        h, b = _all_holdings(boards)
        b = np.take_along_axis(b, np.argsort(rng.random(b.shape), axis=1), axis=1)
        _same_as_brute_force(h, b)


def test_nut_rank_examples_on_boards_of_their_own():
    h = np.array([hr.parse(x) for x in ("As Ks", "Ah Kh", "7h 7d", "9c 8c")], dtype=np.uint8)
    b = np.array([hr.parse(x) for x in ("Qs Js Ts 2d", "2h 5h 9h 3c", "7c 7s 2d Kh",
                                        "Tc Jd Qh 2s")], dtype=np.uint8)
    c = hr.classify(h, b)
    # royal flush; the nut flush; quads (no straight flush is possible); the
    # queen-high straight under the ace-high (AK) and king-high (K9, K8...) ones
    assert c.nut_rank.tolist() == [1, 1, 1, 3]
    assert [hr.classify(x, y).nut_rank for x, y in zip(h, b)] == c.nut_rank.tolist()


# ---------------------------------------------------------------- counts
def _suit_counts(cards):
    return np.stack([(cards % 4 == s).sum(axis=1) for s in range(4)], axis=1)


def test_sampled_flops_agree_with_categories_and_suit_counts():
    """Every (hole, flop) pair of 120 random flops: each class lies in the
    category hr.evaluate gives; a flush draw is exactly a four-flush; a
    backdoor flush draw exactly three of a suit with a hole card in it."""
    rng = np.random.default_rng(25)
    flops = np.sort(np.argsort(rng.random((120, 52)), axis=1)[:, :3], axis=1)
    h, b = _all_holdings(flops)
    c = hr.classify(h, b)
    cards = np.concatenate([h, b], axis=1)
    strengths = hr.evaluate(cards)
    cat = np.array([min(int(hr.category(int(s))), 8) for s in np.unique(strengths)])
    lookup = dict(zip(np.unique(strengths).tolist(), cat.tolist()))
    cat = np.array([lookup[s] for s in strengths.tolist()])
    want = np.array([CATEGORY_OF[MH(m)] for m in range(len(MH))])[c.made]
    assert (want == cat).all()
    counts = _suit_counts(cards)
    hole_counts = _suit_counts(h)
    assert (((c.draws & D.FLUSH_DRAW) != 0) == (counts == 4).any(axis=1)).all()
    three = ((counts == 3) & (hole_counts > 0)).any(axis=1)
    assert (((c.draws & D.BACKDOOR_FLUSH_DRAW) != 0) == three).all()


@pytest.mark.slow
def test_all_flops_counts():
    """All 25,989,600 (hole, flop) pairs: counts equal the formulas."""
    flops = np.array(list(combinations(range(52), 3)), dtype=np.uint8)
    h, b = _all_holdings(flops)
    assert len(h) == 25_989_600
    c = hr.classify(h, b)
    made = np.bincount(c.made, minlength=len(MH))
    by_cat = np.zeros(9, dtype=np.int64)
    np.add.at(by_cat, [CATEGORY_OF[MH(m)] for m in range(len(MH))], made)
    five = [(comb(13, 5) - 10) * (4 ** 5 - 4), 13 * 6 * comb(12, 3) * 64,
            comb(13, 2) * 36 * 11 * 4, 13 * 4 * comb(12, 2) * 16, 10 * 4 ** 5 - 40,
            4 * comb(13, 5) - 40, 13 * 4 * 12 * 6, 13 * 48, 40]
    assert by_cat.tolist() == [10 * x for x in five]      # hole: 2 of the 5 cards
    flags = {d: int(((c.draws & d) != 0).sum()) for d in D}
    assert flags[D.FLUSH_DRAW] == 10 * 4 * comb(13, 4) * 39 == 1_115_400
    three = 4 * comb(13, 3) * comb(39, 2)
    assert flags[D.BACKDOOR_FLUSH_DRAW] == 10 * three - three   # less: all three on the board
    assert made[MH.SET] == 13 * 6 * 2 * comb(12, 2) * 16
    assert made[MH.TRIPS] == 13 * 6 * 48 * 2 * 44
    assert made[MH.BOARD_TRIPS] == 13 * 4 * (comb(48, 2) - 12 * 6)
    assert made[MH.OVERPAIR] == 6 * 64 * comb(13, 4)
    assert made[MH.UNDERPAIR] == 6 * 64 * (13 * comb(12, 3) - comb(13, 4))
    assert made[MH.ACE_HIGH] == _ace_high_count()


def _ace_high_count() -> int:
    """(hole, flop) pairs of five different ranks, no flush, no straight,
    an ace in the hole: rank sets holding the ace that are no straight,
    times the hole's choice of the ace and one of the four other ranks,
    times suits that are not all one."""
    sets = [s for s in combinations(range(13), 5) if 12 in s]
    straights = sum(1 for s in sets if ref.straight_high(set(s)) >= 0)
    return (len(sets) - straights) * 4 * (4 ** 5 - 4)


# ---------------------------------------------------------------- threads
def test_threads_and_row_order_do_not_change_answers():
    rng = np.random.default_rng(3)
    deals = np.argsort(rng.random((20_000, 52)), axis=1)[:, :7].astype(np.uint8)
    h, b = deals[:, :2], deals[:, 2:]
    one = hr.classify(h, b, threads=1)
    two = hr.classify(h, b, threads=2)
    # each row its own board (the nut rank counted for the hand alone) = one call a hand
    for i in range(0, 20_000, 97):
        assert one[i] == hr.classify(h[i], b[i]), i
    for name in ("made", "draws", "nut_rank", "blockers"):
        assert (getattr(one, name) == getattr(two, name)).all()
    # shared board, many rows: the table path
    board = hr.parse("Jh Th 4c")
    rest = np.setdiff1d(np.arange(52, dtype=np.uint8), board)
    i, j = np.triu_indices(len(rest), 1)
    holes = np.stack([rest[i], rest[j]], axis=1)
    big = holes[rng.integers(0, len(holes), 300_000)]
    a, c = hr.classify(big, board, threads=1), hr.classify(big, board, threads=2)
    small = hr.classify(big[:500], board)                 # under the table size: direct
    assert (a.made == c.made).all() and (a.nut_rank == c.nut_rank).all()
    assert (small.made == a.made[:500]).all() and (small.draws == a.draws[:500]).all()
    # boards of the same cards in any order, rows in any order
    perm = rng.permutation(len(h))
    p = hr.classify(h[perm], b[perm][:, ::-1])
    assert (p.made == one.made[perm]).all() and (p.nut_rank == one.nut_rank[perm]).all()


# ---------------------------------------------------------------- errors
@pytest.mark.parametrize("hole, board, words", [
    ("Ah Ah", "Kd 7c 2s", "hole card Ah is repeated"),
    ("Ah Kd", "Kd 7c 2s", "hole card Kd is also on the board"),
    ("Ah Kd", "Qd 7c 7c", "board: board card 7c is repeated"),
    ("Ah Jk", "Qd 7c 2s", "joker"),
    ("Ah Kd Qs", "Qd 7c 2s", "hole: a hold'em hand is 2 cards; got 3"),
    ("Ah Kd", "Qd 7c", "board: a flop, turn or river is 3, 4 or 5 cards; got 2"),
    ("Ah Kd", "Qd 7c 2s 3s 4s 5s", "got 6"),
    ("Ah Zd", "Qd 7c 2s", "hole"),
    ("Ah Kd", "Qd 7x 2s", "board"),
])
def test_bad_input(hole, board, words):
    with pytest.raises(hr.HandError, match=words.replace("(", r"\(")):
        hr.classify(hole, board)


def test_bad_rows_are_named():
    h = np.array([[0, 1], [2, 3], [4, 4]], dtype=np.uint8)
    with pytest.raises(hr.HandError, match="row 2: hole card 3c is repeated"):
        hr.classify(h, "Ah Kd 7c")
    boards = np.array([[48, 44, 20], [48, 44, 20], [3, 44, 20]], dtype=np.uint8)
    with pytest.raises(hr.HandError, match="row 1: hole card 2s is also on the board|"
                                           "row 2: hole card 2s is also on the board"):
        hr.classify(np.array([[0, 1], [5, 6], [3, 9]]), boards)
    with pytest.raises(hr.HandError, match="3 boards for 2 hands"):
        hr.classify(h[:2], boards)
    with pytest.raises(hr.HandError, match="out of range"):
        hr.classify(np.array([[0, 99]]), "Ah Kd 7c")
    with pytest.raises(hr.HandError, match="threads"):
        hr.classify("Ah Kd", "Qd 7c 2s", threads=0)
    with pytest.raises(hr.HandError, match="hold'em ranges"):
        hr.Range("random", cards=4).breakdown("Ah Kd 7c")


def test_first_bad_row_in_callers_order():
    """Rows are grouped by board inside; the error still names the first
    bad row of the caller's order."""
    rng = np.random.default_rng(5)
    deals = np.argsort(rng.random((50, 52)), axis=1)[:, :5].astype(np.uint8)
    h, b = deals[:, :2].copy(), deals[:, 2:].copy()
    b[[0, 2, 4]] = b[0]                       # the same board here and there
    h[[2, 4]] = h[0]
    h[30, 1] = h[30, 0]
    h[4, 1] = h[4, 0]
    with pytest.raises(hr.HandError, match="row 4: "):
        hr.classify(h, b)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_interrupts_a_long_batch():
    """Rows of different boards are the slowest, and five-flush rivers the
    slowest of those (about 15 million a second: 30 million take two
    seconds, where random rivers now run 50 million or more and ended
    before the signal); Ctrl-C still arrives within a second."""
    assert_interrupts("""
        from itertools import combinations
        import numpy as np
        import handrank as hr
        n = 30_000_000
        boards = np.array(list(combinations(range(0, 52, 4), 5)), np.uint8)
        holes = np.array(list(combinations([c for c in range(52) if c % 4], 2)), np.uint8)
        holes = np.tile(holes, (n // len(holes) + 1, 1))[:n]
        boards = np.tile(boards, (n // len(boards) + 1, 1))[:n]
        hr.classify(holes[:10], boards[:10])
        """, "hr.classify(holes, boards, threads=1)")


# ---------------------------------------------------------------- breakdown
def test_breakdown_counts_weights_and_shows():
    r = hr.Range("QQ+, 0.5(AK), 76s")
    bd = r.breakdown("Ah 7d 2c")
    combos, weights = r.without(hr.parse("Ah 7d 2c")).combos, \
        r.without(hr.parse("Ah 7d 2c")).weights
    c = hr.classify(combos, "Ah 7d 2c")
    assert bd.combos == weights.sum()
    for m in MH:
        assert bd.made[m] == pytest.approx(weights[c.made == m].sum() / weights.sum())
    assert sum(bd.made.values()) == pytest.approx(1.0)
    assert bd.draws[D.BACKDOOR_FLUSH_DRAW] == pytest.approx(
        weights[(c.draws & D.BACKDOOR_FLUSH_DRAW) != 0].sum() / weights.sum())
    assert list(bd.made)[0] == MH.STRAIGHT_FLUSH            # strongest first
    text = str(bd)
    assert "Top pair, top kicker" in text and "Middle pair" in text and "Draws" in text
    assert "Overpair" not in text                           # classes without combos are left out
    page = bd._repr_html_()
    assert page.startswith("<table>") and "Top pair, top kicker" in page
    assert hr.Range("AhKh").breakdown("Ah Kc 7d").combos == 0


def test_breakdown_plot():
    pytest.importorskip("matplotlib")
    import matplotlib
    matplotlib.use("Agg")
    ax = hr.Range("QQ+, AK, 76s").breakdown("Ah 7d 2c").plot()
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert "Top pair, top kicker" in labels and "Backdoor flush draw" in labels


def test_docs_tables_examples():
    """Every row of docs/classify.rst's two tables: its example is of its
    class, or holds its flag."""
    from pathlib import Path
    page = Path(__file__).resolve().parent.parent / "docs" / "classify.rst"
    if not page.is_file():
        pytest.skip("no docs/ tree here")
    import re
    rows = re.findall(r"\* - ``(\w+)``\n(?:     - .*\n|       .*\n)+?     - (\S\S \S\S) \| (.+)\n",
                      page.read_text(encoding="utf-8"))
    assert len(rows) == len(MH) + len(D)
    for name, hole, board in rows:
        c = hr.classify(hole, board)
        if name in MH.__members__:
            assert c.made == MH[name], (name, hole, board, str(c))
        else:
            assert c.draws & D[name], (name, hole, board, str(c))
