"""An independent reading of the Omaha range syntax, for the tests.

Written from the "Omaha ranges" section of docs/ranges.rst, not from
src/handrank/ranges/_omaha_syntax.py, and by another method: that module places a
pattern's cards on every card set at once with numpy; this one searches the
deck card by card.  tests/test_omaha_ranges.py checks that both give the
same hands.

What the documentation says, and how it is read here:

- A pattern lists cards that must be among a hand's cards, each on a
  different card; the hand's other cards are free.  So a k-card hand matches
  a pattern of n cards when n of its cards match the pattern's n cards one
  to one.  ``_matching_sets`` finds every such n-card set by a depth-first
  search (the pattern's first card on each card of the deck that fits it,
  then the second on each card left that fits it, ...), and ``_hands``
  adds every choice of the k - n free cards to each.
- A card is a rank and a suit, either of which may be left out: a rank
  (``AKQJT98765432``, ``*``, a capital variable, a bracket) optionally
  followed by a suit (``shdc`` or a variable ``wxyz``), or a suit alone.
- One variable is one rank (suit); different variables are different ranks
  (suits), and none is a rank (suit) the pattern names.  The search binds a
  variable the first time it places a card that has it.  (Which ranks a
  pattern "names" is not spelled out for brackets; the package counts a
  rank written alone, or a bracket of one rank, and not a bracket of
  several, and so does this file.)
- Macros: ``$ds`` two suits with two cards each and none with more,
  ``$ss`` one suit with two cards and none with more, ``$r`` four suits
  (no two cards of a suit), ``$np`` no pair; read on each hand's counts.
- In a token ``:`` intersects and ``!`` removes, left to right; a macro
  filters what came before it (every hand when it comes first).
- A run ``KQJT-8765`` is the patterns from the left end to the right end,
  every rank stepping down by one together.

It is slow where the search is long (a pattern of four free cards visits
every ordered four cards of the deck) and lists every hand of a macro
alone; the tests use it on patterns it reads in about a second.
"""
from __future__ import annotations

from itertools import combinations

import numpy as np

__all__ = ["pattern_masks"]

RANKS = "23456789TJQKA"        # rank r of card code 4 * r + s
SUITS = "cdhs"                 # suit s
SUIT_VARIABLES = "wxyz"
ALL_RANKS = frozenset(range(13))
ALL_SUITS = frozenset(range(4))


def _rank_set(bracket: str) -> frozenset:
    """The ranks of a bracket's inside: ``A-T``, ``T+``, ``9-``, ``AKQ``."""
    if len(bracket) == 3 and bracket[1] == "-":
        a, b = RANKS.index(bracket[0]), RANKS.index(bracket[2])
        return frozenset(range(min(a, b), max(a, b) + 1))
    if len(bracket) == 2 and bracket[1] in "+-":
        r = RANKS.index(bracket[0])
        return frozenset(range(r, 13)) if bracket[1] == "+" else frozenset(range(r + 1))
    if bracket and all(ch in RANKS for ch in bracket):
        return frozenset(RANKS.index(ch) for ch in bracket)
    raise ValueError(f"not a bracket: [{bracket}]")


def read_cards(pattern: str) -> list[tuple[object, object]]:
    """The pattern's cards, each (rank, suit): a rank is a frozenset of the
    ranks it allows or a variable's letter; a suit a frozenset of suits or a
    variable's letter."""
    cards: list[tuple[object, object]] = []
    rest = pattern
    while rest:
        rank: object = ALL_RANKS
        took_rank = True
        head = rest[0]
        if head == "[":
            inside, _, rest = rest[1:].partition("]")
            rank = _rank_set(inside)
        elif head in RANKS:
            rank, rest = frozenset([RANKS.index(head)]), rest[1:]
        elif head == "*":
            rest = rest[1:]
        elif head.isupper():
            rank, rest = head, rest[1:]
        else:
            took_rank = False
        suit: object = ALL_SUITS
        if rest and rest[0] in SUITS:
            suit, rest = frozenset([SUITS.index(rest[0])]), rest[1:]
        elif rest and rest[0] in SUIT_VARIABLES:
            suit, rest = rest[0], rest[1:]
        elif not took_rank:
            raise ValueError(f"cannot read {rest!r} of {pattern!r}")
        cards.append((rank, suit))
    return cards


def _named(parts: list[object]) -> set[int]:
    """The values the pattern names: its one-value sets."""
    return {next(iter(p)) for p in parts if isinstance(p, frozenset) and len(p) == 1}


