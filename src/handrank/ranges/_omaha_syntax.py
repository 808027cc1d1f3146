"""Omaha hand patterns in ProPokerTools' generic syntax, for
:class:`handrank.Range` with ``cards=4, 5, 6`` (issue 25, item 2).

A *pattern* is a list of card patterns that must be found among a hand's
cards, each on a different card; cards it does not name are free.  A card
pattern is a rank part and a suit part, either of which may be left out:

- ranks ``AKQJT98765432``; ``*`` any rank; a rank variable, any other
  capital letter (``R``, ``O``, ``N``); a span or list in brackets: ``[A-T]``
  (ace down to ten), ``[T+]`` (ten or better), ``[9-]`` (nine or worse),
  ``[AKQ]``;
- suits ``shdc``; suit variables ``wxyz``.

One rank variable stands for one rank; different variables for different
ranks, none of them a rank the pattern names.  Suit variables likewise.  So:
``AA`` is at least two aces, ``AxAyxy`` double-suited aces, ``RR`` any pair,
``RRON`` exactly one pair in a four-card hand, ``AAxx`` two aces and two
cards of one suit, ``[A-T][A-T][A-T][A-T]`` four cards ten or better.

A token may be a *run* of patterns: ``KQJT-8765`` (each rank steps down
together: KQJT, QJT9, ..., 8765).  Macros name suit and pair shapes:
``$ds`` (two suits with two cards each, none with more), ``$ss`` (one suit
with two cards, none with more), ``$r`` (every card a different suit),
``$np`` (no two cards of one rank).  Inside a token ``:`` intersects
(``AA:$ds``) and ``!`` removes (``JJ!JJJ``: two jacks but not three).
"""
from __future__ import annotations

import re
from functools import lru_cache
from itertools import chain, combinations, combinations_with_replacement, permutations
from math import comb

import numpy as np

__all__ = ["OmahaSyntaxError", "pattern_hands", "pattern_masks"]

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
_SUIT_VARS = "wxyz"
_MACROS = ("$ds", "$ss", "$r", "$np")
#: Most (partial hand, cards to add) pairs one step of listing a pattern may
#: combine (about 200 MB); a pattern that needs more is refused.
WORK_LIMIT = 25_000_000


#: Most sets of the cards a pattern can use that counting its hands may list
#: (see _hands_holding): about 0.2 s.
COUNT_SETS = 250_000


class AllHands(Exception):
    """A pattern that every hand matches (counted, not listed): the caller
    makes the range random rather than list every hand."""


class OmahaSyntaxError(ValueError):
    """A pattern that cannot be read; ``pos`` is the offset in the token."""

    def __init__(self, message: str, pos: int = 0):
        super().__init__(message)
        self.pos = pos


# --------------------------------------------------------------- reading
def _card_patterns(text: str, base: int) -> list[tuple[object, object]]:
    """[(rank part, suit part)]: a rank part is None (any), a frozenset of
    ranks, or a variable letter; a suit part None, a suit index or a
    variable letter."""
    out: list[tuple[object, object]] = []
    i = 0
    while i < len(text):
        ch = text[i]
        rank: object = None
        start = i
        if ch == "[":
            end = text.find("]", i)
            if end < 0:
                raise OmahaSyntaxError("a '[' has no ']'", base + i)
            rank = _bracket(text[i + 1:end], base + i)
            i = end + 1
        elif ch == "*":
            rank = None
            i += 1
        elif ch.upper() in _RANKS and not (ch in _SUITS or ch in _SUIT_VARS):
            rank = frozenset([_RANKS.index(ch.upper())])
            i += 1
        elif ch.isalpha() and ch.isupper():
            rank = ch
            i += 1
        suit: object = None
        if i < len(text) and (text[i] in _SUITS or text[i] in _SUIT_VARS):
            suit = _SUITS.index(text[i]) if text[i] in _SUITS else text[i]
            i += 1
        if i == start:
            raise OmahaSyntaxError(f"{text[i]!r} is not a rank (AKQJT98765432, *, a capital "
                                   f"letter as a rank variable, [A-T]) or a suit (shdc, "
                                   f"wxyz)", base + i)
        out.append((rank, suit))
    return out


