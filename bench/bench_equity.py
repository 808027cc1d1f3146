#!/usr/bin/env python3
"""Equity throughput: handrank.equity against eval7 and pokerkit on the SAME questions.

Each question (players' hole cards, optional board) is asked of every library in
one run, and the script prints a markdown table: deals (or Monte Carlo trials)
per call, seconds per call (median of ``--repeat`` timed runs), calls/s,
deals/s, player 0's equity and the speed ratio (deals/s) against the question's
``handrank.equity(..., threads=1)`` row.

Questions:

1. Hold'em heads-up preflop, exact: AsKs vs QdQc over all 1,712,304 boards.
2. Hold'em 3-way preflop, Monte Carlo: AsKs vs QdQc vs JhTh.
   2b. Heads-up preflop Monte Carlo (AsKs vs QdQc), because eval7 has no
   multi-way equity call.
3. Hold'em on the flop 2h7dJc, exact (990 boards): per-call latency, each row
   repeated ``--calls`` times.

The peers, as found by reading their sources (eval7 0.1.x ``equity.pyx``,
pokerkit ``analysis.py``):

* eval7 has no enumeration over boards. ``py_hand_vs_range_exact(hand, range,
  board)`` only counts villain's range on a COMPLETE 5-card board (given 0 or 3
  board cards it evaluates the short hands as they are and returns nonsense).
  The exact eval7 rows are therefore the Python loop a user would write: one
  ``py_hand_vs_range_exact`` call per board from ``itertools.combinations``
  (faster than two ``eval7.evaluate`` calls per board). Its Monte Carlo,
  ``py_hand_vs_range_monte_carlo(hand, range, board, iterations)``, is
  heads-up only (hero vs one villain range), as is ``py_all_hands_vs_range``.
* ``pokerkit.calculate_equities`` is Monte Carlo only (``sample_count``), pure
  Python; it is timed with ``--samples`` samples and its deals/s are samples/s.

Card conversion into each library's objects is untimed. Before the table, every
row's equities are compared with handrank's exact answer to the same question
(computed untimed): exact rows must agree within 1e-4, Monte Carlo rows within
0.5 percentage point or 4 standard errors of that row's sample count, whichever
is larger. A WARNING is printed on stderr otherwise.

Run ``python bench/bench_equity.py --help`` for options.
"""

from __future__ import annotations

import argparse
import importlib
import math
import os
import random
import sys
import time
from dataclasses import dataclass
from itertools import combinations
from types import SimpleNamespace
from typing import Any, Callable, Optional

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_eval import fmt_rate, fmt_ratio  # noqa: E402
from common import CARD_NAMES, import_handrank, import_peers, machine, median_time  # noqa: E402

EXACT_TOL = 1e-4
MC_TOL = 0.005  # 0.5 percentage point


@dataclass
class Question:
    key: str
    title: str
    hands: list[str]
    board: str = ""


QUESTIONS = {
    "1": Question("1", "1. HU preflop exact: AsKs vs QdQc", ["As Ks", "Qd Qc"]),
    "2": Question("2", "2. 3-way preflop MC: AsKs vs QdQc vs JhTh", ["As Ks", "Qd Qc", "Jh Th"]),
    "2b": Question("2b", "2b. HU preflop MC: AsKs vs QdQc", ["As Ks", "Qd Qc"]),
    "3": Question("3", "3. flop 2h7dJc exact: AsKs vs QdQc", ["As Ks", "Qd Qc"], "2h 7d Jc"),
}


@dataclass
class Row:
    """One line of the table. run() is timed; it makes ``calls`` equity calls of
    ``deals`` deals each and returns the last call's equities (player 0 first;
    peers may return fewer players)."""

    q: str
    label: str
    lib: str
    kind: str                 # "exact" or "MC"
    deals: int                # deals enumerated, or trials/samples, per call
    run: Callable[[], Any]
    calls: int = 1
    slow: bool = False        # uses --slow-repeat
    baseline: bool = False
    warmup: int = 0


# ------------------------------------------------------------------- helpers

def card_list(text: str) -> list[str]:
    """'As Ks' or 'AsKs' -> ['As', 'Ks']."""
    s = text.replace(" ", "")
    return [s[i:i + 2] for i in range(0, len(s), 2)]


