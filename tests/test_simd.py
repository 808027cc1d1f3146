"""The batch loops agree: SIMD (AVX2, AVX-512) with scalar (POPCNT, portable).

Each loop this CPU runs evaluates the same rows -- valid hands of every rule
set (flush-heavy ones too), rows with bad codes, repeats, jokers and cards
off the deck, batches of every length around the SIMD group sizes, and
batches that end at an unreadable page (no loop may read past a batch) --
and must give the same strengths, the same -1s and the same first bad row.
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
from handrank._rules import RULE_SETS
from handrank._wild import resolve_wild

from conftest import random_hands, suited_hands

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
