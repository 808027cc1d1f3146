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


def deciding_half(g: hr.Game) -> hr.Half:
    """The half whose hand ``EquityResult.categories`` counts: the first."""
    return g.halves[0]


def counts_every_hand(g: hr.Game) -> bool:
    """Whether ``categories`` counts every player's hand on every board of
    every deal: the deciding half always has a hand (no qualifier can leave
    a player without one)."""
    return deciding_half(g).always_won


def missable_halves(g: hr.Game) -> list[int]:
    """The indexes of the halves a deal may leave unwon (a qualifier nobody
    meets: that part of the pot goes to the other halves)."""
    return [i for i, h in enumerate(g.halves) if not h.always_won]


def check_halves_add_up(g: hr.Game, r) -> None:
    """An EquityResult's parts, read off the game's halves: one entry per
    half, by name, adding up to the equity; the high/low shorthand only for
    a game whose halves are a high one and a low one."""
    assert list(r.halves) == [h.name for h in g.halves]
    assert np.allclose(sum(r.halves.values()), r.equity, rtol=0, atol=1e-12)
    if g.classic:
        assert np.allclose(r.high + r.low, r.equity, rtol=0, atol=1e-12)
        if not g.low:
            assert not r.low.any()
        if not g.high:
            assert not r.high.any()
    else:
        assert r.high is None and r.low is None


def check_category_totals(g: hr.Game, r) -> None:
    """Each player's categories count one hand per board of each deal when
    the deciding half always has a hand, and at most that otherwise."""
    per_player = r.categories.sum(axis=1)
    if counts_every_hand(g):
        assert (per_player == g.boards * r.deals).all()
    else:
        assert (per_player <= g.boards * r.deals).all()
    assert (r.winning_categories <= r.categories).all()
