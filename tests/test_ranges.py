"""Ranges: syntax, combo counts, weights, card removal, errors, range equity."""
from __future__ import annotations

import contextlib
import importlib
import math
import signal
import threading
import time

import numpy as np
import pytest

import handrank as hr


@pytest.mark.parametrize("text,count", [
    ("QQ+", 18), ("AKs", 4), ("AKo", 12), ("AK", 16), ("random", 1326), ("100%", 1326),
    ("77", 6), ("99-66", 24), ("66-99", 24), ("A5s-A2s", 16), ("K9o-K6o", 48), ("A9s+", 20),
    ("KTo+", 36), ("A9+", 80), ("22+", 78), ("AhKh", 1), ("T9s", 4),
    ("QQ+, AKs, A5s-A2s, KQo, 0.5(JJ), AhKh", 56), ("AKs, AhKh", 4), ("aks", 4),
])
def test_combo_counts(text, count):
    r = hr.Range(text)
    assert len(r) == count
    assert r.combos.shape == (count, 2) and r.combos.dtype == np.uint8
    assert (r.combos[:, 0] != r.combos[:, 1]).all()


def test_combos_are_the_right_cards():
    assert sorted(hr.hand_class(c) for c in hr.Range("A5s-A2s").combos.tolist()) == \
        sorted(["A5s"] * 4 + ["A4s"] * 4 + ["A3s"] * 4 + ["A2s"] * 4)
    assert {hr.hand_class(c) for c in hr.Range("QQ+").combos.tolist()} == {"QQ", "KK", "AA"}
    assert {hr.hand_class(c) for c in hr.Range("A9s+").combos.tolist()} == \
        {"A9s", "ATs", "AJs", "AQs", "AKs"}
    assert hr.format(hr.Range("AhKh").combos[0]) == "Ah Kh"
    assert len(set(hr.hand_class(c) for c in hr.Range("random").combos.tolist())) == 169
    assert len(hr.HAND_CLASSES) == 169 and hr.HAND_CLASSES[0] == "AA"


def test_weights():
    r = hr.Range("AA, 0.25(KK, QQ) AKs:0.5")
    w = dict(zip(map(hr.hand_class, r.combos.tolist()), r.weights.tolist()))
    assert w == {"AA": 1.0, "KK": 0.25, "QQ": 0.25, "AKs": 0.5}
    assert hr.Range("0.5(JJ), JJ").weights.tolist() == [1.0] * 6     # the larger weight


def test_card_removal():
    r = hr.Range("QQ+").without(hr.parse("Qs Ad"))
    assert len(r) == 3 + 3 + 6
    assert not any({int(c) for c in combo} & {hr.parse("Qs")[0], hr.parse("Ad")[0]}
                   for combo in r.combos)


@pytest.mark.parametrize("text,where", [
    ("AKx", "'AKx' at position 0"), ("QQs", "pair is neither suited"),
    ("A5s-K2s", "dash range keeps the first rank"), ("QQ+, Zz", "'Zz' at position 5"),
    ("2(JJ)", "weights are in"), ("JJ:x", "a weight is a number"), ("JJ)", "unbalanced"),
    ("AhAh", "different cards"),
])
def test_syntax_errors_point_at_the_token(text, where):
    with pytest.raises(hr.HandError, match=where):
        hr.Range(text)


def test_omaha_ranges():
    r = hr.Range("AhKhQdJd, 2c3c4c5c", cards=4)
    assert len(r) == 2 and r.combos.shape == (2, 4)
    assert len(hr.Range("AA", cards=4)) == 6961             # issue 25: patterns
    with pytest.raises(hr.HandError, match="Omaha ranges take exact hands"):
        hr.Range("Ae", cards=4)


CASES = [
    ("QQ+, AKs", "As Kd", "2h 7d Jc"),
    ("A5s-A2s, 0.5(T9s), 77", "Kh Kc", "5d 6d 8c"),
    ("random", "Ah Ad", "Kc 7d 2s 9h"),
]


