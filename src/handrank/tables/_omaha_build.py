"""Building the shipped Omaha orders (``tools/build_omaha_orders.py``):
each canonical class's equity against one random hand of its game, by Monte
Carlo with common random numbers, written to ``<game>-order-v3.npz``
(package data, read by :mod:`handrank.tables._omaha_preflop`).

The method: one *pool* of ``deals`` deals for the whole game, each an
opponent hand and a five-card board dealt uniformly from the full deck
(fixed seed; the opponent's strength is worked out once per deal).  Every
class plays its representative hand against every pool deal that shares
no card with it: given that, the deal is uniform over the cards the hand
leaves, so each class's figure is an ordinary Monte Carlo mean (its
standard error from its own win/tie/loss counts), and two classes are
scored on the *same* boards and opponents wherever both can be -- common
random numbers, so the difference of two classes' figures (what the order
rests on) is far less noisy than either figure.  The pool is cut into
``batches`` equal slices and each class's counts are kept per slice: the
spread of the slice differences of two classes gives the standard error of
their difference, which the build states (median and 95th percentile over
classes next to each other in the order).

The build goes in pieces of classes, each written to a work folder as it
ends, so it can be stopped and resumed; ``finish`` gathers them into the
shipped file.
"""
from __future__ import annotations

import argparse
import datetime
import os
import sys
import time
from pathlib import Path

import numpy as np

from . import _cache, _omaha_preflop as op

__all__ = ["BUILD", "make_pool", "play_classes", "build_piece", "finish", "main"]

#: Pool deals, slices and seed per game (the shipped files were built with these).
BUILD = {
    "omaha": dict(deals=2_200_000, batches=32, seed=25),
    "omaha5": dict(deals=250_000, batches=32, seed=25),
    "omaha6": dict(deals=200_000, batches=16, seed=25),
}
PIECE = {"omaha": 512, "omaha5": 2048, "omaha6": 8192}
_BIT = np.left_shift(np.uint64(1), np.arange(64, dtype=np.uint64))


def _tables(k: int):
    from ..rules import get_rules
    from ..games import omaha_tables
    return omaha_tables(get_rules("high"), k, 5, None)


def _masks(cards: np.ndarray) -> np.ndarray:
    """(N,) uint64: bit c set for each card code c of each row."""
    return np.bitwise_or.reduce(_BIT[cards], axis=1)


