"""Batch evaluation: dtypes, layouts, out=, threads=, input forms; inputs untouched."""
from __future__ import annotations

import numpy as np
import pytest

import handrank as hr

from conftest import random_hands

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


def test_resolve_threads_caps_and_defaults():
    from handrank._api import default_threads, resolve_threads
    cores = default_threads()
    assert resolve_threads(None, 10) == 1                    # small batch: one thread
    assert resolve_threads(None, 10**9) == cores
    assert resolve_threads(1, 10**9) == 1
    for t in (cores, cores + 1, 100_000, 2**31, 2**70, np.int64(2**62)):
        assert resolve_threads(t, 10) == cores
        assert type(resolve_threads(t, 10)) is int


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
