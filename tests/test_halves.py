"""Games of any halves: the pot cut between 1 to 4 halves, each with its own
rule set, choice of cards and qualifier (issue 22).  The presets are
checked by the registry-driven tests (test_registry, test_games); here:
games of three halves, halves with qualifiers of their own, badugi of more
than four cards, and the checks a Game's halves get."""
from __future__ import annotations

import pickle

import numpy as np
import pytest

import handrank as hr
import reference as ref

from conftest import ref_starmap
from registry import game_twin

#: hold'em for three halves: the high, an eight-or-better low, the best badugi
TRIPLE = hr.Game("holdem-triple", hole=2, board=5, halves=(
    hr.Half("high"), hr.Half("ace-to-five", qualifier=8), hr.Half("badugi")))
#: Omaha high-low with a nine-or-better low, a qualifier of the half's own
OMAHA9 = hr.Game("omaha9", hole=4, board=5, halves=(
    hr.Half("high", "omaha"), hr.Half("ace-to-five", "omaha", qualifier=9)))


def random_deals(g: hr.Game, n: int, players: int, seed: int):
    rng = np.random.default_rng(seed)
    codes = np.array(g.cards.codes, dtype=np.uint8)
    cards = codes[np.argsort(rng.random((n, len(codes))), axis=1)[:, :players * g.hole + g.board]]
    return (np.ascontiguousarray(cards[:, :players * g.hole]).reshape(n, players, g.hole),
            np.ascontiguousarray(cards[:, players * g.hole:]))


def test_halves_are_named_and_read():
    # two halves of low rule sets: each is named by its rule set
    assert TRIPLE.half_names == ("high", "ace-to-five", "badugi")
    assert (TRIPLE.high, TRIPLE.low, TRIPLE.select) == ("high", None, "any")
    assert not TRIPLE.classic and TRIPLE.split
    g = hr.get_game("badeucy")
    assert g.half_names == ("deuce-to-seven", "badugi") and (g.high, g.low) == (None, None)
    assert hr.get_game("omaha8").half_names == ("high", "low")
    assert hr.get_game("holdem").half_names == ("high", "low")     # a classic game: both


@pytest.mark.parametrize("game", [TRIPLE, OMAHA9], ids=lambda g: g.name)
def test_showdown_of_custom_halves_matches_the_twin(game, refpool):
    twin = game_twin(game)
    for players, seed in ((2, 1), (4, 2)):
        holes, boards = random_deals(game, 1500, players, seed)
        got = hr.showdown(game, holes, boards)
        want = np.array(ref_starmap(refpool, ref.showdown,
                                    [(twin, h.tolist(), b.tolist()) for h, b in zip(holes, boards)]))
        assert np.array_equal(got, want)
        # the strengths per half: -1 exactly where the twin finds no qualifying hand
        halves = hr.game_strengths(game, holes, boards)
        assert len(halves) == len(game.half_names)
        for h, st in zip(game.halves, halves):
            want = ref_starmap(refpool, ref.game_strength,
                               [(twin, hole.tolist(), b.tolist(), (h.rules, h.select, h.qualifier))
                                for hh, b in zip(holes[:200], boards[:200]) for hole in hh])
            assert st[:200].ravel().tolist() == want


def test_three_halves_cut_the_pot_in_three():
    # player 0: a seven-low and a four-card badugi; player 1: the high (a flush)
    shares = hr.showdown(TRIPLE, ["Ac 2d", "Kh Qh"], "3h 4s 7h Th Kc")
    assert shares.tolist() == pytest.approx([2 / 3, 1 / 3])
    w = hr.winners(TRIPLE, ["Ac 2d", "Kh Qh"], "3h 4s 7h Th Kc")
    assert w == ([1], [0], [0])
    # no qualifying low: the high and the badugi take half each
    assert hr.showdown(TRIPLE, ["Ac Kd", "Kh Qh"], "9h Ts Jh 5h Kc").tolist() == [0.5, 0.5]


