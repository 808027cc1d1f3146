"""Other libraries' cards, as they are: treys / deuces / Cactus-Kev ints,
eval7 and pokerkit ``Card`` objects, to and from handrank's codes.

No peer is imported unless a ``to_*`` function must build its objects (then
it is imported on that call); the ``from_*`` functions read the values'
fields, so they need no import.  Each is tested against the installed peer
(tests/test_peer_cards.py).

One hand at a time is the common call, so each function has a fast path
for one plain hand (a list or tuple of the peer's cards, plain card text,
a list or tuple of int codes): one table look-up a card, about a
microsecond a hand.  Anything else, and any value the fast path does not
find, takes the general path, which gives the same answers and explains
errors.  The peers' card objects are looked up in a table of the 52 built
once, on first use, from the peer's own class (only when the peer is
already imported): eval7's and pokerkit's cards compare and hash by value,
and cannot be changed in place (pokerkit's is a frozen dataclass; eval7's
``rank`` and ``suit`` are read-only, and eval7's own ``Deck`` deals the
same objects every time), so ``to_eval7`` and ``to_pokerkit`` return those
shared objects (docs/decisions.rst).
"""
from __future__ import annotations

import operator
import sys
from typing import Any

import numpy as np

from .. import _core
from ..base import HandError
from ._cards import RANK_CHARS, SUIT_CHARS, card_name
from ._input import brief_repr, card_list

__all__ = ["from_treys", "to_treys", "from_eval7", "to_eval7", "from_pokerkit", "to_pokerkit"]

#: treys's suit flags of handrank's suits c, d, h, s (treys: s=1, h=2, d=4, c=8).
_TREYS_SUIT = (8, 4, 2, 1)
_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)


def _treys_int(code: int) -> int:
    r, s = code >> 2, code & 3
    return (1 << r << 16) | (_TREYS_SUIT[s] << 12) | (r << 8) | _PRIMES[r]


#: The treys int of each code 0..51.
TREYS_INTS: tuple[int, ...] = tuple(_treys_int(c) for c in range(52))
_TREYS_CODE = {v: c for c, v in enumerate(TREYS_INTS)}
_TREYS_GET = _TREYS_CODE.get
_TREYS_BY_CODE = dict(enumerate(TREYS_INTS))
_index = operator.index
_U8 = np.dtype(np.uint8)
_TREYS_SORTED = np.array(sorted(TREYS_INTS), dtype=np.int64)
_TREYS_SORTED_CODES = np.array([_TREYS_CODE[int(v)] for v in _TREYS_SORTED], dtype=np.uint8)


def _not_a_treys_card(value: Any, where: str) -> HandError:
    return HandError(f"{where}{brief_repr(value)} is not a treys card int (bits: rank "
                     f"bit << 16 | suit flag << 12 | rank << 8 | rank prime; suit flags "
                     f"s=1, h=2, d=4, c=8)")


def from_treys(cards: Any) -> Any:
    """handrank codes of treys (deuces, Cactus-Kev) card ints.

    Parameters
    ----------
    cards
        One treys int, a sequence of them (a treys hand or board), or an
        integer array of any shape.

    Returns
    -------
    int or numpy.ndarray
        One code for one int; else a ``uint8`` array of the input's shape.

    Raises
    ------
    HandError
        A value that is not exactly the int treys gives a card (its
        position is named).

    Examples
    --------
    >>> import handrank as hr
    >>> from_treys = hr.from_treys
    >>> from_treys(268442665)                       # treys's Card.new("As")
    51
    >>> hr.format(from_treys([268442665, 134236965]))
    'As Kd'
    """
    t = type(cards)
    if t is list or t is tuple:
        # fast path, one hand: operator.index takes ints (int subclasses such as
        # texasholdem's Card, numpy ints) and refuses floats; a value that is not
        # a card gives None, which bytearray refuses: the loop below explains.
        try:
            return np.frombuffer(bytearray(map(_TREYS_GET, map(_index, cards))), _U8)
        except TypeError:
            pass
    if isinstance(cards, (int, np.integer)) and not isinstance(cards, (bool, np.bool_)):
        code = _TREYS_CODE.get(int(cards))
        if code is None:
            raise _not_a_treys_card(cards, "")
        return code
    if isinstance(cards, (str, bytes, bool, np.bool_)) or cards is None:
        raise HandError(f"from_treys takes treys card ints; got {type(cards).__name__}")
    if isinstance(cards, (list, tuple)):
        out = np.empty(len(cards), dtype=np.uint8)
        for i, v in enumerate(cards):
            code = None
            if isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_)):
                code = _TREYS_CODE.get(int(v))
            if code is None:
                raise _not_a_treys_card(v, f"position {i}: ")
            out[i] = code
        return out
    arr = np.asarray(cards)
    if arr.size and arr.dtype.kind not in "iu":
        raise HandError(f"from_treys takes treys card ints; got dtype {arr.dtype}")
    flat = arr.reshape(-1).astype(np.int64, copy=False) if arr.size else \
        np.zeros(0, dtype=np.int64)
    at = np.searchsorted(_TREYS_SORTED, flat).clip(0, 51)
    bad = _TREYS_SORTED[at] != flat
    if arr.dtype.kind == "u" and arr.size:
        bad |= arr.reshape(-1) > np.iinfo(np.int64).max
    if bad.any():
        i = int(np.argmax(bad))
        idx = np.unravel_index(i, arr.shape)
        raise _not_a_treys_card(arr.reshape(-1)[i].item(),
                                f"position {idx if arr.ndim > 1 else i}: ")
    return _TREYS_SORTED_CODES[at].reshape(arr.shape)


