#!/usr/bin/env python3
"""Batched showdowns against ``evaluate`` of the same hands (issue 23's bound).

For each shape (hold'em 6-way and heads-up, stud, razz, draw six-handed) the
script deals N fixed-seed deals (``common.random_hands``), builds every
player's full hand (hole + board) as one ``(N x players, k)`` array, and
times, interleaved in one run (minimum of ``--repeat`` rounds):

* ``handrank.evaluate(hands, rules, threads=t)`` -- the bound;
* ``handrank.showdown(game, holes, boards, threads=t)``;
* ``handrank.game_strengths(game, holes, boards, threads=t)``.

It prints ns per player-hand and each call's ratio to ``evaluate`` (goal:
at most 1.25).  Ratios within one run hold up on a busy machine far better
than absolute times; ``--cpu --threads 1`` times by the calling thread's
CPU time, which other processes on a shared machine do not add to.  Before
timing it checks that the strengths equal ``evaluate``'s.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import machine, random_hands  # noqa: E402

SHAPES = [("holdem", 6), ("holdem", 2), ("stud", 6), ("razz", 6), ("draw", 6)]


CLOCK = time.perf_counter


def best(f, repeat: int) -> float:
    ts = []
    for _ in range(repeat):
        t = CLOCK()
        f()
        ts.append(CLOCK() - t)
    return min(ts)


def kernel_times(hr, g, holes, boards, hands, t: int, repeat: int):
    """Minimum times of the three C loops, one call each per round, interleaved."""
    n, players = holes.shape[:2]
    rs = hr.get_rules(g.halves[0].rules)
    deck = rs.deck.compiled(None)
    b = boards if boards is not None else np.zeros((n, 0), np.uint8)
    out = np.empty(len(hands), np.int16)
    sh = np.empty((n, players))
    st = np.empty((len(g.halves), n, players), np.int16)
    calls = (lambda: rs.tables.eval_codes(hands, out, t, deck),
             lambda: g.tables.showdown(holes, b, sh, None, 0, t),
             lambda: g.tables.showdown(holes, b, None, st, 0, t))
    ts = [[], [], []]
    for _ in range(repeat):
        for k, f in enumerate(calls):
            t0 = CLOCK()
            f()
            ts[k].append(CLOCK() - t0)
    return tuple(min(x) for x in ts)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=300_000, help="deals per shape")
    ap.add_argument("--repeat", type=int, default=5, help="rounds; the minimum counts")
    ap.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--shapes", nargs="+", default=[f"{g}:{p}" for g, p in SHAPES],
                    help="game:players, e.g. holdem:6 holdem:2")
    ap.add_argument("--cpu", action="store_true",
                    help="time by the calling thread's CPU time (1 thread only: the loop "
                    "runs in that thread), which a busy machine's other processes do not "
                    "add to")
    ap.add_argument("--kernel", action="store_true",
                    help="time the C loops alone (GameTables.showdown, RuleTables.eval_codes: "
                    "one call each, outputs allocated once), the three calls interleaved "
                    "in each round: without the Python layer's output arrays and slices")
    args = ap.parse_args()
    if args.cpu:
        if args.threads != [1]:
            ap.error("--cpu times one thread: give --threads 1")
        global CLOCK
        CLOCK = time.thread_time
    import handrank as hr
    print(machine())
    print("| shape | threads | evaluate ns/hand | showdown ns/hand (x eval) "
          "| game_strengths ns/hand (x eval) |")
    print("|---|---|---|---|---|")
    n = args.n
    for game, players in ((s.split(":")[0], int(s.split(":")[1])) for s in args.shapes):
        g = hr.get_game(game)
        deals = random_hands(n, players * g.hole + g.board, seed=players)
        holes = np.ascontiguousarray(deals[:, :players * g.hole]).reshape(n, players, g.hole)
        boards = np.ascontiguousarray(deals[:, players * g.hole:]) if g.board else None
        full = holes if boards is None else np.concatenate(
            [holes, np.broadcast_to(boards[:, None, :], (n, players, g.board))], axis=2)
        hands = np.ascontiguousarray(full).reshape(n * players, g.hole + g.board)
        rules = g.halves[0].rules
        st = hr.game_strengths(game, holes[:2000], None if boards is None else boards[:2000])
        want = hr.evaluate(hands[:2000 * players], rules).reshape(2000, players)
        if not np.array_equal(st[g.half_names.index(g.halves[0].name)], want):
            print(f"WARNING: {game}: game_strengths differs from evaluate", file=sys.stderr)
        per = 1e9 / (n * players)
        for t in args.threads:
            if args.kernel:
                ev, sd, gs = kernel_times(hr, g, holes, boards, hands, t, args.repeat)
            else:
                ev = best(lambda: hr.evaluate(hands, rules, threads=t), args.repeat)
                sd = best(lambda: hr.showdown(game, holes, boards, threads=t), args.repeat)
                gs = best(lambda: hr.game_strengths(game, holes, boards, threads=t),
                          args.repeat)
            print(f"| {game} {players}-way | {t} | {ev * per:.2f} | {sd * per:.2f} "
                  f"({sd / ev:.2f}x) | {gs * per:.2f} ({gs / ev:.2f}x) |", flush=True)


if __name__ == "__main__":
    main()
