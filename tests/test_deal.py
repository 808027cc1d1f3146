"""hr.deal, hr.deal_masks, hr.redraw and hr.Dealer: against a pure-Python twin
of the random streams (exact), against uniformity (chi-square), for
reproducibility on any thread count, and for every error message."""
from __future__ import annotations

import numpy as np
import pytest

import handrank as hr
from handrank import _core
from handrank.cards import _deal

M64 = (1 << 64) - 1
BLOCK = _core.DEAL_BLOCK


# ----------------------------------------------------- the twin reference

def _mix(state: int) -> tuple[int, int]:
    state = (state + 0x9E3779B97F4A7C15) & M64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return state, z ^ (z >> 31)


class RefRng:
    """splitmix64 of block `block`, 16-bit pieces, Lemire's exact bounded draw."""

    def __init__(self, seed: int, tag: int, block: int) -> None:
        s, a = _mix(seed ^ tag)
        _, self.state = _mix(a ^ ((block * 0xD1B54A32D192ED03) & M64))
        self.word, self.left = 0, 0

    def r16(self) -> int:
        if self.left == 0:
            self.state, self.word = _mix(self.state)
            self.left = 4
        v = self.word & 0xFFFF
        self.word >>= 16
        self.left -= 1
        return v

    def below(self, n: int) -> int:
        m = self.r16() * n
        if (m & 0xFFFF) < n:
            t = (65536 - n) % n
            while (m & 0xFFFF) < t:
                m = self.r16() * n
        return m >> 16


DEAL_TAG, REDRAW_TAG = 0x6C8E9CF570932BD5, 0x3C6EF372FE94F82B
BIT = [1 << (16 * (c & 3) + (c >> 2)) for c in range(52)] + [1 << 13, 1 << 29]