def _codes_of(cards: Any, who: str) -> np.ndarray:
    """Codes of one hand (text, codes) or of an integer array of any shape,
    refusing jokers: the peers have none."""
    if isinstance(cards, np.ndarray) and cards.dtype.kind in "iu":
        arr = cards
        if arr.size and (arr.min() < 0 or arr.max() >= 52):
            bad = (arr < 0) | (arr >= 52)
            idx = np.unravel_index(int(np.argmax(bad)), arr.shape)
            v = int(arr[idx])
            what = "a joker" if v in (52, 53) else f"card code {v}"
            raise HandError(f"{who} has no jokers or codes outside 0..51; got {what} at "
                            f"position {idx if arr.ndim > 1 else idx[0]}")
        return arr.astype(np.intp)
    codes = card_list(cards, "cards")
    for i, c in enumerate(codes):
        if c >= 52:
            raise HandError(f"{who} has no jokers; got {card_name(c)} at position {i}")
    return np.array(codes, dtype=np.intp)


_TREYS_ARRAY = np.array(TREYS_INTS, dtype=np.int64)


def to_treys(cards: Any) -> Any:
    """treys (deuces, Cactus-Kev) card ints of handrank cards.

    Parameters
    ----------
    cards
        One hand: text (either order) or a sequence of codes; or an
        integer array of codes of any shape.

    Returns
    -------
    list of int or numpy.ndarray
        For text or a sequence, a list of Python ints (what treys's
        ``Evaluator.evaluate`` takes); for an array, an ``int64`` array of
        its shape.

    Raises
    ------
    HandError
        Unreadable text, a code out of range, a joker (treys has none).

    Examples
    --------
    >>> import handrank as hr
    >>> hr.to_treys("As Kd")
    [268442665, 134236965]
    >>> hr.from_treys(hr.to_treys("SA HT")).tolist()
    [51, 34]
    """
    out = _fast_objects(cards, _TREYS_BY_CODE)
    if out is not None:
        return out
    codes = _codes_of(cards, "treys")
    out = _TREYS_ARRAY[codes]
    return out if isinstance(cards, np.ndarray) else out.tolist()


def _fast_objects(cards: Any, by_code: dict) -> list | None:
    """The fast path of the to_* functions: the objects of one plain hand
    (plain text, or a list or tuple of int codes), or None when the general
    path must read it (other text or inputs, a code out of 0..51, a joker)."""
    t = type(cards)
    if t is str:
        codes = _core.parse_list(cards)
        if codes is None:
            return None
    elif t is list or t is tuple:
        codes = cards
    else:
        return None
    try:
        out = [by_code[c] for c in codes if type(c) is int]
    except KeyError:
        return None
    return out if len(out) == len(codes) else None


#: name -> (card -> code or None, the 52 cards by code, the card class),
#: built on first use.  The first is None for a peer version whose cards do
#: not hash and compare by value (then from_eval7 reads their fields).
_PEER_TABLES: dict[str, tuple[dict | None, dict, type]] = {}


