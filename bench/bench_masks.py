"""evaluate_masks against evaluate, and large batches against smaller ones.

Prints, for one thread and for ``threads=2``, in one run:

- ns/hand of ``evaluate`` on an ``(N, 7)`` uint8 array (the codes path) and
  of ``evaluate_masks`` on the same hands as ``(N,)`` uint64 masks, and their
  ratio (issue 23's goal: masks <= 1.25x codes);
- ns/hand of a 10**7-row batch against a 10**6-row batch, for each path, and
  that ratio (goal: <= 1.2x).

Both paths are first checked to give equal results on every row.  Results go
to preallocated ``out=`` arrays, so page faults of fresh result arrays are
not timed.  The four workloads of a thread count are timed in interleaved
rounds; each figure is the minimum over the rounds (the machine may be
shared: compare ratios within one run, not across runs).

    python bench/bench_masks.py                 # 10**6 and 10**7 rows, 5 rounds
    python bench/bench_masks.py --small 100000 --large 1000000 --rounds 3
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
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--small", type=int, default=1_000_000, help="rows of the small batch")
    p.add_argument("--large", type=int, default=10_000_000, help="rows of the large batch")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    p.add_argument("--rules", default="high")
    args = p.parse_args(argv)
    import handrank as hr
    from handrank import _core

    print(f"# {machine()}; handrank loop {_core.isa()}; {args.rules} rules, 7 cards")
    sizes = {"small": args.small, "large": args.large}
    codes = {s: hr.deal(n, 7, seed=11 + i) for i, (s, n) in enumerate(sizes.items())}
    masks = {s: hr.to_mask(c) for s, c in codes.items()}
    outs = {(s, w): np.empty(n, np.int16) for s, n in sizes.items() for w in ("codes", "masks")}
    for s in sizes:
        for t in args.threads:
            a = hr.evaluate(codes[s], args.rules, threads=t)
            b = hr.evaluate_masks(masks[s], args.rules, threads=t)
            if not np.array_equal(a, b):
                row = int(np.flatnonzero(a != b)[0])
                sys.exit(f"bench_masks.py: results differ at row {row} of the {s} batch "
                         f"(threads={t}): codes {a[row]}, masks {b[row]}")
    print(f"# results equal on all {sum(sizes.values()):,} rows, threads {args.threads}")

    def run(way: str, s: str, t: int) -> None:
        if way == "codes":
            hr.evaluate(codes[s], args.rules, threads=t, out=outs[s, way])
        else:
            hr.evaluate_masks(masks[s], args.rules, threads=t, out=outs[s, way])

    print("| threads | codes small | masks small | masks/codes | codes large | masks large "
          "| masks/codes large | codes large/small | masks large/small |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for t in args.threads:
        best: dict[tuple[str, str], float] = {}
        for _ in range(args.rounds):
            for s in sizes:
                for way in ("codes", "masks"):
                    t0 = time.perf_counter()
                    run(way, s, t)
                    ns = (time.perf_counter() - t0) * 1e9 / sizes[s]
                    best[way, s] = min(best.get((way, s), ns), ns)
        print(f"| {t} | {best['codes', 'small']:.2f} | {best['masks', 'small']:.2f} "
              f"| {best['masks', 'small'] / best['codes', 'small']:.2f}x "
              f"| {best['codes', 'large']:.2f} | {best['masks', 'large']:.2f} "
              f"| {best['masks', 'large'] / best['codes', 'large']:.2f}x "
              f"| {best['codes', 'large'] / best['codes', 'small']:.2f}x "
              f"| {best['masks', 'large'] / best['masks', 'small']:.2f}x |", flush=True)
    print(f"# ns/hand, minimum of {args.rounds} interleaved rounds; "
          f"small = {args.small:,} rows, large = {args.large:,} rows")
    return 0


if __name__ == "__main__":
    sys.exit(main())
