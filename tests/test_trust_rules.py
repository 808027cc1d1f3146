"""Issue 35, items 3, 7, 12, 13 and 18: badeucy's badugi plays the ace high,
custom rule sets are compiled once per definition and never pile up, a
custom RuleSet object works inside a Game or a Half (here and in a worker),
best_five answers for badugi, and a RuleSet that contradicts itself is
refused."""
from __future__ import annotations

import gc
import multiprocessing
import pickle
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

import handrank as hr
import reference as ref
from handrank import _core
from handrank import Category as C
from handrank.rules._rules import HIGH_ORDER

ROOT = Path(__file__).resolve().parent.parent

# ---------------------------------------------------------------- item 3


def test_badeucy_plays_the_ace_high_in_its_badugi_half():
    hands = ["7h 5d 4c 3s 2h", "As 2c 3d 4h Kh"]
    # 7-5-4-3-2 wins the deuce-to-seven half; 5-4-3-2 rainbow is the nut
    # badugi with the ace high, ahead of A-4-3-2
    assert hr.showdown("badeucy", hands).tolist() == [1.0, 0.0]
    assert hr.showdown("badeucy", hands).tolist() == ref.showdown("badeucy", hands)
    # badacey keeps the ace low in both halves: A-4-3-2 is its nut badugi
    assert hr.showdown("badacey", hands).tolist() == [0.5, 0.5]
    g = hr.get_game("badeucy")
    assert [h.rules for h in g.halves] == ["deuce-to-seven", "badugi-ace-high"]
    assert g.half_names == ("deuce-to-seven", "badugi")        # the names results use


def test_ace_high_badugi_order_and_names():
    rs = hr.get_rules("badugi-ace-high")
    best = rs.nclasses - 1
    assert rs.describe(best) == "4-card badugi, 5-4-3-2"
    assert hr.evaluate("As 2c 3d 4h", rs).name == "4-card badugi, A-4-3-2"
    assert hr.evaluate("As 2c 3d 4h", "badugi").name == "4-card badugi, 4-3-2-A"
    # one card: the lowest card alone, the ace now the highest of them
    assert hr.evaluate("As Ks 2s 3s", rs).name == "1-card badugi, 2"
    assert hr.evaluate("As Ks 2s 3s", "badugi").name == "1-card badugi, A"
    assert rs.nclasses == hr.get_rules("badugi").nclasses == ref.n_classes(rs.name)


@pytest.mark.parametrize("k", [4, 5, 6, 9])
def test_ace_high_badugi_matches_the_reference(k):
    rng = np.random.default_rng(35 + k)
    hands = np.array([rng.permutation(52)[:k] for _ in range(300)], dtype=np.uint8)
    got = hr.evaluate(hands, "badugi-ace-high")
    assert got.tolist() == [ref.strength(h.tolist(), "badugi-ace-high") for h in hands]
    assert np.array_equal(hr.evaluate_masks(hr.to_mask(hands), "badugi-ace-high"), got)
    # the ace-low badugi is unchanged
    assert hr.evaluate(hands, "badugi").tolist() == \
        [ref.strength(h.tolist(), "badugi") for h in hands]


def test_games_page_says_which_ace_each_half_plays():
    text = (ROOT / "docs" / "games.rst").read_text(encoding="utf-8")
    assert "badugi-ace-high" in text
    for game, ace in (("badeucy", "high"), ("badacey", "low")):
        assert f"aces {ace} in both halves" in hr.get_game(game).summary
        assert f"aces are {ace} in both halves" in " ".join(text.split())


# ---------------------------------------------------------------- item 7

def _live(kind: type) -> int:
    for _ in range(3):                # a Strength subclass freed frees its rule set next
        gc.collect()
    return sum(1 for o in gc.get_objects() if type(o) is kind)


def test_a_custom_rule_set_made_again_and_again_is_compiled_once():
    before = _live(_core.RuleTables)
    for _ in range(80):
        assert hr.evaluate("As Ks Qs Js Ts", hr.RuleSet("mine")) == 7461
    assert _live(_core.RuleTables) - before <= 1
    a, b = hr.RuleSet("mine"), hr.RuleSet("mine")
    assert a == b and hash(a) == hash(b) and a.tables is b.tables
    assert pickle.loads(pickle.dumps(a)).tables is a.tables
    assert hr.RuleSet("mine", straights=False) != a
    assert hr.RuleSet("mine", straights=False).tables is not a.tables