def _matching_sets(pattern: str) -> set[int]:
    """The card sets (as masks, bit = code) that match the pattern one to one."""
    cards = read_cards(pattern)
    named_ranks = _named([r for r, _ in cards])
    named_suits = _named([s for _, s in cards])
    found: set[int] = set()

    def fits(part: object, value: int, bound: dict, named: set[int]) -> dict | None:
        """The variable bindings after ``part`` takes ``value`` (None: it cannot)."""
        if isinstance(part, frozenset):
            return bound if value in part else None
        if part in bound:
            return bound if bound[part] == value else None
        if value in named or value in bound.values():
            return None
        return {**bound, part: value}

    def place(i: int, used: int, ranks: dict, suits: dict) -> None:
        if i == len(cards):
            found.add(used)
            return
        rank_part, suit_part = cards[i]
        for code in range(52):
            if used >> code & 1:
                continue
            r = fits(rank_part, code // 4, ranks, named_ranks)
            if r is None:
                continue
            s = fits(suit_part, code % 4, suits, named_suits)
            if s is not None:
                place(i + 1, used | 1 << code, r, s)

    place(0, 0, {}, {})
    return found


def _distinct(masks: np.ndarray) -> np.ndarray:
    """The masks sorted, each once."""
    masks = np.sort(masks)
    return masks[np.r_[True, masks[1:] != masks[:-1]]] if masks.size else masks


def _sets_of(n: int) -> np.ndarray:
    """The masks of every n-card set of the deck."""
    if n == 0:
        return np.zeros(1, dtype=np.uint64)
    codes = np.fromiter(combinations(range(52), n), dtype=np.dtype((np.uint8, (n,))))
    masks = np.zeros(len(codes), dtype=np.uint64)
    for column in codes.T.astype(np.uint64):
        masks |= np.uint64(1) << column
    return masks


def _hands(sets: set[int], n: int, k: int) -> np.ndarray:
    """Every k-card hand holding one of the n-card sets (sorted masks)."""
    free = _sets_of(k - n)
    parts = [np.zeros(0, dtype=np.uint64)]
    for s in sets:
        m = np.uint64(s)
        parts.append(free[(free & m) == 0] | m)
    return _distinct(np.concatenate(parts))


def _counts(masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(M, 13) cards of each rank and (M, 4) cards of each suit of the hands."""
    bits = np.unpackbits(masks.astype("<u8").view(np.uint8).reshape(-1, 8), axis=1,
                         bitorder="little")[:, :52].astype(np.float32)
    codes = np.arange(52)
    of_rank = (codes[:, None] // 4 == np.arange(13)).astype(np.float32)
    of_suit = (codes[:, None] % 4 == np.arange(4)).astype(np.float32)
    return bits @ of_rank, bits @ of_suit


def _macro_holds(name: str, masks: np.ndarray) -> np.ndarray:
    """Whether each hand has the macro's shape."""
    ranks, suits = _counts(masks)
    if name == "$np":
        return ranks.max(axis=1, initial=0) <= 1
    if name == "$r":
        return suits.max(axis=1, initial=0) <= 1
    pairs = (suits == 2).sum(axis=1)
    if name == "$ds":
        return (pairs == 2) & (suits.max(axis=1, initial=0) <= 2)
    if name == "$ss":
        return (pairs == 1) & (suits.max(axis=1, initial=0) <= 2)
    raise ValueError(f"no macro {name}")


def _run(token: str) -> list[str]:
    """A run's patterns, end to end (a token that is no run: itself)."""
    if "-" not in token or "[" in token:
        return [token]
    top, _, bottom = token.partition("-")
    shape = ["R" if ch in RANKS else ch for ch in top]
    if shape != ["R" if ch in RANKS else ch for ch in bottom]:
        raise ValueError(f"the ends of {token!r} differ in shape")
    steps = {RANKS.index(a) - RANKS.index(b) for a, b in zip(top, bottom) if a in RANKS}
    if len(steps) != 1 or steps.pop() < 0:
        raise ValueError(f"{token!r} is no run down")
    out, now = [], top
    while True:
        out.append(now)
        if now == bottom:
            return out
        now = "".join(RANKS[RANKS.index(ch) - 1] if ch in RANKS else ch for ch in now)


def _term_hands(term: str, k: int) -> np.ndarray:
    """The k-card hands a pattern (or a run of them) matches."""
    out = np.zeros(0, dtype=np.uint64)
    for pattern in _run(term):
        n = len(read_cards(pattern))
        if n <= k:
            out = _distinct(np.concatenate([out, _hands(_matching_sets(pattern), n, k)]))
    return out


def pattern_masks(token: str, k: int) -> np.ndarray:
    """Sorted card masks (uint64, bit = code) of the k-card hands of a token."""
    current: np.ndarray | None = None
    op, term = ":", ""
    for ch in token + ":":
        if ch not in ":!":
            term += ch
            continue
        if term.startswith("$"):
            base = _sets_of(k) if current is None else current
            picked = base[_macro_holds(term.lower(), base)]
        else:
            picked = _term_hands(term, k)
        if current is None:
            current = picked
        elif op == ":":
            current = np.intersect1d(current, picked)
        else:
            current = np.setdiff1d(current, picked)
        op, term = ch, ""
    return current if current is not None else np.zeros(0, dtype=np.uint64)
