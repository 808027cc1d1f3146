#!/usr/bin/env python3
"""Solver blocks against the goals of issue 24, on one core (threads=1)
unless --threads says otherwise.

Rows:
- river showdown values: per board per reach vector, in batches (many
  boards with one reach vector each; one board with many; both);
- the river showdown matrix (1,326 x 1,326 int8) of one board;
- all-in values against one reach vector on a turn and on a flop;
- the dense flop matrix (1,326 x 1,326 float64);
- Omaha river values (PLO4, PLO5): per board per reach vector, with the
  strength evaluation of the board's hands (which every call does once per
  board) timed on its own and taken out, for dense reach and for a sparse
  one (300 hands), 1, 4 and 8 vectors a call (the sweep takes 4 at once,
  8 with AVX-512), into fresh arrays and into one reused (out=);
- runouts up to suit symmetry (hr.runouts) of a monotone flop: its turns,
  its ordered turn-river pairs, its turns against a range;
- abstraction tables (--tables): a sample of the river strength table and
  of the flop histograms, extrapolated to the whole table.

    python bench/bench_solver.py [--repeat 5] [--threads 1] [--tables]
"""
from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import machine  # noqa: E402

import handrank as hr  # noqa: E402

N = 1326


def boards(n: int, k: int, seed: int) -> np.ndarray:
    return np.ascontiguousarray(hr.deal(n, k, seed=seed))


def cpu_time(fn, repeat: int) -> float:
    """The least CPU time (process_time: all threads) of repeat calls after
    one warm-up; on a shared machine CPU time is steadier than wall time."""
    fn()
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        best = min(best, time.process_time() - t0)
    return best


def row(name: str, seconds: float, per: float, unit: str, goal: str) -> None:
    print(f"{name:<44} {seconds * 1e3:10.3f} ms  {per:10.2f} {unit:<16} goal {goal}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--tables", action="store_true", help="also time table samples")
    ap.add_argument("--full", nargs="*", default=[], help="table kinds to build whole")
    a = ap.parse_args()
    t, rep = a.threads, a.repeat
    print(machine())
    print(f"threads={t}")
    rng = np.random.default_rng(1)

    for nb, nr in [(2000, 1), (1, 2000), (200, 10)]:
        bs = boards(nb, 5, 2)
        r = rng.random((nb, nr, N)) if nb > 1 else rng.random((nr, N))
        s = cpu_time(lambda: hr.showdown_values(bs if nb > 1 else bs[0], r, threads=t), rep)
        row(f"river values, {nb} boards x {nr} reach", s, s / (nb * nr) * 1e6,
            "us/board/reach", "<= 10 us")
    b = boards(1, 5, 3)[0]
    s = cpu_time(lambda: hr.showdown_matrix(b, threads=t), rep)
    row("river matrix, one board", s, s * 1e3, "ms", "<= 1 ms")
    r1 = rng.random(N)
    for k, goal in [(4, "<= 0.5 ms"), (3, "<= 15 ms")]:
        b = boards(1, k, 4)[0]
        s = cpu_time(lambda: hr.showdown_values(b, r1, threads=t), rep)
        row(f"{'turn' if k == 4 else 'flop'} values, one reach vector", s, s * 1e3, "ms", goal)
    b = boards(1, 3, 5)[0]
    s = cpu_time(lambda: hr.showdown_matrix(b, threads=t), max(1, rep // 2))
    row("flop matrix, dense", s, s, "s", "<= 1 s")
    omaha(t, rep, rng)
    for kw, name in [({}, "turns of a flop"), ({"cards": 2}, "turn-river pairs of a flop"),
                     ({"ranges": r1}, "turns of a flop, with a range")]:
        s = cpu_time(lambda: hr.runouts("Ah Kh 7h", **kw), rep)
        row(f"runouts, {name}", s, s * 1e6, "us", "-")
    if a.tables or a.full:
        tables(t, a.full)


def omaha(t: int, rep: int, rng: np.random.Generator) -> None:
    """Omaha river values: the whole call per board per vector, the
    strength evaluation alone (_core.pl_strengths: what each call does once
    per board), and the difference, the sweep per vector."""
    from handrank import _core
    from handrank.rules import get_rules
    tabs = get_rules("high").tables
    for k, goal in [(4, "<= 2 ms"), (5, "<= 20 ms")]:
        n = len(hr.hole_hands(k))
        b = boards(1, 5, 6)[0]
        ev = cpu_time(lambda: _core.pl_strengths(tabs, b, k), rep)
        row(f"PLO{k} strengths of one river's hands", ev, ev * 1e3, "ms", "(taken out)")
        for nv in (1, 4, 8):
            for kind in ("dense", "sparse 300"):
                if kind == "dense":
                    r = rng.random((nv, n))
                else:
                    r = np.zeros((nv, n))
                    for v in range(nv):
                        r[v, rng.choice(n, 300, replace=False)] = 1.0
                s = cpu_time(lambda: hr.omaha_showdown_values(b, r, threads=t), rep)
                row(f"PLO{k} river values, {nv} x {kind}", s, s / nv * 1e3,
                    "ms/vector", "")
                row(f"  same, evaluation taken out", s - ev, (s - ev) / nv * 1e3,
                    "ms/vector", goal)
                o = np.empty_like(r)
                s = cpu_time(lambda: hr.omaha_showdown_values(b, r, threads=t, out=o), rep)
                row(f"  with out= (a solver's loop), same", s - ev, (s - ev) / nv * 1e3,
                    "ms/vector", goal)


def tables(t: int, full: list[str]) -> None:
    """Time a few pieces of each table kind and extrapolate to the whole
    table (CPU time); build the kinds named in --full whole, in a scratch
    directory, and time them."""
    import tempfile
    goals = {"river-strength": "<= 10 CPU-min", "flop-histogram": "<= 60 CPU-min"}
    with tempfile.TemporaryDirectory() as tmp:
        for kind in ["river-strength", "flop-histogram", "flop-ehs", "turn-histogram",
                     "turn-ehs"]:
            n = hr.table_pieces(kind)
            pieces = list(range(0, n, max(1, n // 4)))[:4]
            t0 = time.process_time()
            hr.build_table(kind, os.path.join(tmp, kind), only=pieces, progress=False,
                           threads=t)
            dt = (time.process_time() - t0) / len(pieces)
            row(f"table {kind}: {len(pieces)} of {n} pieces", dt * len(pieces),
                dt * n / 60, "CPU-min (whole)", goals.get(kind, "-"))
        for kind in full:
            t0, w0 = time.process_time(), time.perf_counter()
            hr.build_table(kind, os.path.join(tmp, "full-" + kind), progress=False, threads=t)
            print(f"whole table {kind}: {(time.process_time() - t0) / 60:.2f} CPU-min, "
                  f"{(time.perf_counter() - w0) / 60:.2f} min wall")


if __name__ == "__main__":
    main()
