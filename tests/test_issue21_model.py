"""Issue 21, items 2, 7, 8 and 9: decks with jokers deal their jokers, a bare
Strength has its rules and pickles with them, ranges in short deck lose the
hands the deck cannot hold, and the argument checks say what is wrong."""
from __future__ import annotations

import copy
import multiprocessing
import pickle

import numpy as np
import pytest

import handrank as hr
from handrank import Category as C


# ---------------------------------------------------------------- item 7

def test_a_bare_strength_is_a_high_strength():
    s = hr.Strength(5)
    assert s == 5 and isinstance(s, hr.Strength) and isinstance(s, int)
    assert s.rules == "high"
    assert s.name == hr.describe(5) and s.category == hr.category(5)
    assert hr.describe(s) == hr.describe(5)
    t = hr.Strength(7461, "2-7")
    assert t.rules == "deuce-to-seven" and t.name == "Seven-five low"
    assert type(t) is type(hr.evaluate("7s 5c 4d 3d 2c", rules="2-7"))
    assert hr.Strength(t).rules == "deuce-to-seven"              # keeps its own rules
    assert hr.Strength(np.int16(-1), "8-or-better").name == "No low"
    for args, message in [((7475,), "strength 7475 is out of range for rules='high'"),
                          ((-1,), "out of range"),
                          ((5.0,), "a strength is an integer; got float"),
                          ((True,), "got bool"),
                          ((5, "nope"), "unknown rules 'nope'")]:
        with pytest.raises(hr.HandError, match=message):
            hr.Strength(*args)


def _strengths() -> list:
    mine = hr.RuleSet("mine-no-straights", straights=False)
    return [hr.Strength(5), hr.evaluate("7s 5c 4d 3d 2c", rules="2-7"),
            hr.evaluate("Ah 2d 3s 4c", "badugi"), hr.Strength(-1, "a5-8"),
            hr.evaluate("As Ks Qs Js Ts", rules=mine)]


def _same(a, b) -> None:
    assert type(a).__mro__[1] is hr.Strength and int(a) == int(b)
    assert (a.rules, a.name, a.category) == (b.rules, b.name, b.category)


def test_strength_pickles_and_copies_with_its_rules():
    for s in _strengths():
        for proto in range(pickle.HIGHEST_PROTOCOL + 1):
            _same(pickle.loads(pickle.dumps(s, proto)), s)
        _same(copy.deepcopy(s), s)
        _same(copy.copy(s), s)
    # a registered rule set comes back as itself (the same tag type)
    s = hr.Strength(5)
    assert type(pickle.loads(pickle.dumps(s))) is type(s)
    assert pickle.loads(pickle.dumps(hr.get_rules("razz"))) is hr.get_rules("razz")
    assert pickle.loads(pickle.dumps(hr.SHORT_DECK)) is hr.SHORT_DECK


def test_strength_crosses_to_a_worker_process():
    strengths = _strengths()
    ctx = multiprocessing.get_context("spawn")      # a fresh interpreter: only pickles cross
    with ctx.Pool(1) as pool:
        names = pool.map(hr.describe, strengths)
        back = pool.map(copy.deepcopy, strengths)
    assert names == [s.name for s in strengths]
    for a, b in zip(back, strengths):
        _same(a, b)


# ---------------------------------------------------------------- item 9: RuleSet

def test_ruleset_checks_its_fields_when_made():
    cases = [
        (dict(ace="sideways"), "RuleSet 'x': ace must be one of 'high', 'high-only', 'low'; "
                               "got 'sideways'"),
        (dict(kind="stud"), "kind must be one of 'poker', 'badugi'; got 'stud'"),
        (dict(bug="joker"), "bug must be one of 'ace', 'wild'; got 'joker'"),
        (dict(cards=4), "cards must be 5 or 3 for kind='poker'; got 4"),
        (dict(low="yes"), "low must be True or False; got 'yes'"),
        (dict(order=(0, 1)), "order must be distinct hr.Category members"),
        (dict(qualifier=1), "qualifier must be None or .*5..13"),
        (dict(deck="short"), "deck must be a handrank.Deck"),
        (dict(order=(C.HIGH_CARD, C.ONE_PAIR)), "order must hold FLUSH above HIGH_CARD"),
        (dict(bug="ace", deck=hr.Deck("no-aces", "23456789TJQK")), "bug='ace' needs a deck "
                                                                  "with aces"),
    ]
    for kwargs, message in cases:
        with pytest.raises(hr.HandError, match=message):
            hr.RuleSet("x", **kwargs)
    ok = hr.RuleSet("x", ace="high-only", aliases=["y"])
    assert ok.aliases == ("y",) and hr.evaluate("As Ks Qs Js Ts", rules=ok) >= 0
