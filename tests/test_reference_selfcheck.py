"""Self-checks of tests/reference.py against facts that do not depend on handrank.

Poker facts (class and hand counts, SPEC extremes and examples, wild-card
examples) and a literal card-by-card substitution twin for wild cards.
"""

import os
import random
import sys
import time
from collections import Counter
from itertools import combinations, combinations_with_replacement
from math import comb

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference as R  # noqa: E402

P = R.parse_codes
LOW_RULES = ("ace-to-five", "ace-to-five-8", "deuce-to-seven", "ace-to-six")


# ---------------------------------------------------------------- parsing

def test_parse_codes():
    assert P("2c") == [0]
    assert P("As") == [51]
    assert P("As Kd Th 9c 2s") == [51, 45, 34, 28, 3]
    assert P("AsKdTh9c2s") == P("as,kd, th 9C 2S") == [51, 45, 34, 28, 3]
    assert P("10h") == P("Th") == [34]
    assert P("A\u2660 K\u2666 Q\u2665 J\u2663") == P("As Kd Qh Jc")
    assert P("Jk Xx") == [52, 53]
    assert P("Jkr As Jk") == [52, 51, 53]
    for bad in ("Az", "1s", "A", "Jk Jk Jk"):
        with pytest.raises(ValueError):
            P(bad)


def test_canonical():
    for name in R.RULES:
        assert R.canonical(name) == name
    assert R.canonical("a5") == R.canonical("razz") == "ace-to-five"
    assert R.canonical("8-or-better") == R.canonical("a5-8") == "ace-to-five-8"
    assert R.canonical("2-7") == R.canonical("27") == "deuce-to-seven"
    assert R.canonical("a6") == "ace-to-six"
    with pytest.raises(ValueError):
        R.canonical("lowball")


# ---------------------------------------------------------------- class counts

def test_class_counts():
    assert R.n_classes("high") == 7462 + 13
    assert R.n_classes("ace-to-five") == 6175
    assert R.n_classes("ace-to-five-8") == 56
    assert R.n_classes("deuce-to-seven") == 7462
    assert R.n_classes("ace-to-six") == 7462


def test_class_counts_per_category():
    def per_cat(rules):
        return Counter(R.category_of_strength(s, rules) for s in range(R.n_classes(rules)))
    assert per_cat("high") == {
        R.HIGH_CARD: 1277, R.ONE_PAIR: 2860, R.TWO_PAIR: 858, R.THREE_OF_A_KIND: 858,
        R.STRAIGHT: 10, R.FLUSH: 1277, R.FULL_HOUSE: 156, R.FOUR_OF_A_KIND: 156,
        R.STRAIGHT_FLUSH: 9, R.ROYAL_FLUSH: 1, R.FIVE_OF_A_KIND: 13}
    no_wheel = {
        R.HIGH_CARD: 1278, R.ONE_PAIR: 2860, R.TWO_PAIR: 858, R.THREE_OF_A_KIND: 858,
        R.STRAIGHT: 9, R.FLUSH: 1278, R.FULL_HOUSE: 156, R.FOUR_OF_A_KIND: 156}
    assert per_cat("deuce-to-seven") == {**no_wheel, R.STRAIGHT_FLUSH: 8, R.ROYAL_FLUSH: 1}
    assert per_cat("ace-to-six") == {**no_wheel, R.STRAIGHT_FLUSH: 9}
    assert per_cat("ace-to-five") == {
        R.HIGH_CARD: 1287, R.ONE_PAIR: 2860, R.TWO_PAIR: 858, R.THREE_OF_A_KIND: 858,
        R.FULL_HOUSE: 156, R.FOUR_OF_A_KIND: 156}


def test_all_five_card_hands_high():
    """Every one of the 2,598,960 hands under "high" (about 4 s)."""
    f = R._natural_five_strength
    counts = Counter(f(five, "high") for five in combinations(range(52), 5))
    assert sorted(counts) == list(range(7462))  # dense, five of a kind unreachable
    cats = Counter()
    for s, n in counts.items():
        cats[R.category_of_strength(s, "high")] += n
    assert cats == {
        R.HIGH_CARD: 1302540, R.ONE_PAIR: 1098240, R.TWO_PAIR: 123552,
        R.THREE_OF_A_KIND: 54912, R.STRAIGHT: 10200, R.FLUSH: 5108,
        R.FULL_HOUSE: 3744, R.FOUR_OF_A_KIND: 624, R.STRAIGHT_FLUSH: 36,
        R.ROYAL_FLUSH: 4}