def test_many_custom_rule_sets_do_not_pile_up():
    before = _live(_core.RuleTables)
    types_before = len(hr.Strength.__subclasses__())
    for i in range(40):
        s = hr.evaluate("As Ks Qs Js Ts", hr.RuleSet(f"mine-{i}"))
        assert s.rules == f"mine-{i}" and s.name == "Royal flush"
    del s
    grown = _live(_core.RuleTables) - before
    assert grown <= 10, grown                  # a few recent ones, not one per rule set
    gc.collect()
    assert len(hr.Strength.__subclasses__()) - types_before <= 10


def test_unpickling_strengths_of_a_custom_rule_set_shares_one_compiled_set():
    s = hr.evaluate("As Ks Qs Js Ts", hr.RuleSet("mine-pickled", straights=False))
    data = pickle.dumps(s)
    before = _live(_core.RuleTables)
    back = [pickle.loads(data) for _ in range(80)]
    assert _live(_core.RuleTables) <= before
    assert all(b == s and b.name == s.name == "Ace-high flush" for b in back)
    assert len({type(b) for b in back}) == 1
    assert hr.describe(back[0], rules=s._ruleset) == s.name   # equal rule sets agree


def test_omaha_under_two_custom_rule_sets_of_one_name():
    straight = hr.RuleSet("same-name")
    flat = hr.RuleSet("same-name", straights=False)
    hole, board = "9s 8d Ac Ad", "7h 6c 5s Kd 2h"
    # a nine-high straight where straights count; a pair of aces where not
    assert hr.category(hr.evaluate_omaha(hole, board, straight), straight) == C.STRAIGHT
    assert hr.category(hr.evaluate_omaha(hole, board, flat), flat) == C.ONE_PAIR


# ---------------------------------------------------------------- item 12

MINE = dict(straights=False)                  # high hands where straights do not count


def _games() -> list:
    mine = hr.RuleSet("mine-game", **MINE)
    return [hr.Game("g-high", 2, 5, "any", high=mine),
            hr.Game("g-half", 2, 5, halves=(hr.Half(mine),)),
            hr.Game("g-split", 2, 5, halves=(hr.Half(mine), hr.Half("ace-to-five-8")))]


HANDS, BOARD = ["9s 8d", "Ac Kd"], "7h 6c 5s Qd 2h"


def _shares(g) -> list:
    return hr.showdown(g, HANDS, BOARD).tolist()


def test_a_custom_rule_set_object_in_a_game_or_half():
    for g in _games():
        rs = g.halves[0].rule_set
        assert rs.name == "mine-game" and not rs.straights
        # the straight does not count: A-K-Q-7-6 beats Q-9-8-7-6 (and 7-6-5-2-A
        # is the better low); under "high" 9-8-7-6-5 would win the high
        assert _shares(g) == [0.0, 1.0], g.name
        assert hr.equity(g, HANDS, board=BOARD).equity.tolist() == _shares(g)
    assert hr.showdown("holdem", HANDS, BOARD).tolist() == [1.0, 0.0]
    assert _games()[0].high_rules == hr.RuleSet("mine-game", **MINE)
    assert hr.Half(hr.get_rules("razz")).rules == "ace-to-five"   # registered: by name


def test_a_game_of_a_custom_rule_set_pickles_with_it():
    for g in _games():
        back = pickle.loads(pickle.dumps(g))
        assert _shares(back) == _shares(g)
        assert back.halves == g.halves


def _worker_shares(g) -> list:
    return hr.showdown(g, HANDS, BOARD).tolist()


def test_a_game_of_a_custom_rule_set_crosses_to_a_worker_process():
    games = _games()
    ctx = multiprocessing.get_context("spawn")      # a fresh interpreter: only pickles cross
    with ctx.Pool(1) as pool:
        got = pool.map(_worker_shares, games)
    assert got == [_shares(g) for g in games]


def test_a_stud_game_of_a_custom_rule_set():
    mine = hr.RuleSet("mine-stud", **MINE)
    g = hr.Game("my-stud", 7, 0, "any", high=mine)
    assert hr.first_to_act(g, ["Kd 7c", "9s 9h", "As 2d"]) == 1


# ---------------------------------------------------------------- item 13

def test_best_five_answers_for_badugi():
    assert hr.format(hr.best_five("As 2d 3h 4c Kc", "badugi")) == "4c 3h 2d As"
    assert hr.format(hr.best_five("As 2d 3h 4c Kc", "badugi-ace-high")) == "As 4c 3h 2d"
    assert hr.format(hr.best_five("Ks Qs 3s 4c 5c 6h 7h", "badugi")) == "6h 4c 3s"
    assert hr.format(hr.best_five("As Ks 2s 3s", "badugi")) == "As"
    with pytest.raises(hr.HandError, match="twice"):
        hr.best_five("As As 2d 3h", "badugi")
    with pytest.raises(hr.HandError):
        hr.best_five("As 2d 3h", "badugi")


