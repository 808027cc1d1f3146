"""Games: the presets, Omaha, showdowns, and the stud helpers.

Every game is one :class:`Game` row in ``GAMES``: how many cards each player
holds, how many are shared, the halves the pot is split between (each a
:class:`Half`: a rule set, how its hand is chosen, an optional qualifier),
and the deck.  Adding a game is adding a row.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

import numpy as np

from . import _core
from ._api import _out_array, as_hands, evaluate, resolve_threads, row_problem
from ._cards import format as format_cards
from ._input import card_array, card_list
from ._deck import SHORT, STANDARD, Deck
from ._rules import RuleSet, get_rules
from ._slices import first_bad_row
from ._types import HandError
from ._wild import WildSetting, resolve_wild

__all__ = ["Game", "Half", "GAMES", "get_game", "register_game", "evaluate_omaha", "showdown", "winners",
           "game_strengths", "upcard_strength", "first_to_act", "bring_in"]


_SELECTS = ("any", "omaha", "all")
#: The most halves a pot is split between (the C core's HR_MAX_HALVES).
MAX_HALVES = 4


@dataclass(frozen=True)
class Half:
    """One part of a game's pot: who wins it and how hands are chosen for it.

    Attributes
    ----------
    rules
        The rule set that ranks the hands competing for this half (a name
        or alias; stored as the canonical name).
    select
        ``"any"``: the best hand of hole + board; ``"omaha"``: exactly two
        hole cards and three board cards; ``"all"``: every card held (hole
        + board must be a hand size of the rule set).
    qualifier
        For a five-card low rule set: the highest card a hand may hold to
        win this half (``8`` for eight-or-better; 2..14, 14 the ace), on top
        of the rule set's own qualifier.  None: the rule set's own qualifier
        only.  A half nobody qualifies for goes to the other halves.
    name
        What results call this half: by default ``"high"`` (a rule set where
        higher hands win) or ``"low"``; when two halves would share a
        default name, each of them is named by its rule set instead.

    Examples
    --------
    >>> import handrank as hr
    >>> hr.Half("ace-to-five", "omaha", qualifier=9)
    Half(rules='ace-to-five', select='omaha', qualifier=9, name='low')
    """

    rules: str
    select: Literal["any", "omaha", "all"] = "any"
    qualifier: int | None = None
    name: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.rules, (str, RuleSet)):
            raise HandError(f"a half's rules must be a rule-set name; got {self.rules!r}")
        rs = get_rules(self.rules)
        object.__setattr__(self, "rules", rs.name)
        if self.select not in _SELECTS:
            raise HandError(f"a half's select must be one of {', '.join(map(repr, _SELECTS))}; "
                            f"got {self.select!r}")
        q = self.qualifier
        if q is not None:
            if isinstance(q, bool) or not isinstance(q, (int, np.integer)) or not 2 <= q <= 14:
                raise HandError(f"a half's qualifier is the highest card a qualifying low may "
                                f"hold, 2..14 (14: the ace); got {q!r}")
            if not rs.low or rs.kind != "poker" or rs.partial or rs.cards != 5:
                raise HandError(f"a qualifier applies to a five-card low rule set's half; "
                                f"got rules {rs.name!r}")
            object.__setattr__(self, "qualifier", int(q))
        if not isinstance(self.name, str):
            raise HandError(f"a half's name must be a str; got {self.name!r}")
        if not self.name:
            object.__setattr__(self, "name", "low" if rs.low else "high")

    @property
    def rule_set(self) -> RuleSet:
        """The rule set of this half."""
        return get_rules(self.rules)

    @property
    def qualifier_strength(self) -> int | None:
        """The lowest strength that wins this half under its own qualifier,
        or None when it has none."""
        if self.qualifier is None:
            return None
        rank = self.qualifier - 2 if self.qualifier < 14 else 12
        q = _core.qualifier_strength(self.rule_set.tables, rank)
        if q < 0:
            raise HandError(f"qualifier {self.qualifier} under {self.rules}: no hand, or "
                            f"not only the best hands, would qualify")
        return q

    @property
    def always_won(self) -> bool:
        """Whether some hand always wins this half (no qualifier applies)."""
        return self.qualifier is None and not self.rule_set.qualifier


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
        hs = tuple(Half(h.rules, h.select, h.qualifier, h.rules)
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
        half).  A game with both splits the pot; with one, that rule set takes
        it all.  They are shorthand for ``halves``: ``Half(high, select)``
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
    badugi pot:

    >>> g = hr.Game("my-badeucy", hole=5, board=0, halves=(
    ...     hr.Half("deuce-to-seven", "all"), hr.Half("badugi", "all")))
    >>> g.half_names
    ('deuce-to-seven', 'badugi')
    >>> hr.showdown(g, ["7h 5d 4c 3s 2h", "As 2c 3d 4h Kh"]).tolist()
    [0.5, 0.5]
    >>> hr.Game("bad", hole=2, board=6, select="any", high="high", low=None)
    Traceback (most recent call last):
    ...
    handrank._types.HandError: game 'bad': board must be 0..5 shared cards; got 6
    """

    name: str
    hole: int
    board: int
    select: Literal["any", "omaha", "all"] | None = None
    high: str | None = None
    low: str | None = None
    deck: int | Deck = 52
    wild: str | None = None
    aliases: tuple[str, ...] = ()
    shared_last: bool = False
    summary: str = field(default="", compare=False)
    boards: int = 1
    halves: tuple[Half, ...] = ()

    def __post_init__(self) -> None:
        given = (self.select, self.high, self.low)
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
        halves = [(h.rule_set.tables, 1 if h.select == "omaha" else 0, h.qualifier_strength)
                  for h in self.halves]
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
    if not any(h.always_won for h in g.halves):
        raise bad(f"a low-only game needs a low that always qualifies (some half without a "
                  f"qualifier); under {', '.join(h.rules for h in g.halves)} a pot could have "
                  f"no winner (give it a high half too)")
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
    Game("badeucy", 5, 0, halves=(Half("deuce-to-seven", "all"), Half("badugi", "all")),
         aliases=("badeucey", "badeucy-triple-draw"),
         summary="five-card (triple) draw: half to the best deuce-to-seven low, half to the "
                 "best badugi of the five cards"),
    Game("badacey", 5, 0, halves=(Half("ace-to-five", "all"), Half("badugi", "all")),
         aliases=("badacy", "badacey-triple-draw"),
         summary="five-card (triple) draw: half to the best ace-to-five low, half to the "
                 "best badugi of the five cards"),
)

