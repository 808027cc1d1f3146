"""Tests driven by the registries: every rule set and every game preset is
checked against its reference twin, and Monte Carlo against exact, without
anyone listing it here.  A new row of RULE_SETS or GAMES fails
``test_every_*_has_a_reference_twin`` until reference.py knows it."""
from __future__ import annotations

import math
from itertools import combinations

import numpy as np
import pytest

import handrank as hr
import reference as ref
from registry import (GAMES, RULES, check_category_totals, check_halves_add_up, deciding_half,
                      game_twin)


def test_every_rule_set_has_a_reference_twin():
    assert RULES == list(ref.RULES), "a rule set without a twin in tests/reference.py"
    for rs in hr.RULE_SETS:
        for name in (rs.name, *rs.aliases):
            assert ref.canonical(name) == rs.name
        qualifying = rs.nclasses - (rs.tables.qualifier_strength or 0)
        assert qualifying == ref.n_classes(rs.name)


def test_every_game_has_a_reference_twin():
    assert sorted(GAMES) == sorted(ref.GAMES), "a game without a twin in tests/reference.py"
    for g in hr.GAMES:
        assert game_twin(g) == ref.GAMES[g.name], g.name
        assert (g.deck == 53) == (g.wild is not None)


def question(game: str, seed: int, unknown: int) -> tuple[list[list[int]], list[int]]:
    """A two-player deal of `game` with a few cards left to deal: games with a
    board know both hands and all but `unknown` board cards; the others leave
    `unknown` cards of each hand to deal."""
    g = hr.get_game(game)
    deck = [int(c) for c in np.random.default_rng(seed).permutation(g.cards.codes)]
    if g.board:
        holes = [deck[:g.hole], deck[g.hole:2 * g.hole]]
        return holes, deck[2 * g.hole:2 * g.hole + g.board - unknown]
    known = g.hole - unknown
    return [deck[:known], deck[g.hole:g.hole + known]], []


@pytest.mark.parametrize("game", GAMES)
def test_exact_equity_matches_reference(game):
    """Exact equity, wins, ties and deal counts against the brute-force
    reference, for every game."""
    holes, board = question(game, GAMES.index(game), unknown=1)
    got = hr.equity(game, holes, board=board)
    eq, wins, ties, deals = ref.equity(game, holes, board)
    assert got.deals == deals
    assert got.wins.tolist() == wins and got.ties.tolist() == ties
    assert np.allclose(got.equity, eq, rtol=0, atol=1e-12)


@pytest.mark.parametrize("game", GAMES)
def test_monte_carlo_within_three_standard_errors_of_exact(game):
    """Monte Carlo (fixed seed, 2 threads) agrees with the exact enumeration,
    for every game: the bug this catches dealt stud as hold'em."""
    g = hr.get_game(game)
    unknown = 2 if g.board or g.hole > 5 else 1
    holes, board = question(game, 100 + GAMES.index(game), unknown)
    exact = hr.equity(game, holes, board=board)
    mc = hr.equity(game, holes, board=board, trials=200_000, seed=GAMES.index(game), threads=2)
    assert mc.deals == 200_000
    assert np.all(np.abs(mc.equity - exact.equity) <= 3 * mc.stderr + 1e-9), \
        (game, mc.equity, exact.equity, mc.stderr)
    assert math.isclose(mc.equity.sum(), 1.0)


@pytest.mark.parametrize("game", GAMES)
def test_showdown_and_equity_agree_on_a_complete_deal(game):
    """A deal with nothing left to deal: equity is the showdown's shares."""
    g = hr.get_game(game)
    deck = [int(c) for c in np.random.default_rng(7).permutation(g.cards.codes)]
    holes = [deck[i * g.hole:(i + 1) * g.hole] for i in range(3)]
    board = deck[3 * g.hole:3 * g.hole + g.board]
    shares = hr.showdown(game, holes, board if g.board else None)
    r = hr.equity(game, holes, board=board)
    assert r.deals == 1 and r.equity.tolist() == shares.tolist()
    assert shares.tolist() == ref.showdown(game, holes, board)


