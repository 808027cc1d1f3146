"""The checksum of a data file shipped with handrank (the Omaha orders, the
three-way table): one sha256 over every member of an ``.npz`` but
``checksum`` itself, so a loader can tell an intact file from a damaged or
edited one; and the one way a loader says a file cannot be read
(:func:`read_problem`)."""
from __future__ import annotations


import numpy as np

__all__ = ["checksum", "read_problem"]


def checksum(arrays: dict) -> str:
    """sha256 over every member of ``arrays`` but ``checksum``, by name: each
    member's name, dtype and shape, then its bytes (text as text)."""
    import hashlib                 # on use: not at import (docs/decisions.rst)
    h = hashlib.sha256()
    for name in sorted(arrays):
        if name != "checksum":
            a = np.asarray(arrays[name])
            h.update(f"{name} {a.dtype.str} {a.shape}\n".encode())
            h.update(a.tobytes() if a.dtype.kind != "U" else str(a).encode())
    return h.hexdigest()


def read_problem(e: BaseException) -> str:
    """Why a data file could not be read, for a warning or an error: the
    exception's type and message, except that numpy's advice for files that
    hold pickled objects (load them "unsafely" with ``allow_pickle``) is never
    repeated -- a data file of handrank holds plain arrays only, and a file
    that holds Python objects is unreadable, not something to load anyway."""
    text = str(e)
    if "pickle" in text.lower():
        return "it cannot be read: it holds Python objects, not the plain arrays handrank writes"
    return f"it cannot be read ({type(e).__name__}: {text})"
