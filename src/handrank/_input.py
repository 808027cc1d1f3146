"""THE card-input validator: every entry point turns user input into card
codes here, so every one accepts the same forms and says the same things.

Two shapes of input:

- :func:`card_list` -- one list of cards (a hand, a board, dead cards): text
  (``"As Kd 10h"``), or a 1-D sequence or array of integer codes; optionally
  with unknown cards (``"??"`` in text, ``None`` in a sequence) dropped.
- :func:`card_array` -- an n-D integer array of codes (a batch of hands, of
  deals): checked against 0..53 *before* any cast to uint8 (a cast would wrap
  300 to 44), then returned C-contiguous uint8 (a copy unless it already is;
  the input is never written).

Messages name the offending value and where it is (the position in a list;
the row or deal of a batch).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ._cards import NCODES, parse_codes
from ._types import HandError

__all__ = ["card_list", "card_array"]


def _prefixed(what: str | None, message: str) -> HandError:
    return HandError(f"{what}: {message}" if what else message)


def card_list(cards: Any, what: str | None = None, *, unknown: bool = False,
              limit: int | None = None) -> list[int]:
    """Codes 0..53 of one list of cards.

    ``cards``: text, a 1-D sequence or array of integer codes, or None (no
    cards).  With ``unknown=True``, ``"??"`` in text and ``None`` items in a
    sequence are unknown cards, dropped from the result (so a partly known
    hand gives its known cards).  ``limit``: the most cards allowed.
    ``what`` names the input in messages ("board", "player 1").
    """
    if cards is None:
        codes: list[int] = []
    elif isinstance(cards, str):
        try:
            codes = parse_codes(cards.replace("??", " ") if unknown else cards)
        except HandError as e:
            raise _prefixed(what, str(e)) from None
    elif isinstance(cards, (bytes, dict, set, float, complex, bool)) or \
            (isinstance(cards, (int, np.integer))):
        raise _prefixed(what, f"cards are text or a sequence of codes; got "
                              f"{type(cards).__name__}")
    else:
        arr = cards if isinstance(cards, np.ndarray) else None
        if arr is not None and arr.dtype != object:
            if arr.ndim != 1:
                raise _prefixed(what, f"one list of cards is 1-D; got shape {arr.shape}")
            if arr.size and arr.dtype.kind not in "iu":
                raise _prefixed(what, f"cards must be integer codes or text; got dtype "
                                      f"{arr.dtype}")
            items = arr.tolist()
        else:
            try:
                items = list(cards)
            except TypeError:
                raise _prefixed(what, f"cards are text or a sequence of codes; got "
                                      f"{type(cards).__name__}") from None
        codes = []
        for pos, c in enumerate(items):
            if c is None and unknown:
                continue
            if isinstance(c, str) and unknown:
                codes.extend(card_list(c, what, unknown=True))
                continue
            if isinstance(c, bool) or not isinstance(c, (int, np.integer)):
                raise _prefixed(what, f"{c!r} at position {pos} is not a card code")
            if not 0 <= int(c) < NCODES:
                raise _prefixed(what, f"card code {int(c)} at position {pos} is out of range "
                                      f"0..{NCODES - 1}")
            codes.append(int(c))
    if limit is not None and len(codes) > limit:
        raise HandError(f"{what or 'cards'} has {len(codes)} cards; at most {limit}")
    return codes


def card_array(arr: np.ndarray, what: str | None = None, index: str = "row") -> np.ndarray:
    """A C-contiguous uint8 array of the codes of an integer array of any
    shape, refusing codes outside 0..53 (the message names the first bad
    one and its ``index`` -- "row 3", "deal 17").  Never writes the input."""
    if arr.size and arr.dtype.kind not in "iu":
        raise _prefixed(what, f"cards must be integer card codes; got dtype {arr.dtype}")
    if arr.dtype == np.uint8:
        if arr.size and int(arr.max()) >= NCODES:
            pass                                    # fall through to name the bad code
        else:
            return np.ascontiguousarray(arr)
    if arr.size:
        bad = (arr < 0) | (arr >= NCODES)
        if bad.any():
            idx = np.unravel_index(int(np.argmax(bad)), arr.shape)
            where = f"{index} {idx[0]}: " if arr.ndim >= 2 else ""
            raise _prefixed(what, f"{where}card code {arr[idx]} at position {idx[-1]} is out "
                                  f"of range 0..{NCODES - 1}")
    return np.ascontiguousarray(arr, dtype=np.uint8)
