#!/usr/bin/env python3
"""Double-board equity against one board, in one run.

For every registered game with a board (``hr.GAMES``), the same question --
two known hands and a flop, the second board's flop fixed too -- is asked of
the game and of its double-board form (``<game>-double-board``): Monte Carlo
deals/s on one core (median of ``--repeat`` runs of ``--trials`` deals, the
same seed), against the game with each of the two flops alone; the last
column is the time of the double-board run over the sum of the two one-board
runs (1.0: a double deal costs what a deal on each board alone costs; less:
the shared draws and hole sums save time).  No peer library deals two
boards, so there is no peer column.

    python bench/bench_double_board.py [--trials 1000000] [--repeat 5] [--games holdem omaha]
"""
from __future__ import annotations

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import machine, median_time  # noqa: E402

import handrank as hr  # noqa: E402


def question(g: hr.Game, seed: int) -> tuple[list[list[int]], list[int], list[int]]:
    """Two known hands, a flop (board 1) and a second flop (board 2)."""
    deck = [int(c) for c in np.random.default_rng(seed).permutation(g.cards.codes)]
    holes = [deck[:g.hole], deck[g.hole:2 * g.hole]]
    rest = deck[2 * g.hole:]
    k = min(3, g.board)
    return holes, rest[:k], rest[k:2 * k]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--trials", type=int, default=1_000_000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--games", nargs="*", default=None,
                    help="game names (default: every game with a board)")
    args = ap.parse_args(argv)
    games = [hr.get_game(n) for n in args.games] if args.games else \
        [g for g in hr.GAMES if g.board]
    print(f"machine: {machine()}")
    print(f"Monte Carlo, 1 thread, {args.trials:,} deals, median of {args.repeat}\n")
    print("| game | one board (flop 1), M deals/s | one board (flop 2) | two boards | "
          "two boards' time / both one-board times |")
    print("|---|---:|---:|---:|---:|")
    for i, g in enumerate(games):
        holes, b1, b2 = question(g, i)
        times = []
        for game, board in ((g, b1), (g, b2), (g.double_board(), [b1, b2])):
            t, _ = median_time(lambda: hr.equity(game, holes, board=board, trials=args.trials,
                                                 seed=1, threads=1),
                               repeat=args.repeat, warmup=1)
            times.append(t)
        one, other, two = (args.trials / t / 1e6 for t in times)
        print(f"| {g.name} | {one:.2f} | {other:.2f} | {two:.2f} | "
              f"{times[2] / (times[0] + times[1]):.2f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
