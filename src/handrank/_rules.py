"""The rule-set registry: every rule set is one entry here.

A :class:`RuleSet` is data: how the ace plays, whether straights and flushes
are hand patterns, whether lower hands win, the qualifier of a low.  The C
table builder (``_core.RuleTables``) and the describer both read these fields,
so adding a rule set is adding one entry to ``RULE_SETS``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

import numpy as np

from . import _core
from ._types import Category, HandError

__all__ = ["RuleSet", "RULE_SETS", "get_rules"]

RANK_WORDS = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
              "Jack", "Queen", "King", "Ace")
RANK_PLURALS = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
                "tens", "jacks", "queens", "kings", "aces")


@dataclass(frozen=True, eq=False)
class RuleSet:
    """One way of ranking poker hands.

    Attributes
    ----------
    name, aliases
        The canonical name and the other names ``rules=`` accepts.
    ace
        ``"high"``: ace high, and low in the straight 5-4-3-2-A;
        ``"high-only"``: ace always high; ``"low"``: ace always low.
    patterns
        Whether straights and flushes are hand patterns (under a low rule set
        they then count against the player).
    low
        Whether lower hands are better.  Strengths are always higher-is-better,
        so a low rule set numbers its classes from the worst up.
    qualifier
        The highest card a qualifying low may hold (8 for eight-or-better), or 0.
    five_kind
        Whether five of a kind exists (it needs wild cards).
    """

    name: str
    aliases: tuple[str, ...]
    ace: Literal["high", "high-only", "low"]
    patterns: bool
    low: bool
    qualifier: int = 0
    five_kind: bool = False
    summary: str = field(default="", compare=False)

    @cached_property
    def tables(self) -> _core.RuleTables:
        """The compiled lookup tables, built on first use (a few milliseconds)."""
        return _core.RuleTables(self.ace, self.patterns, self.low, self.qualifier,
                                self.five_kind)

    @cached_property
    def _classes(self) -> tuple[np.ndarray, np.ndarray]:
        return self.tables.class_info()

    @property
    def nclasses(self) -> int:
        """Number of distinct five-card strengths (five of a kind included)."""
        return self.tables.nclasses

    @property
    def min_strength(self) -> int:
        """The lowest strength an evaluation can return (-1 with a qualifier)."""
        return -1 if self.qualifier else 0

    def check_strength(self, strength: int) -> int:
        s = int(strength)
        if not (self.min_strength <= s < self.nclasses):
            raise HandError(
                f"strength {s} is out of range for rules={self.name!r}: "
                f"expected {self.min_strength}..{self.nclasses - 1}")
        return s

    def qualifies(self, strength: int) -> bool:
        return strength >= 0 and (self.tables.qualifier_strength is None
                                  or strength >= self.tables.qualifier_strength)

    def category(self, strength: int) -> Category | None:
        s = self.check_strength(strength)
        if not self.qualifies(s):
            return None
        return Category(int(self._classes[0][s]))

    def ranks(self, strength: int) -> tuple[int, ...]:
        """Ranks (0..12 = 2..A) of a class, most significant first."""
        return tuple(int(r) for r in self._classes[1][self.check_strength(strength)])

    def describe(self, strength: int) -> str:
        s = self.check_strength(strength)
        if not self.qualifies(s):
            return "No low"
        cat = Category(int(self._classes[0][s]))
        r = [int(x) for x in self._classes[1][s]]
        if cat == Category.HIGH_CARD:
            if self.low:
                return f"{RANK_WORDS[r[0]]}-{RANK_WORDS[r[1]].lower()} low"
            return f"{RANK_WORDS[r[0]]}-high"
        return describe_pattern(cat, r)


def describe_pattern(cat: Category, r: list[int]) -> str:
    """Name of a pattern (anything but a plain high card) from its ranks."""
    if cat == Category.FIVE_OF_A_KIND:
        return f"Five of a kind, {RANK_PLURALS[r[0]]}"
    if cat == Category.ROYAL_FLUSH:
        return "Royal flush"
    if cat == Category.STRAIGHT_FLUSH:
        return f"{RANK_WORDS[r[0]]}-high straight flush"
    if cat == Category.FOUR_OF_A_KIND:
        return f"Four of a kind, {RANK_PLURALS[r[0]]}"
    if cat == Category.FULL_HOUSE:
        return f"Full house, {RANK_PLURALS[r[0]]} over {RANK_PLURALS[r[3]]}"
    if cat == Category.FLUSH:
        return f"{RANK_WORDS[r[0]]}-high flush"
    if cat == Category.STRAIGHT:
        return f"{RANK_WORDS[r[0]]}-high straight"
    if cat == Category.THREE_OF_A_KIND:
        return f"Three of a kind, {RANK_PLURALS[r[0]]}"
    if cat == Category.TWO_PAIR:
        return f"Two pair, {RANK_PLURALS[r[0]]} over {RANK_PLURALS[r[2]]}"
    if cat == Category.ONE_PAIR:
        return f"One pair, {RANK_PLURALS[r[0]]}"
    return f"{RANK_WORDS[r[0]]}-high"


RULE_SETS: tuple[RuleSet, ...] = (
    RuleSet("high", (), ace="high", patterns=True, low=False, five_kind=True,
            summary="standard high hands; ace high, or low in 5-4-3-2-A"),
    RuleSet("ace-to-five", ("a5", "razz"), ace="low", patterns=False, low=True,
            summary="lowest wins; ace low; straights and flushes ignored"),
    RuleSet("ace-to-five-8", ("8-or-better", "a5-8"), ace="low", patterns=False, low=True,
            qualifier=8, summary="ace-to-five, but only unpaired lows of 8 or lower qualify"),
    RuleSet("deuce-to-seven", ("2-7", "27"), ace="high-only", patterns=True, low=True,
            summary="lowest wins; ace high; straights and flushes count against you"),
    RuleSet("ace-to-six", ("a6",), ace="low", patterns=True, low=True,
            summary="lowest wins; ace low; straights and flushes count against you"),
)

_BY_NAME: dict[str, RuleSet] = {}
for _rs in RULE_SETS:
    for _n in (_rs.name, *_rs.aliases):
        _BY_NAME[_n] = _rs


def valid_names() -> str:
    return ", ".join(
        f"{rs.name!r}" + (f" ({', '.join(repr(a) for a in rs.aliases)})" if rs.aliases else "")
        for rs in RULE_SETS)


def get_rules(rules: str | RuleSet) -> RuleSet:
    """The rule set called ``rules`` (a name or alias), or a HandError listing them."""
    if isinstance(rules, RuleSet):
        return rules
    if not isinstance(rules, str):
        raise HandError(f"rules must be a rule-set name; got {type(rules).__name__}. "
                        f"Valid: {valid_names()}")
    rs = _BY_NAME.get(rules.strip().lower())
    if rs is None:
        raise HandError(f"unknown rules {rules!r}; valid: {valid_names()}")
    return rs
