"""hr.parse's one-hand path (issue 37): plain text, rank first or suit
first, is read in C; everything else by the full parser.  Both give the same
codes and the same errors, compared field by field on random, malformed and
suit-first text, and against the batch path (a list of texts)."""
from __future__ import annotations

import random

import numpy as np
import pytest

import handrank as hr
from handrank import _core
from handrank.cards import parse_codes
from handrank.cards._input import as_batch

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def outcome(fn):
    try:
        return ("ok", fn())
    except Exception as e:          # noqa: BLE001 -- compared, type and message
        return ("error", type(e), str(e))


def full(text):
    """The full parser's answer, as hr.parse returns it."""
    return np.array(parse_codes(text), dtype=np.uint8)


def assert_agree(text):
    fast = outcome(lambda: hr.parse(text))
    slow = outcome(lambda: full(text))
    assert fast[0] == slow[0], (text, fast, slow)
    if fast[0] == "ok":
        a, b = fast[1], slow[1]
        assert type(a) is np.ndarray and a.dtype == np.uint8 and a.shape == b.shape, text
        assert a.tolist() == b.tolist(), text
        assert a.flags.writeable and a.flags.c_contiguous
        if len(a):                                   # the batch path reads it the same
            assert as_batch([text])[0].tolist() == a.tolist()
    else:
        assert fast[1:] == slow[1:], text
        batch = outcome(lambda: as_batch([text]))
        assert batch[0] == "error" and batch[2] == f"row 0: {slow[2]}", text
    return fast


def card(rng, suit_first):
    r, s = rng.choice(RANKS), rng.choice(SUITS)
    if r == "T" and rng.random() < 0.3:
        r = "10"
    if rng.random() < 0.5:
        r, s = r.lower(), s.upper()
    return s + r if suit_first else r + s


def hand_text(rng, suit_first):
    cards = [card(rng, suit_first) for _ in range(rng.randint(0, 9))]
    if rng.random() < 0.1:
        cards.insert(rng.randint(0, len(cards)), rng.choice(["Jk", "Jkr", "Xx", "xX"]))
    sep = rng.choice([" ", "", ",", ", ", "\t", "  "])
    return sep.join(cards)


def test_plain_text_is_read_in_c_both_orders():
    rng = random.Random(37)
    for _ in range(3000):
        suit_first = rng.random() < 0.5
        text = hand_text(rng, suit_first)
        assert _core.parse_array(text) is not None, text     # the fast path takes it
        assert assert_agree(text)[0] == "ok"


def test_malformed_text_agrees():
    rng = random.Random(3737)
    alphabet = list(RANKS + SUITS + "xXkK01 ,;♠♥\n?") + ["10", "Jk"]
    for _ in range(5000):
        if rng.random() < 0.5:
            text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        else:                                     # a good hand with one thing broken
            text = list(hand_text(rng, rng.random() < 0.5))
            if text:
                text[rng.randrange(len(text))] = rng.choice(alphabet)
            text = "".join(text)
        assert_agree(text)


@pytest.mark.parametrize("text, bad", [
    ("SA HX", "'HX' at position 3"), ("SA QK", "'QK' at position 3"),
    ("SA H", "'H' at position 3"), ("sa hk d1", "'d1' at position 6"),
    ("As HT", "'HT' at position 3"), ("As Kx", "'Kx' at position 3"),
])
def test_errors_name_the_card_as_written(text, bad):
    with pytest.raises(hr.HandError, match=bad):
        hr.parse(text)
    assert_agree(text)


def test_suit_first_reads_like_rank_first():
    rng = random.Random(7)
    for _ in range(500):
        cards = [RANKS[rng.randrange(13)] + SUITS[rng.randrange(4)] for _ in range(7)]
        flipped = " ".join(c[1] + c[0] for c in cards)
        assert hr.parse(flipped).tolist() == hr.parse(" ".join(cards)).tolist()


def test_a_list_of_card_texts_is_one_hand():
    assert hr.parse(["As", "Kd", "Th"]).tolist() == [51, 45, 34]
    assert hr.parse(("SA", "DK")).tolist() == [51, 45]
    assert hr.parse(["As Kd", "Qh"]).tolist() == [51, 45, 42]
    assert hr.parse(["Jk", "Jk"]).tolist() == [52, 53]        # jokers counted over the hand
    assert hr.parse([]).tolist() == [] and hr.parse([]).dtype == np.uint8
    with pytest.raises(hr.HandError, match=r"item 1 of the list \('HX'\): cannot read card "
                                           r"'HX' at position 3"):
        hr.parse(["SA", "HX"])
    with pytest.raises(hr.HandError, match=r"item 2 of the list \('SA'\)"):
        hr.parse(["As", "Kd", "SA"])                          # mixed orders
    rng = random.Random(5)
    for _ in range(300):
        cards = hand_text(rng, rng.random() < 0.5).split(" ")
        assert hr.parse(cards).tolist() == hr.parse(" ".join(cards)).tolist()


@pytest.mark.parametrize("bad", [None, 5, b"As", ["As", 5], {"As"}])
def test_other_types_are_type_errors(bad):
    with pytest.raises(TypeError):
        hr.parse(bad)


def test_long_text_goes_to_the_full_parser():
    text = " ".join(["As"] * 70)
    assert _core.parse_array(text) is None
    assert hr.parse(text).tolist() == [51] * 70