@pytest.mark.parametrize("rules", ["badugi", "badugi-ace-high"])
@pytest.mark.parametrize("k", [4, 6, 9])
def test_best_five_badugi_batches_play_the_badugi(rules, k):
    rng = np.random.default_rng(k)
    hands = np.array([rng.permutation(52)[:k] for _ in range(200)], dtype=np.uint8)
    rs = hr.get_rules(rules)
    best = hr.best_five(hands, rules)
    assert best.shape == (200, 4) and best.dtype == np.uint8
    strengths = hr.evaluate(hands, rules)
    for hand, cards, s in zip(hands.tolist(), best.tolist(), strengths.tolist()):
        cards = [c for c in cards if c != 255]
        assert set(cards) <= set(hand)
        assert len({c % 4 for c in cards}) == len(cards)       # different suits
        assert [c // 4 for c in cards] == list(rs.ranks(s))     # the badugi, high to low
        # the first such set in the order of itertools.combinations
        first = next(sub for sub in combinations(hand, len(cards))
                     if sorted(c // 4 for c in sub) == sorted(rs.ranks(s))
                     and len({c % 4 for c in sub}) == len(sub))
        assert sorted(first) == sorted(cards)
    one = hr.best_five(hands[0].tolist(), rules)
    assert list(one) == [c for c in best[0].tolist() if c != 255]


# ---------------------------------------------------------------- item 18

TOP = hr.Deck("top", "TJQKA")


def test_a_deck_whose_wheel_is_its_top_straight_is_refused():
    with pytest.raises(hr.HandError, match=r"RuleSet 't': .*wheel would be its top straight"
                                           r".*ace='high-only'"):
        hr.RuleSet("t", deck=TOP)
    rs = hr.RuleSet("t", deck=TOP, ace="high-only")
    assert rs.describe(rs.nclasses - 1) == "Royal flush"
    assert hr.evaluate("As Ks Qs Js Ts", rs).name == "Royal flush"
    assert hr.evaluate("Ad Ks Qs Js Ts", rs).name == "Ace-high straight"
    # a deck of six ranks has a wheel of its own: A-9-T-J-Q
    six = hr.RuleSet("six", deck=hr.Deck("six", "9TJQKA"))
    assert hr.evaluate("As Ks Qs Js Ts", six).name == "Royal flush"
    assert hr.evaluate("Ah 9s Ts Js Qs", six).name == "Queen-high straight"


@pytest.mark.parametrize("kwargs, message", [
    (dict(qualifier=8), "qualifier .* needs low=True"),
    (dict(kind="badugi", cards=4, ace="high", straights=False, flushes=False, low=True,
          order=(C.HIGH_CARD,)), "ace='high-only'"),
    (dict(kind="badugi", cards=4, ace="low", straights=False, flushes=False, low=True,
          order=(C.HIGH_CARD,), qualifier=8), "a badugi has no qualifier"),
    (dict(kind="badugi", cards=4, ace="low", low=True, order=(C.HIGH_CARD,)),
     "needs straights=False"),
    (dict(kind="badugi", cards=4, ace="low", straights=False, flushes=False,
          order=(C.HIGH_CARD,)), "needs low=True"),
    (dict(low=True, ace="low", five_kind=True), "five of a kind exists only"),
    (dict(five_kind=True, order=HIGH_ORDER[:-1]), "order must hold FIVE_OF_A_KIND"),
    (dict(order=(C.HIGH_CARD, C.ONE_PAIR, C.TWO_PAIR, C.THREE_OF_A_KIND, C.STRAIGHT,
                 C.FLUSH, C.FULL_HOUSE, C.FOUR_OF_A_KIND, C.STRAIGHT_FLUSH)),
     "order must hold ROYAL_FLUSH"),
])
def test_contradicting_definitions_are_refused(kwargs, message):
    with pytest.raises(hr.HandError, match=r"^RuleSet 'x': .*" + message):
        hr.RuleSet("x", **kwargs)


def test_every_registered_rule_set_is_consistent():
    for rs in hr.RULE_SETS:
        assert rs._contradiction() is None, rs.name
        registered = rs.tables
        again = hr.RuleSet(**{f: getattr(rs, f) for f in (
            "name", "aliases", "deck", "kind", "cards", "ace", "straights", "flushes", "low",
            "order", "qualifier", "five_kind", "bug", "partial")})
        assert again == rs and again.tables is registered
        assert rs.tables.spec is rs                  # pickles by name, as registered
