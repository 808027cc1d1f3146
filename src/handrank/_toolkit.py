"""Dealing, draws and canonical hand indexes for simulations and solvers.

``deal`` and ``deal_masks`` hand out random cards from C loops, straight into
C-contiguous uint8 codes or uint64 masks; ``redraw`` is the draw step of draw
games; ``Dealer`` keeps a seed and gives every call its own stream.
``canonical_index`` / ``canonical_hand`` / ``canonical_size`` number the
suit-isomorphism classes of hands dealt in rounds (Waugh's hand indexer).

Reproducibility: rows are dealt in blocks of ``_core.DEAL_BLOCK`` whose random
streams are seeded by (seed, block) alone, so the same seed and arguments give
the same cards on any number of threads, and the first m rows of a deal of n
rows are the deal of m rows.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import product
from math import comb, factorial, prod
from typing import Any

import numpy as np

from . import _core
from ._cards import NCODES, RANK_CHARS, card_name, codes_excerpt, parse_codes
from ._deck import STANDARD, Deck
from ._input import as_hands
from ._runs import resolve_seed, resolve_threads
from ._slices import sliced
from ._types import HandError

__all__ = ["deal", "deal_masks", "redraw", "Dealer", "canonical_index", "canonical_hand",
           "canonical_size", "PREFLOP_CLASS"]

#: Most rows one deal hands out (2**40: a terabyte of 1-card rows).
MAX_DEAL_ROWS = 1 << 40

_FULL_DECK = sum(0x1FFF << (16 * s) for s in range(4))
_BIT_OF = [1 << (16 * (c & 3) + (c >> 2)) for c in range(52)] + [1 << 13, 1 << 29]
_BLOCK = _core.DEAL_BLOCK

# The first call into C of a long loop covers about this many cards (a few
# tens of milliseconds on one core); later calls are sized by _slices.sliced
# to about 0.1 s each, so Ctrl-C is seen.  Smaller batches are one call (one
# start of a thread team).
_FIRST_DEAL_CARDS = 7 << 21        # 2M rows of 7 cards: ~30 ms
_FIRST_DRAW_CARDS = 5 << 19        # 512K rows of 5 cards
_FIRST_INDEX_CARDS = 7 << 19       # 512K river hands: ~40 ms


def _first(cards: int, per_row: int, block: int = 1) -> int:
    """The first slice, in units of `block` rows, for rows of per_row cards."""
    return max(1, cards // max(per_row, 1) // block)


# ---------------------------------------------------------------- arguments

def _is_int(x: Any) -> bool:
    return isinstance(x, (int, np.integer)) and not isinstance(x, bool)


def _brief(x: Any) -> str:
    text = repr(x)
    return text if len(text) <= 40 else text[:37] + "..."


def _rows_count(n: Any) -> int:
    if not _is_int(n):
        raise HandError(f"n (how many rows to deal) must be an integer; got {_brief(n)}")
    if not 0 <= n <= MAX_DEAL_ROWS:
        raise HandError(f"n must be in 0..{MAX_DEAL_ROWS:,} (2**40); got {int(n):,}")
    return int(n)


def _groups(k: Any) -> tuple[list[int], bool]:
    """(widths, grouped): k as an int (one group) or a list/tuple of group sizes."""
    if _is_int(k):
        if not 1 <= k <= 54:
            raise HandError(f"k (cards per row) must be in 1..52 (53 or 54 with jokers); "
                            f"got {int(k)}")
        return [int(k)], False
    if isinstance(k, (list, tuple)) and k:
        if len(k) > _core.DEAL_MAX_GROUPS:
            raise HandError(f"at most {_core.DEAL_MAX_GROUPS} groups of cards; got {len(k)}")
        for i, w in enumerate(k):
            if not _is_int(w) or not 1 <= w <= 54:
                raise HandError(f"k[{i}] must be a group size in 1..52; got {_brief(w)}")
        return [int(w) for w in k], True
    raise HandError(f"k must be the cards per row (an integer) or a list of group sizes such "
                    f"as [2, 2, 5]; got {_brief(k)}")


def _jokers(jokers: Any) -> int:
    if not _is_int(jokers) or not 0 <= jokers <= 2:
        raise HandError(f"jokers (how many jokers the deck holds) must be 0, 1 or 2; "
                        f"got {_brief(jokers)}")
    return int(jokers)


def _the_deck(deck: Any, jokers: Any) -> Deck:
    """The Deck dealt from: ``deck`` (None: the standard deck) with its own
    jokers, or ``jokers`` of them (None: the deck's; a number that disagrees
    with a Deck's is an error rather than a guess)."""
    if deck is None:
        return STANDARD.with_jokers(0 if jokers is None else _jokers(jokers))
    if not isinstance(deck, Deck):
        raise HandError(f"deck must be a handrank.Deck (hr.SHORT_DECK, hr.STANDARD_DECK, "
                        f"hr.Deck('standard', jokers=1)) or None; got {_brief(deck)}")
    if jokers is not None and _jokers(jokers) != deck.jokers:
        raise HandError(f"jokers={int(jokers)} but deck={deck!r} holds {deck.jokers}: leave "
                        f"out jokers= (the deck's count is used), or pass "
                        f"deck.with_jokers({int(jokers)})")
    return deck


def _deck_bits(deck: Deck) -> int:
    """The mask of every card of a deck, jokers included."""
    return sum(_BIT_OF[c] for c in deck.code_bytes)


def _joker_bits(deck: Deck) -> int:
    """The natural cards (every one: dead cards off a short deck are no
    error) and the deck's jokers, as a mask: what dead= may name."""
    return _FULL_DECK | (1 << 13 if deck.jokers >= 1 else 0) | (1 << 29 if deck.jokers == 2
                                                                else 0)


def _deck_text(deck: Deck) -> str:
    """``"52-card deck"``, ``"53-card deck with 1 joker"``, ``"36-card short
    deck (6 to A)"``: the deck as messages name it."""
    j = deck.jokers
    extra = f" with {j} joker{'s' if j > 1 else ''}" if j else ""
    if deck.ranks == RANK_CHARS:
        return f"{deck.size}-card deck{extra}"
    return f"{deck.size}-card {deck.name} deck ({deck.ranks[0]} to {deck.ranks[-1]}){extra}"


def _dead_mask(dead: Any, the_deck: Deck) -> int:
    """The mask of dead cards: text, card codes, or a mask (an integer).
    Natural cards off a short deck may be named (they are out anyway); a
    joker the deck does not hold is an error."""
    if dead is None:
        return 0
    deck = _joker_bits(the_deck)
    if _is_int(dead):
        m = int(dead)
        if m < 0 or m >> 64:
            raise HandError(f"dead as a mask must be a 64-bit unsigned integer; got {m}")
        extra = m & ~deck
        if extra:
            bit = (extra & -extra).bit_length() - 1
            what = (f"bit {bit} is a joker, which the {_deck_text(the_deck)} does not "
                    f"hold (pass jokers=, or a deck with jokers)" if bit in (13, 29) else
                    f"bit {bit} is no card (cards are bits 16*suit + rank, rank 0..12)")
            raise HandError(f"dead mask {m:#x}: {what}")
        return m
    if isinstance(dead, str):
        try:
            codes = parse_codes(dead)
        except HandError as e:
            raise HandError(f"dead cards: {e}") from None
    else:
        try:
            arr = np.asarray(dead)
        except ValueError:
            arr = np.asarray(dead, dtype=object)
        if arr.size == 0:
            return 0
        if arr.dtype.kind not in "iu" or arr.ndim != 1:
            raise HandError(f"dead cards must be text ('As Kd'), a 1-D sequence of card codes "
                            f"or a mask (an integer); got {_brief(dead)}")
        codes = [int(c) for c in arr.tolist()]
    m = 0
    for pos, c in enumerate(codes):
        if not 0 <= c < NCODES:
            raise HandError(f"dead cards: card code {c} at position {pos} is out of range "
                            f"0..{NCODES - 1}")
        bit = _BIT_OF[c]
        if not bit & deck:
            raise HandError(f"dead cards: a joker (code {c}) is not in the "
                            f"{_deck_text(the_deck)}; pass jokers=1 or 2 (or a deck with "
                            f"jokers)")
        if m & bit:
            raise HandError(f"dead cards: {card_name(c)} appears twice")
        m |= bit
    return m


def _live_deck(dead: int, deck: Deck) -> np.ndarray:
    """Codes of the deck's cards left to deal, ascending (their order is part
    of the stream definition)."""
    return np.array([c for c in deck.code_bytes if not _BIT_OF[c] & dead], dtype=np.uint8)


def _seed(seed: Any) -> int:
    """A 64-bit seed: an integer (taken mod 2**64), a numpy Generator (one
    draw from it), or None (fresh entropy from numpy's SeedSequence)."""
    return resolve_seed(seed, generator=True)        # the one check of every seed=


def _mix(x: int) -> int:
    """splitmix64's finaliser (for the seed of a Dealer's later calls)."""
    x = (x + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return x ^ (x >> 31)


def _blocks(n: int) -> int:
    return (n + _BLOCK - 1) // _BLOCK


# ------------------------------------------------------------------ dealing

def _deal(n: Any, k: Any, seed: int, dead: Any, jokers: Any, threads: Any, masks: bool,
          deck_spec: Any = None) -> Any:
    n = _rows_count(n)
    widths, grouped = _groups(k)
    the_deck = _the_deck(deck_spec, jokers)
    deck = _live_deck(_dead_mask(dead, the_deck), the_deck)
    kt = sum(widths)
    if kt > len(deck):
        gone = the_deck.size - len(deck)
        shown = f"{kt} ({' + '.join(map(str, widths))})" if grouped else str(kt)
        raise HandError(f"each row needs {shown} cards but only {len(deck)} are left to deal: "
                        f"the {_deck_text(the_deck)}" + (f" minus {gone} dead" if gone else ""))
    t = resolve_threads(threads, n)
    if masks:
        outs = [np.empty(n, dtype=np.uint64) for _ in widths]
    else:
        outs = [np.empty((n, w), dtype=np.uint8) for w in widths]
    if n:
        sliced(lambda a, b: _core.deal_blocks(deck, seed, a, b, n, outs, widths, masks, t),
               0, _blocks(n), first=_first(_FIRST_DEAL_CARDS, kt, _BLOCK))
    return tuple(outs) if grouped else outs[0]


_DEAL_ARGS = """
    Parameters
    ----------
    n
        How many rows (0..2**40).
    k
        Cards per row (1..52), or a list of group sizes such as ``[2, 2, 5]``
        (two hold'em hands and a board): each row's groups are dealt together,
        so no card appears twice in a row, and the result is a tuple with one
        array per group.
    seed
        An integer (any size; taken mod 2**64), a numpy ``Generator`` (one draw
        from it), or None for fresh entropy (use :class:`Dealer` to learn the
        seed).  The same seed and arguments give the same cards on any number
        of threads, and the first m rows of a deal of n rows are the deal of m
        rows.
    dead
        Cards out of the deck: text (``"As Kd"``), card codes, or a mask (an
        integer, SPEC bitmask form).
    deck
        A :class:`handrank.Deck` to deal from, jokers included
        (``hr.SHORT_DECK`` for the 36 cards of short deck,
        ``hr.Deck("standard", jokers=1)`` or a game's ``.cards`` for the 53
        cards of ``draw-joker``), or None for the 52-card deck.
    jokers
        Jokers in the deck: 0, 1 (code 52, the 53-card deck of
        ``draw-joker`` and ``lowball``) or 2 (codes 52 and 53).  Default: the
        deck's own (0 without ``deck``); with a ``deck`` it may be left out,
        and one that disagrees with the deck's is an error.
    threads
        Cores to use (None: all, fewer for small deals)."""


def deal(n: Any, k: Any = 7, seed: Any = None, dead: Any = None, *, deck: Any = None,
         jokers: Any = None, threads: Any = None) -> Any:
    """Random hands: n rows of k distinct cards each, dealt in C.

    Each row is an independent uniformly random ordered draw of k cards from
    the deck minus ``dead`` (a partial Fisher-Yates shuffle per row).
    {args}

    Returns
    -------
    numpy.ndarray or tuple
        ``(n, k)`` C-contiguous uint8 codes (the fast path of
        :func:`handrank.evaluate`); with a list ``k``, a tuple of ``(n, k_i)``
        arrays.  For several players of one game, deal them as one row and
        reshape: ``deal(n, 10).reshape(n, 2, 5)`` is two five-card hands per
        row, ready for :func:`handrank.showdown`.

    Examples
    --------
    >>> import handrank as hr
    >>> hands = hr.deal(1_000_000, 7, seed=1)
    >>> hands.shape, hands.dtype, hands.flags.c_contiguous
    ((1000000, 7), dtype('uint8'), True)
    >>> hr.format(hr.deal(2, 5, seed=42))
    ['8c 5s 2d 9d Tc', '4h 5d 7d Ad Ah']
    >>> hole1, hole2, board = hr.deal(3, [2, 2, 5], seed=7, dead="As Ah")
    >>> hr.format(hole1[0]), hr.format(hole2[0]), hr.format(board[0])
    ('Kh 9h', 'Ks 6c', 'Tc Ac 9s Jh 2c')
    >>> shares = hr.showdown("holdem", np.stack([hole1, hole2], axis=1), board)
    >>> shares.sum(axis=1).tolist()
    [1.0, 1.0, 1.0]
    >>> int(hr.deal(1000, 7, seed=1, deck=hr.SHORT_DECK).min() >> 2)     # sixes and up
    4
    """
    return _deal(n, k, _seed(seed), dead, jokers, threads, masks=False, deck_spec=deck)


def deal_masks(n: Any, k: Any = 7, seed: Any = None, dead: Any = None, *, deck: Any = None,
               jokers: Any = None, threads: Any = None) -> Any:
    """Random hands as bitmasks: the cards of :func:`deal` with the same
    arguments, as ``(n,)`` uint64 masks (card (rank, suit) is bit
    ``16*suit + rank``; jokers bits 13 and 29).
    {args}

    Returns
    -------
    numpy.ndarray or tuple
        ``(n,)`` uint64 masks; with a list ``k``, a tuple of them, one per group.

    Examples
    --------
    >>> import handrank as hr
    >>> m = hr.deal_masks(4, 7, seed=3)
    >>> bool((m == hr.to_mask(hr.deal(4, 7, seed=3))).all())
    True
    >>> bool((hr.evaluate_masks(m) == hr.evaluate(hr.deal(4, 7, seed=3))).all())
    True
    """
    return _deal(n, k, _seed(seed), dead, jokers, threads, masks=True, deck_spec=deck)


deal.__doc__ = deal.__doc__.replace("{args}", _DEAL_ARGS)
deal_masks.__doc__ = deal_masks.__doc__.replace("{args}", _DEAL_ARGS)


# ------------------------------------------------------------------- draws

def _hand_rows(hands: Any) -> tuple[np.ndarray, bool]:
    """(rows, single): C-contiguous (n, k) uint8 codes checked to be 0..53
    (the one validator: handrank._input.as_hands)."""
    return as_hands(hands)


def _discard_flags(discard: Any, n: int, k: int, single: bool) -> tuple[np.ndarray, bool]:
    """(flags, per_row): uint8 flags, flat (n*k,) or (k,)."""
    try:
        d = np.asarray(discard)
    except ValueError as e:
        raise HandError(f"discard must be a boolean array ({e})") from None
    if d.dtype.kind == "b":
        flags = d.astype(np.uint8)
    elif d.dtype.kind in "iu" and d.size and ((d == 0) | (d == 1)).all():
        flags = d.astype(np.uint8)
    elif d.dtype.kind in "iu" and d.size == 0:
        flags = d.astype(np.uint8)
    else:
        raise HandError(f"discard must be booleans (True = replace the card), as a (k,) or "
                        f"(n, k) array; got dtype {d.dtype}" +
                        (" with values other than 0 and 1" if d.dtype.kind in "iu" else ""))
    if flags.shape == (k,):
        return np.ascontiguousarray(flags), False
    if flags.shape == (n, k) and not single:
        return np.ascontiguousarray(flags).reshape(-1), True
    want = f"({k},)" if single else f"({k},) for every row or ({n}, {k})"
    raise HandError(f"discard has shape {flags.shape}; the hands need {want}")


def _dead_rows(dead_rows: Any, n: int, the_deck: Deck) -> np.ndarray | None:
    if dead_rows is None:
        return None
    arr = np.asarray(dead_rows)
    if arr.dtype.kind not in "iu" or arr.shape != (n,):
        raise HandError(f"dead_rows must be ({n},) integer masks, one per row; got dtype "
                        f"{arr.dtype}, shape {arr.shape}")
    if arr.dtype.kind == "i" and arr.size and arr.min() < 0:
        raise HandError(f"dead_rows: row {int(np.argmax(arr < 0))} is a negative mask")
    m = np.ascontiguousarray(arr, dtype=np.uint64)
    extra = m & np.uint64(~_joker_bits(the_deck) & 0xFFFFFFFFFFFFFFFF)
    if extra.any():
        row = int(np.argmax(extra != 0))
        raise HandError(f"dead_rows: row {row}: mask {int(m[row]):#x} has bits that are no "
                        f"card of the {_deck_text(the_deck)}")
    return m


def _draw_problem(row: np.ndarray, flags: np.ndarray, live: int, the_deck: Deck) -> str:
    """What is wrong with one row of a draw (live: the row's deck minus dead
    cards)."""
    seen: dict[int, int] = {}
    in_deck = _deck_bits(the_deck)
    for pos, c in enumerate(int(x) for x in row):
        if c >= 52 and not _BIT_OF[c] & in_deck:
            return (f"a joker (code {c}) is not in the {_deck_text(the_deck)}; pass jokers=1 "
                    f"(or 2, or a deck with jokers)")
        if c in seen:
            return f"card {card_name(c)} appears twice (positions {seen[c]} and {pos})"
        if not _BIT_OF[c] & in_deck:
            return f"card {card_name(c)} at position {pos} is not in the {_deck_text(the_deck)}"
        if not _BIT_OF[c] & live:
            return f"card {card_name(c)} at position {pos} is dead (in dead or dead_rows)"
        seen[c] = pos
    used = sum(_BIT_OF[c] for c in seen)
    left = bin(live & ~used).count("1")
    m = int(flags.sum())
    return (f"{m} cards to replace but only {left} left in the deck "
            f"({codes_excerpt(row)}; the {_deck_text(the_deck)} minus this row's cards and "
            f"the dead cards)")


def redraw(hands: Any, discard: Any, seed: Any = None, dead: Any = None, *, dead_rows: Any = None,
           deck: Any = None, jokers: Any = None, threads: Any = None) -> np.ndarray:
    """The draw of a draw game: replace the discarded cards of every hand.

    Each discarded card is replaced, in order of position, by a card drawn
    uniformly from what that row's deck has left: the deck minus all the
    row's cards (discards included: as at a real table, a discard is not
    dealt back in the same draw) minus ``dead`` and ``dead_rows``.  Put every
    player of a deal in one row (``(n, players * 5)``) so that no two players
    draw the same card.  The inputs are never modified.

    Parameters
    ----------
    hands
        One hand (text, or a 1-D sequence of codes) or ``(n, k)`` integer codes
        (or a list of texts).
    discard
        Booleans, True = replace: ``(k,)`` for every row, or ``(n, k)``.
    seed
        As for :func:`deal`: an integer, a numpy ``Generator`` or None.  The
        same seed and inputs give the same cards on any number of threads.
    dead
        Cards out of play in every row: text, codes or a mask.
    dead_rows
        ``(n,)`` uint64 masks of cards out of play in each row, e.g. the
        discards of earlier draws (which a real dealer does not deal again).
    deck, jokers
        The deck drawn from and its jokers, as for :func:`deal` (a card of
        a hand that is not in the deck is an error).
    threads
        Cores to use (None: all, fewer for small batches).

    Returns
    -------
    numpy.ndarray
        A new uint8 array of the hands' shape.  A row with more discards
        than cards left raises :class:`HandError`.

    Examples
    --------
    >>> import handrank as hr
    >>> hr.format(hr.redraw("As Ks 7d 7c 2h", [False, False, True, True, True], seed=1))
    'As Ks Qd 3h Kh'

    The equity of a draw game under a fixed drawing policy, by simulation:
    deal every player in one row, draw three times (the discards of earlier
    draws stay out of play), then settle each deal with
    :func:`handrank.showdown`.  In 2-7 triple draw, player 0 draws to a
    seven (throws every card of rank eight or higher, and any card that pairs
    another) and player 1 to a nine:

    >>> import numpy as np
    >>> def policy(hands, top):       # top: per player, the lowest rank thrown
    ...     r = (hands >> 2).reshape(len(hands), 2, 5)
    ...     pairs = (r[..., :, None] == r[..., None, :]) & np.tri(5, k=-1, dtype=bool)
    ...     return ((r >= top) | pairs.any(axis=-1)).reshape(hands.shape)
    >>> d = hr.Dealer(seed=2024)
    >>> n = 100_000
    >>> hands = d.deal(n, 10)                            # two players, 5 cards each
    >>> gone = np.zeros(n, dtype=np.uint64)              # earlier discards
    >>> top = np.array([[6], [8]])                       # rank 6 is an eight, 8 a ten
    >>> for _ in range(3):
    ...     new = d.redraw(hands, policy(hands, top), dead_rows=gone)
    ...     gone |= hr.to_mask(hands) & ~hr.to_mask(new)  # what was thrown away
    ...     hands = new
    >>> shares = hr.showdown("2-7-draw", hands.reshape(n, 2, 5))
    >>> shares.mean(axis=0).round(2).tolist()              # drawing to a seven is too greedy
    [0.39, 0.61]
    """
    rows, single = _hand_rows(hands)
    n, k = rows.shape
    if k < 1:
        raise HandError("hands hold no cards; a draw needs at least one card per hand")
    flags, per_row = _discard_flags(discard, n, k, single)
    the_deck = _the_deck(deck, jokers)
    deck = _deck_bits(the_deck) & ~_dead_mask(dead, the_deck)
    drows = _dead_rows(dead_rows, n, the_deck)
    seed = _seed(seed)
    t = resolve_threads(threads, n)
    out = np.empty_like(rows)
    if n == 0:
        return out
    bad = _core.redraw_check(rows, flags, per_row, deck, drows, 0, n)
    if bad >= 0:
        live = deck & ~int(drows[bad]) if drows is not None else deck
        problem = _draw_problem(rows[bad], flags.reshape(n, k)[bad] if per_row else flags,
                                live, the_deck)
        raise HandError(problem if single else f"row {bad}: {problem}")
    sliced(lambda a, b: _core.redraw_blocks(rows, flags, per_row, deck, drows, seed, a, b, out, t),
           0, _blocks(n), first=_first(_FIRST_DRAW_CARDS, k, _BLOCK))
    return out[0] if single else out


# ------------------------------------------------------------------ Dealer

class Dealer:
    """A seeded dealer: a seed, and a fresh random stream for every call.

    ``Dealer(seed).deal(...)`` is ``deal(..., seed=seed)`` for the first
    call; each later call (``deal``, ``deal_masks`` or ``redraw``) uses a seed
    derived from (seed, number of earlier calls), so a simulation written as a
    sequence of calls is reproduced by its seed.  With ``seed=None`` the seed
    comes from numpy's SeedSequence and is kept in ``.seed``: the way to learn
    the seed of a random deal.

    Examples
    --------
    >>> import handrank as hr
    >>> d = hr.Dealer(seed=5)
    >>> d.seed, d.calls
    (5, 0)
    >>> a = d.deal(3, 7)
    >>> bool((a == hr.deal(3, 7, seed=5)).all())
    True
    >>> b = d.deal(3, 7)                        # a new stream
    >>> bool((a == b).all()), d.calls
    (False, 2)
    >>> bool((hr.Dealer(seed=5).deal(3, 7) == a).all())
    True
    """

    def __init__(self, seed: Any = None) -> None:
        #: The seed of the first call (an integer in 0..2**64-1).
        self.seed = _seed(seed)
        #: How many calls have been dealt so far.
        self.calls = 0

    def _next_seed(self) -> int:
        if self.calls == 0:
            return self.seed
        return _mix(self.seed ^ _mix(self.calls * 0xD1B54A32D192ED03 & 0xFFFFFFFFFFFFFFFF))

    def deal(self, n: Any, k: Any = 7, dead: Any = None, *, deck: Any = None,
             jokers: Any = None, threads: Any = None) -> Any:
        """:func:`handrank.deal` from this dealer's next stream."""
        out = _deal(n, k, self._next_seed(), dead, jokers, threads, masks=False, deck_spec=deck)
        self.calls += 1
        return out

    def deal_masks(self, n: Any, k: Any = 7, dead: Any = None, *, deck: Any = None,
                   jokers: Any = None, threads: Any = None) -> Any:
        """:func:`handrank.deal_masks` from this dealer's next stream."""
        out = _deal(n, k, self._next_seed(), dead, jokers, threads, masks=True, deck_spec=deck)
        self.calls += 1
        return out

    def redraw(self, hands: Any, discard: Any, dead: Any = None, *, dead_rows: Any = None,
               deck: Any = None, jokers: Any = None, threads: Any = None) -> np.ndarray:
        """:func:`handrank.redraw` from this dealer's next stream."""
        out = redraw(hands, discard, self._next_seed(), dead, dead_rows=dead_rows, deck=deck,
                     jokers=jokers, threads=threads)
        self.calls += 1
        return out

    def __repr__(self) -> str:
        return f"Dealer(seed={self.seed}, calls={self.calls})"


# ------------------------------------------------------- canonical indexes

#: Most suit configurations a sequence of rounds may have (a table entry each).
_MAX_CONFIGS = 1 << 20
_INDEX_LIMIT = 1 << 63


def _rounds(rounds: Any) -> tuple[int, ...]:
    if _is_int(rounds):
        rounds = (rounds,)
    if not isinstance(rounds, (list, tuple)) or not rounds:
        raise HandError(f"rounds must be a tuple of cards per round, such as (2, 3, 1, 1) for "
                        f"hold'em; got {_brief(rounds)}")
    if len(rounds) > _core.INDEX_MAX_ROUNDS:
        raise HandError(f"at most {_core.INDEX_MAX_ROUNDS} rounds; got {len(rounds)}")
    for i, c in enumerate(rounds):
        if not _is_int(c) or c < 1:
            raise HandError(f"rounds[{i}] must be a positive number of cards; got {_brief(c)}")
    r = tuple(int(c) for c in rounds)
    if sum(r) > 52:
        raise HandError(f"rounds {r} deal {sum(r)} cards; the deck has 52")
    return r


def _too_big(r: tuple[int, ...], why: str) -> HandError:
    return HandError(f"rounds {r} are too large for a canonical index: {why}")


@lru_cache(maxsize=32)
def _indexer(r: tuple[int, ...]) -> _core.Indexer:
    """The tables of Waugh's indexer for rounds r (see hr_index.h)."""
    total = sum(r)
    hands = factorial(52) // (prod(factorial(c) for c in r) * factorial(52 - total))
    if hands // 24 >= _INDEX_LIMIT:                 # every class holds at most 24 hands
        raise _too_big(r, f"{hands:,} hands have more than 2**63 classes")
    radix = [min(c, 13) + 1 for c in r]
    ncodes = prod(radix)
    if ncodes > 65536:
        raise _too_big(r, "too many per-suit round patterns (the product of min(cards, 13) + 1 "
                          "over rounds must be at most 65536)")
    # suit configurations: sorted (descending) tuples of four per-suit size tuples
    configs: set[tuple[tuple[int, ...], ...]] = {((),) * 4}
    for c in r:
        nxt = set()
        for conf in configs:
            room = [13 - sum(t) for t in conf]
            for a in range(min(c, room[0]) + 1):
                for b in range(min(c - a, room[1]) + 1):
                    for d in range(min(c - a - b, room[2]) + 1):
                        e = c - a - b - d
                        if e <= room[3]:
                            split = (a, b, d, e)
                            nxt.add(tuple(sorted((conf[s] + (split[s],) for s in range(4)),
                                                 reverse=True)))
            if len(nxt) > _MAX_CONFIGS:
                raise _too_big(r, f"more than {_MAX_CONFIGS:,} suit configurations")
        configs = nxt

    def ways(t: tuple[int, ...]) -> int:        # suit indexes of one suit's size tuple
        out, used = 1, 0
        for s in t:
            out *= comb(13 - used, s)
            used += s
        return out

    def code(t: tuple[int, ...]) -> int:
        v = 0
        for s, rad in zip(t, radix):
            v = v * rad + s
        return v

    rows = []
    for conf in configs:
        size, i = 1, 0
        while i < 4:
            j = i
            while j < 4 and conf[j] == conf[i]:
                j += 1
            size *= comb(ways(conf[i]) + j - i - 1, j - i)
            i = j
        key = (code(conf[0]) << 48) | (code(conf[1]) << 32) | (code(conf[2]) << 16) | code(conf[3])
        rows.append((key, size))
    rows.sort()
    offsets = [0]
    for _, size in rows:
        offsets.append(offsets[-1] + size)
    if offsets[-1] >= _INDEX_LIMIT:
        raise _too_big(r, f"{offsets[-1]:,} classes do not fit in a 64-bit index")
    ntab = np.zeros(ncodes, dtype=np.uint64)
    for t in product(*(range(rad) for rad in radix)):
        if sum(t) <= 13:
            ntab[code(t)] = ways(t)
    keys = np.array([k for k, _ in rows], dtype=np.uint64)
    return _core.Indexer(r, ntab, keys, np.array(offsets, dtype=np.int64))


def canonical_size(rounds: Any = (2, 3, 1, 1)) -> int:
    """How many canonical indexes hands dealt in these rounds have.

    Hands that differ only by the order of cards within a round or by a
    renaming of suits share an index; the indexes are 0..size-1.

    Examples
    --------
    >>> import handrank as hr
    >>> [hr.canonical_size(r) for r in [(2,), (2, 3), (2, 3, 1), (2, 3, 1, 1)]]
    [169, 1286792, 55190538, 2428287420]
    >>> [hr.canonical_size(r) for r in [(2, 4), (2, 5)]]     # the board as one set
    [13960050, 123156254]
    >>> hr.canonical_size((4, 3, 1, 1))                     # Omaha, river
    389802959832
    """
    return _indexer(_rounds(rounds)).size


def _index_rows(cards: Any, total: int, r: tuple[int, ...]) -> tuple[np.ndarray, bool]:
    rows, single = _hand_rows(cards)
    if rows.shape[1] != total:
        what = "" if single else " per row"
        upto = _prefix_len(r, rows.shape[1])
        hint = (f" (to index the first {rows.shape[1]} cards pass rounds={r[:upto]})"
                if upto else "")
        raise HandError(f"rounds {r} need {total} cards{what}; got {rows.shape[1]}{hint}")
    return rows, single


def _prefix_len(r: tuple[int, ...], k: int) -> int:
    """How many leading rounds deal exactly k cards (0: none)."""
    s = 0
    for i, c in enumerate(r):
        s += c
        if s == k:
            return i + 1
    return 0


def _explain_index_row(row: np.ndarray) -> str:
    seen: dict[int, int] = {}
    for pos, c in enumerate(int(x) for x in row):
        if c >= 52:
            return f"card code {c} at position {pos} is a joker; an index needs cards 0..51"
        if c in seen:
            return f"card {card_name(c)} appears twice (positions {seen[c]} and {pos})"
        seen[c] = pos
    return "the hand is invalid"   # pragma: no cover


def canonical_index(cards: Any, rounds: Any = (2, 3, 1, 1), *, threads: Any = None) -> Any:
    """The canonical (suit-isomorphic) index of hands dealt in rounds.

    Waugh's hand isomorphism indexer, as CFR solvers use to bucket hands:
    cards within a round are a set and suits are interchangeable, so hands
    that differ only in these ways share an index; the indexes are dense,
    0..``canonical_size(rounds)``-1 for the last round given.  To index an
    earlier round of the same hands, pass its cards and rounds:
    ``canonical_index(hands[:, :5], (2, 3))``.

    Parameters
    ----------
    cards
        One hand (text or a 1-D sequence of codes) or ``(n, sum(rounds))``
        codes 0..51, round by round (hold'em: 2 hole cards, then the flop,
        turn and river).
    rounds
        Cards dealt in each round: ``(2,)`` preflop, ``(2, 3)`` flop,
        ``(2, 3, 1)`` turn, ``(2, 3, 1, 1)`` river (default); ``(4, 3, 1, 1)``
        for Omaha.  At most 8 rounds.
    threads
        Cores to use (None: all, fewer for small batches).

    Returns
    -------
    int or numpy.ndarray
        One index, or ``(n,)`` int64 indexes.  The order of the indexes is
        fixed but is not that of :data:`handrank.HAND_CLASSES`; for preflop,
        ``HAND_CLASSES[PREFLOP_CLASS[i]]`` names index i.

    Examples
    --------
    >>> import handrank as hr
    >>> hr.canonical_index("As Ks", (2,)) == hr.canonical_index("Kh Ah", (2,))
    True
    >>> i = hr.canonical_index("Ah Kh 7h 2c Qd", (2, 3))
    >>> i == hr.canonical_index("Ks As Qh 7s 2d", (2, 3))   # spades for hearts, hearts for diamonds
    True
    >>> hr.format(hr.canonical_hand(i, (2, 3)))
    'As Ks Qh 7s 2d'
    >>> hr.HAND_CLASSES[hr.PREFLOP_CLASS[hr.canonical_index("7c 2d", (2,))]]
    '72o'
    >>> hands = hr.deal(1000, 7, seed=1)
    >>> idx = hr.canonical_index(hands)                    # river, (2, 3, 1, 1)
    >>> idx.dtype, bool((idx < hr.canonical_size()).all())
    (dtype('int64'), True)
    """
    r = _rounds(rounds)
    ix = _indexer(r)
    rows, single = _index_rows(cards, sum(r), r)
    n = len(rows)
    out = np.empty(n, dtype=np.int64)
    t = resolve_threads(threads, n)
    found = [-1]

    def run(a: int, b: int) -> bool:
        bad = ix.index(rows, out, a, b, t)
        if bad >= 0:
            found[0] = bad
            return True
        return False

    if n:
        sliced(run, 0, n, first=_first(_FIRST_INDEX_CARDS, sum(r)))
    if found[0] >= 0:
        problem = _explain_index_row(rows[found[0]])
        raise HandError(problem if single else f"row {found[0]}: {problem}")
    return int(out[0]) if single else out


def canonical_hand(index: Any, rounds: Any = (2, 3, 1, 1), *, threads: Any = None) -> np.ndarray:
    """A representative hand of each canonical index (the inverse of
    :func:`canonical_index`).

    The hand has each round's cards in descending code order, and its suits
    are named spades, hearts, diamonds, clubs in the order of the indexer's
    canonical suit order (the suit with the most cards in the earliest round
    first), so ``canonical_index(canonical_hand(i)) == i``.

    Parameters
    ----------
    index
        One index or an array of them, each in 0..``canonical_size(rounds)``-1.
    rounds
        As for :func:`canonical_index`.
    threads
        Cores to use (None: all, fewer for small batches).

    Returns
    -------
    numpy.ndarray
        ``(sum(rounds),)`` uint8 codes for one index, ``(n, sum(rounds))`` for
        an array.

    Examples
    --------
    >>> import handrank as hr
    >>> hr.format(hr.canonical_hand([0, 168], (2,)))
    ['2s 2h', 'As Ks']
    >>> hr.format(hr.canonical_hand(hr.canonical_index("Jd Td 9d 8c 2h", (2, 3)), (2, 3)))
    'Js Ts 9s 8h 2d'
    """
    r = _rounds(rounds)
    ix = _indexer(r)
    size = ix.size
    try:
        arr = np.asarray(index)
    except ValueError as e:
        raise HandError(f"index must be an integer or a 1-D integer array ({e})") from None
    if arr.dtype.kind not in "iu" or arr.ndim > 1 or isinstance(index, bool):
        got = _brief(index) if arr.ndim == 0 else f"dtype {arr.dtype}, shape {arr.shape}"
        raise HandError(f"index must be an integer or a 1-D integer array; got {got}")
    flat = arr.reshape(-1)
    if flat.size:
        bad = (flat >= size) | (flat < 0) if arr.dtype.kind == "i" else flat >= size
        if bad.any():
            i = int(np.argmax(bad))
            where = "" if arr.ndim == 0 else f"row {i}: "
            raise HandError(f"{where}index {int(flat[i])} is outside 0..{size - 1} "
                            f"(canonical_size({r}) is {size:,})")
    idx = np.ascontiguousarray(flat, dtype=np.int64)
    n = len(idx)
    out = np.empty((n, sum(r)), dtype=np.uint8)
    t = resolve_threads(threads, n)
    if n:
        sliced(lambda a, b: ix.hands(idx, out, a, b, t), 0, n,
               first=_first(_FIRST_INDEX_CARDS // 4, sum(r)))
    return out[0] if arr.ndim == 0 else out


def _preflop_class() -> np.ndarray:
    from ._classes import HAND_CLASSES
    reps = canonical_hand(np.arange(169), (2,))
    pos = np.empty(169, dtype=np.int16)
    for i, (a, b) in enumerate(reps.tolist()):
        hi, lo = max(a, b), min(a, b)
        name = RANK_CHARS[hi >> 2] + RANK_CHARS[lo >> 2]
        if hi >> 2 != lo >> 2:
            name += "s" if hi & 3 == lo & 3 else "o"
        pos[i] = HAND_CLASSES.index(name)
    pos.flags.writeable = False
    return pos


#: ``PREFLOP_CLASS[i]`` is the position in :data:`handrank.HAND_CLASSES` of the
#: starting-hand class whose preflop canonical index (``rounds=(2,)``) is i.
PREFLOP_CLASS: np.ndarray = _preflop_class()
