"""A frozen copy of src/handrank/_omaha_syntax.py before the matcher was
vectorised (issue 25): it lists a pattern's hands binding by binding of its
variables, which is slow (RRON took 30-48 s) but simple.  tests/
test_omaha_ranges.py checks the package's matcher against it.

Omaha hand patterns in ProPokerTools' generic syntax, for
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
from itertools import combinations, permutations

import numpy as np

__all__ = ["OmahaSyntaxError", "pattern_hands", "pattern_masks"]

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
_SUIT_VARS = "wxyz"
_MACROS = ("$ds", "$ss", "$r", "$np")
#: Most (partial hand, cards to add) pairs one step of listing a pattern may
#: combine (about 200 MB); a pattern that needs more is refused.
WORK_LIMIT = 25_000_000


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
    if n == 0:
        return np.zeros(1, dtype=np.uint64)
    idx = np.array(list(combinations(range(52), n)), dtype=np.uint64)
    return np.bitwise_or.reduce(np.left_shift(np.uint64(1), idx), axis=1)


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
        out = np.union1d(out, _pattern_masks(p, k, base, limit if current is None else None))
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
    bits = ((masks[:, None] >> np.arange(51, -1, -1, dtype=np.uint64)) & np.uint64(1)).astype(bool)
    codes = np.broadcast_to(np.arange(51, -1, -1, dtype=np.uint8), bits.shape)[bits]
    return codes.reshape(-1, k)


def pattern_hands(token: str, k: int) -> np.ndarray:
    """(M, k) uint8 hands of a token, highest card first (see the module)."""
    return masks_to_hands(pattern_masks(token, k), k)
