"""Games and showdowns: Game and Half, the presets, showdowns, winners,
Omaha, stud's bring-in.

The names below are what this package offers the packages above it
(tests/test_layers.py: across packages only these public names are
imported).  Its modules import one another freely."""
from ._games import Game, GAME_BY_NAME, GAMES, game_hint, get_game, Half, register_game
from ._showdown import (board_lists, compare, evaluate_omaha, game_strengths, omaha_tables,
                        showdown, winners)
from ._settle import ODD_CHIP_RULES, settle
from ._stud import bring_in, first_to_act, upcard_strength

__all__ = ["board_lists", "bring_in", "compare", "evaluate_omaha", "first_to_act", "Game",
    "GAME_BY_NAME", "game_hint", "game_strengths", "GAMES", "get_game", "Half", "ODD_CHIP_RULES",
    "omaha_tables", "register_game", "settle", "showdown", "upcard_strength", "winners"]