@pytest.mark.parametrize("rng,hand,board", CASES)
def test_range_equity_is_the_weighted_average(rng, hand, board):
    r = hr.equity("holdem", [rng, hand], board=board)
    live = hr.Range(rng).without(np.concatenate([hr.parse(hand), hr.parse(board)]))
    eq = [hr.equity("holdem", [c.tolist(), hand], board=board).equity for c in live.combos]
    want = np.average(np.array(eq), axis=0, weights=live.weights)
    assert np.allclose(r.equity, want, atol=1e-12)


def test_range_vs_range_exact_and_monte_carlo():
    exact = hr.equity("holdem", ["JJ+, AKs", "QQ, AQs"], board="2h 7d Jc 3s")
    # by hand: every non-clashing pair of combos, weighted equally
    a = hr.Range("JJ+, AKs").without(hr.parse("2h 7d Jc 3s")).combos
    b = hr.Range("QQ, AQs").without(hr.parse("2h 7d Jc 3s")).combos
    eqs = [hr.equity("holdem", [x.tolist(), y.tolist()], board="2h 7d Jc 3s").equity
           for x in a for y in b if not set(x.tolist()) & set(y.tolist())]
    assert np.allclose(exact.equity, np.mean(eqs, axis=0), atol=1e-12)
    mc = hr.equity("holdem", ["JJ+, AKs", "QQ, AQs"], board="2h 7d Jc 3s", trials=300_000,
                   seed=2)
    assert np.all(np.abs(mc.equity - exact.equity) <= 3 * mc.stderr)


def test_range_object_and_errors():
    r = hr.equity("holdem", [hr.Range("AA"), "Kh Kd"], board="2c 3c 4d")
    assert r.equity[0] > 0.8 and r.hands[0] == "AA"
    with pytest.raises(hr.HandError, match="no hand of the range 'AA' is left"):
        hr.equity("holdem", ["AA", "??"], dead="As Ah Ad")
    with pytest.raises(hr.HandError, match="neither cards nor a range. As cards: .* As a range: "):
        hr.equity("holdem", ["AKx", "??"])
    with pytest.raises(hr.HandError, match="range of 2-card hands in omaha"):
        hr.equity("omaha", [hr.Range("AA"), "??"])
    with pytest.raises(hr.HandError, match="exact enumeration would take"):
        hr.equity("holdem", ["22+", "ATo+", "random"])
    om = hr.equity("omaha", [hr.Range("AhKhQdJd, AcKcQsJs", cards=4), "Tc 9c 8d 7d"],
                   board="2h 3h 4c")
    assert om.exact and 0 < om.equity[0] < 1


