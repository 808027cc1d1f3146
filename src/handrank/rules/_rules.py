"""The rule-set registry: every rule set is one entry here.

A :class:`RuleSet` is data: the deck, how many cards make a hand, how the ace
plays, which patterns exist and in which order, whether lower hands win, the
qualifier of a low and how a bug plays.  The C table builder
(``_core.RuleTables(spec)``) reads those fields and nothing else, and the
describer names hands from the classes it builds, so adding a rule set is
adding one entry to ``RULE_SETS`` (plus its twin in ``tests/reference.py``).
"""
from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import Any, Literal, NamedTuple

import numpy as np

from .. import _core
from ..cards import SHORT, STANDARD, Deck
from ..base import Category, HandError, upcalls

__all__ = ["RuleSet", "RULE_SETS", "get_rules", "HIGH_ORDER", "StrengthTable"]

RANK_WORDS = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
              "Jack", "Queen", "King", "Ace")
RANK_PLURALS = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
                "tens", "jacks", "queens", "kings", "aces")
RANK_SHORT = "23456789TJQKA"

C = Category
#: The standard order of the patterns, worst first.
HIGH_ORDER = (C.HIGH_CARD, C.ONE_PAIR, C.TWO_PAIR, C.THREE_OF_A_KIND, C.STRAIGHT, C.FLUSH,
              C.FULL_HOUSE, C.FOUR_OF_A_KIND, C.STRAIGHT_FLUSH, C.ROYAL_FLUSH,
              C.FIVE_OF_A_KIND)
#: Short deck: a flush beats a full house (fewer cards per suit make it rarer).
SHORT_ORDER = (C.HIGH_CARD, C.ONE_PAIR, C.TWO_PAIR, C.THREE_OF_A_KIND, C.STRAIGHT,
               C.FULL_HOUSE, C.FLUSH, C.FOUR_OF_A_KIND, C.STRAIGHT_FLUSH, C.ROYAL_FLUSH,
               C.FIVE_OF_A_KIND)
#: Short deck as some rooms play it: three of a kind also beats a straight.
SHORT_TRIPS_ORDER = (C.HIGH_CARD, C.ONE_PAIR, C.TWO_PAIR, C.STRAIGHT, C.THREE_OF_A_KIND,
                     C.FULL_HOUSE, C.FLUSH, C.FOUR_OF_A_KIND, C.STRAIGHT_FLUSH, C.ROYAL_FLUSH,
                     C.FIVE_OF_A_KIND)
#: Three-card poker: a straight beats a flush, three of a kind a straight.
THREE_CARD_ORDER = (C.HIGH_CARD, C.ONE_PAIR, C.FLUSH, C.STRAIGHT, C.THREE_OF_A_KIND,
                    C.STRAIGHT_FLUSH)
del C


class StrengthTable(NamedTuple):
    """Every strength of a rule set, broken down: :meth:`RuleSet.table`.

    Index each column by strength: ``t.category[s]``, ``t.ranks[s]``,
    ``t.name[s]`` (the arrays index by arrays of strengths as well).  A rule
    set with a qualifier (-1 for "no qualifying low") has one row more, the
    last, for -1, so that ``t.category[s]`` reads any strength
    :func:`handrank.evaluate` returns, -1 included: ``len(t.name)`` is
    ``rs.nclasses`` plus one there and ``rs.nclasses`` elsewhere.

    Attributes
    ----------
    category
        ``int8``: the :class:`Category` number of each strength; -1 for a
        strength that is no qualifying low (under ``ace-to-five-8``).
    ranks
        ``int8`` ``(rows, 5)``: the ranks that decide each strength, most
        significant first, as real ranks 0..12 (2..A, the card code's
        ``code >> 2``): a pair's rank then its kickers high to low, trips
        then the pair of a full house, a straight's cards from its top (the
        wheel reads 3, 2, 1, 0, 12: 5-4-3-2-A), under a low rule set the
        cards high to low.  -1 fills the places of cards a hand does not
        have (three-card poker, badugi, partial hands) and the rows of a
        strength that is no qualifying low.
    name
        The name :func:`handrank.describe` gives each strength.

    """

    category: np.ndarray
    ranks: np.ndarray
    name: tuple[str, ...]


