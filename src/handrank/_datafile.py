"""The checksum of a data file shipped with handrank (the Omaha orders, the
three-way table): one sha256 over every member of an ``.npz`` but
``checksum`` itself, so a loader can tell an intact file from a damaged or
edited one."""
from __future__ import annotations

import hashlib

import numpy as np

__all__ = ["checksum"]


def checksum(arrays: dict) -> str:
    """sha256 over every member of ``arrays`` but ``checksum``, by name: each
    member's name, dtype and shape, then its bytes (text as text)."""
    h = hashlib.sha256()
    for name in sorted(arrays):
        if name != "checksum":
            a = np.asarray(arrays[name])
            h.update(f"{name} {a.dtype.str} {a.shape}\n".encode())
            h.update(a.tobytes() if a.dtype.kind != "U" else str(a).encode())
    return h.hexdigest()
