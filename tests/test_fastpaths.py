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
from handrank.equities._equity import prepare

from registry import DOUBLE_GAMES, FIVE_CARD_RULES, GAMES


def plain_tables(g: hr.Game) -> _core.GameTables:
    return g.compile(plain=True)


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
    fast = _core.GameTables(hole, 5, [(rs.tables, 1, None)], rs.deck.compiled(None))
    plain = _core.GameTables(hole, 5, [(rs.tables, 1, None)], rs.deck.compiled(None),
                             plain=True)
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
        st = np.empty((len(g.halves), *holes.shape[:2]), np.int16)
        assert t.showdown(holes, boards, sh, st, 0, 1) == -1
        out[name] = (sh, st)
    for a, b in zip(out["fast"], out["plain"]):
        assert np.array_equal(a, b)


#: Games of one half picking any five, with one board: the presets, and made
#: shapes for the modes the one-half showdown loop takes.
ANY_GAMES = [g for g in GAMES if hr.get_game(g).select in ("any", "all")
             and len(hr.get_game(g).halves) == 1] + [
    hr.Game("t-holdem-a5", hole=2, board=5, select="any", high=None, low="ace-to-five"),
    hr.Game("t-holdem-27", hole=2, board=5, select="any", high=None, low="deuce-to-seven"),
    hr.Game("t-stud-27", hole=7, board=0, select="any", high=None, low="deuce-to-seven"),
    hr.Game("t-six", hole=2, board=4, select="any", high="high"),
]
#: Halves with a qualifier (which the Python layer refuses alone: a pot could
#: go unwon), compiled directly: (rules, hole, board, a qualifying hand or
#: None for the rule set's own).
QUALIFIED = [("ace-to-five-8", 2, 5, None), ("ace-to-five-8", 5, 0, None),
             ("high", 2, 5, "Ac Ad 2h 3s 4c"), ("ace-to-five-8", 7, 0, None)]


