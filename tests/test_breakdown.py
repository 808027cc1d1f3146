"""What makes a strength (the adopter's path, items 1-3): ``hr.breakdown``
and ``RuleSet.table`` (category and deciding ranks), ``best_five`` in C
(one hand gives Python ints), and ``Strength.category`` / ``.name`` as table
lookups."""
from __future__ import annotations

import pickle
from itertools import combinations

import numpy as np
import pytest

import handrank as hr
from handrank.rules._rules import HIGH_ORDER, SHORT_ORDER, SHORT_TRIPS_ORDER, THREE_CARD_ORDER

RNG = np.random.default_rng(2026)


def _hands(n: int, k: int, rules: str = "high", jokers: int = 0) -> np.ndarray:
    deck = [c for c in range(52) if hr.get_rules(rules).deck.holds(c)] + [52, 53][:jokers]
    return np.array([RNG.choice(deck, k, replace=False) for _ in range(n)], dtype=np.uint8)


# ------------------------------------------------------------------ breakdown

def _deciding_ranks(five: list[int], rules: str) -> list[int]:
    """The ranks that decide a hand of five cards (or three), worked out
    from the cards alone: groups first (bigger, then higher under the rule
    set's order of ranks), then the single cards high to low; a straight
    from its top, the ace low in the lowest straight of an ace-high rule
    set."""
    rs = hr.get_rules(rules)
    ranks = [c >> 2 for c in five]
    count = {r: ranks.count(r) for r in ranks}
    out = sorted(ranks, key=lambda r: (count[r], rs.order_of(r)), reverse=True)
    cat = hr.category(hr.evaluate(list(five), rules))
    straight = cat in (hr.Category.STRAIGHT, hr.Category.STRAIGHT_FLUSH)
    deck_ranks = sorted({c >> 2 for c in range(52) if rs.deck.holds(c)})
    wheel = sorted(deck_ranks[:len(five) - 1] + [12])
    if straight and rs.ace == "high" and sorted(ranks) == wheel:
        out = out[1:] + [12]                     # the ace plays low
    return out


@pytest.mark.parametrize("rules,k", [("high", 7), ("high", 5), ("razz", 7), ("2-7", 5),
                                     ("a6", 7), ("short-deck", 7), ("short-deck-trips", 6),
                                     ("three-card", 3), ("high", 9)])
def test_breakdown_ranks_from_the_cards(rules, k):
    """The ranks breakdown gives are those a player reads off the five that
    play, and the category is category()'s."""
    hands = _hands(400, k, rules)
    s = hr.evaluate(hands, rules)
    cats, ranks = hr.breakdown(s, rules)
    assert cats.dtype == np.int8 and ranks.dtype == np.int8 and ranks.shape == (400, 5)
    assert np.array_equal(cats, hr.category(s, rules))
    fives = hr.best_five(hands, rules)
    for five, row in zip(fives.tolist(), ranks.tolist()):
        n = len(five)
        assert row[:n] == _deciding_ranks(five, rules), (hr.format(five), row)
        assert row[n:] == [-1] * (5 - n)


@pytest.mark.parametrize("rules,order", [("high", HIGH_ORDER), ("short-deck", SHORT_ORDER),
                                         ("short-deck-trips", SHORT_TRIPS_ORDER),
                                         ("three-card", THREE_CARD_ORDER)])
def test_table_orders_like_the_strengths_high(rules, order):
    """Under a high rule set, (category's place, ranks as a tuple) sorts
    every strength exactly as the strengths do: the table is the whole
    ordering, with no two strengths alike."""
    t = hr.get_rules(rules).table()
    keys = [(order.index(hr.Category(c)), tuple(r)) for c, r in
            zip(t.category.tolist(), t.ranks.tolist())]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)


