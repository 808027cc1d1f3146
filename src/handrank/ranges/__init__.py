"""Ranges: starting-hand classes, range text, Omaha patterns, the hole-hand
enumeration.

The names below are what this package offers the packages above it
(tests/test_layers.py: across packages only these public names are
imported).  Its modules import one another freely."""
from ._classes import (CELL, CLASS_INDEX, CLASS_OF, GRID_CLASSES, hand_class, HAND_CLASSES,
                       PREFLOP_ORDER, top_classes)
from ._ranges import in_deck, parse_range, Range
from ._hands import hand_index, HANDS, hole_hands, NHANDS

__all__ = ["CELL", "CLASS_INDEX", "CLASS_OF", "GRID_CLASSES", "hand_class",
    "HAND_CLASSES", "hand_index", "HANDS", "hole_hands", "in_deck", "NHANDS", "parse_range",
    "PREFLOP_ORDER", "Range", "top_classes"]
