"""A small project's own poker evaluator, as the swap-in guide
(docs/swap-in.rst) finds it: card objects written suit first ("SA"), one
packed integer per hand, a name for it and a split-pot helper.

Pure Python and plain on purpose: the best five of the cards by trying every
five (any hand of 5 to 7 cards), and hands of 1 to 4 cards (everyone folded
before the flop) valued by their pairs and high cards.  It is the "before"
of the guide; tests/swap_in_adapter.py is the "after", the same API over
handrank, and tests/test_swap_in.py checks that they agree.

A value packs the category (0 high card .. 8 straight flush, a royal flush
being the best straight flush) above five 4-bit ranks, 2..14 for deuce to
ace, most significant first: groups before single cards, each high to low;
a straight from its top card, the ace counting 1 in 5-4-3-2-A; 0 where a
short hand has no card.
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations

CATEGORIES = ("high card", "pair", "two pair", "three of a kind", "straight", "flush",
              "full house", "four of a kind", "straight flush")
SUITS = "CDHS"
RANK_CHARS = "23456789TJQKA"


class Card:
    """A card: ``suit`` one of "CDHS", ``rank`` 2..14 (ace 14); text "SA"."""

    __slots__ = ("suit", "rank")

    def __init__(self, suit: str, rank: int) -> None:
        if suit not in SUITS or not 2 <= rank <= 14:
            raise ValueError(f"no such card: {suit}{rank}")
        self.suit, self.rank = suit, rank

    @classmethod
    def from_str(cls, text: str) -> Card:
        return cls(text[0].upper(), RANK_CHARS.index(text[1].upper()) + 2)

    def __str__(self) -> str:
        return self.suit + RANK_CHARS[self.rank - 2]

    def __repr__(self) -> str:
        return f"Card({self})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and (self.suit, self.rank) == (other.suit, other.rank)

    def __hash__(self) -> int:
        return hash((self.suit, self.rank))


def cards(text: str) -> list[Card]:
    """Cards of text such as "SA HK D9"."""
    return [Card.from_str(t) for t in text.split()]


def _pack(category: int, ranks: list[int]) -> int:
    value = category
    for r in (ranks + [0] * 5)[:5]:
        value = value << 4 | r
    return value


def _value(hand: list[Card]) -> int:
    """The value of 1 to 5 cards as they are."""
    count = Counter(c.rank for c in hand)
    ranks = sorted((c.rank for c in hand), key=lambda r: (count[r], r), reverse=True)
    shape = sorted(count.values(), reverse=True)
    if len(hand) == 5 and shape == [1] * 5:
        flush = len({c.suit for c in hand}) == 1
        if ranks == [14, 5, 4, 3, 2]:
            ranks = [5, 4, 3, 2, 1]                     # the wheel: the ace is low
        straight = ranks[0] - ranks[4] == 4
        if straight and flush:
            return _pack(8, ranks)
        if flush:
            return _pack(5, ranks)
        if straight:
            return _pack(4, ranks)
    category = {(4,): 7, (3, 2): 6, (3,): 3, (2, 2): 2, (2,): 1}.get(
        tuple(s for s in shape if s > 1), 0)
    return _pack(category, ranks)


def eval_hand(hole: list[Card], community: list[Card]) -> int:
    """The value of the best five of the hole and community cards (all of
    them when there are fewer than five): higher is better."""
    hand = list(hole) + list(community)
    if not 1 <= len(hand) <= 7 or len(set(hand)) != len(hand):
        raise ValueError(f"a hand of 1 to 7 different cards; got {[str(c) for c in hand]}")
    if len(hand) <= 5:
        return _value(hand)
    return max(_value(list(five)) for five in combinations(hand, 5))


def hand_name(value: int) -> str:
    """The category of a value, in words."""
    return CATEGORIES[value >> 20]


def split_pot(pot: float, holes: list[list[Card]], community: list[Card]) -> list[float]:
    """Each player's part of the pot: the best hands share it equally."""
    values = [eval_hand(h, community) for h in holes]
    best = max(values)
    winners = values.count(best)
    return [pot / winners if v == best else 0.0 for v in values]
