"""Default ``threads`` on a busy machine: ``evaluate(arr)`` against
``evaluate(arr, threads=1)`` while another process keeps one core busy.

The script starts that process itself (``python -c 'while 1: pass'``, or
``--busy N`` of them; ``--busy 0`` for an idle comparison), times both calls
alternately, ``--repeat`` times each, and prints the medians and their ratio
for each batch size; the busy processes are ended (by their own pids) at the
end.  The goal is a ratio >= 1: the default never slower than one thread.

    python bench/bench_busy.py
    python bench/bench_busy.py --busy 0
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import machine, random_hands  # noqa: E402


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--busy", type=int, default=1, help="busy processes to start")
    p.add_argument("--repeat", type=int, default=21, help="timed calls of each kind")
    p.add_argument("--sizes", type=int, nargs="+", default=[100_000, 1_000_000, 4_000_000])
    p.add_argument("--k", type=int, default=7)
    args = p.parse_args(argv)
    import handrank as hr

    procs = [subprocess.Popen([sys.executable, "-c", "while 1: pass"])
             for _ in range(args.busy)]
    try:
        time.sleep(0.5)
        print(f"# {machine()}; code loop {getattr(hr._core, 'isa', lambda: 'popcnt/portable')()}; {args.busy} busy process(es); "
              f"default threads = {hr.base._runs.resolve_threads(None, max(args.sizes))} "
              f"at N = {max(args.sizes):,}")
        print("| N | threads=1 ms | default ms | default / threads=1 time | worst default ms |")
        print("|---:|---:|---:|---:|---:|")
        for n in args.sizes:
            arr = random_hands(n, args.k, seed=3)
            out = hr.evaluate(arr, threads=1)
            assert (hr.evaluate(arr) == out).all()
            one, dflt = [], []
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                hr.evaluate(arr, threads=1, out=out)
                t1 = time.perf_counter()
                hr.evaluate(arr, out=out)
                t2 = time.perf_counter()
                one.append(t1 - t0)
                dflt.append(t2 - t1)
            a, b = statistics.median(one), statistics.median(dflt)
            print(f"| {n:,} | {a * 1e3:.2f} | {b * 1e3:.2f} | {b / a:.2f} | "
                  f"{max(dflt) * 1e3:.2f} |", flush=True)
    finally:
        for q in procs:
            q.kill()
            q.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