def make_pool(game: str, deals: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(boards (P, 5) uint8, the opponent's strength (P,) int16, the mask of
    all the deal's cards (P,) uint64): ``deals`` deals of a ``cards``-card
    opponent hand and a board, uniform from the 52 cards (reproducible from
    ``seed``; one thread)."""
    from ..cards import deal
    k = op._CARDS_OF_GAME[game]
    boards = np.empty((deals, 5), dtype=np.uint8)     # read back as 5-byte items
    value = np.empty(deals, dtype=np.int16)
    mask = np.empty(deals, dtype=np.uint64)
    t = _tables(k)
    step = 1 << 18
    for j, start in enumerate(range(0, deals, step)):
        stop = min(deals, start + step)
        d = deal(stop - start, k + 5, seed=seed * 1_000_003 + j, threads=1)
        opp = np.ascontiguousarray(d[:, :k])
        boards[start:stop] = d[:, k:]
        if t.omaha(opp, np.ascontiguousarray(d[:, k:]), value[start:stop], 1) >= 0:
            raise RuntimeError("the pool holds a bad deal")
        mask[start:stop] = _masks(d)
    return boards, value, mask


def play_classes(game: str, pool: tuple[np.ndarray, np.ndarray, np.ndarray], first: int,
                 stop: int, batches: int) -> np.ndarray:
    """(stop - first, 3, batches) int64: for classes first..stop-1 (class
    numbers), per pool slice, the deals played (sharing no card with the
    class's representative), won and tied."""
    boards, value, mask = pool
    k = op._CARDS_OF_GAME[game]
    reps = op.representatives(k)[first:stop]
    t = _tables(k)
    n = len(value)
    edges = (np.arange(batches, dtype=np.int64) * n) // batches
    items = boards.view("V5").reshape(n)            # one board, one item: a fast gather
    hole = np.empty((n, k), dtype=np.uint8)
    holes = hole.view(f"V{k}").reshape(n)
    out = np.empty(n, dtype=np.int16)
    res = np.zeros((len(reps), 3, batches), dtype=np.int64)
    for i, (hm, h) in enumerate(zip(_masks(reps).tolist(), reps)):
        idx = np.flatnonzero((mask & np.uint64(hm)) == 0)
        m = len(idx)
        holes[:m] = h.view(f"V{k}")[0]
        v = out[:m]
        b = np.take(items, idx).view(np.uint8).reshape(m, 5)
        if t.omaha(hole[:m], b, v, 1) >= 0:
            raise RuntimeError("a class's representative and a deal overlap")
        o = value[idx]
        cut = np.append(np.searchsorted(idx, edges), m)
        res[i, 0] = np.diff(cut)
        for j, won in ((1, v > o), (2, v == o)):      # per slice, by cumulative sums
            res[i, j] = np.diff(np.concatenate(([0], np.cumsum(won)))[cut])
    return res


def _work(game: str, work: Path) -> Path:
    return work / game


def build_piece(game: str, piece: int, work: Path, pool=None) -> Path:
    """Play piece number ``piece`` (``PIECE[game]`` classes) and write its
    counts to the work folder (atomically); returns the file."""
    cfg = BUILD[game]
    n = len(op.class_keys(op._CARDS_OF_GAME[game]))
    first, stop = piece * PIECE[game], min(n, (piece + 1) * PIECE[game])
    pool = make_pool(game, cfg["deals"], cfg["seed"]) if pool is None else pool
    t0 = time.process_time()
    res = play_classes(game, pool, first, stop, cfg["batches"])
    folder = _work(game, work)
    folder.mkdir(parents=True, exist_ok=True)
    file = folder / f"piece-{piece:05d}.npy"
    tmp = folder / f".piece-{piece:05d}.{os.getpid()}.npy"
    np.save(tmp, res)
    os.replace(tmp, file)
    (folder / f"piece-{piece:05d}.cpu").write_text(f"{time.process_time() - t0:.3f}\n")
    return file


def _pieces(game: str) -> int:
    n = len(op.class_keys(op._CARDS_OF_GAME[game]))
    return -(-n // PIECE[game])


def summarise(counts: np.ndarray, size: np.ndarray) -> dict[str, np.ndarray]:
    """From (C, 3, B) counts and the classes' sizes: each class's equity and
    standard error, the standard error of the difference of each class and
    the next one in the order, from the slices (common random numbers) and as
    if independent, and each class's percentile spread (half the share of
    hands, in percent, in classes whose equity is within one standard error
    of its own)."""
    played, won, tied = (counts[:, j].sum(axis=1).astype(np.float64) for j in range(3))
    eq = (won + 0.5 * tied) / played
    sq = (won + 0.25 * tied) / played
    se = np.sqrt(np.maximum(sq - eq ** 2, 0.0) / (played - 1))
    with np.errstate(invalid="ignore", divide="ignore"):
        eq_b = (counts[:, 1] + 0.5 * counts[:, 2]) / counts[:, 0]
    order = np.lexsort((np.arange(len(eq)), -eq))
    d = eq_b[order[:-1]] - eq_b[order[1:]]
    b = counts.shape[2]
    diff_se = d.std(axis=1, ddof=1) / np.sqrt(b)
    indep = np.sqrt(se[order[:-1]] ** 2 + se[order[1:]] ** 2)
    asc = np.argsort(eq, kind="stable")
    cum = np.concatenate([[0], np.cumsum(size[asc])]) * (100.0 / size.sum())
    lo = cum[np.searchsorted(eq[asc], eq - se, side="left")]
    hi = cum[np.searchsorted(eq[asc], eq + se, side="right")]
    return dict(equity=eq, se=se, played=played, diff_se=diff_se, indep_se=indep,
                pct_spread=(hi - lo) / 2)


def finish(game: str, work: Path, out: Path) -> dict:
    """Gather the pieces into the shipped file; returns its provenance."""
    cfg = BUILD[game]
    k = op._CARDS_OF_GAME[game]
    folder = _work(game, work)
    parts, cpu = [], 0.0
    for p in range(_pieces(game)):
        f = folder / f"piece-{p:05d}.npy"
        if not f.is_file():
            raise SystemExit(f"{game}: piece {p} is missing; build it first")
        parts.append(np.load(f))
        cpu += float((folder / f"piece-{p:05d}.cpu").read_text())
    counts = np.concatenate(parts)
    s = summarise(counts, op._classes(k)[1])
    eq_q = np.round(s["equity"] * op.EQUITY_SCALE).astype(np.uint16)
    # standard errors as uint8 in steps of se_unit: 1e-5, or coarser for a small pool
    unit = 1e-5 * max(1, int(np.ceil(s["se"].max() * 1e5 / 255)))
    se_q = np.round(s["se"] / unit).astype(np.uint8)
    info = dict(
        version=np.int64(op.VERSION), game=np.array(game), classes=np.int64(len(eq_q)),
        keys_sha256=np.array(op.keys_digest(k)),
        pool_deals=np.int64(cfg["deals"]), batches=np.int64(cfg["batches"]),
        seed=np.int64(cfg["seed"]),
        deals_min=np.int64(s["played"].min()), deals_mean=np.float64(s["played"].mean()),
        se_unit=np.float64(unit), se_max=np.float64(s["se"].max()), se_median=np.float64(np.median(s["se"])),
        diff_se_median=np.float64(np.median(s["diff_se"])),
        diff_se_p95=np.float64(np.quantile(s["diff_se"], 0.95)),
        indep_se_median=np.float64(np.median(s["indep_se"])),
        percentile_spread_median=np.float64(np.median(s["pct_spread"])),
        cpu_seconds=np.float64(cpu),
        date=np.array(datetime.date.today().isoformat()),
        method=np.array(f"Monte Carlo against one random hand, common random numbers: "
                        f"{cfg['deals']:,} pool deals (seed {cfg['seed']}), each class "
                        f"playing those that share no card with it; tools/build_omaha_orders.py"),
    )
    _cache.save(out, dict(equity=eq_q, se=se_q, **info), op.checksum, compressed=True)
    return {key: (v.item() if v.ndim == 0 else v) for key, v in info.items()}


def main(argv: list[str] | None = None) -> int:
    """``build GAME [--pieces A:B] [--work DIR]`` plays pieces not yet in the
    work folder; ``finish GAME [--out FILE]`` writes the shipped file;
    ``slice GAME --classes N`` times N classes and extrapolates."""
    p = argparse.ArgumentParser(prog="tools/build_omaha_orders.py")
    p.add_argument("what", choices=["build", "finish", "slice"])
    p.add_argument("game", choices=sorted(BUILD))
    p.add_argument("--work", default="build/omaha-orders")
    p.add_argument("--pieces", default=None, help="A:B, piece numbers (default: all)")
    p.add_argument("--classes", type=int, default=200)
    p.add_argument("--out", default=None)
    a = p.parse_args(argv)
    game, work = a.game, Path(a.work)
    cfg = BUILD[game]
    total = _pieces(game)
    if a.what == "slice":
        t0 = time.process_time()
        pool = make_pool(game, cfg["deals"], cfg["seed"])
        t1 = time.process_time()
        n = len(op.class_keys(op._CARDS_OF_GAME[game]))
        pick = np.linspace(0, n - 1, a.classes).astype(np.int64)
        for i in pick.tolist():
            play_classes(game, pool, i, i + 1, cfg["batches"])
        per = (time.process_time() - t1) / a.classes
        print(f"{game}: pool {t1 - t0:.1f} s; {per * 1e3:.2f} ms a class; {n:,} classes: "
              f"about {per * n / 60:.1f} core-minutes")
        return 0
    if a.what == "finish":
        out = Path(a.out) if a.out else Path(op.__file__).with_name(op.order_file(game))
        info = finish(game, work, out)
        print(f"{out}: {out.stat().st_size:,} bytes; " +
              ", ".join(f"{k_} {v}" for k_, v in info.items() if k_ != "method"))
        return 0
    lo, hi = (0, total) if a.pieces is None else map(int, a.pieces.split(":"))
    todo = [q for q in range(lo, min(hi, total))
            if not (_work(game, work) / f"piece-{q:05d}.npy").is_file()]
    if not todo:
        print(f"{game}: pieces {lo}..{hi - 1} are done")
        return 0
    pool = make_pool(game, cfg["deals"], cfg["seed"])
    t0 = time.perf_counter()
    for q in todo:
        build_piece(game, q, work, pool)
        print(f"{game}: piece {q + 1}/{total}, {time.perf_counter() - t0:,.0f} s",
              flush=True, file=sys.stdout)
    return 0
