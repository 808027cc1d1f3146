"""The batch loops agree: SIMD (AVX2, AVX-512) with scalar (POPCNT, portable).

Each loop this CPU runs evaluates the same rows -- valid hands of every rule
set (flush-heavy ones too), rows with bad codes, repeats, jokers and cards
off the deck, batches of every length around the SIMD group sizes, and
batches that end at an unreadable page (no loop may read past a batch) --
and must give the same strengths, the same -1s and the same first bad row.
Every registered rule set and wild setting is run through each loop too.

The C fast entry of ``evaluate`` (``_core.evaluate_fast``, taken for a
rule-set name) must give exactly what the general path gives (taken for the
RuleSet object itself): the same values and types for valid input, the same
HandError for invalid input, on every loop and thread count.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import mmap
import sys

import numpy as np
import pytest

import handrank as hr
from handrank import _core
from handrank.rules._rules import RULE_SETS
from handrank.cards._wild import resolve_wild

from conftest import random_hands, suited_hands
from registry import RULES, WILD_RULES, deal, hand_sizes, wilds_for

ISAS = [n for n in _core.ISA_NAMES if _core.ISA_NAMES.index(n) <= _core.ISA_NAMES.index(
    _core.BEST_ISA)]
FAST = [n for n in ISAS if n in ("avx2", "avx512")]


@pytest.fixture
def isa_restored():
    before = _core.isa()
    yield
    _core.set_isa(before)


def run(rs, rows: np.ndarray, isa: str, threads: int = 1, wild=None) -> tuple[np.ndarray, int]:
    """(out, first bad row) of the C loop on rows under loop `isa`."""
    before = _core.set_isa(isa)
    try:
        out = np.full(len(rows), 12345, dtype=np.int16)
        deck = rs.deck.compiled(wild)
        bad = rs.tables.eval_codes(np.ascontiguousarray(rows), out, threads, deck)
        return out, bad
    finally:
        _core.set_isa(before)


def poker_rules(k: int):
    return [rs for rs in RULE_SETS if rs.kind == "poker" and k in rs.hand_sizes]


def deck_codes(rs) -> np.ndarray:
    return np.array([c for c in range(52) if rs.deck.holds(c)], dtype=np.uint8)


def deck_hands(rs, n: int, k: int, seed: int) -> np.ndarray:
    codes = deck_codes(rs)
    idx = random_hands(n, k, seed, deck=len(codes))
    return codes[idx]


def test_the_loops_in_use():
    assert _core.isa() in _core.ISA_NAMES
    assert _core.BEST_ISA in _core.ISA_NAMES
    with pytest.raises(ValueError):
        _core.set_isa("sse9")


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("isa", ISAS)
def test_valid_hands_every_rule_set(k, isa):
    for rs in poker_rules(k):
        rows = np.concatenate([deck_hands(rs, 3000, k, 10 + k),
                               suited_hands(500, k, 20 + k) if rs.deck.size == 52 else
                               deck_hands(rs, 10, k, 1)])
        want, wbad = run(rs, rows, "portable")
        got, gbad = run(rs, rows, isa)
        assert wbad == gbad == -1, rs.name
        np.testing.assert_array_equal(got, want, err_msg=f"{rs.name}, k={k}, {isa}")


def bad_rows(n: int, k: int, seed: int, rs) -> np.ndarray:
    """Rows of every kind of fault, mixed with valid hands."""
    rng = np.random.default_rng(seed)
    rows = deck_hands(rs, n, k, seed)
    kind = rng.integers(0, 6, size=n)
    pos = rng.integers(0, k, size=n)
    other = (pos + rng.integers(1, k, size=n)) % k
    r = np.arange(n)
    rows[r[kind == 1], pos[kind == 1]] = rows[r[kind == 1], other[kind == 1]]   # a repeat
    rows[r[kind == 2], pos[kind == 2]] = rng.integers(52, 256, size=(kind == 2).sum())
    rows[r[kind == 3], pos[kind == 3]] = rng.integers(52, 64, size=(kind == 3).sum())
    junk = kind == 4                                                              # anything
    rows[junk] = rng.integers(0, 256, size=(junk.sum(), k))
    off = [c for c in range(52) if not rs.deck.holds(c)]
    if off:
        five = kind == 5
        rows[r[five], pos[five]] = rng.choice(off, size=five.sum())
    return rows


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("isa", ISAS)
def test_bad_rows_are_found_exactly(k, isa):
    for rs in poker_rules(k):
        rows = bad_rows(4000, k, 30 + k, rs)
        want, wbad = run(rs, rows, "portable")
        got, gbad = run(rs, rows, isa)
        assert gbad == wbad >= 0, rs.name
        np.testing.assert_array_equal(got, want, err_msg=f"{rs.name}, k={k}, {isa}")
        assert (want[:wbad] != -1).all() or rs.qualifier is not None


@pytest.mark.parametrize("isa", ISAS)
def test_first_bad_row_when_alone(isa):
    rs = hr.get_rules("high")
    for k in (5, 6, 7):
        for n in (1, 7, 8, 9, 15, 16, 17, 33, 100):
            for where in sorted({0, n // 2, n - 1}):
                rows = random_hands(n, k, 40 + n)
                rows[where, k - 1] = rows[where, 0]
                out, bad = run(rs, rows, isa)
                assert bad == where
                assert out[where] == -1
                assert (np.delete(out, where) >= 0).all()


@pytest.mark.parametrize("isa", ISAS)
def test_every_length_around_the_group_sizes(isa):
    for rs in (hr.get_rules("high"), hr.get_rules("a5-8"), hr.get_rules("2-7")):
        for k in (5, 6, 7):
            rows = random_hands(70, k, 50 + k)
            full, _ = run(rs, rows, "portable")
            for n in range(0, 70):
                if n == 0:
                    continue
                out, bad = run(rs, rows[:n], isa)
                assert bad == -1
                np.testing.assert_array_equal(out, full[:n])


@pytest.mark.parametrize("isa", FAST)
def test_threads_agree(isa):
    rs = hr.get_rules("high")
    rows = random_hands(100_003, 7, 60)
    one, _ = run(rs, rows, isa, threads=1)
    two, _ = run(rs, rows, isa, threads=2)
    np.testing.assert_array_equal(one, two)


def _guarded(n: int, k: int):
    """An (n, k) uint8 array whose last byte ends a page followed by an
    unreadable page, and the mapping that holds it."""
    page = mmap.PAGESIZE
    size = ((n * k) // page + 2) * page
    buf = mmap.mmap(-1, size, prot=mmap.PROT_READ | mmap.PROT_WRITE)
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    base = ctypes.addressof(ctypes.c_char.from_buffer(buf))
    if libc.mprotect(ctypes.c_void_p(base + size - page), ctypes.c_size_t(page), 0) != 0:
        pytest.skip("mprotect failed")
    arr = np.frombuffer(buf, dtype=np.uint8, count=n * k, offset=size - page - n * k)
    return arr.reshape(n, k), buf


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="mprotect guard page")
@pytest.mark.parametrize("isa", ISAS)
def test_no_loop_reads_past_the_batch(isa):
    rs = hr.get_rules("high")
    for k in (5, 6, 7):
        for n in (1, 3, 8, 9, 16, 17, 31, 200):
            arr, _buf = _guarded(n, k)
            arr[...] = random_hands(n, k, 70 + n)
            want, _ = run(rs, arr, "portable")
            got, bad = run(rs, arr, isa)
            assert bad == -1
            np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("isa", ISAS)
def test_wild_and_long_hands_still_agree(isa):
    """Shapes the SIMD loops leave to the scalar loop: wild cards, 8 or 9 cards."""
    rs = hr.get_rules("high")
    rows = random_hands(2000, 7, 80, deck=53)
    want, _ = run(rs, rows, "portable", wild=resolve_wild("bug"))
    got, _ = run(rs, rows, isa, wild=resolve_wild("bug"))
    np.testing.assert_array_equal(got, want)
    for k in (8, 9):
        rows = random_hands(2000, k, 81)
        np.testing.assert_array_equal(run(rs, rows, isa)[0], run(rs, rows, "portable")[0])


# ------------------------------------------------------------------ registry

#: Positions of bad rows: in the first group, in the middle and at the ends of
#: 8- and 16-hand groups, and in the scalar tail.
BAD_AT = (0, 3, 7, 8, 13, 16, 21, 31, 40, 47, 100, 250, 255)


def with_bad_rows(rows: np.ndarray, seed: int) -> np.ndarray:
    """A copy of rows with one fault of a different kind at each BAD_AT row."""
    rng = np.random.default_rng(seed)
    rows = rows.copy()
    k = rows.shape[1]
    for j, i in enumerate(BAD_AT):
        p = int(rng.integers(0, k))
        kind = j % 4
        if kind == 0 and k > 1:
            rows[i, p] = rows[i, (p + 1) % k]      # a repeat
        elif kind == 1:
            rows[i, p] = 52 + j % 2                # a joker
        elif kind == 2:
            rows[i, p] = 54 + int(rng.integers(0, 202))   # no card
        else:
            rows[i, p] = 255
    return rows


@pytest.mark.parametrize("isa", ISAS)
@pytest.mark.parametrize("rules", RULES)
def test_every_registered_rule_set_and_size(rules, isa):
    rs = hr.get_rules(rules)
    for k in hand_sizes(rules):
        rows = deal(rules, 256, k, 90 + k)
        want, wbad = run(rs, rows, "portable")
        got, gbad = run(rs, rows, isa)
        assert wbad == gbad == -1, (rules, k)
        np.testing.assert_array_equal(got, want, err_msg=f"{rules}, k={k}, {isa}")
        bad = with_bad_rows(rows, 91 + k)
        want, wbad = run(rs, bad, "portable")
        got, gbad = run(rs, bad, isa)
        assert gbad == wbad == BAD_AT[0] or (k == 1 and gbad == wbad), (rules, k)
        np.testing.assert_array_equal(got, want, err_msg=f"{rules}, k={k}, {isa}, bad rows")


@pytest.mark.parametrize("isa", ISAS)
@pytest.mark.parametrize("rules", WILD_RULES)
def test_wild_settings_every_rule_set(rules, isa):
    rs = hr.get_rules(rules)
    rng = np.random.default_rng(95)
    for w in wilds_for(rules):
        ws = resolve_wild(w)
        for k in (5, 7):
            rows = deal(rules, 300, k, 96 + k)
            jok = rng.random(300) < 0.5                  # a joker in half the rows
            rows[jok, rng.integers(0, k, size=jok.sum())] = 52 + rng.integers(0, 2, jok.sum())
            rows[rows[:, 0] == rows[:, 1], 1] = 53 - (rows[rows[:, 0] == rows[:, 1], 0] & 1)
            want, wbad = run(rs, rows, "portable", wild=ws)
            got, gbad = run(rs, rows, isa, wild=ws)
            assert gbad == wbad, (rules, w, k)
            np.testing.assert_array_equal(got, want, err_msg=f"{rules}, {w}, k={k}, {isa}")


@pytest.mark.parametrize("isa", ISAS)
def test_threads_agree_with_bad_rows(isa):
    rs = hr.get_rules("high")
    rows = random_hands(100_003, 7, 61)
    rows[[70_001, 90_000], 2] = rows[[70_001, 90_000], 0]
    one, b1 = run(rs, rows, isa, threads=1)
    two, b2 = run(rs, rows, isa, threads=2)
    assert b1 == b2 == 70_001
    np.testing.assert_array_equal(one, two)


# ------------------------------------------------------- the fast entry point

def outcome(f):
    """('ok', type, value) or ('error', message) of f()."""
    try:
        v = f()
    except hr.HandError as e:
        return ("error", str(e))
    if isinstance(v, np.ndarray):
        return ("ok", type(v), v.dtype, v.shape, v.tolist())
    return ("ok", type(v), int(v))


def same_as_general(hands, rules, **kw):
    """evaluate through the fast entry (a name) and the general path (the
    RuleSet) agree; the fast entry's result."""
    fast = outcome(lambda: hr.evaluate(hands, rules, **kw))
    general = outcome(lambda: hr.evaluate(hands, hr.get_rules(rules), **kw))
    assert fast == general, (rules, kw)
    return fast


