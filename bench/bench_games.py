#!/usr/bin/env python3
"""Game-level throughput: Omaha evaluation and multi-player showdowns.

Every row of a group runs on the SAME fixed-seed random deals, in one run, and
the script prints a markdown table of deals/s, ns/deal, player-hands/s and the
speed ratio against the group's ``threads=1`` handrank row.

Groups (one shuffled deck per deal, from ``common.random_hands``):

* Omaha-4: 4 hole cards + 5 board cards per deal.
  ``handrank.evaluate_omaha`` (high, threads=1 and default; Omaha-8 low half)
  against phevaluator's Omaha evaluator called once per deal.
* Hold'em 6-max showdown: 6 x 2 hole cards + 5 board cards per deal.
  ``handrank.showdown("holdem", ...)`` against the Python loop a user without
  handrank would write with eval7 (evaluate each player's 7 cards, pick winners).
* Omaha-8 heads-up showdown: 2 x 4 hole cards + 5 board cards per deal.
  ``handrank.showdown("omaha8", ...)``.

Only the evaluation calls are timed: slicing the deal arrays and converting
cards into each library's format happen in an untimed setup step. Before
timing, results on the first ``--check-n`` deals are cross-checked (phevaluator
against handrank, eval7 winners against handrank shares, omaha8 shares against
``evaluate_omaha`` high/low halves) and a WARNING is printed on disagreement.

Run ``python bench/bench_games.py --help`` for options.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from dataclasses import dataclass
from itertools import starmap
from types import SimpleNamespace
from typing import Any, Callable, Optional

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import (CARD_NAMES, dense_rank, import_handrank, import_peers,  # noqa: E402
                    machine, random_hands, time_row)
from bench_eval import fmt_rate, fmt_ratio  # noqa: E402


@dataclass
class Group:
    """One kind of deal: `cards` distinct cards per deal, split into
    `players` hole hands of `hole` cards followed by a `board`-card board."""

    key: str
    title: str
    players: int
    hole: int
    board: int = 5

    @property
    def cards(self) -> int:
        return self.players * self.hole + self.board

    def split(self, deals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(holes, boards) as C-contiguous uint8 arrays: holes is (N, hole)
        for one player, else (N, players, hole); boards is (N, board)."""
        ph = self.players * self.hole
        holes = np.ascontiguousarray(deals[:, :ph])
        if self.players > 1:
            holes = holes.reshape(-1, self.players, self.hole)
        return holes, np.ascontiguousarray(deals[:, ph:])


GROUPS = {
    "omaha": Group("omaha", "Omaha-4, 1 hand/deal", 1, 4),
    "holdem6": Group("holdem6", "Hold'em 6-max showdown", 6, 2),
    "omaha8hu": Group("omaha8hu", "Omaha-8 heads-up showdown", 2, 4),
}


@dataclass
class Row:
    """One line of the table. setup(deals) is untimed; run(prepared) is timed."""

    label: str
    group: str
    n: int
    setup: Callable[[np.ndarray], Any]
    run: Callable[[Any], Any]
    lib: str
    baseline: bool = False
    warmup: int = 0


# ------------------------------------------------------------------ peer code

def ph_omaha_args(deals: np.ndarray) -> list:
    """phevaluator's Omaha argument order (read from phevaluator/evaluator_omaha.py
    and _pheval.c): c1..c5 = the five community cards, then h1..h4 = the four
    hole cards. Card ids equal our codes. Deals are hole[0:4] + board[4:9]."""
    return [tuple(r) for r in np.concatenate([deals[:, 4:9], deals[:, 0:4]], axis=1).tolist()]


def eval7_deals(deals: np.ndarray, g: Group, cards: list) -> list:
    """Each deal as (tuple of per-player tuples of eval7.Card, board tuple)."""
    ph = g.players * g.hole
    out = []
    for r in deals.tolist():
        c = [cards[x] for x in r]
        out.append((tuple(tuple(c[p * g.hole:(p + 1) * g.hole]) for p in range(g.players)),
                    tuple(c[ph:])))
    return out


