#!/usr/bin/env python3
"""Issue 23's hand-strength row, timed as a loop of calls beside the native
peer loop in the same run.

``hr.hand_strength(hole, flop)`` (Billings' HS: the share of the 1,081
opponent hands beaten now, ties half) against ``omp_ehs_flop(..., 0, ...)``,
the plain exact loop over OMPEval's evaluator that the drivers in
``../shared/peers-native/`` build into ``libpeers.so``.  The peers' own
side-by-side script times one call per round, between calls of other
workloads, so its figure is a single cold-cache call; this script times
``--calls`` calls per round (the way a bot or a solver calls it), on one
flop and on ``--calls`` different deals, and also one call right after a
cache-flushing sweep of 32 MB, so both readings are on the record.

Rounds alternate between the contenders; each row reports the median and the
least of its rounds in µs per call.

    python bench/bench_strength_native.py --lib PATH/TO/libpeers.so [--rounds 9]
"""
from __future__ import annotations

import argparse
import ctypes as C
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import machine  # noqa: E402

HOLE, FLOP = "Ad Qc", "3h 4c Jh"


def load(path: str):
    lib = C.CDLL(path)
    u8p = C.POINTER(C.c_uint8)
    lib.omp_ehs_flop.argtypes = [u8p, u8p, C.c_int, C.POINTER(C.c_double)]
    lib.omp_ehs_flop.restype = None
    lib.omp_init()
    return lib


def deals(n: int, seed: int = 1) -> list[tuple[list[int], list[int]]]:
    rng = random.Random(seed)
    return [(d[:2], d[2:]) for d in (rng.sample(range(52), 5) for _ in range(n))]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--lib", default=os.environ.get("HANDRANK_PEERS_LIB"),
                   help="the peers' libpeers.so (or set HANDRANK_PEERS_LIB)")
    p.add_argument("--rounds", type=int, default=9)
    p.add_argument("--calls", type=int, default=2000)
    a = p.parse_args(argv)
    if not a.lib:
        p.error("--lib is required: build the drivers in ../shared/peers-native/ first")
    import handrank as hr
    lib = load(a.lib)
    out = (C.c_double * 4)()
    u8 = C.c_uint8

    def omp_args(h, b):
        return (u8 * 2)(*h), (u8 * 3)(*b)

    # handrank's card codes are the peers' ids (rank * 4 + suit); checked below.
    h0, b0 = [int(c) for c in hr.parse(HOLE)], [int(c) for c in hr.parse(FLOP)]
    oh, ob = omp_args(h0, b0)
    lib.omp_ehs_flop(oh, ob, 0, out)
    mine = hr.hand_strength(HOLE, FLOP)
    assert abs(out[0] - mine) < 1e-12, (out[0], mine)
    many = deals(a.calls)
    many_omp = [omp_args(h, b) for h, b in many]
    for (h, b), (x, y) in zip(many[:50], many_omp[:50]):
        lib.omp_ehs_flop(x, y, 0, out)
        assert abs(out[0] - hr.hand_strength(h, b)) < 1e-12
    sweep = bytearray(32 << 20)

    def cold(fn):
        def run():
            for i in range(0, len(sweep), 64):      # evict the caches
                sweep[i] = (sweep[i] + 1) & 255
            t0 = time.perf_counter()
            fn()
            return time.perf_counter() - t0
        return run

    def loop(fn, args):
        def run():
            t0 = time.perf_counter()
            for x in args:
                fn(*x)
            return (time.perf_counter() - t0) / len(args)
        return run

    same = [(HOLE, FLOP)] * a.calls
    same_codes = [(oh, ob, 0, out)] * a.calls
    rows = {
        "hr.hand_strength, one flop, loop": loop(hr.hand_strength, same),
        "OMPEval loop, one flop, loop": loop(lib.omp_ehs_flop, same_codes),
        "hr.hand_strength, different deals (codes)": loop(hr.hand_strength, many),
        "OMPEval loop, different deals": loop(lib.omp_ehs_flop,
                                              [(x, y, 0, out) for x, y in many_omp]),
        "hr.hand_strength, one call after cache flush":
            cold(lambda: hr.hand_strength(HOLE, FLOP)),
        "OMPEval loop, one call after cache flush":
            cold(lambda: lib.omp_ehs_flop(oh, ob, 0, out)),
    }
    times: dict[str, list[float]] = {k: [] for k in rows}
    for _ in range(a.rounds):
        for k, fn in rows.items():
            times[k].append(fn())
    print(f"# {machine()}")
    print(f"# hand_strength({HOLE!r}, {FLOP!r}) = {mine:.6f}; {a.calls} calls a round, "
          f"{a.rounds} rounds")
    print("| row | median µs | least µs |")
    print("|---|---|---|")
    for k, v in times.items():
        print(f"| {k} | {statistics.median(v) * 1e6:.2f} | {min(v) * 1e6:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