def remaining(cards: list[str]) -> list[str]:
    used = set(cards)
    return [c for c in CARD_NAMES if c not in used]


def handrank_threads(lib, threads, n: int) -> Optional[int]:
    """Threads handrank will really use for n deals (private helper; None if it moved)."""
    try:
        return lib.handrank_resolve(threads, n)
    except Exception:
        return None


def eval7_exact_loop(f, hero: list, villain: list, board: list, rest: list) -> list[float]:
    """Exact heads-up equity with eval7: one py_hand_vs_range_exact call per
    complete board. villain is an eval7 range ([(hand, weight)])."""
    total, n = 0.0, 0
    for b in combinations(rest, 5 - len(board)):
        total += f(hero, villain, board + list(b))
        n += 1
    p = total / n
    return [p, 1.0 - p]


# ---------------------------------------------------------------------- rows

def make_rows(a: argparse.Namespace, lib: SimpleNamespace) -> list[Row]:
    rows: list[Row] = []
    hr = getattr(lib, "handrank", None)
    cpus = os.cpu_count() or 1

    def hr_rows(q: Question, trials: Optional[int], deals: int, calls: int = 1) -> None:
        kind = "exact" if trials is None else "MC"
        tr = "" if trials is None else f", trials={trials:,}, seed={a.seed}"
        board = f", board={q.board!r}" if q.board else ""
        for threads in (1, None):
            if threads == 1:
                label = f"handrank.equity(\"holdem\", {len(q.hands)} hands{board}{tr}, threads=1)"
            else:
                used = handrank_threads(lib, None, deals)
                label = (f"handrank.equity(...) [threads=default, {cpus} cpus"
                         + (f", uses {used}" if used is not None else "") + "]")

            def run(q=q, trials=trials, threads=threads, calls=calls):
                for _ in range(calls):
                    r = hr.equity("holdem", q.hands, board=q.board, trials=trials,
                                  seed=None if trials is None else a.seed, threads=threads)
                return r.equity
            rows.append(Row(q.key, label, "handrank", kind, deals, run, calls,
                            baseline=threads == 1, warmup=1))

    q1, q2, q2b, q3 = (QUESTIONS[k] for k in ("1", "2", "2b", "3"))
    n_pre = math.comb(48, 5)    # 1,712,304 boards, heads-up preflop
    n_flop = math.comb(45, 2)   # 990 turn/river pairs
    if hr is not None:
        hr_rows(q1, None, n_pre)
        hr_rows(q2, a.trials, a.trials)
        hr_rows(q2b, a.trials, a.trials)
        hr_rows(q3, None, n_flop, a.calls)

    if "eval7" in lib.available:
        e7 = lib.eval7
        C = e7.Card

        def e7_args(q: Question):
            hero = [C(c) for c in card_list(q.hands[0])]
            villain = [(tuple(C(c) for c in card_list(q.hands[1])), 1.0)]
            board = [C(c) for c in card_list(q.board)]
            used = card_list(q.hands[0]) + card_list(q.hands[1]) + card_list(q.board)
            return hero, villain, board, [C(c) for c in remaining(used)]

        for q, n, calls in ((q1, n_pre, 1), (q3, n_flop, a.calls)):
            hero, villain, board, rest = e7_args(q)

            def run(hero=hero, villain=villain, board=board, rest=rest, calls=calls):
                for _ in range(calls):
                    r = eval7_exact_loop(e7.py_hand_vs_range_exact, hero, villain, board, rest)
                return r
            rows.append(Row(q.key, f"eval7: loop of py_hand_vs_range_exact(hero, [(villain, 1.0)], "
                                   f"board5) over {n:,} boards", "eval7", "exact", n, run, calls))

        hero, villain, board, _ = e7_args(q2b)

        def run_mc(hero=hero, villain=villain, board=board):
            e7.xorshift_rand.seed(a.seed)
            p = e7.py_hand_vs_range_monte_carlo(hero, villain, board, a.trials)
            return [p, 1.0 - p]
        rows.append(Row(q2b.key, f"eval7.py_hand_vs_range_monte_carlo(hero, [(villain, 1.0)], [], "
                                 f"{a.trials:,})", "eval7", "MC", a.trials, run_mc))

    if "pokerkit" in lib.available:
        pk = lib.pokerkit
        for q in (q1, q2):
            ranges = tuple(pk.parse_range(h.replace(" ", "")) for h in q.hands)
            board = list(pk.Card.parse(q.board.replace(" ", ""))) if q.board else []

            def run_pk(ranges=ranges, board=board):
                random.seed(a.seed)
                return pk.calculate_equities(ranges, board, 2, 5, pk.Deck.STANDARD,
                                             (pk.StandardHighHand,), sample_count=a.samples)
            rows.append(Row(q.key, f"pokerkit.calculate_equities({len(q.hands)} ranges, [], 2, 5, "
                                   f"Deck.STANDARD, (StandardHighHand,), sample_count={a.samples:,})",
                            "pokerkit", "MC", a.samples, run_pk, slow=True))
    return rows