# ------------------------------------------------------------------ random, unlisted
@contextlib.contextmanager
def _deadline(seconds):
    """Fail (instead of running on for minutes) when the block takes too long."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not \
            threading.main_thread():
        yield
        return

    def expired(signum, frame):
        raise TimeoutError(f"took more than {seconds} s")

    old = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def test_random_six_card_range_is_not_listed():
    with _deadline(2.0):
        start = time.perf_counter()
        r = hr.Range("random", 6)
        assert len(r) == 20_358_520 == math.comb(52, 6)
        assert r.is_random
        elapsed = time.perf_counter() - start
    assert elapsed < 0.5
    with _deadline(2.0):
        for text in ("100%", "any", "xx", "0.5(random)", "random, AhKhQhJhTh9h"):
            assert len(hr.Range(text, 6)) == 20_358_520
        assert len(hr.Range("random", 5)) == math.comb(52, 5)


def test_parse_range_caches_no_listing():
    hr_ranges = importlib.import_module("handrank.ranges._ranges")
    with _deadline(2.0):
        r = hr_ranges.parse_range("random", 6)
    assert hr_ranges.parse_range("random", 6) is r
    assert not any(isinstance(v, np.ndarray) for v in vars(r).values())
    assert len(r._weights) == 0


@pytest.mark.parametrize("text,cards,expected", [
    ("random", 2, True), ("100%", 2, True), ("any", 4, True), ("xx", 2, True),
    ("random", 6, True),
    ("random, AA", 2, True),                 # AA:1 is absorbed by random:1
    ("AA, random", 2, True),
    ("0.5(random), 0.25(AA)", 2, True),      # 0.25 <= 0.5: absorbed
    ("0.5(random), random", 2, True),
    ("0.5(random), AA", 2, False),           # AA keeps 1 > 0.5
    ("random, 0.5(random), AhKhQhJh", 4, True),
    ("0.5(random), AhKhQhJh", 4, False),
    ("AA", 2, False), ("", 2, False), ("22+, A2+, K2+, Q2+, J2+, T2+, 92+, 82+, 72+, 62+, "
                                       "52+, 42+, 32", 2, False),
])
def test_is_random(text, cards, expected):
    r = hr.Range(text, cards)
    assert r.is_random is expected
    if expected:
        assert len(r) == math.comb(52, cards)


def test_is_random_is_read_only_and_lost_to_card_removal():
    r = hr.Range("random")
    with pytest.raises(AttributeError):
        r.is_random = False
    assert not r.without("As").is_random and r.is_random
    assert r.without([]).is_random


def test_random_combos_are_listed_on_demand():
    r = hr.Range("random")
    assert r.combos.shape == (1326, 2) and r.combos.dtype == np.uint8
    assert r.weights.tolist() == [1.0] * 1326
    assert len({tuple(c) for c in r.combos.tolist()}) == 1326
    assert (r.combos[:, 0] > r.combos[:, 1]).all()              # highest card first
    r4 = hr.Range("random", 4)
    assert r4.combos.shape == (270_725, 4)
    assert len(np.unique(hr.to_mask(r4.combos))) == 270_725
    r5 = hr.Range("0.5(random)", 5)
    assert r5.weights.shape == (2_598_960,) and (r5.weights == 0.5).all()


def test_random_six_card_combos_refuse_to_list():
    r = hr.Range("random", 6)
    for attr in ("combos", "weights"):
        with _deadline(2.0):
            with pytest.raises(hr.HandError, match="the range 'random' of 6-card hands has "
                                                   "20,358,520 hands; too many to list"):
                getattr(r, attr)
    with pytest.raises(hr.HandError, match="9,366,819 hands"):
        r.without("2c 3c 4c 5c 6c 7c").combos
    small = r.without(hr.parse("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d"))
    assert len(small) == math.comb(38, 6) and small.combos.shape == (math.comb(38, 6), 6)


def _expected(text, cards, dead):
    """Brute force: every hand of the deck, weights from the listed pieces."""
    from itertools import combinations
    out = {}
    for piece in text.split(";"):
        w, _, what = piece.partition(":")
        combos = (combinations(range(51, -1, -1), cards) if what == "random"
                  else [tuple(hr.Range(what, cards).combos[i].tolist())
                        for i in range(len(hr.Range(what, cards)))])
        for c in combos:
            if not set(c) & dead:
                out[c] = max(out.get(c, 0.0), float(w))
    return out


@pytest.mark.parametrize("text,cards,spec,dead", [
    ("0.3(random), 0.8(AA), KhKd:0.9, AhKh", 2,
     "0.3:random;0.8:AA;0.9:KhKd;1:AhKh", "2c 7d Ad"),
    ("0.5(random), AhKhQhJh, 2c3c4c5c:0.7, 0.2(AsKsQsJs)", 4,
     "0.5:random;1:AhKhQhJh;0.7:2c3c4c5c", "Ad"),
    ("random, 0.5(AA)", 2, "1:random", ""),
])
def test_random_with_explicit_hands_lists_the_right_weights(text, cards, spec, dead):
    r = hr.Range(text, cards).without(dead)
    want = _expected(spec, cards, set(hr.parse(dead).tolist()))
    got = dict(zip(map(tuple, r.combos.tolist()), r.weights.tolist()))
    assert got == want
    assert len(r) == len(want)
    keys = [tuple(c) for c in r.combos.tolist()]
    assert keys == sorted(keys, reverse=True)


def test_random_without_keeps_the_range_unlisted():
    r = hr.Range("random", 4)
    assert len(r.without("Ah Kd")) == math.comb(50, 4)
    assert len(r.without("Ah Kd").without("Ah 2c")) == math.comb(49, 4)
    assert len(r.without("Ah Kd Jk")) == math.comb(50, 4)            # jokers: ignored
    live = r.without("Ah Kd")
    assert live.combos.shape == (math.comb(50, 4), 4)
    dead = set(hr.parse("Ah Kd").tolist())
    assert not dead & set(np.unique(live.combos).tolist())
    assert len(r) == 270_725                                         # r is unchanged
    with _deadline(2.0):
        six = hr.Range("random", 6).without(hr.to_mask("As Ks Qs Js"))
        assert len(six) == math.comb(48, 6)
    assert len(hr.Range("0.5(random), AhKhQhJh", 4).without("Ah")) == math.comb(51, 4)
    assert repr(hr.Range("random", 6)) == "Range('random': 20,358,520 hands)"


# ------------------------------------------------------------------ without(): input forms
QS_AD = hr.parse("Qs Ad")


@pytest.mark.parametrize("dead", [
    "Qs Ad", "QsAd", "qs, ad", QS_AD, QS_AD.tolist(), tuple(QS_AD.tolist()), set(QS_AD.tolist()),
    {int(c): "board" for c in QS_AD}, QS_AD.astype(np.int64), iter(QS_AD.tolist()),
    [np.uint8(c) for c in QS_AD],
    hr.to_mask("Qs Ad"), np.uint64(hr.to_mask("Qs Ad")), np.int64(hr.to_mask("Qs Ad")),
    np.array(hr.to_mask("Qs Ad"), dtype=np.uint64),
], ids=lambda d: type(d).__name__)
def test_without_takes_text_codes_or_a_mask(dead):
    r = hr.Range("QQ+").without(dead)
    assert len(r) == 3 + 3 + 6
    assert not {int(c) for c in r.combos.ravel()} & set(QS_AD.tolist())


def test_without_an_int_is_a_mask_not_a_code():
    assert len(hr.Range("22").without(1)) == 3          # mask bit 0 is 2c (code 0)
    assert len(hr.Range("22").without([1])) == 3        # code 1 is 2d
    assert len(hr.Range("AA").without(1 << 12 | 1 << 28)) == 1      # Ac, Ad
    assert len(hr.Range("AA").without(0)) == 6 and len(hr.Range("AA").without([])) == 6
    assert len(hr.Range("AA").without("Jk Jk")) == 6 == len(hr.Range("AA").without([52, 53]))


@pytest.mark.parametrize("dead,match", [
    ("Qs Zz", r"cannot read card 'Zz' at position 3"),
    ("Qs A", "position 3"),
    ([51, 60], "card code 60 at position 1 is out of range 0..53"),
    ([-1], "card code -1 at position 0 is out of range"),
    (np.array([3, 99], dtype=np.int16), "card code 99 at position 1"),
    ([1.5], "dead card at position 0 is 1.5"),
    ([51, "As"], "dead card at position 1 is 'As'"),
    ([True], r"dead cards: a bool is not a card .*; got True at position 0"),
    (np.array([1.0, 2.0]), "dtype float64"),
    (np.array([[1, 2]]), "1-D"),
    (1 << 14, "bit 14"),
    (-1, "not a 64-bit unsigned value"),
    (1 << 64, "not a 64-bit unsigned value"),
    (True, "got True"),
    (None, "got NoneType"),
    (2.5, "got float"),
])
def test_without_rejects_bad_cards(dead, match):
    with pytest.raises(hr.HandError, match=match) as info:
        hr.Range("QQ+").without(dead)
    assert isinstance(info.value, ValueError)


# ------------------------------------------------------------------ hand_class
@pytest.mark.parametrize("hand,name", [
    ("Ah Kh", "AKs"), ("Kh Ad", "AKo"), ("2c2d", "22"), ([51, 47], "AKs"), ((0, 4), "32s"),
    (np.array([51, 50], dtype=np.uint8), "AA"), (hr.parse("7h 2c"), "72o"),
])
def test_hand_class_of_one_hand(hand, name):
    assert hr.hand_class(hand) == name


def test_hand_class_of_many_hands():
    combos = hr.Range("random").combos
    want = [hr.hand_class(c) for c in combos.tolist()]
    for dtype in (np.uint8, np.int8, np.int16, np.int64, np.uint64):
        got = hr.hand_class(combos.astype(dtype))
        assert isinstance(got, list) and got == want
    assert hr.hand_class(combos[:, ::-1]) == want                   # order within a row
    assert hr.hand_class(combos.tolist()) == want                   # list of pairs
    assert hr.hand_class(hr.format(combos)) == want                 # list of texts
    assert hr.hand_class(("Ah Kd", "7c 2c")) == ["AKo", "72s"]
    assert hr.hand_class(np.zeros((0, 2), dtype=np.uint8)) == []
    assert sorted(set(want)) == sorted(hr.HAND_CLASSES)
    assert {c: want.count(c) for c in ("AA", "AKs", "AKo")} == {"AA": 6, "AKs": 4, "AKo": 12}


def test_hand_class_of_a_million_hands_is_fast():
    rng = np.random.default_rng(3)
    a = rng.integers(0, 52, size=1_000_000, dtype=np.uint8)
    hands = np.stack([a, (a + rng.integers(1, 52, size=a.size, dtype=np.uint8)) % 52], axis=1)
    hands = hands.astype(np.uint8)
    start = time.perf_counter()
    names = hr.hand_class(hands)
    assert time.perf_counter() - start < 1.0
    assert len(names) == 1_000_000
    for i in (0, 1, 999_999):
        assert names[i] == hr.hand_class(hands[i])


@pytest.mark.parametrize("hands,match", [
    (np.array([[51, 47], [3, 3]]), r"row 1: card 2s appears twice"),
    (np.array([[51, 47], [0, 1], [52, 0]]), r"row 2: card code 52 at position 0 is out of "
                                            r"range 0\.\.51"),
    (np.array([[-1, 0]]), r"row 0: card code -1"),
    (np.array([[0, 2**40]], dtype=np.uint64), r"row 0: card code 1099511627776"),
    (np.array([[1, 2, 3]]), r"\(N, 2\)"),
    (np.array([[1.0, 2.0]]), "dtype float64"),
    (np.zeros((2, 2, 2), dtype=np.uint8), r"shape \(2, 2, 2\)"),
    (["Ah Kd", "Ah Ah"], r"row 1 \('Ah Ah'\): card Ah appears twice"),
    (["Ah Kd", "Ah Zz"], r"row 1: cannot read card 'Zz' at position 3"),
    (["Ah", "Kh"], r"row 0 \('Ah'\): 1 card; .* write one hand as one text"),
    ([[51, 47], [0, 52]], r"row 1: card code 52"),
    ("Ah Kh Qh", r"3 cards"),
    ([51, 51], "appears twice"),
    ([51, 60], "card code 60"),
    ([], "hand_class takes one hand"),
    (None, "got NoneType"),
])
def test_hand_class_errors_name_the_row(hands, match):
    with pytest.raises(hr.HandError, match=match):
        hr.hand_class(hands)


# ------------------------------------------------------------------ constructor checks
@pytest.mark.parametrize("cards", [True, False, 2.0, 4.0, "2", 3, 7, 0, None, np.float64(4)])
def test_range_cards_must_be_an_int_2_4_5_6(cards):
    with pytest.raises(hr.HandError, match="cards is the number of cards in a hand"):
        hr.Range("random", cards)


def test_range_cards_takes_numpy_integers():
    r = hr.Range("random", np.int64(4))
    assert r.cards == 4 and type(r.cards) is int and len(r) == 270_725


@pytest.mark.parametrize("text", [5, 2.5, None, True, b"AA", object()])
def test_range_text_must_be_text_or_hands(text):
    with pytest.raises(hr.HandError, match="a range is text .* or an iterable of hands; got"):
        hr.Range(text)


def test_range_of_exact_hands():
    r = hr.Range(["AhKh", [51, 47], np.array([0, 4], dtype=np.uint8)])
    assert len(r) == 3
    assert r.text == "AhKh, As Ks, 2c 3c"
    assert hr.Range([]).text == "" and len(hr.Range(())) == 0
    with pytest.raises(hr.HandError, match="range item 1 is 5"):
        hr.Range(["AhKh", 5])
    with pytest.raises(hr.HandError, match="range item 0 is"):
        hr.Range([[51, 47.0]])
    with pytest.raises(hr.HandError, match="range item 0: 3 cards"):
        hr.Range([[51, 47, 43]])
    with pytest.raises(hr.HandError, match="range item 1: cannot read card 'Zz'"):
        hr.Range(["AhKh", "AhZz"])