def test_omaha_with_qualifier_8_is_omaha8():
    """A low half with a qualifier of its own gives exactly the rule set that
    has the same qualifier built in."""
    g = hr.Game("omaha-a5-q8", hole=4, board=5, halves=(
        hr.Half("high", "omaha"), hr.Half("ace-to-five", "omaha", qualifier=8)))
    holes, boards = random_deals(g, 20_000, 3, seed=5)
    assert np.array_equal(hr.showdown(g, holes, boards), hr.showdown("omaha8", holes, boards))
    a, b = hr.game_strengths(g, holes, boards), hr.game_strengths("omaha8", holes, boards)
    assert np.array_equal(a[0], b[0])
    assert np.array_equal(a[1] >= 0, b[1] >= 0)       # the same hands qualify


@pytest.mark.parametrize("game", [TRIPLE, OMAHA9, hr.get_game("badacey")], ids=lambda g: g.name)
def test_equity_of_custom_halves(game):
    """Exact equity against the twin's brute force, Monte Carlo against
    exact, the halves adding up to the equity."""
    rng = np.random.default_rng(11)
    deck = [int(c) for c in rng.permutation(game.cards.codes)]
    if game.board:
        holes, board = [deck[:game.hole], deck[game.hole:2 * game.hole]], deck[-4:]
    else:
        holes, board = [deck[:game.hole - 1], deck[game.hole:2 * game.hole - 1]], []
    r = hr.equity(game, holes, board=board)
    eq, wins, ties, deals = ref.equity(game_twin(game), holes, board)
    assert r.deals == deals and r.wins.tolist() == wins and r.ties.tolist() == ties
    assert np.allclose(r.equity, eq, rtol=0, atol=1e-12)
    assert list(r.halves) == [h.name for h in game.halves]
    assert np.allclose(sum(r.halves.values()), r.equity, rtol=0, atol=1e-12)
    mc = hr.equity(game, holes, board=board, trials=100_000, seed=3, threads=2)
    assert np.all(np.abs(mc.equity - r.equity) <= 3 * mc.stderr + 1e-9)
    for name in r.halves:
        assert abs(mc.halves[name] - r.halves[name]).max() < 0.02


def test_double_board_of_three_halves():
    g = TRIPLE.double_board()
    assert g.halves == TRIPLE.halves and g.boards == 2
    shares = hr.showdown(g, ["Ac 2d", "Kh Qh"], "3h 4s 7h Th Kc | 9c Ts Jh 5h Kd")
    one = hr.showdown(TRIPLE, ["Ac 2d", "Kh Qh"], "3h 4s 7h Th Kc")
    two = hr.showdown(TRIPLE, ["Ac 2d", "Kh Qh"], "9c Ts Jh 5h Kd")
    assert one.tolist() == pytest.approx([2 / 3, 1 / 3]) and two.tolist() != one.tolist()
    assert shares.tolist() == ((one + two) / 2).tolist()
    r = hr.equity(g, ["Ac 2d", "Kh Qh"], board="3h 4s 7h Th | 9c Ts Jh 5h Kd")
    assert list(r.halves) == ["high", "ace-to-five", "badugi"]
    assert np.allclose(sum(r.halves.values()), r.equity, rtol=0, atol=1e-12)


def test_a_game_of_halves_pickles():
    g = pickle.loads(pickle.dumps(TRIPLE))
    assert g.halves == TRIPLE.halves and g.half_names == TRIPLE.half_names
    assert hr.showdown(g, ["Ac 2d", "Kh Qh"], "3h 4s 9h Th Kc").tolist() == \
        hr.showdown(TRIPLE, ["Ac 2d", "Kh Qh"], "3h 4s 9h Th Kc").tolist()


@pytest.mark.parametrize("k", range(4, 10))
def test_badugi_ranks_4_to_9_cards(k):
    """The best badugi of any four of the cards, as pokerkit ranks it: codes,
    masks and text agree with the twin."""
    rng = np.random.default_rng(k)
    hands = np.array([rng.permutation(52)[:k] for _ in range(1500)], dtype=np.uint8)
    got = hr.evaluate(hands, "badugi")
    assert got.tolist() == [ref.strength(h.tolist(), "badugi") for h in hands]
    assert np.array_equal(hr.evaluate_masks(hr.to_mask(hands), "badugi"), got)
    assert hr.evaluate(hr.format(hands[0]), "badugi") == got[0]