# ---------------------------------------------------------------------- checks

def check(row: Row, got, ref) -> tuple[Optional[str], Optional[str]]:
    """(warning, note) for row's equities against the exact reference.

    warning: outside the tolerance (1e-4 exact; max(0.5 pp, 4 stderr) MC).
    note: a Monte Carlo row within 4 stderr but more than 0.5 pp off, which a
    small sample count (pokerkit) makes likely."""
    warn = note = None
    for i, (g, r) in enumerate(zip((float(x) for x in got), ref)):
        d = abs(g - r)
        if row.kind == "exact":
            tol = EXACT_TOL
        else:
            tol = max(MC_TOL, 4 * math.sqrt(max(r * (1 - r), 1e-12) / row.deals))
        text = f"player {i}: {g:.6f} vs exact {r:.6f} (diff {d:.6f}, tolerance {tol:.6f})"
        if d > tol:
            warn = warn or text
        elif d > MC_TOL:
            note = note or text
    return warn, note


# ----------------------------------------------------------------------- table

def print_table(results: list, refs: dict, a: argparse.Namespace) -> None:
    head = ["question", "library / call", "kind", "deals per call", "s per call",
            "calls/s", "deals/s", "equity p0", "ratio"]
    print("| " + " | ".join(head) + " |")
    print("|---|---|---|" + "|".join("---:" for _ in head[3:]) + "|")
    for key, q in QUESTIONS.items():
        items = [x for x in results if x[0].q == key]
        base = next(((r, s) for r, s, _, _ in items if r.baseline and s), None)
        base_rate = base[0].deals * base[0].calls / base[1] if base else None
        for row, sec, eq, err in items:
            cells = [q.title, row.label, row.kind, f"{row.deals:,}"]
            if sec is None:
                cells += ["error", "", "", "", err[:60]]
            else:
                per_call = sec / row.calls
                rate = row.deals / per_call
                ratio = ("baseline" if base and row is base[0]
                         else fmt_ratio(base_rate, rate, "handrank", row.lib == "handrank")
                         if base else "")
                cells += [f"{per_call:.3g}", f"{1 / per_call:,.1f}", fmt_rate(rate),
                          f"{float(eq[0]):.4%}", ratio]
            print("| " + " | ".join(cells) + " |")
    print()
    for key, q in QUESTIONS.items():
        if key in refs:
            print(f"- exact equity for {q.title.split(':', 1)[0]}: "
                  + ", ".join(f"{h} {e:.4%}" for h, e in zip(q.hands, refs[key])))
    print("- ratio: deals/s of the row against the question's handrank threads=1 row; "
          "for MC rows deals are trials/samples, for exact rows enumerated boards.")
    print("- eval7 has no multi-way equity call (its py_hand_vs_range_* and "
          "py_all_hands_vs_range are hero vs one villain range), so question 2 has no eval7 row; "
          "its Monte Carlo is timed heads-up in 2b.")
    print("- eval7 has no board enumeration: py_hand_vs_range_exact needs a complete 5-card board, "
          "so its exact rows loop over itertools.combinations of the remaining deck in Python.")
    print(f"- question 3 rows make {a.calls:,} calls per timed run; s per call = run time / calls.")


# ---------------------------------------------------------------------- main

def load_libraries() -> SimpleNamespace:
    lib = SimpleNamespace(available=set(), versions={})
    import_handrank("bench_equity", lib)
    try:
        lib.handrank_resolve = importlib.import_module("handrank.base._runs").resolve_threads
    except Exception:
        lib.handrank_resolve = None
    import_peers(lib, ("eval7", "pokerkit"))
    if "eval7" in lib.available:
        importlib.import_module("eval7.xorshift_rand")
    return lib


