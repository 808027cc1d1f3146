"""The fast core against the slow brute-force reference (tests/reference.py)
on fixed-seed random hands of every size and under every rule set."""
from __future__ import annotations

from math import comb

import numpy as np
import pytest

import handrank as hr
import reference as ref

from conftest import ref_starmap

from registry import FIVE_CARD_RULES, RULES, deal, hand_sizes


#: Five-card reference evaluations per (rule set, hand size): the reference
#: ranks a hand of k cards by trying each of its C(k, n) hands of n cards
#: (n the rule set's hand), so a hand size gets fewer hands the more
#: choices each costs, and the suite's time stays flat as rule sets are
#: added (as reference_deals does for games in test_games.py).
REFERENCE_CHOICES = 700_000


def reference_hands(rules: str, k: int) -> int:
    """Hands of k cards to check under a rule set: REFERENCE_CHOICES /
    C(k, n), between 4,000 and 40,000 (10,000 for partial rule sets, whose
    every size from 1 to 9 is checked); seven-card high 100,000 (the hand
    most users rank)."""
    if rules == "high" and k == 7:
        return 100_000
    rs = hr.get_rules(rules)
    return max(4_000, min(10_000 if rs.partial else 40_000,
                          REFERENCE_CHOICES // comb(k, min(rs.cards, k))))


def _cases():
    """(rules, cards per hand, hands) for every rule set and each of its
    hand sizes (partial rule sets: every size 1..9)."""
    return [(r, k, reference_hands(r, k)) for r in RULES for k in hand_sizes(r)]


CASES = _cases()


@pytest.mark.parametrize("rules,k,n", CASES, ids=[f"{r}-{k}" for r, k, _ in CASES])
def test_core_matches_reference(rules, k, n, refpool):
    hands = deal(rules, n, k, seed=1000 * k + RULES.index(rules))
    got = hr.evaluate(hands, rules=rules)
    want = np.array(ref_starmap(refpool, ref.strength, [(h, rules) for h in hands.tolist()]),
                    dtype=np.int16)
    bad = np.flatnonzero(got != want)
    assert bad.size == 0, (
        f"{bad.size} mismatches, first {hr.format(hands[bad[0]])}: "
        f"core {got[bad[0]]}, reference {want[bad[0]]}")


@pytest.mark.parametrize("rules", RULES)
def test_masks_match_codes(rules):
    for k in hand_sizes(rules):
        hands = deal(rules, 20_000, k, seed=k)
        assert np.array_equal(hr.evaluate_masks(hr.to_mask(hands), rules),
                              hr.evaluate(hands, rules))


@pytest.mark.parametrize("rules", RULES)
def test_categories_and_names_match_reference(rules):
    """category() and describe() of every strength agree with the reference."""
    rs = hr.get_rules(rules)
    for s in range(rs.nclasses):
        if not rs.qualifies(s):
            continue
        assert int(hr.category(s, rules)) == ref.category_of_strength(s, rules)
        assert hr.describe(s, rules) == ref.describe_strength(s, rules)


@pytest.mark.parametrize("rules", [r for r in RULES if hr.get_rules(r).kind == "poker"])
def test_best_five_plays_the_strength(rules):
    """best_five gives the cards of the input that play, whose strength is the hand's."""
    sizes = hand_sizes(rules)
    k = 7 if 7 in sizes else max(sizes)
    n = min(k, hr.get_rules(rules).cards)
    hands = deal(rules, 3000, k, seed=77)
    five = hr.best_five(hands, rules)
    assert five.shape == (3000, n)
    if hr.get_rules(rules).partial:                   # a partial hand: all its cards play
        three = hr.best_five(hands[:, :3], rules)
        assert three.shape == (3000, 3)
        assert np.array_equal(np.sort(three, axis=1), np.sort(hands[:, :3], axis=1))
    assert all(set(f) <= set(h) for f, h in zip(five.tolist(), hands.tolist()))
    assert np.array_equal(hr.evaluate(five, rules), hr.evaluate(hands, rules))


SIZED = [(r, k) for r in RULES for k in hand_sizes(r)]


@pytest.mark.parametrize("rules,k", SIZED, ids=[f"{r}-{k}" for r, k in SIZED])
def test_flush_heavy_and_low_card_hands(rules, k, refpool):
    """Hands with a whole hand of one suit (the rare flush paths), and hands
    from the deck's eight lowest ranks and the ace (pairs, wheels, qualifying
    lows), against the reference."""
    from conftest import low_rank_hands, suited_hands
    rs = hr.get_rules(rules)
    ranks = sorted({int(c) >> 2 for c in rs.deck.codes})
    low = sorted(set(ranks[:7]) | {12})
    for hands in (suited_hands(3000, k, seed=k, ranks=ranks, flush=min(k, rs.cards)),
                  low_rank_hands(3000, k, seed=k, ranks=low)):
        got = hr.evaluate(hands, rules=rules)
        want = np.array(ref_starmap(refpool, ref.strength, [(h, rules) for h in hands.tolist()]),
                        dtype=np.int16)
        bad = np.flatnonzero(got != want)
        assert bad.size == 0, (f"{hr.format(hands[bad[0]])}: core {got[bad[0]]}, "
                               f"reference {want[bad[0]]}")
        assert np.array_equal(hr.evaluate_masks(hr.to_mask(hands), rules), got)
