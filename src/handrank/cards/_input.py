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

- :func:`as_hands` / :func:`as_batch` -- one hand or a batch of hands (text,
  a list of texts, codes, an ``(N, k)`` array) as ``(N, k)`` uint8 rows.

Messages name the offending value and where it is (the position in a list;
the row or deal of a batch).  When a C loop reports a bad row,
:func:`row_fault` (the one row explainer) says what is wrong with it.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import chain
from typing import Any

import numpy as np

from .. import _core
from ..base import as_numpy, bool_error, HandError
from ._cards import MASK_BITS, NCODES, card_name, codes_excerpt, parse_codes

__all__ = ["card_list", "card_array", "codes_array", "as_hands", "as_batch", "row_fault",
           "row_problem", "Fault"]


def is_int(x: Any) -> bool:
    """Whether ``x`` is an integer (Python or numpy), not a bool."""
    return isinstance(x, (int, np.integer)) and not isinstance(x, bool)


def brief_repr(x: Any) -> str:
    """``repr(x)`` for an error message, cut to 40 characters."""
    text = repr(x)
    return text if len(text) <= 40 else text[:37] + "..."


def _prefixed(what: str | None, message: str) -> HandError:
    return HandError(f"{what}: {message}" if what else message)


_BOOLS = frozenset({bool, np.bool_})
_SEQS = frozenset({list, tuple})


def _bool_at(seq: Any) -> tuple[int, ...] | None:
    """Where the first bool (Python or numpy) of a (nested) list or tuple
    is, as indexes; None when it holds none.  Each level is scanned once by
    the types of its items (C loops), so a long list of codes costs little."""
    level: Any = seq
    for _ in range(4):                        # a hand, a batch, a deal of players
        types = set(map(type, level))
        if types & _BOOLS:
            break
        if not types & _SEQS:
            return None
        level = list(chain.from_iterable(x for x in level if type(x) in _SEQS))
    else:
        return None

    def find(s: Any) -> tuple[int, ...] | None:
        for i, x in enumerate(s):
            if type(x) in _BOOLS:
                return (i,)
            if type(x) in _SEQS:
                inner = find(x)
                if inner is not None:
                    return (i, *inner)
        return None
    return find(seq)


def _bool_where(seq: Any, at: tuple[int, ...], index: str = "row") -> str:
    """``"True at position 2"`` / ``"row 1: True at position 2"`` from indexes."""
    value = seq
    for i in at:
        value = value[i]
    *outer, pos = at
    rows = "".join(f"{index if i == 0 else 'player'} {j}: " for i, j in enumerate(outer))
    return f"{rows}{value!r} at position {pos}"


def codes_array(x: Any, what: str | None = None, index: str = "row") -> np.ndarray:
    """``np.asarray(x)`` for card codes, refusing bools first: numpy turns
    ``[True, 47]`` into ``[1, 47]`` (True read as 2d), so a list or tuple is
    scanned for bools before it is converted, and a bool array is refused."""
    if isinstance(x, (list, tuple)):
        at = _bool_at(x)
        if at is not None:
            raise bool_error(what, _bool_where(x, at, index))
    arr = np.asarray(x)
    if arr.dtype.kind == "b":
        raise bool_error(what, "an array of dtype bool")
    return arr


def _single_cards_error(texts: Any) -> HandError:
    """The message for a list of one-card texts where a list of texts is a
    batch of hands (treys's style of writing one hand)."""
    joined = " ".join(str(t).strip() for t in texts)
    shown = joined if len(joined) <= 40 else joined[:37] + "..."
    return HandError(f"got a list of {len(texts)} single cards, which reads as {len(texts)} "
                     f"hands of one card each; to pass one hand, give it as one text "
                     f"({shown!r}) or as card codes (hr.parse({shown!r}))")


def _one_card_batch(rows: np.ndarray, rs: Any) -> bool:
    """Whether a batch read from texts is several one-card texts that the
    rule set cannot rank as hands (so most likely one hand, split card by card)."""
    return (rows.ndim == 2 and rows.shape[1] == 1 and len(rows) > 1
            and not (rs is not None and 1 in rs.hand_sizes))