@pytest.mark.parametrize("rules", ["razz", "2-7", "a6"])
def test_table_orders_like_the_strengths_low(rules):
    """Under a low rule set the better hand has the worse pattern or, in one
    category, the lower ranks in the rule set's order of ranks."""
    rs = hr.get_rules(rules)
    t = rs.table()
    order = HIGH_ORDER if rules != "2-7" else HIGH_ORDER[:-1]
    keys = [(order.index(hr.Category(c)), tuple(rs.order_of(x) for x in r))
            for c, r in zip(t.category.tolist(), t.ranks.tolist())]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)


def test_breakdown_of_one_strength_is_python():
    s = hr.evaluate("Ah Kd 7c 7d 2s 9h 3c")
    b = hr.breakdown(s)
    assert b == (hr.Category.ONE_PAIR, (5, 5, 12, 11, 7))
    assert type(b.category) is hr.Category and all(type(r) is int for r in b.ranks)
    assert b.ranks[0] << 8 == 1280                   # plain ints: no numpy wrap-around
    low = hr.evaluate("8c 5d 4h 3s 2c", "2-7")
    assert hr.breakdown(low) == (hr.Category.HIGH_CARD, (6, 3, 2, 1, 0))   # its own rules
    assert hr.breakdown(int(low), "2-7") == hr.breakdown(low)
    assert hr.breakdown("Ah Ad Ac Kh Ks") == (hr.Category.FULL_HOUSE, (12, 12, 12, 11, 11))
    assert hr.breakdown(-1, "8-or-better") == (None, ())
    assert hr.breakdown(hr.evaluate("Ah Kh", "partial")) == (hr.Category.HIGH_CARD, (12, 11))
    with pytest.raises(hr.HandError, match="out of range"):
        hr.breakdown(7475)
    with pytest.raises(hr.HandError, match="evaluated under rules='deuce-to-seven'"):
        hr.breakdown(low, "high")


def test_breakdown_arrays_keep_their_shape_and_fill():
    s = hr.evaluate(_hands(12, 7)).reshape(3, 4)
    cats, ranks = hr.breakdown(s)
    assert cats.shape == (3, 4) and ranks.shape == (3, 4, 5)
    assert np.array_equal(ranks.reshape(12, 5), hr.breakdown(s.ravel()).ranks)
    cats, ranks = hr.breakdown(np.array([-1, 0, 6174]), "8-or-better")
    assert cats.tolist() == [-1, -1, 0]              # 0 is no qualifying low either
    assert ranks[:2].tolist() == [[-1] * 5] * 2 and ranks[2].tolist() == [3, 2, 1, 0, 12]
    cats, ranks = hr.breakdown(hr.evaluate(["Ah 2d 3c 4s", "Kh Kd 2c 3c"], "badugi"), "badugi")
    assert ranks.tolist() == [[2, 1, 0, 12, -1], [11, 0, -1, -1, -1]]   # 4-3-2-A; K-2