def ref_deal(n: int, kt: int, seed: int, deck: list[int]) -> np.ndarray:
    """Rows of a deal: a partial Fisher-Yates shuffle per row, the deck carried
    from row to row within a block and reset at each block."""
    out = np.empty((n, kt), dtype=np.uint8)
    for b in range((n + BLOCK - 1) // BLOCK):
        rng, d = RefRng(seed, DEAL_TAG, b), list(deck)
        for row in range(b * BLOCK, min(n, (b + 1) * BLOCK)):
            for i in range(kt):
                r = i + rng.below(len(d) - i)
                d[i], d[r] = d[r], d[i]
            out[row] = d[:kt]
    return out


def ref_redraw(hands: np.ndarray, discard: np.ndarray, seed: int, live: int) -> np.ndarray:
    """Each discard replaced, in order of position, by the j-th card (in mask bit
    order) of the row's live cards minus the row's own, j uniform."""
    n, k = hands.shape
    out = hands.copy()
    code_of_bit = {b: c for c, b in enumerate(x.bit_length() - 1 for x in BIT)}
    for b in range((n + BLOCK - 1) // BLOCK):
        rng = RefRng(seed, REDRAW_TAG, b)
        for row in range(b * BLOCK, min(n, (b + 1) * BLOCK)):
            used = sum(BIT[c] for c in hands[row])
            left = [bit for bit in range(64) if (live & ~used) >> bit & 1]
            for i in range(k):
                if discard[row, i]:
                    bit = left.pop(rng.below(len(left)))
                    out[row, i] = code_of_bit[bit]
    return out


# ------------------------------------------------------------------ deal

def test_deal_matches_the_twin_reference_exactly():
    deck = list(range(52))
    assert (hr.deal(BLOCK + 300, 7, seed=12345) == ref_deal(BLOCK + 300, 7, 12345, deck)).all()
    live = [c for c in range(52) if c not in (51, 47, 0)]
    got = hr.deal(500, [2, 3], seed=2**64 + 9, dead="As Ks 2c")
    want = ref_deal(500, 5, 9, live)
    assert (got[0] == want[:, :2]).all() and (got[1] == want[:, 2:]).all()
    assert (hr.deal(50, 52, seed=3) == ref_deal(50, 52, 3, deck)).all()   # full shuffles


def test_shape_dtype_layout_and_distinct_cards():
    for k in (1, 2, 5, 7, 9, 26, 52):
        h = hr.deal(3000, k, seed=k)
        assert h.shape == (3000, k) and h.dtype == np.uint8 and h.flags.c_contiguous
        assert h.max() < 52
        s = np.sort(h, axis=1)
        assert (np.diff(s.astype(int), axis=1) > 0).all()
    full = hr.deal(100, 52, seed=1)
    assert (np.sort(full, axis=1) == np.arange(52)).all()
    assert hr.deal(0, 7).shape == (0, 7)
    assert hr.deal(0, [2, 5])[1].shape == (0, 5)


def test_groups_do_not_clash_and_match_one_row():
    h1, h2, board = hr.deal(20000, [2, 2, 5], seed=4)
    assert h1.shape == (20000, 2) and board.shape == (20000, 5)
    assert all(a.flags.c_contiguous and a.dtype == np.uint8 for a in (h1, h2, board))
    row = np.hstack([h1, h2, board])
    assert (np.diff(np.sort(row, axis=1).astype(int), axis=1) > 0).all()
    assert (row == hr.deal(20000, 9, seed=4)).all()   # the groups split one row of 9
    (only,) = hr.deal(10, [7], seed=1)
    assert (only == hr.deal(10, 7, seed=1)).all()


def test_masks_are_the_same_cards():
    m = hr.deal_masks(10000, 7, seed=8)
    assert m.dtype == np.uint64 and m.shape == (10000,)
    assert (m == hr.to_mask(hr.deal(10000, 7, seed=8))).all()
    a, b = hr.deal_masks(5000, [2, 5], seed=8, dead=0b111)
    c, d = hr.deal(5000, [2, 5], seed=8, dead=0b111)
    assert (a == hr.to_mask(c)).all() and (b == hr.to_mask(d)).all() and not (a & b).any()
    j = hr.deal_masks(2000, 53, seed=1, jokers=1)
    assert (j == (hr.STANDARD_DECK.mask | 1 << 13)).all()


def test_dead_cards_never_dealt_in_every_form():
    dead_text = "As Ks Qs Js Ts 2c"
    codes = hr.parse(dead_text)
    a = hr.deal(20000, 7, seed=6, dead=dead_text)
    assert not np.isin(a, codes).any()
    assert (a == hr.deal(20000, 7, seed=6, dead=codes)).all()
    assert (a == hr.deal(20000, 7, seed=6, dead=list(codes))).all()
    assert (a == hr.deal(20000, 7, seed=6, dead=hr.to_mask(dead_text))).all()
    assert (a == hr.deal(20000, 7, seed=6, dead=np.uint64(hr.to_mask(dead_text)))).all()
    assert np.isin(np.arange(52), a).sum() == 46      # every live card is dealt
    left = hr.deal(100, 3, seed=1, dead=list(range(49)))
    assert (np.sort(left, axis=1) == [49, 50, 51]).all()
    assert (hr.deal(5, 7, seed=2, dead="") == hr.deal(5, 7, seed=2)).all()


def test_reproducible_on_any_thread_count_and_slicing():
    n = 5 * BLOCK + 17
    one = hr.deal(n, 7, seed=99, threads=1)
    assert (one == hr.deal(n, 7, seed=99, threads=2)).all()
    assert (one == hr.deal(n, 7, seed=99, threads=64)).all()
    assert (one[:1000] == hr.deal(1000, 7, seed=99)).all()          # a prefix is a deal
    # block by block in separate calls gives the same rows
    out = [np.empty((n, 7), np.uint8)]
    deck = np.arange(52, dtype=np.uint8)
    for b in range(6):
        _core.deal_blocks(deck, 99, b, b + 1, n, out, [7], False, 1)
    assert (out[0] == one).all()
    assert not (one == hr.deal(n, 7, seed=100)).all()
    assert (hr.deal(10, 5, seed=-1) == hr.deal(10, 5, seed=2**64 - 1)).all()
    g = hr.deal(10, 5, seed=np.random.default_rng(3))
    assert (g == hr.deal(10, 5, seed=np.random.default_rng(3))).all()
    assert not (hr.deal(50, 7) == hr.deal(50, 7)).all()               # fresh seeds


def _chi2_ok(counts: np.ndarray, expected: np.ndarray) -> bool:
    """Pearson's statistic within 6 standard deviations of its mean (seeded, so
    a pass is a property of the code, not luck)."""
    stat = ((counts - expected) ** 2 / expected).sum()
    df = counts.size - 1
    return abs(stat - df) < 6 * np.sqrt(2 * df)


def test_uniform_positions_pairs_and_independent_rows():
    n = 400_000
    h = hr.deal(n, 7, seed=2024).astype(np.int64)
    for col in range(7):
        assert _chi2_ok(np.bincount(h[:, col], minlength=52), np.full(52, n / 52))
    pair = np.bincount(h[:, 0] * 52 + h[:, 6], minlength=52 * 52).reshape(52, 52)
    off = ~np.eye(52, dtype=bool)
    assert (pair[~off] == 0).all()
    assert _chi2_ok(pair[off], np.full(52 * 51, n / (52 * 51)))
    # consecutive rows (the deck is carried from row to row) are independent
    nxt = np.bincount(h[:-1, 0] * 52 + h[1:, 0], minlength=52 * 52)
    assert _chi2_ok(nxt, np.full(52 * 52, (n - 1) / 52**2))
    # the first card of a row with 45 live cards
    d = hr.deal(n, 1, seed=5, dead=list(range(7))).ravel()
    assert _chi2_ok(np.bincount(d, minlength=52)[7:], np.full(45, n / 45))


def test_suit_and_rank_patterns_have_their_probabilities():
    n = 300_000
    h = hr.deal(n, 2, seed=11)
    pairs = (h[:, 0] >> 2) == (h[:, 1] >> 2)
    suited = (h[:, 0] & 3) == (h[:, 1] & 3)
    for hits, p in ((pairs.sum(), 3 / 51), (suited.sum(), 12 / 51)):
        assert abs(hits - n * p) < 6 * np.sqrt(n * p * (1 - p))


def test_jokers_in_the_deck():
    h = hr.deal(50000, 5, seed=1, jokers=1)
    assert h.max() == 52 and (h < 53).all()
    assert abs((h == 52).any(axis=1).mean() - 5 / 53) < 0.01
    assert set(np.unique(hr.deal(2000, 54, seed=1, jokers=2)[0])) == set(range(54))
    assert not (hr.deal(1000, 7, seed=1, jokers=2, dead="Jk") == 52).any()


def test_deal_errors_say_what_to_fix():
    cases = [
        (lambda: hr.deal(-1, 7), "n must be in 0.."),
        (lambda: hr.deal(2**41, 7), "n must be in 0.."),
        (lambda: hr.deal(3.0, 7), r"n \(how many rows to deal\) must be an integer"),
        (lambda: hr.deal(True, 7), "must be an integer"),
        (lambda: hr.deal(3, 0), r"k \(cards per row\) must be in 1..52"),
        (lambda: hr.deal(3, 53), "each row needs 53 cards but only 52 are left"),
        (lambda: hr.deal(3, "7"), "k must be the cards per row"),
        (lambda: hr.deal(3, []), "k must be the cards per row"),
        (lambda: hr.deal(3, [2, 0]), r"k\[1\] must be a group size"),
        (lambda: hr.deal(3, [2] * 65), "at most 64 groups"),
        (lambda: hr.deal(3, [2, 2, 5], dead=list(range(45))),
         r"each row needs 9 \(2 \+ 2 \+ 5\) cards but only 7 are left to deal: the "
         r"52-card deck minus 45 dead$"),
        (lambda: hr.deal(3, 7, dead="As Zz"), "dead cards: .*Zz"),
        (lambda: hr.deal(3, 7, dead="As As"), "dead cards: As appears twice"),
        (lambda: hr.deal(3, 7, dead=[60]),
         "dead cards: card code 60 at position 0 is out of range"),
        (lambda: hr.deal(3, 7, dead=[52]), "dead cards: a joker .*pass jokers=1"),
        (lambda: hr.deal(3, 7, dead=1 << 14), "dead mask 0x4000: bit 14 is no card"),
        (lambda: hr.deal(3, 7, dead=1 << 13), "bit 13 is a joker"),
        (lambda: hr.deal(3, 7, dead=-1), "64-bit unsigned"),
        (lambda: hr.deal(3, 7, dead=[[1, 2]]), "dead cards must be text"),
        (lambda: hr.deal(3, 7, dead=1.5), "dead cards must be text"),
        (lambda: hr.deal(3, 7, seed=1.5), "seed must be an integer, a numpy Generator or None"),
        (lambda: hr.deal(3, 7, seed=True), "seed must be"),
        (lambda: hr.deal(3, 7, seed="1"), "seed must be"),
        (lambda: hr.deal(3, 7, jokers=3), "jokers .* must be 0, 1 or 2"),
        (lambda: hr.deal(3, 7, threads=0), "threads must be a positive integer"),
        (lambda: hr.deal_masks(3, 7, threads="2"), "threads must be a positive integer"),
    ]
    for call, message in cases:
        with pytest.raises(hr.HandError, match=message):
            call()


# ------------------------------------------------------------------ redraw

def test_redraw_matches_the_twin_reference_exactly():
    hands = hr.deal(BLOCK + 100, 10, seed=1)
    rng = np.random.default_rng(0)
    discard = rng.random(hands.shape) < 0.4
    dead = hr.to_mask("2c 3c")
    hands = hr.deal(BLOCK + 100, 10, seed=1, dead="2c 3c")
    got = hr.redraw(hands, discard, seed=77, dead="2c 3c")
    assert (got == ref_redraw(hands, discard, 77, hr.STANDARD_DECK.mask & ~dead)).all()


def test_redraw_keeps_kept_cards_and_draws_fresh_ones():
    n = 30000
    hands = hr.deal(n, 10, seed=3, dead="Ah")
    before = hands.copy()
    hands.flags.writeable = False                              # read-only input is fine
    discard = np.random.default_rng(1).random((n, 10)) < 0.5
    new = hr.redraw(hands, discard, seed=5, dead="Ah")
    assert (hands == before).all() and new.dtype == np.uint8 and new.shape == (n, 10)
    assert (new[~discard] == hands[~discard]).all()
    old_masks = hr.to_mask(hands)                               # also checks distinct rows
    new_masks = hr.to_mask(new)
    drawn = new_masks & ~old_masks
    assert (hr.cards._cards._popcount(drawn) == discard.sum(axis=1)).all()  # discards never return
    assert not (new == hr.parse("Ah")[0]).any()
    per_col = hr.redraw(hands, np.array([True] + [False] * 9), seed=5)
    assert (per_col[:, 1:] == hands[:, 1:]).all() and (per_col[:, 0] != hands[:, 0]).all()
    assert (hr.redraw(hands, np.zeros(10, bool)) == hands).all()
    assert (hr.redraw(hands, discard.astype(np.int8), seed=5, dead="Ah") == new).all()


def test_redraw_is_uniform_over_the_rows_deck():
    n = 200_000
    hand = hr.parse("As Ks Qs Js 2c")
    hands = np.tile(hand, (n, 1))
    got = hr.redraw(hands, [False] * 4 + [True], seed=8, dead="3d")[:, 4].astype(np.int64)
    counts = np.bincount(got, minlength=52)
    allowed = np.setdiff1d(np.arange(52), np.append(hand, hr.parse("3d")))
    assert counts[np.setdiff1d(np.arange(52), allowed)].sum() == 0
    assert _chi2_ok(counts[allowed], np.full(len(allowed), n / len(allowed)))
    two = hr.redraw(hands, [True, True, False, False, False], seed=9).astype(np.int64)
    pair = np.bincount(two[:, 0] * 52 + two[:, 1], minlength=52 * 52).reshape(52, 52)
    ok = np.setdiff1d(np.arange(52), hand[2:])
    ok = ok[~np.isin(ok, hand)]
    sub = pair[np.ix_(ok, ok)]
    off = ~np.eye(len(ok), dtype=bool)
    assert pair.sum() == sub[off].sum()
    assert _chi2_ok(sub[off], np.full(off.sum(), n / off.sum()))


def test_redraw_reproducible_and_dead_rows():
    n = 3 * BLOCK + 5
    hands = hr.deal(n, 5, seed=1)
    d = np.tile([True, False, True, False, False], (n, 1))
    a = hr.redraw(hands, d, seed=4, threads=1)
    assert (a == hr.redraw(hands, d, seed=4, threads=2)).all()
    assert not (a == hr.redraw(hands, d, seed=5)).all()
    gone = hr.to_mask(hr.deal(n, 30, seed=2, dead=None))
    gone &= ~hr.to_mask(hands)
    b = hr.redraw(hands, d, seed=4, dead_rows=gone)
    assert not (hr.to_mask(b) & gone).any()
    one = hr.redraw("As Ks Qs Js Ts", [True] * 5, seed=1)
    assert one.shape == (5,) and not np.isin(one, hr.parse("As Ks Qs Js Ts")).any()
    assert (hr.redraw([51, 47], [True, False], seed=1) ==
            hr.redraw(np.array([[51, 47]]), [True, False], seed=1)[0]).all()
    texts = hr.redraw(["As Ks", "2c 2d"], [False, True], seed=1)
    assert texts.shape == (2, 2) and texts[0, 0] == 51


def test_redraw_with_jokers():
    n = 20000
    hands = np.tile(hr.parse("Jk 2c 3c 4c 5c"), (n, 1))
    new = hr.redraw(hands, [False, True, True, True, True], seed=1, jokers=1)
    assert (new[:, 0] == 52).all() and (new[:, 1:] < 52).all()
    new = hr.redraw(np.tile(hr.parse("2c 3c 4c 5c 6c"), (n, 1)), [True] * 5, seed=1, jokers=1)
    assert abs((new == 52).any(axis=1).mean() - 5 / 48) < 0.01


def test_redraw_errors_say_what_to_fix():
    hands = hr.deal(4, 5, seed=1)
    cases = [
        (lambda: hr.redraw(hands, [True] * 4), r"discard has shape \(4,\); the hands need \(5,\)"),
        (lambda: hr.redraw(hands, np.ones((3, 5), bool)), r"\(5,\) for every row or \(4, 5\)"),
        (lambda: hr.redraw(hands, [2, 0, 0, 0, 0]), "discard must be booleans.*other than 0 and 1"),
        (lambda: hr.redraw(hands, ["y"] * 5), "discard must be booleans"),
        (lambda: hr.redraw(np.array([[1, 1, 2]]), [True] * 3), "row 0: card 2d appears twice"),
        (lambda: hr.redraw(np.array([[1, 60]]), [True] * 2), "row 0: card code 60 at position 1"),
        (lambda: hr.redraw(np.array([[1, -1]]), [True] * 2), "card code -1"),
        (lambda: hr.redraw(np.array([[1, 52]]), [True, False]), "row 0: a joker .*jokers=1"),
        (lambda: hr.redraw("As Ks", [True, True], dead="As"), "card As at position 0 is dead"),
        (lambda: hr.redraw(np.array([[1, 2]]), [True, True], dead=list(range(3, 52))),
         "row 0: 2 cards to replace but only 1 left in the deck"),
        (lambda: hr.redraw(hands, [True] * 5, dead_rows=np.zeros(3, np.uint64)),
         r"dead_rows must be \(4,\) integer masks"),
        (lambda: hr.redraw(hands, [True] * 5, dead_rows=np.full(4, 1 << 14, np.uint64)),
         "dead_rows: row 0: .*no card"),
        (lambda: hr.redraw(hands, [True] * 5, dead_rows=np.full(4, -1)), "negative mask"),
        (lambda: hr.redraw(np.zeros((2, 2, 2), int), [True] * 2), "1-D hand or a 2-D"),
        (lambda: hr.redraw(np.zeros((2, 2)), [True] * 2), "integer codes 0..53 or text"),
        (lambda: hr.redraw(hands, [True] * 5, seed=0.5), "seed must be"),
        (lambda: hr.redraw(hands, [True] * 5, threads=-2), "threads must be"),
    ]
    for call, message in cases:
        with pytest.raises(hr.HandError, match=message):
            call()
    assert hr.redraw(np.zeros((0, 5), np.uint8), [True] * 5).shape == (0, 5)


# ------------------------------------------------------------------ Dealer

def test_dealer_seeds_its_calls():
    d = hr.Dealer(seed=21)
    a = d.deal(100, 7)
    assert (a == hr.deal(100, 7, seed=21)).all() and d.calls == 1
    b = d.deal_masks(100, 7)
    c = d.redraw(a, [True] + [False] * 6)
    assert d.calls == 3 and not (hr.to_mask(a) == b).all()
    e = hr.Dealer(seed=21)
    assert (e.deal(100, 7) == a).all() and (e.deal_masks(100, 7) == b).all()
    assert (e.redraw(a, [True] + [False] * 6) == c).all()
    with pytest.raises(hr.HandError):
        e.deal(-1, 7)
    assert e.calls == 3                       # a refused call takes no stream
    assert repr(e) == "Dealer(seed=21, calls=3)"
    f = hr.Dealer()
    assert 0 <= f.seed < 2**64 and (f.deal(20, 7) == hr.deal(20, 7, seed=f.seed)).all()


def test_long_deals_and_draws_return_to_python_between_slices(monkeypatch):
    """Ctrl-C is seen between calls into C: a long loop is several calls, and
    how it is cut changes nothing."""
    n = 40 * BLOCK
    whole = hr.deal(n, 7, seed=1)
    hands = hr.deal(n, 5, seed=2)
    drawn = hr.redraw(hands, [True, False, True, False, False], seed=3)
    calls = []
    for name in ("deal_blocks", "redraw_blocks"):
        real = getattr(_core, name)
        monkeypatch.setattr(_core, name, lambda *a, _r=real, _n=name: calls.append(_n) or _r(*a))
    monkeypatch.setattr(_deal, "_FIRST_DEAL_CARDS", 7 * BLOCK)
    monkeypatch.setattr(_deal, "_FIRST_DRAW_CARDS", 5 * BLOCK)
    assert (hr.deal(n, 7, seed=1) == whole).all()
    assert (hr.redraw(hands, [True, False, True, False, False], seed=3) == drawn).all()
    assert calls.count("deal_blocks") > 2 and calls.count("redraw_blocks") > 2


# ------------------------------------------------------- arbitrary input

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from hypothesis.extra import numpy as hnp  # noqa: E402

ANY_ARRAY = hnp.arrays(dtype=st.one_of(hnp.integer_dtypes(), hnp.unsigned_integer_dtypes(),
                                       hnp.floating_dtypes(), st.just(np.dtype(bool))),
                       shape=hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=8))
ANY_VALUE = st.one_of(st.none(), st.integers(-2**70, 2**70), st.floats(), st.text(max_size=12),
                      st.lists(st.integers(-5, 60), max_size=8), st.booleans(), ANY_ARRAY)
PROPS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPS
@given(n=ANY_VALUE, k=st.one_of(ANY_VALUE, st.lists(st.integers(-2, 60), max_size=4)),
       dead=ANY_VALUE, seed=ANY_VALUE, jokers=st.one_of(st.integers(-1, 3), ANY_VALUE))
def test_arbitrary_deal_arguments_raise_only_handerror(n, k, dead, seed, jokers):
    if isinstance(n, (int, np.integer)) and not isinstance(n, bool) and n > 10_000:
        n = 10_000                                   # valid but large: not a memory test
    for fn in (hr.deal, hr.deal_masks):
        try:
            out = fn(n, k, seed, dead, jokers=jokers)
        except (hr.HandError, TypeError):
            continue
        for a in out if isinstance(out, tuple) else (out,):
            assert len(a) == n


@PROPS
@given(hands=ANY_ARRAY, discard=ANY_ARRAY, dead=ANY_VALUE, dead_rows=ANY_VALUE)
def test_arbitrary_redraw_arguments_raise_only_handerror(hands, discard, dead, dead_rows):
    before = hands.copy()
    try:
        out = hr.redraw(hands, discard, 1, dead, dead_rows=dead_rows)
    except (hr.HandError, TypeError):
        pass
    else:
        assert out.shape == hands.shape
    assert np.array_equal(hands, before, equal_nan=hands.dtype.kind == "f")


def test_deal_from_the_short_deck():
    """deck= deals only the deck's cards: 36 of them for short deck."""
    hands = hr.deal(20_000, 7, seed=5, deck=hr.SHORT_DECK)
    assert (hands >> 2).min() == 4 and len(np.unique(hands)) == 36
    assert (hr.evaluate(hands, "short-deck") >= 0).all()
    m = hr.deal_masks(100, 5, seed=5, deck=hr.SHORT_DECK)
    assert (hr.evaluate_masks(m, "short-deck") >= 0).all()
    with pytest.raises(hr.HandError, match="only 36 are left"):
        hr.deal(3, 37, deck=hr.SHORT_DECK)
    with pytest.raises(hr.HandError, match="deck must be a handrank.Deck"):
        hr.deal(3, 5, deck="short")
