#!/usr/bin/env python3
"""Rebuild the shipped Omaha orders (issue 25, item 2): each canonical
class of four-, five- or six-card hands ranked by its equity against one random
hand, written to src/handrank/<game>-order-v3.npz (package data) with how
it was computed (pool deals, seed, standard errors, date, CPU time).

Monte Carlo with common random numbers: one pool of deals per game, every
class playing the deals that share no card with it (see
handrank.tables._omaha_build).  The build goes in pieces written to a work folder
(default build/omaha-orders), so it can be stopped and resumed:

    nice -n 19 python tools/build_omaha_orders.py build omaha      # resumes
    python tools/build_omaha_orders.py finish omaha                # ships
    python tools/build_omaha_orders.py slice omaha6 --classes 40   # times a slice

Measured here (2 shared vCPUs, one thread): see each file's cpu_seconds;
omaha6 (200,000 pool deals, 118 pieces) took 3,663 CPU seconds, run as two
processes over disjoint --pieces ranges.
"""
import sys

from handrank.tables._omaha_build import main

if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