_GAME_BY_NAME: dict[str, Game] = {}
for _g in GAMES:
    for _n in (_g.name, *_g.aliases):
        assert _n not in _GAME_BY_NAME, _n
        _GAME_BY_NAME[_n] = _g


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
    taken = [n for n in names if n in _GAME_BY_NAME]
    if taken and not replace:
        raise HandError(f"game name {taken[0]!r} is taken; pass replace=True to replace it")
    for n in taken:
        old = _GAME_BY_NAME[n]
        for m in (old.name, *old.aliases):
            _GAME_BY_NAME.pop(m.strip().lower(), None)
    for n in names:
        _GAME_BY_NAME[n] = game
    return game


def get_game(game: str | Game) -> Game:
    """The game called ``game`` (name or alias), or a HandError listing the games."""
    if isinstance(game, Game):
        return game
    key = str(game).strip().lower() if isinstance(game, str) else None
    g = _GAME_BY_NAME.get(key) if key is not None else None
    if g is None and key is not None and key.endswith(DOUBLE_SUFFIX):
        base = _GAME_BY_NAME.get(key[:-len(DOUBLE_SUFFIX)])
        if base is not None and base.board and not base.shared_last:
            g = base.double_board()
    if g is None:
        shown = game if not isinstance(game, str) or len(game) <= 40 else game[:40] + "..."
        names = sorted({v.name for v in _GAME_BY_NAME.values()}, key=_game_order)
        raise HandError(f"unknown game {shown!r}; valid: {', '.join(names)} (and, for a "
                        f"game with a board, its double-board form: '<game>{DOUBLE_SUFFIX}')")
    return g


