#!/usr/bin/env python3
"""Hand-evaluation throughput: handrank versus the libraries people use instead.

Every library is timed on the SAME fixed-seed random hands, in one run, and the
script prints a markdown table of hands/s, ns/hand and the speed ratio against
``handrank.evaluate(arr, threads=1)`` for the same number of cards and rules.

Only the evaluation calls are timed: converting our card codes into each
library's card objects or ints happens in an untimed setup step. Each peer is
called through its fastest public per-hand Python path (see ``peer rows``
below); one extra row shows phevaluator's private C entry point as a best case
for any per-hand Python call. Before timing, each row's results on the first
``--check-n`` hands are compared with the other rows of the same group (same
order, same ties) and a WARNING is printed on any disagreement.

Adding a row = adding one ``Row(...)`` entry to ``make_rows``.

Run ``python bench/bench_eval.py --help`` for options; ``--peers-only`` works
without handrank installed.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import os
import re
import sys
from dataclasses import dataclass
from itertools import starmap
from types import SimpleNamespace
from typing import Any, Callable, Optional

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import (CARD_NAMES, dense_rank, import_handrank, import_peers,  # noqa: E402
                    machine, random_hands, time_row)

PEERS = ("phevaluator", "eval7", "treys", "pokerkit")

# Canonical rule-set names (SPEC.md) and their aliases.
RULE_ALIASES = {
    "high": "high",
    "ace-to-five": "ace-to-five", "a5": "ace-to-five", "razz": "ace-to-five",
    "ace-to-five-8": "ace-to-five-8", "8-or-better": "ace-to-five-8", "a5-8": "ace-to-five-8",
    "deuce-to-seven": "deuce-to-seven", "2-7": "deuce-to-seven", "27": "deuce-to-seven",
    "ace-to-six": "ace-to-six", "a6": "ace-to-six",
}

# pokerkit hand class for each rule set it supports, found by reading
# pokerkit/hands.py: StandardLowHand = ace high only, straights and flushes
# count (deuce-to-seven); RegularLowHand = ace low, flushes ignored and
# straights not counted (ace-to-five); EightOrBetterLowHand = ace-to-five
# with the 8-or-better qualifier (no hand -> ValueError, so use *_or_none).
POKERKIT_CLASSES = {
    "high": "StandardHighHand",
    "deuce-to-seven": "StandardLowHand",
    "ace-to-five": "RegularLowHand",
    "ace-to-five-8": "EightOrBetterLowHand",
}

NO_LOW = -(10 ** 9)  # strength given to "no qualifying low" in the order check


@dataclass
class Row:
    """One line of the table.

    setup(hands) is untimed and turns an (n, k) uint8 array of our card codes
    into whatever run() consumes; run(prepared) is timed and must evaluate
    every hand. strength(results) maps run()'s results to integers where
    higher is better, used for the cross-library order check. absolute, if
    given, maps results to SPEC.md strength values (checked for equality).
    """

    label: str
    k: int
    setup: Callable[[np.ndarray], Any]
    run: Callable[[Any], Any]
    n: int
    lib: str                      # "handrank", a peer module name, or "python"
    rules: str = "high"
    strength: Optional[Callable[[Any], np.ndarray]] = None
    absolute: Optional[Callable[[Any], np.ndarray]] = None
    warmup: int = 0
    baseline: int = 0             # >0: may serve as the ratio baseline; lower wins


# ----------------------------------------------------------------- conversions

def as_int_tuples(hands: np.ndarray) -> list:
    """Each hand as a tuple of Python ints (our codes)."""
    return [tuple(r) for r in hands.tolist()]


def as_int_lists(hands: np.ndarray) -> list:
    return hands.tolist()


def as_row_views(hands: np.ndarray) -> list:
    """Each hand as a 1-D uint8 numpy view."""
    return list(hands)


def with_joker(hands: np.ndarray) -> np.ndarray:
    """The hands with their last card replaced by a joker (code 52)."""
    out = np.ascontiguousarray(hands, np.uint8).copy()
    out[:, -1] = 52
    return out


def neg(results) -> np.ndarray:
    return -np.asarray(results, dtype=np.int64)


def as_ints(results) -> np.ndarray:
    return np.asarray(results, dtype=np.int64).reshape(-1)


def lower_is_better_7462(results) -> np.ndarray:
    """phevaluator / treys: 1 = royal flush .. 7462 = 7-5-4-3-2 -> SPEC 7461..0."""
    return 7462 - np.asarray(results, dtype=np.int64)


def noop(hand):
    return None


# ------------------------------------------------------------------------ rows

def make_rows(cfg: SimpleNamespace, lib: SimpleNamespace) -> list[Row]:
    """All candidate rows. Rows whose library is missing are dropped later;
    lambdas only touch lib.<name> when the row actually runs."""
    rows: list[Row] = []
    ncores = os.cpu_count() or 1

    for rules in cfg.rules:
        canon = RULE_ALIASES.get(rules, rules)
        hr_kw = {} if canon == "high" else {"rules": rules}
        for k in cfg.ks:
            # --- handrank -----------------------------------------------------
            rows += [
                Row("handrank.evaluate(arr, threads=1)", k, lambda h: np.ascontiguousarray(h, np.uint8),
                    lambda a, kw=hr_kw: lib.handrank.evaluate(a, threads=1, **kw),
                    cfg.n, "handrank", rules, as_ints, as_ints, warmup=1, baseline=1),
                Row(f"handrank.evaluate(arr) [threads=default, {ncores} cpus]", k,
                    lambda h: np.ascontiguousarray(h, np.uint8),
                    lambda a, kw=hr_kw: lib.handrank.evaluate(a, **kw),
                    cfg.n, "handrank", rules, as_ints, as_ints, warmup=1),
                Row("handrank.evaluate_masks(masks, threads=1)", k, lambda h: lib.handrank.to_mask(h),
                    lambda m, kw=hr_kw: lib.handrank.evaluate_masks(m, threads=1, **kw),
                    cfg.n, "handrank", rules, as_ints, as_ints, warmup=1),
                Row("handrank.evaluate_masks(masks) [threads=default]", k, lambda h: lib.handrank.to_mask(h),
                    lambda m, kw=hr_kw: lib.handrank.evaluate_masks(m, **kw),
                    cfg.n, "handrank", rules, as_ints, as_ints, warmup=1),
                Row("handrank.evaluate(list_of_ints) per hand", k, as_int_lists,
                    lambda hs, kw=hr_kw: list(map(functools.partial(lib.handrank.evaluate, **kw)
                                                  if kw else lib.handrank.evaluate, hs)),
                    cfg.peer_n, "handrank", rules, as_ints, as_ints),
                Row("handrank.evaluate(uint8 row) per hand", k, as_row_views,
                    lambda hs, kw=hr_kw: list(map(functools.partial(lib.handrank.evaluate, **kw)
                                                  if kw else lib.handrank.evaluate, hs)),
                    cfg.peer_n, "handrank", rules, as_ints, as_ints),
            ]
            if cfg.wild:
                # --- wild cards: one joker in every hand (the last card replaced)
                for wild in cfg.wild:
                    rows.append(Row(
                        f"handrank.evaluate(arr, wild={wild!r}, threads=1) [1 joker/hand]", k,
                        with_joker,
                        lambda a, kw=hr_kw, w=wild: lib.handrank.evaluate(a, wild=w, threads=1, **kw),
                        cfg.n, "handrank", rules, warmup=1))
            if canon == "high":
                # --- Python floor: the cheapest possible per-hand call -------
                rows.append(Row("Python floor: no-op f(hand) per hand", k, as_int_tuples,
                                lambda hs: list(map(noop, hs)), cfg.floor_n, "python"))
                # --- peers (high only) --------------------------------------
                rows += [
                    # phevaluator ids are ours (4*rank + suit, 2c=0 .. As=51).
                    # evaluate_5cards/evaluate_7cards are public and ~1.7x faster
                    # than evaluate_cards (which maps Card.to_id over *args).
                    Row(f"phevaluator.evaluate_{k}cards(*ids)", k, as_int_tuples,
                        lambda hs, k=k: list(starmap(getattr(lib.phevaluator, f"evaluate_{k}cards"), hs)),
                        cfg.peer_n, "phevaluator", rules, neg, lower_is_better_7462, baseline=2),
                    Row("phevaluator.evaluate_cards(*ids)", k, as_int_tuples,
                        lambda hs: list(starmap(lib.phevaluator.evaluate_cards, hs)),
                        cfg.peer_n, "phevaluator", rules, neg, lower_is_better_7462),
                    # Private C entry point (no Python wrapper): best case for any
                    # per-hand Python call into a C evaluator.
                    Row(f"phevaluator._pheval.evaluate_{k}cards(*ids) [private]", k, as_int_tuples,
                        lambda hs, k=k: list(starmap(getattr(lib.pheval_c, f"evaluate_{k}cards"), hs)),
                        cfg.peer_n, "phevaluator", rules, neg, lower_is_better_7462),
                    Row("eval7.evaluate(tuple_of_Cards)", k,
                        lambda h: [tuple(lib.eval7_cards[c] for c in r) for r in h.tolist()],
                        lambda hs: list(map(lib.eval7.evaluate, hs)),
                        cfg.peer_n, "eval7", rules, as_ints),
                    Row("treys Evaluator().evaluate(hand2, board)", k,
                        lambda h: [([lib.treys_cards[c] for c in r[:2]], [lib.treys_cards[c] for c in r[2:]])
                                   for r in h.tolist()],
                        lambda hs: list(starmap(lib.treys_eval.evaluate, hs)),
                        cfg.peer_n, "treys", rules, neg, lower_is_better_7462),
                ]
            # --- pokerkit (slow: fewer hands) --------------------------------
            cls_name = POKERKIT_CLASSES.get(canon)
            if cls_name:
                if canon == "ace-to-five-8":
                    call, how = "from_game_or_none", f"{cls_name}.from_game_or_none(cards)"
                elif k == 5:
                    call, how = None, f"{cls_name}(cards)"
                else:
                    call, how = "from_game", f"{cls_name}.from_game(cards)"

                def pk_run(hs, cls_name=cls_name, call=call):
                    cls = getattr(lib.pokerkit, cls_name)
                    return list(map(getattr(cls, call) if call else cls, hs))

                rows.append(Row(
                    f"pokerkit {how}", k,
                    lambda h: [tuple(lib.pokerkit_cards[c] for c in r) for r in h.tolist()],
                    pk_run, cfg.slow_n, "pokerkit", rules, pokerkit_strength))
    return rows


def pokerkit_strength(hands) -> np.ndarray:
    # Entry.index grows with strength for high hands and shrinks for low ones
    # (pokerkit Hand.__lt__); None = no qualifying low.
    return np.array([NO_LOW if h is None else (-h.entry.index if h.low else h.entry.index)
                     for h in hands], dtype=np.int64)


# ------------------------------------------------------------------- libraries

def load_libraries(peers_only: bool) -> SimpleNamespace:
    lib = SimpleNamespace(available={"python"}, versions={})
    if not peers_only:
        import_handrank("bench_eval", lib,
                        "or run with --peers-only to time the other libraries alone.")
    import_peers(lib, PEERS)
    # Pre-built per-card objects (untimed), indexed by our card code.
    if "phevaluator" in lib.available:
        lib.phevaluator = importlib.import_module("phevaluator.evaluator")
        lib.pheval_c = importlib.import_module("phevaluator._pheval")
    if "eval7" in lib.available:
        lib.eval7_cards = [lib.eval7.Card(s) for s in CARD_NAMES]
    if "treys" in lib.available:
        from treys import Card as TreysCard, Evaluator
        lib.treys_cards = [TreysCard.new(s) for s in CARD_NAMES]
        lib.treys_eval = Evaluator()
    if "pokerkit" in lib.available:
        lib.pokerkit_cards = [next(iter(lib.pokerkit.Card.parse(s))) for s in CARD_NAMES]
    return lib


# ---------------------------------------------------------------------- checks

def check_group(rows: list[Row], hands: np.ndarray, check_n: int) -> None:
    """Evaluate the first check_n hands with every row that has a strength
    function and compare orderings (dense ranks) and absolute values."""
    h = hands[:check_n]
    dense, absolute = {}, {}
    for row in rows:
        if row.strength is None:
            continue
        try:
            res = row.run(row.setup(h[:row.n]))
            dense[row.label] = dense_rank(row.strength(res))
            if row.absolute is not None:
                absolute[row.label] = row.absolute(res)
        except Exception as e:
            print(f"WARNING: {row.label} (k={row.k}, rules={row.rules}) failed on the check hands: {e!r}",
                  file=sys.stderr)
    _compare(dense, h, "order", rows)
    _compare(absolute, h, "SPEC strength value", rows)


def _compare(results: dict, hands: np.ndarray, what: str, rows: list[Row]) -> None:
    if len(results) < 2:
        return
    labels = list(results)
    ref = labels[0]
    for other in labels[1:]:
        m = min(len(results[ref]), len(results[other]))
        a, b = results[ref][:m], results[other][:m]
        if what == "order":  # re-rank on the common prefix
            a, b = dense_rank(a), dense_rank(b)
        bad = np.flatnonzero(a != b)
        if bad.size:
            i = int(bad[0])
            text = " ".join(CARD_NAMES[c] for c in hands[i])
            print(f"WARNING: {what} of [{other}] disagrees with [{ref}] on {bad.size}/{m} hands "
                  f"(k={rows[0].k}, rules={rows[0].rules}); first: hand #{i} {text}: {b[i]} vs {a[i]}",
                  file=sys.stderr)
        else:
            print(f"check: {what} of [{other}] agrees with [{ref}] on {m} hands", file=sys.stderr)


# ----------------------------------------------------------------------- table

def fmt_rate(r: float) -> str:
    return f"{r:,.0f}"


def fmt_ratio(base_rate: float, rate: float, base_name: str, own: bool = False) -> str:
    """Ratio text: for handrank's own rows, the rate as a multiple of the baseline;
    for peers, how much faster (or slower) the baseline is."""
    if own:
        return f"{rate / base_rate:,.2f}x baseline"
    x = base_rate / rate
    if 0.95 <= x <= 1.05:
        return f"about the same ({x:.2f}x)"
    if x >= 1:
        return f"{base_name} is {x:,.{1 if x < 100 else 0}f}x faster"
    return f"{base_name} is {1 / x:,.{1 if 1 / x < 100 else 0}f}x slower"


def print_table(results: list[tuple[Row, Optional[float], str]], show_rules: bool) -> None:
    groups: dict[tuple, list] = {}
    for row, sec, err in results:
        groups.setdefault((row.rules, row.k), []).append((row, sec, err))

    head = ["library / call"] + (["rules"] if show_rules else []) + \
        ["cards", "hands timed", "hands/s", "ns/hand", "ratio"]
    print("| " + " | ".join(head) + " |")
    print("|" + "|".join("---" if i == 0 or (show_rules and i == 1) else "---:"
                         for i in range(len(head))) + "|")
    notes = []
    for (rules, k), items in groups.items():
        cands = [(row.baseline, row, sec) for row, sec, _ in items if row.baseline and sec]
        base = min(cands, key=lambda t: t[0]) if cands else None
        if base:
            base_row, base_rate = base[1], base[1].n / base[2]
            base_name = "handrank" if base_row.lib == "handrank" else base_row.label.split("(")[0]
            notes.append(f"ratio for {k} cards{', ' + rules if show_rules else ''}: "
                         f"against {base_row.label}")
        for row, sec, err in items:
            cells = [row.label] + ([rules] if show_rules else []) + [str(k), f"{row.n:,}"]
            if sec is None:
                cells += ["error", "", err[:60]]
            else:
                rate = row.n / sec
                ratio = ("baseline" if base and row is base_row
                         else fmt_ratio(base_rate, rate, base_name, row.lib == "handrank")
                         if base else "")
                cells += [fmt_rate(rate), f"{1e9 / rate:,.1f}", ratio]
            print("| " + " | ".join(cells) + " |")
    print()
    for n in notes:
        print(f"- {n}")


# ------------------------------------------------------------------------ main

def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        description="Time handrank against phevaluator, eval7, treys and pokerkit on the same "
                    "fixed-seed random hands and print a markdown table (hands/s, ns/hand, "
                    "speed ratio against handrank.evaluate(arr, threads=1)).")
    p.add_argument("--n", type=int, default=None,
                   help="hands per handrank batch row (default 10,000,000; --quick 1,000,000)")
    p.add_argument("--peer-n", type=int, default=None,
                   help="hands for per-hand rows: phevaluator, eval7, treys and handrank's "
                        "single-hand call (default 200,000; --quick 20,000)")
    p.add_argument("--slow-n", type=int, default=None,
                   help="hands for pokerkit rows (default 2,000; --quick 300)")
    p.add_argument("--floor-n", type=int, default=None,
                   help="hands for the Python no-op floor row (default 100,000; --quick 20,000)")
    p.add_argument("--repeat", type=int, default=None,
                   help="timed runs per row; the median is reported (default 5; --quick 3)")
    p.add_argument("--cards", type=int, nargs="+", default=[5, 7], choices=[5, 6, 7],
                   help="cards per hand to benchmark (default: 5 7)")
    p.add_argument("--wild", nargs="+", default=[], metavar="WILD",
                   help="add rows with one joker in every hand under these wild settings, "
                        "e.g. --wild bug 2 (ratio against the no-wild baseline)")
    p.add_argument("--rules", nargs="+", default=["high"], metavar="RULES",
                   help="rule sets to benchmark, e.g. --rules high 2-7 a5 a5-8 a6 "
                        "(default: high; peers other than pokerkit only do high)")
    p.add_argument("--seed", type=int, default=20240601, help="seed for the random hands")
    p.add_argument("--check-n", type=int, default=None,
                   help="hands used to cross-check result order between libraries "
                        "(default 1,000; --quick 300; 0 disables)")
    p.add_argument("--only", metavar="REGEX", default=None,
                   help="only run rows whose label matches REGEX (e.g. 'handrank|phevaluator')")
    p.add_argument("--peers-only", action="store_true",
                   help="skip handrank (works before handrank is built)")
    p.add_argument("--quick", action="store_true", help="small sizes for a fast smoke run")
    a = p.parse_args(argv)
    q = a.quick
    for name, full, quick in (("n", 10_000_000, 1_000_000), ("peer_n", 200_000, 20_000),
                              ("slow_n", 2_000, 300), ("floor_n", 100_000, 20_000),
                              ("repeat", 5, 3), ("check_n", 1_000, 300)):
        if getattr(a, name) is None:
            setattr(a, name, quick if q else full)
    bad = [r for r in a.rules if r not in RULE_ALIASES]
    if bad:
        p.error(f"unknown rules {bad}; choose from {sorted(RULE_ALIASES)}")
    return a


def main(argv=None) -> int:
    a = parse_args(argv)
    lib = load_libraries(a.peers_only)
    cfg = SimpleNamespace(rules=a.rules, ks=a.cards, n=a.n, peer_n=a.peer_n,
                          slow_n=a.slow_n, floor_n=a.floor_n, wild=a.wild)
    rows = [r for r in make_rows(cfg, lib) if r.lib in lib.available]
    if a.only:
        rows = [r for r in rows if re.search(a.only, r.label)]

    print(f"machine: {machine()}")
    print("versions: " + ", ".join(f"{k} {v}" for k, v in lib.versions.items()))
    print(f"seed {a.seed}; median of {a.repeat} runs; GC off while timing; "
          f"card conversion untimed")
    print(flush=True)

    hands_by_k = {}
    for k in sorted({r.k for r in rows}):
        n_max = max([r.n for r in rows if r.k == k] + [a.check_n])
        hands_by_k[k] = random_hands(n_max, k, seed=a.seed + k)

    groups: dict[tuple, list[Row]] = {}
    for r in rows:
        groups.setdefault((r.rules, r.k), []).append(r)

    results = []
    for (rules, k), grp in groups.items():
        hands = hands_by_k[k]
        if a.check_n:
            check_group(grp, hands, a.check_n)
        for row in grp:
            results.append(time_row(row, hands, a.repeat, f"k={k}, {rules}", "hands"))
    print_table(results, show_rules=len(a.rules) > 1 or a.rules != ["high"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
