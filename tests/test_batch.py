"""Batch evaluation: dtypes, layouts, out=, threads=, input forms; inputs untouched."""
from __future__ import annotations

import sys

import numpy as np
import pytest

import handrank as hr

from conftest import assert_interrupts, random_hands

HANDS = random_hands(50_000, 7, seed=5)
EXPECTED = hr.evaluate(HANDS, threads=1)


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.uint16, np.int16, np.uint32,
                                   np.int32, np.uint64, np.int64])
def test_every_integer_dtype(dtype):
    arr = HANDS.astype(dtype)
    before = arr.copy()
    assert np.array_equal(hr.evaluate(arr), EXPECTED)
    assert np.array_equal(arr, before)


@pytest.mark.parametrize("layout", ["fortran", "strided_rows", "strided_cols", "reversed",
                                    "readonly"])
def test_every_layout(layout):
    if layout == "fortran":
        arr, want = np.asfortranarray(HANDS), EXPECTED
    elif layout == "strided_rows":
        arr, want = HANDS[::3], EXPECTED[::3]
    elif layout == "strided_cols":
        wide = np.zeros((len(HANDS), 14), dtype=np.uint8)
        wide[:, ::2] = HANDS
        arr, want = wide[:, ::2], EXPECTED
    elif layout == "reversed":
        arr, want = HANDS[::-1], EXPECTED[::-1]
    else:
        arr = HANDS.copy()
        arr.flags.writeable = False
        want = EXPECTED
    assert np.array_equal(hr.evaluate(arr), want)


@pytest.mark.parametrize("threads", [1, 2, 3, None])
def test_threads_give_identical_results(threads):
    big = random_hands(300_000, 7, seed=9)
    assert np.array_equal(hr.evaluate(big, threads=threads), hr.evaluate(big, threads=1))
    masks = hr.to_mask(big)
    assert np.array_equal(hr.evaluate_masks(masks, threads=threads),
                          hr.evaluate(big, threads=1))


@pytest.mark.parametrize("threads", [100_000, 2**31, 2**63, 2**70, np.int64(5), np.uint64(2**64 - 1),
                                     np.int32(1)])
def test_more_threads_than_cores_are_capped(threads):
    """threads= is how many cores a batch may use; more than the machine has is
    capped (100_000 used to crash OpenMP, 2**31 raised OverflowError)."""
    big = random_hands(100_000, 7, seed=19)
    want = hr.evaluate(big, threads=1)
    assert np.array_equal(hr.evaluate(big, threads=threads), want)
    assert np.array_equal(hr.evaluate_masks(hr.to_mask(big), threads=threads), want)
    assert hr.evaluate("As Ks Qs Js Ts", threads=threads) == 7461
    assert hr.evaluate_masks(hr.to_mask("As Ks Qs Js Ts"), threads=threads) == 7461
    assert hr.evaluate_masks(hr.to_mask("As Ks Qs Js Ts"), "a5", "bug", threads=threads) == \
        hr.evaluate("As Ks Qs Js Ts", "a5")


def test_resolve_threads_caps_and_defaults(monkeypatch):
    from handrank.base import _runs
    from handrank.base._runs import default_threads, resolve_threads
    cores = default_threads()
    assert resolve_threads(None, 10) == 1                    # small batch: one thread
    assert 1 <= resolve_threads(None, 10**9) <= cores        # the idle ones
    monkeypatch.setattr(_runs, "idle_cores", lambda c: c)
    assert resolve_threads(None, 10**9) == cores
    monkeypatch.setattr(_runs, "idle_cores", lambda c: 1)     # a busy machine
    assert resolve_threads(None, 10**9) == 1
    assert resolve_threads(2, 10**9) == min(2, cores)        # asked for: given
    assert resolve_threads(1, 10**9) == 1
    for t in (cores, cores + 1, 100_000, 2**31, 2**70, np.int64(2**62)):
        assert resolve_threads(t, 10) == cores
        assert type(resolve_threads(t, 10)) is int


def test_idle_cores():
    from handrank.base._runs import idle_cores
    for c in (1, 2, 8):
        assert 1 <= idle_cores(c) <= c
    assert idle_cores(1) == 1