@pytest.mark.parametrize("rules", RULES)
def test_every_rule_set_counts_its_classes(rules):
    """Dense strengths over every hand of the rule set's hand size from its
    deck (2,598,960 five-card hands; 376,992 of the short deck; 22,100
    three-card; 270,725 badugi hands; and, for a partial rule set, every hand
    of 1 to 5 cards), as many as the reference counts."""
    rs = hr.get_rules(rules)
    codes = rs.deck.codes
    sizes = range(1, rs.cards + 1) if rs.partial else [rs.cards]
    values = set()
    for size in sizes:
        hands = np.fromiter(combinations(codes, size), dtype=np.dtype((np.uint8, (size,))))
        assert len(hands) == math.comb(len(codes), size)
        values |= set(np.unique(hr.evaluate(hands, rules)).tolist())
    values = np.array(sorted(values))
    lo = rs.tables.qualifier_strength or 0
    natural = rs.nclasses - (len(rs.deck.ranks) if rs.five_kind else 0)   # five of a kind: wild
    assert values[values >= 0].tolist() == list(range(lo, natural))
    assert natural - lo == ref.n_classes(rules) - (len(rs.deck.ranks) if rs.five_kind else 0)


@pytest.mark.parametrize("game", GAMES)
def test_equity_breakdown_adds_up(game):
    """For every game: the halves add up to the equity, the categories count
    every deal once per player (each player with a hand for the deciding
    half, when it has a qualifier), and they match a deal-by-deal tally of
    the showdown's strengths (the same question, walked in Python)."""
    g = hr.get_game(game)
    holes, board = question(game, 300 + GAMES.index(game), unknown=1)
    r = hr.equity(game, holes, board=board)
    check_halves_add_up(g, r)
    check_category_totals(g, r)
    # the tally: complete the deal every way (one card is missing: board or hands)
    rules = deciding_half(g).rules
    known = set(c for h in holes for c in h) | set(board)
    tally = np.zeros_like(r.categories)
    won = np.zeros_like(r.categories)
    for c in g.cards.codes:
        if c in known:
            continue
        if g.board:
            hs, b = holes, board + [c]
        else:
            for extra in g.cards.codes:               # the second player's missing card
                if extra in known or extra == c:
                    continue
                hs, b = [holes[0] + [c], holes[1] + [extra]], []
                _tally(game, rules, hs, b, tally, won)
            continue
        _tally(game, rules, hs, b, tally, won)
    assert np.array_equal(tally, r.categories)
    assert np.array_equal(won, r.winning_categories)


def _tally(game, rules, hands, board, tally, won):
    """Each player's category under the first half's rule set (the hand it
    makes, whatever the half's own qualifier), and whether the player won
    that half (the pot rules' winners)."""
    g = hr.get_game(game)
    half = deciding_half(g)
    if half.select == "omaha":
        s = [hr.evaluate_omaha(h, board, rules, g.wild) for h in hands]
    else:
        s = [hr.evaluate(list(h) + list(board), rules, g.wild) for h in hands]
    winners = hr.winners(game, hands, board or None)[g.half_names.index(half.name)]
    for p, v in enumerate(s):
        if v < 0:
            continue
        c = int(hr.category(v, rules))
        tally[p, c] += 1
        won[p, c] += p in winners


def test_by_hand_is_each_hands_equity():
    r = hr.equity("holdem", ["QQ+, AKs", "Ah Kh"], board="Qh 7h 2c")
    by = r.by_hand[0]
    assert r.by_hand[1] is None and len(by) == 9 + 3      # AhKh removes AKs of hearts etc.
    for hand, eq in by.items():
        assert eq == pytest.approx(hr.equity("holdem", [hand, "Ah Kh"],
                                             board="Qh 7h 2c").equity[0], abs=1e-12)
    mc = hr.equity("holdem", ["QQ+, AKs", "Ah Kh"], board="Qh 7h 2c", trials=300_000, seed=2)
    for hand, eq in by.items():
        assert mc.by_hand[0][hand] == pytest.approx(eq, abs=0.01)
