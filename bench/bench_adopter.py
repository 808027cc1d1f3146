"""What a project swapping handrank in pays per call: breaking strengths down
(``breakdown``, ``RuleSet.table``), the cards that play (``best_five``, one
hand and batches) and ``Strength.category`` / ``.name``, next to
``evaluate`` itself.

Every row is timed as a loop of calls lasting about ``--target`` seconds of
the calling thread's CPU time (``--wall``: wall time), the median of
``--repeat`` loops; every call runs on the calling thread (threads=1), so a
busy machine disturbs the figures less.  For comparison, the batch rows
include the way the cards that play were found before the C loop: every
five of each hand valued by ``evaluate`` (numpy), the first best taken.

    python bench/bench_adopter.py            # about a minute
    python bench/bench_adopter.py --quick    # a few seconds

A row whose function this handrank lacks prints "-", so the script also
times an older build for a before-and-after comparison (its best_five
takes no ``threads=``: cap it with OpenMP's variable, ``OMP_NUM_THREADS=1
PYTHONPATH=/path/to/old/src python bench/bench_adopter.py``).
"""
from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
from itertools import combinations

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import machine, random_hands  # noqa: E402


def per_call(fn, target: float, repeat: int, clock=time.thread_time) -> float | None:
    """Median seconds per call of fn(), from loops of about `target` seconds;
    None when fn needs what this handrank does not have."""
    t0 = time.perf_counter()
    try:
        fn()
    except AttributeError:
        return None
    once = max(time.perf_counter() - t0, 1e-7)
    loops = max(1, int(target / once))
    for _ in range(min(loops, 1000)):
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


def every_five(hr, hands: np.ndarray) -> np.ndarray:
    """The cards that play the way it was done in numpy: every five of each
    hand through evaluate, the first best (no reading order)."""
    combos = np.array(list(combinations(range(hands.shape[1]), 5)), dtype=np.intp)
    subsets = hands[:, combos]                                   # (n, C, 5)
    vals = hr.evaluate(subsets.reshape(-1, 5), threads=1).reshape(len(hands), len(combos))
    return subsets[np.arange(len(hands)), vals.argmax(axis=1)]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--repeat", type=int, default=7, help="timed loops per row (median)")
    p.add_argument("--target", type=float, default=0.2, help="seconds per timed loop")
    p.add_argument("--n", type=int, default=100_000, help="hands per batch row")
    p.add_argument("--quick", action="store_true", help="short loops, fewer repeats")
    p.add_argument("--wall", action="store_true", help="wall time instead of thread CPU time")
    args = p.parse_args(argv)
    if args.quick:
        args.repeat, args.target, args.n = 3, 0.02, 20_000
    import handrank as hr
    clock = time.perf_counter if args.wall else time.thread_time

    def t(fn):
        return per_call(fn, args.target, args.repeat, clock)

    print(f"# {machine()}; handrank {getattr(hr, '__version__', '?')}; "
          f"{'wall' if args.wall else 'thread CPU'} time, median of {args.repeat} loops "
          f"of ~{args.target}s, threads=1")

    # ---- one hand: evaluate, its category and name, its breakdown, best five
    text = "Ah Kd 7c 7d 2s 9h 3c"
    codes = hr.parse(text).tolist()
    s = hr.evaluate(text)
    s.category, s.name                                           # noqa: B018 (tables made)

    def best_five_1(hands, *args, **kwargs):
        """best_five on the calling thread (an older best_five has no threads=)."""
        try:
            return hr.best_five(hands, *args, threads=1, **kwargs)
        except TypeError:
            return hr.best_five(hands, *args, **kwargs)

    def show(seconds, per=1, digits=0):
        return "-" if seconds is None else f"{seconds / per * 1e9:,.{digits}f}"
    rows = [
        ("evaluate(text)", lambda: hr.evaluate(text)),
        ("evaluate(list of codes)", lambda: hr.evaluate(codes)),
        ("int(s)  (a floor: one call on the Strength)", lambda: int(s)),
        ("s.category", lambda: s.category),
        ("s.name", lambda: s.name),
        ("hr.category(s)", lambda: hr.category(s)),
        ("hr.describe(s)", lambda: hr.describe(s)),
        ("hr.breakdown(s)", lambda: hr.breakdown(s)),
        ("best_five(text)", lambda: hr.best_five(text)),
        ("best_five(list of codes)", lambda: hr.best_five(codes)),
    ]
    print("| one 7-card hand | ns/call |")
    print("|---|---:|")
    for label, fn in rows:
        print(f"| `{label}` | {show(t(fn))} |")

    # ---- batches: breakdown and best_five, ns per hand
    hands7 = random_hands(args.n, 7, seed=26)
    s7 = hr.evaluate(hands7, threads=1)
    rs = hr.get_rules("high")
    table = rs.table() if hasattr(rs, "table") else None
    batch = [
        ("evaluate(arr), 7 cards", hands7, lambda: hr.evaluate(hands7, threads=1)),
        ("breakdown(strengths)", hands7, lambda: hr.breakdown(s7)),
        ("table().ranks[strengths]", hands7, lambda: table.ranks[s7]),
    ]
    for k in (5, 7, 9):
        h = hands7 if k == 7 else random_hands(args.n, k, seed=26 + k)
        batch.append((f"best_five(arr), {k} cards", h,
                      lambda h=h: best_five_1(h)))
    razz = hands7
    batch.append(("best_five(arr, 'razz'), 7 cards", razz,
                  lambda: best_five_1(razz, "razz")))
    wild = random_hands(args.n, 7, seed=27, deck=53)
    batch.append(("best_five(arr, wild='jokers'), 7 cards", wild,
                  lambda: best_five_1(wild, wild="jokers")))
    small = hands7[: max(1, args.n // 10)]
    batch.append(("every five through evaluate (numpy), 7 cards", small,
                  lambda: every_five(hr, small)))
    print(f"| batch of {args.n:,} hands | ns/hand |")
    print("|---|---:|")
    for label, h, fn in batch:
        print(f"| `{label}` | {show(t(fn), len(h), 1)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
