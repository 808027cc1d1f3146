"""Exhaustive known-answer checks over all 2,598,960 five-card hands."""
from __future__ import annotations

import numpy as np
import pytest

import handrank as hr
from handrank import Category as C

HIGH_COUNTS = {
    C.ROYAL_FLUSH: 4, C.STRAIGHT_FLUSH: 36, C.FOUR_OF_A_KIND: 624, C.FULL_HOUSE: 3744,
    C.FLUSH: 5108, C.STRAIGHT: 10200, C.THREE_OF_A_KIND: 54912, C.TWO_PAIR: 123552,
    C.ONE_PAIR: 1098240, C.HIGH_CARD: 1302540,
}


def test_high_distinct_strengths(five_card_hands):
    s = hr.evaluate(five_card_hands)
    assert s.dtype == np.int16 and s.shape == (2598960,)
    assert np.array_equal(np.unique(s), np.arange(7462))


def test_high_category_counts(five_card_hands):
    cats = hr.category(hr.evaluate(five_card_hands))
    counts = np.bincount(cats, minlength=11)
    assert {C(i): int(n) for i, n in enumerate(counts) if n} == HIGH_COUNTS


def test_high_extremes():
    assert hr.evaluate("7s 5c 4d 3d 2c") == 0
    assert hr.evaluate("As Ks Qs Js Ts") == 7461
    assert hr.evaluate("Ah Kh Qh Jh Th") == 7461
    assert hr.evaluate("Ks Qs Js Ts 9s") == 7460
    assert hr.evaluate("5d 4d 3d 2d Ad") == 7461 - 9          # steel wheel: lowest straight flush


def test_masks_equal_codes_exhaustive(five_card_hands):
    masks = hr.to_mask(five_card_hands)
    assert np.array_equal(hr.evaluate_masks(masks), hr.evaluate(five_card_hands))


def test_categories_are_monotone_in_strength():
    """Dense strengths sort the categories: every category is one contiguous block."""
    cats = hr.category(np.arange(7462))
    assert np.all(np.diff(cats) >= 0)
    assert cats[0] == C.HIGH_CARD and cats[-1] == C.ROYAL_FLUSH


def test_ordering_walk_high_cards():
    """Unpaired hands that are no straight, listed by their ranks from the top
    down in increasing order, have strengths exactly 0, 1, ..., 1276."""
    from itertools import combinations
    rank_sets = []
    for ranks in combinations(range(13), 5):       # ascending tuples
        r = list(ranks)
        if not (r[4] - r[0] == 4 or r == [0, 1, 2, 3, 12]):
            rank_sets.append(tuple(sorted(ranks, reverse=True)))
    rank_sets.sort()                                # weakest first
    hands = [[4 * r + (i == 0) for i, r in enumerate(rs)] for rs in rank_sets]  # two suits
    assert hr.evaluate(np.array(hands)).tolist() == list(range(1277))


def test_worst_pair_beats_best_high_card():
    assert hr.evaluate("2c 2d 3h 4s 5c") == hr.evaluate("Ac Kd Qh Js 9c") + 1


@pytest.mark.parametrize("k", [6, 7])
def test_best_of_more_cards_is_max_over_fives(k):
    """For a sample of k-card hands the strength is the max over their 5-subsets."""
    from itertools import combinations
    rng = np.random.default_rng(k)
    hands = np.argsort(rng.random((3000, 52)), axis=1)[:, :k].astype(np.uint8)
    combos = np.array(list(combinations(range(k), 5)))
    fives = hands[:, combos].reshape(-1, 5)
    best = hr.evaluate(fives).reshape(len(hands), -1).max(axis=1)
    assert np.array_equal(hr.evaluate(hands), best)