def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        description="Ask handrank.equity, eval7 and pokerkit the same Hold'em equity questions "
                    "(heads-up preflop exact, 3-way and heads-up preflop Monte Carlo, flop exact) "
                    "and print a markdown table of seconds per call, calls/s, deals/s, player 0's "
                    "equity and the speed ratio against handrank with threads=1. A full run takes "
                    "about 1.5 minutes, mostly pokerkit.")
    p.add_argument("--trials", type=int, default=None,
                   help="Monte Carlo trials for handrank and eval7 (default 10,000,000; --quick 1,000,000)")
    p.add_argument("--samples", type=int, default=None,
                   help="pokerkit calculate_equities sample_count (default 20,000; --quick 2,000)")
    p.add_argument("--calls", type=int, default=None,
                   help="equity calls per timed run for the flop question (default 1,000; --quick 200)")
    p.add_argument("--repeat", type=int, default=None,
                   help="timed runs per row; the median is reported (default 5; --quick 3)")
    p.add_argument("--slow-repeat", type=int, default=None,
                   help="timed runs for the pokerkit rows, ~8-13 s each at 20,000 samples "
                        "(default 3; --quick 1; never more than --repeat)")
    p.add_argument("--seed", type=int, default=20240601,
                   help="Monte Carlo seed (handrank seed=, eval7 xorshift_rand.seed, random.seed for pokerkit)")
    p.add_argument("--quick", action="store_true", help="small sizes for a fast smoke run")
    a = p.parse_args(argv)
    for name, full, quick in (("trials", 10_000_000, 1_000_000), ("samples", 20_000, 2_000),
                              ("calls", 1_000, 200), ("repeat", 5, 3), ("slow_repeat", 3, 1)):
        if getattr(a, name) is None:
            setattr(a, name, quick if a.quick else full)
        if getattr(a, name) < 1:
            p.error(f"--{name.replace('_', '-')} must be at least 1")
    a.slow_repeat = min(a.slow_repeat, a.repeat)
    return a


def main(argv=None) -> int:
    a = parse_args(argv)
    lib = load_libraries()
    rows = make_rows(a, lib)

    print(f"machine: {machine()}")
    print("versions: " + ", ".join(f"{k} {v}" for k, v in lib.versions.items()))
    print(f"median of {a.repeat} runs (pokerkit: {a.slow_repeat}); GC off while timing; "
          f"card conversion untimed; MC seed {a.seed}")
    print(flush=True)

    refs = {}
    for key, q in QUESTIONS.items():
        refs[key] = [float(x) for x in
                     lib.handrank.equity("holdem", q.hands, board=q.board, threads=1).equity]

    results, bad = [], 0
    for row in rows:
        t0 = time.perf_counter()
        last: list = [None]
        try:
            sec, _ = median_time(lambda: last.__setitem__(0, row.run()),
                                 repeat=a.slow_repeat if row.slow else a.repeat, warmup=row.warmup)
        except Exception as e:
            results.append((row, None, None, repr(e)))
            print(f"WARNING: {row.label} [question {row.q}] failed: {e!r}", file=sys.stderr)
            continue
        results.append((row, sec, last[0], ""))
        msg, note = check(row, last[0], refs[row.q])
        if note:
            print(f"note: question {row.q}, {row.label}: more than 0.5 pp from handrank exact "
                  f"but within 4 standard errors of {row.deals:,} samples: {note}", file=sys.stderr)
        if msg:
            bad += 1
            print(f"WARNING: question {row.q}, {row.label}: equity disagrees with handrank exact: "
                  f"{msg}", file=sys.stderr)
        print(f"  [{row.q}] {row.label}: {row.deals * row.calls / sec:,.0f} deals/s "
              f"({time.perf_counter() - t0:.1f}s){'' if msg else ', equity checked'}",
              file=sys.stderr, flush=True)
    if not bad:
        print("check: every row's equities agree with handrank's exact answer "
              f"(exact rows within {EXACT_TOL:g}, MC rows within max(0.5 pp, 4 stderr))",
              file=sys.stderr)
    print_table(results, refs, a)
    return 0


if __name__ == "__main__":
    sys.exit(main())
