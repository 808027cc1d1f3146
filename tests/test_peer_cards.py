"""Issue 37: other libraries' cards, as they are -- treys ints, eval7 and
pokerkit Card objects, suit-first text -- against the installed peer (the
`bench` extra; .ci/run installs it and runs this file where no test may
skip)."""
from __future__ import annotations

import random

import numpy as np
import pytest

import handrank as hr

ALL = hr.format(list(range(52))).split()


def test_treys_every_card_both_ways():
    treys = pytest.importorskip("treys")
    ints = [treys.Card.new(c) for c in ALL]
    assert hr.to_treys(" ".join(ALL)) == ints
    assert hr.to_treys(list(range(52))) == ints
    assert hr.from_treys(ints).tolist() == list(range(52))
    assert [hr.from_treys(i) for i in ints] == list(range(52))
    assert hr.from_treys(np.array(ints, dtype=np.int64).reshape(4, 13)).tolist() == \
        np.arange(52).reshape(4, 13).tolist()
    arr = hr.to_treys(np.arange(52, dtype=np.uint8).reshape(13, 4))
    assert arr.dtype == np.int64 and arr.reshape(-1).tolist() == ints
    assert [treys.Card.int_to_str(i) for i in hr.to_treys("SA HT")] == ["As", "Th"]


def test_treys_strengths_agree():
    treys = pytest.importorskip("treys")
    ev = treys.Evaluator()
    n = hr.get_rules("high").natural_strengths
    rng = random.Random(37)
    for _ in range(500):
        codes = rng.sample(range(52), rng.choice([5, 6, 7]))
        t = hr.to_treys(codes)
        r = ev.evaluate(t[:2], t[2:])
        s = hr.evaluate(hr.from_treys(t))
        assert n - s == r
        ours = hr.category(s).name.replace("_", " ").lower()
        ours = {"royal flush": "straight flush", "one pair": "pair"}.get(ours, ours)
        assert ev.class_to_string(ev.get_rank_class(r)).lower() == ours


@pytest.mark.parametrize("bad", [0, 1, 268442664, -268442665, 2**40, 2**64 - 1])
def test_treys_errors(bad):
    with pytest.raises(hr.HandError, match="is not a treys card int"):
        hr.from_treys(bad)
    with pytest.raises(hr.HandError, match="position 1: .* is not a treys card int"):
        hr.from_treys([268442665, bad])
    if -2**63 <= bad < 2**63:
        with pytest.raises(hr.HandError, match="position 1: "):
            hr.from_treys(np.array([268442665, bad], dtype=np.int64))
    with pytest.raises(hr.HandError, match="no jokers"):
        hr.to_treys("As Jk")
    with pytest.raises(hr.HandError):
        hr.from_treys("As")


def test_eval7_every_card_both_ways():
    eval7 = pytest.importorskip("eval7")
    cards = [eval7.Card(c) for c in ALL]
    assert hr.from_eval7(cards).tolist() == list(range(52))
    assert [hr.from_eval7(c) for c in cards] == list(range(52))
    back = hr.to_eval7(list(range(52)))
    assert [str(c) for c in back] == ALL and all(type(c) is eval7.Card for c in back)
    assert [str(c) for c in hr.to_eval7("SA HT")] == ["As", "Th"]
    rng = random.Random(7)
    for _ in range(200):
        codes = rng.sample(range(52), 7)
        h = hr.to_eval7(codes)
        # eval7's own ranking orders hands as handrank does
        other = rng.sample(range(52), 7)
        a, b = eval7.evaluate(h), eval7.evaluate(hr.to_eval7(other))
        sa, sb = hr.evaluate(codes), hr.evaluate(other)
        assert (a > b) - (a < b) == (sa > sb) - (sa < sb)
        assert hr.from_eval7(h).tolist() == codes
    with pytest.raises(hr.HandError, match="position 1: .* is not an eval7 card"):
        hr.from_eval7([cards[0], "As"])
    with pytest.raises(hr.HandError, match="no jokers"):
        hr.to_eval7([51, 52])


def test_pokerkit_every_card_both_ways():
    pokerkit = pytest.importorskip("pokerkit")
    cards = list(pokerkit.Card.parse("".join(ALL)))
    assert hr.from_pokerkit(cards).tolist() == list(range(52))
    assert hr.from_pokerkit(pokerkit.Card.parse("AsTh")).tolist() == [51, 34]   # a generator
    assert [hr.from_pokerkit(c) for c in cards] == list(range(52))
    back = hr.to_pokerkit(list(range(52)))
    assert back == cards and all(type(c) is pokerkit.Card for c in back)
    assert hr.to_pokerkit("SA HT") == list(pokerkit.Card.parse("AsTh"))
    unknown = list(pokerkit.Card.parse("??"))
    with pytest.raises(hr.HandError, match="position 1: .* is not a known pokerkit card"):
        hr.from_pokerkit([cards[0], unknown[0]])
    with pytest.raises(hr.HandError, match="no jokers"):
        hr.to_pokerkit("Jk")
    rng = random.Random(11)
    lookup = pokerkit.StandardHighHand
    for _ in range(200):
        a, b = rng.sample(range(52), 5), rng.sample(range(52), 5)
        ha = lookup.from_game(hr.format(a).replace(" ", ""))
        hb = lookup.from_game(hr.format(b).replace(" ", ""))
        sa, sb = hr.evaluate(a), hr.evaluate(b)
        assert (ha > hb) - (ha < hb) == (sa > sb) - (sa < sb)


def test_suit_first_text_round_trips():
    rng = random.Random(3)
    for _ in range(300):
        codes = rng.sample(range(52), rng.randint(0, 9))
        text = hr.format(codes, suit_first=True)
        assert hr.parse(text).tolist() == codes
        assert all(len(c) == 2 and c[0] in "CDHS" for c in text.split())
    assert hr.format([[51, 0], [34, 52]], suit_first=True) == ["SA C2", "HT Jk"]
