#!/usr/bin/env python3
"""Exact hand strength against n random hands (issue 25, item 4): time per
call on random flops and rivers, and what an exact table of the 169
preflop classes against 1..9 random hands would cost at this speed.

A class's exact equity against n random hands is the mean, over every
river board (2,118,760 for one representative hand), of its exact river
hand strength against n hands; this script times that per-board step and
multiplies out (the boards of a class reduce by suit symmetry to roughly a
twelfth on average, which the estimate assumes).

The three-way 169 x 169 x 169 table (issue 25, item 4): a measured slice.
For random class triples (A, B, C), a representative of A meets every hand
of B and of C that shares no card with it or each other; matchups equal up
to a renaming of suits are played once (exactly, over all 1,370,754
boards, ``hr.equity`` on one core).  The mean time a triple, times the
818,805 triples (classes with repetition: one matchup gives all three
seats), is the whole build; the table itself is not built.  Measured
here (two shared cores, 30 triples under nice): 528 suit-distinct
matchups, 2.4 ms each, 0.04 s a triple, so about 10 core-hours for the
whole table: 0.6 h on 16 cores (the goal is 0.5 h), 4.8 h on the two cores
here, over the 4 h the issue allows, so it is not built.

(The shipped table of each class against 1..9 random hands,
``hr.preflop_vs_random``, is built by tools/build_preflop_multiway.py.)

    python bench/bench_multiway.py [--boards 40] [--triples 30]
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
    p.add_argument("--triples", type=int, default=30, help="class triples of the 3-way slice")
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
    three_way(a.triples)
    return 0


def _canonical(hands):
    """Three hands (pairs of codes) under the suit renaming making them smallest."""
    from itertools import permutations
    best = None
    for perm in permutations(range(4)):
        key = tuple(tuple(sorted(((c & ~3) | perm[c & 3] for c in h), reverse=True))
                    for h in hands)
        if best is None or key < best:
            best = key
    return best


def three_way(triples: int) -> None:
    """Time a slice of the exact three-way class table and extrapolate."""
    from math import comb
    import handrank as hr
    from handrank._classes import HAND_CLASSES
    from handrank._preflop import _representative
    rng = np.random.default_rng(25)
    combos = {c: [tuple(int(x) for x in row) for row in hr.Range(c).combos] for c in HAND_CLASSES}
    played = 0
    t0 = time.perf_counter()
    for _ in range(triples):
        a, b, c = sorted(rng.integers(0, 169, 3).tolist())
        ca = _representative(HAND_CLASSES[a])
        need = set()
        for hb in combos[HAND_CLASSES[b]]:
            if set(hb) & set(ca):
                continue
            for hc in combos[HAND_CLASSES[c]]:
                if not set(hc) & (set(ca) | set(hb)):
                    need.add(_canonical((ca, hb, hc)))
        for m in need:
            r = hr.equity("holdem", [list(h) for h in m], threads=1)
            assert r.exact
        played += len(need)
    sec = time.perf_counter() - t0
    total = comb(169 + 2, 3)
    whole = sec / triples * total
    print(f"\nThree-way 169^3 table, a measured slice: {triples} class triples, {played:,} "
          f"suit-distinct exact matchups, {sec:,.1f} s on one core "
          f"({sec / max(played, 1) * 1e3:.2f} ms a matchup, {sec / triples:.2f} s a triple)")
    print(f"Extrapolated to all {total:,} triples: {whole / 3600:,.0f} core-hours = "
          f"{whole / 3600 / 16:,.1f} h on 16 cores, {whole / 3600 / 2:,.1f} h on 2 "
          f"(goal: 30 min on 16 cores)")


if __name__ == "__main__":
    raise SystemExit(main())
