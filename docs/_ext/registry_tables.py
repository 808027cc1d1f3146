"""Sphinx directives ``.. rule-sets::``, ``.. rule-set-strengths::`` and
``.. games::``: the tables of every rule set and every game preset, read from
``handrank.RULE_SETS`` and ``handrank.GAMES`` when the site is built, so the
pages can never list fewer of them than the library has.

Every cell is derived from the :class:`handrank.RuleSet` row (its deck, hand
sizes, ace, patterns and their order, qualifier) and from the strengths its
tables give, so the tables state what the code does.  ``rule_set_rows()``
and ``strength_rows()`` are plain Python (tests/test_docs.py checks them).
"""
from __future__ import annotations

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective

import handrank as hr
from handrank.rules._rules import HIGH_ORDER

RANK_CHARS = "23456789TJQKA"
PATTERN_WORDS = {hr.Category.THREE_OF_A_KIND: "three of a kind", hr.Category.STRAIGHT: "a straight",
                 hr.Category.FLUSH: "a flush", hr.Category.FULL_HOUSE: "a full house",
                 hr.Category.TWO_PAIR: "two pair", hr.Category.ONE_PAIR: "a pair",
                 hr.Category.FOUR_OF_A_KIND: "four of a kind"}

HEADER = ("``rules=``", "aliases", "cards", "ace", "straights, flushes")
STRENGTH_HEADER = ("``rules=``", "strengths", "the worst hand", "the best hand")


def _ranks(rs: hr.RuleSet, s: int) -> str:
    return "-".join(RANK_CHARS[r] for r in rs.ranks(s))


def _hand(rs: hr.RuleSet, s: int) -> str:
    """A strength as its ranks and its name: ``7-5-4-3-2 (Seven-high)``."""
    return f"{_ranks(rs, s)} ({rs.describe(s)})"


def _lowest_straight(rs: hr.RuleSet) -> str:
    ranks = rs.deck.ranks[:rs.cards - 1]          # the deck's lowest ranks, and the ace
    return "-".join(reversed(ranks)) + "-A"


def _cards(rs: hr.RuleSet) -> str:
    sizes = rs.hand_sizes
    n = (f"{sizes[0]}" if len(sizes) == 1 else
         f"{sizes[0]} to {sizes[-1]}, best {rs.cards}")
    deck = "" if rs.deck.size == 52 else f"; {rs.deck.size}-card deck ({rs.deck.ranks[0]} to A)"
    return n + deck


def _ace(rs: hr.RuleSet) -> str:
    if rs.ace == "high":
        return f"high, or low in {_lowest_straight(rs)}" if rs.straights else "high"
    return {"high-only": "high only", "low": "low"}[rs.ace]


def _patterns(rs: hr.RuleSet) -> str:
    if rs.kind == "badugi":
        return "— (four cards of different ranks and suits win)"
    if not rs.straights and not rs.flushes:
        return "ignored"
    text = "count against you" if rs.low else "count"
    # the neighbours in the rule set's order that the standard order has the
    # other way round
    standard = {c: i for i, c in enumerate(HIGH_ORDER)}
    beats = [f"{PATTERN_WORDS[a]} beats {PATTERN_WORDS[b]}"
             for b, a in zip(rs.order, rs.order[1:])
             if a in PATTERN_WORDS and b in PATTERN_WORDS and standard[a] < standard[b]]
    return text + "".join(f"; **{b}**" for b in beats)


def _values(rs: hr.RuleSet) -> str:
    """The strengths a hand can get: ``0..7461 (7,462)``, and the extras."""
    top = rs.nclasses - 1
    five_kind = len(rs.deck.ranks) if rs.five_kind else 0
    best = top - five_kind
    q = rs.tables.qualifier_strength
    if q is not None:
        text = f"{q}..{best} ({best - q + 1:,} qualifying); -1: no low"
    else:
        text = f"0..{best} ({best + 1:,})"
    if five_kind:
        text += f"; {best + 1}..{top}: five of a kind, with wild cards"
    return text