def eval7_showdown_loop(deals: list, evaluate) -> list:
    """What a user without handrank writes: score each player's 7 cards with
    eval7.evaluate (higher is better), then list the winners of each deal."""
    out = []
    for holes, board in deals:
        scores = [evaluate(h + board) for h in holes]
        best = max(scores)
        out.append([i for i, s in enumerate(scores) if s == best])
    return out


# ---------------------------------------------------------------------- rows

def make_rows(a: argparse.Namespace, lib: SimpleNamespace) -> list[Row]:
    ncores = os.cpu_count() or 1
    hr = lib.handrank
    rows: list[Row] = []

    def omaha_split(d):
        return GROUPS["omaha"].split(d)

    rows += [
        Row("handrank.evaluate_omaha(holes, boards, threads=1)", "omaha", a.n, omaha_split,
            lambda hb: hr.evaluate_omaha(*hb, threads=1), "handrank", baseline=True, warmup=1),
        Row(f"handrank.evaluate_omaha(holes, boards) [threads=default, {ncores} cpus]", "omaha",
            a.n, omaha_split, lambda hb: hr.evaluate_omaha(*hb), "handrank", warmup=1),
        Row('handrank.evaluate_omaha(holes, boards, "ace-to-five-8", threads=1) [O8 low half]',
            "omaha", a.n, omaha_split,
            lambda hb: hr.evaluate_omaha(*hb, "ace-to-five-8", threads=1), "handrank", warmup=1),
    ]
    if "phevaluator" in lib.available:
        rows += [
            Row("phevaluator.evaluate_omaha_cards(*board5, *hole4) per deal", "omaha", a.peer_n,
                ph_omaha_args, lambda ts: list(starmap(lib.ph_omaha, ts)), "phevaluator"),
            Row("phevaluator._pheval.evaluate_omaha_cards(*board5, *hole4) [private] per deal",
                "omaha", a.peer_n, ph_omaha_args,
                lambda ts: list(starmap(lib.ph_omaha_c, ts)), "phevaluator"),
        ]

    for key, game in (("holdem6", "holdem"), ("omaha8hu", "omaha8")):
        g = GROUPS[key]
        shape = f"holes({g.players},{g.hole})"
        rows += [
            Row(f'handrank.showdown("{game}", {shape}, boards, threads=1)', key, a.n, g.split,
                lambda hb, game=game: hr.showdown(game, *hb, threads=1), "handrank",
                baseline=True, warmup=1),
            Row(f'handrank.showdown("{game}", {shape}, boards) [threads=default]', key, a.n,
                g.split, lambda hb, game=game: hr.showdown(game, *hb), "handrank", warmup=1),
        ]
    if "eval7" in lib.available:
        g = GROUPS["holdem6"]
        rows.append(Row("Python loop: eval7.evaluate(hole + board) per player, pick winners",
                        "holdem6", a.loop_n, lambda d: eval7_deals(d, g, lib.eval7_cards),
                        lambda ds: eval7_showdown_loop(ds, lib.eval7.evaluate), "eval7"))
    return rows


# -------------------------------------------------------------------- checks

def _report(ok_mask: np.ndarray, what: str, deals: np.ndarray, detail=None) -> None:
    bad = np.flatnonzero(~np.asarray(ok_mask, dtype=bool))
    if bad.size:
        i = int(bad[0])
        text = " ".join(CARD_NAMES[c] for c in deals[i])
        extra = f": {detail(i)}" if detail else ""
        print(f"WARNING: {what}: disagrees on {bad.size}/{len(ok_mask)} deals; "
              f"first: deal #{i} {text}{extra}", file=sys.stderr)
    else:
        print(f"check: {what}: agrees on {len(ok_mask)} deals", file=sys.stderr)


