"""Omaha ranges in ProPokerTools' generic syntax and Omaha percentages
(issue 25, item 2).

Each pattern's hands are checked two ways: their number against a count
from combinatorics, and, hand by hand on samples, against a brute-force
matcher written here from the syntax's definition (every way of placing
the pattern's cards on the hand's cards, variables bound as it goes).
"""
from __future__ import annotations

import random
from itertools import combinations, permutations
from math import comb

import numpy as np
import pytest

import handrank as hr
from handrank.tables import _omaha_preflop
from handrank.ranges import _omaha_syntax

RANKS = "23456789TJQKA"


# ------------------------------------------------------- brute-force matcher
def _cards_of(pattern: str):
    """[(rank spec, suit spec)]: rank spec None, a set of ranks or a
    variable; suit spec None, a suit index or a variable."""
    out, i = [], 0
    while i < len(pattern):
        ch, rank = pattern[i], None
        if ch == "[":
            j = pattern.index("]", i)
            body = pattern[i + 1:j]
            if "-" in body and len(body) == 3:
                a, b = RANKS.index(body[0]), RANKS.index(body[2])
                rank = set(range(min(a, b), max(a, b) + 1))
            elif body.endswith("+"):
                rank = set(range(RANKS.index(body[0]), 13))
            elif body.endswith("-"):
                rank = set(range(0, RANKS.index(body[0]) + 1))
            else:
                rank = {RANKS.index(c) for c in body}
            i = j + 1
        elif ch == "*":
            i += 1
        elif ch in RANKS:
            rank, i = {RANKS.index(ch)}, i + 1
        elif ch.isupper():
            rank, i = ch, i + 1
        suit = None
        if i < len(pattern) and pattern[i] in "cdhswxyz":
            suit = "cdhs".index(pattern[i]) if pattern[i] in "cdhs" else pattern[i]
            i += 1
        out.append((rank, suit))
    return out


def matches(hand: list[int], pattern: str) -> bool:
    cards = _cards_of(pattern)
    named_r = {next(iter(r)) for r, _ in cards if isinstance(r, set) and len(r) == 1}
    named_s = {s for _, s in cards if isinstance(s, int)}
    for placed in permutations(hand, len(cards)):
        rv, sv, ok = {}, {}, True
        for (r, s), c in zip(cards, placed):
            rank, suit = c >> 2, c & 3
            if isinstance(r, set) and rank not in r:
                ok = False
            elif isinstance(r, str):
                if rank in named_r or rv.setdefault(r, rank) != rank:
                    ok = False
            if isinstance(s, int) and suit != s:
                ok = False
            elif isinstance(s, str):
                if suit in named_s or sv.setdefault(s, suit) != suit:
                    ok = False
            if not ok:
                break
        if ok and len(set(rv.values())) == len(rv) and len(set(sv.values())) == len(sv):
            return True
    return False


def _macro(hand: list[int], name: str) -> bool:
    suits = [sum(1 for c in hand if c & 3 == s) for s in range(4)]
    ranks = [c >> 2 for c in hand]
    return {"$ds": suits.count(2) == 2 and max(suits) <= 2,
            "$ss": suits.count(2) == 1 and max(suits) <= 2,
            "$r": max(suits) <= 1,
            "$np": len(set(ranks)) == len(ranks)}[name]


def _keys(rng_obj):
    return {tuple(h) for h in rng_obj.combos.tolist()}


PATTERNS = ["AA", "AAxx", "AxAyxy", "RR", "RRON", "RxRyOxOy",
            "wxy", "sshh",
            "[A-T][A-T][A-T][A-T]", "[T+]*", "[5-]Ks", "AsKs", "A[KQ]J", "K*xx", "****"]


