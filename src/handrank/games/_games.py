"""Games: what a game is (:class:`Game`, :class:`Half`) and the registry of
presets (``GAMES``, :func:`get_game`, :func:`register_game`).

Every game is one :class:`Game` row in ``GAMES``: how many cards each player
holds, how many are shared, the halves the pot is split between (each a
:class:`Half`: a rule set, how its hand is chosen, an optional qualifier),
and the deck.  Adding a game is adding a row.  Playing them is
:mod:`handrank.games._showdown` (showdowns, Omaha) and :mod:`handrank.games._stud`.
"""
from __future__ import annotations

import copyreg
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Literal

import numpy as np

from .. import _core
from ..cards import (format as format_cards, SHORT, STANDARD, Deck, card_list, WildSetting,
                     resolve_wild)
# evaluate's general path: given a RuleSet, never its compiled fast path, and
# usable while handrank is imported, before __init__ installs the upcalls
from ..evaluation import evaluate_general as evaluate
from ..rules import RULES_BY_NAME, RuleSet, get_rules
from ..base import HandError

__all__ = ["Game", "Half", "GAMES", "get_game", "register_game", "DOUBLE_SUFFIX"]


_SELECTS = ("any", "omaha", "all")
#: The most halves a pot is split between (the C core's HR_MAX_HALVES).
MAX_HALVES = 4


