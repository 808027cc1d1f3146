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
Each of the 818,805 class triples (A <= B <= C, classes with repetition:
one triple gives all three seats) sets a representative of A against every
hand of B and of C that shares no card with it or each other, exactly, over
all 1,370,754 boards.  The old way played every suit-distinct matchup with
``hr.equity`` (17.6 a triple on the slice); the kernel now used
(``handrank.tables._threeway``, include/handrank/tables/hr_threeway.h) counts a triple in
one walk of the board-rank multisets, shared by all its matchups, plus one
flush walk per distinct suit pattern of the hole cards (15.1 walks in all a
triple).  This script times both on the same triples in CPU seconds of one
thread (alternating, median of ``--repeats``; wall time on the shared
machine measured the other jobs), the new one also on ``--uniform`` triples
drawn from all 818,805, and extrapolates the whole build from those.
Measured here (2 shared vCPUs, load 17-19, 2026-12-04, three runs): old
1.04-1.17 ms a matchup, 18.3-20.6 ms a triple (so the old way was about
4.5 core-hours in CPU time; the 10 of the last note were wall time under
load); new 1.09-1.28 ms a triple (16-17x); uniform triples 1.07-1.21 ms,
so the whole table is about 0.25 core-hours: 1 min on 16 cores, 8 min on 2
(goal 30 min on 16).  Callgrind, 6 of the slice's triples (65 matchups):
the old compiled equity calls 294.7 M instructions (plus about 197 M of
Python finding the suit-distinct matchups), the new kernel 52.0 M: 5.7x
(9.5x with the Python).  The table is built by tools/build_threeway.py.

(The shipped table of each class against 1..9 random hands,
``hr.preflop_vs_random``, is built by tools/build_preflop_multiway.py.)

    python bench/bench_multiway.py [--boards 40] [--triples 30] [--uniform 2000]
    python bench/bench_multiway.py --three-way-only
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
    p.add_argument("--triples", type=int, default=30, help="class triples timed both ways")
    p.add_argument("--uniform", type=int, default=2000, help="uniform triples timed the new way")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--three-way-only", action="store_true")
    a = p.parse_args(argv)
    import handrank as hr
    from handrank.analysis._multiway import exact_strength
    print(machine())
    if a.three_way_only:
        three_way(a.triples, a.uniform, a.repeats)
        return 0
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
    three_way(a.triples, a.uniform, a.repeats)
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


def _deals(cls, combos):
    """Every deal of a class triple: A's representative, hands of B and C."""
    from handrank.tables._preflop import _representative
    a = _representative(cls[0])
    for hb in combos[cls[1]]:
        if set(hb) & set(a):
            continue
        for hc in combos[cls[2]]:
            if not set(hc) & (set(a) | set(hb)):
                yield a, hb, hc


def _walks(cls, combos) -> int:
    """The new kernel's walks for a triple: one by ranks (if any deal exists)
    plus one per distinct suit mask of the six hole cards."""
    masks = set()
    for d in _deals(cls, combos):
        cards = [c for h in d for c in h]
        for s in range(4):
            masks.add(sum(1 << i for i, c in enumerate(cards) if c & 3 == s))
    return len(masks) + (1 if masks else 0)


def _old(cls, combos) -> int:
    """The old way: every suit-distinct matchup by hr.equity; returns their number."""
    import handrank as hr
    need = {_canonical(d) for d in _deals(cls, combos)}
    for m in need:
        r = hr.equity("holdem", [list(h) for h in m], threads=1)
        assert r.exact
    return len(need)


def three_way(triples: int, uniform: int = 2000, repeats: int = 3) -> None:
    """Time a slice of the exact three-way class table, old and new ways, and
    extrapolate the whole build from the new one."""
    import statistics
    import handrank as hr
    from handrank.ranges._classes import HAND_CLASSES
    from handrank.tables._threeway import TRIPLES, triple_counts, triple_rows
    rng = np.random.default_rng(25)
    combos = {c: [tuple(int(x) for x in row) for row in hr.Range(c).combos] for c in HAND_CLASSES}
    some = [sorted(rng.integers(0, 169, 3).tolist()) for _ in range(triples)]
    names = [tuple(HAND_CLASSES[i] for i in t) for t in some]
    old_t, new_t = [], []
    for _ in range(repeats):                        # alternate A/B on a shared machine
        t0 = time.process_time()
        played = sum(_old(n, combos) for n in names)
        old_t.append(time.process_time() - t0)
        t0 = time.process_time()
        triple_counts(some)
        new_t.append(time.process_time() - t0)
    old_s, new_s = statistics.median(old_t), statistics.median(new_t)
    walks = sum(_walks(n, combos) for n in names)
    print(f"\nThree-way 169^3 table, {triples} class triples, median of {repeats}:")
    print(f"  old (hr.equity per suit-distinct matchup): {played / triples:.1f} matchups a triple, "
          f"{old_s / played * 1e3:.2f} ms a matchup, {old_s / triples * 1e3:.1f} ms a triple")
    print(f"  new (hr_threeway.h): {walks / triples:.1f} walks a triple (1 by ranks + 1 per suit "
          f"mask), {new_s / triples * 1e3:.2f} ms a triple ({old_s / new_s:.1f}x)")
    sel = triple_rows()[np.sort(rng.choice(TRIPLES, uniform, replace=False))]
    uni = []
    for _ in range(repeats):
        t0 = time.process_time()
        triple_counts(sel)
        uni.append(time.process_time() - t0)
    per = statistics.median(uni) / uniform
    whole = per * TRIPLES
    print(f"  new, {uniform} triples drawn uniformly: {per * 1e3:.2f} ms a triple "
          f"(runs: {', '.join(f'{u / uniform * 1e3:.2f}' for u in uni)})")
    print(f"Extrapolated to all {TRIPLES:,} triples: {whole / 3600:,.2f} core-hours = "
          f"{whole / 60 / 16:,.1f} min on 16 cores, {whole / 60 / 2:,.1f} min on 2 "
          f"(goal: 30 min on 16 cores)")


if __name__ == "__main__":
    raise SystemExit(main())
