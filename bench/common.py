"""Shared helpers for the handrank benchmarks.

Card codes follow SPEC.md: code = 4*rank + suit, rank 0..12 = 2..A,
suit 0..3 = c, d, h, s.
"""

from __future__ import annotations

import gc
import os
import platform
import statistics
import time
from typing import Callable

import numpy as np

RANKS = "23456789TJQKA"
SUITS = "cdhs"
#: Text name of each card code 0..51, e.g. CARD_NAMES[51] == "As".
CARD_NAMES = [RANKS[c // 4] + SUITS[c % 4] for c in range(52)]


def random_hands(n: int, k: int, seed: int, *, deck: int = 52,
                 chunk: int = 1 << 20) -> np.ndarray:
    """Return an (n, k) C-contiguous uint8 array; each row is k distinct
    cards drawn uniformly from 0..deck-1 (in random order).

    Vectorized partial Fisher-Yates: for each chunk of rows, k column
    swaps on an (rows, deck) array of decks. Memory stays at ~chunk*deck
    bytes, so 10M hands need ~55 MB of scratch, not an (N, 52) argsort.
    The result depends only on (n, k, seed, deck, chunk).
    """
    if not 1 <= k <= deck:
        raise ValueError(f"k must be in 1..{deck}, got {k}")
    rng = np.random.default_rng(seed)
    out = np.empty((n, k), dtype=np.uint8)
    base = np.arange(deck, dtype=np.uint8)
    for start in range(0, n, chunk):
        m = min(chunk, n - start)
        decks = np.broadcast_to(base, (m, deck)).copy()
        rows = np.arange(m)
        for i in range(k):
            j = i + rng.integers(0, deck - i, size=m)
            di = decks[:, i].copy()
            decks[:, i] = decks[rows, j]
            decks[rows, j] = di
        out[start:start + m] = decks[:, :k]
    return out


def median_time(fn: Callable[[], object], repeat: int = 5, warmup: int = 0,
                disable_gc: bool = True) -> tuple[float, list[float]]:
    """Call fn() warmup times untimed, then repeat times timed.

    Returns (median seconds, list of all timed seconds). The garbage
    collector is disabled during each timed call (as timeit does), which
    favours the libraries that allocate many Python objects per hand.
    """
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(repeat):
        gc.collect()
        was_enabled = gc.isenabled()
        if disable_gc:
            gc.disable()
        try:
            t0 = time.perf_counter()
            fn()
            t1 = time.perf_counter()
        finally:
            if was_enabled:
                gc.enable()
        times.append(t1 - t0)
    return statistics.median(times), times


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.lower().startswith(("model name", "hardware", "cpu model")):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown CPU"


def machine() -> str:
    """One line describing the machine and software the numbers came from."""
    logical = os.cpu_count() or 0
    try:
        usable = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        usable = logical
    cores = f"{logical} logical cores" + (f" ({usable} usable)" if usable != logical else "")
    return (f"{_cpu_model()}, {cores}, {platform.system()} {platform.machine()}, "
            f"Python {platform.python_version()} ({platform.python_implementation()}), "
            f"numpy {np.__version__}")


def dense_rank(values) -> np.ndarray:
    """Map values to 0..m-1 preserving order and ties (equal -> equal)."""
    _, inv = np.unique(np.asarray(values), return_inverse=True)
    return inv.reshape(-1)


# ------------------------------------------------------------ libraries, rows

def dist_version(name: str) -> str:
    """Installed version of a distribution, or '?'."""
    import importlib.metadata
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return "?"


def import_handrank(script: str, lib, hint: str = ""):
    """Import handrank into lib (exit with a clear message when it is missing)."""
    import importlib
    import sys
    try:
        lib.handrank = importlib.import_module("handrank")
    except Exception as e:  # ImportError, or a broken build
        sys.exit(f"{script}: cannot import handrank: {e!r}\n"
                 "Build and install it first (from the repo root: pip install -e '.[bench]')"
                 + (f",\n{hint}" if hint else "."))
    lib.available.add("handrank")
    lib.versions["handrank"] = getattr(lib.handrank, "__version__", None) or dist_version("handrank")


def import_peers(lib, names) -> None:
    """Import each peer into lib; a missing one is reported and its rows skipped."""
    import importlib
    import sys
    for name in names:
        try:
            mod = importlib.import_module(name)
        except Exception as e:
            print(f"WARNING: {name} not importable ({e!r}); its rows are skipped. "
                  "pip install '.[bench]' installs all peers.", file=sys.stderr)
            continue
        setattr(lib, name, mod)
        lib.available.add(name)
        lib.versions[name] = dist_version(name)


def time_row(row, data, repeat: int, tag: str, unit: str) -> tuple:
    """Time row.run on row.setup(data[:row.n]): (row, median seconds or None, error)."""
    import sys
    t0 = time.perf_counter()
    try:
        prepared = row.setup(data[:row.n])
        sec, _ = median_time(lambda: row.run(prepared), repeat=repeat, warmup=row.warmup)
        print(f"  {row.label} [{tag}]: {row.n / sec:,.0f} {unit}/s "
              f"({time.perf_counter() - t0:.1f}s)", file=sys.stderr, flush=True)
        return row, sec, ""
    except Exception as e:
        print(f"WARNING: {row.label} [{tag}] failed: {e!r}", file=sys.stderr)
        return row, None, repr(e)
