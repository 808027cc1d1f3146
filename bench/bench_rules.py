#!/usr/bin/env python3
"""Every registered rule set in the same C loop: hands/s on one thread and the
ratio to high rules' 7-card rate, measured in one run on the same machine.

Hands are dealt by ``hr.deal`` from each rule set's own deck (36 cards for
short deck) in its natural sizes (7 cards for the five-card rule sets, 3 for
three-card, 4 for badugi, 2 and 7 for the partial rows), fixed seeds.  The
median of ``--repeat`` runs is reported; ratios, not absolute rates, are the
figures to compare across machines.

    python bench/bench_rules.py [--n 2000000] [--repeat 7]
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import machine  # noqa: E402


def median_seconds(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return sorted(times)[len(times) // 2]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=2_000_000, help="hands per row")
    p.add_argument("--repeat", type=int, default=7, help="timed runs per row (median)")
    a = p.parse_args(argv)
    import handrank as hr

    rows = []
    for rs in hr.RULE_SETS:
        sizes = list(rs.hand_sizes)
        ks = [2, 7] if rs.partial else [7] if 7 in sizes else [sizes[-1]]
        for k in ks:
            hands = hr.deal(a.n, k, seed=11, deck=rs.deck)
            hr.evaluate(hands[:1000], rs, threads=1)                 # warm the tables
            sec = median_seconds(lambda: hr.evaluate(hands, rs, threads=1), a.repeat)
            rows.append((rs.name, k, a.n / sec))
            print(f"  {rs.name} k={k}: {a.n / sec / 1e6:,.1f} M/s", file=sys.stderr, flush=True)
    base = next(r for name, k, r in rows if name == "high" and k == 7)
    print(f"Machine: {machine()}; one thread; median of {a.repeat}; {a.n:,} hands per row\n")
    print("| rules | cards | M hands/s | vs high, 7 cards |")
    print("|---|---:|---:|---:|")
    for name, k, rate in rows:
        print(f"| {name} | {k} | {rate / 1e6:,.1f} | {rate / base:.2f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