def _hand_counts_by_rank_multiset(rules):
    """Per-category hand counts over all 5-card hands, by weighting rank multisets."""
    strengths = Counter()
    for ranks in combinations_with_replacement(range(13), 5):
        mult = Counter(ranks)
        if max(mult.values()) > 4:
            continue
        # one representative hand per suit pattern, weighted by its number of hands
        if len(mult) == 5:
            suited = [4 * r + 0 for r in ranks]
            offsuit = [4 * r + (i % 2) for i, r in enumerate(ranks)]
            strengths[R.strength(suited, rules)] += 4
            strengths[R.strength(offsuit, rules)] += 4 ** 5 - 4
        else:
            hand, used = [], Counter()
            for r in ranks:
                hand.append(4 * r + used[r])
                used[r] += 1
            n = 1
            for c in mult.values():
                n *= comb(4, c)
            strengths[R.strength(hand, rules)] += n
    assert sum(strengths.values()) == 2598960
    return strengths


@pytest.mark.parametrize("rules", ["deuce-to-seven", "ace-to-six", "ace-to-five", "ace-to-five-8"])
def test_hand_counts_low_rules(rules):
    strengths = _hand_counts_by_rank_multiset(rules)
    if rules == "ace-to-five-8":
        assert strengths[-1] == 2598960 - 56 * 1024
        assert len(strengths) == 57
        return
    assert sorted(strengths) == list(range(R.n_classes(rules)))  # dense
    cats = Counter()
    for s, n in strengths.items():
        cats[R.category_of_strength(s, rules)] += n
    base = {R.ONE_PAIR: 1098240, R.TWO_PAIR: 123552, R.THREE_OF_A_KIND: 54912,
            R.FULL_HOUSE: 3744, R.FOUR_OF_A_KIND: 624}
    if rules == "ace-to-five":
        assert cats == {**base, R.HIGH_CARD: 1287 * 1024}
    elif rules == "deuce-to-seven":
        # the wheel is ace-high (1020) and a wheel flush (4) a plain flush
        assert cats == {**base, R.HIGH_CARD: 1303560, R.STRAIGHT: 9180,
                        R.FLUSH: 5112, R.STRAIGHT_FLUSH: 32, R.ROYAL_FLUSH: 4}
    else:
        # A-K-Q-J-T is no straight (1020 more high cards, 4 more flushes);
        # A-2-3-4-5 is (it replaces A-K-Q-J-T), so straight flushes stay 36
        assert cats == {**base, R.HIGH_CARD: 1303560, R.STRAIGHT: 9180,
                        R.FLUSH: 5112, R.STRAIGHT_FLUSH: 36}


# ---------------------------------------------------------------- extremes and walks

def S(text, rules="high", wild=None):
    return R.strength(text, rules, wild)


def test_extremes():
    assert S("7s 5c 4d 3d 2c") == 0
    assert S("As Ks Qs Js Ts") == 7461
    assert S("5s 4c 3d 2d Ac", "a5") == 6174
    assert S("5s 4s 3s 2s As", "a5") == 6174  # flushes and straights ignored
    assert S("Ks Kc Kd Kh Qc", "a5") == 0
    assert S("5s 4c 3d 2d Ac", "a5-8") == 6174
    assert S("8s 7c 6d 5d 4c", "a5-8") == S("8s 7c 6d 5d 4c", "a5") >= 0
    assert S("9s 4c 3d 2d Ac", "a5-8") == -1
    assert S("8s 8c 3d 2d Ac", "a5-8") == -1
    assert S("7s 5c 4d 3d 2c", "2-7") == 7461
    assert S("As Ks Qs Js Ts", "2-7") == 0
    assert S("6s 4c 3d 2d Ac", "a6") == 7461
    assert S("Ks Qs Js Ts 9s", "a6") == 0