def _bracket(inner: str, pos: int) -> frozenset:
    """Ranks of a bracket: "A-T", "T+", "9-", "AKQ"."""
    up = inner.upper()
    m = re.fullmatch(r"([2-9TJQKA])-([2-9TJQKA])", up)
    if m:
        a, b = _RANKS.index(m.group(1)), _RANKS.index(m.group(2))
        return frozenset(range(min(a, b), max(a, b) + 1))
    m = re.fullmatch(r"([2-9TJQKA])([+-])", up)
    if m:
        a = _RANKS.index(m.group(1))
        return frozenset(range(a, 13) if m.group(2) == "+" else range(0, a + 1))
    if up and all(ch in _RANKS for ch in up):
        return frozenset(_RANKS.index(ch) for ch in up)
    raise OmahaSyntaxError(f"[{inner}] is not a span ([A-T], [T+], [9-]) or a list of ranks "
                           f"([AKQ])", pos)


# --------------------------------------------------------------- listing
def _bits(ranks, suits) -> np.ndarray:
    """uint64 single-card masks (bit = code) of the cards in ranks x suits."""
    return np.array([1 << (4 * r + s) for r in sorted(ranks) for s in sorted(suits)],
                    dtype=np.uint64)


def _fill_masks(n: int) -> np.ndarray:
    """Masks of every n-card set of the 52 (n <= 4)."""
    return _sets(n)[0]


def _combine(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Unique unions of a mask of a and a disjoint mask of b."""
    if a.size * b.size > WORK_LIMIT:
        raise OmahaSyntaxError("this pattern matches too many hands to list")
    u = a[:, None] | b[None, :]
    ok = (a[:, None] & b[None, :]) == 0
    return np.unique(u[ok])


def _concrete(cards: list[tuple[frozenset, frozenset]], k: int) -> np.ndarray:
    masks = np.zeros(1, dtype=np.uint64)
    for ranks, suits in sorted(cards, key=lambda c: len(c[0]) * len(c[1])):
        masks = _combine(masks, _bits(ranks, suits))
        if not masks.size:
            return masks
    return _combine(masks, _fill_masks(k - len(cards)))


def _check_size(masks: np.ndarray, limit: int | None) -> np.ndarray:
    if limit is not None and len(masks) > limit:
        raise OmahaSyntaxError(f"it matches more than {limit:,} hands, more than a range "
                               f"lists")
    return masks


def _pattern_masks(text: str, k: int, base: int, limit: int | None = None) -> np.ndarray:
    cards = _card_patterns(text, base)
    if len(cards) > k:
        raise OmahaSyntaxError(f"{text!r} names {len(cards)} cards; a hand here has {k}", base)
    if len(cards) <= _MATCH_CARDS:
        return _check_size(_matched(cards, k, limit), limit)
    return _listed(cards, k, limit)


#: Patterns of at most this many cards are matched against every set of
#: that many cards at once (numpy; C(52, 4) = 270,725 sets), then the free
#: cards are added; longer ones are listed variable binding by binding.
_MATCH_CARDS = 4


@lru_cache(maxsize=None)
def _sets(p: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every p-card set of the 52: (masks, ranks (M, p), suits (M, p))."""
    if p == 0:
        return np.zeros(1, dtype=np.uint64), np.zeros((1, 0), np.uint8), np.zeros((1, 0), np.uint8)
    idx = np.fromiter(chain.from_iterable(combinations(range(52), p)), dtype=np.uint8
                      ).reshape(-1, p)
    masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), idx.astype(np.uint64)), axis=1)
    return masks, idx >> 2, idx & 3