def _peer_table(name: str) -> tuple[dict | None, dict, type] | None:
    """The look-up tables of an imported peer's cards (module docstring), or
    None when the peer is not imported."""
    tab = _PEER_TABLES.get(name)
    if tab is not None:
        return tab
    mod = sys.modules.get(name)
    if mod is None:
        return None

    def make() -> list:
        if name == "eval7":
            return [mod.Card(card_name(c)) for c in range(52)]
        return [mod.Card(mod.Rank(RANK_CHARS[c >> 2]), mod.Suit(SUIT_CHARS[c & 3]))
                for c in range(52)]
    objs = make()
    try:                                     # by value: other objects of the same cards
        code_of: dict | None = {o: c for c, o in enumerate(objs)}
        if len(code_of) != 52 or any(code_of.get(o) != c for c, o in enumerate(make())):
            code_of = None
    except TypeError:                        # unhashable cards
        code_of = None
    tab = (code_of, dict(enumerate(objs)), type(objs[0]))
    _PEER_TABLES[name] = tab
    return tab


#: "As" -> 51: pokerkit's rank and suit are str enums whose letters are handrank's.
_CODE_BY_NAME = {card_name(c): c for c in range(52)}
_NAME_GET = _CODE_BY_NAME.get


def _card_error(obj: Any, i: int | None, who: str, why: str) -> HandError:
    where = "" if i is None else f"position {i}: "
    return HandError(f"{where}{brief_repr(obj)} is not {who} card ({why})")


def _eval7_code(card: Any, i: int | None) -> int:
    r, s = getattr(card, "rank", None), getattr(card, "suit", None)
    if type(r) is not int or type(s) is not int or not (0 <= r < 13 and 0 <= s < 4):
        raise _card_error(card, i, "an eval7", "it needs int rank 0..12 and suit 0..3")
    return 4 * r + s


def _one_or_many(cards: Any, one: Any, is_one: Any, who: str) -> Any:
    if is_one(cards):
        return one(cards, None)
    if isinstance(cards, (str, bytes)) or cards is None:
        raise HandError(f"from_{who} takes {who} Card objects; got {type(cards).__name__}")
    try:
        items = list(cards)
    except TypeError:
        raise HandError(f"from_{who} takes a {who} Card or an iterable of them; got "
                        f"{type(cards).__name__}") from None
    return np.array([one(c, i) for i, c in enumerate(items)], dtype=np.uint8)


def from_eval7(cards: Any) -> Any:
    """handrank codes of eval7 ``Card`` objects.

    eval7's card has ``rank`` 0..12 (2..A) and ``suit`` 0..3 (c, d, h,
    s), so its code is ``4 * rank + suit``; the fields are read, eval7 is
    not imported.

    Parameters
    ----------
    cards
        One eval7 ``Card``, or an iterable of them.

    Returns
    -------
    int or numpy.ndarray
        One code for one card; else a 1-D ``uint8`` array.

    Raises
    ------
    HandError
        An item without eval7's int ``rank`` and ``suit`` (its position is
        named).

    Examples
    --------
    >>> import handrank as hr
    >>> class Card:                          # stands in for eval7.Card("As")
    ...     rank, suit = 12, 3
    >>> hr.from_eval7(Card()), hr.from_eval7([Card()]).tolist()
    (51, [51])
    """
    tab = _PEER_TABLES.get("eval7") or _peer_table("eval7")
    if tab is not None and tab[0] is not None:   # fast path: eval7's cards hash in C
        t = type(cards)
        if t is list or t is tuple:
            try:
                return np.frombuffer(bytearray(map(tab[0].get, cards)), _U8)
            except TypeError:                # an item not found (None) or unhashable
                pass
        elif t is tab[2]:
            return tab[0][cards]
    return _one_or_many(cards, _eval7_code,
                        lambda c: hasattr(c, "rank") and isinstance(getattr(c, "suit", None),
                                                                    int), "eval7")