def test_ordering_walks():
    # high
    assert S("7s 6c 4d 3d 2c") == 1
    assert S("As Kc Qd Jd 9c") == 1276  # best high card
    assert S("2s 2c 5d 4d 3c") == 1277  # worst pair
    assert S("Ks Qs Js Ts 9s") == 7460
    assert S("6s 5c 4d 3d 2c") == S("5s 4c 3d 2d Ac") + 1  # wheel is the lowest straight
    # deuce-to-seven
    seq = ["7s 5c 4d 3d 2c", "7s 6c 4d 3d 2c", "7s 6c 5d 3d 2c", "7s 6c 5d 4d 2c",
           "8s 5c 4d 3d 2c"]
    assert [S(h, "2-7") for h in seq] == [7461, 7460, 7459, 7458, 7457]
    assert R.category("As 5c 4d 3d 2c", "2-7") == R.HIGH_CARD
    assert S("As 5c 4d 3d 2c", "2-7") < S("Ks Qc Jd Td 8c", "2-7")  # ace is high
    assert S("7s 5s 4s 3s 2s", "2-7") < S("As Ac Kd Qd Jc", "2-7")  # flush counts against
    # ace-to-six
    seq = ["6s 4c 3d 2d Ac", "6s 5c 3d 2d Ac", "6s 5c 4d 2d Ac", "6s 5c 4d 3d Ac",
           "7s 4c 3d 2d Ac"]
    assert [S(h, "a6") for h in seq] == [7461, 7460, 7459, 7458, 7457]
    assert R.category("5s 4c 3d 2d Ac", "a6") == R.STRAIGHT
    assert R.category("As Kc Qd Jd Tc", "a6") == R.HIGH_CARD
    assert R.category("As Ks Qs Js Ts", "a6") == R.FLUSH
    # ace-to-five
    seq = ["5s 4c 3d 2d Ac", "6s 4c 3d 2d Ac", "6s 5c 3d 2d Ac", "6s 5c 4d 2d Ac",
           "6s 5c 4d 3d Ac", "6s 5c 4d 3d 2c", "7s 4c 3d 2d Ac"]
    assert [S(h, "a5") for h in seq] == [6174, 6173, 6172, 6171, 6170, 6169, 6168]
    assert S("Ks Qc Jd 9d 8c", "a5") > S("As Ac 2d 3d 4c", "a5")  # any pair is worse
    assert S("As Ac 2d 3d 4c", "a5") > S("2s 2c Ad 3d 4c", "a5")  # aces are the best pair


def test_five_card_key_agrees_with_strength():
    rng = random.Random(5)
    for rules in R.POKER5:
        deck = R.deck_codes(rules)
        for _ in range(2000):
            a, b = rng.sample(deck, 5), rng.sample(deck, 5)
            ka, kb = R.five_card_key(a, rules), R.five_card_key(b, rules)
            sa, sb = S(a, rules), S(b, rules)
            assert (ka < kb) == (sa < sb) and (ka == kb) == (sa == sb)


def test_best_five_of_seven():
    assert S("As Ks Qs Js Ts 2c 3d") == 7461
    assert R.describe("Ah Ad Ac Kd Ks Kc 2h") == "Full house, aces over kings"
    assert R.describe("9h 8h 7h 6h 5h 4h 3h") == "Nine-high straight flush"
    assert R.describe("Kc Qc 9c 8d 7d 5s 4h 3c 2c", "a5") == "Seven-five low"
    assert R.describe("As 2c 3d 4h 5s 6c 7d", "2-7") == "Seven-five low"
    assert R.describe("As 2c 3d 4h 5s Kc Kd", "a6") == "King-four low"  # not the wheel
    assert S("As 2c 3d 4h 5s 9c 9d", "a6") == S("9s 4c 3d 2d Ac", "a6")
    assert S("Ks Kc Qd Qh Jc Jd 9s", "a5-8") == -1


def test_speed_20000_seven_card_hands():
    rng = random.Random(11)
    hands = [rng.sample(range(52), 7) for _ in range(20000)]
    t = time.perf_counter()
    for h in hands:
        R.strength(h)
    assert time.perf_counter() - t < 20


