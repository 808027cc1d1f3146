"""Range equity: handrank against eval7 on the same questions, in one run.

    python bench/bench_ranges.py            # about a minute
    python bench/bench_ranges.py --table    # also build the 169 x 169 preflop table (minutes)

Questions:
1. a hand against a 10% range on a flop, exact (every turn and river);
2. range against range preflop, Monte Carlo, deals per second on one core;
3. (--table) the exact preflop table from scratch, wall time on all cores.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import machine, median_time  # noqa: E402

import handrank as hr  # noqa: E402

TEN_PERCENT = "77+, A9s+, KTs+, QTs+, JTs, ATo+, KJo+"
HERO, FLOP = "As Kd", "2h 7d Jc"


def eval7_hand_vs_range_flop(repeat: int) -> tuple[float, float] | None:
    try:
        import eval7
    except ImportError:
        return None
    hero = [eval7.Card(c) for c in HERO.split()]
    board = [eval7.Card(c) for c in FLOP.split()]
    villain = eval7.HandRange(TEN_PERCENT.replace(" ", ""))
    dead = {str(c) for c in hero + board}
    rest = [eval7.Card(r + s) for r in "23456789TJQKA" for s in "cdhs" if r + s not in dead]

    def run():
        # eval7 counts a range only on a complete board: walk every turn and river
        total = 0.0
        boards = list(combinations(rest, 2))
        for b in boards:
            total += eval7.py_hand_vs_range_exact(hero, villain, board + list(b))
        return total / len(boards)

    sec, _ = median_time(run, repeat=repeat, warmup=0)
    return sec, run()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--trials", type=int, default=10_000_000)
    p.add_argument("--table", action="store_true", help="also time the preflop table build")
    a = p.parse_args()
    print(f"machine: {machine()}")
    rng = hr.Range(TEN_PERCENT)
    print(f"10% range: {TEN_PERCENT} ({len(rng)} hands)\n")
    rows = []
    q1 = lambda: hr.equity("holdem", [HERO, TEN_PERCENT], board=FLOP, threads=1)  # noqa: E731
    sec, _ = median_time(q1, repeat=a.repeat, warmup=1)
    r = q1()
    rows.append(("1 hand vs 10% range, flop, exact", "handrank threads=1", sec,
                 r.equity[0], r.deals))
    q1b = lambda: hr.equity("holdem", [HERO, TEN_PERCENT], board=FLOP)  # noqa: E731
    sec1b, _ = median_time(q1b, repeat=a.repeat, warmup=1)
    rows.append(("1 hand vs 10% range, flop, exact", "handrank threads=default", sec1b,
                 r.equity[0], r.deals))
    peer = eval7_hand_vs_range_flop(max(1, a.repeat // 2))
    if peer:
        rows.append(("1 hand vs 10% range, flop, exact", "eval7 py_hand_vs_range_exact "
                     "over every turn+river", peer[0], peer[1], None))
    q2 = lambda: hr.equity("holdem", ["QQ+, AKs", "22+, ATo+"], trials=a.trials,  # noqa: E731
                           seed=1, threads=1)
    sec2, _ = median_time(q2, repeat=a.repeat, warmup=1)
    r2 = q2()
    rows.append(("2 range vs range preflop, MC", "handrank threads=1", sec2, r2.equity[0],
                 r2.deals))
    print("| question | call | seconds | equity p0 | deals/s | ratio |")
    print("|---|---|---:|---:|---:|---:|")
    for q, call, s, eq, deals in rows:
        rate = f"{deals / s:,.0f}" if deals else ""
        ratio = ("baseline" if call == "handrank threads=1" else
                 f"{sec / s:.2f}x baseline" if call.startswith("handrank") else
                 f"handrank is {s / sec:,.0f}x faster (threads=1)")
        print(f"| {q} | {call} | {s:.4f} | {eq:.4%} | {rate} | {ratio} |")
    if a.table:
        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            t = hr.preflop_table(Path(tmp) / "t.npz", rebuild=True)
            build = time.perf_counter() - start
            start = time.perf_counter()
            hr.preflop_table(Path(tmp) / "t.npz")
            load = time.perf_counter() - start
        print(f"\npreflop table: 47,086 matchups x 1,712,304 boards built in {build:.0f} s "
              f"(all cores), loaded in {load * 1e3:.1f} ms; AA vs random {t('AA'):.4%}, "
              f"72o vs random {t('72o'):.4%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
