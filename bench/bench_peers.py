#!/usr/bin/env python3
"""The same-run peer table: handrank against each Python peer, workload by workload.

Every contender answers the same question on the same fixed-seed hands, in
one run: 7-card and 5-card hands, one hand per Python call, Omaha-4 deals,
an exact flop equity and a heads-up Monte Carlo.  Before any timing, each
peer's answers are checked against handrank's (the same order of hands, the
same strengths where a peer gives them, the same equities).

The rounds are interleaved (round 1 times every contender once, then round
2, ...), so a machine that other jobs make slower slows every contender of a
round alike.  Each contender's figure is the median of its rounds, and each
peer's ratio is the median over the rounds of (peer's time / handrank's time
in that round): compare ratios, not times of different runs.  The load
average is read before and after the run and written down with it.

    pip install '.[bench]'
    python bench/bench_peers.py --json docs/_static/peers.json   # about 5 minutes
    python bench/plot_peers.py docs/_static/peers.json docs/_static/peers.png
    python bench/bench_peers.py --quick                           # a smoke run

The JSON holds the machine, the date, the load, the versions and, per
workload, each contender's median time per unit and its ratio to handrank.
"""
from __future__ import annotations

import argparse
import datetime as dt
import gc
import json
import math
import os
import platform
import statistics
import sys
import time
from itertools import combinations, starmap
from typing import Any, Callable

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import (CARD_NAMES, _cpu_model, dense_rank, import_handrank,  # noqa: E402
                    import_peers, random_hands)

PEERS = ("phevaluator", "eval7", "treys", "pokerkit")
#: peers whose answers, turned around (7462 - rank), are the SPEC's strengths
SPEC_VALUES = ("phevaluator", "treys")


class Contender:
    """One library's answer to a workload: ``run(data)`` is timed, ``data``
    comes from ``setup`` (untimed); ``units`` is how many hands, deals or
    calls one run does; ``answer(result)`` is what the agreement check
    compares."""

    def __init__(self, lib: str, call: str, units: int, setup: Callable[[], Any],
                 run: Callable[[Any], Any], answer: Callable[[Any], Any] | None = None):
        self.lib, self.call, self.units = lib, call, units
        self.setup, self.run, self.answer = setup, run, answer
        self.data: Any = None
        self.seconds: list[float] = []


class Workload:
    def __init__(self, key: str, title: str, unit: str, check: str):
        self.key, self.title, self.unit, self.check = key, title, unit, check
        self.contenders: list[Contender] = []


def load_average() -> list[float]:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:                                     # pragma: no cover
        return []


def cpu_id() -> str:
    """``lscpu``'s vendor, family and model, read from /proc/cpuinfo."""
    fields = {}
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                if not line.strip():
                    break
                k, _, v = line.partition(":")
                fields[k.strip()] = v.strip()
    except OSError:
        return platform.machine()
    flags = fields.get("flags", "").split()
    isa = "AVX-512" if "avx512bw" in flags else "AVX2" if "avx2" in flags else "no AVX2"
    return (f"{fields.get('vendor_id', '?')} family {fields.get('cpu family', '?')} "
            f"model {fields.get('model', '?')}, {isa}")


