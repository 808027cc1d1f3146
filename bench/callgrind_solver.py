"""Instructions of the solver blocks' C loop (``showdown_values``), counted
by callgrind: repeatable where wall and CPU time on a shared machine are
not.  One thread.

Only instructions inside the core's ``sv_values`` call are counted
(``--toggle-collect``), and each figure is a difference of two runs on the
same fixed-seed boards and reach vectors, ``(Ir(N2) - Ir(N1)) / (N2 - N1)``,
so the call's fixed cost cancels out:

- river, per board with one reach vector (valuing and sorting the board's
  hands, and one sweep);
- river, per extra reach vector (one sweep), on 20 boards so that one
  board's flush count does not decide the figure;
- turn and flop, per board with one reach vector;
- a monotone flop with a suit-symmetric range (suit symmetry at work), a
  random reach vector (none kept) and one that keeps part of it.

    python bench/callgrind_solver.py [--only river]
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

SNIPPET = """
import numpy as np, handrank as hr
from handrank import _core
from handrank.solver import _solver
nb, n, nr, board, kind = {nb}, {n}, {nr}, {board!r}, {symmetric!r}
if board:
    boards = np.tile(hr.parse(board).astype(np.uint8), (n, 1))
else:
    boards = np.ascontiguousarray(hr.deal({pool}, nb, seed=11)[:n])
rng = np.random.default_rng(12)
if kind == "preflop":
    reach = np.tile(hr.reach_vector("22+, A2s+, K9s+, QTs+, ATo+, KJo+"), (n, nr, 1)).copy()
elif kind == "part":
    # kept by clubs <-> diamonds only: one weight per pair of hands it swaps
    h = hr.HANDS.astype(np.intp)
    sw = np.array([1, 0, 2, 3])
    m = h - h % 4 + sw[h % 4]
    a, b = m[:, 0], m[:, 1]
    img = np.maximum(a, b) * (np.maximum(a, b) - 1) // 2 + np.minimum(a, b)
    x = rng.random(1326)[np.minimum(np.arange(1326), img)]
    reach = np.tile(x, (n, nr, 1)).copy()
else:
    reach = rng.random(({pool}, nr, 1326))[:n].copy()
out = np.empty_like(reach)
t = _solver._tables()
_core.sv_values(t, boards, 0, n, reach, out, 1)
"""

CASES = [
    # name, cards, (N1, N2) boards, (M1, M2) reach vectors, board, reach kind
    ("river, per board (1 reach vector)", 5, (50, 250), (1, 1), "", "random"),
    ("river, per extra reach vector (20 boards)", 5, (20, 20), (2, 12), "", "random"),
    ("turn, per board (1 reach vector)", 4, (4, 16), (1, 1), "", "random"),
    ("flop, per board (1 reach vector)", 3, (1, 3), (1, 1), "", "random"),
    ("monotone flop Ah Kh 7h, symmetric range", 3, (1, 3), (1, 1), "Ah Kh 7h", "preflop"),
    ("monotone flop Ah Kh 7h, random reach", 3, (1, 3), (1, 1), "Ah Kh 7h", "random"),
    ("monotone flop Ah Kh 7h, reach kept by c <-> d", 3, (1, 3), (1, 1), "Ah Kh 7h", "part"),
]


def instructions(code: str) -> int:
    """Instructions callgrind counts inside _core.sv_values for `python -c code`."""
    with tempfile.TemporaryDirectory() as d:
        outfile = os.path.join(d, "cg.out")
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={outfile}",
                        "--toggle-collect=*sv_values*", sys.executable, "-c", code],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       env={**os.environ, "PYTHONHASHSEED": "0", "OMP_NUM_THREADS": "1"})
        with open(outfile) as f:
            for line in f:
                m = re.match(r"(?:summary|totals):\s+(\d+)", line)
                if m:
                    return int(m.group(1))
    raise RuntimeError("no totals line in the callgrind output")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--only", default="", help="run the cases whose name holds this text")
    args = p.parse_args(argv)
    if not shutil.which("valgrind"):
        sys.exit("callgrind_solver.py: valgrind is not installed")
    print("| what | instructions |")
    print("|---|---:|")
    for name, nb, (n1, n2), (m1, m2), board, sym in CASES:
        if args.only not in name:
            continue
        fmt = dict(nb=nb, board=board, symmetric=sym, pool=max(n2, 1))
        a = instructions(SNIPPET.format(n=n1, nr=m1, **fmt))
        b = instructions(SNIPPET.format(n=n2, nr=m2, **fmt))
        per = (b - a) / ((n2 - n1) * m1 if n2 != n1 else n1 * (m2 - m1))
        print(f"| {name} | {per:,.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