def card_list(cards: Any, what: str | None = None, *, unknown: bool = False,
              limit: int | None = None) -> list[int]:
    """Codes 0..53 of one list of cards.

    ``cards``: text, a 1-D sequence or array of integer codes, or None (no
    cards).  With ``unknown=True``, ``"??"`` in text and ``None`` items in a
    sequence are unknown cards, dropped from the result (so a partly known
    hand gives its known cards).  ``limit``: the most cards allowed.
    ``what`` names the input in messages ("board", "player 1").
    """
    cards = as_numpy(cards, what or "cards")       # a torch / JAX / DLPack / buffer array
    if cards is None:
        codes: list[int] = []
    elif isinstance(cards, str):
        text = cards.replace("??", " ") if unknown else cards
        plain = _core.parse_list(text)           # plain text, read in C
        if plain is not None:
            codes = plain
        else:
            try:
                codes = parse_codes(text)
            except HandError as e:
                raise _prefixed(what, str(e)) from None
    elif isinstance(cards, (bool, np.bool_)):
        raise bool_error(what, f"{cards!r}")
    elif isinstance(cards, (bytes, dict, set, float, complex)) or \
            (isinstance(cards, (int, np.integer))):
        raise _prefixed(what, f"cards are text or a sequence of codes; got "
                              f"{type(cards).__name__}")
    else:
        arr = cards if isinstance(cards, np.ndarray) else None
        if arr is not None and arr.dtype != object:
            if arr.ndim != 1:
                raise _prefixed(what, f"one list of cards is 1-D; got shape {arr.shape}")
            if arr.dtype.kind == "b":
                raise bool_error(what, "an array of dtype bool")
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
            if isinstance(c, str):             # ["As", "Kd"]: one list of cards
                codes.extend(card_list(c, what, unknown=unknown))
                continue
            if isinstance(c, (bool, np.bool_)):
                raise bool_error(what, f"{c!r} at position {pos}")
            if not isinstance(c, (int, np.integer)):
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


# ---------------------------------------------------------------- hands

#: A hand's text is read no further than this many cards (so a huge text that
#: cannot be one hand is refused at once).
_TEXT_CARDS_LIMIT = 64


def size_error(k: int | str, rs: Any, hint: str = "") -> HandError:
    """The one message for a hand of the wrong size: 'a hand needs 5 to 9
    cards; got 4', or 'exactly 3 cards under three-card rules'.  A hand
    too short for a five-card rule set is told where shorter hands are
    ranked (``RuleSet.partial_hint``: the ``*-partial`` rule sets)."""
    sizes = rs.hand_sizes if rs is not None else range(5, 10)
    span = f"{sizes.start} to {sizes.stop - 1}" if len(sizes) > 1 else f"exactly {sizes.start}"
    rule = "" if rs is None or rs.name == "high" else f" under {rs.name} rules"
    if rs is not None and isinstance(k, int) and 0 < k < sizes.start:
        partial = rs.partial_hint()
        hint += f"; {partial}" if partial else ""
    return HandError(f"a hand needs {span} cards{rule}; got {k}{hint}")


def _is_text_array(arr: np.ndarray) -> bool:
    """Whether an array holds only text: dtype str, or object dtype with all str.
    (Not for lists: numpy makes ``["As Ks Qs Js Ts", 5]`` a str array.)"""
    if arr.dtype.kind == "U":
        return True
    return arr.dtype == object and all(isinstance(t, str) for t in arr.flat)


def as_hands(hands: Any, rs: Any = None) -> tuple[np.ndarray, bool]:
    """(rows, single): a C-contiguous (N, k) uint8 array of codes and whether
    the input was one hand.  Accepts text, a sequence of codes, a list (or
    1-D numpy array, or pandas Series) of texts, or an integer array of one
    (k,) or many (N, k) hands.

    With a rule set ``rs``, one hand of more cards than it ranks is refused
    before its codes are converted or checked (a long 1-D array is one hand,
    and usually a batch passed flat by mistake)."""
    k_range = (rs.hand_sizes.start, rs.hand_sizes.stop - 1) if rs is not None else None
    hands = as_numpy(hands, "hands")             # a torch / JAX / DLPack / buffer array: no copy
    if isinstance(hands, str):
        if k_range is None:
            return np.array([parse_codes(hands)], dtype=np.uint8).reshape(1, -1), True
        lo, hi = k_range
        codes = parse_codes(hands, limit=max(hi, _TEXT_CARDS_LIMIT))
        if len(codes) > hi:
            k = f"more than {len(codes) - 1}" if len(codes) > _TEXT_CARDS_LIMIT else len(codes)
            raise size_error(k, rs, f" ({codes_excerpt(codes)!r})")
        return np.array(codes, dtype=np.uint8).reshape(1, -1), True
    if isinstance(hands, (list, tuple)) and hands and all(isinstance(h, str) for h in hands):
        rows = as_batch(hands)
        if _one_card_batch(rows, rs):
            raise _single_cards_error(hands)
        return rows, False
    if isinstance(hands, (bool, np.bool_)):
        raise bool_error("hands", repr(hands))
    if hands is None or isinstance(hands, (int, float, complex, bytes, dict, set)):
        raise TypeError(f"expected cards (text, a sequence of codes or an integer array); "
                        f"got {type(hands).__name__}")
    if (k_range is not None and isinstance(hands, (list, tuple)) and len(hands) > k_range[1]
            and isinstance(hands[0], (int, np.integer)) and not isinstance(hands[0], bool)):
        raise size_error(len(hands), rs,
                              " (a flat list of codes is one hand; pass a list of hands or "
                              "an (N, k) array for a batch)")
    try:
        arr = codes_array(hands, "hands")
    except ValueError as e:   # ragged nested lists
        if isinstance(e, HandError):
            raise
        raise HandError(f"hands must all hold the same number of cards ({e})") from None
    if arr.dtype == object or arr.dtype.kind not in "iu":
        if arr.size == 0:
            raise HandError("no cards given: a hand needs 5 to 9 cards")
        if not isinstance(hands, (list, tuple)) and _is_text_array(arr):
            if arr.ndim == 0:
                return as_hands(str(arr[()]), rs)
            if arr.ndim == 1:                    # a numpy array or pandas Series of texts
                texts = [str(t) for t in arr.tolist()]
                rows = as_batch(texts)
                if _one_card_batch(rows, rs):
                    raise _single_cards_error(texts)
                return rows, False
            raise HandError(f"an array of hand texts must be 1-D (one hand per element); "
                            f"got shape {arr.shape}")
        raise HandError(f"cards must be integer codes 0..53 or text; got dtype {arr.dtype}")
    if arr.ndim == 1:
        if k_range is not None and len(arr) > k_range[1]:
            raise size_error(len(arr), rs, " (a 1-D array is one hand; pass an "
                                                      "(N, k) array for a batch)")
        return card_array(arr).reshape(1, -1), True
    if arr.ndim == 2:
        return card_array(arr), False
    raise HandError(f"hands must be a 1-D hand or a 2-D (N, k) array; got shape {arr.shape}")


