#!/usr/bin/env python3
"""Draw the same-run peer table: how many times faster handrank is than each
peer, workload by workload, read from the JSON that ``bench_peers.py --json``
writes.

    python bench/plot_peers.py docs/_static/peers.json docs/_static/peers.png

One horizontal bar per peer and workload, on a log scale (the ratios run
from about 1 to about 100,000); the figure's caption names the machine, the
date and the load average of the run.  Needs matplotlib (the ``test`` and
``plot`` extras have it).
"""
from __future__ import annotations

import argparse
import json
import sys

#: one colour per peer, the same in every workload
COLOURS = {"phevaluator": "#4c72b0", "eval7": "#dd8452", "treys": "#55a868",
           "pokerkit": "#c44e52"}


def ratio_text(ratio: float) -> str:
    """A ratio as the tables and the picture print it: 337×, 3.8×."""
    return f"{ratio:,.0f}×" if ratio >= 10 else f"{ratio:.1f}×"


def time_text(ns: float) -> str:
    """A time per unit in the unit that reads best."""
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1e4:
        return f"{ns / 1e3:,.0f} µs"
    if ns >= 1e3:
        return f"{ns / 1e3:.2f} µs"
    return f"{ns:.0f} ns" if ns >= 100 else f"{ns:.1f} ns"


def peers(run: dict) -> list[str]:
    """The peers of the run, in the order they first appear."""
    seen: list[str] = []
    for w in run["workloads"]:
        seen += [r["lib"] for r in w["rows"] if r["lib"] != "handrank" and r["lib"] not in seen]
    return seen


def table_cells(run: dict) -> list[list[str]]:
    """The table: a header, then one row per workload: its title and unit,
    handrank's time, each peer's time and how many times faster handrank is."""
    libs = peers(run)
    rows = [["workload", "handrank", *libs]]
    for w in run["workloads"]:
        by = {r["lib"]: r for r in w["rows"]}
        cells = [f"{w['title']}, time a {w['unit']}", time_text(by["handrank"]["ns_per_unit"])]
        for lib in libs:
            r = by.get(lib)
            cells.append(f"{time_text(r['ns_per_unit'])} ({ratio_text(r['ratio'])})" if r else "—")
        rows.append(cells)
    return rows


def table_markdown(run: dict) -> str:
    rows = table_cells(run)
    out = ["| " + " | ".join(rows[0]) + " |", "|---" + "|---:" * (len(rows[0]) - 1) + "|"]
    out += ["| " + " | ".join(r) + " |" for r in rows[1:]]
    return "\n".join(out)


def table_rst(run: dict) -> str:
    rows = table_cells(run)
    out = [".. list-table::", "   :header-rows: 1", ""]
    for r in rows:
        out.append(f"   * - {r[0]}")
        out += [f"     - {c}" for c in r[1:]]
    return "\n".join(out)


def bars(run: dict) -> list[tuple[str, str, float]]:
    """(workload title, peer, ratio) for every peer row of the run, in the
    run's order: the ratio is the peer's time over handrank's."""
    out = []
    for w in run["workloads"]:
        for r in w["rows"]:
            if r["lib"] != "handrank":
                out.append((w["title"], r["lib"], float(r["ratio"])))
    return out


def plot(run: dict, path: str) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = bars(run)
    if not rows:
        raise SystemExit("plot_peers: the run has no peer rows")
    groups = len({title for title, _, _ in rows})
    fig, ax = plt.subplots(figsize=(8, 0.3 * (len(rows) + groups) + 1.4), dpi=100)
    y, labels, ticks, last = 0.0, [], [], None
    for title, lib, ratio in rows:
        if title != last:                              # the workload's name on a row of its own
            y += 0.4 if last is not None else 0
            ax.text(0.56, y, title, va="center", fontsize=8, fontweight="bold")
            y += 1
        ax.barh(y, ratio, color=COLOURS.get(lib, "#8c8c8c"), height=0.8)
        ax.text(ratio * 1.08, y, ratio_text(ratio), va="center", fontsize=8)
        labels.append(lib)
        ticks.append(y)
        last = title
        y += 1
    ax.set_yticks(ticks, labels, fontsize=8)
    ax.invert_yaxis()
    ax.set_xscale("log")
    top = max(r for _, _, r in rows)
    ax.set_xlim(0.5, top * 6)
    ax.axvline(1, color="black", linewidth=0.8)
    ax.set_xlabel("handrank is N× faster (peer's time / handrank's time, median of the "
                  "rounds' ratios)", fontsize=8)
    load = "–".join(f"{x:.1f}" for x in (run["load_before"][:1] + run["load_after"][:1]))
    ax.set_title(f"handrank against each peer, one run, {run['date']}\n"
                 f"{run['cpu']} ({run['cpu_id']}), {run['logical_cpus']} vCPUs\n"
                 f"load average {load}, median of {run['rounds']} interleaved rounds", fontsize=8)
    ax.tick_params(axis="x", labelsize=8)
    fig.tight_layout()
    fig.savefig(path, format="png")
    plt.close(fig)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("json", help="the run's data, written by bench_peers.py --json")
    p.add_argument("png", nargs="?", help="the picture to write")
    p.add_argument("--markdown", action="store_true", help="print the table as markdown")
    p.add_argument("--rst", action="store_true", help="print the table as an rst list-table")
    a = p.parse_args(argv)
    with open(a.json, encoding="utf-8") as f:
        run = json.load(f)
    if a.markdown:
        print(table_markdown(run))
    if a.rst:
        print(table_rst(run))
    if not a.png:
        return 0
    plot(run, a.png)
    print(f"wrote {a.png}: {len(bars(run))} bars", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
