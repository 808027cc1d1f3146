"""handrank: fast poker hand ranking for every rule set.

>>> import handrank as hr
>>> hr.evaluate("As Ks Qs Js Ts")
7461
>>> hr.describe(hr.evaluate("Ah Ad 7c 7d 2s"))
'Two pair, aces over sevens'

See ``help(handrank.evaluate)`` and the README for the full tour.
"""
from ._build import build_info
from ._include import get_include
from ._analysis import Potential, ehs, ehs2, hand_potential, hand_strength, outs
from ._api import (best_five, category, describe, evaluate, evaluate_masks, highest_card,
                   lowest_card)
from ._cards import format, from_mask, parse, to_mask
from ._counts import category_counts
from ._deck import SHORT as SHORT_DECK, STANDARD as STANDARD_DECK, Deck
from ._equity import EquityResult, equity
from ._preflop import PreflopTable, preflop_row, preflop_table
from ._ranges import GRID_CLASSES, HAND_CLASSES, PREFLOP_ORDER, Range, hand_class, top_classes
from ._display import (EquityGrid, cards_html, equity_grid, grid_text, heat, range_html, shade,
                       use_color)
from ._games import (GAMES, Game, Half, bring_in, evaluate_omaha, first_to_act, game_strengths,
                     get_game, register_game, showdown, upcard_strength, winners)
from ._rules import RULE_SETS, RuleSet, get_rules
from ._types import Category, HandError, Strength
from ._classify import (Blocker, Breakdown, Classes, Draw, HandClass, MadeHand,
                        classify)                     # made hands and draws (issue 25)
from ._omaha_preflop import OmahaOrder, omaha_order, preflop_percentile   # issue 25
from ._toolkit import (PREFLOP_CLASS, Dealer, canonical_hand, canonical_index, canonical_size,
                       deal, deal_masks, redraw)

__version__ = "0.1.0"

__all__ = [
    "Category", "Deck", "SHORT_DECK", "STANDARD_DECK", "EquityResult", "equity", "GAMES", "HAND_CLASSES", "PreflopTable", "Range", "hand_class",
    "preflop_row", "preflop_table", "Game", "Half", "HandError", "RULE_SETS", "RuleSet", "best_five", "bring_in", "build_info",
    "category", "describe", "evaluate", "evaluate_masks", "evaluate_omaha", "first_to_act",
    "format", "from_mask", "game_strengths", "get_game", "get_rules", "highest_card",
    "lowest_card", "parse", "register_game", "showdown", "to_mask", "upcard_strength", "winners",
    "__version__",
    # analysis (_analysis)
    "Potential", "ehs", "ehs2", "hand_potential", "hand_strength", "outs",
    # dealing, draws and canonical hand indexes (_toolkit)
    "Dealer", "PREFLOP_CLASS", "canonical_hand", "canonical_index", "canonical_size", "deal",
    "deal_masks", "redraw",
    # ranges: percentages, grids and pictures (_ranges, _display)
    "GRID_CLASSES", "PREFLOP_ORDER", "top_classes", "EquityGrid", "cards_html", "equity_grid",
    "grid_text", "heat", "range_html", "shade", "use_color",
    # a single hand's strength with its rule set; category counts of a batch
    "Strength", "category_counts",
    # the C headers, to build against the core
    "get_include",
    # made hands, draws, nut rank and blockers (_classify)
    "Blocker", "Breakdown", "Classes", "Draw", "HandClass", "MadeHand", "classify",
    # Omaha starting hands in order of equity (_omaha_preflop)
    "OmahaOrder", "omaha_order", "preflop_percentile",
]
