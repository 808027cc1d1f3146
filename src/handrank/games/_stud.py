"""Stud: who acts first and who brings in, from the upcards.

:func:`upcard_strength` ranks 1..4 exposed cards under the partial rule set
that matches the game's (missing cards count as the worst kickers).
"""
from __future__ import annotations

from typing import Any

from ..cards import format as format_cards, card_list
from ..evaluation import evaluate
from ._games import Game, get_game
from ..rules import RuleSet, get_rules
from ..base import HandError

__all__ = ["upcard_strength", "first_to_act", "bring_in"]


# ------------------------------------------------------------------- stud

_PATTERN_OF = {(1,): 0, (2,): 1, (2, 2): 2, (3,): 3, (4,): 4}


def upcard_strength(cards: Any, rules: str = "high") -> int:
    """Strength of 1..4 exposed stud cards for deciding who acts first.

    Only pairs, two pair, trips and quads count (no straights or flushes),
    then the ranks; suits never matter.  Higher is better under the rules
    (``"high"`` for stud, ``"ace-to-five"`` for razz, where the lowest board
    is best and the ace is low).  This is the strength under the matching
    partial rule set (``high-partial``, ``ace-to-five-partial``,
    ``deuce-to-seven-partial``), where a missing card is the worst kicker.

    >>> import handrank as hr
    >>> hr.upcard_strength("Kd Kc") > hr.upcard_strength("As Qd")
    True
    >>> hr.upcard_strength("5d 3c", "razz") > hr.upcard_strength("5h 4c", "razz")
    True
    """
    rs = get_rules(rules)
    codes = card_list(cards, "upcards")
    if not 1 <= len(codes) <= 4 or any(c >= 52 for c in codes) or len(set(codes)) != len(codes):
        raise HandError(f"upcards must be 1..4 distinct cards of the 52-card deck; got "
                        f"{format_cards(codes) if all(c < 54 for c in codes) else codes}")
    return int(evaluate(codes, _partial_rules(rs)))


def _partial_rules(rs: RuleSet) -> str:
    """The rule set that ranks partial hands the way `rs` ranks full ones."""
    if rs.partial:
        return rs.name
    if not rs.low:
        return "high-partial"
    return "ace-to-five-partial" if rs.ace == "low" else "deuce-to-seven-partial"


def _upcards_list(upcards: Any) -> list:
    if isinstance(upcards, str):
        raise HandError("upcards must be a list with one entry per player")
    return list(upcards)


def first_to_act(game: str | Game, upcards: Any) -> int:
    """Index of the player who acts first on a stud street: the best exposed
    hand under the game's rules (high for stud and stud8, ace-to-five for
    razz); ties go to the earliest seat.

    >>> import handrank as hr
    >>> hr.first_to_act("stud", ["Kd 7c", "9s 9h", "As 2d"])
    1
    >>> hr.first_to_act("razz", ["Kd 7c", "9s 9h", "As 2d"])
    2
    """
    g = get_game(game)
    rules = g.high or g.low or g.halves[0].rules
    scores = [upcard_strength(u, rules) for u in _upcards_list(upcards)]
    if not scores:
        raise HandError("first_to_act needs at least one player")
    return scores.index(max(scores))


def bring_in(game: str | Game, upcards: Any) -> int:
    """Index of the player who must bring in on third street: the lowest
    upcard by rank, then suit (clubs lowest) in stud and stud8; the highest
    (ace low, spades highest) in razz.

    >>> import handrank as hr
    >>> hr.bring_in("stud", ["Kd", "2s", "2c"])
    2
    >>> hr.bring_in("razz", ["Kd", "Ks", "As"])
    1
    """
    g = get_game(game)
    cards = []
    for i, u in enumerate(_upcards_list(upcards)):
        c = card_list(u, f"player {i}")
        if len(c) != 1 or c[0] >= 52:
            raise HandError(f"player {i}: bring_in takes one upcard per player; got {u!r}")
        cards.append(c[0])
    if not cards:
        raise HandError("bring_in needs at least one player")
    low_game = g.high is None and g.low is not None and get_rules(g.low).ace == "low"
    if low_game:
        rs = get_rules(g.low)
        key = [rs.order_of(c >> 2) * 4 + (c & 3) for c in cards]
        return key.index(max(key))
    return cards.index(min(cards))