def to_eval7(cards: Any) -> list:
    """eval7 ``Card`` objects of one hand of handrank cards (text or codes).

    Imports eval7 (an optional peer, not a dependency of handrank).

    Parameters
    ----------
    cards
        One hand: text (either order) or a sequence or 1-D array of codes.

    Returns
    -------
    list of eval7.Card

    Raises
    ------
    HandError
        Unreadable text, a code out of range, a joker (eval7 has none).
    ImportError
        eval7 is not installed.

    Examples
    --------
    >>> import handrank as hr
    >>> hr.to_eval7("As Kd")                            # doctest: +SKIP
    [Card("As"), Card("Kd")]
    """
    import eval7  # noqa: F401  (the table below is built from eval7's own Card)
    by_code = (_PEER_TABLES.get("eval7") or _peer_table("eval7"))[1]
    out = _fast_objects(cards, by_code)
    if out is not None:
        return out
    return [by_code[c] for c in _codes_of(cards, "eval7").reshape(-1).tolist()]


def _pokerkit_code(card: Any, i: int | None) -> int:
    r, s = getattr(card, "rank", None), getattr(card, "suit", None)
    r, s = getattr(r, "value", r), getattr(s, "value", s)
    rank = RANK_CHARS.find(r) if isinstance(r, str) and len(r) == 1 else -1
    suit = SUIT_CHARS.find(s) if isinstance(s, str) and len(s) == 1 else -1
    if rank < 0 or suit < 0:
        raise _card_error(card, i, "a known pokerkit",
                          "it needs a rank of 2-9, T, J, Q, K, A and a suit of c, d, h, s; "
                          "'?' is an unknown card")
    return 4 * rank + suit


def from_pokerkit(cards: Any) -> Any:
    """handrank codes of pokerkit ``Card`` objects.

    A pokerkit card's ``rank`` and ``suit`` are enums whose values are the
    letters (``"A"``, ``"s"``); they are read, pokerkit is not imported.

    Parameters
    ----------
    cards
        One pokerkit ``Card``, or an iterable of them (``Card.parse(...)``,
        a player's hole cards).

    Returns
    -------
    int or numpy.ndarray
        One code for one card; else a 1-D ``uint8`` array.

    Raises
    ------
    HandError
        An unknown card (``??``) or an item that is no pokerkit card (its
        position is named).

    Examples
    --------
    >>> import handrank as hr
    >>> class Card:                          # stands in for pokerkit's Card "As"
    ...     rank, suit = "A", "s"
    >>> hr.from_pokerkit(Card()), hr.from_pokerkit([Card()]).tolist()
    (51, [51])
    """
    tab = _PEER_TABLES.get("pokerkit") or _peer_table("pokerkit")
    if tab is not None:
        # fast path: the rank and suit are str enums; their letters joined are
        # looked up (pokerkit's own hash and equality are slower Python code)
        cls, t = tab[2], type(cards)
        if t is list or t is tuple:
            names = [c.rank + c.suit for c in cards if type(c) is cls]
            if len(names) == len(cards):
                try:
                    return np.frombuffer(bytearray(map(_NAME_GET, names)), _U8)
                except TypeError:            # an unknown card ("??"): None
                    pass
        elif t is cls:
            code = _NAME_GET(cards.rank + cards.suit)
            if code is not None:
                return code
    return _one_or_many(cards, _pokerkit_code,
                        lambda c: hasattr(c, "rank") and hasattr(c, "suit")
                        and not isinstance(getattr(c, "suit"), int), "pokerkit")


def to_pokerkit(cards: Any) -> list:
    """pokerkit ``Card`` objects of one hand of handrank cards (text or codes).

    Imports pokerkit (an optional peer, not a dependency of handrank).

    Parameters
    ----------
    cards
        One hand: text (either order) or a sequence or 1-D array of codes.

    Returns
    -------
    list of pokerkit.Card

    Raises
    ------
    HandError
        Unreadable text, a code out of range, a joker (pokerkit has none).
    ImportError
        pokerkit is not installed.

    Examples
    --------
    >>> import handrank as hr
    >>> hr.to_pokerkit("As Kd")                         # doctest: +SKIP
    [As, Kd]
    """
    import pokerkit  # noqa: F401  (the table below is built from pokerkit's own Card)
    by_code = (_PEER_TABLES.get("pokerkit") or _peer_table("pokerkit"))[1]
    out = _fast_objects(cards, by_code)
    if out is not None:
        return out
    return [by_code[c] for c in _codes_of(cards, "pokerkit").reshape(-1).tolist()]
