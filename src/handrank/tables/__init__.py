"""Preflop tables: heads-up, multiway and three-way hold'em, Omaha orders;
their builders and shipped data.

The names below are what this package offers the packages above it
(tests/test_layers.py: across packages only these public names are
imported).  Its modules import one another freely."""
from ._preflop import preflop_row, preflop_table, PreflopTable
from ._preflop_hands import (PreflopHands, preflop_hands_part, preflop_hands_table,
                             preflop_range_equity, equity_upcall as preflop_ranges_upcall)
from ._preflop_multiway import preflop_vs_random
from ._threeway import preflop_threeway
from ._omaha_preflop import omaha_order, omaha_percent_hands, OmahaOrder, preflop_percentile

__all__ = ["omaha_order", "omaha_percent_hands", "OmahaOrder", "preflop_percentile", "preflop_row", "preflop_table",
    "PreflopHands", "preflop_hands_part", "preflop_hands_table", "preflop_range_equity", "preflop_ranges_upcall",
    "preflop_threeway", "preflop_vs_random", "PreflopTable"]
