"""handrank: fast poker hand ranking for every rule set.

>>> import handrank as hr
>>> hr.evaluate("As Ks Qs Js Ts")
7461
>>> hr.describe(hr.evaluate("Ah Ad 7c 7d 2s"))
'Two pair, aces over sevens'

See ``help(handrank.evaluate)``, the README's tour and the pages in ``docs/``.
"""
# The modules are layers, lowest first (docs/design.rst; tests/test_layers.py
# fails on an import from a lower layer to a higher one, or a cycle):
# foundations, evaluation, games, ranges, equity, analysis / dealing /
# indexing, display; then cli and dask.  This file sits on top of them all.
from ._build import __version__, build_info
from ._include import get_include
from ._types import Category, HandError
from ._convert import format, from_mask, parse, to_mask
from ._deck import SHORT as SHORT_DECK, STANDARD as STANDARD_DECK, Deck
from ._rules import RULE_SETS, RuleSet, StrengthTable, get_rules
from ._strength import Strength
from ._evaluate import category, describe, evaluate, evaluate_masks, highest_card, lowest_card
from ._breakdown import Breakdown, best_five, breakdown
from ._counts import category_counts
from ._classify import (Blocker, Classes, Draw, HandClass, MadeHand, RangeBreakdown,
                        classify)
from ._games import GAMES, Game, Half, get_game, register_game
from ._showdown import evaluate_omaha, game_strengths, showdown, winners
from ._stud import bring_in, first_to_act, upcard_strength
from ._classes import GRID_CLASSES, HAND_CLASSES, PREFLOP_ORDER, hand_class, top_classes
from ._ranges import Range
from ._equity import EquityResult, equity
from . import _folded  # noqa: F401 -- equity(folded=...) (fills _equity.FOLDED)
from ._analysis import Potential, ehs, ehs2, hand_potential, hand_strength, outs
from ._preflop import PreflopTable, preflop_row, preflop_table
from ._preflop_multiway import preflop_vs_random
from ._threeway import preflop_threeway
from ._omaha_preflop import OmahaOrder, omaha_order, preflop_percentile  # fills _range_text
from ._deal import Dealer, deal, deal_masks, redraw
from ._index import PREFLOP_CLASS, canonical_hand, canonical_index, canonical_size
from ._hands import HANDS, hand_index, hole_hands
from ._solver import CLASH, compatible_reach, reach_vector, showdown_matrix, showdown_values
from ._abstraction import TABLE_KINDS, build_table, load_table, table_pieces
from ._display import cards_html, grid_text, heat, range_html, shade, use_color
from . import _plot  # noqa: F401 -- draws Range.plot (fills _ranges.DRAWERS)
from ._equity_grid import EquityGrid, equity_grid

__all__ = [
    "Category", "Deck", "SHORT_DECK", "STANDARD_DECK", "EquityResult", "equity", "GAMES", "HAND_CLASSES", "PreflopTable", "Range", "hand_class",
    "preflop_row", "preflop_table", "preflop_threeway", "preflop_vs_random", "Game", "Half", "HandError", "RULE_SETS", "RuleSet", "best_five", "bring_in", "build_info",
    "category", "describe", "evaluate", "evaluate_masks", "evaluate_omaha", "first_to_act",
    "format", "from_mask", "game_strengths", "get_game", "get_rules", "highest_card",
    "lowest_card", "parse", "register_game", "showdown", "to_mask", "upcard_strength", "winners",
    "__version__",
    # analysis (_analysis)
    "Potential", "ehs", "ehs2", "hand_potential", "hand_strength", "outs",
    # dealing, draws and canonical hand indexes (_deal, _index)
    "Dealer", "PREFLOP_CLASS", "canonical_hand", "canonical_index", "canonical_size", "deal",
    "deal_masks", "redraw",
    # ranges: percentages, grids and pictures (_classes, _ranges, _display, _equity_grid)
    "GRID_CLASSES", "PREFLOP_ORDER", "top_classes", "EquityGrid", "cards_html", "equity_grid",
    "grid_text", "heat", "range_html", "shade", "use_color",
    # a single hand's strength with its rule set; category counts of a batch
    "Strength", "category_counts",
    # what makes a strength: its category and deciding ranks (_breakdown, _rules)
    "Breakdown", "StrengthTable", "breakdown",
    # the C headers, to build against the core
    "get_include",
    # made hands, draws, nut rank and blockers (_classify)
    "Blocker", "RangeBreakdown", "Classes", "Draw", "HandClass", "MadeHand", "classify",
    # Omaha starting hands in order of equity (_omaha_preflop)
    "OmahaOrder", "omaha_order", "preflop_percentile",
]
