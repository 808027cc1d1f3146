"""The swap-in guide's worked example (docs/swap-in.rst): the adapter of
tests/swap_in_adapter.py keeps the API of a project's own evaluator
(tests/oldeval.py, pure Python) and must answer exactly as it does: values,
names, split pots, wheels, short hands, batches."""
from __future__ import annotations

from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

import handrank as hr
import oldeval as old
import swap_in_adapter as new

RNG = np.random.default_rng(26)
DECK = [old.Card(s, r) for r in range(2, 15) for s in old.SUITS]
PAGE = Path(__file__).resolve().parent.parent / "docs" / "swap-in.rst"


def deal(n: int) -> list[old.Card]:
    return [DECK[i] for i in RNG.choice(52, n, replace=False)]


def test_card_codes_agree_with_handrank_text():
    for c in DECK:
        assert new.codes([c]) == hr.parse(str(c)).tolist()       # "SA": suit-first text


@pytest.mark.parametrize("k", [5, 6, 7])
def test_values_and_names_agree(k):
    for _ in range(1500):
        hand = deal(k)
        v = old.eval_hand(hand[:2], hand[2:])
        assert new.eval_hand(hand[:2], hand[2:]) == v, [str(c) for c in hand]
        assert new.hand_name(v) == old.hand_name(v)


def test_every_five_card_class_agrees():
    """One hand of every high-rules strength, made from its ranks: the value
    table is right for all 7,462 classes, wheels and royal flushes included."""
    t = hr.get_rules("high").table()
    suited = {hr.Category.FLUSH, hr.Category.STRAIGHT_FLUSH, hr.Category.ROYAL_FLUSH}
    for s in range(7462):
        ranks = t.ranks[s].tolist()
        if hr.Category(t.category[s]) in suited:
            suits = [0] * 5
        else:                            # repeated ranks in different suits, never a flush
            suits = [ranks[:i].count(r) for i, r in enumerate(ranks)]
            suits[-1] = suits[-1] or (1 if len(set(suits)) == 1 else 0)
        hand = [old.Card(old.SUITS[u], r + 2) for r, u in zip(ranks, suits)]
        assert hr.evaluate(new.codes(hand)) == s
        assert new.eval_hand(hand[:2], hand[2:]) == old.eval_hand(hand[:2], hand[2:]), s


def test_wheels_royals_and_ties():
    c = old.cards
    wheel = c("SA D2 C3 H4")
    board = c("H5 CK DK")
    assert new.eval_hand(wheel[:2], wheel[2:] + board) == \
        old.eval_hand(wheel[:2], wheel[2:] + board)
    assert old.hand_name(new.eval_hand(c("SA D2"), c("C3 H4 H5"))) == "straight"
    assert new.eval_hand(c("SA D2"), c("C3 H4 H5")) < new.eval_hand(c("S6 D2"), c("C3 H4 H5"))
    assert new.eval_hand(c("HA H2"), c("H3 H4 H5")) >> 20 == 8           # steel wheel
    royal = new.eval_hand(c("SA SK"), c("SQ SJ ST"))
    assert royal == old.eval_hand(c("SA SK"), c("SQ SJ ST")) and old.hand_name(royal) == \
        "straight flush"


@pytest.mark.parametrize("players", [2, 3, 6])
def test_split_pots_agree(players):
    ties = 0
    for _ in range(600):
        cards = deal(5 + 2 * players)
        board, holes = cards[:5], [cards[5 + 2 * i:7 + 2 * i] for i in range(players)]
        want = old.split_pot(120.0, holes, board)
        got = new.split_pot(120.0, holes, board)
        assert got == pytest.approx(want), ([str(x) for x in board], want, got)
        ties += max(want) < 120.0
    # the board plays for everyone: a split every time
    board = old.cards("SA SK SQ SJ ST")
    holes = [old.cards("H2 D3"), old.cards("C4 D5"), old.cards("H6 D7")]
    assert new.split_pot(90.0, holes, board) == pytest.approx([30.0, 30.0, 30.0])
    assert ties > 0, "some random deals split the pot"


def test_short_hands_agree():
    """Everyone folded before the flop: two hole cards (and 1, 3, 4)."""
    for k in (1, 2, 3, 4):
        for _ in range(400):
            hand = deal(k)
            assert new.eval_hand(hand[:2], hand[2:]) == old.eval_hand(hand[:2], hand[2:])
    # two-card hands order as the old values do, and against full hands
    pairs = [list(p) for p in combinations(DECK[::3], 2)]
    vals = [(old.eval_hand(p, []), new.eval_hand(p, [])) for p in pairs]
    assert all(a == b for a, b in vals)


def test_errors_stay_value_errors():
    """The old code raised ValueError for a repeated card; hr.HandError is one."""
    hand = old.cards("SA SA HK DQ CJ")
    with pytest.raises(ValueError):
        old.eval_hand(hand[:2], hand[2:])
    with pytest.raises(ValueError, match="appears twice"):
        new.eval_hand(hand[:2], hand[2:])


def test_batch_agrees_with_one_at_a_time():
    hands = hr.deal(2000, 7, seed=9)
    values = new.eval_hands(hands)
    by_code = {new.codes([c])[0]: c for c in DECK}
    for row, v in zip(hands[:300].tolist(), values[:300].tolist()):
        cards = [by_code[x] for x in row]
        assert old.eval_hand(cards[:2], cards[2:]) == v


@pytest.mark.skipif(not PAGE.is_file(), reason="no docs/ tree here (an installed wheel)")
def test_the_guide_shows_this_adapter():
    text = PAGE.read_text(encoding="utf-8")
    assert ".. literalinclude:: ../tests/swap_in_adapter.py" in text
    assert ".. literalinclude:: ../tests/oldeval.py" in text
