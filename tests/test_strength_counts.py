"""Issue 37: one strength at a time (a Python int or a numpy scalar) through
category / describe / breakdown's per-hand path gives exactly what the
general path gives, errors included; and the count of strengths a hand
without wild cards reaches (RuleSet.natural_strengths, natural=True)."""
from __future__ import annotations

import random

import numpy as np
import pytest

import handrank as hr
from handrank.evaluation import _evaluate as E


def outcome(fn):
    try:
        return ("ok", fn())
    except Exception as e:          # noqa: BLE001 -- compared, type and message
        return ("error", type(e), str(e))


NAMES = ["high", "2-7", "8-or-better", "razz", "short-deck", "a6", "badugi", "high-partial"]


@pytest.mark.parametrize("name", NAMES)
def test_per_hand_path_agrees_with_the_general_path(name):
    rs = hr.get_rules(name)
    rng = random.Random(name)
    values = list(range(rs.min_strength - 2, rs.nclasses + 2, 37)) + \
        [rs.min_strength - 1, rs.min_strength, rs.nclasses - 1, rs.nclasses, 2**64 - 1, -2**63]
    rng.shuffle(values)
    for f in (hr.category, hr.describe, hr.breakdown):
        for v in values:
            general = outcome(lambda: f(v, rs))             # a RuleSet object: general path
            for x in [v] + [t(v) for t in (np.int16, np.int32, np.int64, np.uint16, np.uint64)
                            if np.can_cast(np.min_scalar_type(v), t)]:
                for _ in range(2):                            # first call fills, then reads
                    got = outcome(lambda: f(x, name))
                    assert got[0] == general[0], (f.__name__, x, got, general)
                    if got[0] == "ok":
                        assert type(got[1]) is type(general[1]) and got[1] == general[1]
                    else:
                        assert got[1:] == general[1:]


def test_bools_and_strengths_keep_their_paths():
    with pytest.raises(hr.HandError, match="bool"):
        hr.category(True)
    s = hr.evaluate("7s 5c 4d 3d 2c", rules="2-7")
    assert hr.describe(s) == "Seven-five low"
    assert hr.category(int(s)) == hr.Category.ROYAL_FLUSH       # a bare int reads high
    with pytest.raises(hr.HandError, match="evaluated under rules='deuce-to-seven'"):
        hr.category(s, rules="high")


def test_natural_strengths():
    high = hr.get_rules("high")
    assert high.natural_strengths == 7462 and high.nclasses == 7475
    for rs in hr.RULE_SETS:
        n = rs.natural_strengths
        cats = hr.category(np.arange(rs.min_strength, rs.nclasses), rs)
        five = cats == int(hr.Category.FIVE_OF_A_KIND)
        assert n == rs.nclasses - int(five.sum())
        assert not five[:n - rs.min_strength].any()       # five of a kind is on top
        if not rs.five_kind:
            assert n == rs.nclasses


def test_natural_strengths_are_what_hands_without_wild_cards_reach():
    # every 5-card hand of 52 cards: the top strength is natural_strengths - 1
    hands = hr.deal(20000, 7, seed=37)
    for name in ("high", "short-deck"):
        rs = hr.get_rules(name)
        deck_hands = hands if name == "high" else hr.deal(20000, 7, seed=37, deck=hr.SHORT_DECK)
        assert int(hr.evaluate(deck_hands, name).max()) < rs.natural_strengths
    royal = hr.evaluate("As Ks Qs Js Ts")
    assert royal == hr.get_rules("high").natural_strengths - 1
    assert hr.evaluate("As Ah Ad Ac Jk", wild="bug") >= hr.get_rules("high").natural_strengths


def test_natural_true_refuses_five_of_a_kind():
    assert hr.category(7474) == hr.Category.FIVE_OF_A_KIND        # SPEC: readable
    assert hr.describe(7462) == "Five of a kind, twos"
    for f in (hr.category, hr.describe):
        assert f(7461, natural=True) == f(7461)
        for v in (7462, np.int16(7474), [0, 7470], np.array([7462])):
            with pytest.raises(hr.HandError, match=r"five of a kind, which only wild cards "
                                                   r"make: .* 0\.\.7461 under rules='high'"):
                f(v, natural=True)
        with pytest.raises(hr.HandError, match="out of range"):
            f(7475, natural=True)
        assert f(6174, "razz", natural=True) == f(6174, "razz")
    assert hr.category(np.array([0, 7461]), natural=True).tolist() == [0, 9]
    s = hr.evaluate("As Ah Ad Ac Jk", wild="bug")
    with pytest.raises(hr.HandError, match="only wild cards"):
        hr.category(s, natural=True)


def test_treys_rank_round_trip():
    treys = pytest.importorskip("treys")
    ev = treys.Evaluator()
    n = hr.get_rules("high").natural_strengths
    rng = random.Random(1)
    for _ in range(300):
        cards = rng.sample(range(52), 7)
        text = hr.format(cards)
        r = ev.evaluate([treys.Card.new(c) for c in text.split()[:2]],
                        [treys.Card.new(c) for c in text.split()[2:]])
        s = hr.evaluate(text)
        assert r == n - s
        assert hr.category(n - r, natural=True) == hr.category(s)
