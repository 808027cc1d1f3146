"""Fixed cost per call of ``handrank.evaluate``: ns per call and per hand at
N = 1, 10, 100, 200, 1000, ... hands and at peak (the best ns per hand of
any batch size, up to ``--peak`` hands), 7-card
high hands as a C-contiguous uint8 array, one thread; plus one hand as text,
a list of codes and a uint8 row.

Each row is timed as a loop of calls lasting about ``--target`` seconds of
the thread's CPU time (``--wall``: wall time), the median of ``--repeat``
such loops.  The "general" rows pass the RuleSet object
instead of its name, which skips the C fast entry (``_core.evaluate_fast``)
and runs the general path (argument checks in Python, then the same C loop):
the difference is what the fast entry saves, measured in the same run.

    python bench/bench_evaluate_calls.py            # a minute or so
    python bench/bench_evaluate_calls.py --quick    # a few seconds
"""
from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import machine, random_hands  # noqa: E402


def per_call(fn, target: float, repeat: int, clock=time.thread_time) -> float:
    """Median seconds per call of fn(), from loops of about `target` seconds
    of `clock`: by default the calling thread's CPU time, which a shared,
    loaded machine disturbs far less than wall time (every call here runs on
    the calling thread: threads=1)."""
    t0 = time.perf_counter()
    fn()
    once = max(time.perf_counter() - t0, 1e-7)
    loops = max(1, int(target / once))
    for _ in range(loops):                   # warm up at the real loop length
        fn()
    times = []
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        try:
            t0 = clock()
            for _ in range(loops):
                fn()
            times.append(clock() - t0)
        finally:
            gc.enable()
    return statistics.median(times) / loops


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--repeat", type=int, default=7, help="timed loops per row (median)")
    p.add_argument("--target", type=float, default=0.05, help="seconds per timed loop")
    p.add_argument("--k", type=int, default=7, help="cards per hand")
    p.add_argument("--peak", type=int, default=1 << 21, help="hands of the peak batch")
    p.add_argument("--quick", action="store_true", help="short loops, fewer repeats")
    p.add_argument("--no-general", action="store_true", help="skip the general-path rows")
    p.add_argument("--wall", action="store_true", help="wall time instead of thread CPU time")
    args = p.parse_args(argv)
    if args.quick:
        args.repeat, args.target, args.peak = 3, 0.01, 1 << 18
    import handrank as hr
    clock = time.perf_counter if args.wall else time.thread_time

    rs = hr.get_rules("high")
    sizes = sorted({1, 10, 100, 200, 1000, 10000, 1 << 16, args.peak})
    hands = random_hands(args.peak, args.k, seed=16)
    print(f"# {machine()}; handrank {getattr(hr, '__version__', '?')}, "
          f"code loop {getattr(hr._core, 'isa', lambda: 'popcnt/portable')()}; "
          f"{'wall' if args.wall else 'thread CPU'} time")
    print(f"# evaluate(arr[:N], threads=1), {args.k}-card high; "
          f"median of {args.repeat} loops of ~{args.target}s")
    rows = []
    for n in sizes:
        arr = hands[:n].copy()
        t = per_call(lambda: hr.evaluate(arr, threads=1), args.target, args.repeat, clock)
        g = None
        if not args.no_general:
            g = per_call(lambda: hr.evaluate(arr, rs, threads=1), args.target, args.repeat, clock)
        rows.append((n, t, g))
    peak_ns = min(t / n for n, t, g in rows) * 1e9     # the best ns/hand of any size
    print("| N | ns/call | ns/hand | share of peak | general path ns/call |")
    print("|---:|---:|---:|---:|---:|")
    for n, t, g in rows:
        ns_hand = t / n * 1e9
        label = f"{n:,} (peak)" if t / n * 1e9 == peak_ns else f"{n:,}"
        gen = f"{g * 1e9:,.0f}" if g is not None else "-"
        print(f"| {label} | {t * 1e9:,.0f} | {ns_hand:.2f} | {peak_ns / ns_hand:.0%} | {gen} |")
    # fixed cost: the call at N = 1 minus one hand's share of peak
    print(f"# fixed cost per call ~ {(rows[0][1] * 1e9 - peak_ns):,.0f} ns; "
          f"half of peak throughput at N ~ {rows[0][1] * 1e9 / peak_ns:,.0f} "
          f"(fixed cost / peak ns per hand)")

    if hasattr(hr._core, "set_isa"):          # each code loop this CPU has
        rows = hands[:1 << 16].copy()
        out = np.empty(len(rows), dtype=np.int16)
        deck = rs.deck.compiled(None)
        before = hr._core.isa()
        print(f"| code loop | ns/hand ({len(rows):,} hands, threads=1) |")
        print("|---|---:|")
        try:
            for isa in hr._core.ISA_NAMES[:hr._core.ISA_NAMES.index(hr._core.BEST_ISA) + 1]:
                hr._core.set_isa(isa)
                t = per_call(lambda: rs.tables.eval_codes(rows, out, 1, deck), args.target,
                             args.repeat, clock)
                print(f"| {isa} | {t / len(rows) * 1e9:.2f} |")
        finally:
            hr._core.set_isa(before)

    one = hands[0]
    text = hr.format(one) if hasattr(hr, "format") else " ".join(map(str, one))
    cases = [("one hand, text", text), ("one hand, list of ints", one.tolist()),
             ("one hand, uint8 row", one.copy())]
    print("| one hand | ns/call | general path ns/call |")
    print("|---|---:|---:|")
    for label, h in cases:
        t = per_call(lambda: hr.evaluate(h), args.target, args.repeat, clock)
        g = None
        if not args.no_general:
            g = per_call(lambda: hr.evaluate(h, rs), args.target, args.repeat, clock)
        gen = f"{g * 1e9:,.0f}" if g is not None else "-"
        print(f"| {label} | {t * 1e9:,.0f} | {gen} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
