"""Every error path: HandError (a ValueError) with a message naming the problem."""
from __future__ import annotations

import numpy as np
import pytest

import handrank as hr


def test_handerror_is_valueerror():
    assert issubclass(hr.HandError, ValueError)


@pytest.mark.parametrize("text,where", [
    ("As Kx Qs Js Ts", "position 3"), ("As Ks Qs Js 1s", "position 12"),
    ("As Ks Qs Js T", "position 12"), ("Zs Ks Qs Js Ts", "position 0"),
    ("As Ks Qs Js Ts Jk Jk Jk", "at most two jokers"), ("As K", "position 3"),
    ("As Ks Qs Js T!", "'!' is not a suit"),
])
def test_parse_errors_name_text_and_position(text, where):
    with pytest.raises(hr.HandError, match=where) as e:
        hr.parse(text)
    assert repr(text) in str(e.value)


@pytest.mark.parametrize("hand,msg", [
    ("As As Kd Qd Jd", "As appears twice"),
    ("As Ks Qs Js", "5 to 9 cards; got 4"),
    ("As Ks Qs Js Ts 9s 8s 7s 6s 5s", "5 to 9 cards; got 10"),
    ("As Ks Qs Js Jk", "joker"),
    ([51, 50, 49, 48, 60], "code 60"),
    ([51, 50, 49, 48, -1], "code -1"),
    ([51, 50, 49, 48, 300], "code 300"),
])
def test_single_hand_errors(hand, msg):
    with pytest.raises(hr.HandError, match=msg):
        hr.evaluate(hand)


def test_batch_errors_name_row_and_card():
    hands = np.tile(np.arange(7, dtype=np.uint8), (10, 1))
    bad = hands.copy()
    bad[4, 6] = bad[4, 2]
    with pytest.raises(hr.HandError, match=r"row 4: card 2h appears twice"):
        hr.evaluate(bad)
    for dtype, value, msg in [(np.uint8, 77, "row 6: card code 77"),
                              (np.int64, -3, "row 6: card code -3"),
                              (np.int64, 1000, "row 6: card code 1000"),
                              (np.uint8, 52, "row 6: a joker")]:
        bad = hands.astype(dtype)
        bad[6, 1] = value
        with pytest.raises(hr.HandError, match=msg):
            hr.evaluate(bad)
    with pytest.raises(hr.HandError, match=r"row 1: cannot read card"):
        hr.evaluate(["As Ks Qs Js Ts", "As Ks Qs Js Tx"])
    with pytest.raises(hr.HandError, match=r"row 1 has 6 cards but row 0 has 5"):
        hr.evaluate(["As Ks Qs Js Ts", "As Ks Qs Js Ts 9s"])


def test_input_is_not_modified_on_error():
    hands = np.tile(np.arange(7, dtype=np.uint8), (3, 1))
    hands[2, 0] = 200
    before = hands.copy()
    with pytest.raises(hr.HandError):
        hr.evaluate(hands)
    assert np.array_equal(hands, before)


@pytest.mark.parametrize("arg,msg", [
    (np.zeros((3, 7), dtype=np.float64), "dtype float64"),
    (np.zeros((2, 3, 7), dtype=np.uint8), "shape"),
    (np.zeros((3, 4), dtype=np.uint8), "got 4"),
    (np.zeros((3, 10), dtype=np.uint8), "got 10"),
    (np.array([True] * 7), "dtype bool"),
    ([[1, 2, 3, 4, 5], [1, 2, 3]], "same number of cards"),
    ([], "no cards"),
    (["As Ks Qs Js Ts", 5], "dtype"),
])
def test_shape_and_dtype_errors(arg, msg):
    with pytest.raises(hr.HandError, match=msg):
        hr.evaluate(arg)


@pytest.mark.parametrize("arg", [None, 3, 3.5, b"As Ks", {1, 2}])
def test_type_errors(arg):
    with pytest.raises(TypeError):
        hr.evaluate(arg)


def test_rules_errors():
    with pytest.raises(hr.HandError, match="unknown rules 'omaha'.*'high'.*'a6'"):
        hr.evaluate("As Ks Qs Js Ts", rules="omaha")
    with pytest.raises(hr.HandError, match="rule-set name"):
        hr.evaluate("As Ks Qs Js Ts", rules=3)


@pytest.mark.parametrize("threads", [0, -1, 1.5, "2", True])
def test_threads_errors(threads):
    with pytest.raises(hr.HandError, match="threads"):
        hr.evaluate(np.zeros((0, 5), dtype=np.uint8), threads=threads)


