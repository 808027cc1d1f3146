"""Solver blocks and abstraction: showdown matrices and values (hold'em;
Omaha rivers), canonical hand indexes, abstraction tables.

The names below are what this package offers the packages above it
(tests/test_layers.py: across packages only these public names are
imported).  Its modules import one another freely."""
from ._solver import CLASH, compatible_reach, reach_vector, showdown_matrix, showdown_values
from ._index import canonical_hand, canonical_index, canonical_size, PREFLOP_CLASS
from ._omaha import omaha_compatible_reach, omaha_release_memory, omaha_showdown_values
from ._abstraction import build_table, load_table, TABLE_KINDS, table_pieces
from ._runouts import Runouts, runouts

__all__ = ["build_table", "canonical_hand", "canonical_index", "canonical_size", "CLASH",
    "compatible_reach", "load_table", "omaha_compatible_reach", "omaha_release_memory", "omaha_showdown_values", "PREFLOP_CLASS",
    "reach_vector", "Runouts", "runouts", "showdown_matrix", "showdown_values", "TABLE_KINDS",
    "table_pieces"]
