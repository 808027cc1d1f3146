"""Short deck, three-card poker and badugi: exhaustive counts worked out here
by hand from each game's definition, and the cases players know."""
from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

import numpy as np
import pytest

import handrank as hr

C = hr.Category


def every_hand(rules: str) -> np.ndarray:
    rs = hr.get_rules(rules)
    return np.fromiter(combinations(rs.deck.codes, rs.cards), dtype=np.dtype((np.uint8, (rs.cards,))))


def short_deck_counts() -> dict:
    """The 376,992 five-card hands of the 36-card deck, by category, counted
    combinatorially: 9 ranks, 4 suits, 6 straights (A-6-7-8-9 up to T-J-Q-K-A)."""
    straights, suited = 6, 4
    return {
        C.ROYAL_FLUSH: 4,
        C.STRAIGHT_FLUSH: straights * suited - 4,
        C.FOUR_OF_A_KIND: 9 * 8 * 4,
        C.FULL_HOUSE: 9 * comb(4, 3) * 8 * comb(4, 2),
        C.FLUSH: (comb(9, 5) - straights) * 4,
        C.STRAIGHT: straights * (4 ** 5 - 4),
        C.THREE_OF_A_KIND: 9 * comb(4, 3) * comb(8, 2) * 4 ** 2,
        C.TWO_PAIR: comb(9, 2) * comb(4, 2) ** 2 * 7 * 4,
        C.ONE_PAIR: 9 * comb(4, 2) * comb(8, 3) * 4 ** 3,
        C.HIGH_CARD: (comb(9, 5) - straights) * (4 ** 5 - 4),
    }


@pytest.mark.parametrize("rules", ["short-deck", "short-deck-trips"])
def test_short_deck_exhaustive_category_counts(rules):
    hands = every_hand(rules)
    assert len(hands) == comb(36, 5) == 376_992
    cats = Counter(hr.category(hr.evaluate(hands, rules), rules).tolist())
    want = short_deck_counts()
    assert sum(want.values()) == 376_992
    assert {C(k): v for k, v in cats.items()} == want
    # distinct classes: 120 + 504 + 252 + 252 + 6 + 72 + 120 + 72 + 5 + 1
    assert len(np.unique(hr.evaluate(hands, rules))) == 1404


def test_short_deck_order():
    sd = "short-deck"
    flush, full = hr.evaluate("Ah Jh 9h 8h 6h", sd), hr.evaluate("Kc Kd Ks 6c 6d", sd)
    assert flush > full                                     # a flush beats a full house
    assert hr.evaluate("As 6d 7c 8h 9s", sd) < hr.evaluate("6s 7d 8c 9h Ts", sd)
    assert hr.describe(hr.evaluate("As 6d 7c 8h 9s", sd), sd) == "Nine-high straight"
    trips, straight = hr.evaluate("9c 9d 9s Ac Kd", sd), hr.evaluate("Tc Jd Qs Kc Ad", sd)
    assert straight > trips
    assert hr.evaluate("9c 9d 9s Ac Kd", "short-deck-trips") > \
        hr.evaluate("Tc Jd Qs Kc Ad", "short-deck-trips")
    assert hr.evaluate("As Ks Qs Js Ts", sd) == hr.get_rules(sd).nclasses - 1 - 9
    with pytest.raises(hr.HandError, match=r"card 5h is not in the short deck \(6 to A\)"):
        hr.evaluate("As Ks Qs Js 5h", sd)
    with pytest.raises(hr.HandError, match=r"row 1: card 2c is not in the short deck"):
        hr.evaluate(np.array([hr.parse("As Ks Qs Js Ts"), hr.parse("As Ks Qs Js 2c")]), sd)


def test_three_card_exhaustive_category_counts():
    hands = every_hand("three-card")
    assert len(hands) == 22_100
    cats = Counter(hr.category(hr.evaluate(hands, "three-card"), "three-card").tolist())
    want = {C.STRAIGHT_FLUSH: 12 * 4, C.THREE_OF_A_KIND: 13 * 4,
            C.STRAIGHT: 12 * (4 ** 3 - 4), C.FLUSH: (comb(13, 3) - 12) * 4,
            C.ONE_PAIR: 13 * comb(4, 2) * 12 * 4,
            C.HIGH_CARD: (comb(13, 3) - 12) * (4 ** 3 - 4)}
    assert {C(k): v for k, v in cats.items()} == want
    assert want[C.STRAIGHT] == 720 and want[C.FLUSH] == 1096 and want[C.HIGH_CARD] == 16_440
    assert len(np.unique(hr.evaluate(hands, "three-card"))) == 12 + 13 + 12 + 274 + 156 + 274


