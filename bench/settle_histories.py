#!/usr/bin/env python3
"""Settle real recorded hands with ``hr.settle`` and compare each player's
result with the hand's own replay.

The hands are poker hand histories in the PHH format (one ``.phh`` file a
hand): the televised final table of a 2023 World Series of Poker mixed-game
event (no-limit and limit hold'em, pot-limit Omaha, Omaha and stud
eight-or-better, stud, razz, 2-7 single and triple draw), the 10,000 hands
Pluribus played (six-handed no-limit hold'em), and a few famous hands, as
pokerkit's repository carries them.  pokerkit (the ``bench`` extra) reads
and replays each hand; from the replay this script takes what an engine
holds when a hand ends -- each player's cards, the board, the chips each
put in, who folded or mucked -- calls ``hr.settle`` once, and checks that
every player's net result equals the replay's (final stack minus starting
stack).

    python bench/settle_histories.py DIR_OR_FILE ...        # every .phh below
    python bench/settle_histories.py --limit 500 DIR         # the first 500

A hand is skipped (and counted) when its cards at showdown are not all
known, when its chip counts are not whole numbers, or when its variant has
no handrank game.  A disagreement prints the hand's path and both results.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from fractions import Fraction

import handrank as hr

# PHH variant codes -> handrank games; odd chips as each game deals them
# (stud games by the highest card, the others from the button's left).
VARIANTS = {
    "NT": ("holdem", "button"), "FT": ("holdem", "button"),
    "NS": ("short-deck", "button"),
    "PO": ("omaha", "button"), "FO/8": ("omaha8", "button"),
    "F7S": ("stud", "high-card"), "F7S/8": ("stud8", "high-card"),
    "FR": ("razz", "high-card"),
    "F2L3D": ("2-7-draw", "button"), "N2L1D": ("2-7-draw", "button"),
    "FB": ("badugi", "button"),
}


def phh_files(paths: list[str]) -> list[str]:
    out = []
    for p in paths:
        if os.path.isdir(p):
            for root, _, names in os.walk(p):
                out += [os.path.join(root, n) for n in names if n.endswith(".phh")]
        else:
            out.append(p)
    return sorted(out)


def replay(path: str):
    """What an engine holds when the hand ends, and the replay's results:
    ``(game, odd_chip, hands, board, contributions, dead, folded, net)`` or
    a reason to skip."""
    from pokerkit import HandHistory
    with open(path, "rb") as f:
        hh = HandHistory.load(f)
    if hh.variant not in VARIANTS:
        return f"variant {hh.variant}"
    game, odd = VARIANTS[hh.variant]
    start = list(hh.starting_stacks)
    low = list(start)
    state = None
    try:
        for state in hh:
            low = [min(a, b) for a, b in zip(low, state.stacks)]
    except ValueError as e:                     # a history pokerkit cannot replay
        return f"pokerkit: {e}"
    antes = hh.antes if isinstance(hh.antes, (list, tuple)) else [hh.antes] * len(start)
    antes = list(antes) + [0] * (len(start) - len(antes))
    final = list(state.stacks)
    if any(Fraction(x).denominator != 1 for x in start + final + low):
        return "fractional chips"
    contributions = [int(s - m) for s, m in zip(start, low)]
    # antes are dead money (the big-blind ante above all): never uncalled
    dead = [min(int(a), c) for a, c in zip(antes, contributions)]
    net = [int(f - s) for f, s in zip(final, start)]
    live = list(state.statuses)
    hands = []
    for i, cards in enumerate(state.hole_cards):
        if not live[i]:
            hands.append(None)
            continue
        text = " ".join(repr(c) for c in cards)
        if "?" in text:
            return "unknown cards at showdown"
        hands.append(text)
    board = None
    if game not in ("stud", "stud8", "razz", "2-7-draw", "badugi"):
        board = " ".join(repr(c) for c in state.get_board_cards(0))
    return game, odd, hands, board, contributions, dead, [not x for x in live], net


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("paths", nargs="+")
    p.add_argument("--limit", type=int, default=None)
    a = p.parse_args(argv)
    files = phh_files(a.paths)[:a.limit]
    done, skipped, bad, games = 0, Counter(), 0, Counter()
    times = []
    for path in files:
        got = replay(path)
        if isinstance(got, str):
            skipped[got] += 1
            continue
        game, odd, hands, board, contributions, dead, folded, net = got
        t0 = time.perf_counter()
        back = hr.settle(game, hands, board, contributions=contributions,
                         folded=folded, odd_chip=odd, dead=dead)
        times.append(time.perf_counter() - t0)
        mine = [b - c for b, c in zip(back, contributions)]
        games[game] += 1
        done += 1
        if mine != net:
            bad += 1
            print(f"DISAGREE {path}: settle {mine}, replay {net}; hands {hands}, "
                  f"board {board}, contributions {contributions}, dead {dead}, "
                  f"folded {folded}")
    print(f"{done:,} hands settled ({dict(games)}), {bad} disagreements; "
          f"skipped {sum(skipped.values()):,} ({dict(skipped)})")
    if done:
        times.sort()
        print(f"hr.settle: {times[len(times) // 2] * 1e6:.2f} µs a hand (median; a game's first "
              f"call also builds its tables)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