def test_bad_row_found_with_threads():
    big = random_hands(300_000, 7, seed=10)
    big[250_000, 3] = big[250_000, 1]
    for t in (1, 2):
        with pytest.raises(hr.HandError, match="row 250000"):
            hr.evaluate(big, threads=t)


def test_out_parameter():
    out = np.full(len(HANDS), 99, dtype=np.int16)
    res = hr.evaluate(HANDS, out=out)
    assert res is out and np.array_equal(out, EXPECTED)
    # a non-contiguous out is filled too
    buf = np.zeros(2 * len(HANDS), dtype=np.int16)
    res = hr.evaluate(HANDS, out=buf[::2])
    assert np.array_equal(buf[::2], EXPECTED) and not buf[1::2].any()
    masks = hr.to_mask(HANDS)
    out2 = np.empty(len(HANDS), dtype=np.int16)
    assert hr.evaluate_masks(masks, out=out2) is out2
    assert np.array_equal(out2, EXPECTED)


def test_input_forms_agree():
    texts = [hr.format(h) for h in HANDS[:200]]
    want = EXPECTED[:200]
    assert np.array_equal(hr.evaluate(texts), want)
    assert np.array_equal(hr.evaluate(HANDS[:200].tolist()), want)
    assert np.array_equal(hr.evaluate(tuple(map(tuple, HANDS[:200].tolist()))), want)
    for i in range(20):
        assert hr.evaluate(texts[i]) == want[i]
        assert hr.evaluate(HANDS[i].tolist()) == want[i]
        assert hr.evaluate(HANDS[i]) == want[i]
        assert hr.evaluate_masks(hr.to_mask(texts[i])) == want[i]
        assert isinstance(hr.evaluate(texts[i]), int)


def test_text_forms():
    royal = 7461
    for text in ["As Ks Qs Js Ts", "AsKsQsJsTs", "as ks qs js ts", "A♠ K♠ Q♠ J♠ 10♠",
                 "As,Ks,Qs,Js,Ts", "AS KS QS JS TS", " As  Ks\tQs, Js Ts "]:
        assert hr.evaluate(text) == royal, text


def test_empty_batch():
    res = hr.evaluate(np.zeros((0, 7), dtype=np.uint8))
    assert res.shape == (0,) and res.dtype == np.int16
    assert hr.evaluate_masks(np.zeros(0, dtype=np.uint64)).shape == (0,)


def test_masks_of_mixed_sizes():
    hands = [random_hands(100, k, seed=k) for k in range(5, 10)]
    masks = np.concatenate([hr.to_mask(h) for h in hands])
    want = np.concatenate([hr.evaluate(h) for h in hands])
    assert np.array_equal(hr.evaluate_masks(masks), want)
    assert np.array_equal(hr.evaluate_masks(masks.astype(np.int64)), want)
    assert np.array_equal(hr.evaluate_masks([int(m) for m in masks]), want)


def test_masks_input_not_modified():
    masks = hr.to_mask(HANDS)
    before = masks.copy()
    hr.evaluate_masks(masks)
    assert np.array_equal(masks, before)


def test_out_sharing_memory_with_the_input():
    """out= may overlap the codes (here: the first 2n bytes of an (n, 8) uint8
    buffer); the result is the threads=1 result on an untouched copy."""
    n = 200_000
    original = random_hands(n, 8, seed=23)
    original_masks = hr.to_mask(original)
    want = hr.evaluate(original, threads=1)
    for threads in (1, 2, None):
        hands = original.copy()
        out = hands.reshape(-1).view(np.int16)[:n]
        assert np.shares_memory(out, hands)
        res = hr.evaluate(hands, out=out, threads=threads)
        assert res is out and np.array_equal(out, want)

        masks = original_masks.copy()
        out = masks.view(np.int16)[:n]
        res = hr.evaluate_masks(masks, out=out, threads=threads)
        assert res is out and np.array_equal(out, want)