def single_inputs(rules: str, seed: int):
    """One hand in every form evaluate takes, valid and not."""
    rs = hr.get_rules(rules)
    k = rs.hand_sizes.stop - 1 if rs.hand_sizes.stop - 1 <= 7 else 7
    row = deal(rules, 1, k, seed)[0]
    text = hr.format(row)
    yield text
    yield row.tolist()
    yield tuple(row.tolist())
    yield row.copy()
    yield row.astype(np.int64)
    yield row[::-1]                                  # not contiguous
    yield text.replace(text[:2], text[-2:], 1)       # a repeated card
    yield row.tolist()[:-1] + [52]                   # a joker without a wild setting
    yield row.tolist()[:-1] + [60]
    yield np.array(row.tolist()[:-1] + [255], dtype=np.uint8)
    yield row.tolist() + [row.tolist()[0]]
    yield row[:1].tolist()
    yield []
    yield "As Ks Qs Js"
    yield "As Ks Qs Js Xx"
    off = [c for c in range(52) if not rs.deck.holds(c)]
    if off:
        yield row.tolist()[:-1] + [off[0]]


@pytest.mark.parametrize("isa", ISAS)
@pytest.mark.parametrize("rules", RULES)
def test_fast_entry_one_hand(rules, isa, isa_restored):
    _core.set_isa(isa)
    for seed in range(3):
        for h in single_inputs(rules, 100 + seed):
            for threads in (None, 1, 2, 0, True, 1.0):
                same_as_general(h, rules, threads=threads)
    for w in wilds_for(rules)[:2]:
        h = deal(rules, 1, 5, 7)[0].tolist()
        got = same_as_general(h[:-1] + [52], rules, wild=w)
        assert (got[0] == "ok") == (rules in WILD_RULES), got