def _game_order(name: str) -> tuple:
    presets = [g.name for g in GAMES]
    return (presets.index(name) if name in presets else len(presets), name)


# --------------------------------------------------------------------- input

def _cards_1d(cards: Any, what: str) -> np.ndarray:
    """uint8 codes of one list of cards (None: no cards)."""
    return np.array(card_list(cards, what), dtype=np.uint8)


def board_lists(g: Game, board: Any, *, unknown: bool = False) -> list[list[int]]:
    """The codes of each of a game's boards: one list, or two for a
    double-board game, given as ``"Ah Kd 7c | 2c 3c 4c"`` or as a pair
    ``[board 1, board 2]`` (each text or codes; None or ``""``: no cards)."""
    if g.boards == 1:
        if isinstance(board, str) and "|" in board:
            has = (f"one board (its double-board form is '{g.name}{DOUBLE_SUFFIX}')"
                   if g.board else "no board")
            raise HandError(f"board: '|' separates the two boards of a double-board game; "
                            f"{g.name} has {has}")
        return [card_list(board, "board", unknown=unknown, limit=5)]
    if board is None or (isinstance(board, str) and not board.strip()):
        parts: list[Any] = [None, None]
    elif isinstance(board, str):
        parts = board.split("|")
    elif isinstance(board, np.ndarray) and board.ndim == 1:
        parts = [board]                                  # codes: one board, refused below
    else:
        try:
            parts = list(board)
        except TypeError:
            parts = [board]
    if len(parts) != 2:
        raise HandError(f"{g.name} deals two boards: give them as text with '|' between "
                        f"them ('Ah Kd 7c | 2c 3c 4c') or as a pair [board 1, board 2]; "
                        f"got {len(parts)} board{'s' if len(parts) != 1 else ''}")
    return [card_list(b, f"board {i + 1}", unknown=unknown, limit=5)
            for i, b in enumerate(parts)]


def _deal_arrays(g: Game, hands: Any, board: Any) -> tuple[Game, np.ndarray, np.ndarray, bool]:
    """(game as dealt to that many players, holes (N, P, hole), boards (N,
    boards x board), single), the arrays C-contiguous uint8.  A batch of
    double-board deals gives its boards as an (N, 2, board) array."""
    arr = None
    if isinstance(hands, np.ndarray) and hands.ndim == 3:
        arr = hands
    elif not isinstance(hands, (str, np.ndarray)) and hands is not None:
        try:
            probe = np.asarray(hands)
            if probe.ndim == 3 and probe.dtype.kind in "iu":
                arr = probe
        except ValueError:
            pass
    if arr is not None:                                     # batched deals
        if arr.dtype.kind not in "iu":
            raise HandError(f"hands must be integer codes; got dtype {arr.dtype}")
        g = g.for_players(arr.shape[1])
        if arr.shape[2] != g.hole:
            raise HandError(f"{g.name}: each player holds {g.hole} cards; hands have "
                            f"shape {arr.shape} (deals, players, cards)")
        b = np.zeros((arr.shape[0], 0), dtype=np.uint8) if board is None else np.asarray(board)
        want = (arr.shape[0], g.board) if g.boards == 1 else (arr.shape[0], 2, g.board)
        what = "the board" if g.boards == 1 else "the boards"
        if b.shape != want:
            raise HandError(f"{g.name}: {what} must be an {want} integer array for "
                            f"{arr.shape[0]} deals; got shape {b.shape}")
        if b.size and b.dtype.kind not in "iu":
            raise HandError(f"{g.name}: {what} must be integer card codes; got dtype "
                            f"{b.dtype} (the shape {b.shape} is right)")
        b = b.reshape(arr.shape[0], g.board * g.boards)
        # uint8 codes go to the C loop unscanned: it refuses every deal holding
        # a code off the deck, and _run_showdown then names the problem as
        # card_array would have (_bad_deal)
        holes = np.ascontiguousarray(arr) if arr.dtype == np.uint8 else \
            card_array(arr, "hands", "deal")
        boards = np.ascontiguousarray(b) if b.dtype == np.uint8 else \
            card_array(b, "board", "deal")
        return g, holes, boards, False
    if isinstance(hands, str) or hands is None:
        raise HandError("hands must be a list with one hand per player")
    players = [_cards_1d(h, f"player {i}") for i, h in enumerate(hands)]
    if len(players) < 1:
        raise HandError("a showdown needs at least one player")
    full = g
    g = g.for_players(len(players))
    shared = " (with this many players the last card is shared: give it as the board)" \
        if g is not full else ""
    for i, p in enumerate(players):
        if len(p) != g.hole:
            raise HandError(f"{g.name}: each player holds {g.hole} cards{shared}; player {i} "
                            f"has {len(p)} ({format_cards(p)!r})")
    parts = board_lists(g, board)
    for i, part in enumerate(parts):
        if len(part) != g.board:
            which = "the board" if g.boards == 1 else f"board {i + 1}"
            raise HandError(f"{g.name}: {which} has {g.board} cards at showdown{shared}; "
                            f"got {len(part)}")
    b = np.array([c for part in parts for c in part], dtype=np.uint8)
    holes = np.ascontiguousarray(np.stack(players)[None, :, :], dtype=np.uint8)
    return g, holes, np.ascontiguousarray(b[None, :], dtype=np.uint8), True


