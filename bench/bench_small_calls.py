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

Issue 37 adds the per-hand rows (showdown heads-up and nine-handed from
text and from lists of codes, winners, game_strengths, evaluate_omaha,
best_five, classify, compare, double-board and stud showdowns, settle)
beside the peers that answer the same
question one hand at a time (phevaluator's ``evaluate_omaha_cards``;
eval7 and treys valuing two hands and comparing them).
"""
from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import machine  # noqa: E402

HU = ["As Ks", "Qd Qc"]
RIVER, TURN, FLOP = "2h 7d Jc 9s 3c", "2h 7d Jc 9s", "2h 7d Jc"
SEVEN = "As Ks Qd Jc Th 2c 3d"
SD_HU, SD_BOARD = ["As Ks", "Qd Qh"], "Jd Th 2c 3d 4s"
SD_NINE = ["As Ks", "Qd Qh", "2s 3s", "4h 5h", "6h 7h", "8h 9h", "Td Jh", "Kh Ah", "2h 3h"]
FULL_HU = [h + " " + SD_BOARD for h in SD_HU]
OMAHA_HOLE, OMAHA_BOARD = "As Ks Qd Jd", "Th 2c 3d 4s 5h"
CLASSIFY = ("As Ks", "Qd Jd 2c")
DOUBLE = "Jd Th 2c 3d 4s | 5h 6h 7h 8c 9c"
STUD = ["As Ks Qd Jc Th 2c 3d", "Ad Kd Qh Jh 9h 2d 3h"]
SIX = ["As Ks", "Qd Qh", "2s 3s", "4h 5h", "6h 7h", "8h 9h"]
CONTRIB, FOLDED = [100, 50, 200, 200, 30, 200], [False, False, False, True, False, False]
# the river question a game engine asks once per hand (issue 37's goal: at or
# below eval7's py_hand_vs_range_exact on it, in the same run)
ENGINE_HU, ENGINE_RIVER = ["As Kd", "Qh Qc"], "2c 7d 9h Ts 3s"
#: (handrank row, eval7 row) pairs whose ratio of medians is reported
RATIOS = {
    "equity river vs eval7": ("equity river As Kd vs Qh Qc, .equity[0]",
                              "eval7 py_hand_vs_range_exact, river As Kd vs Qh Qc, "
                              "Cards made before"),
    "equity river vs eval7, Cards from text": (
        "equity river As Kd vs Qh Qc, .equity[0]",
        "eval7 py_hand_vs_range_exact, river As Kd vs Qh Qc, Cards from text"),
}


def rows() -> dict:
    """name -> a function of no arguments making one call."""
    import handrank as hr
    codes = tuple(hr.parse(SEVEN).tolist())
    sd_hu_codes = [hr.parse(h).tolist() for h in SD_HU]
    sd_nine_codes = [hr.parse(h).tolist() for h in SD_NINE]
    sd_board_codes = hr.parse(SD_BOARD).tolist()
    full_codes = [hr.parse(h).tolist() for h in FULL_HU]
    out = {
        "equity holdem AsKs vs QdQc, river, .equity[0]":
            lambda: hr.equity("holdem", HU, board=RIVER).equity[0],
        "equity holdem AsKs vs QdQc, turn, .equity[0]":
            lambda: hr.equity("holdem", HU, board=TURN).equity[0],
        "equity holdem AsKs vs QdQc, flop (exact), .equity[0]":
            lambda: hr.equity("holdem", HU, board=FLOP).equity[0],
        "equity river, result not read": lambda: hr.equity("holdem", HU, board=RIVER),
        "equity river As Kd vs Qh Qc, .equity[0]":
            lambda: hr.equity("holdem", ENGINE_HU, ENGINE_RIVER).equity[0],
        "evaluate text, 7 cards": lambda: hr.evaluate(SEVEN),
        "evaluate tuple of 7 codes": lambda: hr.evaluate(codes),
        "evaluate list of 7 codes": lambda: hr.evaluate(list(codes)),
        # issue 37: the calls an engine makes once per hand
        "showdown holdem heads-up, text": lambda: hr.showdown("holdem", SD_HU, SD_BOARD),
        "showdown holdem heads-up, lists of codes":
            lambda: hr.showdown("holdem", sd_hu_codes, sd_board_codes),
        "showdown holdem 9 players, text": lambda: hr.showdown("holdem", SD_NINE, SD_BOARD),
        "showdown holdem 9 players, lists of codes":
            lambda: hr.showdown("holdem", sd_nine_codes, sd_board_codes),
        "winners holdem heads-up, text": lambda: hr.winners("holdem", SD_HU, SD_BOARD),
        "game_strengths holdem heads-up, text":
            lambda: hr.game_strengths("holdem", SD_HU, SD_BOARD),
        "evaluate_omaha, text": lambda: hr.evaluate_omaha(OMAHA_HOLE, OMAHA_BOARD),
        "best_five, 7 cards text": lambda: hr.best_five(SEVEN),
        "best_five, tuple of 7 codes": lambda: hr.best_five(codes),
        "showdown holdem-double-board heads-up, text with '|'":
            lambda: hr.showdown("holdem-double-board", SD_HU, DOUBLE),
        "showdown holdem-double-board heads-up, pair of texts":
            lambda: hr.showdown("holdem-double-board", SD_HU, DOUBLE.split(" | ")),
        "showdown stud heads-up, text": lambda: hr.showdown("stud", STUD),
        "settle holdem 6 players, text":
            lambda: hr.settle("holdem", SIX, SD_BOARD, contributions=CONTRIB, folded=FOLDED),
        "classify, flop, text": lambda: hr.classify(*CLASSIFY),
    }
    # the general paths the per-hand entries fall back to (what these calls
    # cost before their per-hand paths), in the same run
    from handrank.evaluation import _breakdown
    from handrank.games import _showdown
    if hasattr(_breakdown, "_best_five_general"):
        out["best_five, 7 cards text, general path"] = \
            lambda: _breakdown._best_five_general(SEVEN)
    out["showdown holdem-double-board heads-up, text with '|', general path"] = \
        lambda: _showdown._showdown_general("holdem-double-board", SD_HU, DOUBLE)
    out["showdown holdem heads-up, text, general path"] = \
        lambda: _showdown._showdown_general("holdem", SD_HU, SD_BOARD)
    if hasattr(hr, "compare"):
        out["compare 2 complete hands, text"] = lambda: hr.compare(FULL_HU)
        out["compare 2 complete hands, lists of codes"] = lambda: hr.compare(full_codes)
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
        e_hero = [eval7.Card(c) for c in ENGINE_HU[0].split()]
        e_villain = eval7.HandRange(ENGINE_HU[1].replace(" ", ""))
        e_river = [eval7.Card(c) for c in ENGINE_RIVER.split()]
        out["eval7 py_hand_vs_range_exact, river As Kd vs Qh Qc, Cards made before"] = \
            lambda: eval7.py_hand_vs_range_exact(e_hero, e_villain, e_river)
        out["eval7 py_hand_vs_range_exact, river As Kd vs Qh Qc, Cards from text"] = \
            lambda: eval7.py_hand_vs_range_exact([card(c) for c in ENGINE_HU[0].split()],
                                                 e_villain,
                                                 [card(c) for c in ENGINE_RIVER.split()])
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
        try:
            from phevaluator import evaluate_omaha_cards
        except ImportError:
            pass
        else:
            oc = OMAHA_BOARD.split() + OMAHA_HOLE.split()      # (board 5, hole 4)
            out["phevaluator evaluate_omaha_cards, text"] = lambda: evaluate_omaha_cards(*oc)
    try:
        import eval7
    except ImportError:
        pass
    else:
        ev = eval7.evaluate
        sd = [[eval7.Card(c) for c in (h + " " + SD_BOARD).split()] for h in SD_HU]
        out["eval7 evaluate x2 + compare (showdown by hand), Cards made before"] = \
            lambda: ev(sd[0]) > ev(sd[1])
    try:
        from treys import Card as TCard, Evaluator
    except ImportError:
        pass
    else:
        tev = Evaluator()
        tb = [TCard.new(c) for c in SD_BOARD.split()]
        th = [[TCard.new(c) for c in h.split()] for h in SD_HU]
        out["treys evaluate x2 + compare (showdown by hand), ints made before"] = \
            lambda: tev.evaluate(th[0], tb) < tev.evaluate(th[1], tb)
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rounds", type=int, default=7, help="interleaved rounds (least reported)")
    p.add_argument("--calls", type=int, default=20000, help="calls per row per round")
    p.add_argument("--rows", nargs="+", default=None,
                   help="only the rows whose name holds one of these words")
    a = p.parse_args(argv)
    todo = rows()
    if a.rows:
        todo = {k: f for k, f in todo.items() if any(w in k for w in a.rows)}
    best = {k: float("inf") for k in todo}
    times = {k: [] for k in todo}
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
            times[name].append(t)
    print(f"# {machine()}; {a.rounds} interleaved rounds of {a.calls:,} calls: the least "
          f"and the median round")
    print("| call | µs per call (least) | µs per call (median) |")
    print("|---|---|---|")
    for name, t in best.items():
        print(f"| {name} | {t * 1e6:.2f} | {statistics.median(times[name]) * 1e6:.2f} |")
    for name, (mine, peer) in RATIOS.items():
        if mine in times and peer in times:
            m, e = statistics.median(times[mine]), statistics.median(times[peer])
            print(f"| {name} (handrank / eval7, medians, same run) | {m * 1e6:.2f} / "
                  f"{e * 1e6:.2f} µs = {m / e:.2f} | |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
