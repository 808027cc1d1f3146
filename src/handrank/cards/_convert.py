"""Converting cards between text, codes and masks: the public ``parse``,
``format``, ``to_mask`` and ``from_mask``.

They read user input through :mod:`handrank.cards._input` (the one validator) and
the card model of :mod:`handrank.cards._cards`.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from ._cards import (_BIT_INDEX, _BIT_OF_CODE, _CARD_BITS, _JOKER_BITS, NCODES, CardsLike,
                     check_mask, codes_of_mask, _popcount, card_name, codes_excerpt,
                     parse_codes)
from ._input import as_batch, card_list
from .. import _core
from ..base import HandError

__all__ = ["parse", "format", "to_mask", "from_mask"]


def parse(text: str | Sequence[str]) -> np.ndarray:
    """Card codes of a hand written as text, or as a list of card texts.

    Ranks 2-9, T or 10, J, Q, K, A in any case; suits c, d, h, s or ♣ ♦ ♥ ♠;
    jokers ``Jk``, ``Jkr`` or ``Xx`` (the first is 52, the second 53); cards
    separated by spaces or commas, or not at all.  Cards are written rank
    first; text whose every card is written suit first (``"SA HT D9"``, as
    some projects write cards) is read too: no rank letter is a suit
    letter, so no text reads both ways.  A list (or tuple) of texts, such as
    one string per card (``["As", "Kd"]``), is one hand: the same as its
    texts joined by spaces, and an error names the item it is in.

    Parameters
    ----------
    text
        The hand's text, or a list or tuple of texts (one per card, or a
        few cards each).

    Returns
    -------
    numpy.ndarray
        The codes, ``uint8``, in the order written (repeats are kept: every
        evaluator checks for them).

    Raises
    ------
    HandError
        Text that reads neither rank first nor suit first: the message
        names the card as written and its position (for suit-first text,
        the first card that breaks the suit-first reading).
    TypeError
        Anything but text or a list or tuple of texts.

    Examples
    --------
    >>> import handrank as hr
    >>> hr.parse("As Kd 10h")
    array([51, 45, 34], dtype=uint8)
    >>> hr.parse("AsKd").tolist()
    [51, 45]
    >>> hr.parse("SA DK H10").tolist()       # suit first
    [51, 45, 34]
    >>> hr.parse(["As", "Kd", "Th"]).tolist()  # one string per card
    [51, 45, 34]
    >>> hr.parse("SA HX")
    Traceback (most recent call last):
      ...
    handrank.HandError: cannot read card 'HX' at position 3 of 'SA HX': 'X' is not a rank; ranks are 2-9, T or 10, J, Q, K, A
    """
    # One path: plain text (rank or suit first; spaces, commas, tabs) is
    # read in C straight into the array; anything else -- errors, symbols,
    # lists -- by the full parser, whose answers the C reader matches
    # (tests/test_parse_cards.py compares them on random and broken text).
    if type(text) is str:
        arr = _core.parse_array(text)
        if arr is not None:
            return arr
        return np.array(parse_codes(text), dtype=np.uint8)
    if isinstance(text, (list, tuple)) and all(type(t) is str for t in text):
        return _parse_items(text)
    return np.array(parse_codes(text), dtype=np.uint8)      # the TypeError


def _parse_items(items: Sequence[str]) -> np.ndarray:
    """:func:`parse` of a list of card texts: the hand of their texts joined
    by spaces; an error is the joined text's, told with the item it is in."""
    joined = " ".join(items)
    arr = _core.parse_array(joined)
    if arr is not None:
        return arr
    try:
        return np.array(parse_codes(joined), dtype=np.uint8)
    except HandError as error:
        pos, start = getattr(error, "position", 0), 0
        for i, item in enumerate(items):
            if pos < start + len(item) or i == len(items) - 1:
                raise HandError(f"item {i} of the list ({item!r}): {error}") from None
            start += len(item) + 1
        raise                                             # pragma: no cover -- no items


def _codes_1d(cards: CardsLike, what: str | None = None) -> np.ndarray:
    """A 1-D int64 array of checked codes 0..53 from text or a sequence (see
    ``_input.card_list``, the one validator)."""
    return np.array(card_list(cards, what), dtype=np.int64)


def format(cards: CardsLike | Iterable[CardsLike], *,  # noqa: A001
           suit_first: bool = False) -> str | list[str]:
    """Text of a hand: ``"As Kd Th 9c 2s"``; a 2-D array gives a list of strings.

    Round-trips with :func:`parse` (tens are written ``T``, jokers ``Jk``).
    With ``suit_first=True`` each card is written suit first, in capitals,
    as projects that write cards that way do (``"SA DK HT C9 S2"``).

    >>> import handrank as hr
    >>> hr.format([51, 45, 34, 28, 3])
    'As Kd Th 9c 2s'
    >>> hr.format([51, 45, 34], suit_first=True)
    'SA DK HT'
    """
    if not isinstance(cards, str):
        arr = np.asarray(cards)
        if arr.ndim == 2:
            return [format(row, suit_first=suit_first) for row in arr]
    names = [card_name(int(c)) for c in _codes_1d(cards)]
    if suit_first:
        names = [n if n == "Jk" else n[1].upper() + n[0] for n in names]
    return " ".join(names)


