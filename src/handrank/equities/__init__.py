"""Equity: exact walks and Monte Carlo, folded players' ranges.

The names below are what this package offers the packages above it
(tests/test_layers.py: across packages only these public names are
imported).  Its modules import one another freely."""
from ._equity import (equity, equity_general, EquityResult, EXACT_LIMIT, fast_range, finish,
                      halves_of, mc_chunks, merge, prepare, run_range, SMALL_EXACT)
from ._folded import folded_equity

__all__ = ["equity", "equity_general", "EquityResult", "EXACT_LIMIT", "fast_range", "finish",
    "folded_equity", "halves_of", "mc_chunks", "merge", "prepare", "run_range", "SMALL_EXACT"]
