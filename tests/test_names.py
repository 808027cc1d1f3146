"""Names that do not mislead: a single hand's Strength carries its rule set,
Category prints its name, a game's name passed as rules= says which rule set
that game uses; and category_counts."""
from __future__ import annotations

import copy
import doctest
import inspect
import json
import pickle

import numpy as np
import pytest

import handrank as hr
from handrank.evaluation import _counts
from handrank.rules import _strength
from handrank.base import _types


# ------------------------------------------------------------------ Strength

def test_strength_is_the_plain_int_in_every_use():
    s = hr.evaluate("As Ks Qs Js Ts")
    assert s == 7461 and isinstance(s, int) and isinstance(s, hr.Strength)
    assert repr(s) == str(s) == "7461" and f"{s}" == "7461" and f"{s:>6d}" == "  7461"
    assert hash(s) == hash(7461) and {s: 1}[7461] == 1
    for r in (s + 1, s - 1, s * 2, s // 2, -s, abs(s), s % 10, s << 1, s & 1, int(s)):
        assert type(r) is int
    assert s + 1 == 7462 and s > 7460 and s >= 7461 and not s < 7461 and s != 7460
    assert sorted([s, 3, 9000]) == [3, 7461, 9000] and max(s, 5) == 7461
    assert [10, 20][bool(s)] == 20 and range(10000)[s] == 7461
    assert np.int16(s) == 7461 and np.asarray([s]).dtype.kind == "i"
    assert json.dumps({"s": s}) == '{"s": 7461}'
    assert not hr.evaluate("9h 7d 6c 5s 3d", "8-or-better") + 1      # -1 + 1 == 0


def test_strength_knows_its_rule_set():
    s = hr.evaluate("7s 5c 4d 3d 2c", rules="2-7")
    assert (s.rules, s.category, s.name) == ("deuce-to-seven", hr.Category.HIGH_CARD,
                                             "Seven-five low")
    assert hr.describe(s) == "Seven-five low"          # not "Royal flush"
    assert hr.category(s) == hr.Category.HIGH_CARD
    assert hr.describe(s, "2-7") == hr.describe(s, "kansas-city") == "Seven-five low"
    assert hr.describe(s, hr.get_rules("deuce-to-seven")) == "Seven-five low"
    assert hr.describe(int(s)) == "Royal flush"         # a bare number: rules default high
    assert hr.describe(int(s), "2-7") == "Seven-five low"
    high = hr.evaluate("As Ks Qs Js Ts")
    assert (high.rules, high.category, high.name) == ("high", hr.Category.ROYAL_FLUSH,
                                                      "Royal flush")
    no_low = hr.evaluate("9h 7d 6c 5s 3d", "8-or-better")
    assert (no_low, no_low.rules, no_low.category, no_low.name) == (-1, "ace-to-five-8", None,
                                                                  "No low")
    assert hr.describe(no_low) == "No low" and hr.category(no_low) is None


@pytest.mark.parametrize("call", [
    lambda: hr.evaluate("7s 5c 4d 3d 2c", "2-7", wild=None),             # fast path
    lambda: hr.evaluate(np.array([23, 13, 8, 4, 0], dtype=np.int64), "2-7"),   # general path
    lambda: hr.evaluate("7s 5c 4d 3d 2c", hr.get_rules("2-7")),          # a RuleSet
    lambda: hr.evaluate("7s 5c 4d 3d Jk", "2-7", wild="bug"),            # wild cards
])
def test_every_single_hand_path_tags(call):
    s = call()
    assert isinstance(s, hr.Strength) and s.rules == "deuce-to-seven"


def test_a_rules_argument_that_disagrees_is_an_error():
    s = hr.evaluate("7s 5c 4d 3d 2c", rules="2-7")
    for f in (hr.describe, hr.category):
        with pytest.raises(hr.HandError, match=r"^strength 7461 was evaluated under "
                           r"rules='deuce-to-seven', not 'high': leave out rules="):
            f(s, "high")                   # an explicit "high" is not the default
        with pytest.raises(hr.HandError, match="not 'ace-to-five'"):
            f(s, rules="razz")
    with pytest.raises(hr.HandError, match="different rule sets .'deuce-to-seven', 'high'."):
        hr.describe([s, hr.evaluate("As Ks Qs Js Ts")])
    with pytest.raises(hr.HandError, match="was evaluated under rules='deuce-to-seven'"):
        hr.category_counts([s], "high")


def test_lists_of_strengths_and_batches():
    a, b = hr.evaluate("7s 5c 4d 3d 2c", "2-7"), hr.evaluate("As Ks Qs Js Ts", "2-7")
    assert hr.describe([a, b]) == ["Seven-five low", "Royal flush"]
    assert hr.describe([a, 0]) == ["Seven-five low", "Royal flush"]    # read as 2-7
    batch = hr.evaluate(["7s 5c 4d 3d 2c", "As Ks Qs Js Ts"], "2-7")
    assert type(batch) is np.ndarray and batch.dtype == np.int16      # SPEC: plain int16
    assert hr.describe(batch, "2-7") == ["Seven-five low", "Royal flush"]
    assert hr.describe(list(batch), "2-7") == ["Seven-five low", "Royal flush"]
    assert hr.describe("7s 5c 4d 3d 2c", "2-7") == "Seven-five low"   # text: evaluated


def test_default_rules_still_read_high():
    sig = inspect.signature(hr.describe).parameters["rules"]
    assert sig.default == "high" and repr(sig.default) == "'high'"
    assert inspect.signature(hr.category).parameters["rules"].default == "high"
    assert hr.describe(7461) == "Royal flush" and hr.category(0) == hr.Category.HIGH_CARD
    with pytest.raises(hr.HandError, match="out of range for rules='high'"):
        hr.describe(99999)


def test_strength_pickles_and_copies():
    s = hr.evaluate("5h 4d 3c 2s Ad", "razz")
    for t in (pickle.loads(pickle.dumps(s)), copy.copy(s), copy.deepcopy(s)):
        assert t == 6174 and t.rules == "ace-to-five" and hr.describe(t) == "Five-four low"
    assert type(s) is type(hr.evaluate("5h 4d 3c 2s 7d", "a5"))       # one class per rule set
    assert type(s).__name__ == "Strength"
    assert _strength.unpickle_strength(5, "no such rules") == 5


# ------------------------------------------------------------------ Category

def test_category_str_is_its_name_and_repr_is_unchanged():
    for c in hr.Category:
        assert str(c) == f"{c}" == c.name
        assert repr(c) == f"<Category.{c.name}: {int(c)}>"
    assert str(hr.Category.ROYAL_FLUSH) == "ROYAL_FLUSH" and hr.Category.ROYAL_FLUSH == 9
    assert f"{hr.Category.FLUSH:d}" == "5"


# ------------------------------------------------------------------ a game as rules=

def test_a_game_name_as_rules_says_its_rule_set():
    with pytest.raises(hr.HandError) as e:
        hr.evaluate("7s 5c 4d 3d 2c", rules="2-7-draw")
    assert str(e.value).startswith(
        "unknown rules '2-7-draw' ('2-7-draw' is a game whose rule set is 'deuce-to-seven': "
        "pass that to rules=, or pass the game to showdown or equity); valid: 'high', ")
    with pytest.raises(hr.HandError, match=r"'omaha8' is a game whose rule sets are 'high' "
                       r"\(high half\) and 'ace-to-five-8' \(low half\): pass either"):
        hr.get_rules("Omaha8")
    with pytest.raises(hr.HandError, match=r"^unknown rules 'nope'; valid: 'high'"):
        hr.get_rules("nope")
    with pytest.raises(hr.HandError, match="unknown rules 'omaha'.*'high'.*'a6'"):
        hr.evaluate("As Ks Qs Js Ts", rules="omaha")
    assert hr.get_rules("razz").name == "ace-to-five"     # rule-set names win over games


# ------------------------------------------------------------------ category_counts

def test_category_counts_of_every_five_card_hand(five_card_hands):
    counts = hr.category_counts(hr.evaluate(five_card_hands))
    C = hr.Category
    assert counts == {C.HIGH_CARD: 1302540, C.ONE_PAIR: 1098240, C.TWO_PAIR: 123552,
                      C.THREE_OF_A_KIND: 54912, C.STRAIGHT: 10200, C.FLUSH: 5108,
                      C.FULL_HOUSE: 3744, C.FOUR_OF_A_KIND: 624, C.STRAIGHT_FLUSH: 36,
                      C.ROYAL_FLUSH: 4, C.FIVE_OF_A_KIND: 0}
    assert list(counts) == sorted(counts) and all(type(v) is int for v in counts.values())
    low = hr.category_counts(hr.evaluate(five_card_hands, "a5-8"), "8-or-better")
    assert low == {C.HIGH_CARD: 56 * 4**5, None: 2598960 - 56 * 4**5}


def test_category_counts_inputs():
    s = hr.evaluate(hr.deal(5000, 7, seed=3), "razz")
    counts = hr.category_counts(s, "razz")
    assert sum(counts.values()) == 5000
    assert hr.Category.STRAIGHT not in counts and hr.Category.FULL_HOUSE in counts
    assert hr.category_counts(s.astype(np.int64).tolist(), "a5") == counts
    one = hr.evaluate("As Ks Qs Js Ts", "2-7")
    assert hr.category_counts(one)[hr.Category.ROYAL_FLUSH] == 1      # its own rules
    assert hr.category_counts([one, one])[hr.Category.ROYAL_FLUSH] == 2
    assert sum(hr.category_counts(np.zeros(0, np.int16)).values()) == 0
    with pytest.raises(hr.HandError, match="out of range"):
        hr.category_counts([7475])
    with pytest.raises(hr.HandError, match="must be integers"):
        hr.category_counts(np.zeros(3))


def test_docstring_examples_of_the_new_modules():
    for module in (_counts, _types, _strength):
        assert doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE).failed == 0