#: The allowed values of RuleSet's text fields.
_CHOICES = {"kind": ("poker", "badugi"), "ace": ("high", "high-only", "low"),
            "bug": ("ace", "wild")}
#: The hand sizes of each kind.
_CARDS = {"poker": (5, 3), "badugi": (4,)}
#: False while the registry below is built (its tables are built on first use).
_REGISTRY_BUILT = False

#: The compiled tables of every definition in use, by definition
#: (RuleSet._key): equal definitions share one compiled set however many
#: RuleSet objects (made anew, or unpickled from workers) carry it.  Weak, so
#: a custom rule set's tables go with the last object that uses them; the
#: few most recently compiled are also held strongly (_RECENT), so a loop
#: that makes the same custom rule set again and again compiles it once.
_COMPILED: weakref.WeakValueDictionary = weakref.WeakValueDictionary()
_RECENT: OrderedDict = OrderedDict()
#: How many compiled definitions _RECENT keeps alive (a few MB at most).
RECENT_COMPILED = 8
_COMPILED_LOCK = threading.Lock()


@dataclass(frozen=True, eq=False)
class RuleSet:
    """One way of ranking poker hands, as data.

    Attributes
    ----------
    name, aliases
        The canonical name and the other names ``rules=`` accepts.
    deck
        The :class:`Deck` the hands come from (its ranks bound the straights:
        A-6-7-8-9 is the lowest straight of the short deck).
    kind
        ``"poker"``: the best ``cards``-card poker hand; ``"badugi"``: the
        largest set of cards of different ranks and different suits.
    cards
        Cards in a hand that plays: 5, or 3 for three-card poker (4 for badugi).
    ace
        ``"high"``: ace high, and low in the lowest straight; ``"high-only"``:
        ace always high; ``"low"``: ace always low.
    straights, flushes
        Whether they are hand patterns (under a low rule set they then count
        against the player).
    low
        Whether lower hands are better.  Strengths are always higher-is-better,
        so a low rule set numbers its classes from the worst up.
    order
        The categories that exist, worst first, as a high hand reads them (a
        low rule set inverts the whole order).
    qualifier
        The highest card a qualifying low may hold (8 for eight-or-better), or
        None.
    five_kind
        Whether five of a kind exists (it needs wild cards).
    bug
        How a joker that is a bug plays: ``"ace"`` (an ace, or any card that
        completes a straight or flush) or ``"wild"`` (fully wild).
    partial
        Whether hands of fewer cards than ``cards`` are ranked too (stud
        upcards, the front row of open-face Chinese, two hole cards): on one
        dense scale with the full hands, a missing card counting as the worst
        kicker.  Such a rule set is its own row (``high-partial``), so the
        strengths of the SPEC's rule sets keep their values.
    wild_ok
        Whether ``wild=`` settings apply (five-card poker rule sets only).
    """

    name: str
    aliases: tuple[str, ...] = ()
    deck: Deck = STANDARD
    kind: Literal["poker", "badugi"] = "poker"
    cards: int = 5
    ace: Literal["high", "high-only", "low"] = "high"
    straights: bool = True
    flushes: bool = True
    low: bool = False
    order: tuple[Category, ...] = HIGH_ORDER
    qualifier: int | None = None
    five_kind: bool = False
    bug: Literal["ace", "wild"] = "wild"
    partial: bool = False
    summary: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        # Every field is checked here, so a bad value fails when the rule set
        # is made, naming the field, the value and what it may be; a custom
        # rule set also builds its tables now (a few milliseconds), so a
        # definition the table builder refuses fails here too.
        def bad(what: str, got: object) -> HandError:
            return HandError(f"RuleSet {self.name!r}: {what}; got {got!r}")

        if not isinstance(self.name, str) or not self.name.strip():
            raise HandError(f"RuleSet: name must be a non-empty string; got {self.name!r}")
        if isinstance(self.aliases, str) or not isinstance(self.aliases, (tuple, list)) or \
                not all(isinstance(a, str) and a.strip() for a in self.aliases):
            raise bad("aliases must be a tuple of names", self.aliases)
        if not isinstance(self.deck, Deck):
            raise bad("deck must be a handrank.Deck (hr.STANDARD_DECK, hr.SHORT_DECK)",
                      self.deck)
        for attr, allowed in _CHOICES.items():
            value = getattr(self, attr)
            if not isinstance(value, str) or value not in allowed:
                raise bad(f"{attr} must be one of {', '.join(map(repr, allowed))}", value)
        for attr in ("straights", "flushes", "low", "five_kind", "partial"):
            if not isinstance(getattr(self, attr), (bool, np.bool_)):
                raise bad(f"{attr} must be True or False", getattr(self, attr))
        sizes = _CARDS[self.kind]
        if isinstance(self.cards, bool) or self.cards not in sizes:
            raise bad(f"cards must be {' or '.join(map(str, sizes))} for kind={self.kind!r}",
                      self.cards)
        if isinstance(self.order, (str, bytes)) or not isinstance(self.order, (tuple, list)) \
                or not self.order or not all(isinstance(c, Category) for c in self.order) \
                or len(set(self.order)) != len(self.order):
            raise bad("order must be distinct hr.Category members, worst first", self.order)
        if self.qualifier is not None and (isinstance(self.qualifier, bool) or
                                           not isinstance(self.qualifier, (int, np.integer))
                                           or not 5 <= self.qualifier <= 13):
            raise bad("qualifier must be None or the highest card a qualifying low may hold, "
                      "5..13 (8 for eight-or-better)", self.qualifier)
        if not isinstance(self.summary, str):
            raise bad("summary must be a string", self.summary)
        object.__setattr__(self, "aliases", tuple(self.aliases))
        object.__setattr__(self, "order", tuple(self.order))
        why = self._contradiction()
        if why:
            raise HandError(f"RuleSet {self.name!r}: {why}")
        object.__setattr__(self, "_key", (
            self.name, self.aliases, self.deck.name, self.deck.ranks, self.deck.jokers,
            self.kind, int(self.cards), self.ace, bool(self.straights), bool(self.flushes),
            bool(self.low), tuple(int(c) for c in self.order),
            None if self.qualifier is None else int(self.qualifier), bool(self.five_kind),
            self.bug, bool(self.partial)))
        if _REGISTRY_BUILT:
            self.tables                              # noqa: B018 -- raises HandError

    def __eq__(self, other: object) -> bool:
        # Equal definitions (every field but the summary) are one rule set:
        # a RuleSet made again, or unpickled in a worker, equals the first.
        if not isinstance(other, RuleSet):
            return NotImplemented
        return self is other or self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    @cached_property
    def tables(self) -> _core.RuleTables:
        """The compiled lookup tables, built on first use (a few milliseconds)
        and shared by every RuleSet of the same definition."""
        key: Any = self._key
        # a registered rule set compiles its own (so its tables' spec, which
        # is how they pickle, is the registered object, pickled by name)
        registered = RULES_BY_NAME.get(self.name) is self
        with _COMPILED_LOCK:
            t = _COMPILED.get(key)
        if t is not None and registered and t.spec is not self:
            t = None
        if t is None:
            try:
                t = _core.RuleTables(self)
            except ValueError as e:
                why = self._inconsistency()
                raise HandError(f"RuleSet {self.name!r}: {why}" if why else str(e)) from None
            with _COMPILED_LOCK:
                if registered:
                    _COMPILED[key] = t
                else:
                    t = _COMPILED.setdefault(key, t)
        with _COMPILED_LOCK:
            _RECENT[key] = t
            _RECENT.move_to_end(key)
            while len(_RECENT) > RECENT_COMPILED:
                _RECENT.popitem(last=False)
        return t

    def _contradiction(self) -> str | None:
        """What in this definition contradicts itself although the table
        builder would take it (so its hands would be ranked or named
        wrongly), in words that say what to change; or None."""
        C = Category
        if self.kind == "badugi":
            if self.ace == "high":
                return ("a badugi has no straights, so its ace cannot play low in one: use "
                        "ace='high-only' (the ace high, as in badeucy) or ace='low'")
            for attr, want in (("low", True), ("straights", False), ("flushes", False),
                               ("five_kind", False), ("partial", False)):
                if bool(getattr(self, attr)) != want:
                    return (f"a badugi (the lowest set of cards of different ranks and "
                            f"suits) needs {attr}={want}")
            if self.qualifier is not None:
                return "a badugi has no qualifier: use qualifier=None"
            if self.order != (C.HIGH_CARD,):
                return ("a badugi has no pairs or patterns: use order=(hr.Category.HIGH_CARD,)")
            return None
        ranks = self.deck.ranks
        if self.straights and self.ace == "high" and "A" in ranks and \
                len(ranks) == self.cards:
            top = "-".join(reversed(ranks))
            return (f"with ace='high' the ace also plays low in the lowest straight, but "
                    f"the deck's {len(ranks)} ranks make one straight only, {top}: its "
                    f"wheel would be its top straight (named {ranks[-2]}-high); use "
                    f"ace='high-only' (the ace always high) or a deck of more ranks")
        if self.qualifier is not None and not self.low:
            return ("a qualifier is the highest card a qualifying low may hold: it needs "
                    "low=True (or use qualifier=None)")
        if self.five_kind and (self.low or self.cards != 5 or self.partial):
            return ("five of a kind exists only in five-card high rule sets (with wild "
                    "cards): use five_kind=False")
        if self.five_kind and C.FIVE_OF_A_KIND not in self.order:
            return ("with five_kind=True, order must hold FIVE_OF_A_KIND (the best hand "
                    "with wild cards)")
        if self.straights and self.flushes and self.cards == 5 and self.ace != "low" and \
                "A" in ranks and C.STRAIGHT_FLUSH in self.order and \
                C.ROYAL_FLUSH not in self.order:
            return ("with straights, flushes and the ace high, A-K-Q-J-T of one suit is a "
                    "royal flush: order must hold ROYAL_FLUSH (above STRAIGHT_FLUSH)")
        return None

    def _inconsistency(self) -> str | None:
        """What the table builder refuses in this definition, in words (the
        checks of hr_flush_rules_hold and hr_build_rule), or None."""
        if self.kind != "poker":
            return None
        at = {c: i for i, c in enumerate(self.order)}
        C = Category
        if self.flushes:
            if C.FLUSH not in at or at[C.FLUSH] <= at.get(C.HIGH_CARD, -1):
                return "with flushes=True, order must hold FLUSH above HIGH_CARD"
            if self.straights and (C.STRAIGHT_FLUSH not in at or C.STRAIGHT not in at or
                                   at[C.STRAIGHT_FLUSH] <= at[C.STRAIGHT]):
                return ("with straights and flushes, order must hold STRAIGHT_FLUSH above "
                        "STRAIGHT")
            if not self.low and self.cards == 5:
                for c in (C.STRAIGHT, C.THREE_OF_A_KIND, C.TWO_PAIR, C.ONE_PAIR):
                    if at.get(c, -1) >= at[C.FLUSH]:
                        return f"in a five-card high rule set FLUSH must rank above {c.name}"
                if self.straights and at[C.STRAIGHT_FLUSH] <= at[C.FLUSH]:
                    return "STRAIGHT_FLUSH must rank above FLUSH"
        if self.bug == "ace" and "A" not in self.deck.ranks:
            return "bug='ace' needs a deck with aces (use bug='wild')"
        return None

    @cached_property
    def _classes(self) -> tuple[np.ndarray, np.ndarray]:
        return self.tables.class_info()

    @cached_property
    def _breakdown(self) -> tuple[np.ndarray, np.ndarray]:
        """The (category, ranks) columns of :meth:`table`, read-only."""
        cats, ranks = self._classes
        cat = cats.astype(np.int8)
        rk = ranks.astype(np.int8)               # 255 (no card) reads -1
        rk[ranks == 255] = -1
        q = self.tables.qualifier_strength
        if q is not None:                        # strengths evaluate never returns
            cat[:q] = -1
            rk[:q] = -1
        if self.min_strength < 0:                # row -1: no qualifying low
            cat = np.append(cat, np.int8(-1))
            rk = np.vstack([rk, np.full((1, 5), -1, dtype=np.int8)])
        cat.flags.writeable = False
        rk.flags.writeable = False
        return cat, rk

    @cached_property
    def _table(self) -> StrengthTable:
        cat, rk = self._breakdown
        names = tuple(self.describe(s) for s in range(self.nclasses))
        return StrengthTable(cat, rk, names + (("No low",) if self.min_strength < 0 else ()))

    def table(self) -> StrengthTable:
        """Every strength of this rule set broken down: its category, the
        ranks that decide it and its name (a :class:`StrengthTable`, made
        once per rule set; :func:`handrank.breakdown` reads the same
        columns for any array of strengths).

        >>> import handrank as hr
        >>> t = hr.get_rules("high").table()
        >>> s = hr.evaluate("7h 7d Ac 9s 2d Kh 4c")
        >>> hr.Category(t.category[s]), t.ranks[s].tolist(), t.name[s]
        (<Category.ONE_PAIR: 1>, [5, 5, 12, 11, 7], 'One pair, sevens')
        >>> t.ranks[[0, 7461]].tolist()         # 7-5-4-3-2 and the royal flush
        [[5, 3, 2, 1, 0], [12, 11, 10, 9, 8]]
        >>> t8 = hr.get_rules("8-or-better").table()
        >>> len(t8.name), int(t8.category[-1]), t8.name[-1]   # row -1: no qualifying low
        (6176, -1, 'No low')
        """
        return self._table

    @property
    def wild_ok(self) -> bool:
        """Whether wild cards apply under this rule set."""
        return self.kind == "poker" and self.cards == 5 and not self.partial

    @property
    def nclasses(self) -> int:
        """Number of distinct strengths (five of a kind included)."""
        return self.tables.nclasses

    @cached_property
    def natural_strengths(self) -> int:
        """How many strengths a hand without wild cards can reach: 7,462
        under ``"high"`` (the table's other 13 strengths, 7462..7474, are
        five of a kind, which only wild cards make); :attr:`nclasses` under
        rule sets without five of a kind.  A hand without wild cards has a
        strength in ``min_strength..natural_strengths - 1``: the number a
        peer's rank is taken from (treys's ``7462 - s``).

        >>> import handrank as hr
        >>> hr.get_rules("high").natural_strengths, hr.get_rules("high").nclasses
        (7462, 7475)
        >>> hr.get_rules("2-7").natural_strengths
        7462
        """
        if not self.five_kind:
            return self.nclasses
        cats = self._classes[0]
        return int((cats != int(Category.FIVE_OF_A_KIND)).sum())

    def check_natural(self, strength: int) -> int:
        """``strength``, checked against :meth:`check_strength` and against
        the strengths only wild cards reach (a :class:`HandError` that says
        so)."""
        s = self.check_strength(strength)
        if s >= self.natural_strengths:
            raise HandError(
                f"strength {s} is five of a kind, which only wild cards make: a hand "
                f"without wild cards has a strength in {self.min_strength}.."
                f"{self.natural_strengths - 1} under rules={self.name!r} "
                f"(RuleSet.natural_strengths is {self.natural_strengths}; pass "
                f"natural=False for the strengths of hands with wild cards)")
        return s

    @property
    def min_strength(self) -> int:
        """The lowest strength an evaluation can return (-1 with a qualifier)."""
        return -1 if self.qualifier else 0

    @property
    def hand_sizes(self) -> range:
        """How many cards an evaluated hand may hold."""
        kmin, kmax = _core.hand_sizes(self)       # no tables built for this
        return range(kmin, kmax + 1)

    def partial_hint(self) -> str:
        """Where hands of fewer cards than this rule set takes are ranked,
        for the message of a hand that is too short: the ``*-partial`` rule
        set that ranks them the same way, or the list of partial rule sets
        ("" for a rule set that is partial already, or not of five-card
        poker hands).

        >>> import handrank as hr
        >>> hr.get_rules("razz").partial_hint()
        "hands of 1 to 4 cards are ranked under rules='ace-to-five-partial' (a missing card counts as the worst kicker)"
        """
        if self.kind != "poker" or self.cards != 5 or self.partial:
            return ""

        def how(rs: RuleSet) -> tuple:
            return (rs.deck, rs.ace, rs.straights, rs.flushes, rs.low, rs.qualifier, rs.order)

        partial = [rs for rs in RULE_SETS if rs.partial and rs.cards == self.cards]
        twins = [rs for rs in partial if how(rs) == how(self)]
        sizes = f"1 to {self.cards - 1}"
        if twins:
            return (f"hands of {sizes} cards are ranked under rules={twins[0].name!r} (a "
                    f"missing card counts as the worst kicker)")
        if not partial:
            return ""
        names = ", ".join(repr(rs.name) for rs in partial)
        return (f"hands of {sizes} cards are ranked only under the partial rule sets "
                f"{names} (none of them ranks as {self.name} does)")

    def order_of(self, rank: int) -> int:
        """A rank's place as this rule set orders ranks (0 = its lowest).

        >>> import handrank as hr
        >>> hr.get_rules("razz").order_of(12), hr.get_rules("high").order_of(12)
        (0, 12)
        """
        return (0 if rank == 12 else rank + 1) if self.ace == "low" else rank

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
        return tuple(int(r) for r in self._classes[1][self.check_strength(strength)]
                     if r != 255)

    def describe(self, strength: int) -> str:
        s = self.check_strength(strength)
        if not self.qualifies(s):
            return "No low"
        cat = Category(int(self._classes[0][s]))
        r = [int(x) for x in self._classes[1][s] if x != 255]
        if self.partial and len(r) < self.cards:
            return describe_partial(cat, r, self.low)
        if self.kind == "badugi":
            return (f"{len(r)}-card badugi, "
                    + "-".join("A" if x == 12 else RANK_SHORT[x] for x in r))
        if cat == Category.HIGH_CARD:
            if self.low:
                return f"{RANK_WORDS[r[0]]}-{RANK_WORDS[r[1]].lower()} low"
            return f"{RANK_WORDS[r[0]]}-high"
        return describe_pattern(cat, r)

    def __reduce__(self) -> tuple:
        # A registered rule set pickles by name (and unpickles as the same
        # object); a custom one by its fields (its tables are rebuilt on use).
        if RULES_BY_NAME.get(self.name) is self:
            return get_rules, (self.name,)
        return RuleSet, tuple(getattr(self, f.name) for f in fields(self))

    def __repr__(self) -> str:
        return f"RuleSet({self.name!r})"


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