def _deal_problem(g: Game, holes: np.ndarray, board: np.ndarray) -> str:
    cards = np.concatenate([board, holes.ravel()])
    return row_problem(cards, jokers_ok=g.wild is not None, deck=g.cards)


def _bad_deal(g: Game, holes: np.ndarray, boards: np.ndarray, bad: int) -> HandError:
    """The error for a batch whose first bad deal is ``bad``: a code out of
    range anywhere (hands first, then boards; as card_array says it), else
    what is wrong with that deal."""
    card_array(holes, "hands", "deal")
    card_array(boards, "board", "deal")
    where = "" if len(holes) == 1 else f"deal {bad}: "
    return HandError(f"{g.name}: {where}{_deal_problem(g, holes[bad], boards[bad])}")


def _run_showdown(g: Game, holes: np.ndarray, boards: np.ndarray, threads: int | None,
                  shares: bool = True, strengths: bool = True):
    """(shares (N, players) or None, strengths (halves, N, players[, boards])
    or None): the C loop writes only what is asked for."""
    n, players = holes.shape[0], holes.shape[1]
    if not 1 <= players <= g.max_players:
        raise HandError(f"{g.name}: {players} players; this game deals to 1..{g.max_players}")
    sh = np.empty((n, players), dtype=np.float64) if shares else None
    st = np.empty((len(g.halves), n, players * g.boards), dtype=np.int16) if strengths else None
    t = resolve_threads(threads, n)
    run = g.tables.showdown
    bad = first_bad_row(lambda a, b: run(holes[a:b], boards[a:b],
                                         None if sh is None else sh[a:b], st, a, t),
                        n, first=4096 * t)
    if bad >= 0:
        raise _bad_deal(g, holes, boards, bad)
    if st is not None and g.boards > 1:
        st = st.reshape(len(g.halves), n, players, g.boards)
    return sh, st


def _by_name(g: Game, st: np.ndarray) -> tuple[np.ndarray, ...]:
    """The strengths of each of ``g.half_names`` (a half the game lacks: -1)."""
    out = []
    for name in g.half_names:
        i = g.half_index(name)
        out.append(st[i] if i is not None else np.full(st.shape[1:], -1, dtype=np.int16))
    return tuple(out)


# ----------------------------------------------------------------- the API