def test_out_sharing_memory_with_a_bad_batch_reports_the_original_row():
    hands = random_hands(300_000, 8, seed=29)
    hands[250_000, 5] = hands[250_000, 2]
    dup = hr.format([hands[250_000, 2]])
    out = hands.reshape(-1).view(np.int16)[:len(hands)]
    with pytest.raises(hr.HandError, match=f"row 250000: card {dup} appears twice"):
        hr.evaluate(hands, out=out, threads=2)


@pytest.mark.parametrize("dtype", [object, "U20", str])
def test_numpy_arrays_of_texts_are_lists_of_texts(dtype):
    texts = [hr.format(h) for h in HANDS[:300]]
    arr = np.array(texts, dtype=dtype)
    assert np.array_equal(hr.evaluate(arr), EXPECTED[:300])
    assert np.array_equal(hr.evaluate(arr[::-2], "a5"), hr.evaluate(texts[::-2], "a5"))
    assert np.array_equal(hr.to_mask(arr), hr.to_mask(HANDS[:300]))
    assert np.array_equal(hr.best_five(arr[:20]), hr.best_five(HANDS[:20]))
    objects = np.array([np.str_(t) for t in texts], dtype=object)        # str subclasses
    assert np.array_equal(hr.evaluate(objects), EXPECTED[:300])
    assert hr.evaluate(np.array(texts[0], dtype=dtype)) == EXPECTED[0]  # 0-d: one hand
    with pytest.raises(hr.HandError, match=r"row 1: cannot read card 'Tx' at position 12"):
        hr.evaluate(np.array(["As Ks Qs Js Ts", "As Ks Qs Js Tx"], dtype=dtype))
    with pytest.raises(hr.HandError, match=r"must be 1-D \(one hand per element\); got shape"):
        hr.evaluate(np.array([texts[:2]], dtype=dtype))


@pytest.mark.parametrize("mixed", [["As Ks Qs Js Ts", 5], ["As Ks Qs Js Ts", None],
                                   [b"As Ks Qs Js Ts"], [[51, 50, 49, 48, 47]]])
def test_object_arrays_not_all_text_name_the_dtype(mixed):
    arr = np.empty(len(mixed), dtype=object)
    arr[:] = mixed
    with pytest.raises(hr.HandError, match="^cards must be integer codes 0..53 or text; "
                                           "got dtype object$"):
        hr.evaluate(arr)


def test_pandas_series_of_texts():
    pd = pytest.importorskip("pandas")
    texts = [hr.format(h) for h in HANDS[:300]]
    series = pd.Series(texts, index=range(1000, 1300))
    assert np.array_equal(hr.evaluate(series), EXPECTED[:300])
    assert np.array_equal(hr.evaluate(series.astype("string")), EXPECTED[:300])
    assert np.array_equal(hr.to_mask(series), hr.to_mask(HANDS[:300]))
    with pytest.raises(hr.HandError, match="dtype object"):
        hr.evaluate(pd.Series(["As Ks Qs Js Ts", None]))


@pytest.fixture
def tiny_chunks(monkeypatch):
    """Batches cut into C calls of at most 1000 rows (slow hands: from 7 rows up)."""
    import handrank.evaluation._evaluate as api
    monkeypatch.setattr(api, "CHUNK_ROWS", 1000)
    return api


def test_run_chunked_covers_every_row_once_in_order(tiny_chunks):
    for n, slow in [(10_007, False), (10_007, True), (1000, False), (999, True), (1, True)]:
        seen = []

        def fake(source, res, threads, wild):
            seen.append((int(source[0]), len(source)))
            res[:] = source
            return -1

        source = np.arange(n, dtype=np.int64)
        res = np.zeros(n, dtype=np.int64)
        assert tiny_chunks._run_chunked(fake, source, res, 1, None, slow) == -1
        assert np.array_equal(res, source)
        starts = np.cumsum([0] + [m for _, m in seen[:-1]])
        assert [s for s, _ in seen] == starts.tolist()
        assert max(m for _, m in seen) <= 1000
        if n > 1000 or (slow and n > 7):
            assert len(seen) > 1 and seen[0][1] == (7 if slow else 1000)
        else:
            assert len(seen) == 1

        def bad_at(target):
            return lambda source, res, t, w: int(np.argmax(source == target)) if (
                source == target).any() else -1
        for target in (0, 6, 7, 999, 1000, 1001, n - 1):
            if target < n:
                assert tiny_chunks._run_chunked(bad_at(target), source, res, 1, None, slow) == target


