#!/usr/bin/env python3
"""hr.settle: ns per call for 6 players (hold'em, from text and from codes;
omaha8) and per deal of a batch, then ``--check N`` random scenarios
against tests/settle_reference.py (every kind of game) and ``--pokerkit N``
against pokerkit's chip pushing (hold'em, PLO, Omaha hi-lo, seven-card
stud high and hi-lo).

    python bench/bench_settle.py                       # timings
    python bench/bench_settle.py --check 100000 --pokerkit 3000
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import timeit

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))

import numpy as np  # noqa: E402

import handrank as hr  # noqa: E402

HANDS = ["As Ad", "Ks Kd", "Qs Qd", "Jc Th", "9s 8s", "7h 2c"]
BOARD = "2h 7d Jd 9c 3c"
C = [100, 300, 300, 20, 300, 2]
F = [False, False, False, True, False, True]


def best(fn, number=20000, repeat=7) -> float:
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number * 1e9


def timings() -> None:
    codes = [hr.parse(h).tolist() for h in HANDS]
    bcodes = hr.parse(BOARD).tolist()
    o8 = ["Ah 2h Kc Kd", "3s 4s Qc Qd", "5s 6s 7s 8s", "Tc Td Jh Js", "9h 9d 2c 3c", "Ac Kh Qh Jd"]
    rows = {
        "holdem 6 players, text": lambda: hr.settle("holdem", HANDS, BOARD, contributions=C,
                                                    folded=F),
        "holdem 6 players, codes": lambda: hr.settle("holdem", codes, bcodes, contributions=C,
                                                     folded=F),
        "holdem 6 players, nobody folded, text":
            lambda: hr.settle("holdem", HANDS, BOARD, contributions=C),
        "omaha8 6 players, text": lambda: hr.settle("omaha8", o8, "4h 5h 9c Kh Ts",
                                                    contributions=C, folded=F),
        "showdown holdem 6 players, text (for scale)":
            lambda: hr.showdown("holdem", HANDS, BOARD),
    }
    for name, fn in rows.items():
        print(f"{best(fn):9.0f} ns  {name}")
    n = 100_000
    rng = np.random.default_rng(0)
    cards = np.argsort(rng.random((n, 52)), axis=1)[:, :17].astype(np.uint8)
    holes = np.ascontiguousarray(cards[:, :12].reshape(n, 6, 2))
    boards = np.ascontiguousarray(cards[:, 12:17])
    contrib = rng.integers(0, 1000, (n, 6))
    folded = rng.random((n, 6)) < 0.3
    folded[:, 0] = False
    t = min(timeit.repeat(lambda: hr.settle("holdem", holes, boards, contributions=contrib,
                                            folded=folded), number=1, repeat=3))
    print(f"{t / n * 1e9:9.0f} ns  per deal, batch of {n} hold'em 6-player deals")


def check(n: int) -> None:
    from settle_reference import settle_ref
    from test_settle import GAMES, random_deal
    rng = random.Random(2026)
    agree = 0
    for k in range(n):
        game = GAMES[k % len(GAMES)]
        hands, board, c, f, b = random_deal(rng, game, codes=rng.random() < 0.5)
        odd = "high-card" if k % 5 == 4 else "button"
        got = hr.settle(game, hands, board, contributions=c, folded=f, button=b, odd_chip=odd)
        want = settle_ref(game, hands, board, c, f, b, odd)
        agree += got == want
        if got != want:
            print("DIFF", game, hands, board, c, f, b, odd, got, want)
    print(f"reference: {agree} of {n} scenarios agree ({len(GAMES)} games)")


def check_pokerkit(n: int) -> None:
    from settle_pokerkit import low_quirk, scenario
    from settle_reference import settle_ref
    rng = random.Random(37)
    for game in ("holdem", "omaha", "omaha8", "stud", "stud8"):
        exact = close = quirk = 0
        for _ in range(n):
            hands, board, c, f, want = scenario(rng, game)
            got = hr.settle(game, hands, board, contributions=c, folded=f)
            assert sum(got) == sum(want) == sum(c), (game, hands, board, c, f, want)
            levels = len({x for x, fo in zip(c, f) if not fo})
            exact += got == want
            if got != want and low_quirk(game, hands, board, c, f):
                quirk += 1
                continue
            close += (settle_ref(game, hands, board, c, f, odd_mode="first") == want or
                      all(abs(a - w) <= 2 * levels for a, w in zip(got, want)))
        print(f"pokerkit {game}: {n} scenarios, {exact} exact, {close} equal modulo odd "
              f"chips, {quirk} differ by pokerkit's low-half quirk only")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", type=int, default=0)
    ap.add_argument("--pokerkit", type=int, default=0)
    a = ap.parse_args()
    timings()
    if a.check:
        check(a.check)
    if a.pokerkit:
        check_pokerkit(a.pokerkit)
