#!/usr/bin/env python3
"""Issue 23's small-call rows: one ``equity`` call on a river and a turn, and
one ``evaluate`` call from text and from codes, in µs per call, beside the
peers that do the same job from Python when they are installed (eval7's
``py_hand_vs_range_exact`` on the river and turn, phevaluator's C entry
``_pheval.evaluate_7cards`` on seven card ids), all in the same run.

The question is the same for every contender and includes getting the
number out: eval7 returns the hero's equity as a float, so the handrank
rows read ``.equity[0]`` too (an EquityResult builds its arrays when first
read).  eval7 is timed twice: with its Card objects made once before the
loop (its best case) and with them made from text in each call (what
handrank does).  Its range is parsed once either way: parsing "QdQc" costs
eval7 about 1.4 ms.  Each call's result is freed inside the timed loop
(a list comprehension that keeps the results frees them after the clock
stops, which hides the cost of freeing a result object).

Every row is timed as a loop of ``--calls`` calls; the rows take turns
(``--rounds`` interleaved rounds, so that a busy machine slows them alike)
and each row reports the least of its rounds (the noise of a shared
machine only ever adds time).  The "+ .equity" rows also read the result's
``equity`` array (the arrays of an EquityResult are built when first read).

    python bench/bench_small_calls.py               # about 20 s
    python bench/bench_small_calls.py --rounds 3    # quicker
"""
from __future__ import annotations

import argparse
import gc
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import machine  # noqa: E402

HU = ["As Ks", "Qd Qc"]
RIVER, TURN = "2h 7d Jc 9s 3c", "2h 7d Jc 9s"
SEVEN = "As Ks Qd Jc Th 2c 3d"


def rows() -> dict:
    """name -> a function of no arguments making one call."""
    import handrank as hr
    codes = tuple(hr.parse(SEVEN).tolist())
    out = {
        "equity holdem AsKs vs QdQc, river, .equity[0]":
            lambda: hr.equity("holdem", HU, board=RIVER).equity[0],
        "equity holdem AsKs vs QdQc, turn, .equity[0]":
            lambda: hr.equity("holdem", HU, board=TURN).equity[0],
        "equity river, result not read": lambda: hr.equity("holdem", HU, board=RIVER),
        "evaluate text, 7 cards": lambda: hr.evaluate(SEVEN),
        "evaluate tuple of 7 codes": lambda: hr.evaluate(codes),
        "evaluate list of 7 codes": lambda: hr.evaluate(list(codes)),
    }
    try:
        import eval7
    except ImportError:
        pass
    else:
        hero = [eval7.Card(c) for c in HU[0].split()]
        villain = eval7.HandRange("QdQc")
        river = [eval7.Card(c) for c in RIVER.split()]
        turn = [eval7.Card(c) for c in TURN.split()]
        card = eval7.Card
        out["eval7 py_hand_vs_range_exact, river, Cards made before"] = \
            lambda: eval7.py_hand_vs_range_exact(hero, villain, river)
        out["eval7 py_hand_vs_range_exact, river, Cards from text"] = \
            lambda: eval7.py_hand_vs_range_exact([card(c) for c in HU[0].split()], villain,
                                                 [card(c) for c in RIVER.split()])
        # (on a turn eval7 returns 0.0, not 6/44: it wants a complete board)
        out["eval7 py_hand_vs_range_exact, turn, Cards made before"] = \
            lambda: eval7.py_hand_vs_range_exact(hero, villain, turn)
    try:
        from phevaluator import _pheval
        from phevaluator.card import Card
    except ImportError:
        pass
    else:
        ids = [Card.to_id(c) for c in SEVEN.split()]
        f = _pheval.evaluate_7cards
        a, b, c, d, e, g, h = ids
        out["phevaluator _pheval.evaluate_7cards(7 ids)"] = lambda: f(a, b, c, d, e, g, h)
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rounds", type=int, default=7, help="interleaved rounds (least reported)")
    p.add_argument("--calls", type=int, default=20000, help="calls per row per round")
    a = p.parse_args(argv)
    todo = rows()
    best = {k: float("inf") for k in todo}
    for fn in todo.values():                                   # warm up
        for _ in range(100):
            fn()
    for _ in range(a.rounds):
        for name, fn in todo.items():
            gc.collect()
            gc.disable()
            try:
                t0 = time.perf_counter()
                for _ in range(a.calls):
                    fn()
                t = (time.perf_counter() - t0) / a.calls
            finally:
                gc.enable()
            best[name] = min(best[name], t)
    print(f"# {machine()}; least of {a.rounds} interleaved rounds of {a.calls:,} calls")
    print("| call | µs per call |")
    print("|---|---|")
    for name, t in best.items():
        print(f"| {name} | {t * 1e6:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
