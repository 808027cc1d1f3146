#!/usr/bin/env python3
"""Build the exact three-way hold'em preflop table (issue 25, item 4): every
class triple A <= B <= C of the 169 classes (818,805), A's representative
against every hand of B and C sharing no card, over all 1,370,754 boards,
written to src/handrank/tables/threeway-v1.npz (package data) with its provenance
and sha256 (see handrank.tables._threeway_build).  The build goes in pieces written
to a work folder, so it can be stopped and resumed; finish refuses unless
every piece is there:

    nice -n 19 python tools/build_threeway.py build --work build/threeway --threads 2
    python tools/build_threeway.py status --work build/threeway
    python tools/build_threeway.py finish --work build/threeway

Measured (bench/bench_multiway.py --three-way-only): about 1.1 ms of CPU a
triple, 0.25 core-hours in all (20-30 min wall on the two busy cores here).
"""
import sys

from handrank.tables._threeway_build import main

if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
