"""Equity: exact walks and Monte Carlo, folded players' ranges.

The names below are what this package offers the packages above it
(tests/test_layers.py: across packages only these public names are
imported).  Its modules import one another freely."""
from ._equity import (equity, EquityResult, EXACT_LIMIT, finish, mc_chunks, merge, prepare,
                      run_range)
from . import _folded  # noqa: F401 -- fills a registry of this package

__all__ = ["equity", "EquityResult", "EXACT_LIMIT", "finish", "mc_chunks", "merge", "prepare",
    "run_range"]