@pytest.mark.parametrize("threads,shown", [
    (0, "0"), (-1, "-1"), (np.int64(-3), "-3"), (-2**70, str(-2**70)), (1.5, "1.5"),
    ("2", "'2'"), (True, "True"), (np.bool_(True), repr(np.bool_(True))), (2.0, "2.0"),
    ("x" * 100_000, "'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"),
])
def test_threads_error_message_every_entry_point(threads, shown):
    want = f"threads must be a positive integer or None; got {shown}"
    hands = np.tile(np.arange(7, dtype=np.uint8), (3, 1))
    calls = [lambda: hr.evaluate(hands, threads=threads),
             lambda: hr.evaluate("As Ks Qs Js Ts", threads=threads),      # one hand too
             lambda: hr.evaluate_masks(hr.to_mask(hands), threads=threads),
             lambda: hr.evaluate_masks(hr.to_mask("As Ks Qs Js Ts"), threads=threads),
             lambda: hr.evaluate_omaha("As Ks Qd Jd", "2c 3c 4c", threads=threads),
             lambda: hr.equity("holdem", ["As Ks", "Qd Qc"], board="2h 7d Jc", threads=threads)]
    for call in calls:
        with pytest.raises(hr.HandError) as e:
            call()
        assert str(e.value) == want


@pytest.mark.parametrize("out,msg", [
    (np.empty(3, dtype=np.int32), "int16"), (np.empty(4, dtype=np.int16), r"\(3,\)"),
    ([0, 0, 0], "numpy int16"),
])
def test_out_errors(out, msg):
    hands = np.tile(np.arange(5, dtype=np.uint8), (3, 1))
    with pytest.raises(hr.HandError, match=msg):
        hr.evaluate(hands, out=out)


def test_readonly_out():
    out = np.empty(3, dtype=np.int16)
    out.flags.writeable = False
    with pytest.raises(hr.HandError, match="read-only"):
        hr.evaluate(np.tile(np.arange(5, dtype=np.uint8), (3, 1)), out=out)


@pytest.mark.parametrize("mask,msg", [
    (1 << 14, "bit 14"), (0b1111, "4 cards"), ((1 << 13) | 0b11111, "joker"),
    (2**64, "64-bit"), (-1, "64-bit"), (0b11111 | (1 << 14), "bit 14"), (int("1" * 10, 2) | (1 << 16), "11 cards"),
])
def test_mask_errors(mask, msg):
    with pytest.raises(hr.HandError, match=msg):
        hr.evaluate_masks(mask)


def test_mask_batch_errors():
    masks = hr.to_mask(np.tile(np.arange(7, dtype=np.uint8), (5, 1)))
    masks[3] |= np.uint64(1 << 63)
    with pytest.raises(hr.HandError, match="row 3: bit 63"):
        hr.evaluate_masks(masks)
    with pytest.raises(hr.HandError, match="row 1: mask is negative"):
        hr.evaluate_masks(np.array([31, -5], dtype=np.int64))
    with pytest.raises(hr.HandError, match="1-D integer"):
        hr.evaluate_masks(np.zeros(3, dtype=np.float32))
    with pytest.raises(TypeError):
        hr.evaluate_masks("As Ks")
    with pytest.raises(TypeError):
        hr.evaluate_masks(True)


@pytest.mark.parametrize("fn", [hr.category, hr.describe])
def test_strength_out_of_range(fn):
    for s, rules in [(7475, "high"), (-1, "high"), (6175, "a5"), (-2, "a5-8"), (7462, "2-7")]:
        with pytest.raises(hr.HandError, match=f"strength {s} is out of range"):
            fn(s, rules)
    with pytest.raises(hr.HandError, match="out of range"):
        fn(np.array([0, 9000]))
    with pytest.raises(hr.HandError, match="integers"):
        fn(np.array([0.5]))


def test_card_function_errors():
    with pytest.raises(hr.HandError, match="repeats"):
        hr.to_mask("As As")
    with pytest.raises(hr.HandError, match="row 1: a card repeats"):
        hr.to_mask(np.array([[0, 1], [2, 2]]))
    with pytest.raises(hr.HandError, match="out of range"):
        hr.format([60])
    with pytest.raises(hr.HandError, match="bit 14"):
        hr.from_mask(1 << 14)
    with pytest.raises(hr.HandError, match="different numbers of cards"):
        hr.from_mask(np.array([1, 3], dtype=np.uint64))
    with pytest.raises(hr.HandError, match="jokers have no rank"):
        hr.highest_card("As Jk")
    with pytest.raises(hr.HandError, match="row 1"):
        hr.lowest_card(np.array([[1, 2], [3, 52]]))
    with pytest.raises(TypeError):
        hr.parse(5)