def test_table_columns():
    for rs in hr.RULE_SETS:
        t = rs.table()
        rows = rs.nclasses + (rs.min_strength < 0)
        assert t.category.shape == (rows,) and t.ranks.shape == (rows, 5) and len(t.name) == rows
        s = np.arange(rs.min_strength, rs.nclasses)
        assert np.array_equal(t.category[s], hr.category(s, rs.name))
        assert [t.name[v] for v in s.tolist()] == hr.describe(s, rs.name)
        for v in s.tolist()[:: max(1, len(s) // 200)]:
            assert tuple(r for r in t.ranks[v].tolist() if r >= 0) == \
                (rs.ranks(v) if rs.qualifies(v) else ())
        assert not t.category.flags.writeable and not t.ranks.flags.writeable
        assert rs.table() is t                          # made once


# ------------------------------------------------------------------ best_five

def test_best_five_of_one_hand_is_python_ints():
    five = hr.best_five("Kd 7c Ks 2h 7d 9s Kh")
    assert type(five) is tuple and all(type(c) is int for c in five)
    assert hr.format(five) == "Ks Kh Kd 7d 7c"
    assert five[0] << 8 == 47 << 8                  # no uint8 wrap-around
    for hand in ("As Ks Qs Js Ts", [51, 47, 43, 39, 35, 0], np.array([51, 47, 43, 39, 35, 0]),
                 ("Ah Kh Qh", "three-card"), ("Ah Kh", "partial")):
        args = hand if isinstance(hand, tuple) else (hand,)
        out = hr.best_five(*args)
        assert type(out) is tuple and all(type(c) is int for c in out), hand
    batch = hr.best_five(["As Ks Qs Js Ts 2c 3d", "2c 3d 4h 5s 7c 9d Jh"])
    assert batch.dtype == np.uint8 and batch.shape == (2, 5)
    assert hr.best_five(hr.parse("Ah Kh Qh").reshape(1, 3), "three-card").shape == (1, 3)


def _brute_best(hand: list[int], rules: str, wild) -> tuple[int, ...]:
    """The first five (itertools order) whose strength is the best."""
    play = min(len(hand), hr.get_rules(rules).cards)
    fives = list(combinations(hand, play))
    vals = [int(hr.evaluate(list(f), rules, wild)) for f in fives]
    return fives[vals.index(max(vals))]


@pytest.mark.parametrize("rules,k,wild,jokers", [
    ("high", 7, None, 0), ("high", 9, None, 0), ("razz", 8, None, 0), ("2-7", 7, None, 0),
    ("a6", 6, None, 0), ("8-or-better", 7, None, 0), ("short-deck", 7, None, 0),
    ("high", 7, "jokers", 1), ("high", 7, "bug", 2), ("2-7", 6, "2", 1),
    ("razz-partial", 4, None, 0), ("deuce-to-seven-partial", 7, None, 0)])
def test_best_five_is_the_first_best_choice(rules, k, wild, jokers):
    hands = _hands(60, k, rules, jokers)
    got = hr.best_five(hands, rules, wild)
    s = hr.evaluate(hands, rules, wild)
    for hand, five, v in zip(hands.tolist(), got.tolist(), s.tolist()):
        want = _brute_best(hand, rules, wild)
        assert sorted(five) == sorted(want), (hr.format(hand), hr.format(five))
        if k > 5 or rules.endswith("partial"):
            assert int(hr.evaluate(five, rules, wild)) == v or len(five) < 5


def test_best_five_threads_and_errors():
    hands = _hands(5000, 7)
    assert np.array_equal(hr.best_five(hands, threads=1), hr.best_five(hands, threads=2))
    bad = hands.copy()
    bad[3, 1] = bad[3, 0]
    with pytest.raises(hr.HandError, match=r"^row 3: .*twice"):
        hr.best_five(bad)
    assert hr.best_five("Ah 2d 3c 4s", "badugi") == tuple(hr.parse("4s 3c 2d Ah").tolist())
    with pytest.raises(hr.HandError, match="'As As Kd Qc 2h': "):
        hr.best_five("As As Kd Qc 2h")


# ------------------------------------------------------------------ Strength

def test_strength_properties_for_every_strength():
    for rs in hr.RULE_SETS:
        for v in range(rs.min_strength, rs.nclasses, 7):
            s = hr.Strength(v, rs)
            assert s.category == rs.category(v) and s.name == rs.describe(v), (rs.name, v)
    s = hr.evaluate("As Ks Qs Js Ts")
    assert (s.category, s.name) == (hr.Category.ROYAL_FLUSH, "Royal flush")
    assert pickle.loads(pickle.dumps(s)).name == "Royal flush"
    assert hr.evaluate("9h 7d 6c 5s 3d", "8-or-better").category is None




def test_single_breakdown_memo_is_bounded():
    """Breakdowns of single strengths are remembered per rule set, for at
    most _ONE_RULE_SETS rule sets: many custom rule sets do not grow it."""
    import dataclasses

    from handrank.evaluation import _breakdown
    high = hr.get_rules("high")
    for i in range(3 * _breakdown._ONE_RULE_SETS):
        rs = dataclasses.replace(high, name=f"high-copy-{i}", aliases=())
        assert hr.breakdown(7461, rs) == hr.breakdown(7461)
        assert len(_breakdown._ONE) <= _breakdown._ONE_RULE_SETS