def _any_deals(codes: np.ndarray, hole: int, board: int, players: int, n: int,
               seed: int) -> tuple[np.ndarray, np.ndarray]:
    """n random deals, the first quarter flush-heavy (all cards from two
    suits), six bad (a repeated card, a code off the deck)."""
    k = players * hole + board
    cards = random_cards(codes, n, k, seed)
    two = codes[codes % 4 < 2]
    if len(two) >= k:
        cards[:n // 4] = random_cards(two, n // 4, k, seed + 1)
    rng = np.random.default_rng(seed)
    for j, i in enumerate(rng.choice(n, 6, replace=False)):
        a, b = rng.choice(k, 2, replace=False)
        cards[i, a] = cards[i, b] if j % 2 else 200
    holes = np.ascontiguousarray(cards[:, :players * hole]).reshape(n, players, hole)
    return holes, np.ascontiguousarray(cards[:, players * hole:])


def _check_one_half(fast, plain, codes, hole, board, most, what):
    n = 3000
    for players in sorted({2, 3, 6, 9, 10, 11, min(14, most)}):
        if players > most or players * hole + board > len(codes):
            continue
        holes, boards = _any_deals(codes, hole, board, players, n, seed=players)
        out = {}
        for name, t in (("fast", fast), ("plain", plain)):
            sh = np.full((n, players), 7.0)
            st = np.full((1, n, players), 7, np.int16)
            out[name] = (t.showdown(holes, boards, sh, st, 0, 1), sh, st)
        bad, sh, st = out["plain"]
        ok = np.array([plain.showdown(holes[i:i + 1], boards[i:i + 1], None, None, 0, 1) == -1
                       for i in range(n)])
        assert ok.sum() == n - 6 and bad == np.flatnonzero(~ok)[0]
        assert out["fast"][0] == bad, (what, players)
        assert np.array_equal(out["fast"][1], sh), (what, players)      # bad deals: 0 shares
        assert np.array_equal(out["fast"][2][:, ok], st[:, ok]), (what, players)
        sh1 = np.full((n, players), 7.0)
        st1 = np.full((1, n, players), 7, np.int16)
        assert fast.showdown(holes, boards, sh1, None, 0, 1) == bad
        assert fast.showdown(holes, boards, None, st1, 0, 1) == bad
        assert np.array_equal(sh1, sh) and np.array_equal(st1[:, ok], st[:, ok])


@pytest.mark.parametrize("game", ANY_GAMES, ids=lambda g: g if isinstance(g, str) else g.name)
def test_one_half_showdowns_equal_the_general_path(game):
    """The one-half showdown loop (hold'em with 2..10 players constant, any
    number of players, stud, draw; every mode) gives the plain build's shares,
    strengths and first bad deal, and either output alone is the same."""
    g = hr.get_game(game) if isinstance(game, str) else game
    _check_one_half(g.tables, plain_tables(g), np.array(g.cards.codes, dtype=np.uint8),
                    g.hole, g.board, g.max_players, g.name)


@pytest.mark.parametrize("rules,hole,board,qual", QUALIFIED)
def test_one_half_showdowns_with_a_qualifier(rules, hole, board, qual):
    rs = hr.get_rules(rules)
    q = None if qual is None else int(hr.evaluate(qual, rules))
    # a one-half pot whose own threshold nobody may reach is played without
    # it (HR_UNQ_IGNORE, 1): the C core refuses one that could go unwon
    t = [_core.GameTables(hole, board, [(rs.tables, 0, q, 0 if q is None else 1)],
                          rs.deck.compiled(None), plain=p)
         for p in (False, True)]
    _check_one_half(t[0], t[1], np.array(rs.deck.codes, dtype=np.uint8), hole, board, 10,
                    rules)


def test_plain_flag():
    g = hr.get_game("omaha")
    assert not g.tables.plain and plain_tables(g).plain


# ---------------------------------------------------------------- equity

def exact_counts(prep, tables) -> dict:
    st = _core.EquityState(tables, [list(h) for h in prep.holes],
                           np.array(prep.board, dtype=np.uint8),
                           np.array(prep.deck, dtype=np.uint8), prep.ranges or None,
                           np.array(prep.board2, dtype=np.uint8))
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


def flush_rich_holdem(rng: np.random.Generator, players: int, known: int):
    """A hold'em question rich in flushes: one or two suits favoured for
    every hand and the board, so that boards of three to five cards of one
    suit, and players holding two of it, are common."""
    fav = rng.permutation(4)[:int(rng.integers(1, 3))].tolist()
    deck = sorted(range(52), key=lambda c: (c % 4 not in fav) + rng.random() * 1.6)
    hands = [deck[2 * p:2 * p + 2] for p in range(players)]
    board = deck[2 * players:2 * players + known]
    dead = deck[2 * players + known:2 * players + known + int(rng.integers(0, 3))]
    return hands, board, dead


def test_holdem_by_rank_multisets_counts_like_the_plain_enumeration():
    """Hold'em counts every completion of a board by rank multiset
    (hr_holdem.h): 2..8 players, 0..4 known board cards, flush-rich hands,
    dead cards, unknown hands (dealt first, one unit per hand) and ranges."""
    rng = np.random.default_rng(23)
    plans = [(2, 0), (3, 0), (2, 1), (4, 2), (2, 3), (3, 3), (5, 3), (8, 3), (2, 4), (6, 4),
             (8, 4), (3, 2)]
    for q, (players, known) in enumerate(plans):
        hands, board, dead = flush_rich_holdem(rng, players, known)
        text = [hr.format(h) for h in hands]
        if q % 3 == 1 and known >= 2:
            text[-1] = "??"                                    # a random hand
        elif q % 3 == 2 and known >= 3:
            text[-1] = str(rng.choice(["QQ+, AKs", "22+", "T9s, 76s, AQo+:0.5"]))
        elif q % 4 == 3 and known >= 3:
            text[0] = hr.format(hands[0][:1])                  # one card known
        prep = prepare("holdem", text, hr.format(board) if board else "",
                       hr.format(dead) if dead else "")
        assert prep.state().by_ranks
        assert_same_counts("holdem", text, hr.format(board) if board else "",
                           hr.format(dead) if dead else "")


def test_by_ranks_takes_the_hold_em_shaped_games_only():
    """The rank-multiset count: heads-up preflop is one unit (all of its
    1,712,304 boards at once); a random hand is dealt first, a unit per
    hand; games it does not fit keep the board walk."""
    st = prepare("holdem", ["As Ks", "Qd Qc"]).state()
    assert st.by_ranks and st.units == 1
    st = prepare("holdem", ["Ad Qc", "??"], "3h 4c Jh").state()
    assert st.by_ranks and st.units == 1081 and st.prefix == 2
    assert prepare("short-deck", ["As Ks", "Qd Qc"]).state().by_ranks
    for game, hands in [("omaha", ["As Ad Ks Kd", "Qh Qc Jh Jc"]), ("holdem8", ["As 2s", "Kd Qd"])]:
        assert not prepare(game, hands, "2c 7d 9h").state().by_ranks
    assert not prepare("holdem", [f"{r}s {r}h" for r in "23456789T"]).state().by_ranks


def test_preflop_matchups_by_rank_multisets():
    """The preflop table's heads-up kernel counts by rank multiset too: its
    wins and ties equal the plain enumeration's."""
    rs = hr.get_rules("high")
    m = np.array([hr.parse("Ah Kh Qh Jh"), hr.parse("2c 2d 7h 8h")], dtype=np.uint8)
    out = np.zeros((2, 3), dtype=np.int64)
    rs.tables.holdem_headsup(m, out, 1)
    for row, o in zip(m, out):
        prep = prepare("holdem", [hr.format(row[:2]), hr.format(row[2:])])
        cnt = exact_counts(prep, plain_tables(prep.game))["cnt"]     # (2, 1, 3): lost, won, tied
        assert o.tolist() == [cnt[0, 0, 1], cnt[1, 0, 1], cnt[0, 0, 2]]


def test_range_cards_outside_the_deck_table_are_refused():
    """EquityState checks each range card against its deck before it reads the
    deck's position table with it: a code past the table (54 and up) is
    refused like a card not in the deck, never read out of bounds."""
    prep = prepare("holdem", ["As Ks", "QQ+"], "2h 7d Jc")
    a, b = prep.deck[:2]
    for bad in (52, 54, 60, 255):
        prep.ranges[1] = (np.array([[a, bad], [bad, b]], dtype=np.uint8), np.ones(2))
        with pytest.raises(hr.HandError, match=f"^range card {bad} is not in the deck$"):
            prep.state()


def test_symmetries_found():
    # hold'em-shaped questions are counted by rank multiset, which needs no
    # symmetries: the board walk of holdem8 (two halves) uses them
    prep = prepare("holdem8", ["As Ks", "Qd Qc"])
    assert prep.state().symmetries == 1          # diamonds <-> clubs
    assert prepare("holdem8", ["As Ah", "Kd Kc"]).state().symmetries == 3
    assert prepare("holdem8", ["As Kh", "Qd Jc"]).state().symmetries == 0
    assert prepare("holdem8", ["As Ks", "Qd Qc"], dead="2d").state().symmetries == 0
    assert prepare("holdem8", ["As Ks", "??"]).state().symmetries == 0  # not all hole cards known
    assert prepare("holdem8", ["As Ah", "Kd Kc"], board="2c 2d 3c 3d").state().symmetries == 3
    assert prepare("holdem8", ["As Ah", "Kd Kc"],
                   board="2c 2d 3c 3d 7h").state().symmetries == 0     # one deal: no walk
    assert prepare("holdem", ["As Ah", "Kd Kc"]).state().symmetries == 0     # by rank multiset
    assert prepare("holdem", ["As Ah", "Kd Kc"]).state().by_ranks


def mc_counts(prep, tables, seed: int, trials: int, threads: int = 1) -> dict:
    st = _core.EquityState(tables, [list(h) for h in prep.holes],
                           np.array(prep.board, dtype=np.uint8),
                           np.array(prep.deck, dtype=np.uint8), prep.ranges or None,
                           np.array(prep.board2, dtype=np.uint8))
    chunks = -(-trials // _core.EQUITY_CHUNK)
    assert st.run_mc(seed, trials, 0, chunks, threads)
    return st.result()


@pytest.mark.parametrize("game", GAMES + DOUBLE_GAMES)
def test_monte_carlo_fast_loop_draws_and_counts_like_the_plain_one(game):
    """Without ranges Monte Carlo runs its own loop (shared board sums, local
    counts, the hold'em specialisations; a second running sum per player for
    a double board); the same seed must give exactly the plain loop's
    counts, also with unknown hole cards, boards known to different depths,
    and on 2 threads."""
    g = hr.get_game(game)
    rng = np.random.default_rng((GAMES + DOUBLE_GAMES).index(game))
    for players in (2, 3, 4):
        if players > g.max_players:
            continue
        deck = rng.permutation(g.cards.codes).tolist()
        hands = [deck[i * g.hole:(i + 1) * g.hole] for i in range(players)]
        hands[-1] = hands[-1][:int(rng.integers(0, g.hole))]       # partly unknown
        rest = deck[players * g.hole:]
        board = rest[:min(g.board, players - 2)]
        if g.boards == 2:
            board = [board, rest[g.board:g.board + min(g.board, 3)]]
        prep = prepare(game, hands, board)
        plain = mc_counts(prep, plain_tables(prep.game), seed=players, trials=30_000)
        for threads in (1, 2):
            fast = mc_counts(prep, prep.game.tables, seed=players, trials=30_000,
                             threads=threads)
            assert fast["deals"] == plain["deals"] == 30_000
            for key in ("cnt", "cats", "dd"):
                assert np.array_equal(fast[key], plain[key]), (game, key, hands, board)
            assert np.allclose(fast["dx"], plain["dx"], rtol=1e-12, atol=0)


def test_holdem_monte_carlo_counts_like_the_plain_loop():
    """Hold'em Monte Carlo for two and three players has a loop of its own
    (deals drawn in batches before their lookups, counted by winners and
    categories at once; preflop with every hand known compiled apart): the
    same seed gives exactly the plain loop's counts, flush-rich hands
    included, on 1 and 2 threads, for trial counts that end inside a batch."""
    rng = np.random.default_rng(5)
    for players, known in [(2, 0), (3, 0), (2, 3), (3, 4), (3, 0)]:
        hands, board, _ = flush_rich_holdem(rng, players, known)
        text = [hr.format(h) for h in hands]
        if known == 3:
            text[-1] = "??"
        prep = prepare("holdem", text, hr.format(board) if board else "")
        plain = mc_counts(prep, plain_tables(prep.game), seed=players + known, trials=50_003)
        for threads in (1, 2):
            fast = mc_counts(prep, prep.game.tables, seed=players + known, trials=50_003,
                             threads=threads)
            assert fast["deals"] == plain["deals"] == 50_003
            for key in ("cnt", "cats"):
                assert np.array_equal(fast[key], plain[key]), (text, board, key)


# ------------------------------------------- wild cards, jokers, short deck

def custom_games() -> list[hr.Game]:
    """Board games beyond the presets that the fast paths must also leave
    exact: a joker (the bug) in hold'em and Omaha hi-lo, deuces wild,
    designated wild cards, and Omaha from the short deck."""
    short = hr.get_game("short-deck").deck
    return [
        hr.Game("holdem-bug", hole=2, board=5, select="any", high="high", low=None, deck=53,
                wild="bug"),
        hr.Game("omaha8-bug", hole=4, board=5, select="omaha", high="high",
                low="ace-to-five-8", deck=53, wild="bug"),
        hr.Game("holdem-deuces", hole=2, board=5, select="any", high="high", low=None,
                wild="2"),
        hr.Game("holdem-one-eyed", hole=2, board=5, select="any", high="high", low=None,
                wild="Js Jh"),
        hr.Game("short-omaha", hole=4, board=5, select="omaha", high="short-deck", low=None,
                deck=short),
    ]


@pytest.mark.parametrize("g", custom_games(), ids=lambda g: g.name)
def test_wild_joker_and_short_deck_games_count_like_the_plain_path(g):
    rng = np.random.default_rng(7)
    codes = [c for c in g.cards.codes]
    for q in range(4):
        players = 2 + q % 2
        deck = rng.permutation(codes).tolist()
        if g.cards.jokers and q % 2 == 0:                 # the joker in a hand
            deck.remove(52)
            deck.insert(0, 52)
        hands = [deck[i * g.hole:(i + 1) * g.hole] for i in range(players)]
        board = deck[players * g.hole:players * g.hole + 4 - (q == 3)]
        dead = deck[-1:] if q == 2 else []
        assert_same_counts(g, hands, board, dead)
        prep = prepare(g, hands[:-1] + [hands[-1][:1]], board[:3])
        plain = mc_counts(prep, plain_tables(prep.game), seed=q, trials=20_000)
        fast = mc_counts(prep, prep.game.tables, seed=q, trials=20_000, threads=2)
        assert np.array_equal(fast["cnt"], plain["cnt"]), (g.name, hands, board)
        assert np.array_equal(fast["cats"], plain["cats"]), (g.name, hands, board)


def test_suited_ranges_known_board_and_dead_cards_count_like_the_plain_path():
    """Suit symmetry is found per range hand: suited and offsuit range hands,
    flush draws on the board, a dead card that breaks a symmetry."""
    assert_same_counts("holdem", ["AKs", "Qd Qc"], "7h 5h 2c")
    assert_same_counts("holdem", ["As Ks", "T9s, 88, AQo"], "Jd 8c 2s", "3h")
    assert_same_counts("holdem", ["KQs", "JJ+"], "Ah 7h 2h 9c")
    assert_same_counts("short-deck", ["AKs", "Qd Qc"], "7h 6h Tc")
    assert_same_counts("omaha", ["As Ad Ks Kd", "Qh Qc Jh Jc"], "2s 7d 9c", "3h")


# ------------------------------------------------ the summary of the counts

def numpy_summary(counts: dict, ranged: bool, weighted: bool, exact: bool) -> tuple:
    """The summary of the counts by numpy formulas: each award of H halves
    (the pot cut into L parts, n_h players sharing each half h won) is worth
    the sum of 1 / (L n_h)."""
    cnt, deals = counts["cnt"], counts["deals"]
    players, halves = cnt.shape[0], cnt.ndim - 2
    inv = np.zeros(players + 1)
    inv[1:] = 1.0 / np.arange(1, players + 1)
    grids = np.meshgrid(*[inv] * halves, indexing="ij")          # each half's 1 / n_h
    pots = 1.0 / np.arange(1, halves + 1)                          # L = 1..H
    parts = np.stack([pots[:, None] * g.reshape(1, -1) for g in grids])   # (h, L, tuple)
    share = parts.sum(axis=0)
    won = share >= 1.0 - 1e-12
    part = (share > 0.0) & ~won
    flat = cnt.reshape(players, -1).astype(np.float64)
    weights = (counts["wcnt"] if ranged else cnt).reshape(players, -1)
    total = counts["wdeals"] if ranged else deals
    eq = weights @ share.ravel() / total
    if weighted:
        wins, ties = weights @ won.ravel(), weights @ part.ravel()
    else:
        wins = cnt.reshape(players, -1) @ won.ravel().astype(np.int64)
        ties = cnt.reshape(players, -1) @ part.ravel().astype(np.int64)
    stderr = np.zeros(players)
    if not exact and deals >= 2:
        var = np.maximum(flat @ (share * share).ravel() / deals - eq * eq, 0.0)
        stderr = np.sqrt(var / (deals - 1))
    by_half = [weights @ parts[h].ravel() / total for h in range(halves)]
    cats = counts["wcats"] if weighted else counts["cats"]     # weighted like the wins
    return eq, wins, ties, stderr, by_half, cats.sum(axis=1), cats[:, 1, :]


@pytest.mark.parametrize("game, hands, board, trials", [
    ("holdem", ["As Ks", "Qd Qc"], "2h 7d Jc", None),
    ("holdem", ["As Ks", "Qd Qc", "??"], "2h 7d Jc", 30_000),
    ("omaha8", ["As 2s Kd 3d", "Ah Qc 4c 5h", "??"], "6s 7d 8c Th", None),
    ("omaha8", ["As 2s Kd 3d", "??", "??"], "", 30_000),
    ("holdem", ["Ah Kh", "QQ+"], "Qh 7h 2c", None),
    ("holdem", ["Ah Kh", "QQ+:0.5, AKs"], "Qh 7h 2c", None),
    ("razz", ["As 2s 3d", "Kh Qh Jc"], "", 20_000),
    ("badeucy", ["2s 3d 4h 5c", "7c 8c 9c Tc"], "", None),
    ("badeucy", ["2s 3d 4h", "7c 8c 9c", "??"], "", 20_000),
])
def test_summary_in_c_equals_the_numpy_formulas(game, hands, board, trials):
    r = hr.equity(game, hands, board=board, trials=trials, seed=5, threads=1)
    prep = prepare(game, hands, board)
    st = prep.state()
    if trials is None:
        st.run_exact(0, st.units, 1)
    else:
        assert st.run_mc(5, trials, 0, -(-trials // _core.EQUITY_CHUNK), 1)
    counts = st.result()
    ref = numpy_summary(counts, bool(prep.ranges), prep.weighted, trials is None)
    eq, wins, ties, stderr, by_half, cats, winning = ref
    got = (r.equity, r.wins, r.ties, r.stderr, *r.halves.values(), r.categories,
           r.winning_categories)
    want = (eq, wins, ties, stderr, *by_half, cats, winning)
    names = "equity wins ties stderr".split() + list(r.halves) + ["categories", "winning"]
    assert len(got) == len(want)
    for name, a, b in zip(names, got, want):
        assert a.shape == b.shape and a.dtype == b.dtype, name
        assert np.allclose(a, b, rtol=1e-13, atol=0), name
    g = hr.get_game(game)
    if g.classic:
        for name in ("high", "low"):
            i = g.half_index(name)
            assert np.array_equal(getattr(r, name), r.halves[name] if i is not None
                                  else np.zeros(len(hands)))
    assert r.deals == counts["deals"]