def as_batch(hands: Any) -> np.ndarray:
    """(N, k) uint8 rows from a list of texts or an integer array."""
    if isinstance(hands, list):
        fast = _core.parse_plain(hands)
        if fast is not None:
            return fast
    if isinstance(hands, (list, tuple)) and hands and all(isinstance(h, str) for h in hands):
        rows = []
        for i, text in enumerate(hands):
            try:
                rows.append(parse_codes(text))
            except HandError as e:
                raise HandError(f"row {i}: {e}") from None
            if len(rows[-1]) != len(rows[0]):
                raise HandError(f"row {i} has {len(rows[-1])} cards but row 0 has "
                                f"{len(rows[0])}; every hand of a batch has the same k")
        return np.array(rows, dtype=np.uint8)
    arr, single = as_hands(hands)
    return arr


# ------------------------------------------------------------ what is wrong

@dataclass(frozen=True)
class Fault:
    """The first thing wrong with a row of card codes (see :func:`row_fault`).

    ``kind`` is ``"range"`` (a code outside 0..53), ``"joker"`` (a joker
    that is not allowed), ``"deck"`` (a natural card the deck lacks),
    ``"dead"`` (a card out of play) or ``"twice"`` (a repeated card;
    ``first`` is the position where it came first).  :meth:`text` says it
    in the words of the evaluation functions; callers with a context of
    their own (a deal's deck, a player's name) phrase it from the fields.
    """

    kind: str
    code: int
    pos: int
    first: int = -1

    @property
    def card(self) -> str:
        """The card's two-character name (``"As"``)."""
        return card_name(self.code)

    def text(self, deck: Any = None) -> str:
        """What is wrong, as evaluate, showdown and Omaha say it (``deck``:
        the :class:`~handrank.Deck` a ``"deck"`` fault is about)."""
        if self.kind == "range":
            return f"card code {self.code} at position {self.pos} is out of range 0..{NCODES - 1}"
        if self.kind == "joker":
            return (f"a joker (code {self.code}) needs a wild setting: wild='bug', 'jokers' "
                    f"or a list of wild cards")
        if self.kind == "deck":
            return f"card {self.card} is not in {deck.describe()}"
        if self.kind == "dead":
            return f"card {self.card} at position {self.pos} is dead"
        return f"card {self.card} appears twice (positions {self.first} and {self.pos})"


def row_fault(row: Any, *, jokers: int = 2, deck: Any = None, dead: int = 0) -> Fault | None:
    """The first thing wrong with one row of card codes, or None.

    The row is walked once, position by position; at each, in this order:
    the code is in 0..53 (``"range"``); a joker is one of the first
    ``jokers`` joker codes (0: none allowed, 1: code 52, 2: both;
    ``"joker"``); a natural card is in ``deck`` (a :class:`~handrank.Deck`;
    None: any of the 52; ``"deck"``); it is not in ``dead``, a mask of cards
    out of play (``"dead"``); it did not come before (``"twice"``).  Every
    "what is wrong with this row" of the package is this walk.
    """
    seen: dict[int, int] = {}
    for pos, c in enumerate(int(x) for x in row):
        if not 0 <= c < NCODES:
            return Fault("range", c, pos)
        if c >= 52 and c - 52 >= jokers:
            return Fault("joker", c, pos)
        if deck is not None and c < 52 and not deck.holds(c):
            return Fault("deck", c, pos)
        if dead and MASK_BITS[c] & dead:
            return Fault("dead", c, pos)
        if c in seen:
            return Fault("twice", c, pos, seen[c])
        seen[c] = pos
    return None


def row_problem(row: Any, jokers_ok: bool = False, deck: Any = None) -> str:
    """What is wrong with one hand's codes, in words (for error messages): a
    code out of range, a joker without a wild setting, a card off the deck,
    a repeat."""
    fault = row_fault(row, jokers=2 if jokers_ok else 0, deck=deck)
    return fault.text(deck) if fault is not None else "the hand is invalid"
