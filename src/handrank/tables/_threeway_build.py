"""Build the exact three-way preflop table in resumable pieces
(tools/build_threeway.py is its command line).

The 818,805 class triples (``_threeway.triple_rows`` order) are cut into
pieces of ``PIECE`` triples; ``build`` counts the pieces not yet in the work
folder (each written atomically, with its CPU seconds beside it), so a
stopped build resumes where it stopped.  ``finish`` refuses unless every
piece is there, checks each row (the boards add up to the matchups times
1,370,754) and recounts a sample of triples afresh, then writes the package
data file: per triple the matchups and six times the boards seats 0 and 1
win (ties of k seats count 6 / k; seat 2 has the rest), exact integers, with provenance and a
sha256 checksum.  No partial table is ever written.
"""
from __future__ import annotations

import argparse
import datetime
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from . import _cache, _threeway as tw

PIECE = 5_000                     # triples a piece (164 pieces, ~20 s each on one core)
VERSION, DATA_FILE, checksum, classes_digest = tw.VERSION, tw.DATA_FILE, tw.checksum, tw.classes_digest
CHECK_SAMPLE = 64                 # triples recounted afresh by finish


TOTAL = tw.TRIPLES                # triples built (a test may build fewer)


def pieces() -> int:
    return -(-TOTAL // PIECE)


def _file(work: Path, q: int) -> Path:
    return work / f"piece-{q:05d}.npy"


def build_piece(q: int, work: Path, threads: int = 1) -> Path:
    """Count piece ``q`` and write its (n, 8) counts atomically."""
    lo, hi = q * PIECE, min(TOTAL, (q + 1) * PIECE)
    t0 = time.process_time()
    res = tw.triple_counts(tw.triple_rows(lo, hi), threads)
    work.mkdir(parents=True, exist_ok=True)
    tmp = work / f".piece-{q:05d}.{os.getpid()}.npy"
    np.save(tmp, res)
    (work / f"piece-{q:05d}.cpu").write_text(f"{time.process_time() - t0:.3f}\n")
    os.replace(tmp, _file(work, q))
    return _file(work, q)


def won6(counts: np.ndarray) -> np.ndarray:
    """(t, 3) int64: six times the boards each seat wins (a tie of k seats
    gives each 6 / k), from ``triple_counts`` rows."""
    out = np.zeros((len(counts), 3), dtype=np.int64)
    for w in range(1, 8):
        k = bin(w).count("1")
        for p in range(3):
            if w >> p & 1:
                out[:, p] += counts[:, w] * (6 // k)
    return out


def gather(work: Path) -> tuple[np.ndarray, float]:
    """Every piece's counts in order, and their CPU seconds; refuses a
    missing or malformed piece."""
    parts, cpu = [], 0.0
    for q in range(pieces()):
        f = _file(work, q)
        if not f.is_file():
            raise SystemExit(f"threeway: piece {q} of {pieces()} is missing; build it first")
        a = np.load(f, allow_pickle=False)
        n = min(TOTAL, (q + 1) * PIECE) - q * PIECE
        if a.shape != (n, 8) or a.dtype != np.int64:
            raise SystemExit(f"threeway: piece {q} has shape {a.shape} {a.dtype}, not ({n}, 8) int64")
        parts.append(a)
        cpu += float((work / f"piece-{q:05d}.cpu").read_text())
    return np.concatenate(parts), cpu


def finish(work: Path, out: Path, sample: int = CHECK_SAMPLE) -> dict:
    """Check the pieces and write the data file; returns its provenance."""
    counts, cpu = gather(work)
    if not np.array_equal(counts[:, 1:].sum(axis=1), counts[:, 0] * tw.BOARDS):
        bad = int(np.flatnonzero(counts[:, 1:].sum(axis=1) != counts[:, 0] * tw.BOARDS)[0])
        raise SystemExit(f"threeway: triple {bad}'s boards do not add up")
    rng = np.random.default_rng(int.from_bytes(os.urandom(8), "little"))
    pick = np.sort(rng.choice(TOTAL, min(sample, TOTAL), replace=False))
    fresh = tw.triple_counts(tw.triple_rows()[pick])
    if not np.array_equal(fresh, counts[pick]):
        raise SystemExit("threeway: a recounted triple differs from its piece")
    w = won6(counts)
    if w.max() >= 2 ** 32 or counts[:, 0].max() >= 2 ** 16:
        raise SystemExit("threeway: counts overflow the stored types")
    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                                cwd=Path(__file__).parent, timeout=10).stdout.strip()
    except OSError:
        commit = ""
    info = dict(
        version=np.int64(VERSION), triples=np.int64(TOTAL), boards=np.int64(tw.BOARDS),
        classes_sha256=np.array(classes_digest()),
        cpu_seconds=np.float64(cpu), date=np.array(datetime.date.today().isoformat()),
        commit=np.array(commit), checked=np.int64(len(pick)),
        method=np.array("exact: each class triple (A <= B <= C, HAND_CLASSES order) sets A's "
                        "representative hand against every hand of B and C sharing no card, "
                        "over all 1,370,754 boards, counted by rank multiset and suit mask "
                        "(include/handrank/tables/hr_threeway.h); tools/build_threeway.py"),
    )
    # seat 2's share is the rest: 6 x boards x matchups less seats 0 and 1 (load_table)
    _cache.save(out, dict(matchups=counts[:, 0].astype(np.uint16),
                          won6=w[:, :2].astype(np.uint32), **info), checksum, compressed=True)
    return {k: (v.item() if v.ndim == 0 else v) for k, v in info.items()}


def main(argv: list[str] | None = None) -> int:
    """``build [--pieces A:B] [--work DIR] [--threads N]`` counts the pieces
    not yet in the work folder; ``finish [--work DIR] [--out FILE]`` writes
    the data file; ``status`` says how many pieces are done."""
    p = argparse.ArgumentParser(prog="tools/build_threeway.py")
    p.add_argument("what", choices=["build", "finish", "status"])
    p.add_argument("--work", default="build/threeway")
    p.add_argument("--pieces", default=None, help="A:B, piece numbers (default: all)")
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--out", default=None)
    a = p.parse_args(argv)
    work, total = Path(a.work), pieces()
    done = [q for q in range(total) if _file(work, q).is_file()]
    if a.what == "status":
        cpu = sum(float((work / f"piece-{q:05d}.cpu").read_text()) for q in done
                  if (work / f"piece-{q:05d}.cpu").is_file())
        print(f"threeway: {len(done)}/{total} pieces done, {cpu:,.0f} CPU seconds")
        return 0
    if a.what == "finish":
        out = Path(a.out) if a.out else Path(tw.__file__).with_name(DATA_FILE)
        info = finish(work, out)
        print(f"{out}: {out.stat().st_size:,} bytes; " +
              ", ".join(f"{k} {v}" for k, v in info.items() if k != "method"))
        return 0
    lo, hi = (0, total) if a.pieces is None else map(int, a.pieces.split(":"))
    todo = [q for q in range(lo, min(hi, total)) if not _file(work, q).is_file()]
    t0 = time.perf_counter()
    for i, q in enumerate(todo):
        build_piece(q, work, a.threads)
        print(f"threeway: piece {q} ({i + 1}/{len(todo)} this run), "
              f"{time.perf_counter() - t0:,.0f} s", flush=True, file=sys.stdout)
    print(f"threeway: pieces {lo}..{hi - 1} are done")
    return 0