@pytest.mark.parametrize("pattern", PATTERNS)
def test_pattern_against_brute_force(pattern):
    r = hr.Range(pattern, cards=4)
    got = _keys(r)
    rnd = random.Random(hash(pattern) % 1000)
    sample = [tuple(sorted(rnd.sample(range(52), 4), reverse=True)) for _ in range(1500)]
    sample += rnd.sample(sorted(got), min(300, len(got)))
    for hand in sample:
        assert (hand in got) == matches(list(hand), pattern), (pattern, hr.format(list(hand)))


@pytest.mark.parametrize("text, count", [
    ("AA", comb(4, 2) * comb(48, 2) + comb(4, 3) * 48 + 1),
    ("AxAyxy", 6 * 12 * 12),
    ("RR", comb(52, 4) - comb(13, 4) * 4 ** 4),
    ("RRON", 13 * 6 * comb(12, 2) * 16),
    ("$ds", comb(4, 2) * comb(13, 2) ** 2),
    ("$ss", 4 * comb(13, 2) * 3 * 13 * 13),
    ("$r", 13 ** 4),
    ("$np", comb(13, 4) * 4 ** 4),
    ("JJ!JJJ", comb(4, 2) * comb(48, 2)),
    ("KQJT-8765", 6 * 4 ** 4),
    ("[A-T][A-T][A-T][A-T]", comb(20, 4)),
    ("random, !AA", comb(52, 4) - (comb(4, 2) * comb(48, 2) + comb(4, 3) * 48 + 1)),
    ("AA:$ds", 6 * 12 * 12),                        # two aces of two suits, the others suited to them
    ("AA, KK, !AAKK", 2 * 6961 - 36 - 36),         # the union less AAKK (6 x 6), removed
])
def test_pattern_counts(text, count):
    assert len(hr.Range(text, cards=4)) == count


#: An independent reading of the syntax (tests/omaha_syntax_reference.py,
#: written from docs/ranges.rst: a card-by-card search of the deck for the
#: pattern's cards, then every choice of the free cards): the same hands, on
#: patterns it reads in about a second.
REFERENCE_PATTERNS = [("AA:$ds", 4), ("AxAyxy", 4), ("RxRyOxOy", 4), ("[5-]Ks", 4),
                      ("A[KQ]J", 4), ("K*xx", 4), ("sshh", 4), ("RR!RRR:$ss", 4), ("JJJ", 4),
                      ("RRR", 4), ("wxy", 4), ("KQJT-8765:$ds", 4), ("[T+][T+]:$r", 4),
                      ("AA", 5), ("AxAyxy:KK", 5), ("AwKwQx", 5), ("AAA", 5),
                      ("AsAhKsKh", 6), ("RRR", 6), ("AxAyxy", 6)]


@pytest.mark.parametrize("text, k", REFERENCE_PATTERNS)
def test_matcher_agrees_with_the_independent_reference(text, k):
    import omaha_syntax_reference as ref
    assert np.array_equal(_omaha_syntax.pattern_masks(text, k), ref.pattern_masks(text, k))


@pytest.mark.parametrize("text", ["AA:$ds", "RRON", "[A-T][A-T][A-T][A-T]", "KQJT-8765:$ds"])
def test_benchmark_patterns_are_quick(text):
    import time
    _omaha_syntax._sets(4)                           # built once a process (about 0.1 s)
    t0 = time.perf_counter()
    hr.Range(text, cards=4)
    assert time.perf_counter() - t0 < 3.0            # 30-48 s before; about 0.3 s alone


def test_intersections_differences_and_macros_by_brute_force():
    rnd = random.Random(4)
    sample = [sorted(rnd.sample(range(52), 4), reverse=True) for _ in range(3000)]
    sample += [h for h in hr.Range("AA", cards=4).combos.tolist()[::20]]
    aa_ds = _keys(hr.Range("AA:$ds", cards=4))
    jj = _keys(hr.Range("JJ!JJJ", cards=4))
    rr_np = _keys(hr.Range("RR!RRR:$ss", cards=4))
    for h in sample:
        t = tuple(h)
        assert (t in aa_ds) == (matches(h, "AA") and _macro(h, "$ds"))
        assert (t in jj) == (matches(h, "JJ") and not matches(h, "JJJ"))
        # left to right: (RR ! RRR) : $ss
        assert (t in rr_np) == (matches(h, "RR") and not matches(h, "RRR") and _macro(h, "$ss"))


