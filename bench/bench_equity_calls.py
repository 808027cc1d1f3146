#!/usr/bin/env python3
"""Issue 16's equity and Omaha rows: per-call cost, deals/s, instructions.

Wall time (median of ``--repeat`` runs, each the mean over ``--calls`` calls,
single thread):

* ``equity`` per call, exact, hold'em heads-up AsKs vs QdQc on a river
  (1 deal), a turn (44 deals), a flop (990 deals): the fixed cost a bot pays
  per decision;
* exact AKs vs QQ preflop (AsKs vs QdQc, 1,712,304 boards);
* exact AhKh vs the range QQ+ on the flop Qh 7h 2c;
* Monte Carlo 3-way preflop (AsKs vs QdQc vs JhTh), deals/s.

Instruction counts (``--callgrind``; needs valgrind, noise-free): each
workload runs in two valgrind processes, with n and 2n units, and the
difference over n is the cost of one unit without the interpreter's start
(Omaha-4 evaluate_omaha instructions per deal, Monte Carlo 3-way
instructions per deal, the exact AKs vs QQ call, a river equity call).

    python bench/bench_equity_calls.py                 # wall times
    python bench/bench_equity_calls.py --callgrind     # instruction counts too
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import machine  # noqa: E402

HU = ["As Ks", "Qd Qc"]
LEAST = False                     # --min: the least of the runs (steadier on a busy machine)
BOARDS = {"river": "2h 7d Jc 3s 9h", "turn": "2h 7d Jc 3s", "flop": "2h 7d Jc"}

# one unit of each callgrind workload, repeated n times after the setup
WORKLOADS = {
    "omaha": ("import handrank as hr, numpy as np\n"
              "d = hr.deal(200_000, 9, seed=1)\n"
              "h, b = np.ascontiguousarray(d[:, :4]), np.ascontiguousarray(d[:, 4:])\n"
              "hr.evaluate_omaha(h[:1], b[:1], threads=1)\n",
              "hr.evaluate_omaha(h[:{n}], b[:{n}], threads=1)\n", 100_000, "instr/deal"),
    "mc3": ("import handrank as hr\n"
            "hr.equity('holdem', ['As Ks', 'Qd Qc', 'Jh Th'], trials=1000, seed=1, threads=1)\n",
            "hr.equity('holdem', ['As Ks', 'Qd Qc', 'Jh Th'], trials={n}, seed=1, threads=1)\n",
            500_000, "instr/deal"),
    "aks_qq": ("import handrank as hr\n"
               "hr.equity('holdem', ['As Ks', 'Qd Qc'], board='2h 7d Jc 3s 9h', threads=1)\n",
               "for _ in range({n}): hr.equity('holdem', ['As Ks', 'Qd Qc'], threads=1)\n",
               1, "instr/call"),
    "river": ("import handrank as hr\n"
              "hr.equity('holdem', ['As Ks', 'Qd Qc'], board='2h 7d Jc 3s 9h', threads=1)\n",
              "for _ in range({n}): hr.equity('holdem', ['As Ks', 'Qd Qc'], "
              "board='2h 7d Jc 3s 9h', threads=1)\n", 1000, "instr/call"),
    "turn": ("import handrank as hr\n"
             "hr.equity('holdem', ['As Ks', 'Qd Qc'], board='2h 7d Jc 3s', threads=1)\n",
             "for _ in range({n}): hr.equity('holdem', ['As Ks', 'Qd Qc'], "
             "board='2h 7d Jc 3s', threads=1)\n", 1000, "instr/call"),
    "ranged": ("import handrank as hr\n"
               "hr.equity('holdem', ['Ah Kh', 'QQ+'], board='2h 7d Jc', threads=1)\n",
               "for _ in range({n}): hr.equity('holdem', ['Ah Kh', 'QQ+'], "
               "board='2h 7d Jc', threads=1)\n", 50, "instr/call"),
}


def per_call(fn, calls: int, repeat: int) -> float:
    """Median (or, with --min, the least) over `repeat` runs of the mean
    seconds per call of fn()."""
    fn()
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(calls):
            fn()
        times.append((time.perf_counter() - t0) / calls)
    return min(times) if LEAST else statistics.median(times)


def wall(a: argparse.Namespace) -> None:
    import handrank as hr
    print(f"machine: {machine()}")
    print("| row | per call | rate |")
    print("|---|---|---|")
    for name, board in BOARDS.items():
        t = per_call(lambda: hr.equity("holdem", HU, board=board, threads=1), a.calls, a.repeat)
        print(f"| equity AsKs vs QdQc, {name}, exact | {t * 1e6:.1f} µs | |")
    t = per_call(lambda: hr.equity("holdem", HU, threads=1), 1, a.repeat)
    print(f"| exact AKs vs QQ preflop (1,712,304 boards) | {t * 1e3:.2f} ms | |")
    t = per_call(lambda: hr.equity("holdem", ["Ah Kh", "QQ+"], board="Qh 7h 2c", threads=1),
                 a.calls, a.repeat)
    print(f"| exact AhKh vs QQ+ on Qh 7h 2c | {t * 1e6:.1f} µs | |")
    n = a.trials
    t = per_call(lambda: hr.equity("holdem", ["As Ks", "Qd Qc", "Jh Th"], trials=n, seed=1,
                                   threads=1), 1, a.repeat)
    print(f"| Monte Carlo 3-way preflop, {n:,} deals, threads=1 | {t * 1e3:.1f} ms | "
          f"{n / t / 1e6:.1f} M deals/s |")


def instructions(code: str) -> int:
    # one BLAS thread: OpenBLAS's idle threads spin, and callgrind counts them
    # and no garbage collection or hash randomisation: the same work in every run
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", PYTHONHASHSEED="0")
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, "-c", "import gc; gc.disable()\n" + code],
                         capture_output=True, text=True, env=env)
    m = re.search(r"Collected : (\d+)", out.stderr)
    if not m:
        raise RuntimeError(out.stderr[-2000:])
    return int(m.group(1))


def callgrind(a: argparse.Namespace) -> None:
    print("| workload | instructions |")
    print("|---|---|")
    for name in a.workloads:
        setup, unit, n, what = WORKLOADS[name]
        one = instructions(setup + unit.format(n=n))
        two = instructions(setup + unit.format(n=2 * n))
        print(f"| {name} | {(two - one) / n:,.0f} {what} |", flush=True)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--repeat", type=int, default=7, help="timed runs per row (median)")
    p.add_argument("--calls", type=int, default=2000, help="calls per timed run, small rows")
    p.add_argument("--trials", type=int, default=5_000_000, help="Monte Carlo deals")
    p.add_argument("--min", action="store_true",
                   help="report the least run instead of the median (steadier on a busy machine)")
    p.add_argument("--callgrind", action="store_true", help="also count instructions")
    p.add_argument("--only-callgrind", action="store_true", help="only count instructions")
    p.add_argument("--workloads", nargs="+", default=list(WORKLOADS), choices=list(WORKLOADS))
    a = p.parse_args(argv)
    global LEAST
    LEAST = a.min
    if not a.only_callgrind:
        wall(a)
    if a.callgrind or a.only_callgrind:
        callgrind(a)
    return 0


if __name__ == "__main__":
    sys.exit(main())
