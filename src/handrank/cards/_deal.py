"""Dealing and draws for simulations: random cards from C loops.

``deal`` and ``deal_masks`` hand out random cards from a :class:`~handrank.Deck`
(the standard deck by default), straight into C-contiguous uint8 codes or
uint64 masks; ``redraw`` is the draw step of draw games; ``Dealer`` keeps a
seed and gives every call its own stream.  (Canonical hand indexes are
:mod:`handrank.solver._index`.)

Reproducibility: rows are dealt in blocks of ``_core.DEAL_BLOCK`` whose random
streams are seeded by (seed, block) alone, so the same seed and arguments give
the same cards on any number of threads, and the first m rows of a deal of n
rows are the deal of m rows.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from .. import _core
from ._cards import MASK_BITS, RANK_CHARS, codes_excerpt
from ._deck import STANDARD, Deck
from ._input import as_hands, brief_repr as _brief, card_list, is_int as _is_int, row_fault
from ..base import resolve_seed, resolve_threads, first_slice as _first, sliced, HandError

__all__ = ["deal", "deal_masks", "redraw", "Dealer", "MAX_DEAL_ROWS"]

#: Most rows one deal hands out (2**40: a terabyte of 1-card rows).
MAX_DEAL_ROWS = 1 << 40

_BLOCK = _core.DEAL_BLOCK

# The first call into C of a long loop covers about this many cards (a few
# tens of milliseconds on one core); later calls are sized by _slices.sliced
# to about 0.1 s each, so Ctrl-C is seen.  Smaller batches are one call (one
# start of a thread team).
_FIRST_DEAL_CARDS = 7 << 21        # 2M rows of 7 cards: ~30 ms
_FIRST_DRAW_CARDS = 5 << 19        # 512K rows of 5 cards


# ---------------------------------------------------------------- arguments

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


def _may_be_dead(deck: Deck) -> int:
    """What dead= may name, as a mask: every natural card (dead cards off a
    short deck are no error) and the deck's jokers."""
    return STANDARD.mask | deck.mask


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
    may = _may_be_dead(the_deck)
    if _is_int(dead):
        m = int(dead)
        if m < 0 or m >> 64:
            raise HandError(f"dead as a mask must be a 64-bit unsigned integer; got {m}")
        extra = m & ~may
        if extra:
            bit = (extra & -extra).bit_length() - 1
            what = (f"bit {bit} is a joker, which the {_deck_text(the_deck)} does not "
                    f"hold (pass jokers=, or a deck with jokers)" if bit in (13, 29) else
                    f"bit {bit} is no card (cards are bits 16*suit + rank, rank 0..12)")
            raise HandError(f"dead mask {m:#x}: {what}")
        return m
    if isinstance(dead, str):
        codes = card_list(dead, "dead cards")
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
    fault = row_fault(codes, jokers=the_deck.jokers)
    if fault is not None:
        if fault.kind == "joker":
            raise HandError(f"dead cards: a joker (code {fault.code}) is not in the "
                            f"{_deck_text(the_deck)}; pass jokers=1 or 2 (or a deck with "
                            f"jokers)")
        if fault.kind == "twice":
            raise HandError(f"dead cards: {fault.card} appears twice")
        raise HandError(f"dead cards: {fault.text()}")
    return sum(MASK_BITS[c] for c in codes)


def _live_deck(dead: int, deck: Deck) -> np.ndarray:
    """Codes of the deck's cards left to deal, ascending (their order is part
    of the stream definition)."""
    return np.array([c for c in deck.code_bytes if not MASK_BITS[c] & dead], dtype=np.uint8)


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
    >>> import numpy as np
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
    m = np.ascontiguousarray(arr).view(np.uint64) if arr.dtype == np.int64 else \
        np.ascontiguousarray(arr, dtype=np.uint64)          # int64, non-negative: same bits
    extra = m & np.uint64(~_may_be_dead(the_deck) & 0xFFFFFFFFFFFFFFFF)
    if extra.any():
        row = int(np.argmax(extra != 0))
        raise HandError(f"dead_rows: row {row}: mask {int(m[row]):#x} has bits that are no "
                        f"card of the {_deck_text(the_deck)}")
    return m


def _draw_problem(row: np.ndarray, flags: np.ndarray, live: int, the_deck: Deck) -> str:
    """What is wrong with one row of a draw (live: the row's deck minus dead
    cards)."""
    fault = row_fault(row, jokers=the_deck.jokers, deck=the_deck,
                      dead=the_deck.mask & ~live)
    if fault is not None:
        if fault.kind == "joker":
            return (f"a joker (code {fault.code}) is not in the {_deck_text(the_deck)}; pass "
                    f"jokers=1 (or 2, or a deck with jokers)")
        if fault.kind == "deck":
            return (f"card {fault.card} at position {fault.pos} is not in the "
                    f"{_deck_text(the_deck)}")
        if fault.kind == "dead":
            return f"{fault.text()} (in dead or dead_rows)"
        return fault.text()
    used = sum(MASK_BITS[c] for c in set(row.tolist()))
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
    rows, single = as_hands(hands)
    n, k = rows.shape
    if k < 1:
        raise HandError("hands hold no cards; a draw needs at least one card per hand")
    flags, per_row = _discard_flags(discard, n, k, single)
    the_deck = _the_deck(deck, jokers)
    deck = the_deck.mask & ~_dead_mask(dead, the_deck)
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
