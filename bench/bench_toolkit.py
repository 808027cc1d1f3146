#!/usr/bin/env python3
"""Dealing, draws and canonical hand indexes: handrank against numpy idioms.

    python bench/bench_toolkit.py              # about a minute on two cores
    python bench/bench_toolkit.py --n 2000000 --repeat 3

Prints one markdown table: rows dealt (or indexed) per second of wall time
and per CPU-second of this process (the medians of --repeat runs; on a shared
machine the CPU figure is the steadier measure of one core's speed), with the
ratio (wall time) against ``hr.deal(n, 7, threads=1)`` for the dealing rows,
``hr.redraw(..., threads=1)`` for the draw rows and one thread of the same
call for the index rows.
Every dealing row produces n random 7-card hands; the numpy rows are the
ways people deal without handrank (the README used the first one).
"""
from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import machine  # noqa: E402


def numpy_fisher_yates(n: int, k: int, seed: int, chunk: int = 1 << 20) -> np.ndarray:
    """The best plain-numpy dealer we know: a vectorised partial Fisher-Yates
    (k column swaps on an (rows, 52) array of decks, in chunks of rows)."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, k), dtype=np.uint8)
    base = np.arange(52, dtype=np.uint8)
    for start in range(0, n, chunk):
        m = min(chunk, n - start)
        decks = np.broadcast_to(base, (m, 52)).copy()
        rows = np.arange(m)
        for i in range(k):
            j = i + rng.integers(0, 52 - i, size=m)
            di = decks[:, i].copy()
            decks[:, i] = decks[rows, j]
            decks[rows, j] = di
        out[start:start + m] = decks[:, :k]
    return out

import handrank as hr  # noqa: E402


@dataclass
class Row:
    group: str
    label: str
    run: Callable[[], Any]
    n: int
    baseline: bool = False


def dealing_rows(n: int) -> list[Row]:
    def numpy_permuted_tile():
        rng = np.random.default_rng(1)
        return rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (n, 1)), axis=1)[:, :7]

    def numpy_permuted_contiguous():
        return np.ascontiguousarray(numpy_permuted_tile())

    def numpy_permuted_inplace():
        deck = np.tile(np.arange(52, dtype=np.uint8), (n, 1))
        np.random.default_rng(1).permuted(deck, axis=1, out=deck)
        return np.ascontiguousarray(deck[:, :7])

    def numpy_argsort():
        keys = np.random.default_rng(1).random((n, 52))
        return np.argsort(keys, axis=1)[:, :7].astype(np.uint8)

    return [
        Row("deal 7", "hr.deal(n, 7, threads=1)", lambda: hr.deal(n, 7, seed=1, threads=1), n,
            baseline=True),
        Row("deal 7", "hr.deal(n, 7) [threads=default]", lambda: hr.deal(n, 7, seed=1), n),
        Row("deal 7", "hr.deal_masks(n, 7, threads=1)",
            lambda: hr.deal_masks(n, 7, seed=1, threads=1), n),
        Row("deal 7", "hr.deal(n, [2, 5], threads=1)",
            lambda: hr.deal(n, [2, 5], seed=1, threads=1), n),
        Row("deal 7", "numpy rng.permuted(np.tile(arange(52), (n, 1)), axis=1)[:, :7]",
            numpy_permuted_tile, n),
        Row("deal 7", "numpy ... the same, then np.ascontiguousarray", numpy_permuted_contiguous,
            n),
        Row("deal 7", "numpy rng.permuted(deck, axis=1, out=deck) in place, contiguous [:, :7]",
            numpy_permuted_inplace, n),
        Row("deal 7", "numpy argsort(rng.random((n, 52)), axis=1)[:, :7]", numpy_argsort, n),
        Row("deal 7", "numpy vectorised partial Fisher-Yates",
            lambda: numpy_fisher_yates(n, 7, seed=1), n),
    ]


def draw_rows(n: int) -> list[Row]:
    hands = hr.deal(n, 5, seed=2)
    discard = np.array([False, False, True, True, True])
    return [
        Row("redraw 3 of 5", "hr.redraw(hands, discard, threads=1)",
            lambda: hr.redraw(hands, discard, seed=3, threads=1), n, baseline=True),
        Row("redraw 3 of 5", "hr.redraw(hands, discard) [threads=default]",
            lambda: hr.redraw(hands, discard, seed=3), n),
    ]


def index_rows(n: int) -> list[Row]:
    rows = []
    for rounds in [(2,), (2, 3), (2, 3, 1), (2, 3, 1, 1), (2, 5), (4, 3, 1, 1)]:
        hands = hr.deal(n, sum(rounds), seed=4)
        group = f"canonical_index {rounds}"
        hr.canonical_index(hands[:10], rounds)                   # build the tables first
        rows.append(Row(group, f"hr.canonical_index(hands, {rounds}, threads=1)",
                        lambda h=hands, r=rounds: hr.canonical_index(h, r, threads=1), n,
                        baseline=True))
        rows.append(Row(group, "... [threads=default]",
                        lambda h=hands, r=rounds: hr.canonical_index(h, r), n))
        if rounds in ((2, 3), (2, 3, 1, 1)):
            idx = hr.canonical_index(hands, rounds)
            rows.append(Row(group, f"hr.canonical_hand(idx, {rounds}, threads=1)",
                            lambda i=idx, r=rounds: hr.canonical_hand(i, r, threads=1), n))
    return rows


def wall_and_cpu(fn: Callable[[], Any], repeat: int) -> tuple[float, float]:
    """Median wall and process CPU seconds of fn() over repeat runs (after one
    untimed warm-up run), with the garbage collector off while timing."""
    fn()
    walls, cpus = [], []
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        try:
            w, c = time.perf_counter(), time.process_time()
            fn()
            walls.append(time.perf_counter() - w)
            cpus.append(time.process_time() - c)
        finally:
            gc.enable()
    return statistics.median(walls), statistics.median(cpus)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--n", type=int, default=1_000_000, help="rows per timed call")
    p.add_argument("--repeat", type=int, default=5)
    a = p.parse_args()
    print(f"machine: {machine()}")
    print(f"handrank {hr.__version__}; {a.n:,} rows per call, median of {a.repeat}\n")
    print("| task | call | rows/s (wall) | rows per CPU-second | ns/row (wall) | ratio |")
    print("|---|---|---:|---:|---:|---:|")
    for rows in (dealing_rows(a.n), draw_rows(a.n), index_rows(a.n)):
        base = None
        for row in rows:
            sec, cpu = wall_and_cpu(row.run, a.repeat)
            if row.baseline:
                base = sec
            ratio = "baseline" if row.baseline else (
                f"{base / sec:.2f}x baseline" if row.label.startswith(("hr.", "...")) else
                f"hr.deal is {sec / base:,.0f}x faster")
            print(f"| {row.group} | {row.label} | {row.n / sec:,.0f} | "
                  f"{row.n / max(cpu, 1e-9):,.0f} | {sec / row.n * 1e9:,.1f} | {ratio} |",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