def evaluate_omaha(hole: Any, board: Any, rules: str = "high", wild: Any = None, *,
                   out: np.ndarray | None = None, threads: int | None = None) -> Any:
    """Strength of the best Omaha five: exactly two hole cards and three board cards.

    Parameters
    ----------
    hole
        4, 5 or 6 hole cards (text or codes), or an ``(N, h)`` integer array.
    board
        3, 4 or 5 board cards, or an ``(N, b)`` array (one board per hand).
    rules, wild, out, threads
        As for :func:`handrank.evaluate`; Omaha-8's low is ``rules="ace-to-five-8"``.

    Examples
    --------
    >>> import handrank as hr
    >>> hr.describe(hr.evaluate_omaha("Ah Kh Qh Jh", "2c 3d 9h 8h 7h"))   # Ah Kh + 9h 8h 7h
    'Ace-high flush'
    >>> hr.describe(hr.evaluate_omaha("Ah Kc Qd Js", "2h 3h 9h 8h 7h"))   # no two hole hearts
    'Ace-high'
    >>> hr.evaluate_omaha("Ah Kh Qh Jh", "2c 3d 9h 8h 7h")
    7031
    >>> hr.describe(hr.evaluate_omaha("Ah Kh 2c 3d", "Qh Jh Th 4s 4d"))
    'Royal flush'
    """
    rs = get_rules(rules)
    ws = resolve_wild(wild)
    h, single_h = as_hands(hole)
    barr = None if isinstance(board, str) or board is None else np.asarray(board)
    if barr is not None and barr.ndim == 2:
        b = card_array(barr, "board")
    elif barr is not None and barr.ndim != 1:
        raise HandError(f"board must be cards (text or a 1-D sequence) or an (N, b) array; "
                        f"got shape {barr.shape}")
    else:
        b = _cards_1d(board, "board")[None, :]
        b = np.repeat(b, len(h), axis=0) if not single_h else b
    if not 4 <= h.shape[1] <= 6:
        raise HandError(f"Omaha hole cards are 4, 5 or 6 per hand; got {h.shape[1]}")
    if not 3 <= b.shape[1] <= 5:
        raise HandError(f"an Omaha board has 3, 4 or 5 cards; got {b.shape[1]}")
    if len(b) != len(h):
        raise HandError(f"{len(h)} hands but {len(b)} boards; give one board per hand")
    b = np.ascontiguousarray(b, dtype=np.uint8)
    tables = _omaha_tables(rs, h.shape[1], b.shape[1], ws)
    n = len(h)
    res = _out_array(out, n, h, b)
    t = resolve_threads(threads, n)
    bad = first_bad_row(lambda x, y: tables.omaha(h[x:y], b[x:y], res[x:y], t), n,
                        first=4096 * t)
    if bad >= 0:
        where = "" if single_h else f"row {bad}: "
        problem = row_problem(np.concatenate([h[bad], b[bad]]), jokers_ok=ws is not None,
                              deck=rs.deck)
        raise HandError(f"{where}hole and board: {problem}")
    if out is not None and res is not out:
        out[...] = res
        res = out
    return int(res[0]) if single_h else res


_OMAHA_PLAIN: dict[tuple, _core.GameTables] = {}


def _omaha_tables(rs: RuleSet, hole: int, board: int, ws: WildSetting | None) -> _core.GameTables:
    """The compiled Omaha shape.  Tables for a wild setting live on that
    setting (so they go when it goes, and a freed setting's tables can never
    be found under a reused key); without wild cards a module dict holds the
    at most 5 x 3 x 3 shapes."""
    key = (rs.name, hole, board)
    cache = _OMAHA_PLAIN if ws is None else ws.games
    t = cache.get(key)
    if t is None:
        if rs.kind != "poker" or rs.cards != 5:
            raise HandError(f"Omaha plays five-card poker hands; {rs.name} rules rank "
                            f"{rs.cards}-card hands")
        if ws is not None and not rs.wild_ok:
            raise HandError(f"wild cards are not supported under {rs.name} rules")
        t = _core.GameTables(hole, board, [(rs.tables, 1, None)], rs.deck.compiled(ws))
        cache[key] = t
    return t


