"""Fast paths against the plain reference build of the same core.

``_core.GameTables(..., plain=True)`` compiles a game without any fast path:
Omaha by every two-hole + three-board five through ``hr_value``, equity by
the general slot-filling enumeration without suit symmetry.  Each fast path
must give exactly what the plain build gives, on many random questions
(the plain build itself is checked against tests/reference.py elsewhere).
"""
from __future__ import annotations

import numpy as np
import pytest

import handrank as hr
from handrank import _core
from handrank._equity import prepare

from registry import FIVE_CARD_RULES, GAMES


def plain_tables(g: hr.Game) -> _core.GameTables:
    hi, lo = g.high_rules, g.low_rules
    return _core.GameTables(g.hole, g.board, 1 if g.select == "omaha" else 0,
                            hi.tables if hi else None, lo.tables if lo else None,
                            g.cards.compiled(g.wild_setting), plain=True)


def random_cards(codes: np.ndarray, n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return codes[np.argsort(rng.random((n, len(codes))), axis=1)[:, :k]]


def suited_cards(codes: np.ndarray, n: int, hole: int, seed: int) -> np.ndarray:
    """Deals rich in flushes: the board has 3..5 cards of one suit and the
    hole 0..hole of it."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, hole + 5), dtype=np.uint8)
    for i in range(n):
        suit = rng.integers(4)
        same = [c for c in codes.tolist() if c % 4 == suit]
        other = [c for c in codes.tolist() if c % 4 != suit]
        nb, nh = int(rng.integers(3, 6)), int(rng.integers(0, hole + 1))
        nh = min(nh, len(same) - nb)
        pick = rng.permutation(same)[:nb + nh].tolist()
        rest = rng.permutation(other)[:hole + 5 - nb - nh].tolist()
        hole_cards = pick[nb:] + rest[:hole - nh]
        board = pick[:nb] + rest[hole - nh:]
        out[i] = rng.permutation(hole_cards).tolist() + rng.permutation(board).tolist()
    return out


@pytest.mark.parametrize("rules", FIVE_CARD_RULES)
@pytest.mark.parametrize("hole", [4, 5, 6])
def test_omaha_rank_tables_equal_the_general_path(rules, hole):
    """evaluate_omaha on the rank tables equals every-five-by-hr_value, on
    random and on flush-heavy deals, for every five-card rule set."""
    rs = hr.get_rules(rules)
    codes = np.array(rs.deck.codes, dtype=np.uint8)
    fast = _core.GameTables(hole, 5, 1, rs.tables, None, rs.deck.compiled(None))
    plain = _core.GameTables(hole, 5, 1, rs.tables, None, rs.deck.compiled(None), plain=True)
    n = 60_000 if hole == 4 else 15_000
    for cards in (random_cards(codes, n, hole + 5, seed=hole),
                  suited_cards(codes, 3000, hole, seed=hole + 1)):
        h, b = np.ascontiguousarray(cards[:, :hole]), np.ascontiguousarray(cards[:, hole:])
        got, want = np.empty(len(h), np.int16), np.empty(len(h), np.int16)
        assert fast.omaha(h, b, got, 1) == -1 and plain.omaha(h, b, want, 1) == -1
        assert np.array_equal(got, want), rules


@pytest.mark.parametrize("game", [g for g in GAMES if hr.get_game(g).select == "omaha"])
def test_omaha_showdowns_equal_the_general_path(game):
    g = hr.get_game(game)
    plain = plain_tables(g)
    players = min(6, g.max_players)
    codes = np.array(g.cards.codes, dtype=np.uint8)
    cards = random_cards(codes, 20_000, players * g.hole + g.board, seed=3)
    holes = np.ascontiguousarray(cards[:, :players * g.hole]).reshape(-1, players, g.hole)
    boards = np.ascontiguousarray(cards[:, players * g.hole:])
    out = {}
    for name, t in (("fast", g.tables), ("plain", plain)):
        sh = np.empty(holes.shape[:2])
        hi = np.empty(holes.shape[:2], np.int16)
        lo = np.empty(holes.shape[:2], np.int16)
        assert t.showdown(holes, boards, sh, hi, lo, 1) == -1
        out[name] = (sh, hi, lo)
    for a, b in zip(out["fast"], out["plain"]):
        assert np.array_equal(a, b)


def test_plain_flag():
    g = hr.get_game("omaha")
    assert not g.tables.plain and plain_tables(g).plain


# ---------------------------------------------------------------- equity

def exact_counts(prep, tables) -> dict:
    st = _core.EquityState(tables, [list(h) for h in prep.holes],
                           np.array(prep.board, dtype=np.uint8),
                           np.array(prep.deck, dtype=np.uint8), prep.ranges or None)
    st.run_exact(0, st.units, 1)
    return st.result()


def assert_same_counts(game, hands, board="", dead=""):
    """The fast enumeration (board walk, suit symmetry) counts exactly what
    the plain slot-filling enumeration counts."""
    prep = prepare(game, hands, board, dead)
    fast = exact_counts(prep, prep.game.tables)
    plain = exact_counts(prep, plain_tables(prep.game))
    what = (game, hands, board, dead)
    assert fast["deals"] == plain["deals"], what
    assert np.array_equal(fast["cnt"], plain["cnt"]), what
    assert np.array_equal(fast["cats"], plain["cats"]), what
    if plain["wcnt"] is not None:
        assert np.allclose(fast["wcnt"], plain["wcnt"], rtol=1e-12), what
        assert np.allclose(fast["hand_share"], plain["hand_share"], rtol=1e-12), what
        assert np.allclose(fast["hand_weight"], plain["hand_weight"], rtol=1e-12), what
    return fast


def symmetric_question(game: str, rng: np.random.Generator, players: int, board: int,
                       ranged: bool):
    """A question with suit symmetries: the known cards avoid a set of free
    suits, except pairs of one rank in two free suits (so swapping those two
    suits maps every hand onto itself)."""
    g = hr.get_game(game)
    codes = [c for c in g.cards.codes if c < 52]
    ranks = sorted({c >> 2 for c in codes})
    nfree = int(rng.integers(1, 4))
    while len(ranks) * (4 - nfree) < players * g.hole + board + 1:
        nfree -= 1                              # enough cards in the other suits
    free = rng.permutation(4)[:nfree].tolist()
    fixed = [c for c in codes if c % 4 not in free]
    rng.shuffle(fixed)
    hands, used = [], set()
    for p in range(players):
        h = []
        while len(h) < g.hole:
            if len(free) >= 2 and g.hole - len(h) >= 2 and rng.random() < 0.3:
                r = int(rng.choice(ranks))
                pair = [4 * r + free[0], 4 * r + free[1]]
                if not used & set(pair):
                    h += pair
                    used |= set(pair)
                continue
            c = next(x for x in fixed if x not in used)
            h.append(c)
            used.add(c)
        hands.append(hr.format(h))
    b = []
    for _ in range(board):
        c = next(x for x in fixed if x not in used)
        b.append(c)
        used.add(c)
    dead = []
    if rng.random() < 0.3:
        dead = [next(x for x in fixed if x not in used)]
    if ranged and g.hole == 2:
        hands[-1] = str(rng.choice(["QQ+", "AKs, 77", "22+", "AQo+, KJs"]))
    return hands, hr.format(b) if b else "", hr.format(dead) if dead else ""


BOARD_GAMES = [g for g in GAMES if hr.get_game(g).board]


@pytest.mark.parametrize("game", BOARD_GAMES)
def test_board_walk_and_symmetry_count_like_the_plain_enumeration(game):
    """Random questions (some with suit symmetries, some with ranges, dead
    cards, three or four board cards known) for every game with a board."""
    g = hr.get_game(game)
    rng = np.random.default_rng(BOARD_GAMES.index(game))
    for q in range(12):
        players = int(rng.integers(2, 4 if g.hole > 2 else 5))
        known = 4 if g.hole > 2 or q % 3 else 3
        hands, board, dead = symmetric_question(game, rng, players, known, ranged=q % 4 == 3)
        assert_same_counts(game, hands, board, dead)
        if q % 2:                                # and a random question without symmetry
            deck = rng.permutation([c for c in g.cards.codes if c < 52]).tolist()
            hands = [hr.format(deck[i * g.hole:(i + 1) * g.hole]) for i in range(players)]
            b = deck[players * g.hole:players * g.hole + known]
            assert_same_counts(game, hands, hr.format(b))


def test_symmetry_preflop_counts_like_the_plain_enumeration():
    """Whole preflop enumerations: one symmetry (AKs vs QQ), three (AA vs
    KK), none, and a heads-up range question on the flop."""
    r = assert_same_counts("holdem", ["As Ks", "Qd Qc"])
    assert r["deals"] == 1_712_304
    assert_same_counts("holdem", ["As Ah", "Kd Kc"])
    assert_same_counts("holdem", ["Ah Kh", "QQ+"], "Qh 7h 2c")
    assert_same_counts("holdem", ["Ah Kd", "7c 7s", "Qh Qs"], "2c 2d")


def test_symmetries_found():
    prep = prepare("holdem", ["As Ks", "Qd Qc"])
    assert prep.state().symmetries == 1          # diamonds <-> clubs
    assert prepare("holdem", ["As Ah", "Kd Kc"]).state().symmetries == 3
    assert prepare("holdem", ["As Kh", "Qd Jc"]).state().symmetries == 0
    assert prepare("holdem", ["As Ks", "Qd Qc"], dead="2d").state().symmetries == 0
    assert prepare("holdem", ["As Ks", "??"]).state().symmetries == 0   # not all hole cards known


def mc_counts(prep, tables, seed: int, trials: int, threads: int = 1) -> dict:
    st = _core.EquityState(tables, [list(h) for h in prep.holes],
                           np.array(prep.board, dtype=np.uint8),
                           np.array(prep.deck, dtype=np.uint8), prep.ranges or None)
    chunks = -(-trials // _core.EQUITY_CHUNK)
    assert st.run_mc(seed, trials, 0, chunks, threads)
    return st.result()


@pytest.mark.parametrize("game", GAMES)
def test_monte_carlo_fast_loop_draws_and_counts_like_the_plain_one(game):
    """Without ranges Monte Carlo runs its own loop (shared board sums, local
    counts, the hold'em specialisations); the same seed must give exactly
    the plain loop's counts, also with unknown hole cards and on 2 threads."""
    g = hr.get_game(game)
    rng = np.random.default_rng(GAMES.index(game))
    for players in (2, 3, 4):
        if players > g.max_players:
            continue
        deck = rng.permutation(g.cards.codes).tolist()
        hands = [deck[i * g.hole:(i + 1) * g.hole] for i in range(players)]
        hands[-1] = hands[-1][:int(rng.integers(0, g.hole))]       # partly unknown
        board = deck[players * g.hole:players * g.hole + min(g.board, players - 2)]
        prep = prepare(game, hands, board)
        plain = mc_counts(prep, plain_tables(prep.game), seed=players, trials=40_000)
        for threads in (1, 2):
            fast = mc_counts(prep, prep.game.tables, seed=players, trials=40_000,
                             threads=threads)
            assert fast["deals"] == plain["deals"] == 40_000
            assert np.array_equal(fast["cnt"], plain["cnt"]), (game, hands, board)
            assert np.array_equal(fast["cats"], plain["cats"]), (game, hands, board)
