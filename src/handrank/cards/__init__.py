"""Cards, decks and wild cards: the card model, the one input validator,
conversions, dealing and draws.

The names below are what this package offers the packages above it
(tests/test_layers.py: across packages only these public names are
imported).  Its modules import one another freely."""
from ._cards import (card_name, check_mask, codes_excerpt, codes_of_mask, NCODES, parse_codes,
                     RANK_CHARS)
from ._input import (as_hands, brief_repr, card_array, card_list, codes_array, is_int, row_fault,
                     row_problem, size_error)
from ._convert import format, from_mask, mask_array, parse, to_mask
from ._peers import from_eval7, from_pokerkit, from_treys, to_eval7, to_pokerkit, to_treys
from ._deck import Deck, SHORT, STANDARD, unpickle_deck
from ._wild import resolve_wild, WildSetting
from ._deal import deal, deal_masks, Dealer, MAX_DEAL_ROWS, redraw

__all__ = ["as_hands", "brief_repr", "card_array", "card_list", "card_name", "check_mask",
    "codes_array", "codes_excerpt", "codes_of_mask", "deal", "deal_masks", "Dealer", "Deck",
    "format", "from_eval7", "from_mask", "from_pokerkit", "from_treys", "is_int", "mask_array", "MAX_DEAL_ROWS", "NCODES", "parse",
    "parse_codes", "RANK_CHARS", "redraw", "resolve_wild", "row_fault", "row_problem", "SHORT",
    "size_error", "STANDARD", "to_eval7", "to_mask", "to_pokerkit", "to_treys", "unpickle_deck", "WildSetting"]