FLAT_HINT = " (a 1-D array is one hand; pass an (N, k) array for a batch)"
LIST_HINT = (" (a flat list of codes is one hand; pass a list of hands or an (N, k) array "
             "for a batch)")


def _timed_error(fn, *args):
    import time
    start = time.perf_counter()
    with pytest.raises(hr.HandError) as e:
        fn(*args)
    return time.perf_counter() - start, str(e.value)


@pytest.mark.parametrize("fn", [hr.evaluate, hr.best_five])
def test_flat_batch_of_codes_is_refused_at_once(fn):
    """A 1-D array is one hand: its length is checked before its codes are
    converted or checked, and the message never lists the cards."""
    hr.evaluate("As Ks Qs Js Ts")                                 # tables built
    codes = (np.arange(10**7) % 52).astype(np.uint8)
    for arr in (codes, codes.astype(np.int64), codes[::-1], codes.astype(np.int8) + 60):
        seconds, msg = _timed_error(fn, arr)
        assert msg == "a hand needs 5 to 9 cards; got 10000000" + FLAT_HINT
        assert seconds < 0.1
    seconds, msg = _timed_error(fn, codes[:10**6].tolist())
    assert msg == "a hand needs 5 to 9 cards; got 1000000" + LIST_HINT
    assert seconds < 0.1
    assert _timed_error(fn, (1, 2, 3, 4, 5, 6, 7, 8, 9, 60))[1] == \
        "a hand needs 5 to 9 cards; got 10" + LIST_HINT


def test_long_hand_text_is_refused_at_once():
    seconds, msg = _timed_error(hr.evaluate, "As Kd " * 10**6)
    assert msg == "a hand needs 5 to 9 cards; got more than 64 ('As Kd As Kd As Kd As Kd As ...')"
    assert seconds < 0.1
    assert _timed_error(hr.evaluate, "As Ks Qs Js Ts 9s 8s 7s 6s 5s")[1] == \
        "a hand needs 5 to 9 cards; got 10 ('As Ks Qs Js Ts 9s 8s 7s 6s ...')"
    assert _timed_error(hr.evaluate, "As Ks Qs")[1] == (
        "a hand needs 5 to 9 cards; got 3 ('As Ks Qs'); hands of 1 to 4 cards are ranked "
        "under rules='high-partial' (a missing card counts as the worst kicker)")


@pytest.mark.parametrize("rules,partial", [
    ("high", "'high-partial'"), ("razz", "'ace-to-five-partial'"),
    ("2-7", "'deuce-to-seven-partial'"), ("a6", None), ("8-or-better", None),
    ("short-deck", None)])
@pytest.mark.parametrize("fn", [hr.evaluate, hr.best_five])
def test_short_hand_points_to_the_partial_rule_sets(rules, partial, fn):
    """A hand of fewer than five cards under a high or low rule set is told
    where such hands are ranked: its partial twin, or the partial rule sets
    when it has none (and that none ranks as it does); the twin really
    ranks the hand."""
    for hand in ("Ah Kd", [51, 47, 43], np.array([[51, 47, 43, 39]], dtype=np.uint8)):
        with pytest.raises(hr.HandError) as e:
            fn(hand, rules)
        msg = str(e.value)
        if partial:
            assert msg.endswith(f"are ranked under rules={partial} (a missing card counts "
                                f"as the worst kicker)"), msg
            assert hr.evaluate(hand, partial.strip("'")) is not None
        else:
            assert "ranked only under the partial rule sets 'high-partial', " \
                "'ace-to-five-partial', 'deuce-to-seven-partial' (none of them ranks as " \
                f"{hr.get_rules(rules).name} does)" in msg, msg
    for rules_ok in ("three-card", "badugi", "high-partial"):     # nothing to point to
        with pytest.raises(hr.HandError) as e:
            hr.evaluate("Ah", rules_ok) if rules_ok != "high-partial" else hr.evaluate("", rules_ok)
        assert "partial rule sets" not in str(e.value) and "rules='" not in str(e.value)


