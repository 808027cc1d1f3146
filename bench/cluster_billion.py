"""A billion seven-card hands on a Dask cluster: the figures of docs/cluster.rst.

Deals random 7-card hands block by block on the workers (each block seeded by
(seed, block number), so a run is reproducible), scores them with
``handrank.dask.evaluate``, and reduces them to the category histogram, which
is checked against the exact counts over all 133,784,560 seven-card hands.
Then a Monte Carlo showdown, As Ah against Ks Kh, through
``handrank.dask.showdown``, checked against the exact equity.  Prints wall
times and hands per second, writes them as JSON, and draws the run's task
stream (worker threads across, time along, one colour per kind of task, as
the dashboard draws it) from ``Client.get_task_stream``.

    python bench/cluster_billion.py                       # 10**9 hands, LocalCluster of 2
    python bench/cluster_billion.py --hands 1e8 --showdowns 1e7
    python bench/cluster_billion.py --scheduler tcp://10.0.0.5:8786   # a cluster of yours
    python bench/cluster_billion.py --png docs/_static/cluster-task-stream.png \\
        --json docs/_static/cluster-billion.json

Every worker needs handrank (from a checkout: ``pip install '.[dask]'``).
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import _cpu_model  # noqa: E402
from exhaustive7 import HIGH_COUNTS, TOTAL  # noqa: E402

import handrank as hr  # noqa: E402


# ------------------------------------------------------------ the computation

def _block_seed(seed: int, block: int) -> int:
    """The seed of one block: numpy's SeedSequence of (seed, block)."""
    return int(np.random.SeedSequence([seed, block]).generate_state(1, np.uint64)[0])


def _deal_block(seed: int, k: int, dead: str, block_info=None) -> np.ndarray:
    """One block of random hands, dealt on the worker that runs it."""
    info = block_info[None]
    rows, block = info["chunk-shape"][0], info["chunk-location"][0]
    return hr.deal(rows, k, seed=_block_seed(seed, block), dead=dead or None, threads=1)


