#!/usr/bin/env python3
"""Exact hand strength against n random hands (issue 25, item 4): time per
call on random flops and rivers, and what an exact table of the 169
preflop classes against 1..9 random hands would cost at this speed.

A class's exact equity against n random hands is the mean, over every
river board (2,118,760 for one representative hand), of its exact river
hand strength against n hands; this script times that per-board step and
multiplies out (the boards of a class reduce by suit symmetry to roughly a
twelfth on average, which the estimate assumes).

    python bench/bench_multiway.py [--boards 40]
"""
from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import machine  # noqa: E402


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--boards", type=int, default=40)
    a = p.parse_args(argv)
    import handrank as hr
    from handrank._multiway import exact_strength
    print(machine())
    rows = []
    for street, k in (("flop", 3), ("river", 5)):
        deals = hr.deal(a.boards, 2 + k, seed=25)
        for n in (1, 2, 3, 5, 9):
            t0 = time.perf_counter()
            for d in deals.tolist():
                exact_strength(d[:2], d[2:], n)
            rows.append((street, n, (time.perf_counter() - t0) / a.boards))
    print()
    print("| street | opponents | time per call (mean) |")
    print("|---|---:|---:|")
    for street, n, sec in rows:
        print(f"| {street} | {n} | {sec * 1e3:,.1f} ms |")
    river_all = sum(sec for street, n, sec in rows if street == "river")  # n = 1, 2, 3, 5, 9
    boards = 2_118_760 / 12
    total = 169 * boards * river_all * 9 / 5         # every n of 1..9, from the five timed
    print(f"\nThe 169 x (1..9) table at this speed: about {total / 3600:,.0f} core-hours "
          f"({boards:,.0f} boards a class after suit symmetry)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