def test_three_card_order():
    tc = "three-card"
    assert hr.evaluate("2c 3d 4h", tc) > hr.evaluate("Ac Kc 9c", tc)   # straight over flush
    sf, trips, straight = (hr.evaluate(h, tc) for h in ("Qd Kd Ad", "2c 2d 2h", "Ad Kc Qh"))
    assert sf == 740 > trips > straight                       # the best hand is A-K-Q suited
    assert hr.describe(hr.evaluate("Ah 2d 3c", tc), tc) == "Three-high straight"
    assert hr.describe(hr.evaluate("Ah Kh Qh", tc), tc) == "Ace-high straight flush"
    assert list(hr.best_five("Ah Kh Qh", tc)) == hr.parse("Ah Kh Qh").tolist()
    with pytest.raises(hr.HandError, match="exactly 3 cards under three-card rules; got 5"):
        hr.evaluate("As Ks Qs Js Ts", tc)


def badugi_sizes(hands: np.ndarray) -> Counter:
    """The size of each hand's badugi, worked out directly: the largest set of
    cards with distinct ranks and distinct suits."""
    out = Counter()
    for h in hands.tolist():
        best = 1
        for size in (4, 3, 2):
            if any(len({c >> 2 for c in s}) == size and len({c & 3 for c in s}) == size
                   for s in combinations(h, size)):
                best = size
                break
        out[best] += 1
    return out


def test_badugi_exhaustive():
    hands = every_hand("badugi")
    assert len(hands) == 270_725
    s = hr.evaluate(hands, "badugi")
    assert np.unique(s).tolist() == list(range(1092))     # 13 + 78 + 286 + 715 classes
    names = hr.describe(s, "badugi")
    sizes = Counter(int(n[0]) for n in names)
    assert sizes == badugi_sizes(hands)
    assert sizes[4] == comb(13, 4) * 24 == 17_160
    # more cards beat fewer, whatever the ranks
    four = s[[n.startswith("4") for n in names]]
    three = s[[n.startswith("3") for n in names]]
    assert four.min() > three.max()


def test_badugi_cases():
    b = "badugi"
    assert hr.describe(hr.evaluate("Ah 2d 3c 4s", b), b) == "4-card badugi, 4-3-2-A"
    assert hr.evaluate("Ah 2d 3c 4s", b) == 1091
    assert hr.describe(hr.evaluate("Ah 2h 3c 4s", b), b) == "3-card badugi, 4-3-A"
    assert hr.describe(hr.evaluate("Kc Kd Kh Ks", b), b) == "1-card badugi, K"
    assert hr.evaluate("Kc Kd Kh Ks", b) == 0
    assert hr.evaluate("Kc Qd Jh Ts", b) > hr.evaluate("Ac 2c 3d 4d", b)   # 4 cards beat 2
    assert hr.evaluate("5c 4d 3h 2s", b) > hr.evaluate("6c 4d 3h 2s", b)
    assert hr.evaluate("6c 4d 3h As", b) > hr.evaluate("6c 5d 3h 2s", b)
    # more cards: the best badugi of any four of them (tests/test_halves.py checks 4..9)
    assert hr.evaluate("As Ks Qs Js Ts", b) == hr.evaluate("As Ks Qs Js", b)
    with pytest.raises(hr.HandError, match="4 to 9 cards under badugi rules; got 3"):
        hr.evaluate("As Ks Qs", b)
    assert hr.best_five("Ah 2d 3c 4s", b) == tuple(hr.parse("4s 3c 2d Ah").tolist())


@pytest.mark.parametrize("rules", ["short-deck", "short-deck-trips", "three-card", "badugi"])
def test_new_rule_sets_in_every_entry_point(rules):
    rs = hr.get_rules(rules)
    rng = np.random.default_rng(3)
    codes = np.array(rs.deck.codes, dtype=np.uint8)
    hands = codes[np.argsort(rng.random((2000, len(codes))), axis=1)[:, :rs.cards]]
    s = hr.evaluate(hands, rules)
    assert np.array_equal(hr.evaluate_masks(hr.to_mask(hands), rules), s)
    assert [hr.evaluate(h.tolist(), rules) for h in hands[:50]] == s[:50].tolist()
    assert [hr.evaluate(hr.format(h), rules) for h in hands[:50]] == s[:50].tolist()
    assert np.array_equal(hr.evaluate(hands, rules, threads=2), s)
