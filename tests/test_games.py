"""Games: Omaha, showdowns and pot splitting, presets, stud helpers."""
from __future__ import annotations

from math import comb

import numpy as np
import pytest

import handrank as hr
import reference as ref

from conftest import ref_starmap

from registry import FIVE_CARD_RULES, GAMES, RULES, deal, missable_halves


def deals(game: str, n: int, players: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """n random deals from the game's deck: holes (n, players, hole), boards (n, board)."""
    g = hr.get_game(game)
    codes = np.array(g.cards.codes, dtype=np.uint8)
    rng = np.random.default_rng(seed)
    pick = np.argsort(rng.random((n, len(codes))), axis=1)[:, :players * g.hole + g.board]
    cards = codes[pick]
    return cards[:, :players * g.hole].reshape(n, players, g.hole), cards[:, players * g.hole:]


def tie_heavy_deals(game: str, n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Two players whose hole cards have the same ranks in other suits, and a
    board that often plays: many exact ties (and many split lows)."""
    g = hr.get_game(game)
    ranks_in_deck = sorted({c >> 2 for c in g.cards.codes if c < 52})
    rng = np.random.default_rng(seed)
    holes = np.empty((n, 2, g.hole), dtype=np.uint8)
    boards = np.empty((n, g.board), dtype=np.uint8)
    for i in range(n):
        ranks = rng.choice(ranks_in_deck, size=g.hole, replace=False)
        suits = rng.permutation(4)
        holes[i, 0] = ranks * 4 + suits[0]
        holes[i, 1] = ranks * 4 + suits[1]
        used = set(holes[i].ravel().tolist())
        rest = np.array([c for c in g.cards.codes if c < 52 and c not in used])
        boards[i] = rng.choice(rest, size=g.board, replace=False)
    return holes, boards


def reference_deals(game: str) -> int:
    """Heads-up deals to check per game: about 400,000 five-card reference
    evaluations each (9,523 hold'em deals; fewer where every deal costs
    more, at least 2,000), so the suite's time stays flat as games are added."""
    g = hr.get_game(game)
    if any(h.select == "omaha" for h in g.halves):
        fives = comb(g.hole, 2) * comb(g.board, 3)
    else:
        fives = comb(g.hole + g.board, 5) if g.hole + g.board >= 5 else 1
    return max(2000, min(50_000, 400_000 // (2 * fives * len(g.halves))))


def _compare(game, holes, boards, refpool):
    got = hr.showdown(game, holes, boards)
    want = np.array(ref_starmap(refpool, ref.showdown,
                                [(game, h.tolist(), b.tolist()) for h, b in zip(holes, boards)]))
    assert got.shape == want.shape
    assert np.allclose(got.sum(axis=1), 1.0)
    bad = np.flatnonzero(np.abs(got - want).max(axis=1) > 1e-12)
    assert bad.size == 0, (f"{game}: {bad.size} mismatches; first deal {holes[bad[0]].tolist()} "
                           f"board {boards[bad[0]].tolist()}: core {got[bad[0]]}, "
                           f"reference {want[bad[0]]}")
    return got


@pytest.mark.parametrize("game", GAMES)
def test_showdown_matches_reference(game, refpool):
    """Random heads-up deals per game (reference_deals), six-way deals (or as
    many players as the deck allows) with as many hands in all as twice the
    heads-up ones (300 to 3,000 deals), and deals built to tie (up to 3,000)."""
    n = reference_deals(game)
    holes, boards = deals(game, n, 2, seed=GAMES.index(game))
    got = _compare(game, holes, boards, refpool)
    players = min(6, hr.get_game(game).max_players)
    many_deals = deals(game, min(3000, max(300, 2 * n // players)), players, seed=99)
    many = _compare(game, *many_deals, refpool)
    ties = _compare(game, *tie_heavy_deals(game, min(3000, n), seed=7), refpool)
    assert (ties == 0.5).any()                              # the tie-heavy deals do tie
    g = hr.get_game(game)
    missable = missable_halves(g)
    if missable and len(g.halves) > 1:          # some deals leave a half to the others
        def best_of(h, b):
            strengths = hr.game_strengths(game, h, b)
            return np.array([strengths[g.half_names.index(x.name)].max(axis=1)
                             for x in g.halves])
        best = best_of(holes, boards)
        for i in missable:
            assert (best[i] < 0).any() and (best[i] >= 0).any(), g.halves[i]
        # a pot cut into every half, one of them shared by two players: a
        # share of an odd number of 1 / (2 * halves).  Rare heads-up when
        # qualifiers are strict (stud8's one deal in 4,000), so the six-way
        # deals count too
        parts = np.concatenate([
            (got[(best >= 0).all(axis=0)] * 2 * len(g.halves)).ravel(),
            (many[(best_of(*many_deals) >= 0).all(axis=0)] * 2 * len(g.halves)).ravel()])
        assert (np.isclose(parts, np.round(parts)) & (np.round(parts) % 2 == 1)).any()


@pytest.mark.parametrize("rules", FIVE_CARD_RULES)
@pytest.mark.parametrize("hole,board", [(4, 5), (5, 5), (6, 5), (4, 3), (4, 4), (6, 3)])
def test_evaluate_omaha_matches_reference(rules, hole, board, refpool):
    n = 4000
    cards = deal(rules, n, hole + board, seed=hole * 10 + board)
    h, b = cards[:, :hole], cards[:, hole:]
    got = hr.evaluate_omaha(h, b, rules)
    want = np.array(ref_starmap(refpool, ref.omaha_strength,
                                [(x.tolist(), y.tolist(), rules) for x, y in zip(h, b)]))
    assert np.array_equal(got, want)
    for i in range(20):
        assert hr.evaluate_omaha(hr.format(h[i]), hr.format(b[i]), rules) == want[i]


def test_evaluate_omaha_with_wild_cards(refpool):
    rng = np.random.default_rng(5)
    cards = np.argsort(rng.random((3000, 53)), axis=1)[:, :9].astype(np.uint8)
    for rules in ("high", "ace-to-five-8"):
        got = hr.evaluate_omaha(cards[:, :4], cards[:, 4:], rules, wild="bug")
        want = ref_starmap(refpool, ref.omaha_strength,
                           [(c[:4].tolist(), c[4:].tolist(), rules, "bug") for c in cards])
        assert got.tolist() == want


def test_omaha_known_cases():
    # four hearts in the hole and three on the board: a flush only with two hole hearts
    assert hr.category(hr.evaluate_omaha("Ah Kh Qh Jh", "2h 3h 9h 8c 7s")) == hr.Category.FLUSH
    assert hr.category(hr.evaluate_omaha("Ah Kc Qd Js", "2h 3h 9h 8h 7h")) != hr.Category.FLUSH
    # a board of four spades gives no flush without two hole spades
    assert hr.category(hr.evaluate_omaha("As Kd Qd Jc", "2s 3s 9s 8s 7d")) != hr.Category.FLUSH
    assert hr.category(hr.evaluate_omaha("As Ks Qd Jc", "2s 3s 9s 8d 7d")) == hr.Category.FLUSH
    # exactly two hole cards: four aces in the hole make only a pair of aces (plus board)
    assert hr.describe(hr.evaluate_omaha("As Ad Ah Ac", "2s 7d 9h Jc Kd")) == "One pair, aces"
    # the board's straight does not play by itself
    assert hr.category(hr.evaluate_omaha("2c 2d 3h 3s", "Ts Jd Qh Kc Ad")) != hr.Category.STRAIGHT


def test_omaha8_wheel_scoops_when_also_best_high():
    shares = hr.showdown("omaha8", ["Ah 2h 3s Kd", "Ks Qd 9c 9h"], "4h 5h 6c Jd 8s")
    # player 0: wheel-ish low A-2-3-4-5?  A2 + 4 5 6 = 6-5-4-2-A low, 6-high straight high
    hi, lo = hr.game_strengths("omaha8", ["Ah 2h 3s Kd", "Ks Qd 9c 9h"], "4h 5h 6c Jd 8s")
    assert hr.describe(int(hi[0])) == "Six-high straight" and lo[1] == -1
    assert shares.tolist() == [1.0, 0.0]
    wheel = hr.showdown("omaha8", ["Ah 2d Ks Kd", "Qs Qc Jh Jd"], "3c 4s 5h 9d Tc")
    assert wheel.tolist() == [1.0, 0.0]          # A-2-3-4-5: best low and a straight


def test_split_rules():
    # no qualifying low: the high takes the whole pot
    assert hr.showdown("omaha8", ["As Ks Qs Js", "Ad Kd Qd Jd"], "9c 9d Th 2s 2h").tolist() == [0.5, 0.5]
    assert hr.showdown("stud8", ["As Ad Ah Kc Kd 9s 9h", "2c 3d 4h 5s 7c Qd Jh"]).tolist() == [0.5, 0.5]
    # quartering: both make the same low, one also has the high
    s = hr.showdown("omaha8", ["Ac 2c 7s 7h", "Ad 2d Ks Qs"], "3h 4h 8c 7d Kd")
    assert s.tolist() == [0.75, 0.25]
    assert hr.winners("omaha8", ["Ac 2c 7s 7h", "Ad 2d Ks Qs"], "3h 4h 8c 7d Kd") == ([0], [0, 1])
    assert hr.winners("holdem", ["As Ks", "Qd Qc"], "2h 7d Jc Ts 3s") == ([1], [])
    assert hr.showdown("razz", ["As 2s 3s 4s 5s Kd Kc", "Ad 2d 3d 4d 6d Kh Ks"]).tolist() == [1.0, 0.0]


#: The SPEC's table of game presets: hole, board, the five that play, high, low
#: (the contract; presets beyond it come from the registry and its twins).
SPEC_PRESETS = {
    "holdem": (2, 5, "any", "high", None), "omaha": (4, 5, "omaha", "high", None),
    "omaha5": (5, 5, "omaha", "high", None), "omaha6": (6, 5, "omaha", "high", None),
    "omaha8": (4, 5, "omaha", "high", "ace-to-five-8"), "stud": (7, 0, "any", "high", None),
    "stud8": (7, 0, "any", "high", "ace-to-five-8"), "razz": (7, 0, "any", None, "ace-to-five"),
    "draw": (5, 0, "all", "high", None), "draw-joker": (5, 0, "all", "high", None),
    "lowball": (5, 0, "all", None, "ace-to-five"), "2-7-draw": (5, 0, "all", None,
                                                                "deuce-to-seven"),
    "a6-draw": (5, 0, "all", None, "ace-to-six"),
}


def test_presets_table():
    names = [g.name for g in hr.GAMES]
    assert names[:len(SPEC_PRESETS)] == list(SPEC_PRESETS)
    for name, row in SPEC_PRESETS.items():
        g = hr.get_game(name)
        assert (g.hole, g.board, g.select, g.high, g.low) == row, name
    g = hr.get_game("omaha8")
    assert (g.hole, g.board, g.select, g.high, g.low) == (4, 5, "omaha", "high", "ace-to-five-8")
    assert hr.get_game("lowball").deck == 53 and hr.get_game("lowball").wild == "bug"
    assert hr.get_game("PLO").name == "omaha"


def test_showdown_errors():
    with pytest.raises(hr.HandError, match="unknown game 'poker'"):
        hr.showdown("poker", ["As Ks"], "2c 3c 4c 5c 6c")
    with pytest.raises(hr.HandError, match="holdem: each player holds 2 cards; player 1 has 3"):
        hr.showdown("holdem", ["As Ks", "Qd Qc Qh"], "2c 3c 4c 5c 6c")
    with pytest.raises(hr.HandError, match="the board has 5 cards at showdown; got 3"):
        hr.showdown("holdem", ["As Ks", "Qd Qc"], "2c 3c 4c")
    with pytest.raises(hr.HandError, match="Ks appears twice"):
        hr.showdown("holdem", ["As Ks", "Ks Qc"], "2c 3c 4c 5c 6c")
    with pytest.raises(hr.HandError, match="joker"):
        hr.showdown("draw", ["As Ks Qs Js Jk", "2c 3c 4c 5c 7d"])
    holes = np.zeros((3, 2, 2), dtype=np.uint8)
    holes[:, 0] = [0, 1]
    holes[:, 1] = [2, 3]
    boards = np.tile(np.arange(10, 15, dtype=np.uint8), (3, 1))
    boards[2, 0] = 3
    with pytest.raises(hr.HandError, match="deal 2: card 2s appears twice"):
        hr.showdown("holdem", holes, boards)
    with pytest.raises(hr.HandError, match=r"\(3, 5\) integer array"):
        hr.showdown("holdem", holes, boards[:2])
    with pytest.raises(hr.HandError, match="Omaha hole cards are 4, 5 or 6"):
        hr.evaluate_omaha("As Ks Qs", "2c 3c 4c")
    with pytest.raises(hr.HandError, match="hole and board: card 2c appears twice"):
        hr.evaluate_omaha("As Ks Qs 2c", "2c 3d 4h")


def test_showdown_batch_threads():
    holes, boards = deals("omaha8", 100_000, 3, seed=1)
    one = hr.showdown("omaha8", holes, boards, threads=1)
    assert np.array_equal(hr.showdown("omaha8", holes, boards, threads=2), one)
    assert np.allclose(one.sum(axis=1), 1.0)


def test_stud_helpers():
    assert hr.first_to_act("stud", ["Kd 7c", "9s 9h", "As 2d"]) == 1
    assert hr.first_to_act("razz", ["Kd 7c", "9s 9h", "As 2d"]) == 2
    assert hr.first_to_act("stud", ["Ad Kc", "As Kh"]) == 0          # tie: earliest seat
    assert hr.first_to_act("stud8", ["Qd Qc 3s 2s", "Jd Jc Js 2c", "Ad Ac Kd Kc"]) == 1
    assert hr.bring_in("stud", ["Kd", "2s", "2c"]) == 2
    assert hr.bring_in("razz", ["Kd", "Ks", "As"]) == 1
    assert hr.upcard_strength("Ac Ad As Ah") > hr.upcard_strength("Kc Kd Ks 2h")
    assert hr.upcard_strength("Ac Ad As 2h") > hr.upcard_strength("Ac Ad Ks Kh")
    assert hr.upcard_strength("Kc Kd Ks 2h") > hr.upcard_strength("Ac Ad Ks Kh")
    with pytest.raises(hr.HandError, match="1..4 distinct cards"):
        hr.upcard_strength("As Ks Qs Js Ts")
    with pytest.raises(hr.HandError, match="one upcard per player"):
        hr.bring_in("stud", ["Kd Kc", "2s"])


@pytest.mark.parametrize("rules", [r for r in RULES if r not in FIVE_CARD_RULES])
def test_omaha_needs_five_card_rules(rules):
    with pytest.raises(hr.HandError, match="Omaha plays five-card poker hands"):
        hr.evaluate_omaha("As Ks Qs Js", "Ts 9s 8s", rules)


@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
def test_eight_handed_stud_shares_the_last_card(game, refpool):
    """Eight players at seven-card stud need 56 cards: each gets six and the
    seventh is one community card, as cardrooms deal it."""
    g = hr.get_game(game)
    assert g.max_players == 8 and g.for_players(7) is g
    g8 = g.for_players(8)
    assert (g8.hole, g8.board) == (6, 1)
    twin = (6, 1, ref.GAMES[game][2], None)
    rng = np.random.default_rng(8)                         # 6 cards each + 1 shared
    cards = np.argsort(rng.random((2000, 52)), axis=1)[:, :49].astype(np.uint8)
    holes, boards = cards[:, :48].reshape(2000, 8, 6), cards[:, 48:49]
    got = hr.showdown(game, holes, boards)
    want = ref_starmap(refpool, ref.showdown, [(twin, h.tolist(), b.tolist())
                                               for h, b in zip(holes, boards)])
    assert np.allclose(got, want, rtol=0, atol=1e-12)
    with pytest.raises(hr.HandError, match="the last card is shared"):
        hr.showdown(game, [list(h) + [0] for h in holes[0].tolist()], None)
    known = [h[:5] for h in holes[0].tolist()[:2]] + holes[0].tolist()[2:]
    r = hr.equity(game, known, board=boards[0].tolist())         # 5 cards left, 2 to deal
    eq, wins, ties, deals_ = ref.equity(twin, known, boards[0].tolist())
    assert r.deals == deals_ == 5 * 4 and np.allclose(r.equity, eq)
    mc = hr.equity(game, ["??"] * 8, trials=20_000, seed=1)
    assert mc.equity.sum() == pytest.approx(1.0)
    with pytest.raises(hr.HandError, match="at most 8 players"):
        hr.equity(game, ["??"] * 9, trials=100)


def test_register_game():
    g = hr.Game("test-pineapple", hole=3, board=5, select="any", high="high", low=None,
                aliases=("test-crazy-pineapple",))
    assert hr.register_game(g) is g
    assert hr.get_game("TEST-CRAZY-PINEAPPLE") is g
    assert hr.showdown("test-pineapple", ["As Ks Qs", "2c 3d 4h"], "Js Ts 9h 8h 7c").tolist() \
        == [1.0, 0.0]
    assert hr.equity("test-pineapple", ["As Ks Qs", "2c 3d 4h"], board="Js Ts 9h").deals == 903
    with pytest.raises(hr.HandError, match="is taken"):
        hr.register_game(g)
    with pytest.raises(hr.HandError, match="is taken"):
        hr.register_game(hr.Game("holdem", 2, 5, "any", "high", None))
    g2 = hr.Game("test-pineapple", hole=3, board=5, select="any", high="high", low="a5-8")
    hr.register_game(g2, replace=True)
    assert hr.get_game("test-pineapple") is g2
    with pytest.raises(hr.HandError, match="unknown game"):
        hr.get_game("test-crazy-pineapple")
    with pytest.raises(hr.HandError, match="takes a Game"):
        hr.register_game("holdem")


def test_new_game_presets():
    assert hr.showdown("short-deck", ["Ah Jh", "Kc Kd"], "9h 8h 6h Ks 6d").tolist() == [1.0, 0.0]
    assert hr.showdown("holdem", ["Ah Jh", "Kc Kd"], "9h 8h 6h Ks 6d").tolist() == [0.0, 1.0]
    assert hr.showdown("holdem8", ["Ah 2h", "Kc Kd"], "3c 4d 8s Ks Qd").tolist() == [0.5, 0.5]
    assert hr.showdown("badugi", ["Ah 2d 3c 4s", "Ac 2c 3d 4h"]).tolist() == [1.0, 0.0]
    assert hr.get_game("courchevel").hole == 5 and hr.get_game("big-o").low == "ace-to-five-8"
    with pytest.raises(hr.HandError, match="card 2c is not in the short deck"):
        hr.showdown("short-deck", ["Ah Jh", "Kc 2c"], "9h 8h 6h Ks 6d")
    with pytest.raises(hr.HandError, match="is not in the short deck"):
        hr.equity("short-deck", ["Ah Jh", "Kc 5c"])
