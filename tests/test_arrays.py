"""Arrays of other libraries at every batch entry point: torch tensors, JAX
arrays, any ``__dlpack__`` producer and buffer-protocol objects are read
without a copy (the C loops get the caller's memory: the data pointers
match), give the same results as numpy, come back in the caller's library
with ``like=``, and a GPU array or a non-integer dtype is one HandError.

torch and JAX come with the ``arrays`` test extra; without them those cases
skip, and the DLPack and buffer cases (numpy arrays behind a bare
``__dlpack__`` or a memoryview) still run."""
from __future__ import annotations

import numpy as np
import pytest

import handrank as hr
from handrank.analysis import _classify
from handrank.evaluation import _evaluate
from handrank.solver import _index
from handrank.games import _showdown


class Producer:
    """A DLPack producer and nothing else (no __array__, no buffer)."""

    def __init__(self, arr: np.ndarray, device: tuple[int, int] = (1, 0)):
        self._arr, self._device = arr, device

    def __dlpack__(self, **kw):
        return self._arr.__dlpack__(**kw)

    def __dlpack_device__(self):
        return self._device


def _torch():
    return pytest.importorskip("torch")


def _jnp():
    return pytest.importorskip("jax.numpy")


def wrap(kind: str, arr: np.ndarray):
    """(the array as `kind`, the address of its first element)."""
    arr = np.ascontiguousarray(arr)
    if kind == "dlpack":
        return Producer(arr), arr.ctypes.data
    if kind == "buffer":
        return memoryview(arr), arr.ctypes.data
    if kind == "torch":
        t = _torch().from_numpy(arr.copy())
        return t, t.data_ptr()
    j = _jnp().asarray(arr)
    if j.dtype != arr.dtype:
        pytest.skip(f"JAX holds {arr.dtype} as {j.dtype} (64-bit types are off by default)")
    return j, j.unsafe_buffer_pointer()


KINDS = ["dlpack", "buffer", "torch", "jax"]


class Spy:
    """Records the address of the arrays handed to a function of a module."""

    def __init__(self, monkeypatch, module, name, pick):
        self.seen: list[int] = []
        real = getattr(module, name)

        def spy(*args, **kw):
            result = real(*args, **kw)
            self.seen.extend(a.ctypes.data for a in pick(args, result))
            return result
        monkeypatch.setattr(module, name, spy)


HANDS = hr.deal(3000, 7, seed=3)


@pytest.mark.parametrize("kind", KINDS)
def test_evaluate_no_copy(kind, monkeypatch):
    x, ptr = wrap(kind, HANDS)
    want = hr.evaluate(HANDS, wild="2")
    spy = Spy(monkeypatch, _evaluate, "out_array", lambda a, r: a[2:])   # the rows C reads
    got = hr.evaluate(x, "high", wild="2")               # wild: past the buffer fast path
    assert spy.seen == [ptr]
    assert np.array_equal(got, want)


@pytest.mark.parametrize("kind", KINDS)
def test_evaluate_masks_no_copy(kind, monkeypatch):
    masks = hr.to_mask(HANDS)
    x, ptr = wrap(kind, masks)
    want = hr.evaluate_masks(masks)
    spy = Spy(monkeypatch, _evaluate, "out_array", lambda a, r: a[2:])
    assert np.array_equal(hr.evaluate_masks(x), want)
    assert spy.seen == [ptr]


@pytest.mark.parametrize("kind", KINDS)
def test_evaluate_omaha_no_copy(kind, monkeypatch):
    hole, board = hr.deal(2000, [4, 5], seed=4)
    xh, ph = wrap(kind, hole)
    xb, pb = wrap(kind, board)
    want = hr.evaluate_omaha(hole, board)
    spy = Spy(monkeypatch, _showdown, "out_array", lambda a, r: a[2:])
    assert np.array_equal(hr.evaluate_omaha(xh, xb), want)
    assert spy.seen == [ph, pb]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("fn", ["showdown", "game_strengths"])
def test_showdown_no_copy(kind, fn, monkeypatch):
    a, b, c, board = hr.deal(2000, [4, 4, 4, 5], seed=5)
    hands = np.stack([a, b, c], axis=1)
    xh, ph = wrap(kind, hands)
    xb, pb = wrap(kind, board)
    want = getattr(hr, fn)("omaha8", hands, board)
    spy = Spy(monkeypatch, _showdown, "_run_showdown", lambda a, r: a[1:3])
    got = getattr(hr, fn)("omaha8", xh, xb)
    assert spy.seen == [ph, pb]
    assert all(np.array_equal(g, w) for g, w in zip(got, want))


@pytest.mark.parametrize("kind", KINDS)
def test_canonical_index_no_copy(kind, monkeypatch):
    x, ptr = wrap(kind, HANDS)
    want = hr.canonical_index(HANDS)
    spy = Spy(monkeypatch, _index, "_index_rows", lambda a, r: [r[0]])
    assert np.array_equal(hr.canonical_index(x), want)
    assert spy.seen == [ptr]


