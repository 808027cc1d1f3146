"""Evaluation: valuing hands one by one or in batches, category counts,
breakdowns and the best five.

The names below are what this package offers the packages above it
(tests/test_layers.py: across packages only these public names are
imported).  Its modules import one another freely."""
from ._evaluate import (category, compiled_entry, describe, evaluate, evaluate_general,
                        evaluate_masks, highest_card,
                        lowest_card, out_array)
from ._counts import category_counts
from ._breakdown import best_five, Breakdown, breakdown

__all__ = ["best_five", "Breakdown", "breakdown", "category", "category_counts",
    "compiled_entry", "describe", "evaluate", "evaluate_general", "evaluate_masks", "highest_card", "lowest_card",
    "out_array"]
