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


def random_hands(n: int, k: int, seed: int, *, deck: int = 52) -> np.ndarray:
    """Return an (n, k) C-contiguous uint8 array; each row is k distinct
    cards drawn uniformly from the deck (52 cards, or 53/54 with jokers) in
    random order, dealt by ``handrank.deal`` (seeded: the same (n, k, seed,
    deck) gives the same hands on any machine and thread count).  Falls back
    to numpy when handrank is not importable (``--peers-only`` runs)."""
    if not 1 <= k <= deck:
        raise ValueError(f"k must be in 1..{deck}, got {k}")
    try:
        import handrank as hr
    except ImportError:                                   # pragma: no cover
        rng = np.random.default_rng(seed)
        return np.ascontiguousarray(
            np.argsort(rng.random((n, deck)), axis=1)[:, :k].astype(np.uint8))
    return hr.deal(n, k, seed=seed, jokers=deck - 52)


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
