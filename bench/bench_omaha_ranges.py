#!/usr/bin/env python3
"""Omaha ranges (issue 25, item 2): preflop_percentile per hand (one call per
hand, and a batch), and the time to read a few patterns.

Reads the shipped four- and five-card orders.  Each per-call figure is the
median of 5 runs of 100,000 calls.

    python bench/bench_omaha_ranges.py [--n 1000000]
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import machine  # noqa: E402


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=1_000_000)
    a = p.parse_args(argv)
    import handrank as hr
    print(machine())
    rows = []
    for game, k in (("omaha", 4), ("omaha5", 5)):
        hands = hr.deal(a.n, k, seed=25)
        t0 = time.perf_counter()
        hr.preflop_percentile(hands[:1], game)                # loads the order
        rows.append((f"{game}: loading the shipped order", time.perf_counter() - t0))
        t0 = time.perf_counter()
        hr.preflop_percentile(hands, game)
        rows.append((f"{game}: preflop_percentile, a batch of {a.n:,}",
                     (time.perf_counter() - t0) / a.n))
        for label, hand in (("codes", hands[7].tolist()),
                            ("text", hr.format(hands[7]))):
            hr.preflop_percentile(hand, game)                 # fills the look-up table
            m, runs = 100_000, []
            for _ in range(5):
                t0 = time.perf_counter()
                for _ in range(m):
                    hr.preflop_percentile(hand, game)
                runs.append((time.perf_counter() - t0) / m)
            rows.append((f"{game}: preflop_percentile, one call a hand ({label} "
                         f"{hand!r})", sorted(runs)[2]))
    t0 = time.perf_counter()
    for _ in range(100_000):
        pass
    floor = (time.perf_counter() - t0) / 100_000
    for text in ("AA:$ds", "RRON", "[A-T][A-T][A-T][A-T]", "KQJT-8765:$ds"):
        t0 = time.perf_counter()
        n = len(hr.Range(text, cards=4))
        rows.append((f"Range({text!r}, cards=4): {n:,} hands", time.perf_counter() - t0))
    print()
    print("| what | time |")
    print("|---|---:|")
    for label, sec in rows:
        print(f"| {label} | {sec * 1e6:,.3f} µs |" if sec < 1e-3 else
              f"| {label} | {sec * 1e3:,.1f} ms |")
    print(f"| (an empty Python loop step, for scale) | {floor * 1e6:.3f} µs |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