def batch_inputs(rules: str, seed: int):
    rs = hr.get_rules(rules)
    for k in sorted({rs.hand_sizes.start, min(rs.hand_sizes.stop - 1, 7)}):
        for n in (1, 2, 9, 17, 100, _core.GIL_ROWS - 1, _core.GIL_ROWS, 1000):
            rows = deal(rules, n, k, seed + n)
            yield rows
            if n >= 2:
                yield rows[::2]                                  # not contiguous
                yield rows.astype(np.int16)
            if k > 1:
                for i in sorted({0, n // 2, n - 1} & set(BAD_AT + (n // 2, n - 1))):
                    bad = rows.copy()
                    bad[i, k - 1] = bad[i, 0]
                    yield bad
                    bad = rows.copy()
                    bad[i, 0] = 52
                    yield bad
    yield np.zeros((0, 5), dtype=np.uint8)
    yield np.zeros((3, 10), dtype=np.uint8)
    yield np.zeros((2, 3, 5), dtype=np.uint8)
    yield deal(rules, 4, min(rs.hand_sizes.stop - 1, 7), seed).T.copy()


@pytest.mark.parametrize("isa", ISAS)
@pytest.mark.parametrize("rules", RULES)
def test_fast_entry_batches(rules, isa, isa_restored):
    _core.set_isa(isa)
    for rows in batch_inputs(rules, 200):
        for threads in (None, 1, 2):
            same_as_general(rows, rules, threads=threads)
    rows = deal(rules, 50, min(hand_sizes(rules)[-1], 7), 201)
    out = np.empty(50, dtype=np.int16)
    assert same_as_general(rows, rules, out=out)[0] == "ok"


def test_fast_entry_is_taken_only_for_valid_input():
    """The C entry answers the common case itself and leaves the rest (with
    every bad row) to the general path."""
    hr.evaluate("As Ks Qs Js Ts", "high")              # registers "high"
    rows = random_hands(300, 7, 210)
    got = _core.evaluate_fast(rows, "high", None, None, None)
    np.testing.assert_array_equal(got, hr.evaluate(rows, hr.get_rules("high")))
    assert type(_core.evaluate_fast("As Ks Qs Js Ts", "high", None, None, 1)) is type(
        hr.evaluate("As Ks Qs Js Ts"))
    rows[150, 3] = rows[150, 4]
    assert _core.evaluate_fast(rows, "high", None, None, None) is None
    assert _core.evaluate_fast(rows[:150], "high", None, None, 2) is None       # threads=2
    assert _core.evaluate_fast(rows[:150], "high", "bug", None, None) is None   # wild cards
    assert _core.evaluate_fast(rows[:150], "HIGH", None, None, None) is None    # not a name given
    assert _core.evaluate_fast(rows[:150], "high", None, None, None) is not None
    with pytest.raises(hr.HandError, match="row 150: card"):
        hr.evaluate(rows, "high")


# ------------------------------------------------------------------ masks

def run_masks(rs, masks: np.ndarray, isa: str, threads: int = 1,
              wild=None) -> tuple[np.ndarray, int]:
    """(out, first bad row) of the mask loop on `masks` under loop `isa`."""
    before = _core.set_isa(isa)
    try:
        out = np.full(len(masks), 12345, dtype=np.int16)
        deck = rs.deck.compiled(wild)
        bad = rs.tables.eval_masks(np.ascontiguousarray(masks, dtype=np.uint64), out, threads,
                                   deck)
        return out, bad
    finally:
        _core.set_isa(before)


def bad_masks(rs, k: int, rng) -> list[int]:
    """Masks of k-card hands with one fault of each kind: bits that are no
    card (ranks 13..15 of each suit lane: jokers at 13 and 29, the top bits
    61..63), added or in place of a card (k bits in all); too few cards (one
    fewer than the rule set's least; none); more than 9 cards (every card of
    a suit, all 52, all 64 bits); cards off the deck."""
    h = [int(m) for m in hr.to_mask(deck_hands(rs, 9, k, int(rng.integers(1 << 30))))]

    def drop(m: int, n: int) -> int:
        for _ in range(n):
            m &= m - 1
        return m

    out = [h[0] | 1 << 61, h[1] | 1 << 63, h[2] | 1 << 14, h[3] | 1 << 47, h[4] | 1 << 13,
           h[5] | 1 << 29, h[6] | 1 << 31, drop(h[7], k + 1 - rs.hand_sizes.start), 0, (1 << 64) - 1,
           0x1FFF1FFF1FFF1FFF, 0x1FFF << 16, h[8] | 1 << 62 | 1 << 15]
    out += [drop(m, 1) | 1 << b for m, b in zip(h, (13, 14, 15, 29, 30, 31, 45, 61, 63))]
    off = [c for c in range(52) if not rs.deck.holds(c)]
    if off:
        out.append(drop(h[0], 1) | int(hr.to_mask([off[0]])))
    return out


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("isa", ISAS)
def test_masks_valid_hands_every_rule_set(k, isa):
    """The mask loops give what the portable code loop gives, flushes too."""
    for rs in poker_rules(k):
        rows = np.concatenate([deck_hands(rs, 3000, k, 110 + k),
                               suited_hands(500, k, 120 + k) if rs.deck.size == 52 else
                               deck_hands(rs, 10, k, 1)])
        want, wbad = run(rs, rows, "portable")
        got, gbad = run_masks(rs, hr.to_mask(rows), isa)
        assert wbad == gbad == -1, rs.name
        np.testing.assert_array_equal(got, want, err_msg=f"{rs.name}, k={k}, {isa}")


@pytest.mark.parametrize("isa", ISAS)
def test_masks_bad_rows_are_found_exactly(isa):
    """Bad masks anywhere in a batch -- in the vector groups and the tail --
    give -1, the same first bad row and the same values elsewhere as the
    portable loop, and the portable loop agrees with the code loop."""
    rng = np.random.default_rng(130)
    for k in (5, 6, 7):
        for rs in poker_rules(k):
            rows = deck_hands(rs, 260, k, 131 + k)
            masks = hr.to_mask(rows)
            faults = bad_masks(rs, k, rng)
            for start in (0, 3, 8, 17):
                m = masks.copy()
                where = sorted(set(start + 9 * j for j in range(len(faults))) - {0}) + [255]
                for j, i in enumerate(where):
                    m[i] = np.uint64(faults[j % len(faults)])
                want, wbad = run_masks(rs, m, "portable")
                got, gbad = run_masks(rs, m, isa)
                assert gbad == wbad == where[0], (rs.name, k, start)
                np.testing.assert_array_equal(got, want, err_msg=f"{rs.name}, k={k}, {isa}")
                assert (got[where] == -1).all()
                good = np.setdiff1d(np.arange(len(m)), where)
                np.testing.assert_array_equal(got[good], run(rs, rows, "portable")[0][good])


@pytest.mark.parametrize("isa", ISAS)
def test_masks_every_bit_alone_and_every_card(isa):
    """Each single bit added to a valid 6-card hand: a card of the deck makes
    a valid 7-card hand (valued as its codes; a card it holds, the same
    hand), any other bit a bad row."""
    rs = hr.get_rules("high")
    base = int(hr.to_mask("2c 3d 4h 5s 7c 8d"))
    masks = np.array([base | 1 << b for b in range(64)], dtype=np.uint64)
    got, bad = run_masks(rs, masks, isa)
    for b in range(64):
        code = 4 * (b & 15) + (b >> 4)
        if base >> b & 1:
            assert got[b] == hr.evaluate(hr.from_mask(base)), b
        elif b & 15 < 13:
            assert got[b] == hr.evaluate(hr.from_mask(base).tolist() + [code]), b
        else:
            assert got[b] == -1, b
    assert bad == 13
    every = np.array([0x1FFF1FFF1FFF1FFF, 0xFFFFFFFFFFFFFFFF], dtype=np.uint64)
    out, bad = run_masks(rs, every, isa)
    assert bad == 0 and (out == -1).all()


@pytest.mark.parametrize("isa", ISAS)
def test_masks_of_mixed_sizes_agree(isa):
    """Rows of 5..9 cards in one batch, whatever size comes first: the loops
    pick their size from a part's first row and leave the others to the
    scalar check."""
    rng = np.random.default_rng(140)
    rs = hr.get_rules("high")
    rows = {k: random_hands(300, k, 141 + k) for k in range(5, 10)}
    masks = {k: hr.to_mask(r) for k, r in rows.items()}
    want = {k: run(rs, r, "portable")[0] for k, r in rows.items()}
    sizes = rng.integers(5, 10, size=300)
    for first in (5, 6, 7, 8, 9, 4, 52):
        sz = sizes.copy()
        if first in masks:
            sz[0] = first
        m = np.array([masks[s][i] for i, s in enumerate(sz)], dtype=np.uint64)
        w = np.array([want[s][i] for i, s in enumerate(sz)], dtype=np.int16)
        if first == 4:
            m[0] = np.uint64(hr.to_mask("As Ks Qs Js"))
            w[0] = -1
        elif first == 52:
            m[0] = np.uint64(0x1FFF1FFF1FFF1FFF)
            w[0] = -1
        got, bad = run_masks(rs, m, isa)
        assert bad == (0 if first in (4, 52) else -1), first
        np.testing.assert_array_equal(got, w, err_msg=f"first row of {first}, {isa}")


@pytest.mark.parametrize("isa", ISAS)
def test_masks_every_length_around_the_group_sizes(isa):
    for rs in (hr.get_rules("high"), hr.get_rules("a5-8"), hr.get_rules("2-7")):
        for k in (5, 6, 7):
            rows = random_hands(70, k, 150 + k)
            full, _ = run(rs, rows, "portable")
            masks = hr.to_mask(rows)
            for n in range(1, 70):
                out, bad = run_masks(rs, masks[:n], isa)
                assert bad == -1
                np.testing.assert_array_equal(out, full[:n])
                m = masks[:n].copy()
                m[n - 1] |= np.uint64(1 << 62)
                out, bad = run_masks(rs, m, isa)
                assert bad == n - 1 and out[n - 1] == -1
                np.testing.assert_array_equal(out[:n - 1], full[:n - 1])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="mprotect guard page")
@pytest.mark.parametrize("isa", ISAS)
def test_no_mask_loop_reads_past_the_batch(isa):
    rs = hr.get_rules("high")
    for n in (1, 3, 7, 8, 9, 16, 17, 31, 200):
        raw, _buf = _guarded(n, 8)
        arr = raw.reshape(-1).view(np.uint64)
        arr[...] = hr.to_mask(random_hands(n, 7, 160 + n))
        want, _ = run_masks(rs, arr, "portable")
        got, bad = run_masks(rs, arr, isa)
        assert bad == -1
        np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("isa", ISAS)
def test_masks_threads_agree_with_bad_rows(isa):
    rs = hr.get_rules("high")
    masks = hr.to_mask(random_hands(100_003, 7, 170))
    want, _ = run(rs, random_hands(100_003, 7, 170), "portable")
    masks[[70_001, 90_000]] |= np.uint64(1 << 61)
    want[[70_001, 90_000]] = -1
    one, b1 = run_masks(rs, masks, isa, threads=1)
    two, b2 = run_masks(rs, masks, isa, threads=2)
    assert b1 == b2 == 70_001
    np.testing.assert_array_equal(one, want)
    np.testing.assert_array_equal(two, want)


@pytest.mark.parametrize("isa", ISAS)
@pytest.mark.parametrize("rules", RULES)
def test_masks_every_registered_rule_set_and_size(rules, isa):
    """Masks and codes of the same hands agree under every rule set, every
    size it takes and every loop, wild settings too (the scalar loop)."""
    rs = hr.get_rules(rules)
    for k in hand_sizes(rules):
        rows = deal(rules, 256, k, 180 + k)
        want, wbad = run(rs, rows, "portable")
        got, gbad = run_masks(rs, hr.to_mask(rows), isa)
        assert wbad == gbad == -1, (rules, k)
        np.testing.assert_array_equal(got, want, err_msg=f"{rules}, k={k}, {isa}")
    for w in wilds_for(rules)[:2] if rules in WILD_RULES else []:
        ws = resolve_wild(w)
        rows = deal(rules, 256, 5, 190)
        rows[::3, 0] = 52
        want, wbad = run(rs, rows, "portable", wild=ws)
        got, gbad = run_masks(rs, hr.to_mask(rows), isa, wild=ws)
        assert gbad == wbad, (rules, w)
        np.testing.assert_array_equal(got, want, err_msg=f"{rules}, {w}, {isa}")