def check_omaha(lib, deals: np.ndarray) -> None:
    hr = lib.handrank
    holes, boards = GROUPS["omaha"].split(deals)
    ref = hr.evaluate_omaha(holes, boards, threads=1).astype(np.int64)
    _report(hr.evaluate_omaha(holes, boards).astype(np.int64) == ref,
            "evaluate_omaha threads=default vs threads=1", deals)
    if "phevaluator" not in lib.available:
        return
    args = ph_omaha_args(deals)
    for name, fn in (("phevaluator.evaluate_omaha_cards", lib.ph_omaha),
                     ("phevaluator._pheval.evaluate_omaha_cards", lib.ph_omaha_c)):
        ph = 7462 - np.array(list(starmap(fn, args)), dtype=np.int64)
        _report(dense_rank(ph) == dense_rank(ref), f"{name} ranking order vs handrank", deals,
                lambda i: f"handrank {ref[i]} vs phevaluator 7462-rank {ph[i]}")
        _report(ph == ref, f"{name} 7462-rank == handrank strength", deals,
                lambda i: f"handrank {ref[i]} vs phevaluator 7462-rank {ph[i]}")


def check_holdem6(lib, deals: np.ndarray) -> None:
    hr = lib.handrank
    g = GROUPS["holdem6"]
    holes, boards = g.split(deals)
    shares = hr.showdown("holdem", holes, boards, threads=1)
    _report(np.all(hr.showdown("holdem", holes, boards) == shares, axis=1),
            'showdown("holdem") threads=default vs threads=1', deals)
    _report(np.isclose(shares.sum(axis=1), 1.0), 'showdown("holdem") shares sum to 1', deals)
    if "eval7" not in lib.available:
        return
    win = eval7_showdown_loop(eval7_deals(deals, g, lib.eval7_cards), lib.eval7.evaluate)
    mine = [np.flatnonzero(s > 0).tolist() for s in shares]
    _report(np.array([a == b for a, b in zip(win, mine)]),
            "eval7 loop winners vs handrank showdown winners", deals,
            lambda i: f"eval7 {win[i]} vs handrank {mine[i]}")


def check_omaha8hu(lib, deals: np.ndarray) -> None:
    """Rebuild heads-up Omaha-8 shares from evaluate_omaha's two halves."""
    hr = lib.handrank
    holes, boards = GROUPS["omaha8hu"].split(deals)
    shares = hr.showdown("omaha8", holes, boards, threads=1)
    _report(np.all(hr.showdown("omaha8", holes, boards) == shares, axis=1),
            'showdown("omaha8") threads=default vs threads=1', deals)
    hi = np.stack([hr.evaluate_omaha(np.ascontiguousarray(holes[:, p]), boards, threads=1)
                   for p in range(holes.shape[1])], axis=1).astype(np.int64)
    lo = np.stack([hr.evaluate_omaha(np.ascontiguousarray(holes[:, p]), boards,
                                     "ace-to-five-8", threads=1)
                   for p in range(holes.shape[1])], axis=1).astype(np.int64)
    hw = (hi == hi.max(axis=1, keepdims=True)).astype(float)
    hw /= hw.sum(axis=1, keepdims=True)
    has_low = lo.max(axis=1) >= 0
    lw = ((lo == lo.max(axis=1, keepdims=True)) & has_low[:, None]).astype(float)
    lw /= np.maximum(lw.sum(axis=1, keepdims=True), 1)
    expect = np.where(has_low[:, None], 0.5 * hw + 0.5 * lw, hw)
    _report(np.all(np.isclose(shares, expect), axis=1),
            'showdown("omaha8") shares vs evaluate_omaha high/low halves', deals,
            lambda i: f"showdown {shares[i].tolist()} vs halves {expect[i].tolist()}")


CHECKS = {"omaha": check_omaha, "holdem6": check_holdem6, "omaha8hu": check_omaha8hu}


# --------------------------------------------------------------------- table