def test_errors_in_huge_inputs_give_short_messages():
    text = "As " * 10**5 + "Zz"
    for fn, arg in [(hr.parse, text), (hr.evaluate, ["As Ks Qs Js Ts", text]),
                    (hr.to_mask, text), (hr.to_mask, np.tile(np.arange(52), (2, 1000)))]:
        seconds, msg = _timed_error(fn, arg)
        assert len(msg) < 300, msg[:300]
    assert _timed_error(hr.parse, text)[1].startswith(
        "cannot read card 'Zz' at position 300000 of a 300,002-character text, "
        "near 's As As As As As As As As As As As As Zz': a card starts with a rank")
    assert _timed_error(hr.evaluate, ["As Ks Qs Js Ts", text])[1].startswith(
        "row 1: cannot read card 'Zz' at position 300000 of a 300,002-character")
    with pytest.raises(hr.HandError, match="threads must be"):
        hr.evaluate("As Ks Qs Js Ts", threads=list(range(10**6)))
    assert len(str(pytest.raises(hr.HandError, hr.evaluate, np.zeros((2, 5), np.uint8),
                                 threads=list(range(10**6))).value)) < 300


@pytest.mark.parametrize("fn", [hr.category, hr.describe])
@pytest.mark.parametrize("rules", ["a5-8", "high", "2-7"])
def test_strengths_are_range_checked_before_any_cast(fn, rules):
    """2**64 - 1 as uint64 used to wrap to -1 in int64: 'No low' under a5-8."""
    top = {"a5-8": 6174, "high": 7474, "2-7": 7461}[rules]
    low = -1 if rules == "a5-8" else 0
    tail = f" is out of range for rules={hr.get_rules(rules).name!r}: expected {low}..{top}"
    for value, shown in [(np.array([2**64 - 1], dtype=np.uint64), 2**64 - 1),
                         (np.array([[3, 2**63]], dtype=np.uint64), 2**63),
                         (np.array([3, 2**63 - 1], dtype=np.int64), 2**63 - 1),
                         (np.array([3, 2**32 - 1], dtype=np.uint32), 2**32 - 1),
                         (np.uint64(2**64 - 1), 2**64 - 1), (np.uint64(2**63), 2**63),
                         ([3, 2**64 - 1], 2**64 - 1), ((3, 2**70), 2**70), ([[3], [-2**70]], -2**70),
                         ([3, np.uint64(2**64 - 1)], 2**64 - 1), (2**64 - 1, 2**64 - 1)]:
        with pytest.raises(hr.HandError) as e:
            fn(value, rules)
        assert str(e.value) == f"strength {shown}{tail}"
    ok = np.array([3, top], dtype=np.uint64)
    want = fn(ok.astype(np.int64), rules)
    assert np.array_equal(fn(ok, rules), want)
    assert np.array_equal(fn([3, top], rules), want)
    assert fn(np.uint64(top), rules) == fn(top, rules)


@pytest.mark.parametrize("fn", [hr.category, hr.describe])
def test_strength_type_errors(fn):
    for value, msg in [([0.5], "got dtype float64"), ([1, 2.5], "got dtype float64"),
                       ([True], "got dtype bool"), ([[1], [2, 3]], "of one shape")]:
        with pytest.raises(hr.HandError, match=msg):
            fn(value)


def test_one_validator_says_the_same_everywhere():
    """Every entry point reads cards through handrank.cards._input: the same bad
    card gives the same words wherever it is passed."""
    bad = [51, 50, 60, 48, 47]
    said = "card code 60 at position 2 is out of range 0..53"
    calls = [lambda: hr.evaluate(bad), lambda: hr.to_mask(bad), lambda: hr.format(bad),
             lambda: hr.showdown("draw", [bad, [0, 1, 2, 3, 4]]),
             lambda: hr.equity("draw", [bad, "??"], trials=10, seed=1),
             lambda: hr.evaluate_omaha(bad[:4], [0, 1, 2]),
             lambda: hr.Range("AA").without(bad)]
    for call in calls:
        with pytest.raises(hr.HandError) as e:
            call()
        assert "60" in str(e.value) and "out of range 0..53" in str(e.value), str(e.value)
    with pytest.raises(hr.HandError, match=said):
        hr.showdown("draw", [bad, [0, 1, 2, 3, 4]])
    with pytest.raises(hr.HandError, match=said):
        hr.equity("draw", [bad, "??"], trials=10, seed=1)