def test_badugi_of_five_cards():
    assert hr.describe(hr.evaluate("As 2d 3h 4c Kc", "badugi"), "badugi") == "4-card badugi, 4-3-2-A"
    assert hr.describe(hr.evaluate("Ks Qs 3s 4c 5c 6h 7h", "badugi"), "badugi") == \
        "3-card badugi, 6-4-3"
    with pytest.raises(hr.HandError, match="4 to 9 cards under badugi"):
        hr.evaluate("As 2d 3h", "badugi")


@pytest.mark.parametrize("kwargs, match", [
    (dict(halves=(hr.Half("high"),) * 5), "1..4 halves|share a name"),
    (dict(halves=(hr.Half("high"), hr.Half("high", name="again"), hr.Half("a5", name="x"),
                  hr.Half("2-7", name="y"), hr.Half("badugi"))), "1..4 halves"),
    (dict(halves=(hr.Half("ace-to-five-8"),)), "low-only game needs a low that always"),
    (dict(halves=(hr.Half("high"), hr.Half("high"))), "share a name"),
    (dict(halves=(hr.Half("high"),), high="ace-to-five"), "give either halves or"),
    (dict(halves=("high",)), "halves must be a tuple of Half"),
    (dict(halves=(hr.Half("badugi", "omaha"),)), "select='omaha' plays five-card poker"),
])
def test_game_halves_are_checked(kwargs, match):
    with pytest.raises(hr.HandError, match=match):
        hr.Game("custom", hole=2, board=5, **kwargs)


@pytest.mark.parametrize("args, kwargs, match", [
    (("high",), dict(qualifier=8), "five-card low rule set"),
    (("ace-to-five",), dict(qualifier=True), "2..14"),
    (("ace-to-five",), dict(qualifier=1), "2..14"),
    (("ace-to-five",), dict(qualifier=8.0), "2..14"),
    (("badugi",), dict(qualifier=8), "five-card low rule set"),
    (("ace-to-five", "best"), {}, "select must be one of"),
    (("nope",), {}, "unknown rules 'nope'"),
    ((5,), {}, "rule-set name"),
    (("high",), dict(name=3), "name must be a str"),
])
def test_half_is_checked(args, kwargs, match):
    with pytest.raises(hr.HandError, match=match):
        hr.Half(*args, **kwargs)


def test_qualifier_that_no_hand_meets():
    with pytest.raises(hr.HandError, match="qualifier 4 under ace-to-five: no hand"):
        hr.Game("q4", hole=2, board=5, halves=(hr.Half("high"),
                                                hr.Half("ace-to-five", qualifier=4)))
    g = hr.Game("q6", hole=2, board=5, halves=(hr.Half("high"), hr.Half("ace-to-five",
                                                                          qualifier=6)))
    assert hr.showdown(g, ["Ac 2d", "Kh Qh"], "3h 4s 5h 6h Kc").tolist() == [0.5, 0.5]


def test_many_halves_limit_the_players_of_equity():
    g = hr.Game("four", hole=2, board=5, halves=(
        hr.Half("high"), hr.Half("ace-to-five", name="a5"), hr.Half("ace-to-six", name="a6"),
        hr.Half("deuce-to-seven", name="27")))
    r = hr.equity(g, ["As Ks", "Qd Qc", "7h 2c"], board="2h 7d Jc 3s")
    assert np.isclose(r.equity.sum(), 1.0) and list(r.halves) == ["high", "a5", "a6", "27"]
    assert hr.showdown(g, ["As Ks", "Qd Qc"], "2h 7d Jc 3s 4s").sum() == 1.0
    with pytest.raises(hr.HandError, match="at most 10 players; got 11"):
        hr.equity(g, ["??"] * 11, trials=1000)
