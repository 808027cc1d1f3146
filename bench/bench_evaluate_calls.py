"""Fixed cost per call of ``handrank.evaluate``: ns per call and per hand at
N = 1, 10, 100, 200, 1000, ... hands and at peak (a large batch), 7-card
high hands as a C-contiguous uint8 array, one thread; plus one hand as text,
a list of codes and a uint8 row.

Each row is timed as a loop of calls lasting about ``--target`` seconds, the
median of ``--repeat`` such loops.  The "general" rows pass the RuleSet object
instead of its name, which skips the C fast entry (``_core.evaluate_fast``)
and runs the general path (argument checks in Python, then the same C loop):
the difference is what the fast entry saves, measured in the same run.

    python bench/bench_evaluate_calls.py            # a minute or so
    python bench/bench_evaluate_calls.py --quick    # a few seconds
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import machine, median_time, random_hands  # noqa: E402


def per_call(fn, target: float, repeat: int) -> float:
    """Median seconds per call of fn(), from loops of about `target` seconds."""
    t0 = time.perf_counter()
    fn()
    once = max(time.perf_counter() - t0, 1e-7)
    loops = max(1, int(target / once))

    def loop():
        for _ in range(loops):
            fn()
    loop()                                   # warm up at the real loop length
    sec, _ = median_time(loop, repeat=repeat)
    return sec / loops


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--repeat", type=int, default=7, help="timed loops per row (median)")
    p.add_argument("--target", type=float, default=0.05, help="seconds per timed loop")
    p.add_argument("--k", type=int, default=7, help="cards per hand")
    p.add_argument("--peak", type=int, default=1 << 21, help="hands of the peak batch")
    p.add_argument("--quick", action="store_true", help="short loops, fewer repeats")
    p.add_argument("--no-general", action="store_true", help="skip the general-path rows")
    args = p.parse_args(argv)
    if args.quick:
        args.repeat, args.target, args.peak = 3, 0.01, 1 << 18
    import handrank as hr

    rs = hr.get_rules("high")
    sizes = [1, 10, 100, 200, 1000, 10000, args.peak]
    hands = random_hands(args.peak, args.k, seed=16)
    print(f"# {machine()}; handrank {getattr(hr, '__version__', '?')}, "
          f"code loop {hr._core.isa()}")
    print(f"# evaluate(arr[:N], threads=1), {args.k}-card high; "
          f"median of {args.repeat} loops of ~{args.target}s")
    rows = []
    for n in sizes:
        arr = hands[:n].copy()
        t = per_call(lambda: hr.evaluate(arr, threads=1), args.target, args.repeat)
        g = None
        if not args.no_general:
            g = per_call(lambda: hr.evaluate(arr, rs, threads=1), args.target, args.repeat)
        rows.append((n, t, g))
    peak_ns = rows[-1][1] / rows[-1][0] * 1e9
    print("| N | ns/call | ns/hand | share of peak | general path ns/call |")
    print("|---:|---:|---:|---:|---:|")
    for n, t, g in rows:
        ns_hand = t / n * 1e9
        label = f"{n:,} (peak)" if n == args.peak else f"{n:,}"
        gen = f"{g * 1e9:,.0f}" if g is not None else "-"
        print(f"| {label} | {t * 1e9:,.0f} | {ns_hand:.2f} | {peak_ns / ns_hand:.0%} | {gen} |")
    # fixed cost: the call at N = 1 minus one hand's share of peak
    print(f"# fixed cost per call ~ {(rows[0][1] * 1e9 - peak_ns):,.0f} ns; "
          f"half of peak throughput at N ~ {rows[0][1] * 1e9 / peak_ns:,.0f} "
          f"(fixed cost / peak ns per hand)")

    one = hands[0]
    text = hr.format(one) if hasattr(hr, "format") else " ".join(map(str, one))
    cases = [("one hand, text", text), ("one hand, list of ints", one.tolist()),
             ("one hand, uint8 row", one.copy())]
    print("| one hand | ns/call | general path ns/call |")
    print("|---|---:|---:|")
    for label, h in cases:
        t = per_call(lambda: hr.evaluate(h), args.target, args.repeat)
        g = None
        if not args.no_general:
            g = per_call(lambda: hr.evaluate(h, rs), args.target, args.repeat)
        gen = f"{g * 1e9:,.0f}" if g is not None else "-"
        print(f"| {label} | {t * 1e9:,.0f} | {gen} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
