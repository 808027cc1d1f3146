"""Arrays from other libraries: torch tensors, JAX arrays, anything that
exports ``__dlpack__`` or the buffer protocol, read as numpy arrays over
the same memory (no copy), and results handed back in a caller's array
namespace (``like=``).

Every batch entry point passes its array arguments through
:func:`as_numpy` before its own checks, so the checks, the messages and the
C loops are those of numpy input.  A copy is made later only where a numpy
array would be copied too (a dtype other than uint8, a layout other than
C-contiguous).  Memory the C loops cannot read -- a GPU's -- and dtypes that
are not integers are refused here with one :class:`HandError`.
"""
from __future__ import annotations

import importlib
from typing import Any

import numpy as np

from ._types import HandError

__all__ = ["as_numpy", "to_like", "bool_error", "NOT_A_CARD_BOOL"]

#: DLPack device types whose memory the CPU reads directly: CPU, CUDA host
#: (pinned) memory and ROCm host memory.
_CPU_DEVICES = {1: "cpu", 3: "cuda-host", 11: "rocm-host"}
_DEVICE_NAMES = {2: "cuda", 4: "opencl", 7: "vulkan", 8: "metal", 9: "vpi", 10: "rocm",
                 13: "cuda-managed", 14: "oneapi"}

# Types numpy reads (or refuses) by its own rules; never treated as foreign.
_NATIVE = (np.ndarray, np.generic, str, bytes, bytearray, int, float, complex, bool,
           list, tuple, dict, set, type(None))


#: The one message for a bool given as a card (Python's True is 1, which
#: numpy would read as the code of 2d): every entry point says it.
NOT_A_CARD_BOOL = "a bool is not a card (give card codes 0..53 or text such as 'As Kd')"


def bool_error(what: str | None, found: str) -> HandError:
    """The HandError for a bool where a card belongs: ``found`` says which
    value and where (``"True at position 0"``, ``"an array of dtype bool"``);
    ``what`` names the argument ("hands", "board", "player 1")."""
    return HandError(f"{what + ': ' if what else ''}{NOT_A_CARD_BOOL}; got {found}")


def _kind(x: Any) -> str:
    t = type(x)
    return f"{t.__module__.split('.')[0]}.{t.__qualname__}"


def as_numpy(x: Any, what: str = "cards") -> Any:
    """``x`` as a numpy array over the same memory when it is a foreign array
    (a ``__dlpack__`` producer or a buffer-protocol object); anything else,
    numpy arrays included, is returned unchanged for the usual checks.

    A foreign array in memory the CPU cannot read, or of a dtype that is not
    an integer, is a :class:`HandError` (``what`` names the argument).
    """
    if isinstance(x, _NATIVE):
        return x
    if hasattr(x, "__dlpack__"):
        try:
            device = x.__dlpack_device__()
            dev = int(device[0])
        except Exception:                      # no device query: let from_dlpack decide
            dev, device = 1, (1, 0)
        if dev not in _CPU_DEVICES:
            name = _DEVICE_NAMES.get(dev, f"DLPack device type {dev}")
            raise HandError(f"{what}: a {_kind(x)} on device {name}:{int(device[1])}; "
                            f"handrank reads arrays in CPU memory (move it there first, "
                            f"such as with .cpu())")
        try:
            arr = np.from_dlpack(x)
        except (BufferError, TypeError, ValueError, RuntimeError) as e:
            dtype = getattr(x, "dtype", None)
            raise HandError(f"{what}: cannot read a {_kind(x)}"
                            f"{f' of dtype {dtype}' if dtype is not None else ''} "
                            f"as an integer array ({e})") from None
        dtype = getattr(x, "dtype", arr.dtype)
    else:
        try:
            view = memoryview(x)
        except TypeError:
            return x                           # not an array: the usual checks say what it is
        try:
            arr = np.asarray(view)
        except (ValueError, TypeError) as e:
            raise HandError(f"{what}: cannot read a {_kind(x)} as an integer array "
                            f"({e})") from None
        dtype = arr.dtype
    if arr.dtype.kind == "b":
        raise bool_error(what, f"a {_kind(x)} of dtype {dtype}")
    if arr.dtype.kind not in "iu":
        raise HandError(f"{what} must be integer card codes; got a {_kind(x)} of dtype "
                        f"{dtype}")
    return arr


def namespace(like: Any) -> Any:
    """The array namespace of ``like``: its ``__array_namespace__()``, else the
    top-level module of its type (``torch`` for a tensor).  numpy for a numpy
    array, and for what numpy reads itself: a buffer-protocol object with no
    ``__dlpack__`` (a memoryview, a bytearray, an ``array.array``), a list or
    text (so ``like=True`` with such an input gives numpy)."""
    if isinstance(like, (np.ndarray, *_NATIVE)):
        return np
    get = getattr(like, "__array_namespace__", None)
    if get is not None:
        return get()
    if not hasattr(like, "__dlpack__"):
        try:
            memoryview(like)
            return np                           # a buffer: numpy is its array library
        except TypeError:
            pass
    module = type(like).__module__.split(".")[0]
    try:
        ns = importlib.import_module(module)
    except ImportError:                                        # pragma: no cover
        ns = None
    if ns is None or not hasattr(ns, "from_dlpack"):
        raise HandError(f"like= must be an array whose library can import DLPack arrays "
                        f"(torch, jax, numpy, ...); got a {_kind(like)}")
    return ns


def _dtype_of(x: Any) -> np.dtype | None:
    """numpy's dtype for the dtype of another library's array (``torch.int64``
    -> int64), or None when it has no numpy twin."""
    dt = getattr(x, "dtype", None)
    for spec in (dt, str(dt).rsplit(".", 1)[-1]):
        try:
            return np.dtype(spec)
        except (TypeError, ValueError):
            continue
    return None


def _narrowed(result: np.ndarray, got: np.dtype | None, ns: Any) -> HandError:
    lib = getattr(ns, "__name__", type(ns).__name__).split(".")[0]
    if lib == "jax":
        how = ("JAX keeps 64-bit types only with its 64-bit setting on: "
               "jax.config.update('jax_enable_x64', True) before any array is made, or "
               "the environment variable JAX_ENABLE_X64=1")
    else:
        how = f"{lib} cannot hold {result.dtype} values"
    return HandError(f"like=: {lib} would hold this {result.dtype} result as {got}, which "
                     f"loses values, and a result is never narrowed; {how} (or leave out "
                     f"like= for a numpy array)")


def to_like(result: Any, like: Any) -> Any:
    """``result`` (a numpy array, a tuple of them, or a scalar) in the namespace
    of ``like`` (None: unchanged).  Scalars stay Python scalars.

    A result is never narrowed: when the library would hold it in a smaller
    or another kind of dtype (JAX without its 64-bit setting keeps int64 as
    int32 and float64 as float32), this is a :class:`HandError` that says
    how to keep the dtype; a result whose dtype the library keeps (int16
    strengths in JAX's defaults) is given as it is."""
    if like is None:
        return result
    ns = namespace(like)
    if ns is np:
        return result
    if isinstance(result, tuple):
        return tuple(to_like(r, like) for r in result)
    if not isinstance(result, np.ndarray):
        return result
    out = ns.from_dlpack(result)
    got = _dtype_of(out)
    want = result.dtype
    if got is None or got.kind != want.kind or got.itemsize < want.itemsize:
        raise _narrowed(result, got, ns)
    return out
