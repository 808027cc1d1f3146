#!/usr/bin/env python3
"""Preflop range against range from the hand-against-hand table.

Rows:
- the build of the whole table (47,008 canonical matchups over all
  1,712,304 boards) into a fresh folder, wall and CPU seconds;
- loading it from the cache and deriving its matrices (first call);
- per call, median of --repeat calls: the published pair below, a range
  against a random hand, random against random, and a range of 1,326
  unequal weights against another (the slowest shape: whole matrices);
- the published pair's equity beside its published figure (57.66% /
  42.34%).

    python bench/bench_preflop_ranges.py [--repeat 21] [--threads 2]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import machine  # noqa: E402

import handrank as hr  # noqa: E402
from handrank.tables import _preflop_hands as ph  # noqa: E402

HERO = "77+, A9s+, KTs+, AJo+"
VILLAIN = "44+, A2s+, K9s+, Q9s+, J9s+, T9s, 98s, 87s, 76s, ATo+, KJo+"
PUBLISHED = (0.5766, 0.4234)


def per_call(fn, repeat: int) -> float:
    fn()
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=21)
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()
    print(machine())
    with tempfile.TemporaryDirectory() as tmp:
        file = os.path.join(tmp, "hands.npz")
        wall, cpu = time.perf_counter(), time.process_time()
        hr.preflop_hands_table(file, threads=args.threads)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(f"build, {args.threads} threads: {wall:.1f} s wall, {cpu:.1f} s CPU "
              f"({ph.MATCHUPS:,} matchups)")
        ph._last = None
        t = time.perf_counter()
        table = hr.preflop_hands_table(file)
        loaded = time.perf_counter() - t
        t = time.perf_counter()
        table._matrices()
        print(f"load and check: {loaded * 1e3:.0f} ms; matrices: "
              f"{(time.perf_counter() - t) * 1e3:.0f} ms")
    rng = np.random.default_rng(1)
    w1, w2 = rng.random(1326), rng.random(1326)
    rows = [(f"{HERO!r} vs {VILLAIN[:24]!r}...", HERO, VILLAIN),
            ("'22+, A2s+, K9s+, ATo+' vs random", "22+, A2s+, K9s+, ATo+", "random"),
            ("random vs random", "random", "random"),
            ("1,326 unequal weights vs 1,326", w1, w2)]
    for label, a, b in rows:
        sec = per_call(lambda: hr.preflop_range_equity(a, b, table=table), args.repeat)
        print(f"{label:<60} {sec * 1e3:7.2f} ms/call")
    r = hr.preflop_range_equity(HERO, VILLAIN, table=table)
    got = tuple(round(x, 4) for x in r.equity.tolist())
    verdict = "agrees" if got == PUBLISHED else "DIFFERS"
    print(f"published pair: {r.equity[0]:.4%} / {r.equity[1]:.4%} (published "
          f"{PUBLISHED[0]:.2%} / {PUBLISHED[1]:.2%}: {verdict})")


if __name__ == "__main__":
    main()
