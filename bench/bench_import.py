"""How long ``import handrank`` takes, and how much of it is handrank's own:
the median wall time of ``import numpy`` and of ``import handrank`` (which
imports numpy), each in a fresh interpreter, alternated so a busy machine
disturbs both alike.  handrank's own share is the difference of the medians
(docs/decisions.rst: at most 0.1 s; every table is built on first use).

    python bench/bench_import.py              # 15 rounds
    python bench/bench_import.py --rounds 7
    python bench/bench_import.py --importtime # also the slowest modules (-X importtime)

Each interpreter may write and read cached bytecode (PYTHONDONTWRITEBYTECODE
is dropped, and one untimed import comes first), as an installed wheel's
import does; without it every module is compiled from source each time.

Another build can be timed by its path: ``PYTHONPATH=/path/to/src`` or the
other environment's interpreter (``--python /path/to/venv/bin/python``).
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys

#: The interpreters' environment: bytecode cached, as an install has it.
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

_TIMED = ("import time; t = time.perf_counter(); import {mod}; "
          "print(time.perf_counter() - t)")


def once(python: str, mod: str) -> float:
    """Seconds to import mod in a fresh interpreter (its own clock, so the
    interpreter's start-up is left out)."""
    out = subprocess.run([python, "-c", _TIMED.format(mod=mod)], check=True,
                         capture_output=True, text=True, env=_ENV).stdout
    return float(out.split()[-1])


def importtime(python: str, top: int) -> list[tuple[int, int, str]]:
    """The `top` modules with the most self time (µs) under -X importtime,
    the minimum of three runs each, as (self, cumulative, name)."""
    best: dict[str, tuple[int, int]] = {}
    for _ in range(3):
        err = subprocess.run([python, "-X", "importtime", "-c", "import handrank"],
                             check=True, capture_output=True, text=True, env=_ENV).stderr
        for line in err.splitlines():
            m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|\s+(\S+)", line)
            if m:
                s, c, name = int(m[1]), int(m[2]), m[3]
                old = best.get(name)
                best[name] = (s, c) if old is None else (min(old[0], s), min(old[1], c))
    rows = sorted(((s, c, n) for n, (s, c) in best.items()), reverse=True)
    return rows[:top]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--importtime", action="store_true")
    ap.add_argument("--top", type=int, default=15)
    a = ap.parse_args()
    once(a.python, "handrank")                 # writes the bytecode caches
    np_t, hr_t = [], []
    for _ in range(a.rounds):
        np_t.append(once(a.python, "numpy"))
        hr_t.append(once(a.python, "handrank"))
    n, h = statistics.median(np_t), statistics.median(hr_t)
    ver = subprocess.run([a.python, "-c", "import handrank, numpy; "
                          "print(handrank.__version__, numpy.__version__)"],
                         check=True, capture_output=True, text=True).stdout.split()
    print(f"handrank {ver[0]}, numpy {ver[1]}; median of {a.rounds} fresh processes each")
    print()
    print("| import | median s | min s |")
    print("|---|---|---|")
    print(f"| numpy | {n:.3f} | {min(np_t):.3f} |")
    print(f"| handrank (with numpy) | {h:.3f} | {min(hr_t):.3f} |")
    print(f"| handrank's own share | {h - n:.3f} | |")
    if a.importtime:
        print()
        print("| module (-X importtime, min of 3) | self ms | cumulative ms |")
        print("|---|---|---|")
        for s, c, name in importtime(a.python, a.top):
            print(f"| {name} | {s / 1000:.1f} | {c / 1000:.1f} |")


if __name__ == "__main__":
    main()