@pytest.mark.parametrize("kind", KINDS)
def test_classify_no_copy(kind, monkeypatch):
    hole, board = hr.deal(1500, [2, 5], seed=7)
    xh, ph = wrap(kind, hole)
    xb, _ = wrap(kind, board)
    want = hr.classify(hole, board)
    spy = Spy(monkeypatch, _classify, "_holes", lambda a, r: [r[0]])
    got = hr.classify(xh, xb)
    assert spy.seen == [ph]
    for name in ("made", "draws", "nut_rank", "blockers"):
        assert np.array_equal(getattr(got, name), getattr(want, name)), name


@pytest.mark.parametrize("kind", KINDS)
def test_other_dtypes_and_layouts_give_the_same_results(kind):
    """Not uint8 or not C-contiguous: read, then converted as numpy would be."""
    for arr in (HANDS.astype(np.int32), HANDS.astype(np.int64)):
        x, _ = wrap(kind, arr)
        assert np.array_equal(hr.evaluate(x), hr.evaluate(HANDS))
    if kind == "torch":
        t = _torch().from_numpy(HANDS.T.copy()).T          # a transposed view
        assert np.array_equal(hr.evaluate(t), hr.evaluate(HANDS))
    one, _ = wrap(kind, HANDS[0])                          # 1-D: one hand, as numpy
    assert hr.evaluate(one) == hr.evaluate(HANDS[0])


def test_gpu_array_is_one_hand_error():
    for device, name in (((2, 0), "cuda:0"), ((10, 1), "rocm:1"), ((8, 0), "metal:0")):
        x = Producer(HANDS, device)
        for call in (lambda: hr.evaluate(x), lambda: hr.canonical_index(x),
                     lambda: hr.evaluate_masks(Producer(hr.to_mask(HANDS), device)),
                     lambda: hr.showdown("holdem", Producer(HANDS[:, :4].reshape(-1, 2, 2), device),
                                         HANDS[:, 2:])):
            with pytest.raises(hr.HandError, match=f"on device {name}; handrank reads "
                                                   f"arrays in CPU memory"):
                call()


@pytest.mark.parametrize("kind", KINDS)
def test_non_integer_dtype_is_one_hand_error(kind):
    x, _ = wrap(kind, HANDS.astype(np.bool_))         # a bool is never a card (issue 35)
    for f in (hr.evaluate, hr.canonical_index):
        with pytest.raises(hr.HandError, match=r"a bool is not a card .*; got a .* of dtype"):
            f(x)
    for dtype in (np.float32, np.float64):
        x, _ = wrap(kind, HANDS.astype(dtype))
        with pytest.raises(hr.HandError, match="must be integer card codes; got a .* of dtype"):
            hr.evaluate(x)
        with pytest.raises(hr.HandError, match="must be integer card codes"):
            hr.canonical_index(x)


def test_torch_special_tensors_are_hand_errors():
    torch = _torch()
    for t in (torch.zeros((3, 7), dtype=torch.bfloat16),
              torch.zeros((3, 7), requires_grad=True)):
        with pytest.raises(hr.HandError, match="cannot read a torch.Tensor"):
            hr.evaluate(t)


def test_like_torch():
    torch = _torch()
    t = torch.from_numpy(HANDS.copy())
    s = hr.evaluate(t, like=True)
    assert isinstance(s, torch.Tensor) and s.dtype == torch.int16
    assert np.array_equal(s.numpy(), hr.evaluate(HANDS))
    i = hr.canonical_index(HANDS, like=t)                 # numpy in, torch out
    assert isinstance(i, torch.Tensor) and i.dtype == torch.int64
    a, b, board = (torch.from_numpy(x) for x in hr.deal(1000, [4, 4, 5], seed=6))
    hi, lo = hr.game_strengths("omaha8", torch.stack([a, b], 1), board, like=True)
    assert isinstance(hi, torch.Tensor) and isinstance(lo, torch.Tensor)
    assert isinstance(hr.evaluate(t[0], like=True), int)   # one hand: still a Strength


def test_like_jax():
    jnp = _jnp()
    j = jnp.asarray(HANDS)
    s = hr.evaluate(j, like=True)
    assert isinstance(s, type(j)) and s.dtype == jnp.int16
    assert np.array_equal(np.asarray(s), hr.evaluate(HANDS))
    a, b, board = hr.deal(1000, [2, 2, 5], seed=6)
    if jnp.asarray(np.zeros(1)).dtype != np.float64:
        # float64 shares: JAX's defaults would narrow them (tests/test_trust_inputs.py)
        with pytest.raises(hr.HandError, match="jax_enable_x64"):
            hr.showdown("holdem", np.stack([a, b], 1), board, like=j)
        return
    sh = hr.showdown("holdem", np.stack([a, b], 1), board, like=j)
    assert isinstance(sh, type(j)) and sh.shape == (1000, 2)


def test_like_numpy_and_refusals():
    assert type(hr.evaluate(HANDS, like=HANDS)) is np.ndarray
    assert type(hr.evaluate(Producer(HANDS), like=np.empty(0))) is np.ndarray
    with pytest.raises(hr.HandError, match="like= must be an array"):
        hr.evaluate(HANDS, like=Producer(HANDS))          # a library with no from_dlpack