def test_batched_showdown_names_the_bad_code_first():
    """A batch of uint8 deals goes to the C loop unscanned; an error still
    names a code out of range anywhere (hands before boards) before the first
    deal with a repeated card, in card_array's words."""
    holes = hr.deal(40, 12, seed=5)
    boards = np.ascontiguousarray(holes[:, 7:12])
    holes = np.ascontiguousarray(holes[:, :6]).reshape(40, 3, 2)
    ok = hr.showdown("holdem", holes, boards)
    assert ok.shape == (40, 3)
    h, b = holes.copy(), boards.copy()
    h[2, 1, 0] = h[2, 0, 0]                              # deal 2: a repeated card
    with pytest.raises(hr.HandError, match=r"^holdem: deal 2: card .* appears twice"):
        hr.showdown("holdem", h, b)
    b[30, 4] = 77
    with pytest.raises(hr.HandError, match=r"board: deal 30: card code 77 at position 4 "
                                           r"is out of range 0\.\.53"):
        hr.game_strengths("holdem", h, b)
    h[35, 2, 1] = 60
    with pytest.raises(hr.HandError, match=r"hands: deal 35: card code 60 at position 1 "
                                           r"is out of range 0\.\.53"):
        hr.showdown("holdem", h, b)


def test_one_row_explainer():
    """Every "what is wrong with this row" of the package is one walk,
    handrank.cards._input.row_fault (issue 22): the first fault by position and,
    at one position, a code out of range, then a joker that is not allowed,
    a card off the deck, a dead card, a repeat.  Each caller words it for its
    context; a repeated card reads the same everywhere."""
    from handrank.cards._input import Fault, row_fault
    assert row_fault([51, 50, 49]) is None
    assert row_fault([51, 99, 52], jokers=0) == Fault("range", 99, 1)
    assert row_fault([51, 52], jokers=0) == Fault("joker", 52, 1)
    assert row_fault([52, 53], jokers=1) == Fault("joker", 53, 1)
    assert row_fault([51, 0], deck=hr.SHORT_DECK, dead=hr.to_mask("2c")) == Fault("deck", 0, 1)
    assert row_fault([51, 50], dead=hr.to_mask("Ah")) == Fault("dead", 50, 1)
    assert row_fault([0, 0], deck=hr.SHORT_DECK) == Fault("deck", 0, 0)   # not a repeat first
    fault = row_fault([51, 47, 51, 51])
    assert fault == Fault("twice", 51, 2, 0) and fault.card == "As"
    said = "card As appears twice (positions 0 and 2)"
    assert fault.text() == said
    hand = "As Kd As Qh Jc"
    calls = [lambda: hr.evaluate(hand), lambda: hr.showdown("draw", [hand, "2c 3c 4c 5c 7d"]),
             lambda: hr.redraw(hand, [True] * 5, seed=1),
             lambda: hr.canonical_index(hand, (2, 3))]
    for call in calls:
        with pytest.raises(hr.HandError) as e:
            call()
        assert said in str(e.value), str(e.value)


def test_mask_array_checks_are_shared_and_keep_each_message():
    """from_mask and evaluate_masks check a mask batch with one function
    (_convert.mask_array), each with its own negative-mask wording."""
    from handrank.cards._convert import mask_array
    neg = np.array([31, 7, -5, -1], dtype=np.int64)
    with pytest.raises(hr.HandError) as e:
        hr.from_mask(neg)
    assert str(e.value) == "mask at row 2 is negative"
    with pytest.raises(hr.HandError) as e:
        hr.evaluate_masks(neg)
    assert str(e.value) == "row 2: mask is negative"
    with pytest.raises(hr.HandError) as e:
        mask_array(neg, "at {row}")
    assert str(e.value) == "at 2"
    for fn in (hr.from_mask, hr.evaluate_masks,
               lambda a: mask_array(np.asarray(a), "{row}")):
        for bad in (np.zeros(3, dtype=np.float32), np.zeros((2, 2), dtype=np.uint64)):
            with pytest.raises(hr.HandError) as e:
                fn(bad)
            assert str(e.value) == (f"masks must be a 1-D integer array; got dtype {bad.dtype}, "
                                    f"shape {bad.shape}")
    got = mask_array(np.array([3, 5], dtype=np.int8), "{row}")
    assert got.dtype == np.uint64 and got.flags.c_contiguous and got.tolist() == [3, 5]
    assert mask_array(np.asarray([]), "{row}").dtype == np.uint64
    assert hr.from_mask([]).shape == (0, 0) and hr.evaluate_masks([]).shape == (0,)
