#!/usr/bin/env python3
"""Analysis quantities against the peers that compute the same thing, in one run.

Rows (each row says what it computes; answers are printed next to the times
so the rows can be checked against each other):

- strength against one random hand on a flop, the board completed (pokerkit
  calls this "hand strength"): ``hr.equity(..., [hand, "??"])`` exact, and
  Monte Carlo with pokerkit's sample count, against
  ``pokerkit.calculate_hand_strength``;
- each hand of a range against a range on a flop: ``hr.equity(...).by_hand``
  (exact, and Monte Carlo) against ``eval7.py_all_hands_vs_range``;
- Billings' HS / PPot / NPot, EHS and EHS² (no peer has them).

    pip install '.[bench]'; python bench/bench_analysis.py [--repeat 5]
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import machine  # noqa: E402

HAND, FLOP = "Ad Qc", "3h 4c Jh"
HERO, VILLAIN, BOARD = "QQ+, AKs", "JJ-88, AQs", "Qh 7h 2c"


def timed(fn, repeat):
    times, out = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return sorted(times)[len(times) // 2], out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--samples", type=int, default=10_000, help="peers' Monte Carlo samples")
    a = p.parse_args(argv)
    import handrank as hr
    rows = []

    sec, r = timed(lambda: hr.equity("holdem", [HAND, "??"], board=FLOP, threads=1), a.repeat)
    rows.append(("strength vs a random hand, flop", "hr.equity exact", sec, f"{r.equity[0]:.4f}"))
    sec, r = timed(lambda: hr.equity("holdem", [HAND, "??"], board=FLOP, trials=a.samples,
                                     seed=1, threads=1), a.repeat)
    rows.append(("strength vs a random hand, flop", f"hr.equity MC {a.samples:,}", sec,
                 f"{r.equity[0]:.4f}"))
    try:
        import pokerkit as pk
        args = (2, pk.parse_range(HAND.replace(" ", "")), pk.Card.parse(FLOP.replace(" ", "")),
                2, 5, pk.Deck.STANDARD, (pk.StandardHighHand,))
        sec, v = timed(lambda: pk.calculate_hand_strength(*args, sample_count=a.samples),
                       max(1, a.repeat // 2))
        rows.append(("strength vs a random hand, flop",
                     f"pokerkit.calculate_hand_strength {a.samples:,}", sec, f"{v:.4f}"))
    except ImportError:
        print("pokerkit not installed: its row is skipped", file=sys.stderr)

    sec, r = timed(lambda: hr.equity("holdem", [HERO, VILLAIN], board=BOARD, threads=1),
                   a.repeat)
    rows.append(("each range hand vs a range, flop", "hr.equity(...).by_hand exact", sec,
                 f"AsAh {r.by_hand[0]['As Ah']:.4f}"))
    sec, r = timed(lambda: hr.equity("holdem", [HERO, VILLAIN], board=BOARD, trials=a.samples,
                                     seed=1, threads=1), a.repeat)
    rows.append(("each range hand vs a range, flop", f"hr.equity(...).by_hand MC {a.samples:,}",
                 sec, f"AsAh {r.by_hand[0]['As Ah']:.4f}"))
    try:
        import eval7
        hero, vill = eval7.HandRange(HERO), eval7.HandRange(VILLAIN)
        board = [eval7.Card(c) for c in BOARD.split()]
        sec, d = timed(lambda: eval7.py_all_hands_vs_range(hero, vill, board, a.samples),
                       a.repeat)
        aa = next(v for k, v in d.items() if {str(c) for c in k} == {"As", "Ah"})
        rows.append(("each range hand vs a range, flop",
                     f"eval7.py_all_hands_vs_range {a.samples:,}", sec, f"AsAh {aa:.4f}"))
    except ImportError:
        print("eval7 not installed: its row is skipped", file=sys.stderr)

    for name, fn in [("HS", lambda: hr.hand_strength(HAND, FLOP)),
                     ("HS, PPot, NPot", lambda: hr.hand_potential(HAND, FLOP)),
                     ("EHS2", lambda: hr.ehs2(HAND, FLOP))]:
        sec, v = timed(fn, a.repeat)
        shown = f"{v:.4f}" if isinstance(v, float) else f"{v.hs:.3f} {v.ppot:.3f} {v.npot:.3f}"
        rows.append((f"{name}, {HAND} on {FLOP}", "handrank (exact)", sec, shown))

    print(f"Machine: {machine()}; one thread where there is a choice; median of {a.repeat}\n")
    print("| quantity | call | ms per call | answer |")
    print("|---|---|---:|---|")
    for what, call, sec, ans in rows:
        print(f"| {what} | {call} | {sec * 1e3:,.2f} | {ans} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
