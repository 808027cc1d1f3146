"""handrank: fast poker hand ranking for every rule set.

>>> import handrank as hr
>>> hr.evaluate("As Ks Qs Js Ts")
7461
>>> hr.describe(hr.evaluate("Ah Ad 7c 7d 2s"))
'Two pair, aces over sevens'

See ``help(handrank.evaluate)`` and the README for the full tour.
"""
from ._api import (best_five, category, describe, evaluate, evaluate_masks, highest_card,
                   lowest_card)
from ._cards import format, from_mask, parse, to_mask
from ._rules import RULE_SETS, RuleSet, get_rules
from ._types import Category, HandError

__version__ = "0.1.0"

__all__ = [
    "Category", "HandError", "RULE_SETS", "RuleSet", "best_five", "category", "describe",
    "evaluate", "evaluate_masks", "format", "from_mask", "get_rules", "highest_card",
    "lowest_card", "parse", "to_mask", "__version__",
]
