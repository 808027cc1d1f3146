"""hr.settle's dead chips (antes, a big-blind ante, dead blinds): real
recorded hands worked by hand, the independent implementation
(tests/settle_reference.py) on random deals, batches, the fast path, and
the errors."""
from __future__ import annotations

import random

import numpy as np
import pytest

import handrank as hr
from settle_reference import settle_ref
from test_settle import GAMES, random_deal

F, L = True, False            # folded, live


# ------------------------------------------- real hands, worked by hand
# Hands 68 and 31 of the televised final table of the 2023 World Series of
# Poker's $50,000 Poker Players Championship (as pokerkit's repository
# records them).  The big blind posts a big-blind ante: dead money.

def test_big_blind_ante_is_not_uncalled():
    # hand 68, no-limit hold'em: SB 75,000 folds; the BB (ante 225,000, blind
    # 150,000) moves all in for 3,350,000 of bets; the button calls and wins
    hands = [None, "9d 9c", None, None, "Ac Kc"]
    board = "2c 8c Th Ah 6d"
    c = [75_000, 3_575_000, 0, 0, 3_350_000]
    dead = [0, 225_000, 0, 0, 0]
    f = [F, L, F, F, L]
    won = hr.settle("holdem", hands, board, contributions=c, folded=f, dead=dead)
    assert won == [0, 0, 0, 0, 7_000_000]
    # counted as a bet, the ante's 225,000 would come back to the big blind
    assert hr.settle("holdem", hands, board, contributions=c, folded=f) == \
        [0, 225_000, 0, 0, 6_775_000]


def test_big_blind_ante_split():
    # hand 31, pot-limit Omaha: SB completes, BB (ante 100,000) checks, two
    # pairs of tens with the same kickers tie: the ante is split too
    hands = ["Js Th Td 6d", "Ad Ts Tc 8h", None, None, None]
    c = [100_000, 200_000, 0, 0, 0]
    won = hr.settle("omaha", hands, "3c 2d Kc Qh 8c", contributions=c,
                    folded=[L, L, F, F, F], dead=[0, 100_000, 0, 0, 0])
    assert won == [150_000, 150_000, 0, 0, 0]


def test_all_in_for_the_ante_only_contests_the_dead_pot():
    # player 0 posted a 10 ante and is all in; 1 and 2 bet 100 more each.
    # The antes (30) are a pot all three contest; the bets a side pot.
    hands = ["As Ad", "Ks Kd", "Qs Qd"]
    board = "2c 7d 9h Tc 3s"
    won = hr.settle("holdem", hands, board, contributions=[10, 110, 110], dead=[10, 10, 10])
    assert won == [30, 200, 0]
    # a big-blind ante of 30 only (player 1); player 0 all in for 0 live chips
    won = hr.settle("holdem", hands, board, contributions=[0, 130, 100], dead=[0, 30, 0])
    assert won == [30, 200, 0]


def test_dead_blind_goes_to_the_winner_of_the_main_pot():
    # player 2 posted a dead small blind of 5 and folded
    won = hr.settle("holdem", ["As Ad", "Ks Kd", None], "2c 7d 9h Tc 3s",
                    contributions=[40, 40, 5], folded=[L, L, F], dead=[0, 0, 5])
    assert won == [85, 0, 0]


def test_only_one_live_player_takes_the_dead_chips():
    won = hr.settle("2-7-draw", [None, None, None, "Qd 8h 5s 4d 3d", None], None,
                    contributions=[50_000, 250_000, 0, 200_000, 0],
                    folded=[F, F, F, L, F], dead=[0, 150_000, 0, 0, 0])
    assert won == [0, 0, 0, 500_000, 0]


# ------------------------------------------------ properties and twins

def _dead_for(rng, c):
    return [rng.choice([0, 0, x, min(x, rng.choice([1, 5, 25])), rng.randint(0, x)])
            for x in c]


@pytest.mark.parametrize("game", GAMES)
def test_matches_reference_with_dead(game):
    rng = random.Random("dead " + game)
    for _ in range(120):
        hands, board, c, f, b = random_deal(rng, game, codes=rng.random() < 0.5)
        d = _dead_for(rng, c)
        for odd in ("button", "high-card"):
            got = hr.settle(game, hands, board, contributions=c, folded=f, button=b,
                            odd_chip=odd, dead=d)
            assert got == settle_ref(game, hands, board, c, f, b, odd, dead=d), \
                (hands, board, c, f, b, d)
            assert sum(got) == sum(c)