@dataclass(frozen=True)
class Half:
    """One part of a game's pot: who wins it and how hands are chosen for it.

    Attributes
    ----------
    rules
        The rule set that ranks the hands competing for this half: a name
        or alias (stored as the canonical name), or a :class:`RuleSet`
        (a registered one is stored by its name; a custom one is stored
        itself, and travels with the half when it is pickled to a worker).
    select
        ``"any"``: the best hand of hole + board; ``"omaha"``: exactly two
        hole cards and three board cards; ``"all"``: every card held (hole
        + board must be a hand size of the rule set).
    qualifier
        The weakest hand that may win this half, a strength threshold on top
        of the rule set's own qualifier, given as that hand (text or codes,
        as many cards as the rule set ranks: ``"9c 9d 4h 3s 2c"`` under
        ``"high"`` is a pair of nines or better), or -- for a five-card low
        rule set -- as the highest card a qualifying low may hold (``8`` for
        eight-or-better; 2..14, 14 the ace).  None: the rule set's own
        qualifier only.
    name
        What results call this half: by default ``"high"`` (a rule set where
        higher hands win) or ``"low"``; when two halves would share a
        default name, each of them is named by its rule set instead.
    unqualified
        What happens when nobody reaches the qualifier: ``"others"`` (the
        default) -- the halves that are won share the pot; ``"ignore"`` --
        the same while another half is won, but when no half is won the
        pot plays this half without its qualifier (the best hand under its
        rule set takes it).  See :doc:`games` ("Pot rules").

    Examples
    --------
    >>> import handrank as hr
    >>> hr.Half("ace-to-five", "omaha", qualifier=9)
    Half(rules='ace-to-five', select='omaha', qualifier=9, name='low')
    >>> hr.Half("high", qualifier="9c 9d 4h 3s 2c", unqualified="ignore")
    Half(rules='high', select='any', qualifier='9c 9d 4h 3s 2c', name='high', unqualified='ignore')
    """

    rules: str | RuleSet
    select: Literal["any", "omaha", "all"] = "any"
    qualifier: int | str | None = None
    name: str = ""
    unqualified: Literal["others", "ignore"] = "others"

    def __post_init__(self) -> None:
        if not isinstance(self.rules, (str, RuleSet)):
            raise HandError(f"a half's rules must be a rule-set name or a RuleSet; got "
                            f"{self.rules!r}")
        rs = get_rules(self.rules)
        object.__setattr__(self, "rules", _stored(rs))
        if self.select not in _SELECTS:
            raise HandError(f"a half's select must be one of {', '.join(map(repr, _SELECTS))}; "
                            f"got {self.select!r}")
        q = self.qualifier
        if isinstance(q, (int, np.integer)) and not isinstance(q, bool):
            if not 2 <= q <= 14:
                raise HandError(f"a half's qualifier given as a number is the highest card a "
                                f"qualifying low may hold, 2..14 (14: the ace); got {q!r}")
            if not rs.low or rs.kind != "poker" or rs.partial or rs.cards != 5:
                raise HandError(f"a qualifier given as a number (the highest card of a low) "
                                f"applies to a five-card low rule set's half; got rules "
                                f"{rs.name!r}: give the weakest qualifying hand instead "
                                f"(e.g. qualifier='9c 9d 4h 3s 2c')")
            object.__setattr__(self, "qualifier", int(q))
        elif q is not None:
            object.__setattr__(self, "qualifier", _qualifying_hand(q, rs))
        if not isinstance(self.name, str):
            raise HandError(f"a half's name must be a str; got {self.name!r}")
        if not self.name:
            object.__setattr__(self, "name", "low" if rs.low else "high")
        if not isinstance(self.unqualified, str) or self.unqualified not in _UNQUALIFIED:
            raise HandError(f"a half's unqualified must be one of "
                            f"{', '.join(map(repr, _UNQUALIFIED))} (what happens when nobody "
                            f"qualifies for it); got {self.unqualified!r}")
        if self.unqualified != "others" and self.qualifier is None:
            raise HandError(f"unqualified={self.unqualified!r} waives a half's own qualifier; "
                            f"this half has none (give qualifier=...)")

    def __repr__(self) -> str:
        more = "" if self.unqualified == "others" else f", unqualified={self.unqualified!r}"
        return (f"Half(rules={self.rules!r}, select={self.select!r}, "
                f"qualifier={self.qualifier!r}, name={self.name!r}{more})")

    @property
    def rule_set(self) -> RuleSet:
        """The rule set of this half."""
        return get_rules(self.rules)

    @property
    def qualifier_strength(self) -> int | None:
        """The lowest strength that wins this half under its own qualifier
        (the threshold the pot split applies), or None when it has none."""
        if self.qualifier is None:
            return None
        rs = self.rule_set
        if isinstance(self.qualifier, str):
            return int(evaluate(self.qualifier, rs))
        rank = self.qualifier - 2 if self.qualifier < 14 else 12
        q = _core.qualifier_strength(rs.tables, rank)
        if q < 0:
            raise HandError(f"qualifier {self.qualifier} under {rs.name}: no hand, "
                            f"or not only the best hands, would qualify")
        return q

    @property
    def always_won(self) -> bool:
        """Whether some hand always wins this half (no qualifier applies)."""
        return self.qualifier is None and not self.rule_set.qualifier

    @property
    def rescues(self) -> bool:
        """Whether this half takes a pot nobody qualifies for: its qualifier
        is waived then (``unqualified="ignore"``) and its rule set ranks
        every hand (no qualifier of its own)."""
        return self.unqualified == "ignore" and not self.rule_set.qualifier


#: What a half nobody qualifies for does (Half.unqualified), and its C code.
_UNQUALIFIED = ("others", "ignore")


def _qualifying_hand(q: Any, rs: RuleSet) -> str:
    """A qualifier given as the weakest qualifying hand, checked under the
    half's rule set and kept as its text."""
    try:
        codes = card_list(q, "qualifier")
    except HandError as e:
        raise HandError(f"a half's qualifier is the weakest qualifying hand (e.g. "
                        f"'9c 9d 4h 3s 2c') or, for a five-card low, its highest card "
                        f"(2..14); {e}") from None
    if len(codes) != rs.cards:
        raise HandError(f"a half's qualifier is the weakest qualifying hand: {rs.cards} cards "
                        f"under {rs.name}; got {len(codes)}")
    if _BUILTIN_ROWS:
        # a built-in row's qualifier is checked by tests/test_import_lazy.py,
        # not at import (evaluating it would build the rank tables)
        return format_cards(codes)
    try:
        s = evaluate(codes, rs)
    except HandError as e:
        raise HandError(f"qualifier {format_cards(codes)!r} under {rs.name}: {e}") from None
    if s < 0:
        raise HandError(f"qualifier {format_cards(codes)!r} does not qualify under {rs.name} "
                        f"itself: give a hand the rule set ranks")
    return format_cards(codes)