def print_table(results: list[tuple[Row, Optional[float], str]]) -> None:
    head = ["call", "game", "deals timed", "deals/s", "ns/deal", "player-hands/s", "ratio"]
    print("| " + " | ".join(head) + " |")
    print("|---|---|" + "|".join("---:" for _ in head[2:]) + "|")
    notes = []
    for key, g in GROUPS.items():
        items = [(r, s, e) for r, s, e in results if r.group == key]
        base = next(((r, s) for r, s, _ in items if r.baseline and s), None)
        if base:
            notes.append(f"ratio for {g.title}: against {base[0].label}")
        for row, sec, err in items:
            cells = [row.label, g.title, f"{row.n:,}"]
            if sec is None:
                cells += ["error", "", "", err[:60]]
            else:
                rate = row.n / sec
                if base is None:
                    ratio = ""
                elif row is base[0]:
                    ratio = "baseline"
                else:
                    ratio = fmt_ratio(base[0].n / base[1], rate, "handrank", row.lib == "handrank")
                cells += [fmt_rate(rate), f"{1e9 / rate:,.1f}", fmt_rate(rate * g.players), ratio]
            print("| " + " | ".join(cells) + " |")
    print()
    for n in notes:
        print(f"- {n}")


# ---------------------------------------------------------------------- main

def load_libraries() -> SimpleNamespace:
    lib = SimpleNamespace(available=set(), versions={})
    import_handrank("bench_games", lib)
    import_peers(lib, ("phevaluator", "eval7"))
    if "phevaluator" in lib.available:
        lib.ph_omaha = importlib.import_module("phevaluator.evaluator_omaha").evaluate_omaha_cards
        lib.ph_omaha_c = importlib.import_module("phevaluator._pheval").evaluate_omaha_cards
    if "eval7" in lib.available:
        lib.eval7_cards = [lib.eval7.Card(s) for s in CARD_NAMES]
    return lib


def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        description="Time handrank's Omaha evaluator and batch showdowns against phevaluator "
                    "and an eval7 Python loop on the same fixed-seed random deals, and print a "
                    "markdown table (deals/s, ns/deal, player-hands/s, ratio against the "
                    "threads=1 handrank row).")
    p.add_argument("--n", type=int, default=None,
                   help="deals per handrank batch row (default 2,000,000; --quick 200,000)")
    p.add_argument("--peer-n", type=int, default=None,
                   help="deals for the per-deal phevaluator rows (default 200,000; --quick 20,000)")
    p.add_argument("--loop-n", type=int, default=None,
                   help="deals for the eval7 Python showdown loop (default 20,000; --quick 5,000)")
    p.add_argument("--repeat", type=int, default=None,
                   help="timed runs per row; the median is reported (default 5; --quick 3)")
    p.add_argument("--check-n", type=int, default=2_000,
                   help="deals used to cross-check results before timing (default 2,000; 0 disables)")
    p.add_argument("--seed", type=int, default=20240601, help="seed for the random deals")
    p.add_argument("--quick", action="store_true", help="small sizes for a fast smoke run")
    a = p.parse_args(argv)
    for name, full, quick in (("n", 2_000_000, 200_000), ("peer_n", 200_000, 20_000),
                              ("loop_n", 20_000, 5_000), ("repeat", 5, 3)):
        if getattr(a, name) is None:
            setattr(a, name, quick if a.quick else full)
    return a


def main(argv=None) -> int:
    a = parse_args(argv)
    lib = load_libraries()
    rows = make_rows(a, lib)

    print(f"machine: {machine()}")
    print("versions: " + ", ".join(f"{k} {v}" for k, v in lib.versions.items()))
    print(f"seed {a.seed}; median of {a.repeat} runs; GC off while timing; "
          "array slicing and card conversion untimed")
    print(flush=True)

    results = []
    for key, g in GROUPS.items():
        grp = [r for r in rows if r.group == key]
        n_max = max([r.n for r in grp] + [a.check_n])
        # One shuffled deck per deal: the first g.cards cards of a vectorized
        # partial Fisher-Yates shuffle (distinct cards within each deal).
        deals = random_hands(n_max, g.cards, seed=a.seed + g.cards)
        if a.check_n:
            CHECKS[key](lib, deals[:a.check_n])
        for row in grp:
            results.append(time_row(row, deals, a.repeat, g.title, "deals"))
        del deals
    print_table(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