def dealt(n: int, block: int, seed: int, k: int = 7, dead: str = ""):
    """A lazy (n, k) uint8 dask array of random hands, `block` rows a chunk."""
    import dask.array as da
    rows = (block,) * (n // block) + ((n % block,) if n % block else ())
    return da.map_blocks(_deal_block, seed, k, dead, chunks=(rows, (k,)), dtype=np.uint8,
                         meta=np.empty((0, k), dtype=np.uint8), name=f"deal-{seed}-{n}-{k}")


def category_histogram(n: int, block: int, seed: int):
    """A lazy histogram of the categories of n random 7-card hands (high rules)."""
    import dask.array as da
    import handrank.dask
    strengths = handrank.dask.evaluate(dealt(n, block, seed))
    categories = strengths.map_blocks(hr.category, dtype=np.int8)
    return da.bincount(categories, minlength=len(hr.Category))


def aces_vs_kings(n: int, block: int, seed: int):
    """A lazy (2,) array: the mean pot share of As Ah and Ks Kh over n random boards."""
    import dask.array as da
    import handrank.dask
    holes = np.array([hr.parse("As Ah"), hr.parse("Ks Kh")], dtype=np.uint8)   # (2, 2)
    boards = dealt(n, block, seed, k=5, dead="As Ah Ks Kh")
    hands = da.broadcast_to(holes, (n, 2, 2),
                            chunks=(boards.chunks[0], 2, 2))
    return handrank.dask.showdown("holdem", hands, boards).mean(axis=0)


# ------------------------------------------------------------ checks

def check_histogram(hist: np.ndarray) -> list[tuple[str, int, float, float]]:
    """(category, count, expected, z) for every category a 7-card hand can make."""
    n = int(hist.sum())
    rows = []
    for c in hr.Category:
        if c.name not in HIGH_COUNTS:
            continue
        p = HIGH_COUNTS[c.name] / TOTAL
        expected = n * p
        rows.append((c.name, int(hist[c]), expected,
                     (int(hist[c]) - expected) / np.sqrt(n * p * (1 - p))))
    return rows


# ------------------------------------------------------------ the picture

def task_kind(key) -> str:
    """What a task did, read from the names in its key (the dashboard colours
    by key prefix).  Dask fuses a block's deal, evaluate, category and
    bincount into one task, named after some of them
    ("deal-evaluate_block-<token>"); the rest are small (adding up counts)."""
    name = str(key[0] if isinstance(key, tuple) else key)
    if "deal" in name and "evaluate_block" in name:
        return "deal > evaluate > category > count: one fused task a block"
    if "deal" in name and "showdown_block" in name:
        return "deal > showdown > mean: one fused task a block"
    return "the rest: add up the counts"


def draw_task_stream(records: list[dict], path: str, title: str) -> None:
    """The task stream as the dashboard draws it: one lane per worker thread,
    a bar per task from its start to its stop, coloured by what the task did
    (transfers between workers in red)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    lanes = sorted({(r["worker"], r.get("thread", 0)) for r in records})
    lane = {w: i for i, w in enumerate(lanes)}
    t0 = min(s["start"] for r in records for s in r["startstops"])
    # the tasks' first seen order, in the dashboard's spirit: a colour per prefix
    prefixes = list(dict.fromkeys(task_kind(r["key"]) for r in
                                  sorted(records, key=lambda r: r["startstops"][0]["start"])))
    palette = [c for i, c in enumerate(plt.get_cmap("tab10").colors) if i != 3]   # no red
    colour = {p: palette[i % len(palette)] for i, p in enumerate(prefixes)}
    bars: dict[str, list[tuple[int, float, float]]] = {}
    for r in records:
        for s in r["startstops"]:
            kind = task_kind(r["key"]) if s["action"] == "compute" else s["action"]
            bars.setdefault(kind, []).append((lane[(r["worker"], r.get("thread", 0))],
                                              s["start"] - t0, s["stop"] - s["start"]))
    fig, ax = plt.subplots(figsize=(9, 1.3 + 0.45 * len(lanes)), dpi=100)
    for kind, spans in bars.items():
        c = colour.get(kind, (0.85, 0.2, 0.2) if kind == "transfer" else (0.55, 0.55, 0.55))
        for i, (y, x, w) in enumerate(spans):
            ax.broken_barh([(x, w)], (y - 0.4, 0.8), facecolors=c, edgecolors="white",
                           linewidth=0.3, label=kind if i == 0 else None)
    ax.set_yticks(range(len(lanes)))
    workers = list(dict.fromkeys(w for w, _ in lanes))
    names = []
    for w, t in lanes:
        name = f"worker {workers.index(w) + 1}"
        own = [x for x, _ in lanes if x == w]
        if len(own) > 1:
            name += f", thread {[u for x, u in lanes if x == w].index(t) + 1}"
        names.append(name)
    ax.set_yticklabels(names, fontsize=8)
    ax.set_ylim(-0.6, len(lanes) - 0.4)
    ax.invert_yaxis()
    ax.set_xlabel("seconds since the first task started")
    ax.set_title(title, fontsize=9)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.3), ncol=2, fontsize=8,
              frameon=False)
    ax.grid(axis="x", alpha=0.3)
    fig.savefig(path, dpi=100, bbox_inches="tight", metadata={"Software": None})
    plt.close(fig)


# ------------------------------------------------------------ the run

def local_rate(n: int = 10_000_000) -> float:
    """Hands per second of hr.deal + hr.evaluate on one core of this process."""
    t = time.perf_counter()
    hr.evaluate(hr.deal(n, 7, seed=1, threads=1), threads=1)
    return n / (time.perf_counter() - t)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=float, default=1e9, help="7-card hands (default 1e9)")
    ap.add_argument("--showdowns", type=float, default=1e8,
                    help="As Ah v Ks Kh boards (default 1e8; 0: none)")
    ap.add_argument("--block", type=float, default=5e6, help="rows per block (default 5e6)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--scheduler", help="address of a running scheduler (default: a LocalCluster)")
    ap.add_argument("--workers", type=int, default=2, help="LocalCluster worker processes")
    ap.add_argument("--png", help="write the task stream of the hands' run here")
    ap.add_argument("--json", help="write the figures here")
    ap.add_argument("--report", help="also write distributed's performance report (HTML)")
    args = ap.parse_args(argv)
    n, shows, block = int(args.hands), int(args.showdowns), int(args.block)

    from contextlib import ExitStack

    from distributed import Client, LocalCluster

    # The client, then the cluster this run started, are closed on the way
    # out (error or not): a LocalCluster left to the interpreter's exit
    # shuts its workers down while they still talk to it (CommClosedError).
    with ExitStack() as stack:
        if args.scheduler:
            client = stack.enter_context(Client(args.scheduler))
        else:
            cluster = stack.enter_context(LocalCluster(
                n_workers=args.workers, threads_per_worker=1, processes=True,
                dashboard_address=":0"))
            client = stack.enter_context(Client(cluster))
        return run(client, args, n, shows, block)


def run(client, args: argparse.Namespace, n: int, shows: int, block: int) -> int:
    """The runs of main() on a connected client; 0 if the histogram is near
    the exact odds."""
    from contextlib import nullcontext

    from distributed import get_task_stream, performance_report

    threads = sum(client.nthreads().values())
    print(f"{len(client.nthreads())} workers, {threads} threads; dashboard {client.dashboard_link}")
    one_core = local_rate()
    print(f"one core of this process, deal + evaluate: {one_core / 1e6:.1f} M hands/s")

    load_before = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    hist_lazy = category_histogram(n, block, args.seed)
    report = performance_report(filename=args.report) if args.report else nullcontext()
    with report, get_task_stream(client) as ts:
        cpu = sum(client.run(time.process_time).values())
        t = time.perf_counter()
        hist = hist_lazy.compute()
        wall = time.perf_counter() - t
        cpu = sum(client.run(time.process_time).values()) - cpu
    records = ts.data
    print(f"{n:,} hands in {wall:.1f} s: {n / wall / 1e6:.1f} M hands/s "
          f"({len(hist_lazy.dask)} tasks in the graph, {len(records)} run); the workers "
          f"used {cpu:.1f} CPU-seconds: {n / cpu / 1e6:.1f} M hands per CPU-second")
    rows = check_histogram(hist)
    for name, count, expected, z in rows:
        print(f"  {name:<16} {count:>13,}  expected {expected:>15,.1f}  z {z:+.2f}")
    worst = max(abs(z) for *_, z in rows)
    chi2 = sum(z * z for *_, z in rows)
    print(f"  largest |z| {worst:.2f}")

    result = {
        "date": datetime.date.today().isoformat(), "cpu": _cpu_model(),
        "cores": os.cpu_count(), "python": platform.python_version(),
        "handrank": hr.__version__, "numpy": np.__version__,
        "dask": __import__("dask").__version__,
        "distributed": __import__("distributed").__version__,
        "workers": len(client.nthreads()), "threads": threads,
        "loadavg_before": load_before,
        "loadavg_after": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
        "one_core_rate": one_core, "hands": n, "block": block, "seed": args.seed,
        "seconds": wall, "rate": n / wall, "tasks": len(records),
        "cpu_seconds": cpu, "rate_per_cpu_second": n / cpu,
        "histogram": {name: count for name, count, _, _ in rows},
        "z": {name: z for name, _, _, z in rows}, "max_abs_z": worst, "sum_z2": chi2,
    }
    if shows:
        exact = hr.equity("holdem", ["As Ah", "Ks Kh"])
        lazy = aces_vs_kings(shows, block, args.seed + 1)
        scpu = sum(client.run(time.process_time).values())
        t = time.perf_counter()
        share = lazy.compute()
        swall = time.perf_counter() - t
        scpu = sum(client.run(time.process_time).values()) - scpu
        # the standard error of a mean pot share (1 a win, 1/2 a tie), from the
        # exact odds of a win and a tie
        p = float(exact.equity[0])
        square = (exact.wins[0] + exact.ties[0] / 4) / exact.deals
        err = np.sqrt((square - p * p) / shows)
        print(f"{shows:,} showdowns in {swall:.1f} s: {shows / swall / 1e6:.1f} M/s; "
              f"As Ah {share[0]:.5f} (exact {p:.5f}, z {(share[0] - p) / err:+.2f})")
        result.update(showdowns=shows, showdown_seconds=swall, showdown_rate=shows / swall,
                      showdown_cpu_seconds=scpu,
                      aces_share=float(share[0]), aces_exact=float(p),
                      aces_z=float((share[0] - p) / err))
    if args.png:
        draw_task_stream(records, args.png,
                         f"{n:,} seven-card hands on {threads} worker processes: "
                         f"{wall:.0f} s ({result['date']}, {result['cpu']})")
        print(f"task stream: {args.png} ({os.path.getsize(args.png) // 1024} KB)")
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return 0 if worst < 5 else 1


if __name__ == "__main__":
    sys.exit(main())
