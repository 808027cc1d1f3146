"""Wild-card settings (``wild=``).

``None``: no wild cards, a joker is an error.  ``"bug"``: jokers are bugs (an
ace, or any card that completes a straight, flush or straight flush; fully
wild under low rules).  ``"jokers"``: jokers are fully wild.  Cards or ranks,
as text (``"2"``, ``"Js Jh"``, ``"2 Jk"``) or codes: those cards are fully wild,
and so are jokers.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from .. import _core
from ._cards import NCODES, RANK_CHARS, card_name, parse_codes
from ._deck import STANDARD, Deck
from ..base import HandError

__all__ = ["resolve_wild", "WildSetting"]


class WildSetting:
    """A parsed ``wild=`` value: which cards are wild and whether jokers are
    bugs.  It compiles itself for each deck it is used with
    (:meth:`compiled_for`) and keeps those, and the compiled Omaha shapes
    under it (``games``), on itself: they go when it goes."""

    __slots__ = ("cards", "bug", "text", "games", "_decks")

    def __init__(self, cards: frozenset[int], bug: bool, text: str):
        self.cards = cards                      # designated wild codes (< 52)
        self.bug = bug
        self.text = text
        self.games: dict = {}                   # compiled Omaha shapes under this setting
        self._decks: dict = {}                  # deck ranks -> _core.CompiledDeck

    @property
    def bits(self) -> int:
        """Bit c for each designated wild code c."""
        bits = 0
        for c in self.cards:
            bits |= 1 << c
        return bits

    def compiled_for(self, deck: Deck) -> _core.CompiledDeck:
        """This setting compiled for a deck: designated wild cards must be in it."""
        c = self._decks.get(deck.ranks)
        if c is None:
            off = sorted(x for x in self.cards if not deck.holds(x))
            if off:
                raise HandError(f"wild={self.text!r}: {card_name(off[0])} is not in "
                                f"{deck.describe()}")
            c = self._decks[deck.ranks] = _core.CompiledDeck(deck.rank_bits, self.bits, True,
                                                             self.bug)
        return c

    @property
    def wild_bits(self) -> int:
        """Mask bits of every wild card (jokers included)."""
        return self.compiled_for(STANDARD).wild_bits

    def __reduce__(self) -> tuple:
        # by its definition: the compiled decks and games are rebuilt on use
        # where it is unpickled (another process has its own)
        return WildSetting, (self.cards, self.bug, self.text)

    def __repr__(self) -> str:
        return f"WildSetting({self.text!r})"


@lru_cache(maxsize=256)
def _from_text(text: str) -> WildSetting:
    word = text.strip().lower()
    if word == "bug":
        return WildSetting(frozenset(), True, "bug")
    if word in ("jokers", "joker"):
        return WildSetting(frozenset(), False, "jokers")
    cards: set[int] = set()
    pos = 0
    for token in text.replace(",", " ").split(" "):
        if token:
            rank = 8 if token == "10" else RANK_CHARS.find(token.upper()) if len(token) == 1 else -1
            if rank >= 0:
                cards.update(4 * rank + s for s in range(4))
            else:
                try:
                    codes = parse_codes(token)
                except HandError:
                    raise HandError(
                        f"wild={text!r}: cannot read {token!r} at position {pos}; expected "
                        "'bug', 'jokers', ranks such as '2' or cards such as 'Js Jh'") from None
                cards.update(c for c in codes if c < 52)
        pos += len(token) + 1
    return WildSetting(frozenset(cards), False, text)


@lru_cache(maxsize=256)
def _from_codes(codes: tuple[int, ...]) -> WildSetting:
    for c in codes:
        if not 0 <= c < NCODES:
            raise HandError(f"wild card code {c} is out of range 0..{NCODES - 1}")
    cards = frozenset(c for c in codes if c < 52)
    return WildSetting(cards, False, " ".join(card_name(c) for c in sorted(codes)))


def resolve_wild(wild: Any) -> WildSetting | None:
    """The setting for a ``wild=`` argument (None for no wild cards)."""
    if wild is None:
        return None
    if isinstance(wild, WildSetting):
        return wild
    if isinstance(wild, str):
        return _from_text(wild)
    try:
        codes = tuple(int(c) for c in wild)
    except (TypeError, ValueError):
        raise HandError(f"wild must be None, 'bug', 'jokers', or wild cards as text or codes; "
                        f"got {wild!r}") from None
    return _from_codes(codes)