def _worst(rs: hr.RuleSet) -> str:
    q = rs.tables.qualifier_strength
    return f"{q}: {_hand(rs, q)}" if q is not None else f"0: {_hand(rs, 0)}"


def _best(rs: hr.RuleSet) -> str:
    best = rs.nclasses - 1 - (len(rs.deck.ranks) if rs.five_kind else 0)
    return f"{best}: {_hand(rs, best)}"


def rule_set_rows() -> list[tuple[str, ...]]:
    """How each rule set of ``handrank.RULE_SETS`` ranks hands, in its order."""
    return [(f"``{rs.name}``", ", ".join(f"``{a}``" for a in rs.aliases), _cards(rs), _ace(rs),
             _patterns(rs)) for rs in hr.RULE_SETS]


def strength_rows() -> list[tuple[str, ...]]:
    """Each rule set's strengths: their range, the worst and the best hand."""
    return [(f"``{rs.name}``", _values(rs), _worst(rs), _best(rs)) for rs in hr.RULE_SETS]


GAME_HEADER = ("``game``", "hole", "board", "the pot's halves: rule set (cards that play)",
               "deck")


def _half(g: hr.Game, h: hr.Half) -> str:
    rs, n = h.rule_set, g.hole + g.board
    words = ("exactly 2 hole + 3 board" if h.select == "omaha" else
             f"all {n}" if n == rs.cards else f"best {rs.cards} of {n}")
    q = f", {h.qualifier} or better" if h.qualifier else ""
    named = "" if h.name in (rs.name, "high") or (h.name == "low" and rs.low) else \
        f"{h.name}: "
    return f"{named}``{rs.name}`` ({words}{q})"


def _deck(g: hr.Game) -> str:
    cards = g.cards
    text = f"{cards.size}" if not isinstance(g.deck, hr.Deck) else \
        f"{cards.size} ({cards.ranks[0]} to A)"
    if g.wild:
        text += f", the joker a {g.wild}" if g.wild == "bug" else f", wild: {g.wild}"
    if g.shared_last:
        text += "; at a full table the last card is shared"
    return text


def game_rows() -> list[tuple[str, ...]]:
    """Each game preset of ``handrank.GAMES``: its cards, its halves, its deck."""
    return [(f"``{g.name}``" + "".join(f", ``{a}``" for a in g.aliases), str(g.hole),
             str(g.board), "; ".join(_half(g, h) for h in g.halves), _deck(g))
            for g in hr.GAMES]


def list_table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> list[str]:
    lines = [".. list-table::", "   :header-rows: 1", ""]
    for row in (header, *rows):
        for i, cell in enumerate(row):
            lines.append(("   * - " if i == 0 else "     - ") + cell)
    return lines


class RuleSetsTable(SphinxDirective):
    """``.. rule-sets::`` -- how each rule set of hr.RULE_SETS ranks hands."""

    has_content = False
    header, rows = HEADER, staticmethod(rule_set_rows)

    def run(self) -> list[nodes.Node]:
        container = nodes.container()
        self.state.nested_parse(StringList(list_table(self.header, self.rows()),
                                           source="handrank.RULE_SETS"),
                                self.content_offset, container)
        return container.children


class RuleSetStrengthsTable(RuleSetsTable):
    """``.. rule-set-strengths::`` -- each rule set's strengths."""

    header, rows = STRENGTH_HEADER, staticmethod(strength_rows)


class GamesTable(RuleSetsTable):
    """``.. games::`` -- every game preset of hr.GAMES."""

    header, rows = GAME_HEADER, staticmethod(game_rows)


def setup(app):
    app.add_directive("rule-sets", RuleSetsTable)
    app.add_directive("rule-set-strengths", RuleSetStrengthsTable)
    app.add_directive("games", GamesTable)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