def _stored(rs: RuleSet) -> str | RuleSet:
    """How a half or a game keeps a rule set: a registered one by its
    canonical name, a custom one as the object itself (its name may mean
    nothing where the game is used: another process, or no registry entry)."""
    return rs.name if RULES_BY_NAME.get(rs.name) == rs else rs


def _halves_of(select: str | None, high: Any, low: Any, halves: Any) -> tuple[Half, ...]:
    """A game's halves: given, or the high and the low half of (select, high,
    low); named by default "high" and "low", or by their rule sets when two
    would share a default name."""
    if halves:
        if isinstance(halves, Half):
            halves = (halves,)
        try:
            hs = tuple(halves)
        except TypeError:
            raise HandError(f"halves must be a tuple of Half; got {halves!r}") from None
        if not all(isinstance(h, Half) for h in hs):
            raise HandError(f"halves must be a tuple of Half; got {halves!r}")
    else:
        sel = select if select is not None else "any"
        hs = tuple(Half(r, sel, name=n) for r, n in ((high, "high"), (low, "low"))
                   if r is not None)
    names = [h.name for h in hs]
    if len(set(names)) < len(names):
        hs = tuple(replace(h, name=h.rule_set.name)
                   if names.count(h.name) > 1 and h.name in ("high", "low") else h for h in hs)
        names = [h.name for h in hs]
        if len(set(names)) < len(names):
            raise HandError(f"two halves share a name ({', '.join(names)}): name them "
                            f"(Half(..., name=...))")
    return hs