def showdown(game: str | Game, hands: Any, board: Any = None, *,
             threads: int | None = None) -> np.ndarray:
    """Each player's share of the pot at showdown (float64, sums to 1).

    In a split game the high and the low each take half; tied hands share
    their half; with no qualifying low the high takes the whole pot.  In a
    double-board game each board is such a pot, worth half the pot.

    Parameters
    ----------
    game
        A game name (``holdem``, ``omaha``, ``omaha8``, ``stud``, ``razz``,
        ``draw``, ... -- ``hr.GAMES``, or ``<game>-double-board``), or a
        :class:`Game`.
    hands
        One hand per player (text or codes), or an ``(N, players, hole)``
        integer array of N deals.
    board
        The board (text or codes; ``None`` for games without one), or an
        ``(N, board)`` array for N deals.  A double-board game takes two
        boards: ``"Ah 7d Jc Ts 3s | 2c 3c 4c 5c 6c"``, a pair ``[board 1,
        board 2]``, or an ``(N, 2, board)`` array.

    Returns
    -------
    numpy.ndarray
        ``(players,)`` shares, or ``(N, players)`` for N deals.

    Examples
    --------
    >>> import handrank as hr
    >>> hr.showdown("holdem", ["As Ks", "Qd Qc"], board="Ah 7d Jc Ts 3s").tolist()
    [1.0, 0.0]
    >>> hr.showdown("omaha8", ["Ah 2h 3s 4d", "Ks Kd 9c 9h"], "5h 6h 7c Jd Qs").tolist()
    [1.0, 0.0]
    """
    g, holes, boards, single = _deal_arrays(get_game(game), hands, board)
    shares, _ = _run_showdown(g, holes, boards, threads, strengths=False)
    return shares[0] if single else shares


def game_strengths(game: str | Game, hands: Any, board: Any = None, *,
                   threads: int | None = None) -> tuple[np.ndarray, ...]:
    """The strengths of each player's best hand for each half of the pot.

    A tuple with one array per name of ``g.half_names``: ``(high, low)``
    for the usual games, each int16 ``(players,)`` (or ``(N, players)``);
    -1 where the game has no such half or the hand does not qualify.
    Under ``omaha8`` and ``stud8`` each half picks its own five cards.  A
    double-board game adds a last axis of length 2: the strength with each
    board.  Games of other halves (badeucy: ``("deuce-to-seven",
    "badugi")``) give one array per half, in order.

    >>> import handrank as hr
    >>> hi, lo = hr.game_strengths("omaha8", ["Ah 2h 3s Kd", "Ks Qd 9c 9h"],
    ...                            "4h 5h 6c Jd 8s")
    >>> [hr.describe(int(s)) for s in hi], hr.describe(int(lo[0]), "a5-8"), int(lo[1])
    (['Six-high straight', 'One pair, nines'], 'Six-five low', -1)
    """
    g, holes, boards, single = _deal_arrays(get_game(game), hands, board)
    _, st = _run_showdown(g, holes, boards, threads, shares=False)
    halves = _by_name(g, st)
    return tuple(h[0] for h in halves) if single else halves


def winners(game: str | Game, hands: Any, board: Any = None) -> Any:
    """The winners of each half of one deal: player indices, ties included.

    A tuple with one list per name of ``g.half_names`` -- ``(high winners,
    low winners)`` for the usual games; a list is empty when the game has
    no such half or nobody qualifies.  A double-board game gives one such
    tuple per board.

    >>> import handrank as hr
    >>> hr.winners("omaha8", ["Ah 2h 3s 4d", "Ks Kd 9c 9h"], "5h 6h 7c Jd Qs")
    ([0], [0])
    >>> hr.winners("holdem-double-board", ["As Ks", "Qd Qc"], "Ah 7d Jc Ts 3s | 2h 7c 8c 9d 4s")
    [([0], []), ([1], [])]
    """
    g = get_game(game)
    halves = game_strengths(g, hands, board)
    if halves[0].ndim != (1 if g.boards == 1 else 2):
        raise HandError("winners() takes one deal; use showdown() for batches")
    if g.boards == 1:
        return _winners_of(halves)
    return [_winners_of([h[:, k] for h in halves]) for k in range(g.boards)]


def _winners_of(halves) -> tuple[list[int], ...]:
    return tuple([int(i) for i in np.flatnonzero(s == s.max())] if s.max() >= 0 else []
                 for s in halves)


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
    codes = _cards_1d(cards, "upcards").tolist()
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
        c = _cards_1d(u, f"player {i}").tolist()
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
