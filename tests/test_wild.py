"""Wild cards: bug, fully wild jokers, designated wild cards, in every rule set."""
from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

import handrank as hr
import reference as ref

from conftest import random_hands, ref_starmap

from registry import RULES, WILD_RULES, deal, wilds_for
SETTINGS = ["bug", "jokers", "2", "Js Jh"]
CASES = [(r, w) for r in WILD_RULES for w in wilds_for(r)]


def hands_with_jokers(n: int, k: int, jokers: int, seed: int, rules: str = "high") -> np.ndarray:
    """n hands of k cards of the rule set's deck, `jokers` of them jokers (52,
    53), in random positions."""
    rng = np.random.default_rng(seed)
    hands = deal(rules, n, k - jokers, seed=seed)
    if jokers:
        extra = np.tile(np.array([52, 53][:jokers], dtype=np.uint8), (n, 1))
        hands = np.concatenate([hands, extra], axis=1)
    return rng.permuted(hands, axis=1)


@pytest.mark.parametrize("rules,wild", CASES, ids=[f"{r}-{w}" for r, w in CASES])
@pytest.mark.parametrize("k", [5, 7])
@pytest.mark.parametrize("jokers", [0, 1, 2])
def test_wild_matches_reference(rules, wild, k, jokers, refpool):
    """12,000 hands per case against the brute-force reference (every allowed
    substitution tried), for every rule set that takes wild cards; 2,000 when
    the hands hold no wild card at all (no joker under a joker-only setting:
    the plain loop, which test_reference checks on 100,000+ hands)."""
    seed = 100 * k + 10 * jokers + SETTINGS.index(wild) + 1000 * RULES.index(rules)
    n = 2_000 if jokers == 0 and wild in ("bug", "jokers") else 12_000
    hands = hands_with_jokers(n, k, jokers, seed, rules)
    got = hr.evaluate(hands, rules, wild)
    want = np.array(ref_starmap(refpool, ref.strength, [(h, rules, wild) for h in hands.tolist()]),
                    dtype=np.int16)
    bad = np.flatnonzero(got != want)
    assert bad.size == 0, (f"{bad.size} mismatches; first {hr.format(hands[bad[0]])}: "
                           f"core {got[bad[0]]}, reference {want[bad[0]]}")
    assert np.array_equal(hr.evaluate_masks(hr.to_mask(hands), rules, wild), got)


@pytest.mark.parametrize("rules", WILD_RULES)
@pytest.mark.parametrize("k", [6, 8, 9])
def test_other_sizes_match_reference(rules, k, refpool):
    for wild, jokers in [("jokers", 1), ("bug", 2), ("2", 1)]:
        if wild not in wilds_for(rules):
            continue
        hands = hands_with_jokers(2000, k, jokers, seed=k + jokers, rules=rules)
        got = hr.evaluate(hands, rules, wild)
        want = np.array(ref_starmap(refpool, ref.strength,
                                    [(h, rules, wild) for h in hands.tolist()]))
        assert np.array_equal(got, want), (rules, k, wild)
        assert np.array_equal(hr.evaluate_masks(hr.to_mask(hands), rules, wild), got)


@pytest.mark.parametrize("rules", WILD_RULES)
def test_no_jokers_means_no_change(rules):
    hands = deal(rules, 30_000, 7, seed=3)
    plain = hr.evaluate(hands, rules)
    for wild in ("bug", "jokers"):
        assert np.array_equal(hr.evaluate(hands, rules, wild), plain)


def test_spec_examples():
    assert hr.evaluate("As Ad Ac Ah Jk", wild="bug") == 7474
    assert hr.describe(7474) == "Five of a kind, aces"
    assert hr.describe(hr.evaluate("Kc Kd Jk Xx 7h", wild="bug")) == "Two pair, aces over kings"
    assert hr.describe(hr.evaluate("As 2s 3s 4s 5s", wild="2")) == "Five-high straight flush"
    assert hr.describe(hr.evaluate("Kh Kd Kc Ks Jk", wild="bug")) == "Four of a kind, kings"
    assert hr.describe(hr.evaluate("Kh Kd Kc Ks Jk", wild="jokers")) == "Five of a kind, kings"
    assert hr.describe(hr.evaluate("Ah Kh Qh 9h 2d Jk", wild="bug")) == "Ace-high flush"
    assert hr.describe(hr.evaluate("Jh Th 9c 8d 2d Jk", wild="bug")) == "Queen-high straight"
    assert hr.describe(hr.evaluate("5h 4d 3c 2s Jk", "razz", "bug"), "razz") == "Five-four low"
    # under low rules a bug is the best card for the low, not an ace
    assert hr.describe(hr.evaluate("6h 5d 4c 3s Jk", "2-7", "bug"), "2-7") == "Eight-six low"
    assert hr.describe(hr.evaluate("5h 4d 3c 2s Jk", "a6", "bug"), "a6") == "Seven-five low"
    # a designated wild card may become its own card; one-eyed jacks
    assert hr.evaluate("Js Jh Qc Kc Ac Tc 2d", wild="Js Jh") == 7461
    assert hr.evaluate("Jc Jd Qc Kc Ac Tc 2d", wild="Js Jh") == hr.evaluate("Jc Jd Qc Kc Ac Tc 2d")


