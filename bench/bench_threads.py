"""Python threads calling handrank at once: does the work scale with them?

Each of T Python threads makes the same calls for a fixed time; the table
gives the calls per second of all threads together, for T = 1, 2, ... up to
--max-threads.  Two kinds of call:

* ``batch``: ``hr.evaluate`` of 20,000 seven-card hands with ``threads=1``:
  a C loop that releases the GIL, so it scales on any CPython;
* ``one hand``: ``hr.evaluate`` of one hand given as text, and
  ``hr.equity`` of a hold'em flop: mostly Python (parsing, checks), so under
  the GIL the threads take turns and only a free-threaded CPython (3.13t,
  3.14t) can run them at once.

    python bench/bench_threads.py              # T = 1 .. the cores, 2 s each
    python3.13t bench/bench_threads.py --seconds 5

The first line says whether the GIL is on.  On a machine where other
processes hold cores the scaling is what is left over: compare the load
average printed with the core count.
"""
from __future__ import annotations

import argparse
import os
import sys
import sysconfig
import threading
import time

import handrank as hr


def calls():
    hands = hr.deal(20_000, 7, seed=1, threads=1)
    return {
        "batch (20,000 hands, threads=1)": lambda: hr.evaluate(hands, threads=1),
        "one hand (text)": lambda: hr.evaluate("As Ks Qd Jc 9h 3s 2d"),
        "equity (flop, exact)": lambda: hr.equity("holdem", ["As Ks", "Qd Qc"],
                                                  board="2h 7d Jc", threads=1),
    }


def rate(fn, n_threads: int, seconds: float) -> tuple[float, float]:
    """Calls per second of n_threads threads calling fn for `seconds`, and
    the cores they used (their CPU time over the wall time: under the GIL
    a waiting thread sleeps, and on a busy machine other processes take
    their share)."""
    counts = [0] * n_threads
    cpu = [0.0] * n_threads
    barrier = threading.Barrier(n_threads + 1)
    stop = threading.Event()

    def work(i):
        barrier.wait()
        t = time.thread_time()
        while not stop.is_set():
            fn()
            counts[i] += 1
        cpu[i] = time.thread_time() - t

    threads = [threading.Thread(target=work, args=(i,)) for i in range(n_threads)]
    for t in threads:
        t.start()
    barrier.wait()
    start = time.perf_counter()
    time.sleep(seconds)
    stop.set()
    for t in threads:
        t.join()
    wall = time.perf_counter() - start
    return sum(counts) / wall, sum(cpu) / wall


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--max-threads", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args(argv)
    free = bool(sysconfig.get_config_var("Py_GIL_DISABLED"))
    gil = sys._is_gil_enabled() if hasattr(sys, "_is_gil_enabled") else True
    print(f"CPython {sys.version.split()[0]}{'t (free-threaded build)' if free else ''}, "
          f"GIL {'on' if gil else 'off'}; {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f}")
    for name, fn in calls().items():
        fn()                                             # tables built, caches warm
        one, used = rate(fn, 1, args.seconds)
        line = f"  {name:<32} 1 thread {one:>9,.0f}/s ({used:.2f} cores)"
        for t in range(2, args.max_threads + 1):
            r, used = rate(fn, t, args.seconds)
            line += f"   {t} threads {r:>9,.0f}/s x{r / one:.2f} ({used:.2f} cores)"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
