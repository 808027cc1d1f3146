#!/usr/bin/env python3
"""hr.classify (made hands, draws, nut rank, blockers): hands per second on
one core, against the goal of issue 25 (50 M hands/s a core).

Rows:

- one board, N random holdings of it (a range or a solver's hands on one
  flop, turn or river): each of the board's holdings is classified once into
  a table, then rows are looked up;
- rows in groups of one board (every holding of 2,000 flops, as the
  exhaustive check runs them): a board's work (the keys of all its holdings,
  for the nut rank) is done once per group;
- every row its own random board: the board's work for each row (on a board
  with no suit of three cards, one lookup in the rank table, built once a
  process; else the nut rank from records of the board's ranks; the brute
  force they replaced, every holding's key for each row, is timed beside).

Answers are checked against the first rows of a direct call before timing
(the same rows in any grouping give the same classes).

    python bench/bench_classify.py [--n 10000000] [--repeat 5] [--quick]
"""
from __future__ import annotations

import argparse
import gc
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import machine  # noqa: E402

GOAL = 50e6


def timed(fn, repeat):
    times = []
    gc.disable()
    try:
        for _ in range(repeat):
            t0 = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t0)
    finally:
        gc.enable()
    return sorted(times)[len(times) // 2]


def holdings(board: np.ndarray) -> np.ndarray:
    rest = np.setdiff1d(np.arange(52, dtype=np.uint8), board)
    i, j = np.triu_indices(len(rest), 1)
    return np.stack([rest[i], rest[j]], axis=1)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=10_000_000, help="rows on one board")
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--quick", action="store_true", help="a smoke run of a few seconds")
    a = p.parse_args(argv)
    if a.quick:
        a.n, a.repeat = 1_000_000, 2
    import handrank as hr
    print(machine())
    rng = np.random.default_rng(25)
    rows = []

    for name, text in (("flop", "Qh 7h 2c"), ("turn", "Qh 7h 2c 9s"),
                       ("river", "Qh 7h 2c 9s Td")):
        board = hr.parse(text)
        h = holdings(board)
        hands = np.ascontiguousarray(h[rng.integers(0, len(h), a.n)])
        ref = hr.classify(hands[:1000], board, threads=1)        # direct, no table
        got = hr.classify(hands, board, threads=1)
        assert (got.made[:1000] == ref.made).all() and (got.nut_rank[:1000] == ref.nut_rank).all()
        sec = timed(lambda: hr.classify(hands, board, threads=1), a.repeat)
        rows.append((f"one {name} board, {a.n:,} hands", a.n / sec))

    flops = np.sort(np.argsort(rng.random((200 if a.quick else 2000, 52)), axis=1)[:, :3], axis=1)
    parts = [(holdings(f), f) for f in flops.astype(np.uint8)]
    h = np.concatenate([x for x, _ in parts])
    b = np.concatenate([np.broadcast_to(f, (len(x), 3)) for x, f in parts])
    sec = timed(lambda: hr.classify(h, b, threads=1), max(1, a.repeat // 2))
    rows.append((f"{len(flops):,} flops x all their holdings ({len(h):,} rows)", len(h) / sec))

    from handrank import _core
    m = 200_000 if a.quick else 2_000_000
    for name, nb in (("flop", 3), ("turn", 4), ("river", 5)):
        deals = hr.deal(m, 2 + nb, seed=25)
        hr.classify(deals[:10, :2], deals[:10, 2:], threads=1)      # the records, once
        sec = timed(lambda: hr.classify(deals[:, :2], deals[:, 2:], threads=1), a.repeat)
        rows.append((f"every row its own {name} ({m:,} rows)", m / sec))
        # the brute force the records replaced (every holding's key, a row), same run
        k = 2_000 if a.quick else 20_000
        h, b = np.ascontiguousarray(deals[:k, :2]), np.ascontiguousarray(deals[:k, 2:])
        out = [np.empty(k, t) for t in (np.uint8, np.uint16, np.int16, np.uint8)]
        sec = timed(lambda: _core.classify_rows(h, b.reshape(-1), nb, False, 0, k, *out, 1,
                                                True), 1)
        rows.append((f"  (the brute-force nut rank it replaced, {k:,} rows)", k / sec))

    print()
    print("| rows (threads=1) | hands/s | vs goal 50 M/s |")
    print("|---|---:|---:|")
    for label, rate in rows:
        print(f"| {label} | {rate / 1e6:,.2f} M | {rate / GOAL:.2f}x |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