def describe_partial(cat: Category, r: list[int], low: bool) -> str:
    """Name of a partial hand: its pattern and the cards it has."""
    if cat == Category.HIGH_CARD:
        cards = "-".join(RANK_WORDS[x].lower() for x in r)
        return f"{cards[0].upper()}{cards[1:]} {'low' if low else 'high'}"
    if cat == Category.TWO_PAIR:
        return f"Two pair, {RANK_PLURALS[r[0]]} and {RANK_PLURALS[r[2]]}"
    return describe_pattern(cat, r)


_LOW_ORDER = HIGH_ORDER[:-2]        # no royal flush or five of a kind read from the low end

RULE_SETS: tuple[RuleSet, ...] = (
    RuleSet("high", five_kind=True, bug="ace",
            summary="standard high hands; ace high, or low in 5-4-3-2-A"),
    RuleSet("ace-to-five", ("a5", "razz"), ace="low", straights=False, flushes=False, low=True,
            summary="lowest wins; ace low; straights and flushes ignored"),
    RuleSet("ace-to-five-8", ("8-or-better", "a5-8"), ace="low", straights=False,
            flushes=False, low=True, qualifier=8,
            summary="ace-to-five, but only unpaired lows of 8 or lower qualify"),
    RuleSet("deuce-to-seven", ("2-7", "27", "kansas-city"), ace="high-only", low=True,
            order=HIGH_ORDER[:-1],
            summary="lowest wins; ace high; straights and flushes count against you"),
    RuleSet("ace-to-six", ("a6", "london"), ace="low", low=True, order=_LOW_ORDER,
            summary="lowest wins; ace low; straights and flushes count against you"),
    RuleSet("short-deck", ("6+", "six-plus", "short"), deck=SHORT, order=SHORT_ORDER,
            five_kind=True, bug="ace",
            summary="36 cards, 6 to A; a flush beats a full house; A-6-7-8-9 is a straight"),
    RuleSet("short-deck-trips", ("6+trips", "six-plus-trips"), deck=SHORT,
            order=SHORT_TRIPS_ORDER, five_kind=True, bug="ace",
            summary="short deck where three of a kind also beats a straight"),
    RuleSet("three-card", ("3-card", "three-card-poker"), cards=3, order=THREE_CARD_ORDER,
            summary="three cards: straight flush, trips, straight, flush, pair, high card"),
    RuleSet("badugi", (), kind="badugi", cards=4, ace="low", straights=False, flushes=False,
            low=True, order=(Category.HIGH_CARD,),
            summary="four cards: the most cards of different ranks and suits, then lowest"),
    RuleSet("badugi-ace-high", kind="badugi", cards=4, ace="high-only",
            straights=False, flushes=False, low=True, order=(Category.HIGH_CARD,),
            summary="badugi with the ace high (badeucy's badugi half): 5-4-3-2 is the best"),
    RuleSet("high-partial", ("partial",), partial=True,
            summary="high, and hands of 1 to 4 cards too: a missing card is the worst kicker"),
    RuleSet("ace-to-five-partial", ("razz-partial", "a5-partial"), ace="low", straights=False,
            flushes=False, low=True, partial=True,
            summary="ace-to-five, and hands of 1 to 4 cards too: a missing card is the "
                    "worst kicker"),
    RuleSet("deuce-to-seven-partial", ("2-7-partial",), ace="high-only", low=True,
            order=HIGH_ORDER[:-1], partial=True,
            summary="deuce-to-seven, and hands of 1 to 4 cards too: a missing card is the "
                    "worst kicker"),
)

_REGISTRY_BUILT = True
RULES_BY_NAME: dict[str, RuleSet] = {}
for _rs in RULE_SETS:
    for _n in (_rs.name, *_rs.aliases):
        assert _n not in RULES_BY_NAME, _n
        RULES_BY_NAME[_n] = _rs


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
    rs = RULES_BY_NAME.get(rules.strip().lower())
    if rs is None:
        shown = rules if len(rules) <= 40 else rules[:40] + "..."
        raise HandError(f"unknown rules {shown!r}{_name_hint(rules)}; valid: {valid_names()}")
    return rs


def _name_hint(name: str) -> str:
    """A clause for a name passed as ``rules=`` that names no rule set, from
    the layers above that know other names (the upcall ``game_hint``:
    "that is a game whose rule set is ..."), or "".  The rule sets know
    nothing of games."""
    return upcalls.game_hint(name)