def test_five_and_six_card_patterns():
    assert len(hr.Range("AA", cards=5)) == comb(52, 5) - comb(48, 5) - 4 * comb(48, 4)
    r = hr.Range("AxAyxy:KK", cards=5)
    assert all(matches(h, "AxAyxy") and matches(h, "KK") for h in r.combos.tolist())
    assert len(hr.Range("AsAhKsKh", cards=6)) == comb(48, 2)


def test_weights_and_exact_hands():
    r = hr.Range("0.5(AA), KK:0.3, AA:$ds:0.9, AsKsQsJs", cards=4)
    w = dict(zip(map(tuple, r.combos.tolist()), r.weights.tolist()))
    assert w[tuple(hr.parse("As Ks Qs Js"))] == 1.0
    assert w[tuple(hr.parse("As Ah Ks Kh"))] == 0.9      # largest weight kept
    assert w[tuple(hr.parse("As Ah 7c 2d"))] == 0.5
    assert w[tuple(hr.parse("Ks Kh 7c 2d"))] == 0.3


@pytest.mark.parametrize("text, words", [
    ("AA[A-", "'[' has no ']'"),
    ("A[XY]", "[XY] is not a span"),
    ("AAAAA", "names 5 cards"),
    ("$dz", "not a macro"),
    ("KQJT-876", "same shape"),
    ("Ae", "'e' is not a rank"),
    ("random, !AA", None),
])
def test_pattern_errors(text, words):
    if words is None:
        hr.Range(text, cards=4)
        return
    with pytest.raises(hr.HandError, match=words.replace("[", r"\[").replace("(", r"\(")):
        hr.Range(text, cards=4)


def test_random_six_card_range_keeps_pattern_exclusions_out():
    with pytest.raises(hr.HandError, match="not listed"):
        hr.Range("random, !AA", cards=6)


def test_equity_takes_pattern_ranges():
    r = hr.Range("AxAyxy:KK", cards=4)
    res = hr.equity("omaha", [r, "Qs Qh Js Th"], trials=20_000, seed=3)
    hands = [hr.format(h) for h in r.combos]
    assert sorted(res.by_hand[0]) == sorted(hands)
    # the range's equity is the weighted mean of its hands' equities (Monte Carlo, same seed:
    # compare with a wide margin)
    each = [hr.equity("omaha", [h, "Qs Qh Js Th"], trials=20_000, seed=3).equity[0]
            for h in hands]
    assert abs(res.equity[0] - np.mean(each)) < 0.02


# ------------------------------------------------------- percentages
@pytest.fixture
def small_order():
    """The shipped four-card order (tests/test_omaha_order.py checks the file)."""
    return _omaha_preflop.omaha_order("omaha")


