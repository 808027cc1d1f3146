#!/usr/bin/env python3
"""Omaha ranges (issue 25, item 2): preflop_percentile per hand (one call per
hand, and a batch), and the time to read a few patterns.

Needs the four-card order, built on first use (minutes) and cached.

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
    hands = hr.deal(a.n, 4, seed=25)
    hr.preflop_percentile("As Ah Ks Kh")                      # loads (or builds) the order
    rows = []
    t0 = time.perf_counter()
    hr.preflop_percentile(hands, "omaha", threads=1)
    rows.append((f"preflop_percentile, a batch of {a.n:,} (threads=1)",
                 (time.perf_counter() - t0) / a.n))
    for label, hand in (("codes [51, 50, 47, 46]", [51, 50, 47, 46]),
                        ("text 'As Ah Ks Kh'", "As Ah Ks Kh")):
        m = 100_000
        t0 = time.perf_counter()
        for _ in range(m):
            hr.preflop_percentile(hand)
        rows.append((f"preflop_percentile, one call a hand ({label})",
                     (time.perf_counter() - t0) / m))
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
