#!/usr/bin/env python3
"""Rebuild the table that hr.preflop_vs_random reads (issue 25, item 4):
each of the 169 hold'em classes against 1..9 random hands, written to
src/handrank/tables/preflop-multiway-v1.npz (package data).

One opponent is exact (hr.preflop_row); two to nine are Monte Carlo,
2,000,000 deals a class (fixed seeds), with each cell's standard error.
About 8 minutes on one idle core (15 under nice on a shared machine).

    python tools/build_preflop_multiway.py [--deals N] [--seed S] [--out FILE]
"""
from handrank.tables._preflop_multiway import main

if __name__ == "__main__":
    raise SystemExit(main(["build-multiway", *__import__("sys").argv[1:]]))