def test_equal_dead_chips_change_nothing():
    # antes everyone posted alike are the same pot as when counted as bets
    rng = random.Random(11)
    for _ in range(300):
        game = rng.choice(["holdem", "omaha8", "stud8"])
        hands, board, c, f, b = random_deal(rng, game)
        ante = rng.choice([1, 5, 50])
        c = [x + ante for x in c]
        assert hr.settle(game, hands, board, contributions=c, folded=f, button=b,
                         dead=[ante] * len(c)) == \
            hr.settle(game, hands, board, contributions=c, folded=f, button=b)


def test_no_dead_is_zero_dead():
    rng = random.Random(12)
    for _ in range(100):
        hands, board, c, f, b = random_deal(rng, "holdem")
        assert hr.settle("holdem", hands, board, contributions=c, folded=f, button=b,
                         dead=[0] * len(c)) == \
            hr.settle("holdem", hands, board, contributions=c, folded=f, button=b)


def test_fast_and_general_paths_agree_with_dead():
    from handrank.games import _settle
    rng = random.Random(13)
    for _ in range(200):
        game = rng.choice(["holdem", "omaha8", "razz"])
        hands, board, c, f, b = random_deal(rng, game, codes=rng.random() < 0.5)
        d = _dead_for(rng, c)
        g = hr.get_game(game)
        assert hr.settle(game, hands, board, contributions=c, folded=f, button=b, dead=d) == \
            _settle._settle_general(g, hands, board, c, f, b, "button", d)


@pytest.mark.parametrize("game", ["holdem", "stud8", "omaha8-double-board"])
def test_batch_with_dead_matches_single_calls(game):
    rng = random.Random(14)
    deals = [random_deal(rng, game, codes=True) for _ in range(400)]
    P = len(deals[0][0])
    deals = [d for d in deals if len(d[0]) == P][:40]
    gp = hr.get_game(game).for_players(P)
    holes = np.array([[h if h is not None else [255] * gp.hole for h in d[0]] for d in deals])
    boards = np.array([d[1] for d in deals])
    c = np.array([d[2] for d in deals])
    dead = np.array([_dead_for(rng, d[2]) for d in deals])
    f = np.array([d[3] for d in deals])
    won = hr.settle(game, holes, boards, contributions=c, folded=f, dead=dead)
    for i, d in enumerate(deals):
        assert won[i].tolist() == hr.settle(game, d[0], d[1], contributions=d[2],
                                            folded=d[3], dead=dead[i].tolist())


# ------------------------------------------------------------- errors

ARGS = dict(game="holdem", hands=["As Ad", "Ks Kd"], board="2c 7d 9h Tc 3s")


@pytest.mark.parametrize("dead, match", [
    ([0, -1], r"dead\[1\] is -1: dead chips cannot be negative"),
    ([0, 11], r"dead\[1\] is 11, more than player 1's contribution \(10\)"),
    ([0], r"dead has 1 entries for 2 players"),
    ([0, 1.5], r"dead\[1\] must be an integer number of chips"),
    ([0, True], r"dead\[1\] must be an integer number of chips"),
    ("0 1", r"dead must give one integer per player"),
    (5, r"dead must give one integer per player"),
])
def test_dead_errors(dead, match):
    with pytest.raises(hr.HandError, match=match):
        hr.settle(ARGS["game"], ARGS["hands"], ARGS["board"], contributions=[10, 10],
                  dead=dead)


def test_batch_dead_errors():
    holes = np.array([[[0, 1], [2, 3]], [[4, 5], [6, 7]]])
    boards = np.array([[8, 9, 10, 11, 12], [13, 14, 15, 16, 17]])
    c = np.array([[10, 10], [10, 10]])
    with pytest.raises(hr.HandError, match=r"dead must be an \(2, 2\) integer array"):
        hr.settle("holdem", holes, boards, contributions=c, dead=np.zeros((2, 3), int))
    with pytest.raises(hr.HandError, match=r"deal 1: dead\[0\] is 11, more than"):
        hr.settle("holdem", holes, boards, contributions=c, dead=np.array([[0, 0], [11, 0]]))
    with pytest.raises(hr.HandError, match=r"deal 0: dead\[1\] is -1"):
        hr.settle("holdem", holes, boards, contributions=c, dead=np.array([[0, -1], [0, 0]]))
    with pytest.raises(hr.HandError, match=r"dead must be integer chips"):
        hr.settle("holdem", holes, boards, contributions=c, dead=np.full((2, 2), 0.5))
    # inputs are not modified
    d = np.array([[1, 2], [3, 4]])
    hr.settle("holdem", holes, boards, contributions=c, dead=d)
    assert d.tolist() == [[1, 2], [3, 4]]
