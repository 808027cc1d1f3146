"""handrank behind an old evaluator's API: the worked example of
docs/swap-in.rst.

The project keeps its card objects and its calls -- ``eval_hand``,
``hand_name``, ``split_pot`` of tests/oldeval.py -- and handrank does the
work: cards become codes at the edge, a strength becomes the old packed
value through a table made once, and split pots come from hr.showdown.
tests/test_swap_in.py checks it against the old evaluator.
"""
from __future__ import annotations

import numpy as np

import handrank as hr
from oldeval import CATEGORIES, Card  # noqa: F401 -- the project's own cards stay

# 1. Cards: the project's card objects -> handrank codes (4 * rank + suit).
SUIT = {"C": 0, "D": 1, "H": 2, "S": 3}


def codes(cards: list[Card]) -> list[int]:
    return [4 * (c.rank - 2) + SUIT[c.suit] for c in cards]


# 2. Values: every strength of a rule set -> the old packed value, once.
def old_values(rules: str) -> np.ndarray:
    """The old value of each strength of ``rules`` (an int64 array to
    index by strength)."""
    table = hr.get_rules(rules).table()
    cat = table.category.astype(np.int64)
    ranks = table.ranks.astype(np.int64)             # 0..12 = 2..A; -1: no card
    # handrank keeps the royal flush apart (9); the old code calls it the
    # best straight flush (8).
    cat = np.where(np.isin(cat, [hr.Category.STRAIGHT_FLUSH, hr.Category.ROYAL_FLUSH]),
                   8, cat)
    old = np.where(ranks < 0, 0, ranks + 2)          # 2..14, 0 for no card
    # the wheel: handrank reads it 5-4-3-2-A (the ace last); the old value
    # counts that ace as 1
    straight = np.isin(cat, [hr.Category.STRAIGHT, 8])
    old[:, 4] = np.where(straight & (ranks[:, 4] == 12), 1, old[:, 4])
    value = cat.copy()
    for i in range(5):
        value = value << 4 | old[:, i]
    return value


OLD_VALUE = old_values("high")                       # hands of 5 to 9 cards
OLD_VALUE_SHORT = old_values("high-partial")         # hands of 1 to 4 cards


# 3. The old API, over handrank.
def eval_hand(hole: list[Card], community: list[Card]) -> int:
    hand = codes(hole) + codes(community)
    if len(hand) < 5:                                # everyone folded preflop
        return int(OLD_VALUE_SHORT[hr.evaluate(hand, "high-partial")])
    return int(OLD_VALUE[hr.evaluate(hand)])


def hand_name(value: int) -> str:
    return CATEGORIES[value >> 20]


def split_pot(pot: float, holes: list[list[Card]], community: list[Card]) -> list[float]:
    shares = hr.showdown("holdem", [codes(h) for h in holes], codes(community))
    return (pot * shares).tolist()


# 4. New, for the project's simulations: a whole batch in one call.
def eval_hands(hands: np.ndarray) -> np.ndarray:
    """Old values of an (N, k) array of codes, k = 5..9."""
    return OLD_VALUE[hr.evaluate(hands)]
