"""Instructions per player-hand of the showdown batch loop, counted by
callgrind (noise-free, unlike wall time), against ``evaluate``'s loop on the
same 7-card (or 5-card) hands: one thread, the loop hr_init chose.

Only instructions inside the batch call are counted (``--toggle-collect``:
``GameTables.showdown`` for showdowns, ``RuleTables.eval_codes`` for
evaluate), and each count is a difference of two runs of N1 and N2 deals
after the same setup, so fixed costs cancel: ``(Ir(N2) - Ir(N1)) /
((N2 - N1) x players)``.

    python bench/callgrind_showdown.py
    python bench/callgrind_showdown.py --shapes holdem:6 holdem:2
"""
from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from callgrind_eval import instructions  # noqa: E402

SNIPPET = """
import numpy as np, handrank as hr
g = hr.get_game({game!r})
P, n = {players}, {n}
deals = hr.deal({n2}, P * g.hole + g.board, seed=P)[:n]
holes = np.ascontiguousarray(deals[:, :P * g.hole]).reshape(n, P, g.hole)
boards = np.ascontiguousarray(deals[:, P * g.hole:])
full = holes if not g.board else np.concatenate(
    [holes, np.broadcast_to(boards[:, None, :], (n, P, g.board))], axis=2)
hands = np.ascontiguousarray(full).reshape(n * P, g.hole + g.board)
rs = hr.get_rules(g.halves[0].rules)
sh = np.empty((n, P)) if {what!r} == "showdown" else None
st = np.empty((1, n, P), np.int16) if {what!r} == "strengths" else None
out = np.empty(n * P, np.int16)
deck = rs.deck.compiled(None)
if {what!r} == "evaluate":
    rs.tables.eval_codes(hands[:1], out, 1, deck)
    rs.tables.eval_codes(hands, out, 1, deck)
else:
    g.tables.showdown(holes[:1], boards[:1], None if sh is None else sh[:1], st, 0, 1)
    g.tables.showdown(holes, boards, sh, st, 0, 1)
"""


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--shapes", nargs="+",
                   default=["holdem:6", "holdem:2", "stud:6", "razz:6", "draw:6"])
    p.add_argument("--n1", type=int, default=20_000)
    p.add_argument("--n2", type=int, default=120_000)
    args = p.parse_args(argv)
    print(f"# callgrind, one thread, (Ir({args.n2:,}) - Ir({args.n1:,})) per player-hand")
    print("| shape | evaluate | showdown | game_strengths |")
    print("|---|---:|---:|---:|")
    for shape in args.shapes:
        game, players = shape.split(":")
        row = []
        for what in ("evaluate", "showdown", "strengths"):
            entry, cls = (("eval_codes", "RuleTables") if what == "evaluate"
                          else ("showdown", "GameTables"))
            fmt = dict(game=game, players=int(players), n2=args.n2, what=what)
            a = instructions(SNIPPET.format(n=args.n1, **fmt), entry, cls)
            b = instructions(SNIPPET.format(n=args.n2, **fmt), entry, cls)
            row.append((b - a) / ((args.n2 - args.n1) * int(players)))
        print(f"| {game} {players}-way | " + " | ".join(f"{x:.1f}" for x in row) + " |",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
