"""describe() and category(): the SPEC's forms, word for word."""
from __future__ import annotations

import numpy as np
import pytest

import handrank as hr
from handrank import Category as C

HIGH = [
    ("As Ks Qs Js Ts", "Royal flush", C.ROYAL_FLUSH),
    ("Qh Jh Th 9h 8h", "Queen-high straight flush", C.STRAIGHT_FLUSH),
    ("5d 4d 3d 2d Ad", "Five-high straight flush", C.STRAIGHT_FLUSH),
    ("9c 9d 9h 9s 2c", "Four of a kind, nines", C.FOUR_OF_A_KIND),
    ("3h 3d 3c 6s 6d", "Full house, threes over sixes", C.FULL_HOUSE),
    ("Kh Jh 8h 4h 2h", "King-high flush", C.FLUSH),
    ("7c 6d 5h 4s 3c", "Seven-high straight", C.STRAIGHT),
    ("Ac 2d 3h 4s 5c", "Five-high straight", C.STRAIGHT),
    ("2c 2d 2h Ks 9c", "Three of a kind, twos", C.THREE_OF_A_KIND),
    ("Jc Jd 4h 4s Ac", "Two pair, jacks over fours", C.TWO_PAIR),
    ("4c 4d Ah Ks 9c", "One pair, fours", C.ONE_PAIR),
    ("Kc Jd 8h 4s 2c", "King-high", C.HIGH_CARD),
    ("Ah Kd 7c 7d 2s 9h 3c", "One pair, sevens", C.ONE_PAIR),
]

LOW = [
    ("ace-to-five", "7c 5d 4h 3s 2c", "Seven-five low", C.HIGH_CARD),
    ("ace-to-five", "5h 4d 3c 2s Ad", "Five-four low", C.HIGH_CARD),
    ("ace-to-five", "4c 4d 8h 3s 2c", "One pair, fours", C.ONE_PAIR),
    ("ace-to-five", "9c 8c 7c 6c 5c", "Nine-eight low", C.HIGH_CARD),
    ("razz", "Kc Kd Kh Ks Qc", "Four of a kind, kings", C.FOUR_OF_A_KIND),
    ("ace-to-five-8", "8c 7d 6h 4s 2c", "Eight-seven low", C.HIGH_CARD),
    ("ace-to-five-8", "9c 7d 6h 4s 2c", "No low", None),
    ("ace-to-five-8", "4c 4d 3h 2s Ac", "No low", None),
    ("deuce-to-seven", "7s 5c 4d 3d 2c", "Seven-five low", C.HIGH_CARD),
    ("deuce-to-seven", "As 5c 4d 3d 2c", "Ace-five low", C.HIGH_CARD),
    ("deuce-to-seven", "9c 8d 7h 6s 5c", "Nine-high straight", C.STRAIGHT),
    ("deuce-to-seven", "7s 5s 4s 3s 2s", "Seven-high flush", C.FLUSH),
    ("deuce-to-seven", "As Ks Qs Js Ts", "Royal flush", C.ROYAL_FLUSH),
    ("ace-to-six", "6s 4c 3d 2d Ac", "Six-four low", C.HIGH_CARD),
    ("ace-to-six", "5s 4c 3d 2d Ac", "Five-high straight", C.STRAIGHT),
    ("ace-to-six", "As Ks Qs Js Ts", "King-high flush", C.FLUSH),
    ("ace-to-six", "Ks Qs Js Ts 9s", "King-high straight flush", C.STRAIGHT_FLUSH),
]


@pytest.mark.parametrize("hand,name,cat", HIGH)
def test_high_names(hand, name, cat):
    s = hr.evaluate(hand)
    assert hr.describe(s) == name
    assert hr.category(s) is cat
    assert hr.describe(hand) == name          # text is evaluated first


@pytest.mark.parametrize("rules,hand,name,cat", LOW)
def test_low_names(rules, hand, name, cat):
    s = hr.evaluate(hand, rules)
    assert hr.describe(s, rules) == name
    assert hr.category(s, rules) is cat


def test_low_extremes():
    assert hr.evaluate("Kc Kd Kh Ks Qc", "a5") == 0
    assert hr.evaluate("5h 4d 3c 2s Ad", "a5") == 6174
    assert hr.evaluate("5h 4d 3c 2s Ad", "a5-8") == 6174
    assert hr.evaluate("8c 7d 6h 5s 4c", "a5-8") == 6119
    assert hr.evaluate("9c 7d 6h 5s 4c", "a5-8") == -1
    assert hr.evaluate("As Ks Qs Js Ts", "2-7") == 0
    assert hr.evaluate("7s 5c 4d 3d 2c", "2-7") == 7461
    assert hr.evaluate("Ks Qs Js Ts 9s", "a6") == 0
    assert hr.evaluate("6s 4c 3d 2d Ac", "a6") == 7461
    # A-2-3-4-5 is an ace-high no-pair hand under deuce-to-seven, not a straight
    assert hr.category(hr.evaluate("As 5c 4d 3d 2c", "2-7"), "2-7") is C.HIGH_CARD
    assert hr.evaluate("As 5c 4d 3d 2c", "2-7") < hr.evaluate("Ks Qc Jd 9d 8c", "2-7")


def test_vectorised_forms():
    s = hr.evaluate(["As Ks Qs Js Ts", "2c 2d 3h 4s 5c"])
    assert hr.describe(s) == ["Royal flush", "One pair, twos"]
    assert hr.category(s).tolist() == [9, 1]
    assert hr.category(np.array([-1, 6174]), "a5-8").tolist() == [-1, 0]


def test_category_enum():
    assert [c.name for c in C] == [
        "HIGH_CARD", "ONE_PAIR", "TWO_PAIR", "THREE_OF_A_KIND", "STRAIGHT", "FLUSH",
        "FULL_HOUSE", "FOUR_OF_A_KIND", "STRAIGHT_FLUSH", "ROYAL_FLUSH", "FIVE_OF_A_KIND"]
    assert C.HIGH_CARD == 0 and C.FIVE_OF_A_KIND == 10


def test_best_five_reading_order():
    assert hr.format(hr.best_five("Kd 7c Ks 2h 7d 9s Kh")) == "Ks Kh Kd 7d 7c"
    assert hr.format(hr.best_five("As 2d 3c 4h 5s 9d Kc")) == "5s 4h 3c 2d As"
    assert hr.format(hr.best_five("As 2d 3c 4h 5s 9d Kc", "razz")) == "5s 4h 3c 2d As"
    assert hr.format(hr.best_five("As Ad 3c 3h 5s 9d Kc")) == "As Ad 3h 3c Kc"
    assert hr.best_five(hr.parse("As 2d 3c 4h 5s").reshape(1, 5)).dtype == np.uint8
    assert all(type(c) is int for c in hr.best_five("As 2d 3c 4h 5s"))   # one hand: ints
