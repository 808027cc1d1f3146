"""What the tests iterate over, read from handrank's own registries.

Every test that covers "each rule set", "each game" or "each wild setting"
takes its list from here, so a row added to ``RULE_SETS`` or ``GAMES`` is
tested the moment it is registered (and ``test_registry.py`` fails until the
reference twin in ``reference.py`` knows it too).  The helpers deal hands
from each rule set's own deck in its own hand sizes.
"""
from __future__ import annotations

import numpy as np

import handrank as hr

#: Every registered rule set, by canonical name.
RULES: list[str] = [rs.name for rs in hr.RULE_SETS]
#: The rule sets that take wild cards (five-card poker).
WILD_RULES: list[str] = [rs.name for rs in hr.RULE_SETS if rs.wild_ok]
#: The rule sets an Omaha hand (two hole + three board) can be ranked under.
FIVE_CARD_RULES: list[str] = [rs.name for rs in hr.RULE_SETS
                              if rs.kind == "poker" and rs.cards == 5]
#: Every registered game preset, by name.
GAMES: list[str] = [g.name for g in hr.GAMES]
#: The kinds of wild setting: none, bug, fully wild jokers, a designated rank,
#: designated cards.
WILDS: list = [None, "bug", "jokers", "2", "Js Jh"]


def deck_codes(rules: str) -> np.ndarray:
    """The natural card codes of a rule set's deck."""
    return np.array(hr.get_rules(rules).deck.codes, dtype=np.uint8)


def hand_sizes(rules: str) -> list[int]:
    """The numbers of cards a hand may hold under a rule set."""
    return list(hr.get_rules(rules).hand_sizes)


def wilds_for(rules: str) -> list:
    """The designated-wild settings that make sense with a rule set's deck."""
    codes = set(deck_codes(rules).tolist())
    out = []
    for w in WILDS[1:]:
        cards = hr.parse("2c 2d 2h 2s") if w == "2" else hr.parse(w) if w not in ("bug", "jokers") \
            else []
        if set(int(c) for c in cards) <= codes:
            out.append(w)
    return out


def deal(rules: str, n: int, k: int, seed: int, extra: int = 0) -> np.ndarray:
    """n hands of k distinct cards from a rule set's deck, (n, k) uint8 (the
    first k - extra cards; `extra` columns are left for the caller)."""
    codes = deck_codes(rules)
    rng = np.random.default_rng(seed)
    pick = np.argsort(rng.random((n, len(codes))), axis=1)[:, :k]
    return codes[pick]

#: The double-board form of every registered game with a board.
DOUBLE_GAMES: list[str] = [g.name + "-double-board" for g in hr.GAMES if g.board]


def game_twin(g: hr.Game) -> tuple:
    """The reference's description of a Game (tests/reference.py's GAMES
    rows): (hole, board, halves, wild), each half (rules, "omaha" or "any",
    qualifier, unqualified)."""
    return (g.hole, g.board,
            tuple((h.rules, "omaha" if h.select == "omaha" else "any", h.qualifier,
                   h.unqualified) for h in g.halves), g.wild)
