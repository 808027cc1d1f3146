"""Property tests (hypothesis): valid input agrees with the reference; any
invalid input raises HandError or TypeError, never anything else, and never
crashes the interpreter."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import handrank as hr
import reference as ref

from registry import (FIVE_CARD_RULES, RULES, WILD_RULES, WILDS, deal, game_twin, hand_sizes,
                      wilds_for)
SETTINGS = settings(max_examples=300, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
OK = (hr.HandError, TypeError)


def hands(k_min=5, k_max=9, deck=52):
    return st.integers(k_min, k_max).flatmap(
        lambda k: st.lists(st.integers(0, deck - 1), min_size=k, max_size=k, unique=True))


@st.composite
def rules_and_hand(draw, rule_names=RULES, jokers=0):
    """A rule set and a hand of one of its sizes from its deck (plus jokers)."""
    rules = draw(st.sampled_from(rule_names))
    codes = hr.get_rules(rules).deck.codes + [52, 53][:jokers]
    k = draw(st.sampled_from(hand_sizes(rules)))
    return rules, draw(st.lists(st.sampled_from(codes), min_size=k, max_size=k, unique=True))


@SETTINGS
@given(case=rules_and_hand())
def test_valid_hands_agree_with_reference(case):
    rules, hand = case
    s = hr.evaluate(hand, rules)
    assert s == ref.strength(hand, rules)
    assert hr.evaluate(hr.format(hand), rules) == s
    assert hr.evaluate_masks(hr.to_mask(hand), rules) == s
    assert hr.evaluate(np.array([hand, hand]), rules).tolist() == [s, s]
    if hr.get_rules(rules).kind == "poker":
        five = hr.best_five(hand, rules)
        assert set(five) <= set(hand) and hr.evaluate(five, rules) == s
    if s >= 0:
        assert isinstance(hr.describe(s, rules), str)
        assert hr.category(s, rules) is not None


@SETTINGS
@given(case=rules_and_hand(WILD_RULES, jokers=2), wild=st.sampled_from(WILDS[1:]))
def test_wild_hands_agree_with_reference(case, wild):
    rules, hand = case
    if wild not in wilds_for(rules):
        return
    assert hr.evaluate(hand, rules, wild) == ref.strength(hand, rules, wild)


@SETTINGS
@given(rules=st.sampled_from(FIVE_CARD_RULES), h=st.integers(4, 6), b=st.integers(3, 5),
       seed=st.integers(0, 2**32 - 1))
def test_omaha_agrees_with_reference(rules, h, b, seed):
    cards = deal(rules, 1, h + b, seed)[0].tolist()
    hole_cards, board = cards[:h], cards[h:h + b]
    assert hr.evaluate_omaha(hole_cards, board, rules) == ref.omaha_strength(hole_cards, board,
                                                                              rules)


@SETTINGS
@given(text=st.text(max_size=40))
def test_any_text_parses_or_raises_handerror(text):
    try:
        codes = hr.parse(text)
    except hr.HandError as e:
        assert str(e)
        return
    assert codes.dtype == np.uint8 and ((codes < 54).all())


@SETTINGS
@given(text=st.text(alphabet="23456789TJQKAtjqka10cdhsCDHS♣♦♥♠JkXx?, \t", max_size=40),
       rules=st.sampled_from(RULES), wild=st.sampled_from(WILDS))
def test_card_like_text_never_breaks(text, rules, wild):
    for fn in (lambda: hr.evaluate(text, rules, wild), lambda: hr.best_five(text, rules, wild),
               lambda: hr.to_mask(text), lambda: hr.describe(text, rules)):
        try:
            fn()
        except OK:
            pass


@SETTINGS
@given(arr=hnp.arrays(dtype=st.one_of(hnp.integer_dtypes(), hnp.unsigned_integer_dtypes(),
                                      hnp.floating_dtypes(), st.just(np.dtype(bool))),
                      shape=hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=10)),
       rules=st.sampled_from(RULES), wild=st.sampled_from(WILDS))
def test_arbitrary_arrays_raise_only_handerror(arr, rules, wild):
    before = arr.copy()
    for fn in (lambda: hr.evaluate(arr, rules, wild), lambda: hr.evaluate_masks(arr, rules, wild),
               lambda: hr.to_mask(arr), lambda: hr.category(arr, rules),
               lambda: hr.highest_card(arr)):
        try:
            fn()
        except OK:
            pass
    assert np.array_equal(arr, before, equal_nan=arr.dtype.kind == "f")


@SETTINGS
@given(rows=st.lists(st.lists(st.integers(-300, 300), min_size=7, max_size=7), min_size=1,
                     max_size=20),
       step=st.integers(1, 3), order=st.sampled_from(["C", "F"]))
def test_strided_and_out_of_range_batches(rows, step, order):
    arr = np.array(rows, dtype=np.int64, order=order)[::step]
    try:
        res = hr.evaluate(arr)
    except hr.HandError as e:
        assert "row" in str(e)
        return
    assert res.shape == (len(arr),)
    assert res.tolist() == [ref.strength(r) for r in arr.tolist()]


@SETTINGS
@given(masks=st.lists(st.integers(0, 2**64 - 1), min_size=0, max_size=20),
       wild=st.sampled_from(WILDS))
def test_arbitrary_masks(masks, wild):
    arr = np.array(masks, dtype=np.uint64)
    try:
        res = hr.evaluate_masks(arr, wild=wild)
    except hr.HandError:
        return
    for m, s in zip(masks, res.tolist()):
        assert s == ref.strength(hr.from_mask(m).tolist(), "high", wild)


@SETTINGS
@given(game=st.sampled_from([g.name for g in hr.GAMES]),
       cards=st.lists(st.integers(0, 53), min_size=0, max_size=30),
       players=st.integers(0, 4), board_len=st.integers(0, 6))
def test_showdown_and_equity_any_input(game, cards, players, board_len):
    g = hr.get_game(game)
    hands = [cards[i * g.hole:(i + 1) * g.hole] for i in range(players)]
    board = cards[-board_len:] if board_len else []
    try:
        shares = hr.showdown(game, hands, board if g.board else None)
        assert abs(shares.sum() - 1.0) < 1e-9
    except OK:
        pass
    try:
        r = hr.equity(game, hands, board=board, trials=200, seed=1)
        assert abs(r.equity.sum() - 1.0) < 1e-9
    except OK:
        pass


@pytest.mark.parametrize("bad", [b"As Ks Qs Js Ts", 3.5, None, object(), {1: 2}, [[[1]]],
                                 [1.5, 2, 3, 4, 5], ["As Ks Qs Js Ts", None], [], "",
                                 np.array([], dtype=np.uint8), np.zeros((0, 0), np.uint8)])
def test_odd_inputs(bad):
    for fn in (hr.evaluate, hr.evaluate_masks, hr.best_five, hr.to_mask, hr.format,
               hr.highest_card, hr.category, hr.describe):
        try:
            fn(bad)
        except OK:
            pass


NUMBERS = st.one_of(st.integers(-2**70, 2**70), st.floats(allow_nan=True), st.booleans(),
                    st.none(), st.text(max_size=3), st.sampled_from([np.int64(2), np.uint64(5)]))


@SETTINGS
@given(name=st.one_of(st.text(max_size=5), st.none()), hole=NUMBERS | st.integers(-1, 9),
       board=NUMBERS | st.integers(-1, 7), select=st.sampled_from(["any", "omaha", "all", "x"]),
       high=st.sampled_from(["high", None, "2-7", "a5-8", "x"]),
       low=st.sampled_from([None, "a5-8", "razz", "a6", "x"]), deck=st.sampled_from([52, 53, 54]),
       wild=st.sampled_from([None, "bug", "2", "zz"]),
       boards=st.sampled_from([1, 1, 2, 0, 3, True]), seed=st.integers(0, 2**32 - 1))
def test_any_game_is_refused_or_plays_like_the_reference(name, hole, board, select, high, low,
                                                          deck, wild, boards, seed):
    """The Game constructor either refuses (HandError) or builds a game whose
    showdowns agree with the reference twin (a double-board game: the mean of
    its two boards' showdowns) and whose equity sums to 1."""
    try:
        g = hr.Game(name, hole=hole, board=board, select=select, high=high, low=low, deck=deck,
                    wild=wild, boards=boards)
    except hr.HandError:
        return
    rng = np.random.default_rng(seed)
    players = int(rng.integers(1, min(4, g.max_players) + 1))
    cards = rng.permutation(g.deck)[:players * g.hole + g.board * g.boards].tolist()
    hands = [cards[i * g.hole:(i + 1) * g.hole] for i in range(players)]
    rest = cards[players * g.hole:]
    pieces = [rest[k * g.board:(k + 1) * g.board] for k in range(g.boards)]
    twin = game_twin(g)
    shares = hr.showdown(g, hands, (pieces if g.boards == 2 else pieces[0]) if g.board else None)
    want = np.mean([ref.showdown(twin, hands, b) for b in pieces], axis=0)
    assert np.allclose(shares, want, rtol=0, atol=1e-12)
    known = [b[:max(0, g.board - 2)] for b in pieces]
    r = hr.equity(g, ["??"] * max(2, players), board=known if g.boards == 2 else known[0], trials=300,
                  seed=seed)
    assert abs(r.equity.sum() - 1.0) < 1e-9


@SETTINGS
@given(threads=NUMBERS, trials=NUMBERS, seed=NUMBERS)
def test_numeric_arguments_are_validated(threads, trials, seed):
    """threads=, trials= and seed= of any type or size: a result or HandError,
    never OverflowError, TypeError from deep inside, or a crash."""
    if isinstance(trials, (int, np.integer)) and not isinstance(trials, bool) and trials > 2000:
        trials = 2000                                    # valid and quick
    try:
        r = hr.equity("holdem", ["As Ks", "??"], board="2c 3d 4h 5s", trials=trials, seed=seed,
                      threads=threads)
        assert abs(r.equity.sum() - 1.0) < 1e-9
    except hr.HandError:
        pass
    hands = np.array([hr.parse("As Ks Qs Js Ts 9s 8s")] * 3)
    try:
        assert hr.evaluate(hands, threads=threads).tolist() == [7461] * 3
    except hr.HandError:
        pass


@SETTINGS
@given(kind=st.sampled_from(["short", "long", "int32", "strided", "readonly", "list", "2d"]),
       n=st.integers(1, 40))
def test_out_arguments_are_validated(kind, n):
    """out= of any shape, dtype, layout or writability: the result lands in
    out (a strided out included) or HandError; the input is never touched."""
    hands = np.argsort(np.random.default_rng(n).random((n, 52)), axis=1)[:, :7].astype(np.uint8)
    before = hands.copy()
    out = {"short": lambda: np.empty(n - 1, np.int16), "long": lambda: np.empty(n + 1, np.int16),
           "int32": lambda: np.empty(n, np.int32), "strided": lambda: np.zeros(2 * n, np.int16)[::2],
           "readonly": lambda: np.empty(n, np.int16), "list": lambda: [0] * n,
           "2d": lambda: np.empty((n, 1), np.int16)}[kind]()
    if kind == "readonly":
        out.flags.writeable = False
    for fn in (lambda: hr.evaluate(hands, out=out),
               lambda: hr.evaluate_omaha(hands[:, :4], hands[:, 4:7], out=out)):
        try:
            res = fn()
        except hr.HandError:
            continue
        assert res is out and kind == "strided"
    assert np.array_equal(hands, before)
