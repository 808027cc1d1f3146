"""Issue 37: other libraries' cards, as they are -- treys ints, eval7 and
pokerkit Card objects, suit-first text -- against the installed peer (the
`bench` extra; .ci/run installs it and runs this file where no test may
skip)."""
from __future__ import annotations

import random
import sys

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


# ------------------------------------------------ one-hand fast paths
# Each conversion reads one plain hand with table look-ups and hands
# anything else to the general path; both must give the same answers and
# the same errors.

def test_treys_fast_path_types():
    ints = hr.to_treys("As Kd 2c")

    class CardInt(int):                       # texasholdem's Card is such an int
        pass
    want = [51, 45, 0]
    for given in (ints, tuple(ints), [CardInt(v) for v in ints],
                  [np.int64(v) for v in ints], [np.uint32(v) for v in ints]):
        out = hr.from_treys(given)
        assert out.dtype == np.uint8 and out.tolist() == want, given
        out[0] = 1                            # a fresh, writable array
    assert hr.from_treys(CardInt(ints[0])) == 51
    assert hr.from_treys([]).tolist() == [] and hr.from_treys(()).dtype == np.uint8
    for bad, pos in (([ints[0], float(ints[1])], 1), ([True, ints[0]], 0),
                     ([ints[0], np.bool_(True)], 1), ([ints[0], "Kd"], 1),
                     ([ints[0], None], 1), ([ints[0], ints[1] + 1], 1)):
        with pytest.raises(hr.HandError, match=f"position {pos}: .* is not a treys card int"):
            hr.from_treys(bad)


@pytest.mark.parametrize("to", ["to_treys", "to_eval7", "to_pokerkit"])
def test_to_fast_path_matches_general_path(to):
    mod = {"to_treys": "treys", "to_eval7": "eval7", "to_pokerkit": "pokerkit"}[to]
    pytest.importorskip(mod)
    f = getattr(hr, to)
    rng = random.Random(to)
    for _ in range(200):
        codes = rng.sample(range(52), rng.randint(0, 9))
        want = f(np.array(codes, dtype=np.int64))          # an array: the general path
        want = want.tolist() if isinstance(want, np.ndarray) else want
        for given in (codes, tuple(codes), hr.format(codes),
                      hr.format(codes, suit_first=True), [np.int64(c) for c in codes]):
            assert f(given) == want, given
    for bad, match in (([51, 52], "no jokers"), ([51, -1], None), ([51, 60], None),
                       ([51, True], "a bool is not a card"), ([51, 1.0], None),
                       ("As Jk", "no jokers"), ("As Zz", None)):
        with pytest.raises(hr.HandError, match=match):
            f(bad)


def test_peer_card_objects_are_shared_and_unchanged():
    eval7 = pytest.importorskip("eval7")
    pokerkit = pytest.importorskip("pokerkit")
    a, b = hr.to_eval7("As Kd"), hr.to_eval7([51, 45])
    assert a[0] is b[0] and a == [eval7.Card("As"), eval7.Card("Kd")]
    with pytest.raises(AttributeError):
        a[0].rank = 0                          # eval7 refuses: safe to share
    p, q = hr.to_pokerkit("As Kd"), hr.to_pokerkit((51, 45))
    assert p[0] is q[0] and p == list(pokerkit.Card.parse("AsKd"))
    with pytest.raises(Exception):
        p[0].rank = pokerkit.Rank("K")         # a frozen dataclass
    assert str(hr.to_eval7("As")[0]) == "As" and hr.to_pokerkit("As") == p[:1]


def test_from_peer_fast_path_matches_general_path():
    eval7 = pytest.importorskip("eval7")
    pokerkit = pytest.importorskip("pokerkit")
    from handrank.cards import _peers
    rng = random.Random(5)
    e7 = [eval7.Card(c) for c in ALL]
    pk = list(pokerkit.Card.parse("".join(ALL)))
    for _ in range(200):
        codes = rng.sample(range(52), rng.randint(0, 9))
        for f, cards, one, is_one, who in (
                (hr.from_eval7, e7, _peers._eval7_code, None, "eval7"),
                (hr.from_pokerkit, pk, _peers._pokerkit_code, None, "pokerkit")):
            hand = [cards[c] for c in codes]
            general = _peers._one_or_many(iter(hand), one, lambda c: False, who)
            assert f(hand).tolist() == f(tuple(hand)).tolist() == general.tolist() == codes
            assert f(iter(hand)).tolist() == codes             # an iterator: general path
            if codes:
                assert f(hand[0]) == codes[0]

    class Stand:                               # duck-typed cards: the general path
        rank, suit = 12, 3
    assert hr.from_eval7([e7[0], Stand()]).tolist() == [0, 51]
    unknown = list(pokerkit.Card.parse("??"))[0]
    with pytest.raises(hr.HandError, match="position 1: .* is not a known pokerkit card"):
        hr.from_pokerkit((pk[0], unknown))
    with pytest.raises(hr.HandError, match="is not a known pokerkit card"):
        hr.from_pokerkit(unknown)
    with pytest.raises(hr.HandError, match="position 1: .* is not an eval7 card"):
        hr.from_eval7((e7[0], pk[0]))
    with pytest.raises(hr.HandError, match="position 0: .* is not an eval7 card"):
        hr.from_eval7([[1, 2]])                # unhashable


def test_a_peer_whose_cards_are_not_values_takes_the_general_path(monkeypatch):
    # cards hashed by identity (no table of card -> code): from_eval7 reads
    # their fields; to_eval7 still gives the peer's objects
    import types
    from handrank.cards import _peers

    class Card:                                # an eval7-like card without __eq__
        def __init__(self, text):
            self.rank, self.suit = "23456789TJQKA".index(text[0]), "cdhs".index(text[1])

    fake = types.SimpleNamespace(Card=Card)
    monkeypatch.setitem(sys.modules, "eval7", fake)
    monkeypatch.setattr(_peers, "_PEER_TABLES", {})
    out = hr.to_eval7("As Kd")
    assert [type(c) for c in out] == [Card, Card] and _peers._PEER_TABLES["eval7"][0] is None
    assert hr.from_eval7(out).tolist() == [51, 45] and hr.from_eval7(Card("2c")) == 0
    assert hr.from_eval7(tuple(out)).tolist() == [51, 45]