# ---------------------------------------------------------------- describe

@pytest.mark.parametrize("text,rules,wild,name", [
    ("As Ac Ad Ah Jk", "high", "bug", "Five of a kind, aces"),
    ("As Ks Qs Js Ts", "high", None, "Royal flush"),
    ("Qh Jh Th 9h 8h", "high", None, "Queen-high straight flush"),
    ("5h 4h 3h 2h Ah", "high", None, "Five-high straight flush"),
    ("9c 9d 9h 9s 2c", "high", None, "Four of a kind, nines"),
    ("3c 3d 3h 6s 6c", "high", None, "Full house, threes over sixes"),
    ("Kd Td 7d 4d 2d", "high", None, "King-high flush"),
    ("7c 6d 5h 4s 3c", "high", None, "Seven-high straight"),
    ("5c 4d 3h 2s Ac", "high", None, "Five-high straight"),
    ("Ac Kd Qh Js Tc", "high", None, "Ace-high straight"),
    ("2c 2d 2h Ks 9c", "high", None, "Three of a kind, twos"),
    ("Jc Jd 4h 4s 9c", "high", None, "Two pair, jacks over fours"),
    ("4c 4d Kh 9s 2c", "high", None, "One pair, fours"),
    ("Kc Td 7h 4s 2c", "high", None, "King-high"),
    ("7s 5c 4d 3d 2c", "deuce-to-seven", None, "Seven-five low"),
    ("As 5c 4d 3d 2c", "deuce-to-seven", None, "Ace-five low"),
    ("9c 8d 7h 6s 5c", "deuce-to-seven", None, "Nine-high straight"),
    ("7d 5d 4d 3d 2d", "deuce-to-seven", None, "Seven-high flush"),
    ("As Ks Qs Js Ts", "deuce-to-seven", None, "Royal flush"),
    ("4c 4d 9h 8s 2c", "deuce-to-seven", None, "One pair, fours"),
    ("5s 4c 3d 2d Ac", "ace-to-five", None, "Five-four low"),
    ("7d 5d 4d 3d 2d", "ace-to-five", None, "Seven-five low"),
    ("4c 4d 9h 8s 2c", "ace-to-five", None, "One pair, fours"),
    ("Ah Ad Kc Ks 2c", "ace-to-five", None, "Two pair, kings over aces"),
    ("Kc Kd Kh Ks Qc", "ace-to-five", None, "Four of a kind, kings"),
    ("5s 4c 3d 2d Ac", "ace-to-five-8", None, "Five-four low"),
    ("8s 7c 6d 5d 4c", "ace-to-five-8", None, "Eight-seven low"),
    ("9s 4c 3d 2d Ac", "ace-to-five-8", None, "No low"),
    ("6s 4c 3d 2d Ac", "ace-to-six", None, "Six-four low"),
    ("5s 4c 3d 2d Ac", "ace-to-six", None, "Five-high straight"),
    ("Ks Qs Js Ts 9s", "ace-to-six", None, "King-high straight flush"),
    ("As Ks Qs Js Ts", "ace-to-six", None, "King-high flush"),
])
def test_describe(text, rules, wild, name):
    assert R.describe(text, rules, wild) == name


def test_category_none_for_no_low():
    assert R.category("9s 4c 3d 2d Ac", "a5-8") is None
    assert R.category("5s 4c 3d 2d Ac", "a5-8") == R.HIGH_CARD
    assert R.category_of_strength(7474) == R.FIVE_OF_A_KIND
    assert R.category_of_strength(7461) == R.ROYAL_FLUSH


# ---------------------------------------------------------------- wild cards

def test_jokers_need_wild_setting():
    with pytest.raises(ValueError):
        S("As Ks Qs Js Jk")
    with pytest.raises(ValueError):
        S("As Ks Qs Js 2c 2c")


