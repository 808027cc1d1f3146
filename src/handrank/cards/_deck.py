"""Decks: which cards exist, apart from which are wild.

A :class:`Deck` names the ranks it holds (all four suits of each) and how
many jokers a game deals from it.  Evaluation compiles it together with a
wild setting into the card entries the C loops read
(:meth:`Deck.compiled`), once per (deck, wild setting); a card that is not in
the deck is an error there, with a message that says so ("card 3c is not in
the short deck (6 to A)").
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .. import _core
from ._cards import MASK_BITS, RANK_CHARS
from ..base import HandError

__all__ = ["Deck", "STANDARD", "SHORT", "DECKS", "unpickle_deck"]


@dataclass(frozen=True, eq=False)
class Deck:
    """A deck of cards: the ranks it holds, in four suits, and its jokers.

    Attributes
    ----------
    name
        What messages call it: ``"standard"``, ``"short"``.
    ranks
        The rank characters it holds, lowest first: ``"23456789TJQKA"`` for
        the standard deck, ``"6789TJQKA"`` for the short (six-plus) deck.
    jokers
        Jokers a game deals with it (0, 1 or 2); evaluation allows jokers
        only under a ``wild=`` setting, whatever the deck.

    >>> import handrank as hr
    >>> hr.SHORT_DECK.size, hr.SHORT_DECK.describe()
    (36, 'the short deck (6 to A)')
    """

    name: str
    ranks: str = RANK_CHARS
    jokers: int = 0
    _compiled: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.ranks, str) or not self.ranks or \
                any(ch not in RANK_CHARS for ch in self.ranks) or \
                len(set(self.ranks)) != len(self.ranks) or \
                list(self.ranks) != sorted(self.ranks, key=RANK_CHARS.index):
            raise HandError(f"deck {self.name!r}: ranks must be distinct rank characters "
                            f"from {RANK_CHARS!r}, lowest first; got {self.ranks!r}")
        if len(self.ranks) < 5:
            raise HandError(f"deck {self.name!r}: a deck needs at least five ranks")
        if isinstance(self.jokers, bool) or self.jokers not in (0, 1, 2):
            raise HandError(f"deck {self.name!r}: jokers must be 0, 1 or 2; got {self.jokers!r}")

    @cached_property
    def rank_bits(self) -> int:
        """Bit r set for each rank r (0 = deuce .. 12 = ace) in the deck."""
        return sum(1 << RANK_CHARS.index(ch) for ch in self.ranks)

    @property
    def codes(self) -> list[int]:
        """The card codes of the deck, ascending (jokers 52, 53 last)."""
        return list(self.code_bytes)

    @cached_property
    def code_bytes(self) -> bytes:
        """The card codes of the deck, ascending, as bytes."""
        bits = self.rank_bits
        return bytes([c for c in range(52) if bits >> (c >> 2) & 1] + [52, 53][:self.jokers])

    @cached_property
    def code_mask(self) -> int:
        """Bit c set for each card code c of the deck (jokers included)."""
        return sum(1 << c for c in self.code_bytes)

    @cached_property
    def mask(self) -> int:
        """The cards of the deck as a mask (bit ``16*suit + rank``; jokers
        bits 13 and 29), as :func:`handrank.to_mask` writes hands."""
        return sum(MASK_BITS[c] for c in self.code_bytes)

    @property
    def size(self) -> int:
        """Cards in the deck, jokers included."""
        return 4 * len(self.ranks) + self.jokers

    def holds(self, code: int) -> bool:
        """Whether a natural card code 0..51 is in the deck."""
        return 0 <= code < 52 and bool(self.rank_bits >> (code >> 2) & 1)

    def describe(self) -> str:
        """``"the standard deck"`` or ``"the short deck (6 to A)"``."""
        if self.ranks == RANK_CHARS:
            return f"the {self.name} deck"
        return f"the {self.name} deck ({self.ranks[0]} to {self.ranks[-1]})"

    def with_jokers(self, jokers: int) -> Deck:
        """The same ranks with `jokers` jokers (for a game's deck)."""
        return self if jokers == self.jokers else Deck(self.name, self.ranks, jokers)

    def same_cards(self, other: Deck) -> bool:
        """Whether two decks hold the same natural cards."""
        return self.ranks == other.ranks

    def compiled(self, wild: Any) -> _core.CompiledDeck:
        """The card entries of this deck under a wild setting (None: no wild
        cards), compiled once per (deck ranks, setting) and kept on the
        deck: at most one per wild setting ever used with it, and a setting
        keeps its own when it is one of many (a
        :class:`~handrank.cards._wild.WildSetting`, which compiles itself for a
        deck: :meth:`~handrank.cards._wild.WildSetting.compiled_for`)."""
        if wild is not None:
            return wild.compiled_for(self)
        c = self._compiled.get(None)
        if c is None:
            c = self._compiled[None] = _core.CompiledDeck(self.rank_bits, 0, False, False)
        return c

    def __reduce__(self) -> tuple:
        # The named decks unpickle as themselves; others by their fields (the
        # compiled entries are rebuilt on use).
        if DECKS.get(self.name) is self:
            return unpickle_deck, (self.name,)
        return Deck, (self.name, self.ranks, self.jokers)

    def __repr__(self) -> str:
        return f"Deck({self.name!r}, {self.ranks!r}" + (f", jokers={self.jokers})"
                                                       if self.jokers else ")")


#: The 52-card deck.
STANDARD = Deck("standard")
#: The 36-card short (six-plus) deck: 6 to A.
SHORT = Deck("short", "6789TJQKA")
#: Decks by name.
DECKS = {d.name: d for d in (STANDARD, SHORT)}


def unpickle_deck(name: str) -> Deck:
    """Unpickle a named deck: the registered object itself (pickled as
    ``handrank._unpickle_deck``: handrank/__init__.py)."""
    return DECKS[name]


_named_deck = unpickle_deck          # the name older pickles give it: they still load