@pytest.mark.parametrize("threads", [1, 2])
def test_chunked_batches_give_identical_results(tiny_chunks, threads):
    hands7 = random_hands(10_007, 7, seed=31)
    hands9 = random_hands(10_007, 9, seed=37)
    want7, want9 = EXPECTED_BIG7[:10_007], EXPECTED_BIG9
    assert np.array_equal(hr.evaluate(hands7, threads=threads), want7)
    assert np.array_equal(hr.evaluate(hands9, threads=threads), want9)
    assert np.array_equal(hr.evaluate(hands7, "high", "2", threads=threads), WANT7_WILD)
    assert np.array_equal(hr.evaluate_masks(hr.to_mask(hands9), threads=threads), want9)
    out = np.full(2 * len(hands9), -5, dtype=np.int16)
    hr.evaluate(hands9, out=out[::2], threads=threads)
    assert np.array_equal(out[::2], want9) and (out[1::2] == -5).all()


# unchunked references (computed at import, with the default chunk size)
EXPECTED_BIG7 = hr.evaluate(random_hands(10_007, 7, seed=31), threads=1)
EXPECTED_BIG9 = hr.evaluate(random_hands(10_007, 9, seed=37), threads=1)
WANT7_WILD = hr.evaluate(random_hands(10_007, 7, seed=31), "high", "2", threads=1)


@pytest.mark.parametrize("row", [0, 6, 7, 999, 1000, 1001, 4321, 10_006])
def test_chunked_batches_report_the_global_bad_row(tiny_chunks, row):
    for k, wild in [(7, None), (9, None), (7, "2")]:
        hands = random_hands(10_007, k, seed=41)
        hands[row, 4] = hands[row, 1]
        dup = hr.format([hands[row, 1]])
        for threads in (1, 2):
            with pytest.raises(hr.HandError, match=f"^row {row}: card {dup} appears twice"):
                hr.evaluate(hands, "high", wild, threads=threads)
        masks = hr.to_mask(random_hands(10_007, k, seed=41))
        masks[row] |= np.uint64(1 << 15)
        with pytest.raises(hr.HandError, match=f"^row {row}: bit 15 is set"):
            hr.evaluate_masks(masks, "high", wild, threads=2)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_interrupts_a_long_batch():
    """A batch of slow hands (9 cards, deuces wild: seconds of C) is cut into
    chunks, so SIGINT raises KeyboardInterrupt within a fraction of a second."""
    assert_interrupts("""
        import numpy as np, handrank as hr
        rng = np.random.default_rng(3)
        base = np.argsort(rng.random((4096, 52)), axis=1)[:, :9].astype(np.uint8)
        hands = np.tile(base, (2048, 1))
        hr.evaluate(hands[:10], 'high', '2')
        """, """
        hr.evaluate(hands, 'high', '2', threads=1)
        hr.evaluate(hands, 'high', '2', threads=1)
        """, limit=2.0, settle=0.3)


def test_mask_batches_start_with_large_chunks(monkeypatch):
    """Masks without wild cards take CHUNK_ROWS // MASK_CHUNK_DIVISOR rows in
    their first C call (they are as fast as codes); with a wild setting, the
    slow hands' first chunk."""
    import handrank.evaluation._evaluate as api
    firsts = []
    real = api.first_bad_row

    def spy(run, n, *, first, max_step=None):
        firsts.append(first)
        return real(run, n, first=first, max_step=max_step)

    monkeypatch.setattr(api, "first_bad_row", spy)
    hands = random_hands(1000, 7, seed=33)
    assert np.array_equal(hr.evaluate_masks(hr.to_mask(hands)), hr.evaluate(hands))
    hr.evaluate_masks(hr.to_mask(hands), wild="bug")
    assert firsts == [api.CHUNK_ROWS // api.MASK_CHUNK_DIVISOR,
                      api.CHUNK_ROWS // api.SLOW_CHUNK_DIVISOR]
    assert api.MASK_CHUNK_DIVISOR < api.SLOW_CHUNK_DIVISOR
