"""Instructions per call of the per-hand entries (issue 37), counted by
callgrind (noise-free, unlike wall time): one thread, the whole process
counted, each figure a difference of two runs of N1 and N2 calls after the
same setup and warm-up, so start-up and fixed costs cancel:
``(Ir(N2) - Ir(N1)) / (N2 - N1)``.  The count includes the interpreter's
loop and call (a few hundred instructions, the same for every row) and
freeing each result.

    python bench/callgrind_calls.py
    python bench/callgrind_calls.py --rows "showdown heads-up" "best_five"
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile

SETUP = """
import handrank as hr
SD_HU, SD_BOARD = ["As Ks", "Qd Qh"], "Jd Th 2c 3d 4s"
ENGINE_HU, ENGINE_RIVER = ["As Kd", "Qh Qc"], "2c 7d 9h Ts 3s"
SIX = ["As Ks", "Qd Qh", "2s 3s", "4h 5h", "6h 7h", "8h 9h"]
CONTRIB = [100, 50, 200, 200, 30, 200]
FOLDED = [False, False, False, True, False, False]
try:
    import eval7
    E_HERO = [eval7.Card(c) for c in "As Ks".split()]
    E_VIL, E_RIVER = eval7.HandRange("QdQh"), [eval7.Card(c) for c in SD_BOARD.split()]
    E2_HERO, E2_VIL = [eval7.Card(c) for c in "As Kd".split()], eval7.HandRange("QhQc")
    E2_RIVER = [eval7.Card(c) for c in "2c 7d 9h Ts 3s".split()]
except ImportError:
    eval7 = None
NINE = ["As Ks", "Qd Qh", "2s 3s", "4h 5h", "6h 7h", "8h 9h", "Ac 5c", "Kc Jc", "9d 8d"]
NINE_BOARD = "Jd Th 2c 3d 4s"
CODES_HU = [hr.parse(h).tolist() for h in SD_HU]
CODES_BOARD = hr.parse(SD_BOARD).tolist()
S7 = hr.evaluate("As Ks Qd Jc Th 2c 3d")
try:
    import treys
    T_EV, T_HAND = treys.Evaluator(), [treys.Card.new(c) for c in ("As", "Ks")]
    T_BOARD = [treys.Card.new(c) for c in SD_BOARD.split()]
    T_RANK = T_EV.evaluate(T_HAND, T_BOARD)
except ImportError:
    treys = None
try:
    import phevaluator
except ImportError:
    phevaluator = None
"""
ROWS = {
    "empty loop (baseline)": "None",
    "showdown heads-up, text": "hr.showdown('holdem', SD_HU, SD_BOARD)",
    "evaluate_omaha, text": "hr.evaluate_omaha('As Ks Qd Jd', 'Th 2c 3d 4s 5h')",
    "equity river, .equity[0]": "hr.equity('holdem', SD_HU, SD_BOARD).equity[0]",
    "equity river As Kd vs Qh Qc, .equity[0]":
        "hr.equity('holdem', ENGINE_HU, ENGINE_RIVER).equity[0]",
    "eval7 py_hand_vs_range_exact, river As Kd vs Qh Qc":
        "eval7.py_hand_vs_range_exact(E2_HERO, E2_VIL, E2_RIVER)",
    "equity turn, .equity[0]": "hr.equity('holdem', SD_HU, SD_BOARD[:11]).equity[0]",
    "best_five, 7 cards text": "hr.best_five('As Ks Qd Jc Th 2c 3d')",
    "evaluate, 7 cards text": "hr.evaluate('As Ks Qd Jc Th 2c 3d')",
    "showdown heads-up, codes": "hr.showdown('holdem', CODES_HU, CODES_BOARD)",
    "showdown 9 players, text": "hr.showdown('holdem', NINE, NINE_BOARD)",
    "winners heads-up, text": "hr.winners('holdem', SD_HU, SD_BOARD)",
    "category(int)": "hr.category(S7)",
    "describe(int)": "hr.describe(S7)",
    "parse, rank first": "hr.parse('As Ks Qd Jd')",
    "parse, suit first": "hr.parse('SA SK DQ DJ')",
    "classify, one": "hr.classify('As Ks', 'Qd Jd 2c')",
    "settle, 6 players": "hr.settle('holdem', SIX, SD_BOARD, contributions=CONTRIB, folded=FOLDED)",
    # the peer answering the same river question (eval7's Cards and range made before)
    "eval7 py_hand_vs_range_exact, river": "eval7.py_hand_vs_range_exact(E_HERO, E_VIL, E_RIVER)",
    # the peers' own one-hand calls, for the rows that have one
    "treys evaluate, 7 cards": "T_EV.evaluate(T_HAND, T_BOARD)",
    "treys get_rank_class": "T_EV.get_rank_class(T_RANK)",
    "treys class_to_string": "T_EV.class_to_string(T_EV.get_rank_class(T_RANK))",
    "eval7 evaluate, 7 cards": "eval7.evaluate(E_HERO + E_RIVER)",
    "phevaluator evaluate_omaha_cards":
        "phevaluator.evaluate_omaha_cards('Th', '2c', '3d', '4s', '5h', 'As', 'Ks', 'Qd', 'Jd')",
}


def total(stmt: str, n: int) -> int:
    code = SETUP + f"f = lambda: {stmt}\nfor _ in range(200): f()\nfor _ in range({n}): f()\n"
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "cg.out")
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                        sys.executable, "-c", code], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       env={**os.environ, "PYTHONHASHSEED": "0"})
        with open(out) as f:
            for line in f:
                m = re.match(r"(?:summary|totals):\s+(\d+)", line)
                if m:
                    return int(m.group(1))
    raise RuntimeError("no totals line in the callgrind output")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rows", nargs="+", default=list(ROWS))
    p.add_argument("--n1", type=int, default=2_000)
    p.add_argument("--n2", type=int, default=12_000)
    a = p.parse_args(argv)
    print(f"# callgrind, (Ir({a.n2:,}) - Ir({a.n1:,})) per call, "
          f"HANDRANK_ISA={os.environ.get('HANDRANK_ISA', '(default)')}")
    print("| call | instructions per call |")
    print("|---|---:|")
    for name in a.rows:
        stmt = ROWS[name]
        try:
            per = (total(stmt, a.n2) - total(stmt, a.n1)) / (a.n2 - a.n1)
        except subprocess.CalledProcessError:      # a peer that is not installed
            print(f"| {name} | (failed: is the peer installed?) |", flush=True)
            continue
        print(f"| {name} | {per:,.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