def test_spec_wild_examples():
    assert S("As Ac Ad Ah Jk", wild="bug") == 7474
    assert R.category("Ks Kc Jk Xx 7d", wild="bug") == R.TWO_PAIR
    assert R.describe("Ks Kc Jk Xx 7d", wild="bug") == "Two pair, aces over kings"
    assert S("Ks Kc Jk Xx 7d", wild="bug") == S("Ks Kc As Ad 7d")
    deuces = [0, 1, 2, 3]
    assert R.describe("As 2s 3s 4s 5s", wild=deuces) == "Five-high straight flush"
    assert R.describe("As 2s 3s 4s 5s", wild="2") == "Five-high straight flush"
    assert S("As Ks Qs Js Jk", wild="jokers") == 7461
    assert S("As Ks Qs Js Jk", wild=deuces) == 7461  # jokers wild with any designation


def test_bug_high():
    assert R.describe("Kc Kd Kh Ks Jk", wild="bug") == "Four of a kind, kings"
    assert S("Kc Kd Kh Ks Jk", wild="bug") == S("Kc Kd Kh Ks Ac")
    assert S("Ah 9h 7h 4h Jk", wild="bug") == S("Ah Kh 9h 7h 4h")  # flush: bug is the king
    assert R.describe("9c Tc Jd Qh Jk", wild="bug") == "King-high straight"
    assert R.describe("2c 3c 4d 5h Jk", wild="bug") == "Six-high straight"
    assert R.describe("Kh Qh Jh Th Jk", wild="bug") == "Royal flush"
    assert R.describe("Kh Qh Jh 9h Jk", wild="bug") == "King-high straight flush"
    assert R.describe("Kh Kd 9c 4s Jk", wild="bug") == "One pair, kings"
    assert S("Kh Kd 9c 4s Jk", wild="bug") == S("Kh Kd Ac 9c 4s")
    assert R.describe("Ac Ad Kc Jk Xx", wild="bug") == "Four of a kind, aces"
    assert R.describe("Ac Ad Ah Jk Xx", wild="bug") == "Five of a kind, aces"
    assert R.describe("7c 2d 9h Jk Xx", wild="bug") == "One pair, aces"  # both bugs aces
    assert R.describe("7c 8d 9h Jk Xx", wild="bug") == "Jack-high straight"


def test_fully_wild_high():
    assert R.describe("Kc Kd Kh Ks Jk", wild="jokers") == "Five of a kind, kings"
    assert S("Kc Kd Kh Ks Jk", wild="jokers") == 7473
    assert S("2c 2d 2h 2s As", wild="2") == 7474
    assert S("2c 2d 2h 2s 3s", wild="2") == 7462 + 1  # five threes
    assert S("As Ah 2c 2d Jk", wild="2") == 7474
    one_eyed = P("Js Jh")
    assert S("Js Jh Ac Kc Qc", wild=one_eyed) == 7461
    assert S("Js Jh Ac Kc Qc", wild="Js Jh") == 7461
    # a natural jack is not wild
    assert R.describe("Jc Jd Ac Kc Qc", wild=one_eyed) == "One pair, jacks"


def test_wild_low_rules():
    assert S("Jk 2c 3d 4h 5s", "a5", "bug") == 6174
    assert S("Jk Xx 2c 3d 4h", "a5", "jokers") == 6174
    assert S("2c 2d 2h 2s Jk", "a5", "bug") == S("2c 2d 2h 2s Ac", "a5")  # no five of a kind
    assert S("Jk 9c Tc Jd Qd", "a5-8", "bug") == -1
    assert S("Jk 2c 3d 4h 8s", "a5-8", "bug") == S("Ac 2c 3d 4h 8s", "a5-8")
    # "best card for the low", not blindly "lowest rank not in the hand":
    assert R.describe("6c 5d 4h 3s Jk", "2-7", "bug") == "Eight-six low"
    assert R.describe("7c 5d 4h 3s Jk", "2-7", "bug") == "Seven-five low"
    assert R.describe("5c 4d 3h 2s Jk", "a6", "bug") == "Seven-five low"
    assert R.describe("6c 4d 3h 2s Jk", "a6", "bug") == "Six-four low"
    # a wild never makes a flush or straight against you when it can avoid it
    assert S("7h 5h 4h 3h Jk", "2-7", "jokers") == 7461
    # five wild-ish cards: 2s wild plus two jokers, all five wild
    assert S("2c 2d 2h Jk Xx", "2-7", "2") == 7461
    assert S("2c 2d 2h Jk Xx", "a6", "2") == 7461
    assert S("2c 2d 2h Jk Xx", "a5", "2") == 6174
    assert S("2c 2d 2h Jk Xx", "high", "2") == 7474