def test_percentages_and_percentile(small_order):
    o = small_order
    assert o.size.sum() == comb(52, 4) and len(o.equity) == 16_432 == hr.canonical_size((4,))
    # classes by key agree with Waugh's canonical index (a renaming of suits)
    every = np.array(list(combinations(range(51, -1, -1), 4)), dtype=np.uint8)
    cls = _omaha_preflop.class_of(every)
    idx = hr.canonical_index(every, rounds=(4,))
    assert len(set(zip(cls.tolist(), idx.tolist()))) == 16_432
    assert np.array_equal(np.bincount(cls, minlength=16_432), o.size)   # sizes by listing
    assert np.all(np.diff(o.equity[o._order]) <= 0)                  # best first
    for p in (0.5, 5, 25):
        r = hr.Range(f"{p}%", cards=4)
        n = len(r)
        assert n >= p / 100 * comb(52, 4) - 1e-6                       # reaches p
        pct = hr.preflop_percentile(r.combos, "omaha")
        assert pct.max() <= 100 * n / comb(52, 4) + 1e-9
        assert np.isclose(pct.max(), 100 * n / comb(52, 4))
        # less one class: below the target
        worst = o._order[len(o.top(p)) - 1]
        # listed from the classes: exactly the hands of the listing, in its order
        sel = o.top(p)
        assert np.array_equal(o.hands(p), every[np.isin(cls, sel)])
        assert 100 * (n - o.size[worst]) / comb(52, 4) < p
    assert len(hr.Range("100%", cards=4)) == comb(52, 4) and hr.Range("100%", cards=4).is_random
    assert len(hr.Range("0%", cards=4)) == 0
    # a hand and its suit renamings stand at the same percentile; batch = single
    a = hr.preflop_percentile("As Ah Ks Kh", "omaha")
    assert a == hr.preflop_percentile("Ad Ac Kd Kc")                  # the single-hand path
    assert a == hr.preflop_percentile([51, 50, 47, 46], "omaha")
    assert a == o.percentile[_omaha_preflop.class_of(hr.parse("Kd Ad Kc Ac")[None, :])[0]]
    with pytest.raises(hr.HandError, match="different cards"):        # not by the fast path
        hr.preflop_percentile("As As Ks Kh")
    batch = hr.preflop_percentile(np.array([hr.parse("As Ah Ks Kh"), hr.parse("7c 2d 9h 3s")]))
    assert batch[0] == a and batch[1] > a
    # equity of a percentage range
    res = hr.equity("omaha", [hr.Range("1%", cards=4), "??"], trials=5_000, seed=1)
    assert res.equity[0] > 0.5


def test_percentile_errors():
    with pytest.raises(hr.HandError, match="game"):
        hr.preflop_percentile("As Ah Ks Kh", "holdem")
    with pytest.raises(hr.HandError, match="omaha hands are 4 cards; got 3"):
        hr.preflop_percentile("As Ah Ks", "omaha")
    with pytest.raises(hr.HandError, match="different cards"):
        hr.preflop_percentile("As As Ks Kh", "omaha")
    with pytest.raises(hr.HandError, match="omaha5 hands are 5 cards; got 4"):
        hr.preflop_percentile("As Ah Ks Kh", "omaha5")


def test_five_card_percentages():
    """The shipped five-card order: its percentage ranges and percentiles
    hang together."""
    o = _omaha_preflop.omaha_order("omaha5")
    assert len(o.equity) == 134_459 == hr.canonical_size((5,)) and o.size.sum() == comb(52, 5)
    r = hr.Range("2%", cards=5)
    assert 0.02 * comb(52, 5) <= len(r) < 0.02 * comb(52, 5) + o.size.max()
    pct = hr.preflop_percentile(r.combos, "omaha5")
    assert pct.max() == pytest.approx(100 * len(r) / comb(52, 5))
    best = o._order[0]                        # the best class: its own share of hands
    hand = _omaha_preflop.representatives(5)[best]
    assert hr.preflop_percentile(hand, "omaha5") == pytest.approx(
        100 * o.size[best] / comb(52, 5))


def test_patterns_too_large_to_list_are_refused(monkeypatch):
    from handrank.ranges import _ranges
    monkeypatch.setattr(_ranges, "LIST_LIMIT", 5_000)
    with pytest.raises(hr.HandError, match=r"matches 87,685 hands, more than a range lists "
                                           r"\(5,000\)"):            # counted, not listed
        hr.Range("RR", cards=4)
    assert len(hr.Range("AxAyxy", cards=4)) == 864          # small ones still list
    assert hr.Range("****", cards=6).is_random               # every hand: random, unlisted
    assert len(hr.Range("AxAyxy, !*", cards=4)) == 0