def make_workloads(a: argparse.Namespace, lib) -> list[Workload]:
    hr = lib.handrank
    out: list[Workload] = []
    have = lib.available

    def strengths_of(res, flip=False):
        v = np.asarray(res, dtype=np.int64).reshape(-1)
        return 7462 - v if flip else v

    for k in (7, 5):
        w = Workload(f"eval{k}", f"{k}-card hands", "hand", "strength")
        hands = random_hands(a.n, k, a.seed)
        small = hands[:a.peer_n]
        w.contenders.append(Contender(
            "handrank", "evaluate(arr, threads=1)", a.n, lambda h=hands: h,
            lambda d: hr.evaluate(d, threads=1), lambda r: strengths_of(r)))
        if "phevaluator" in have:
            f = getattr(lib.pheval_public, f"evaluate_{k}cards")
            w.contenders.append(Contender(
                "phevaluator", f"evaluate_{k}cards(*ids), per hand", a.peer_n,
                lambda s=small: [tuple(r) for r in s.tolist()],
                lambda d, f=f: list(starmap(f, d)), lambda r: strengths_of(r, flip=True)))
        if "eval7" in have:
            w.contenders.append(Contender(
                "eval7", "evaluate(cards), per hand", a.peer_n,
                lambda s=small: [tuple(lib.eval7_cards[c] for c in r) for r in s.tolist()],
                lambda d: list(map(lib.eval7.evaluate, d)), lambda r: np.asarray(r, np.int64)))
        if "treys" in have:
            n = a.peer_n // 4
            w.contenders.append(Contender(
                "treys", "Evaluator().evaluate(hand, board), per hand", n,
                lambda s=small[:n]: [([lib.treys_cards[c] for c in r[:2]],
                                      [lib.treys_cards[c] for c in r[2:]]) for r in s.tolist()],
                lambda d: list(starmap(lib.treys_eval.evaluate, d)),
                lambda r: strengths_of(r, flip=True)))
        if "pokerkit" in have:
            n = a.slow_n
            cls = lib.pokerkit.StandardHighHand
            call = cls.from_game if k == 7 else cls
            w.contenders.append(Contender(
                "pokerkit", f"StandardHighHand{'.from_game' if k == 7 else ''}(cards), per hand", n,
                lambda s=small[:n]: [tuple(lib.pokerkit_cards[c] for c in r) for r in s.tolist()],
                lambda d, call=call: list(map(call, d)),
                lambda r: np.array([h.entry.index for h in r], np.int64)))
        out.append(w)

    # one hand a call, from Python: what code that ranks hands one by one pays
    w = Workload("call7", "one 7-card hand a call", "call", "strength")
    lists = random_hands(a.peer_n, 7, a.seed + 1)
    w.contenders.append(Contender(
        "handrank", "evaluate(list of 7 codes)", a.peer_n, lambda: lists.tolist(),
        lambda d: list(map(hr.evaluate, d)), lambda r: strengths_of(r)))
    if "phevaluator" in have:
        w.contenders.append(Contender(
            "phevaluator", "evaluate_7cards(*ids)", a.peer_n,
            lambda: [tuple(r) for r in lists.tolist()],
            lambda d: list(starmap(lib.pheval_public.evaluate_7cards, d)),
            lambda r: strengths_of(r, flip=True)))
    if "eval7" in have:
        w.contenders.append(Contender(
            "eval7", "evaluate(cards)", a.peer_n,
            lambda: [tuple(lib.eval7_cards[c] for c in r) for r in lists.tolist()],
            lambda d: list(map(lib.eval7.evaluate, d)), lambda r: np.asarray(r, np.int64)))
    out.append(w)

    # Omaha-4 high: four hole cards and a board of five
    if "phevaluator" in have:
        w = Workload("omaha", "Omaha-4 high deals", "deal", "strength")
        deals = random_hands(a.n // 4, 9, a.seed + 2)
        w.contenders.append(Contender(
            "handrank", "evaluate_omaha(holes, boards, threads=1)", len(deals),
            lambda: (np.ascontiguousarray(deals[:, :4]), np.ascontiguousarray(deals[:, 4:])),
            lambda d: hr.evaluate_omaha(*d, threads=1), lambda r: strengths_of(r)))
        n = a.peer_n // 5
        w.contenders.append(Contender(
            "phevaluator", "evaluate_omaha_cards(*board, *hole), per deal", n,
            lambda: [tuple(r) for r in np.concatenate([deals[:n, 4:], deals[:n, :4]], 1).tolist()],
            lambda d: list(starmap(lib.pheval_omaha, d)), lambda r: strengths_of(r, flip=True)))
        out.append(w)

    if "eval7" in have:
        e7, C = lib.eval7, lib.eval7.Card
        hero, villain, board = ["As", "Ks"], ["Qd", "Qc"], ["2h", "7d", "Jc"]
        rest = [C(c) for c in CARD_NAMES if c not in hero + villain + board]
        calls = a.calls

        # exact equity on a flop: 990 turn and river cards
        w = Workload("flop", "exact equity on a flop (AsKs vs QdQc, 2h 7d Jc)", "call", "equity")
        w.contenders.append(Contender(
            "handrank", 'equity("holdem", hands, board)', calls, lambda: None,
            lambda d: [hr.equity("holdem", ["As Ks", "Qd Qc"], board="2h 7d Jc").equity[0]
                       for _ in range(calls)][-1], lambda r: float(r)))

        def e7_flop(d):
            h, v, b = d
            for _ in range(calls):
                total = n = 0
                for extra in combinations(rest, 2):
                    total += e7.py_hand_vs_range_exact(h, v, b + list(extra))
                    n += 1
            return total / n
        w.contenders.append(Contender(
            "eval7", "py_hand_vs_range_exact over the 990 boards", calls,
            lambda: ([C(c) for c in hero], [(tuple(C(c) for c in villain), 1.0)],
                     [C(c) for c in board]), e7_flop, lambda r: float(r)))
        out.append(w)

        # heads-up Monte Carlo preflop
        trials = a.trials
        w = Workload("mc", "heads-up preflop Monte Carlo (AsKs vs QdQc)", "trial", "equity-mc")
        w.contenders.append(Contender(
            "handrank", "equity(..., trials=n, threads=1)", trials, lambda: None,
            lambda d: hr.equity("holdem", ["As Ks", "Qd Qc"], trials=trials, seed=a.seed,
                                threads=1).equity[0], lambda r: float(r)))
        w.contenders.append(Contender(
            "eval7", "py_hand_vs_range_monte_carlo(..., n)", trials,
            lambda: ([C(c) for c in hero], [(tuple(C(c) for c in villain), 1.0)]),
            lambda d: e7.py_hand_vs_range_monte_carlo(d[0], d[1], [], trials),
            lambda r: float(r)))
        out.append(w)
    return out


def check(w: Workload) -> dict:
    """Each peer's answers against handrank's: the same order of hands and,
    where a peer gives SPEC strengths, the same values; the same equity."""
    ref = w.contenders[0]
    got = {c.lib: c.answer(c.run(c.data)) for c in w.contenders}
    verdict = {}
    for c in w.contenders[1:]:
        a, b = got[ref.lib], got[c.lib]
        if w.check == "strength":
            m = min(len(a), len(b), c.units)
            same = bool((dense_rank(a[:m]) == dense_rank(b[:m])).all())
            verdict[c.lib] = f"same order on {m:,} {w.unit}s" if same else "DISAGREES"
            if same and c.lib in SPEC_VALUES:       # 7462 - rank is the SPEC's strength
                same = bool((a[:m] == b[:m]).all())
                verdict[c.lib] = f"same strengths on {m:,} {w.unit}s" if same else "DISAGREES"
        elif w.check == "equity":
            verdict[c.lib] = ("same equity" if abs(a - b) < 1e-9
                              else f"DISAGREES ({a:.6f} vs {b:.6f})")
        else:                                           # Monte Carlo: 5 standard errors
            se = math.sqrt(0.25 / c.units) * 2
            verdict[c.lib] = (f"equity within {abs(a - b):.4f}" if abs(a - b) < 5 * se
                              else f"DISAGREES ({a:.4f} vs {b:.4f})")
        if "DISAGREES" in verdict[c.lib]:
            print(f"WARNING: {w.title}: {c.lib} {verdict[c.lib]}", file=sys.stderr)
    return verdict


def time_once(c: Contender) -> float:
    gc.collect()
    gc.disable()
    try:
        t0 = time.perf_counter()
        c.run(c.data)
        return time.perf_counter() - t0
    finally:
        gc.enable()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rounds", type=int, default=7, help="interleaved rounds (median reported)")
    p.add_argument("--n", type=int, default=4_000_000, help="hands of handrank's batch rows")
    p.add_argument("--peer-n", type=int, default=100_000, help="hands of the per-hand peer rows")
    p.add_argument("--slow-n", type=int, default=1_000, help="hands of pokerkit's rows")
    p.add_argument("--calls", type=int, default=3, help="flop equity calls a round")
    p.add_argument("--trials", type=int, default=1_000_000, help="Monte Carlo trials")
    p.add_argument("--seed", type=int, default=20240601)
    p.add_argument("--json", metavar="PATH", help="write the run's data here")
    p.add_argument("--quick", action="store_true", help="small sizes, 2 rounds")
    a = p.parse_args(argv)
    if a.quick:
        a.rounds, a.n, a.peer_n, a.slow_n, a.trials = 2, 200_000, 5_000, 100, 100_000

    from types import SimpleNamespace
    lib = SimpleNamespace(available=set(), versions={})
    import_handrank("bench_peers", lib)
    import_peers(lib, PEERS)
    if "phevaluator" in lib.available:
        import importlib
        lib.pheval_public = importlib.import_module("phevaluator.evaluator")
        lib.pheval_omaha = importlib.import_module("phevaluator").evaluate_omaha_cards
    if "eval7" in lib.available:
        lib.eval7_cards = [lib.eval7.Card(s) for s in CARD_NAMES]
    if "treys" in lib.available:
        from treys import Card as TreysCard, Evaluator
        lib.treys_cards = [TreysCard.new(s) for s in CARD_NAMES]
        lib.treys_eval = Evaluator()
    if "pokerkit" in lib.available:
        lib.pokerkit_cards = [next(iter(lib.pokerkit.Card.parse(s))) for s in CARD_NAMES]

    load_before = load_average()
    start = dt.datetime.now(dt.timezone.utc)
    workloads = make_workloads(a, lib)
    for w in workloads:
        for c in w.contenders:
            c.data = c.setup()
    agreement = {w.key: check(w) for w in workloads}
    for r in range(a.rounds):
        for w in workloads:
            for c in w.contenders:
                c.seconds.append(time_once(c))
        print(f"round {r + 1}/{a.rounds} done, load {load_average()}", file=sys.stderr, flush=True)
    end = dt.datetime.now(dt.timezone.utc)
    load_after = load_average()

    hr = lib.handrank
    run = {
        "date": start.strftime("%Y-%m-%d"),
        "start_utc": start.strftime("%H:%M"), "end_utc": end.strftime("%H:%M"),
        "cpu": _cpu_model(), "cpu_id": cpu_id(),
        "logical_cpus": os.cpu_count(),
        "hypervisor": _hypervisor(),
        "system": f"{platform.system()} {platform.machine()}",
        "python": platform.python_version(), "numpy": np.__version__,
        "isa_loop": hr._core.isa() if hasattr(hr, "_core") else "?",
        "versions": lib.versions, "rounds": a.rounds,
        "load_before": load_before, "load_after": load_after,
        "workloads": [],
    }
    for w in workloads:
        base = w.contenders[0]
        rows = []
        for c in w.contenders:
            per = [s / c.units for s in c.seconds]
            ratios = [(s / c.units) / (b / base.units) for s, b in zip(c.seconds, base.seconds)]
            rows.append({"lib": c.lib, "call": c.call, "units": c.units,
                         "ns_per_unit": statistics.median(per) * 1e9,
                         "min_ns_per_unit": min(per) * 1e9,
                         "ratio": statistics.median(ratios),
                         "agreement": agreement[w.key].get(c.lib, "reference")})
        run["workloads"].append({"key": w.key, "title": w.title, "unit": w.unit, "rows": rows})

    print(f"{run['cpu']} ({run['cpu_id']}), {run['logical_cpus']} CPUs, Python {run['python']}, "
          f"numpy {run['numpy']}, handrank loop {run['isa_loop']}; {run['date']} "
          f"{run['start_utc']}-{run['end_utc']} UTC; load {load_before} -> {load_after}; "
          f"median of {a.rounds} interleaved rounds")
    print("| workload | library, call | ns per unit | handrank is |")
    print("|---|---|---:|---:|")
    for w in run["workloads"]:
        for r in w["rows"]:
            x = "baseline" if r["lib"] == "handrank" else f"{r['ratio']:,.1f}× faster"
            print(f"| {w['title']} | {r['lib']} `{r['call']}` | {r['ns_per_unit']:,.1f} / {w['unit']} "
                  f"| {x} |")
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(run, f, indent=1)
            f.write("\n")
    return 0


def _hypervisor() -> str:
    """``lscpu``'s "Hypervisor vendor" (KVM, ...), or "" on bare metal."""
    try:
        import subprocess
        out = subprocess.run(["lscpu"], capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return ""
    for line in out.splitlines():
        if line.startswith("Hypervisor vendor:"):
            return line.split(":", 1)[1].strip()
    return ""


if __name__ == "__main__":
    sys.exit(main())