def _random_wild_hand(rng, n_cards, n_wild, wild_pool, deck):
    wild = rng.sample(wild_pool, n_wild)
    nat = rng.sample([c for c in deck if c not in wild_pool], n_cards - n_wild)
    return nat + wild


@pytest.mark.parametrize("rules", R.POKER5)
@pytest.mark.parametrize("wild", ["bug", "jokers", "deuces"])
def test_wild_enumeration_matches_literal_substitution(rules, wild):
    """The rank-level wild enumeration equals card-by-card substitution."""
    rng = random.Random("%s/%s" % (rules, wild))
    ranks = R.deck_ranks(rules)
    low = ranks[0]                      # the deck's lowest rank plays the deuces' part
    if wild == "deuces":
        setting = [4 * low + s for s in range(4)]
        pool = setting + [52, 53]
    else:
        setting = wild
        pool = [52, 53]
    # a narrow deck makes straights, flushes and pairs common: the ace, the
    # lowest five ranks and the top four
    narrow_ranks = sorted({12} | set(ranks[:5]) | set(ranks[-5:]))
    narrow = [4 * r + s for r in narrow_ranks for s in (2, 3)]
    full = R.deck_codes(rules)
    cases = []
    for _ in range(25):
        deck = narrow if rng.random() < 0.7 else full
        cases.append(_random_wild_hand(rng, 5, rng.choice((1, 1, 2)), pool, deck))
    for _ in range(3):
        cases.append(_random_wild_hand(rng, 6, 1, pool, narrow))
    for hand in cases:
        assert R.strength(hand, rules, setting) == \
            R.strength_by_substitution(hand, rules, setting), (hand, rules, wild)


def test_wild_never_worse_than_natural_replacement():
    """A wild card is at least as good as any natural card it could stand for."""
    rng = random.Random(3)
    for rules in R.POKER5:
        deck = R.deck_codes(rules)
        for _ in range(150):
            nat = rng.sample(deck, 4)
            with_joker = R.strength(nat + [52], rules, "jokers")
            for c in deck:
                if c not in nat:
                    assert with_joker >= R.strength(nat + [c], rules)


# ---------------------------------------------------------------- omaha

def test_omaha():
    # holdem would be a straight flush; omaha must use exactly two hole cards
    assert R.describe("As 2c 3d 4h 9s 8s 7s 6s 5s") == "Nine-high straight flush"
    assert R.omaha_strength("As 2c 3d 4h", "9s 8s 7s 6s 5s") == S("3d 4h 5s 6s 7s")
    assert R.omaha_strength("As 2c 3d 4h", "Ks Qs Js Ts 9s") == S("As 4h Ks Qs Js")
    assert R.omaha_strength("As Ks 2c 3d", "Qs Js Ts 9h 8h") == 7461
    # four to a flush on the board and one suited hole card is no flush
    assert R.category_of_strength(R.omaha_strength("Ah 2c 3d 7c", "Kh Qh 9h 5h 4s")) \
        == R.HIGH_CARD
    assert R.omaha_strength("Ac 2d Kh Kd", "3c 4d 5h Qs Js", "a5-8") == 6174
    assert R.omaha_strength("Ac Kd Kh Qd", "3c 4d 5h Qs Js", "a5-8") == -1
    assert R.omaha_strength("Ac 2d Kh Kd", "9c Td Jh Qs Js", "a5-8") == -1


def test_omaha_matches_brute_force():
    rng = random.Random(9)
    for rules in R.POKER5:
        for _ in range(50):
            cards = rng.sample(R.deck_codes(rules), 9)
            hole, board = cards[:4], cards[4:]
            expect = max(S(list(h) + list(b), rules)
                         for h in combinations(hole, 2) for b in combinations(board, 3))
            assert R.omaha_strength(hole, board, rules) == expect
