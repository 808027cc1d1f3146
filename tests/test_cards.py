"""Cards: parse, format, masks, highest/lowest card."""
from __future__ import annotations

import numpy as np
import pytest

import handrank as hr

from conftest import random_hands


def test_codes_follow_spec():
    assert hr.parse("2c").tolist() == [0]
    assert hr.parse("As").tolist() == [51]
    assert hr.parse("2c 2d 2h 2s 3c").tolist() == [0, 1, 2, 3, 4]
    assert hr.parse("Th 10h").tolist() == [34, 34]
    assert hr.parse("Jk Xx").tolist() == [52, 53]
    assert hr.parse("Jkr").tolist() == [52]
    assert hr.parse("").tolist() == []
    assert hr.parse("As").dtype == np.uint8


def test_every_card_round_trips():
    codes = np.arange(52, dtype=np.uint8)
    text = hr.format(codes)
    assert text.split()[:4] == ["2c", "2d", "2h", "2s"] and text.endswith("As")
    assert np.array_equal(hr.parse(text), codes)
    assert hr.format([51, 45, 34, 28, 3]) == "As Kd Th 9c 2s"
    assert hr.format([52, 53]) == "Jk Jk"
    assert np.array_equal(hr.parse(hr.format([51, 52, 53])), [51, 52, 53])
    assert hr.format(np.array([[0, 1], [50, 51]])) == ["2c 2d", "Ah As"]


def test_masks():
    assert hr.to_mask("2c") == 1
    assert hr.to_mask("As") == 1 << (16 * 3 + 12)
    assert hr.to_mask("Jk") == 1 << 13 and hr.to_mask("Jk Jk") == (1 << 13) | (1 << 29)
    hands = random_hands(1000, 7, seed=3)
    masks = hr.to_mask(hands)
    assert masks.dtype == np.uint64 and masks.shape == (1000,)
    assert np.array_equal(hr.from_mask(masks), np.sort(hands, axis=1))
    for h, m in zip(hands[:50], masks[:50]):
        assert hr.to_mask(h) == int(m)
        assert hr.from_mask(int(m)).tolist() == sorted(h.tolist())
        assert hr.from_mask(m).tolist() == sorted(h.tolist())
    assert np.array_equal(hr.to_mask([hr.format(h) for h in hands[:10]]), masks[:10])


def test_masks_combine_with_bit_operations():
    deal = hr.to_mask("As Ks") | hr.to_mask("Qs Js Ts")
    assert hr.evaluate_masks(deal) == 7461
    dead = hr.to_mask("Ks")
    assert hr.from_mask(deal & ~dead).tolist() == sorted(hr.parse("As Qs Js Ts").tolist())


def test_highest_and_lowest_card():
    assert hr.highest_card("Kd Ks 9h") == hr.parse("Ks")[0]
    assert hr.lowest_card("2h 2c 9s") == hr.parse("2c")[0]
    assert hr.highest_card([0, 51, 7]) == 51
    hands = random_hands(100, 7, seed=1)
    assert np.array_equal(hr.highest_card(hands), hands.max(axis=1))
    assert np.array_equal(hr.lowest_card(hands), hands.min(axis=1))


@pytest.mark.parametrize("text", ["A♠ K♥ Q♦ J♣", "A♤ K♡ Q♢ J♧"])
def test_suit_symbols(text):
    assert hr.format(hr.parse(text)) == "As Kh Qd Jc"