def test_enums_format_and_repr_alike_on_every_python():
    """Python 3.10 formatted an IntEnum whose str() is its name with that
    name (``f"{x:d}"`` raised) and listed IntFlag members descending; the
    3.11+ behaviour holds on every supported Python."""
    from handrank.analysis._classify import Blocker, Draw, MadeHand
    for enum in (hr.Category, MadeHand):
        for m in enum:
            assert f"{m}" == m.name
            assert f"{m:d}" == str(int(m)) and f"{m:>3}" == f"{int(m):>3}"
    combo = Draw.OVERCARDS | Draw.FLUSH_DRAW | Draw.BACKDOOR_STRAIGHT_DRAW
    assert repr(combo) == "<Draw.FLUSH_DRAW|BACKDOOR_STRAIGHT_DRAW|OVERCARDS: 193>"
    assert repr(Draw(0)) == "<Draw: 0>" and repr(Draw.GUTSHOT) == "<Draw.GUTSHOT: 16>"
    assert str(combo) == "193"
    assert repr(Blocker.NUT_STRAIGHT | Blocker.NUT_FLUSH) == \
        "<Blocker.NUT_FLUSH|NUT_STRAIGHT: 3>"


def test_breakdown_marks_unused_rank_slots_minus_one():
    """The (category, ranks) table of a rule set holds -1 where a hand has
    fewer deciding ranks; numpy 2.5 refused the -1 into a uint8 array, which
    broke the first evaluate() call."""
    for rs in hr.RULE_SETS:
        cat, ranks = rs._breakdown
        assert ranks.dtype == np.int8 and cat.dtype == np.int8
        assert ranks.min() >= -1 and ranks.max() < 15
    # a two-card partial hand decides on two ranks; its row's other three are -1
    rs = hr.get_rules("high-partial")
    s = hr.evaluate("As Kd", rs)
    assert hr.breakdown(s).ranks == (12, 11)
    assert rs._breakdown[1][int(s)].tolist() == [12, 11, -1, -1, -1]
    assert hr.breakdown(hr.evaluate("As Ks Qs Js 9s")).category == hr.Category.FLUSH
