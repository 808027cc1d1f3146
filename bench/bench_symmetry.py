#!/usr/bin/env python3
"""Turn and flop showdown values under suit symmetry: speed against another
build, and agreement with the values computed without symmetry.

Timing (default): each case is timed in a fresh interpreter of this build
and of another one (``--against``, e.g. a virtual environment of main),
the two taking turns round after round in one run; each round gives the
least CPU time of ``--repeat`` calls (one thread), and the table shows the
median over the rounds and the median of the per-round ratios.  Cases:
flops and turns against a random reach vector (no symmetry kept), a
preflop range (all of the board's symmetry kept) and a reach vector that
keeps part of it (the runouts are swept once per class of
``hr.runouts(board, ranges=...)``); and three pieces of the flop-histogram
abstraction table (its runouts listed by ``hr.runouts``).

Check (``--check``): on every one of the 1,755 canonical flops, the values
with and without suit symmetry agree within 1e-12 (reach vectors scaled to
sum to 1), against the three kinds of ranges.

    python bench/bench_symmetry.py --against /work/venv-main/bin/python [--rounds 7]
    python bench/bench_symmetry.py --check
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

CASES = [
    # name, board, reach kind ("random", "preflop", "part"), boards in the batch
    ("flop Ah Kd 7c, random reach", "Ah Kd 7c", "random", 1),
    ("flop Ah Kh 7h, preflop range", "Ah Kh 7h", "preflop", 1),
    ("flop Ah Kh 7h, part-symmetric reach", "Ah Kh 7h", "part", 1),
    ("flop Ah Kh 7h, random reach", "Ah Kh 7h", "random", 1),
    ("flop Qs Qh 5d, part-symmetric reach", "Qs Qh 5d", "part", 1),
    ("turn Ah Kh 7c 7d, preflop range", "Ah Kh 7c 7d", "preflop", 1),
    ("turn Ah Kh 7c 2d, random reach", "Ah Kh 7c 2d", "random", 1),
    ("50 random turns, random reach", "", "random", 50),
]

TABLE = "flop-histogram table, 3 pieces (24 flops)"

WORKER = r"""
import json, sys, time
TABLE = "flop-histogram table, 3 pieces (24 flops)"
import numpy as np
import handrank as hr
from itertools import permutations
cases, repeat = json.loads(sys.argv[1]), int(sys.argv[2])
N = 1326
HI, LO = hr.HANDS[:, 0].astype(int), hr.HANDS[:, 1].astype(int)

def hand_perm(p):
    p = np.array(p)
    a, b = HI - HI % 4 + p[HI % 4], LO - LO % 4 + p[LO % 4]
    hi, lo = np.maximum(a, b), np.minimum(a, b)
    return hi * (hi - 1) // 2 + lo

def part(board, rng):
    # constant on the orbits of the subgroup of one element of the board's group
    b = set(int(c) for c in board)
    group = [p for p in permutations(range(4))
             if {c - c % 4 + p[c % 4] for c in b} == b]
    g = np.array(group[-1])
    sub, x = [np.arange(4)], g
    while not (x == np.arange(4)).all():
        sub.append(x)
        x = x[g]
    return rng.random(N)[np.min([hand_perm(s) for s in sub], axis=0)]

out = {}
for name, board, kind, nb in cases:
    rng = np.random.default_rng(5)
    if nb > 1:
        b = np.ascontiguousarray(hr.deal(nb, 4, seed=9)).astype(np.uint8)
        r = rng.random((nb, 1, N))
    else:
        b = hr.parse(board).astype(np.uint8)
        r = {"random": lambda: rng.random(N),
             "preflop": lambda: hr.reach_vector("22+, A2s+, K9s+, QTs+, ATo+, KJo+"),
             "part": lambda: part(b, rng)}[kind]()
    f = lambda: hr.showdown_values(b, r, threads=1)
    f()
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        f()
        best = min(best, time.process_time() - t0)
    out[name] = best
import os, tempfile
with tempfile.TemporaryDirectory() as tmp:
    n = [0]
    def piece():
        n[0] += 1
        hr.build_table("flop-histogram", os.path.join(tmp, str(n[0])), only=[0, 70, 140],
                       progress=False, threads=1)
    piece()
    best = float("inf")
    for _ in range(max(1, repeat // 2)):
        t0 = time.process_time()
        piece()
        best = min(best, time.process_time() - t0)
    out[TABLE] = best
print(json.dumps(out))
"""


def run(python: str, repeat: int) -> dict[str, float]:
    res = subprocess.run([python, "-c", WORKER, json.dumps(CASES), str(repeat)],
                         check=True, capture_output=True, text=True,
                         env={**os.environ, "OMP_NUM_THREADS": "1",
                              "OPENBLAS_NUM_THREADS": "1"})
    return json.loads(res.stdout.strip().splitlines()[-1])


def timing(against: str, rounds: int, repeat: int) -> None:
    from common import machine
    print(machine())
    me = sys.executable
    print(f"this build: {me}\nagainst:    {against}")
    names = [n for n, *_ in CASES] + [TABLE]
    mine: dict[str, list[float]] = {n: [] for n in names}
    theirs: dict[str, list[float]] = {n: [] for n in names}
    for k in range(rounds):
        order = [(me, mine), (against, theirs)]
        for python, store in (order if k % 2 == 0 else order[::-1]):
            for name, t in run(python, repeat).items():
                store[name].append(t)
    print(f"{'case':<40} {'against':>10} {'this':>10} {'this/against':>13}")
    for name in names:
        a, b = statistics.median(theirs[name]), statistics.median(mine[name])
        ratio = statistics.median(x / y for x, y in zip(mine[name], theirs[name]))
        rs = sorted(x / y for x, y in zip(mine[name], theirs[name]))
        print(f"{name:<40} {a * 1e3:8.3f}ms {b * 1e3:8.3f}ms {ratio:13.3f}  "
              f"({rs[0]:.2f}-{rs[-1]:.2f}, {sum(r < 1 for r in rs)}/{len(rs)} rounds faster)")


def check() -> int:
    import numpy as np
    import handrank as hr
    from handrank.solver import _solver
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
    flops = hr.canonical_hand(np.arange(hr.canonical_size((3,))), (3,)).astype(np.uint8)
    from test_runouts import part_range, sym_range
    rng = np.random.default_rng(0)
    pre = hr.reach_vector("22+, A2s+, K9s+, QTs+, J9s+, T9s, 98s, ATo+, KJo+")
    worst, t0 = 0.0, time.perf_counter()
    for lo in range(0, len(flops), 117):
        fl = flops[lo:lo + 117]
        reach = np.array([[pre, sym_range(f, rng), part_range(f, rng)] for f in fl])
        reach /= reach.sum(axis=-1, keepdims=True)
        for k in range(3):
            x = reach[:, k:k + 1]
            got = hr.showdown_values(fl, x)
            _solver._SYMMETRY = False
            want = hr.showdown_values(fl, x)
            _solver._SYMMETRY = True
            worst = max(worst, float(np.abs(got - want).max()))
    ok = worst <= 1e-12
    print(f"{len(flops)} canonical flops x 3 ranges: largest difference {worst:.3g} "
          f"({'within' if ok else 'OVER'} 1e-12), {time.perf_counter() - t0:.0f} s")
    return 0 if ok else 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", help="another build's Python, e.g. a venv of main")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--check", action="store_true", help="agreement on every canonical flop")
    a = ap.parse_args()
    if a.check:
        return check()
    timing(a.against or sys.executable, a.rounds, a.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
