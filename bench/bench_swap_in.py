"""A whole simulated hand of a hold'em engine with handrank swapped in,
before and after the per-hand path, in the same run: the engine deals six
players, some fold, the others are all in for different amounts, and it
settles the pot with side pots.

- before: the old adapter style (docs/swap-in.rst before the per-hand
  path): one ``hr.evaluate`` call per live player, then the engine's own
  side-pot loop in Python;
- after: one ``hr.settle`` call (side pots, uncalled chips, odd chips).

Both give the same chips on every hand (checked; contributions are
multiples of 60, so no pot has an odd chip and the engine's own loop needs
no odd-chip rule).  Each figure is the median of ``--repeat`` loops of
``--hands`` hands, one thread.

    python bench/bench_swap_in.py            # a few seconds
    python bench/bench_swap_in.py --repeat 9 --hands 20000
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

import handrank as hr


def deal(rng: random.Random, players: int):
    cards = rng.sample(range(52), 2 * players + 5)
    holes = [cards[2 * i:2 * i + 2] for i in range(players)]
    board = cards[2 * players:]
    contributions = [60 * rng.randint(1, 20) for _ in range(players)]
    folded = [rng.random() < 0.3 for _ in range(players)]
    if all(folded):
        folded[rng.randrange(players)] = False
    return holes, board, contributions, folded


def settle_before(holes, board, contributions, folded):
    """The old adapter: each live player's hand valued by its own call, the
    pot split by the engine's own loop (uncalled chips back, then one pot per
    live player's contribution level, the last taking what is above it)."""
    n = len(holes)
    value = [None if folded[i] else hr.evaluate(holes[i] + board) for i in range(n)]
    won = [0] * n
    c = list(contributions)
    top = max(range(n), key=lambda i: c[i])
    second = max(c[i] for i in range(n) if i != top)
    won[top] += c[top] - second                  # uncalled chips go back
    c[top] = second
    live = [i for i in range(n) if not folded[i]]
    levels = sorted({c[i] for i in live})
    prev = 0
    for k, level in enumerate(levels):
        last = k == len(levels) - 1
        pot = sum((c[i] if last else min(c[i], level)) - min(c[i], prev) for i in range(n))
        contenders = [i for i in live if c[i] >= level]
        best = max(value[i] for i in contenders)
        tied = [i for i in contenders if value[i] == best]
        for i in tied:
            won[i] += pot // len(tied)
        prev = level
    return won


def settle_after(holes, board, contributions, folded):
    return hr.settle("holdem", holes, board, contributions=contributions,
                     folded=folded)


def per_hand(fn, deals, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        for d in deals:
            fn(*d)
        times.append((time.perf_counter() - t) / len(deals))
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=5000)
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--repeat", type=int, default=7)
    a = ap.parse_args()
    rng = random.Random(37)
    deals = [deal(rng, a.players) for _ in range(a.hands)]
    for d in deals:
        before, after = settle_before(*d), settle_after(*d)
        assert [int(x) for x in before] == [int(x) for x in after], (d, before, after)
    b = per_hand(settle_before, deals, a.repeat)
    f = per_hand(settle_after, deals, a.repeat)
    print(f"handrank {hr.__version__}; {a.players} players, {a.hands} hands, "
          f"median of {a.repeat} loops, one thread")
    print()
    print("| whole hand settled | us per hand |")
    print("|---|---|")
    print(f"| before: evaluate per player + the engine's side pots | {b * 1e6:.2f} |")
    print(f"| after: one hr.settle | {f * 1e6:.2f} |")
    print(f"| speed-up | {b / f:.1f}x |")


if __name__ == "__main__":
    main()
