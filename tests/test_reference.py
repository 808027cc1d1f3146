"""The fast core against the slow brute-force reference (tests/reference.py)
on fixed-seed random hands of every size and under every rule set."""
from __future__ import annotations

import numpy as np
import pytest

import handrank as hr
import reference as ref

from conftest import random_hands, ref_starmap

from registry import RULES

# (rules, cards per hand, hands): 200,000 seven-card high hands and 100,000
# per low rule set, 20,000 of every other size.
CASES = [("high", 7, 200_000)] + [("high", k, 20_000) for k in (5, 6, 8, 9)] + [
    (r, k, 100_000 if k == 7 else 20_000) for r in RULES[1:] for k in (5, 6, 7, 8, 9)]


@pytest.mark.parametrize("rules,k,n", CASES, ids=[f"{r}-{k}" for r, k, _ in CASES])
def test_core_matches_reference(rules, k, n, refpool):
    hands = random_hands(n, k, seed=1000 * k + RULES.index(rules))
    got = hr.evaluate(hands, rules=rules)
    want = np.array(ref_starmap(refpool, ref.strength, [(h, rules) for h in hands.tolist()]),
                    dtype=np.int16)
    bad = np.flatnonzero(got != want)
    assert bad.size == 0, (
        f"{bad.size} mismatches, first {hr.format(hands[bad[0]])}: "
        f"core {got[bad[0]]}, reference {want[bad[0]]}")


@pytest.mark.parametrize("rules", RULES)
def test_masks_match_codes(rules):
    for k in range(5, 10):
        hands = random_hands(20_000, k, seed=k)
        assert np.array_equal(hr.evaluate_masks(hr.to_mask(hands), rules),
                              hr.evaluate(hands, rules))


@pytest.mark.parametrize("rules", RULES)
def test_categories_and_names_match_reference(rules):
    """category() and describe() of every strength agree with the reference."""
    n = hr.get_rules(rules).nclasses
    for s in range(n):
        if rules == "ace-to-five-8" and s < 6119:
            continue
        assert int(hr.category(s, rules)) == ref.category_of_strength(s, rules)
        assert hr.describe(s, rules) == ref.describe_strength(s, rules)


@pytest.mark.parametrize("rules", RULES)
def test_best_five_plays_the_strength(rules):
    """best_five gives five of the input cards whose strength is the hand's."""
    hands = random_hands(3000, 7, seed=77)
    five = hr.best_five(hands, rules)
    assert five.shape == (3000, 5)
    assert all(set(f) <= set(h) for f, h in zip(five.tolist(), hands.tolist()))
    assert np.array_equal(hr.evaluate(five, rules), hr.evaluate(hands, rules))


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("k", [5, 6, 7, 8, 9])
def test_flush_heavy_and_low_card_hands(rules, k, refpool):
    """Hands with five or more of a suit (the rare flush paths), and hands from
    eight ranks only (pairs, wheels and qualifying lows), against the reference."""
    from conftest import low_rank_hands, suited_hands
    for hands in (suited_hands(3000, k, seed=k), low_rank_hands(3000, k, seed=k)):
        got = hr.evaluate(hands, rules=rules)
        want = np.array(ref_starmap(refpool, ref.strength, [(h, rules) for h in hands.tolist()]),
                        dtype=np.int16)
        bad = np.flatnonzero(got != want)
        assert bad.size == 0, (f"{hr.format(hands[bad[0]])}: core {got[bad[0]]}, "
                               f"reference {want[bad[0]]}")
        assert np.array_equal(hr.evaluate_masks(hr.to_mask(hands), rules), got)