def test_wild_forms_are_equivalent():
    hands = hands_with_jokers(5000, 7, 1, seed=8)
    deuces = hr.evaluate(hands, wild="2")
    assert np.array_equal(hr.evaluate(hands, wild="2c 2d 2h 2s"), deuces)
    assert np.array_equal(hr.evaluate(hands, wild=[0, 1, 2, 3]), deuces)
    assert np.array_equal(hr.evaluate(hands, wild="2, Jk"), deuces)
    assert np.array_equal(hr.evaluate(hands, wild="JOKERS"), hr.evaluate(hands, wild="jokers"))


def test_single_hand_paths_agree():
    hands = hands_with_jokers(300, 7, 2, seed=4)
    want = hr.evaluate(hands, wild="bug")
    for h, w in zip(hands, want):
        assert hr.evaluate(hr.format(h), wild="bug") == w
        assert hr.evaluate(h.tolist(), wild="bug") == w
        assert hr.evaluate_masks(hr.to_mask(h), wild="bug") == w


def test_best_five_with_wild_cards():
    five = hr.best_five("As Ad Ac Ah Jk 7c 2d", wild="bug")
    assert hr.format(five) == "As Ah Ad Ac Jk"
    hands = hands_with_jokers(2000, 7, 1, seed=5)
    for wild in ("bug", "jokers", "2"):
        five = hr.best_five(hands, wild=wild)
        assert np.array_equal(hr.evaluate(five, wild=wild), hr.evaluate(hands, wild=wild))
        assert all(set(f) <= set(h) for f, h in zip(five.tolist(), hands.tolist()))


def test_wild_errors():
    with pytest.raises(hr.HandError, match="joker .* needs a wild setting"):
        hr.evaluate("As Ks Qs Js Jk")
    with pytest.raises(hr.HandError, match=r"wild='zz': cannot read 'zz' at position 0"):
        hr.evaluate("As Ks Qs Js Jk", wild="zz")
    with pytest.raises(hr.HandError, match="wild card code 99"):
        hr.evaluate("As Ks Qs Js Jk", wild=[99])
    with pytest.raises(hr.HandError, match="wild must be"):
        hr.evaluate("As Ks Qs Js Jk", wild=3.5)
    with pytest.raises(hr.HandError, match="row 1: card Jk appears twice"):
        hr.evaluate(np.array([[0, 1, 2, 3, 52], [0, 1, 2, 52, 52]]), wild="jokers")
    with pytest.raises(hr.HandError, match="joker"):
        hr.evaluate_masks(hr.to_mask("As Ks Qs Js Jk"))
    assert hr.evaluate_masks(hr.to_mask("As Ks Qs Js Jk"), wild="jokers") == 7461


def test_one_wild_joker_five_cards_exhaustive():
    """All 2,869,685 five-card hands of a 53-card deck, the joker fully wild:
    the published category counts (straight flushes include royal flushes)."""
    hands = np.fromiter(combinations(range(53), 5), dtype=np.dtype((np.uint8, (5,))))
    cats = hr.category(hr.evaluate(hands, wild="jokers"))
    counts = np.bincount(cats, minlength=11)
    C = hr.Category
    assert counts[C.FIVE_OF_A_KIND] == 13
    assert counts[C.STRAIGHT_FLUSH] + counts[C.ROYAL_FLUSH] == 204
    assert counts[C.FOUR_OF_A_KIND] == 3120
    assert counts[C.FULL_HOUSE] == 6552
    assert counts[C.FLUSH] == 7804
    assert counts[C.STRAIGHT] == 20532
    assert counts[C.THREE_OF_A_KIND] == 137280
    assert counts[C.TWO_PAIR] == 123552
    assert counts[C.ONE_PAIR] == 1268088
    assert counts[C.HIGH_CARD] == 1302540


@pytest.mark.parametrize("rules", [r for r in RULES if r not in WILD_RULES])
def test_rule_sets_without_wild_cards_say_so(rules):
    with pytest.raises(hr.HandError, match=f"wild cards are not supported under {rules}"):
        hr.evaluate(deal(rules, 3, hr.get_rules(rules).cards, seed=1), rules, "bug")


def test_wild_cards_off_the_deck_are_refused():
    with pytest.raises(hr.HandError, match=r"wild='2': 2c is not in the short deck \(6 to A\)"):
        hr.evaluate("As Ks Qs Js Jk", "short-deck", wild="2")
    assert hr.describe(hr.evaluate("As 6s 7s 8s Jk", "short-deck", "bug"), "short-deck") == \
        "Nine-high straight flush"
    assert hr.describe(hr.evaluate("As Ad Ah Ac Jk", "short-deck", "bug"), "short-deck") == \
        "Five of a kind, aces"