@dataclass(frozen=True, eq=False)
class Game:
    """A poker game: who holds what, which five play, which rules decide the pot.

    Attributes
    ----------
    name, aliases
        The canonical name and other accepted names.
    hole, board
        Cards each player holds; shared cards at showdown.
    select
        ``"any"``: the best five of hole + board; ``"omaha"``: exactly two hole
        cards and three board cards; ``"all"``: the five cards held.  (None
        when the halves choose their hands differently.)
    high, low
        Rule-set names of the high half and the low half (``None``: no such
        half), or :class:`RuleSet` objects; stored as :class:`Half` stores
        them (a custom rule set as itself).  A game with both splits the
        pot; with one, that rule set takes it all.  They are shorthand for ``halves``: ``Half(high, select)``
        and ``Half(low, select)``.
    halves
        The parts the pot is split between, 1 to 4 :class:`Half` (each a rule
        set, how its hand is chosen, a qualifier): the pot is cut equally
        between the halves somebody wins, and each is shared by the players
        tied for it.  Built from high and low when not given; when given,
        select, high and low are read off it (the halves named "high" and
        "low").
    deck
        52, or 53 with a joker (the standard deck), or a :class:`Deck` (the
        short deck: ``hr.SHORT_DECK``).  The rule sets must rank that deck.
    wild
        The ``wild=`` setting the deck's joker plays under (``"bug"``), or None.
    shared_last
        Stud's rule for a full table: when the deck cannot give every player
        all ``hole`` cards, the last card is one community card that every
        player shares (eight players at seven-card stud: six cards each and
        one shared).  See :meth:`for_players`.
    boards
        1, or 2 for a double-board game: two boards are dealt, each player
        plays their hole cards with each board, and each board's pot is half
        the pot (split again between high and low in a split game).
        :meth:`double_board` gives a game's double-board form; ``get_game``
        knows it as ``<name>-double-board``.

    Notes
    -----
    A Game is checked when it is built: sizes the core cannot deal or value
    raise :class:`HandError`.

    Examples
    --------
    Custom games work everywhere a preset does:

    >>> import handrank as hr
    >>> pineapple = hr.Game("big-o", hole=5, board=5, select="omaha", high="high",
    ...                     low="ace-to-five-8")
    >>> hr.showdown(pineapple, ["Ah 2h 3s 4d Kd", "Ks Kc 9c 9h Qd"], "5h 6h 7c Jd Qs").tolist()
    [1.0, 0.0]

    A pot of other halves -- badeucy splits a deuce-to-seven pot with a
    badugi pot, aces high in both:

    >>> g = hr.Game("my-badeucy", hole=5, board=0, halves=(
    ...     hr.Half("deuce-to-seven", "all"), hr.Half("badugi-ace-high", "all")))
    >>> g.half_names
    ('deuce-to-seven', 'badugi-ace-high')
    >>> hr.showdown(g, ["7h 5d 4c 3s 2h", "As 2c 3d 4h Kh"]).tolist()
    [1.0, 0.0]
    >>> hr.Game("bad", hole=2, board=6, select="any", high="high", low=None)
    Traceback (most recent call last):
    ...
    handrank.HandError: game 'bad': board must be 0..5 shared cards; got 6
    """

    name: str
    hole: int
    board: int
    select: Literal["any", "omaha", "all"] | None = None
    high: str | RuleSet | None = None
    low: str | RuleSet | None = None
    deck: int | Deck = 52
    wild: str | None = None
    aliases: tuple[str, ...] = ()
    shared_last: bool = False
    summary: str = field(default="", compare=False)
    boards: int = 1
    halves: tuple[Half, ...] = ()

    def __post_init__(self) -> None:
        given = (self.select,
                 *(_stored(get_rules(r)) if isinstance(r, RuleSet) else r
                   for r in (self.high, self.low)))
        try:
            hs = _halves_of(self.select, self.high, self.low, self.halves)
        except HandError as e:
            raise HandError(f"game {self.name!r}: {e}") from None
        selects = {h.select for h in hs}
        derived = (selects.pop() if len(selects) == 1 else None,
                   next((h.rules for h in hs if h.name == "high"), None),
                   next((h.rules for h in hs if h.name == "low"), None))
        if self.halves and any(g is not None and g != d for g, d in zip(given, derived)):
            raise HandError(f"game {self.name!r}: give either halves or select/high/low "
                            f"(they disagree: {given} against the halves' {derived})")
        for name, v in zip(("select", "high", "low"), derived):
            object.__setattr__(self, name, v)
        object.__setattr__(self, "halves", hs)
        _check_game(self)
        for name in ("hole", "board", "boards"):       # numpy integers become ints
            object.__setattr__(self, name, int(getattr(self, name)))
        if not isinstance(self.deck, Deck):
            object.__setattr__(self, "deck", int(self.deck))

    def __getstate__(self) -> dict:
        # the compiled tables and the other cached properties are rebuilt on
        # use after unpickling
        return {k: v for k, v in self.__dict__.items() if k not in _CACHED}

    @property
    def high_rules(self) -> RuleSet | None:
        return get_rules(self.high) if self.high else None

    @property
    def low_rules(self) -> RuleSet | None:
        return get_rules(self.low) if self.low else None

    @property
    def split(self) -> bool:
        """Whether the pot is split between two or more halves."""
        return len(self.halves) > 1

    @property
    def classic(self) -> bool:
        """Whether the halves are a high half, a low half or both: the games
        whose results read ``(high, low)``."""
        return all(h.name in ("high", "low") for h in self.halves)

    @property
    def half_names(self) -> tuple[str, ...]:
        """The names results give the halves, in order: ``("high", "low")``
        for a classic game (a half it lacks reads as -1 strengths, no
        winners and no equity), else each half's name."""
        return ("high", "low") if self.classic else tuple(h.name for h in self.halves)

    def half_index(self, name: str) -> int | None:
        """Position in ``halves`` of the half called ``name``, or None."""
        return next((i for i, h in enumerate(self.halves) if h.name == name), None)

    @cached_property
    def wild_setting(self) -> WildSetting | None:
        return resolve_wild(self.wild)

    @cached_property
    def cards(self) -> Deck:
        """The deck dealt from, jokers included."""
        if isinstance(self.deck, Deck):
            return self.deck
        return STANDARD.with_jokers(int(self.deck) - 52)

    @cached_property
    def deck_size(self) -> int:
        """Cards in the deck dealt from (jokers included)."""
        return self.cards.size

    @cached_property
    def tables(self) -> _core.GameTables:
        return self.compile()

    def compile(self, plain: bool = False) -> _core.GameTables:
        """The compiled game (``plain``: the reference build, without fast
        paths, that tests compare the fast one with)."""
        halves = [(h.rule_set.tables, 1 if h.select == "omaha" else 0, h.qualifier_strength,
                   _UNQUALIFIED.index(h.unqualified)) for h in self.halves]
        return _core.GameTables(self.hole, self.board, halves,
                                self.cards.compiled(self.wild_setting), plain=plain,
                                boards=self.boards)

    @cached_property
    def max_players(self) -> int:
        """The most players the deck deals to (at most 23; with a shared last
        card, as many as get all but one card each)."""
        if self.shared_last:
            return min(_MAX_PLAYERS, (self.deck_size - 1) // (self.hole - 1))
        return min(_MAX_PLAYERS, (self.deck_size - self.board * self.boards) // self.hole)

    def for_players(self, players: int) -> Game:
        """The game as dealt to `players` players: itself, or -- with
        ``shared_last`` when the deck runs short -- the same game with one
        card fewer per player and that card on a one-card board.

        >>> import handrank as hr
        >>> g = hr.get_game("stud").for_players(8)
        >>> g.hole, g.board
        (6, 1)
        """
        if not self.shared_last or players * self.hole <= self.deck_size:
            return self
        return self._shared_game

    def __reduce__(self) -> tuple:
        # A registered game (or the double-board form of one) pickles by name
        # and unpickles as the same object, compiled tables and all, so a
        # worker process compiles it once, not once per task; a custom game
        # pickles by its state.
        try:
            if get_game(self.name) is self:
                return get_game, (self.name,)
        except HandError:
            pass
        return copyreg.__newobj__, (type(self),), dict(vars(self))

    def double_board(self) -> Game:
        """The game with two boards: each player plays their hole cards with
        each board, and each board's pot is half the pot.  Named
        ``<name>-double-board`` (``get_game`` knows that name too).

        >>> import handrank as hr
        >>> g = hr.get_game("omaha").double_board()
        >>> g.name, g.boards, hr.get_game("omaha-double-board") is g
        ('omaha-double-board', 2, True)
        >>> hr.showdown(g, ["As Ad Kc Qd", "7h 8h 9c Tc"],
        ...             "Ah 2c 5d Jh 3s | 6h 7c 8d Kh Ks").tolist()
        [0.5, 0.5]
        """
        if self.boards == 2:
            return self
        return self._double

    @cached_property
    def _double(self) -> Game:
        if self.board == 0 or self.shared_last:
            raise HandError(f"{self.name} has no board: a double-board game deals two "
                            f"boards of shared cards")
        return Game(self.name + DOUBLE_SUFFIX, self.hole, self.board, deck=self.deck,
                    wild=self.wild, aliases=tuple(a + DOUBLE_SUFFIX for a in self.aliases),
                    summary=f"{self.name} with two boards, each for half the pot", boards=2,
                    halves=self.halves)

    @cached_property
    def _shared_game(self) -> Game:
        return Game(self.name, self.hole - 1, self.board + 1, deck=self.deck, wild=self.wild,
                    aliases=self.aliases, summary=self.summary, halves=self.halves)


_MAX_PLAYERS = 23
#: A game's double-board form is named with this suffix.
DOUBLE_SUFFIX = "-double-board"
#: Game's cached properties (left out of its pickles).
_CACHED = frozenset({"tables", "wild_setting", "_shared_game", "_double", "cards",
                     "deck_size", "max_players"})


def _check_game(g: Game) -> None:
    """Refuse a Game the core cannot deal or value (HandError naming the field)."""
    def bad(why: str) -> HandError:
        return HandError(f"game {g.name!r}: {why}")

    if not isinstance(g.name, str) or not g.name.strip():
        raise HandError(f"a game needs a name (a non-empty str); got {g.name!r}")
    for field_name, lo, hi, what in (("hole", 1, 7, "cards per player"),
                                     ("board", 0, 5, "shared cards")):
        v = getattr(g, field_name)
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
            raise bad(f"{field_name} must be an int; got {v!r}")
        if not lo <= v <= hi:
            raise bad(f"{field_name} must be {lo}..{hi} {what}; got {v}")
    if not isinstance(g.deck, Deck):
        if isinstance(g.deck, bool) or not isinstance(g.deck, (int, np.integer)):
            raise bad(f"deck must be 52, 53 or a Deck; got {g.deck!r}")
        if not 52 <= g.deck <= 53:
            raise bad(f"deck must be 52..53 cards in the deck (53: one joker), or a Deck; "
                      f"got {g.deck}")
    if not g.halves:
        raise bad("a game needs a high rule set, a low one, or both (or its halves)")
    if len(g.halves) > MAX_HALVES:
        raise bad(f"a game has 1..{MAX_HALVES} halves; got {len(g.halves)}")
    if not any(h.always_won or h.rescues for h in g.halves):
        what = ("a low-only game needs a low that always qualifies"
                if all(h.rule_set.low for h in g.halves) else "a pot needs a half that is always won")
        raise bad(f"{what} (some half without a qualifier, or one whose qualifier is waived "
                  f"when nobody qualifies: unqualified='ignore' under a rule set without a "
                  f"qualifier of its own); under {', '.join(h.rule_set.name for h in g.halves)} "
                  f"a pot could have no winner (give it a high half too)")
    try:
        ws = resolve_wild(g.wild)
    except HandError as e:
        raise bad(str(e)) from None
    cards = g.cards
    if cards.jokers and ws is None:
        raise bad("a deck with a joker needs a wild setting for it (wild='bug')")
    n = g.hole + g.board
    for h in g.halves:
        rs = h.rule_set
        if h.select == "omaha" and (g.hole < 2 or g.board < 3):
            raise bad(f"select='omaha' plays two hole cards and three board cards: it needs at "
                      f"least 2 hole and 3 board cards; got {g.hole} and {g.board}")
        if h.select == "any" and not 3 <= n <= 9:
            raise bad(f"select='any' plays the best hand of hole + board, which must be 3..9 "
                      f"cards (5..9 for five-card rules); got {n}")
        if not rs.deck.same_cards(cards):
            raise bad(f"rules {rs.name!r} rank {rs.deck.describe()}, but the game deals "
                      f"{cards.describe()}")
        if ws is not None and not rs.wild_ok:
            raise bad(f"wild cards are not supported under {rs.name} rules")
        if h.select == "omaha" and (rs.kind != "poker" or rs.cards != 5):
            raise bad(f"select='omaha' plays five-card poker hands; {rs.name} rules rank "
                      f"{rs.cards}-card hands")
        if h.select != "omaha" and n not in rs.hand_sizes:
            raise bad(f"{rs.name} rules rank hands of {rs.hand_sizes.start}.."
                      f"{rs.hand_sizes.stop - 1} cards; the game plays {n}")
        if ws is not None:
            try:
                ws.compiled_for(cards)
            except HandError as e:
                raise bad(str(e)) from None
        if _BUILTIN_ROWS:
            continue                # checked by tests, valued on first use
        try:
            h.qualifier_strength
        except HandError as e:
            raise bad(str(e)) from None
    if not isinstance(g.aliases, tuple) or not all(isinstance(a, str) for a in g.aliases):
        raise bad(f"aliases must be a tuple of str; got {g.aliases!r}")
    if g.shared_last and (g.board != 0 or g.select != "any" or g.hole < 6):
        raise bad("shared_last is stud's rule: a board-less game of 6 or more cards that "
                  "picks any five")
    if isinstance(g.boards, bool) or not isinstance(g.boards, (int, np.integer)) or \
            g.boards not in (1, 2):
        raise bad(f"boards must be 1 or 2 (a double-board game); got {g.boards!r}")
    if g.boards == 2 and (g.board == 0 or g.shared_last):
        raise bad("a double-board game deals two boards of shared cards: it needs board >= 1")
    if g.hole + g.board * g.boards > cards.size:
        raise bad(f"one player's {g.hole} cards and {g.boards * g.board} board cards do not "
                  f"fit in {cards.describe()}")


#: True while the built-in rows are made: their qualifiers are valued on first
#: use, not at import (tests/test_import_lazy.py checks them as custom ones).
_BUILTIN_ROWS = True

GAMES: tuple[Game, ...] = (
    Game("holdem", 2, 5, "any", "high", None, aliases=("hold'em", "texas-holdem", "nlhe"),
         summary="Texas hold'em: best five of two hole cards and five on the board"),
    Game("omaha", 4, 5, "omaha", "high", None, aliases=("plo", "omaha4"),
         summary="Omaha: exactly two of four hole cards and three of the board"),
    Game("omaha5", 5, 5, "omaha", "high", None, aliases=("plo5",),
         summary="five-card Omaha"),
    Game("omaha6", 6, 5, "omaha", "high", None, aliases=("plo6",),
         summary="six-card Omaha"),
    Game("omaha8", 4, 5, "omaha", "high", "ace-to-five-8",
         aliases=("omaha-hi-lo", "o8", "plo8"),
         summary="Omaha high-low: each half chosen separately, eight-or-better low"),
    Game("stud", 7, 0, "any", "high", None, aliases=("seven-card-stud",), shared_last=True,
         summary="seven-card stud: best five of seven (8 players: a shared last card)"),
    Game("stud8", 7, 0, "any", "high", "ace-to-five-8", aliases=("stud-hi-lo",),
         shared_last=True, summary="stud high-low, eight-or-better"),
    Game("razz", 7, 0, "any", None, "ace-to-five", shared_last=True,
         summary="seven-card stud for the lowest hand, ace-to-five"),
    Game("draw", 5, 0, "all", "high", None, aliases=("five-card-draw",),
         summary="five-card draw"),
    Game("draw-joker", 5, 0, "all", "high", None, deck=53, wild="bug",
         summary="five-card draw with a joker that plays as a bug"),
    Game("lowball", 5, 0, "all", None, "ace-to-five", deck=53, wild="bug",
         aliases=("california-lowball",),
         summary="ace-to-five lowball with a joker"),
    Game("2-7-draw", 5, 0, "all", None, "deuce-to-seven",
         aliases=("2-7-triple-draw", "deuce-to-seven-draw", "kansas-city-lowball"),
         summary="deuce-to-seven lowball"),
    Game("a6-draw", 5, 0, "all", None, "ace-to-six", aliases=("ace-to-six-draw",),
         summary="ace-to-six (London) lowball"),
    Game("short-deck", 2, 5, "any", "short-deck", None, deck=SHORT,
         aliases=("6+", "six-plus", "short-deck-holdem"),
         summary="hold'em from the 36-card deck: a flush beats a full house"),
    Game("holdem8", 2, 5, "any", "high", "ace-to-five-8", aliases=("holdem-hi-lo",),
         summary="hold'em high-low, eight-or-better, any five for each half"),
    Game("big-o", 5, 5, "omaha", "high", "ace-to-five-8", aliases=("omaha5-8", "plo5-8"),
         summary="five-card Omaha high-low, eight-or-better"),
    Game("omaha6-8", 6, 5, "omaha", "high", "ace-to-five-8", aliases=("plo6-8",),
         summary="six-card Omaha high-low, eight-or-better"),
    Game("courchevel", 5, 5, "omaha", "high", None,
         summary="five-card Omaha whose first board card is dealt with the hands "
                 "(the showdown is five-card Omaha's)"),
    Game("courchevel8", 5, 5, "omaha", "high", "ace-to-five-8", aliases=("courchevel-hi-lo",),
         summary="Courchevel high-low, eight-or-better"),
    Game("badugi", 4, 0, "all", None, "badugi",
         summary="four-card draw for the best badugi"),
    Game("badeucy", 5, 0, halves=(Half("deuce-to-seven", "all", name="deuce-to-seven"),
                                  Half("badugi-ace-high", "all", name="badugi")),
         aliases=("badeucey", "badeucy-triple-draw"),
         summary="five-card (triple) draw: half to the best deuce-to-seven low, half to the "
                 "best badugi of the five cards; aces high in both halves"),
    Game("badacey", 5, 0, halves=(Half("ace-to-five", "all"), Half("badugi", "all")),
         aliases=("badacy", "badacey-triple-draw"),
         summary="five-card (triple) draw: half to the best ace-to-five low, half to the "
                 "best badugi of the five cards; aces low in both halves"),
    Game("stud8-nines", 7, 0, shared_last=True,
         halves=(Half("high", qualifier="9c 9d 4h 3s 2c", unqualified="ignore"),
                 Half("ace-to-five-8")),
         summary="a house variant of stud high-low: the high needs a pair of nines or better, "
                 "the low eight-or-better; a half nobody qualifies for goes to the other, and "
                 "with neither the best high hand takes the pot"),
)
_BUILTIN_ROWS = False

GAME_BY_NAME: dict[str, Game] = {}
for _g in GAMES:
    for _n in (_g.name, *_g.aliases):
        assert _n not in GAME_BY_NAME, _n
        GAME_BY_NAME[_n] = _g


def register_game(game: Game, *, replace: bool = False) -> Game:
    """Add a custom :class:`Game` to the registry: ``get_game``, ``showdown``,
    ``equity`` and the CLI then know it by its name and aliases.

    A name already taken is an error unless ``replace=True`` (which drops the
    old game's names).  Returns the game.

    >>> import handrank as hr
    >>> g = hr.register_game(hr.Game("pineapple-hi", hole=3, board=5, select="any",
    ...                              high="high", low=None), replace=True)
    >>> hr.get_game("pineapple-hi") is g
    True
    """
    if not isinstance(game, Game):
        raise HandError(f"register_game takes a Game; got {type(game).__name__}")
    names = [n.strip().lower() for n in (game.name, *game.aliases)]
    taken = [n for n in names if n in GAME_BY_NAME]
    if taken and not replace:
        raise HandError(f"game name {taken[0]!r} is taken; pass replace=True to replace it")
    for n in taken:
        old = GAME_BY_NAME[n]
        for m in (old.name, *old.aliases):
            GAME_BY_NAME.pop(m.strip().lower(), None)
    for n in names:
        GAME_BY_NAME[n] = game
    return game


def get_game(game: str | Game) -> Game:
    """The game called ``game`` (name or alias), or a HandError listing the games."""
    if isinstance(game, Game):
        return game
    key = str(game).strip().lower() if isinstance(game, str) else None
    g = GAME_BY_NAME.get(key) if key is not None else None
    if g is None and key is not None and key.endswith(DOUBLE_SUFFIX):
        base = GAME_BY_NAME.get(key[:-len(DOUBLE_SUFFIX)])
        if base is not None and base.board and not base.shared_last:
            g = base.double_board()
    if g is None:
        shown = game if not isinstance(game, str) or len(game) <= 40 else game[:40] + "..."
        names = sorted({v.name for v in GAME_BY_NAME.values()}, key=_game_order)
        raise HandError(f"unknown game {shown!r}; valid: {', '.join(names)} (and, for a "
                        f"game with a board, its double-board form: '<game>{DOUBLE_SUFFIX}')")
    return g


def _game_order(name: str) -> tuple:
    presets = [g.name for g in GAMES]
    return (presets.index(name) if name in presets else len(presets), name)


def game_hint(name: str) -> str:
    """For a game's name passed as rules=: which rule set(s) that game uses
    (the upcall ``game_hint`` of the rule sets, base._interface)."""
    try:
        g = get_game(name)
    except Exception:                      # not a game either: no hint
        return ""
    halves = [f"{h.rules!r}" + (f" ({h.name} half)" if h.name != h.rules or h.name == "high"
                                else "") for h in g.halves]
    if len(halves) == 1:
        which, use = f"whose rule set is {g.halves[0].rules!r}", "pass that"
    else:
        which = (f"whose rule sets are {', '.join(halves[:-1])} and {halves[-1]}")
        use = "pass any of them" if len(halves) > 2 else "pass either"
    return (f" ({g.name!r} is a game {which}: {use} to rules=, or pass the game "
            f"to showdown or equity)")