def to_mask(cards: CardsLike) -> int | np.ndarray:
    """Bitmask of a hand (an ``int``), or ``(N,)`` uint64 masks of an ``(N, k)`` array.

    Card (rank, suit) is bit ``16*suit + rank``; jokers are bits 13 and 29.

    >>> import handrank as hr
    >>> hr.to_mask("2c 2d") == (1 << 0) | (1 << 16)
    True
    """
    if not isinstance(cards, str):
        arr = np.asarray(cards)
        if arr.ndim == 2 or (arr.ndim == 1 and arr.size and isinstance(arr.flat[0], str)):
            batch = as_batch(cards)      # a batch: (N, k) codes or a list of texts
            if batch.size and batch.max() >= NCODES:
                row, col = np.unravel_index(int(np.argmax(batch >= NCODES)), batch.shape)
                raise HandError(f"row {row}: card code {batch[row, col]} is out of range "
                                f"0..{NCODES - 1}")
            masks = np.bitwise_or.reduce(_BIT_OF_CODE[batch.astype(np.intp)], axis=1) \
                if batch.shape[1] else np.zeros(len(batch), np.uint64)
            counts = _popcount(masks)
            dup = np.flatnonzero(counts != batch.shape[1])
            if dup.size:
                raise HandError(f"row {dup[0]}: a card repeats "
                                f"({codes_excerpt(batch[dup[0]])}); a mask holds each card once")
            return masks
    codes = _codes_1d(cards)
    mask = 0
    for c in codes.tolist():
        bit = 1 << (16 * (c & 3) + (c >> 2)) if c < 52 else (1 << 13 if c == 52 else 1 << 29)
        if mask & bit:
            raise HandError(f"card {card_name(c)} repeats; a mask holds each card once")
        mask |= bit
    return mask


def from_mask(mask: int | np.integer | np.ndarray) -> np.ndarray:
    """Card codes (ascending, uint8) of a mask; ``(N,)`` masks give ``(N, k)``.

    Every mask of a batch must hold the same number of cards.

    >>> import handrank as hr
    >>> hr.format(hr.from_mask(hr.to_mask("As 2c")))
    '2c As'
    """
    if isinstance(mask, (int, np.integer)):
        m = int(mask)
        check_mask(m)
        return np.array(codes_of_mask(m), dtype=np.uint8)
    m = mask_array(np.asarray(mask), "mask at row {row} is negative")
    bad = np.flatnonzero(m & np.uint64(~(_CARD_BITS | _JOKER_BITS) & (2**64 - 1)))
    if bad.size:
        raise HandError(f"row {bad[0]}: " + _mask_error_text(int(m[bad[0]])))
    counts = _popcount(m)
    if counts.size and (counts != counts[0]).any():
        row = int(np.flatnonzero(counts != counts[0])[0])
        raise HandError(f"masks hold different numbers of cards (row 0: {counts[0]}, "
                        f"row {row}: {counts[row]}); convert them one at a time")
    k = int(counts[0]) if counts.size else 0
    # column c of `present` is code c; np.nonzero walks rows in order, columns ascending
    present = ((m[:, None] >> _BIT_INDEX[None, :]) & np.uint64(1)).astype(bool)
    return np.nonzero(present)[1].astype(np.uint8).reshape(len(m), k)


def mask_array(arr: np.ndarray, negative: str) -> np.ndarray:
    """A batch of masks, checked: ``arr`` must be a 1-D integer array (an
    empty one of any dtype is an empty batch) without negative values;
    returns it as C-contiguous uint64 (a C-contiguous int64 array, checked
    non-negative, is viewed as uint64, not copied).  ``negative`` is the HandError message
    for the first negative value, with ``{row}`` its row (each public entry
    keeps its own wording)."""
    if arr.size == 0 and arr.ndim == 1:
        arr = arr.astype(np.uint64)              # [] is float64: an empty batch
    if arr.dtype.kind not in "iu" or arr.ndim != 1:
        raise HandError(f"masks must be a 1-D integer array; got dtype {arr.dtype}, "
                        f"shape {arr.shape}")
    if arr.dtype.kind == "i" and arr.size and arr.min() < 0:
        raise HandError(negative.format(row=int(np.argmax(arr < 0))))
    if arr.dtype == np.int64:                    # torch's natural dtype: no negative value,
        return np.ascontiguousarray(arr).view(np.uint64)   # so the same bits (no copy)
    return np.ascontiguousarray(arr, dtype=np.uint64)


def _mask_error_text(m: int) -> str:
    try:
        check_mask(m)
    except HandError as e:
        return str(e)
    return f"mask {m:#x} is invalid"   # pragma: no cover