def _matched(cards: list[tuple[object, object]], k: int, limit: int | None) -> np.ndarray:
    """The k-card hands holding the pattern ``cards``: the p-card sets that
    match it, each with k - p free cards (counted first when ``limit`` is
    given)."""
    p = len(cards)
    found = _found(cards)
    if k == p:
        return np.sort(found)
    if limit is not None:
        # count before listing: a pattern of too many hands is refused (and
        # one of every hand reported) before any k-card hand is built
        n = _hands_holding(found, cards, k)
        if n is not None and n == comb(52, k):
            raise AllHands
        if n is not None and n > limit:
            raise OmahaSyntaxError(f"it matches {n:,} hands, more than a range lists "
                                   f"({limit:,})")
        # not counted: a hand holds at most C(k, p) of the sets
        least = -(-found.size * comb(52 - p, k - p) // comb(k, p))
        if n is None and least > limit:
            raise OmahaSyntaxError(f"it matches at least {least:,} hands, more than a "
                                   f"range lists ({limit:,})")
    if found.size * comb(52, k - p) > WORK_LIMIT:     # checked before building the fill
        raise OmahaSyntaxError("this pattern matches too many hands to list")
    return _check_size(_combine(found, _fill_masks(k - p)), limit)


def pattern_count(token: str, k: int) -> int | None:
    """How many k-card hands a pattern of at most _MATCH_CARDS cards (no
    macros, runs or operators) matches, counted without listing them; None
    when _hands_holding would not count it."""
    cards = _card_patterns(token, 0)
    if not cards or len(cards) > min(k, _MATCH_CARDS):
        return None
    if len(cards) == k:
        return len(_found(cards))
    return _hands_holding(_found(cards), cards, k)


def _found(cards: list[tuple[object, object]]) -> np.ndarray:
    """Masks of the p-card sets that match the pattern ``cards`` (every way
    of placing its cards on a set's cards, variables checked per placement,
    all sets at once)."""
    p = len(cards)
    masks, ranks, suits = _sets(p)
    named_r = {next(iter(r)) for r, _ in cards if isinstance(r, frozenset) and len(r) == 1}
    named_s = {s for _, s in cards if isinstance(s, int)}
    not_named_r = np.array([r not in named_r for r in range(13)])
    not_named_s = np.array([s not in named_s for s in range(4)])
    hit = np.zeros(len(masks), dtype=bool)
    cache: dict[tuple, np.ndarray] = {}

    def test(j: int, part: object, of: np.ndarray, n: int) -> np.ndarray | None:
        """Card j of the sets against a fixed rank set or suit (None: any)."""
        if part is None or isinstance(part, str):
            return None
        key = (j, part if isinstance(part, int) else tuple(sorted(part)), n)
        if key not in cache:
            table = np.zeros(n, dtype=bool)
            table[list(part) if isinstance(part, frozenset) else [part]] = True
            cache[key] = table[of[:, j]]
        return cache[key]

    def eq(which: int, i: int, j: int) -> np.ndarray:
        key = (which, min(i, j), max(i, j))
        if key not in cache:
            of = ranks if which == 0 else suits
            cache[key] = of[:, key[1]] == of[:, key[2]]
        return cache[key]

    def unnamed(which: int, j: int) -> np.ndarray:
        key = (which, j)
        if key not in cache:
            of, free = (ranks, not_named_r) if which == 0 else (suits, not_named_s)
            cache[key] = free[of[:, j]]
        return cache[key]

    def variables(place: tuple[int, ...], which: int) -> np.ndarray | None:
        """Each variable one value on its cards, different variables
        different values, none a value the pattern names."""
        names: dict[str, list[int]] = {}
        for (r, s), j in zip(cards, place):
            v = (r, s)[which]
            if isinstance(v, str):
                names.setdefault(v, []).append(j)
        ok = None
        firsts: list[int] = []
        for js in names.values():
            cond = unnamed(which, js[0])
            for j in js[1:]:
                cond = cond & eq(which, js[0], j)
            for other in firsts:
                cond = cond & ~eq(which, js[0], other)
            firsts.append(js[0])
            ok = cond if ok is None else ok & cond
        return ok

    same = [[i for i in range(p) if cards[i] == cards[j]] for j in range(p)]
    for place in permutations(range(p)):
        # equal card patterns are interchangeable: place them in order only
        if any(place[i] > place[j] for j in range(p) for i in same[j] if i < j):
            continue
        ok = np.ones(len(masks), dtype=bool)
        for (r, s), j in zip(cards, place):
            for cond in (test(j, r, ranks, 13), test(j, s, suits, 4)):
                if cond is not None:
                    ok &= cond
        for which in (0, 1):
            cond = variables(place, which)
            if cond is not None:
                ok &= cond
        hit |= ok
    return masks[hit]


def _holding(reps: np.ndarray, found: np.ndarray, p: int) -> np.ndarray:
    """(M,) bool: which k-card hands (M, k) of codes hold one of the p-card
    sets ``found`` (masks), by each p-subset of their cards."""
    bits = np.left_shift(np.uint64(1), reps.astype(np.uint64))
    fs = np.sort(found)
    hit = np.zeros(len(reps), dtype=bool)
    for pos in combinations(range(reps.shape[1]), p):
        m = np.bitwise_or.reduce(bits[:, list(pos)], axis=1)
        i = np.minimum(np.searchsorted(fs, m), len(fs) - 1)
        hit |= fs[i] == m
    return hit


@lru_cache(maxsize=None)
def _profiles(k: int, classes: int, size: int) -> tuple[np.ndarray, np.ndarray]:
    """One k-card hand for each way of spreading k cards over ``classes``
    groups of ``size`` cards: (M, k) numbers ``size * group + place`` (place
    < size), and (M,) the number of hands of each spread."""
    spread = np.zeros((1, 0), dtype=np.int64)               # cards per group so far
    for _ in range(classes):
        left = k - spread.sum(axis=1)
        rows = [np.column_stack([spread[left >= c], np.full((int((left >= c).sum()), 1), c)])
                for c in range(min(size, k) + 1)]
        spread = np.vstack(rows)
    spread = spread[spread.sum(axis=1) == k]
    place = np.arange(size)
    held = (place[None, None, :] < spread[:, :, None]).reshape(len(spread), -1)
    reps = np.nonzero(held)[1].reshape(-1, k)
    table = np.array([comb(size, c) for c in range(size + 1)], dtype=np.int64)
    return reps, table[spread].prod(axis=1)


def _hands_holding(found: np.ndarray, cards: list[tuple[object, object]], k: int
                   ) -> int | None:
    """How many k-card hands hold one of the p-card sets ``found`` (masks),
    counted without listing them; None when counting would cost more than
    listing is allowed to.

    - One card: a hand holds one unless all its cards are outside the cards
      the sets use (U): C(52, k) - C(52 - |U|, k).
    - A pattern with no suits (ranks only): whether a hand holds it depends
      on how many cards of each rank it has, so one hand per spread of k
      cards over the 13 ranks (at most 18,564) is tested and weighted by the
      hands of that spread; with no ranks (suits only), likewise per suit.
    - Otherwise, every set T of at most k cards of U (when there are at most
      COUNT_SETS of them): a hand holds a set iff its cards in U do, so T
      counts C(52 - |U|, k - |T|) hands."""
    if not found.size:
        return 0
    p = len(cards)
    union = int(np.bitwise_or.reduce(found))
    used = [c for c in range(52) if union >> c & 1]
    u = len(used)
    if p == 1:
        return comb(52, k) - comb(52 - u, k)
    if all(s is None for _, s in cards) or all(r is None for r, _ in cards):
        by_rank = all(s is None for _, s in cards)
        reps, weights = _profiles(k, 13 if by_rank else 4, 4 if by_rank else 13)
        if not by_rank:                                  # suit * 13 + rank as 4 * rank + suit
            reps = 4 * (reps % 13) + reps // 13
        return int(weights[_holding(reps, found, p)].sum())
    if sum(comb(u, j) for j in range(p, k + 1)) > COUNT_SETS:
        return None
    total = 0
    for j in range(p, k + 1):
        if comb(52 - u, k - j) == 0:
            continue
        idx = np.fromiter(chain.from_iterable(combinations(used, j)), dtype=np.uint8
                          ).reshape(-1, j)
        total += int(_holding(idx, found, p).sum()) * comb(52 - u, k - j)
    return total


def _listed(cards: list[tuple[object, object]], k: int, limit: int | None) -> np.ndarray:
    """The hands of a pattern of more than _MATCH_CARDS cards, listed for
    each binding of its variables."""
    named_ranks = {next(iter(r)) for r, _ in cards if isinstance(r, frozenset) and len(r) == 1}
    named_suits = {s for _, s in cards if isinstance(s, int)}
    rvars = sorted({r for r, _ in cards if isinstance(r, str)})
    svars = sorted({s for _, s in cards if isinstance(s, str)})
    free_r = [r for r in range(13) if r not in named_ranks]
    free_s = [s for s in range(4) if s not in named_suits]
    if len(rvars) > len(free_r) or len(svars) > len(free_s):
        return np.zeros(0, dtype=np.uint64)
    out = np.zeros(0, dtype=np.uint64)
    for rs in permutations(free_r, len(rvars)):
        rv = dict(zip(rvars, rs))
        for ss in permutations(free_s, len(svars)):
            sv = dict(zip(svars, ss))
            concrete = []
            for r, s in cards:
                ranks = frozenset([rv[r]]) if isinstance(r, str) else (
                    frozenset(range(13)) if r is None else r)
                suits = frozenset([sv[s]]) if isinstance(s, str) else (
                    frozenset(range(4)) if s is None else frozenset([s]))
                concrete.append((ranks, suits))
            out = _check_size(np.union1d(out, _check_size(_concrete(concrete, k), limit)),
                              limit)
    return out


def _universe(k: int) -> np.ndarray:
    if k > 5:
        raise OmahaSyntaxError("a macro alone would list every six-card hand (20,358,520); "
                               "combine it with a pattern (AA:$ds)")
    return _fill_masks(k) if k <= 4 else _combine(_fill_masks(4), _fill_masks(1))


def _suit_counts(masks: np.ndarray) -> np.ndarray:
    """(M, 4) cards of each suit."""
    bits = ((masks[:, None] >> np.arange(52, dtype=np.uint64)) & np.uint64(1)).astype(np.uint8)
    return bits.reshape(-1, 13, 4).sum(axis=1)


def _rank_counts(masks: np.ndarray) -> np.ndarray:
    bits = ((masks[:, None] >> np.arange(52, dtype=np.uint64)) & np.uint64(1)).astype(np.uint8)
    return bits.reshape(-1, 13, 4).sum(axis=2)


def _macro(name: str, masks: np.ndarray) -> np.ndarray:
    if not masks.size:
        return masks
    if name == "$np":
        return masks[(_rank_counts(masks) <= 1).all(axis=1)]
    sc = _suit_counts(masks)
    two = (sc == 2).sum(axis=1)
    most = sc.max(axis=1)
    keep = {"$ds": (two == 2) & (most <= 2), "$ss": (two == 1) & (most <= 2),
            "$r": most <= 1}[name]
    return masks[keep]


def _runs(text: str, base: int) -> list[str]:
    """A token "KQJT-8765" as its patterns; other tokens as themselves."""
    if "[" in text or "-" not in text:
        return [text]
    left, _, right = text.partition("-")
    if not re.fullmatch(r"(?:[2-9TJQKA][shdcwxyz]?)+", left) or \
            not re.fullmatch(r"(?:[2-9TJQKA][shdcwxyz]?)+", right):
        raise OmahaSyntaxError(f"{text!r}: a run is two patterns of named ranks of one shape "
                               f"(KQJT-8765)", base)
    lr = [ch for ch in left if ch in _RANKS]
    rr = [ch for ch in right if ch in _RANKS]
    ls = re.sub(r"[2-9TJQKA]", "R", left)
    if len(lr) != len(rr) or ls != re.sub(r"[2-9TJQKA]", "R", right):
        raise OmahaSyntaxError(f"{text!r}: both ends of a run have the same shape", base)
    steps = {_RANKS.index(a) - _RANKS.index(b) for a, b in zip(lr, rr)}
    if len(steps) != 1:
        raise OmahaSyntaxError(f"{text!r}: every rank of a run steps by the same amount",
                               base)
    step = steps.pop()
    out = []
    for d in range(0, abs(step) + 1):
        shift = -d if step > 0 else d
        it = iter([_RANKS[_RANKS.index(a) + shift] for a in lr])
        out.append("".join(next(it) if ch in _RANKS else ch for ch in left))
    return out


def _term(text: str, k: int, base: int, current: np.ndarray | None,
          limit: int | None = None) -> np.ndarray:
    """The hands of one term; a macro filters ``current`` (or every hand)."""
    low = text.lower()
    if low.startswith("$"):
        if low not in _MACROS:
            raise OmahaSyntaxError(f"{text!r} is not a macro ($ds, $ss, $r, $np)", base)
        return _macro(low, _universe(k) if current is None else current)
    if not text:
        raise OmahaSyntaxError("an empty pattern", base)
    out = np.zeros(0, dtype=np.uint64)
    for p in _runs(text, base):
        # a pattern intersected with what came before is listed in full
        got = _pattern_masks(p, k, base, limit if current is None else None)
        out = got if not out.size else np.union1d(out, got)
        if current is None:
            _check_size(out, limit)
    return out if current is None else np.intersect1d(current, out)


def pattern_masks(token: str, k: int, limit: int | None = None) -> np.ndarray:
    """Sorted unique card masks (bit = code) of the k-card hands of a token;
    OmahaSyntaxError as soon as its first term passes ``limit`` hands."""
    pieces = re.split(r"([:!])", token)
    pos = 0
    masks: np.ndarray | None = None
    op = ":"
    for piece in pieces:
        if piece in (":", "!"):
            op = piece
            pos += 1
            continue
        if op == ":":
            masks = _term(piece, k, pos, masks, limit if masks is None and len(pieces) == 1
                          else None)
        else:
            if masks is None:
                raise OmahaSyntaxError("'!' inside a pattern follows what it removes from",
                                       pos)
            drop = _term(piece, k, pos, masks if piece.startswith("$") else None)
            masks = np.setdiff1d(masks, drop)
        pos += len(piece)
    return masks if masks is not None else np.zeros(0, dtype=np.uint64)


def masks_to_hands(masks: np.ndarray, k: int) -> np.ndarray:
    """(M, k) uint8 codes of code-bit masks, highest card first."""
    if not masks.size:
        return np.zeros((0, k), dtype=np.uint8)
    bits = np.unpackbits(np.ascontiguousarray(masks, dtype=">u8").view(np.uint8).reshape(-1, 8),
                         axis=1)                                     # column j: code 63 - j
    codes = (63 - np.nonzero(bits)[1]).astype(np.uint8)
    return codes.reshape(-1, k)


def pattern_hands(token: str, k: int) -> np.ndarray:
    """(M, k) uint8 hands of a token, highest card first (see the module)."""
    return masks_to_hands(pattern_masks(token, k), k)
