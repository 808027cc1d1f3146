"""Instructions per hand of handrank's batch loop, counted by callgrind
(noise-free, unlike wall time): 7-card high hands from card codes, one
thread, for each code loop this CPU (as valgrind emulates it) offers.

Only instructions inside ``RuleTables.eval_codes`` (the batch call: the
argument checks and the C loop) are counted (``--toggle-collect``), and each
count is a difference of two runs that evaluate N1 and N2 hands after the
same setup, so the call's fixed cost cancels out too:
``(Ir(N2) - Ir(N1)) / (N2 - N1)``.  Valgrind emulates no AVX-512, so the
AVX-512 loop is not counted here (its wall time is in bench_eval.py).

    python bench/callgrind_eval.py               # every loop, k = 7
    python bench/callgrind_eval.py --k 5 6 7 --isa avx2
    python bench/callgrind_eval.py --masks       # evaluate_masks' loop (uint64 masks)
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
if {isa!r} != "default":               # "default": the loop hr_init chose
    _core.set_isa({isa!r})
    assert _core.isa() == {isa!r}, _core.isa()
hands = hr.deal({n2}, {k}, seed=7)
rows = np.ascontiguousarray(hands[:{n}])
out = np.empty(len(rows), dtype=np.int16)
rs = hr.get_rules({rules!r})
deck = rs.deck.compiled(None)
rs.tables.eval_codes(rows[:1], out, 1, deck)
rs.tables.eval_codes(rows, out, 1, deck)
"""
MASKS_SNIPPET = """
import numpy as np, handrank as hr
from handrank import _core
if {isa!r} != "default":
    _core.set_isa({isa!r})
    assert _core.isa() == {isa!r}, _core.isa()
hands = hr.deal({n2}, {k}, seed=7)
rows = np.ascontiguousarray(hr.to_mask(hands[:{n}]))
out = np.empty(len(rows), dtype=np.int16)
rs = hr.get_rules({rules!r})
deck = rs.deck.compiled(None)
rs.tables.eval_masks(rows[:1], out, 1, deck)
rs.tables.eval_masks(rows, out, 1, deck)
"""


def instructions(code: str, entry: str = "eval_codes", cls: str = "RuleTables") -> int:
    """Instructions callgrind counts inside <cls>.<entry> for `python -c code`."""
    with tempfile.TemporaryDirectory() as d:
        outfile = os.path.join(d, "cg.out")
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={outfile}",
                        f"--toggle-collect=*{cls}*{entry}*",
                        sys.executable, "-c", code], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       env={**os.environ, "PYTHONHASHSEED": "0"})
        with open(outfile) as f:
            for line in f:
                m = re.match(r"(?:summary|totals):\s+(\d+)", line)
                if m:
                    return int(m.group(1))
    raise RuntimeError("no totals line in the callgrind output")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--k", type=int, nargs="+", default=[7], help="cards per hand")
    p.add_argument("--isa", nargs="+", default=None,
                   help="code loops (default: every one up to the best valgrind runs; "
                   "'default' leaves hr_init's choice, for builds without set_isa)")
    p.add_argument("--rules", default="high")
    p.add_argument("--n1", type=int, default=100_000)
    p.add_argument("--n2", type=int, default=1_100_000)
    p.add_argument("--masks", action="store_true",
                   help="count evaluate_masks' loop (RuleTables.eval_masks) instead")
    args = p.parse_args(argv)
    if not shutil.which("valgrind"):
        sys.exit("callgrind_eval.py: valgrind is not installed")
    isas = args.isa
    if isas is None:
        best = subprocess.run(
            ["valgrind", "-q", sys.executable, "-c",
             "from handrank import _core; print(_core.BEST_ISA)"],
            capture_output=True, text=True, check=True).stdout.split()[-1]
        from handrank import _core
        names = list(_core.ISA_NAMES)
        isas = names[:names.index(best) + 1]
    snippet, entry = (MASKS_SNIPPET, "eval_masks") if args.masks else (SNIPPET, "eval_codes")
    print(f"# callgrind, {entry}, {args.rules} rules, one thread, "
          f"(Ir({args.n2:,}) - Ir({args.n1:,})) / {args.n2 - args.n1:,} hands")
    print("| loop | k | instructions/hand |")
    print("|---|---:|---:|")
    for isa in isas:
        for k in args.k:
            fmt = dict(isa=isa, k=k, rules=args.rules, n2=args.n2)
            a = instructions(snippet.format(n=args.n1, **fmt), entry)
            b = instructions(snippet.format(n=args.n2, **fmt), entry)
            print(f"| {isa} | {k} | {(b - a) / (args.n2 - args.n1):.1f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
