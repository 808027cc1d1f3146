"""handrank: fast poker hand ranking for every rule set.

>>> import handrank as hr
>>> hr.evaluate("As Ks Qs Js Ts")
7461
>>> hr.describe(hr.evaluate("Ah Ad 7c 7d 2s"))
'Two pair, aces over sevens'

See ``help(handrank.evaluate)``, the README's tour and the pages in ``docs/``.
"""
# The packages are layers, lowest first (tests/test_layers.py): base, cards,
# rules, evaluation, analysis, games, ranges, equities, tables, solver,
# display; then cli and dask.  This file sits on top of them all and takes
# each package's public names.
from .base import __version__, build_info
from .base import get_include
from .base import Category, HandError
from .cards import format, from_mask, parse, to_mask
from .cards import from_eval7, from_pokerkit, from_treys, to_eval7, to_pokerkit, to_treys
from .cards import SHORT as SHORT_DECK, STANDARD as STANDARD_DECK, Deck
from .rules import RULE_SETS, RuleSet, StrengthTable, get_rules
from .rules import Strength
from .evaluation import category, describe, evaluate, evaluate_masks, highest_card, lowest_card
from .evaluation import Breakdown, best_five, breakdown
from .evaluation import category_counts
from .analysis import Blocker, Classes, Draw, HandClass, MadeHand, RangeBreakdown, classify
from .games import GAMES, Game, Half, get_game, register_game
from .games import compare, evaluate_omaha, game_strengths, settle, showdown, winners
from .games import bring_in, first_to_act, upcard_strength
from .ranges import GRID_CLASSES, HAND_CLASSES, PREFLOP_ORDER, hand_class, top_classes
from .ranges import Range
from .equities import EquityResult, equity
from .analysis import Potential, ehs, ehs2, hand_potential, hand_strength, outs
from .tables import PreflopTable, preflop_row, preflop_table
from .tables import preflop_vs_random
from .tables import preflop_threeway
from .tables import PreflopHands, preflop_hands_part, preflop_hands_table, preflop_range_equity
from .tables import OmahaOrder, omaha_order, preflop_percentile
from .cards import Dealer, deal, deal_masks, redraw
from .solver import PREFLOP_CLASS, canonical_hand, canonical_index, canonical_size
from .ranges import HANDS, hand_index, hole_hands
from .solver import CLASH, compatible_reach, reach_vector, showdown_matrix, showdown_values
from .solver import omaha_compatible_reach, omaha_release_memory, omaha_showdown_values
from .solver import TABLE_KINDS, build_table, load_table, table_pieces
from .solver import Runouts, runouts
from .display import cards_html, grid_text, heat, range_html, shade, use_color
from .display import EquityGrid, equity_grid

# The one way up (handrank.base._interface declares each upcall: what the
# compiled core and the lower packages call of the packages above them),
# installed at once now that every package is imported.
from . import base as _base, cards as _cards, display as _display, equities as _equities
from . import evaluation as _evaluation, games as _games, tables as _tables
_base.install_upcalls(
    evaluate_general=_evaluation.evaluate_general,
    equity_general=_equities.equity_general,
    fast_range=_equities.fast_range,
    halves_of=_equities.halves_of,
    game_by_name=_games.GAME_BY_NAME,
    equity_result_type=_equities.EquityResult,
    card_names=tuple(_cards.card_name(c) for c in range(54)),
    small_exact=_equities.SMALL_EXACT,
    game_hint=_games.game_hint,
    draw_html=_display.range_repr_html,
    draw_plot=_display.plot_range,
    omaha_percent=_tables.omaha_percent_hands,
    folded_equity=_equities.folded_equity,
    preflop_ranges=_tables.preflop_ranges_upcall,
)

__all__ = [
    "Category", "Deck", "SHORT_DECK", "STANDARD_DECK", "EquityResult", "equity", "GAMES", "HAND_CLASSES", "PreflopTable", "Range", "hand_class",
    "preflop_row", "preflop_table", "preflop_threeway", "preflop_vs_random", "Game", "Half", "HandError", "RULE_SETS", "RuleSet", "best_five", "bring_in", "build_info", "compare",
    "category", "describe", "evaluate", "evaluate_masks", "evaluate_omaha", "first_to_act",
    "format", "from_mask", "game_strengths", "get_game", "get_rules", "highest_card",
    "lowest_card", "parse", "register_game", "settle", "showdown", "to_mask", "upcard_strength",
    "winners",
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
    # other libraries' cards, as they are (_peers)
    "from_eval7", "from_pokerkit", "from_treys", "to_eval7", "to_pokerkit", "to_treys",
    # Omaha starting hands in order of equity (_omaha_preflop)
    "OmahaOrder", "omaha_order", "preflop_percentile",
    # any two weighted hold'em ranges preflop, exact, from a hand-against-hand table
    "PreflopHands", "preflop_hands_part", "preflop_hands_table", "preflop_range_equity",
    # the runouts of a flop or a turn up to suit symmetry (_runouts)
    "Runouts", "runouts",
]

# Pickles name stable paths: every class and function of __all__, and the
# two functions that unpickle a named deck and a Strength, say they live in
# handrank itself (``handrank.Range``, not ``handrank.ranges._ranges.Range``),
# so a pickle made now still loads after the code moves between the packages
# below.  The two helpers' names here are kept for that.
from . import rules as _rules
_unpickle_deck = _cards.unpickle_deck
_unpickle_strength = _rules.unpickle_strength


def _name_here(name: str) -> None:
    obj = globals()[name]
    if getattr(obj, "__module__", "").startswith("handrank."):
        obj.__module__, obj.__qualname__ = "handrank", name


for _public in [*__all__, "_unpickle_deck", "_unpickle_strength"]:
    if isinstance(globals()[_public], type) or callable(globals()[_public]):
        _name_here(_public)
del _public
