"""Cards: text, codes and bitmasks (the card model; the public functions
that convert user input between these forms are :mod:`handrank.cards._convert`).

A card is ``code = 4 * rank + suit`` (rank 0..12 = 2..A, suit 0..3 = c, d, h,
s); 52 and 53 are jokers.  In a mask, card (rank, suit) is bit ``16*suit +
rank``; joker 52 is bit 13 and joker 53 is bit 29.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Union

import numpy as np

from ..base import HandError

__all__ = ["card_name", "parse_codes", "codes_excerpt", "NCODES", "RANK_CHARS", "SUIT_CHARS"]

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
JOKERS = (52, 53)
NCODES = 54
_SUIT_OF = {"c": 0, "d": 1, "h": 2, "s": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3,
            "♧": 0, "♢": 1, "♡": 2, "♤": 3}
_RANK_OF = {ch: i for i, ch in enumerate(RANK_CHARS)}
_SEPARATORS = " \t\r\n,;"
_BIT_OF_CODE = np.array([1 << (16 * (c & 3) + (c >> 2)) for c in range(52)] + [1 << 13, 1 << 29],
                        dtype=np.uint64)
_BIT_INDEX = np.array([16 * (c & 3) + (c >> 2) for c in range(52)] + [13, 29], dtype=np.uint64)
#: The mask bit of each code 0..53, as Python ints.
MASK_BITS: tuple[int, ...] = tuple(int(b) for b in _BIT_OF_CODE)
_CARD_BITS = sum(0x1FFF << (16 * s) for s in range(4))
_JOKER_BITS = (1 << 13) | (1 << 29)

CardsLike = Union[str, Sequence[int], np.ndarray]


def card_name(code: int) -> str:
    """Two-character name of a card code: ``card_name(51) == "As"``, jokers ``"Jk"``."""
    if 0 <= code < 52:
        return RANK_CHARS[code >> 2] + SUIT_CHARS[code & 3]
    if code in JOKERS:
        return "Jk"
    return f"<code {code}>"


#: Texts longer than this are quoted in part in error messages.
_QUOTE_LIMIT = 60


def _quote(text: str, pos: int = 0) -> str:
    """The text for an error message: whole when short, else a part near pos."""
    if len(text) <= _QUOTE_LIMIT:
        return repr(text)
    lo = max(0, min(pos - 20, len(text) - 40))
    return f"a {len(text):,}-character text, near {text[lo:lo + 40]!r}"


def _parse_error(text: str, pos: int, why: str) -> HandError:
    end = pos
    while end < len(text) and text[end] not in _SEPARATORS and end - pos < 4:
        end += 1
    bad = text[pos:end] or text[pos:pos + 1]
    error = HandError(f"cannot read card {bad!r} at position {pos} of {_quote(text, pos)}: {why}")
    error.position = pos                    # how far the reading got (parse_codes)
    return error


def codes_excerpt(codes: Iterable[int], limit: int = 9) -> str:
    """Text of at most ``limit`` cards for an error message, then "..." if more."""
    head = []
    for c in codes:
        if len(head) == limit:
            head.append("...")
            break
        head.append(card_name(int(c)))
    return " ".join(head)


def parse_codes(text: str, limit: int | None = None) -> list[int]:
    """Card codes of a hand's text, as a list (see :func:`parse`).

    The text is read rank first (``"As Th"``); text that does not read so
    is read suit first (``"SA HT"``), when every card of it is written that
    way.  The two cannot both read one text: no rank letter is a suit
    letter.  When neither reads it, the error of the reading that got
    further stands (so ``"SA HX"`` names ``'HX'``, as the user wrote it;
    ``"As HT"`` names ``'HT'``); at a tie, the rank-first one.  With ``limit``, reading stops
    after ``limit + 1`` cards (enough to know that a hand is too long,
    without reading a huge text to its end).
    """
    if not isinstance(text, str):
        raise TypeError(f"card text must be a str, not {type(text).__name__}")
    try:
        return _read_cards(text, limit, suit_first=False)
    except HandError as error:
        try:
            return _read_cards(text, limit, suit_first=True)
        except HandError as other:
            if getattr(other, "position", -1) > getattr(error, "position", -1):
                raise other from None
            raise error from None


def _read_rank(text: str, i: int) -> tuple[int, int] | None:
    """(rank, next position) of a rank at ``text[i]``, or None."""
    if text.startswith("10", i):
        return 8, i + 2
    if i < len(text) and text[i].upper() in _RANK_OF:
        return _RANK_OF[text[i].upper()], i + 1
    return None


def _read_cards(text: str, limit: int | None, suit_first: bool) -> list[int]:
    codes: list[int] = []
    jokers = 0
    i, n = 0, len(text)
    while i < n and (limit is None or len(codes) <= limit):
        ch = text[i]
        if ch in _SEPARATORS:
            i += 1
            continue
        low3 = text[i:i + 3].lower()
        if low3 == "jkr" or low3[:2] in ("jk", "xx"):
            if jokers == 2:
                raise _parse_error(text, i, "a hand holds at most two jokers")
            codes.append(JOKERS[jokers])
            jokers += 1
            i += 3 if low3 == "jkr" else 2
            continue
        if suit_first:
            suit = _SUIT_OF.get(ch.lower())
            if suit is None:
                raise _parse_error(text, i, f"{ch!r} is not a suit; text read suit first "
                                            f"starts each card with c, d, h, s (or ♣ ♦ ♥ ♠)")
            got = _read_rank(text, i + 1)
            if got is None:
                nx = text[i + 1] if i + 1 < n else ""
                why = ("the suit has no rank after it" if not nx or nx in _SEPARATORS
                       else f"{nx!r} is not a rank")
                raise _parse_error(text, i, why + "; ranks are 2-9, T or 10, J, Q, K, A")
            rank, i = got
            codes.append(4 * rank + suit)
            continue
        got = _read_rank(text, i)
        if got is None:
            why = ("a card starts with a rank: 2-9, T or 10, J, Q, K, A (or Jk, Jkr, Xx for "
                   "a joker)")
            if ch.lower() in _SUIT_OF:
                why += "; text written suit first (SA HT) is read when all its cards are"
            raise _parse_error(text, i, why)
        rank, j = got
        suit = _SUIT_OF.get(text[j].lower()) if j < n else None
        if suit is None:
            why = ("the rank has no suit after it" if j >= n or text[j] in _SEPARATORS
                   else f"{text[j]!r} is not a suit")
            raise _parse_error(text, i, why + "; suits are c, d, h, s (or ♣ ♦ ♥ ♠)")
        codes.append(4 * rank + suit)
        i = j + 1
    return codes


#: Set bits of each byte value 0..255.
_BYTE_BITS = np.array([bin(i).count("1") for i in range(256)], dtype=np.uint8)


def _popcount(masks: np.ndarray) -> np.ndarray:
    """Set bits of each uint64 mask, as int64."""
    if hasattr(np, "bitwise_count"):   # numpy >= 2.0
        return np.bitwise_count(masks).astype(np.int64)
    return _popcount_bytes(masks)


def _popcount_bytes(masks: np.ndarray) -> np.ndarray:
    """Set bits of each uint64 mask without np.bitwise_count (numpy < 2.0): each
    of its 8 bytes looked up in a 256-entry table through a uint8 view."""
    m = np.ascontiguousarray(masks, dtype=np.uint64)
    per_byte = _BYTE_BITS[m.reshape(-1).view(np.uint8)]
    return per_byte.reshape(m.shape + (8,)).sum(axis=-1, dtype=np.int64)


def check_mask(m: int) -> None:
    if m < 0 or m >> 64:
        raise HandError(f"mask {m} is not a 64-bit unsigned value")
    extra = m & ~(_CARD_BITS | _JOKER_BITS)
    if extra:
        bit = (extra & -extra).bit_length() - 1
        raise HandError(f"mask {m:#x} has bit {bit} set, which is no card "
                        f"(cards are bits 16*suit + rank, rank 0..12; jokers 13 and 29)")


def codes_of_mask(m: int) -> list[int]:
    out = []
    for s in range(4):
        lane = m >> (16 * s)
        for r in range(13):
            if lane >> r & 1:
                out.append(4 * r + s)
    out.sort()
    if m >> 13 & 1:
        out.append(52)
    if m >> 29 & 1:
        out.append(53)
    return out
