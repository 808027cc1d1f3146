"""Exact heads-up preflop equity of any two weighted hold'em ranges, from a
table of every hand against every hand.

Two hold'em hands that share no card meet in 812,175 unordered pairs, but
renaming suits leaves a matchup's counts unchanged, so only 47,008 *canonical
matchups* (the smallest suit renaming, ``_preflop._canonical``'s form) are
played, each over all 1,712,304 boards by the C kernel of the preflop table
(``holdem_headsup``, counting boards by rank multiset): boards won by the
first hand, by the second, and tied.  That is about 30 s on two cores; the
counts are cached like the 169-class table (``preflop-hands-v1.npz`` beside
it, validated on load with a sha256 checksum, written atomically, one
builder at a time: see ``_preflop``'s docstring, whose rules apply as they
stand; both tables' caches go through ``_cache``).

From the counts, ``W[i, j]`` (boards hand i wins against hand j, in
:data:`HANDS` order) and ``T[i, j]`` (ties) of the 1326 x 1326 hand pairs
are derived at first use (about 40 MB of float64, one table per process),
and a range against a range is three bilinear forms::

    equity = sum w1_i w2_j (W_ij + T_ij / 2) / sum w1_i w2_j BOARDS M_ij

over the pairs that share no card (``M_ij = 1``), ``w1``, ``w2`` the
weights.  A call costs a few milliseconds whatever the ranges.

The canonical matchup of a pair (a, b) is read from lookups, not by trying
the 24 suit renamings: a is renamed to its class's representative (one fixed
renaming per hand), and then only the renamings that keep the representative
(2, 4 or 6 of them) can give the smallest form, so b's smallest image under
those is tabled per class kind (pair, suited, offsuit) and hand.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from functools import lru_cache
from itertools import permutations
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from pathlib import Path

from ..ranges import CLASS_INDEX, HANDS, HAND_CLASSES, Range, parse_range
from ..base import checksum, resolve_threads, HandError
from ..equities import EquityResult, halves_of
from ..games import get_game
from . import _cache, _preflop
from ._cache import BadCache

__all__ = ["PreflopHands", "preflop_hands_table", "preflop_hands_part", "preflop_range_equity",
           "range_weights", "BOARDS", "MATCHUPS"]

BOARDS = _preflop.BOARDS            # 1,712,304 boards of the 48 cards left
MATCHUPS = 47_008                   # canonical unordered matchups of two hands
VERSION = 1
MATCHUP_SECONDS = 0.001             # one matchup on one core, a busy machine's figure
_NAMES_RANKS = "23456789TJQKA"
_SUITS = "cdhs"


# ----------------------------------------------------------------------------
# Canonical matchups
# ----------------------------------------------------------------------------

@lru_cache(maxsize=1)
def _lookups() -> tuple[np.ndarray, ...]:
    """(cls, kind, to_rep, perm_hand, kb, pack_a) -- per hand its class
    index and kind (0 pair, 1 suited, 2 offsuit) and the suit renaming that
    makes it its class's representative; ``perm_hand[p, h]`` hand h renamed by
    renaming p; ``kb[kind, h]`` the smallest ``hi * 52 + lo`` of hand h under
    the renamings that keep a representative of that kind; ``pack_a[class]``
    the representative's ``hi * 52 + lo``."""
    perms = np.array(list(permutations(range(4))), dtype=np.int64)       # (24, 4)
    cards = HANDS.astype(np.int64)                                       # (1326, 2), hi first
    renamed = (cards & ~3)[None] | perms[:, cards & 3]                   # (24, 1326, 2)
    hi, lo = renamed.max(axis=2), renamed.min(axis=2)
    perm_hand = hi * (hi - 1) // 2 + lo                                  # (24, 1326)
    ranks, suited = cards >> 2, (cards[:, 0] & 3) == (cards[:, 1] & 3)
    names = [_NAMES_RANKS[a] + _NAMES_RANKS[b] + ("" if a == b else "s" if s else "o")
             for (a, b), s in zip(ranks.tolist(), suited.tolist())]
    cls = np.array([CLASS_INDEX[n] for n in names], dtype=np.int64)
    kind = np.where(ranks[:, 0] == ranks[:, 1], 0, np.where(suited, 1, 2))
    pack_a = np.empty(len(HAND_CLASSES), dtype=np.int64)
    rep_index = np.empty(len(HAND_CLASSES), dtype=np.int64)
    for i, c in enumerate(HAND_CLASSES):
        a0, a1 = _preflop._representative(c)
        pack_a[i] = max(a0, a1) * 52 + min(a0, a1)
        rep_index[i] = max(a0, a1) * (max(a0, a1) - 1) // 2 + min(a0, a1)
    to_rep = np.argmax(perm_hand == rep_index[cls][None], axis=0)       # first renaming that fits
    stab = [np.array([set(p[:2]) == {0, 1} for p in perms.tolist()]),  # pair in suits 0, 1
            perms[:, 0] == 0,                                          # suited in suit 0
            (perms[:, 0] == 0) & (perms[:, 1] == 1)]                   # offsuit: 0 high, 1 low
    packed = hi * 52 + lo                                              # (24, 1326)
    kb = np.stack([packed[s].min(axis=0) for s in stab])               # (3, 1326)
    out = (cls, kind, to_rep, perm_hand, kb, pack_a)
    for a in out:
        a.flags.writeable = False
    return out


def matchup_keys(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The canonical matchup (``_preflop._canonical``'s smallest suit renaming
    of (a, b), each hand highest card first, packed as
    ``((a_hi * 52 + a_lo) * 52 + b_hi) * 52 + b_lo``) of hand pairs given by
    :data:`HANDS` indexes (arrays of one shape; the hands must share no card)."""
    cls, kind, to_rep, perm_hand, kb, pack_a = _lookups()
    a, b = np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64)
    return pack_a[cls[a]] * 2704 + kb[kind[a], perm_hand[to_rep[a], b]]


def _key_cards(keys: np.ndarray) -> np.ndarray:
    """(n, 4) uint8 cards (a_hi, a_lo, b_hi, b_lo) of packed matchup keys."""
    k = np.asarray(keys, dtype=np.int64)
    return np.stack([k // 140608, k // 2704 % 52, k // 52 % 52, k % 52], axis=1).astype(np.uint8)


@lru_cache(maxsize=1)
def _pairs() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(meet, unordered, flip) over the 1326 x 1326 ordered hand pairs:
    whether they share no card; the matchup played for the pair (the
    smaller key of the pair and of its swap); whether the pair is that
    matchup swapped (then the row hand's wins are the matchup's second
    hand's)."""
    bits = (np.uint64(1) << HANDS[:, 0].astype(np.uint64)) | \
        (np.uint64(1) << HANDS[:, 1].astype(np.uint64))
    meet = (bits[:, None] & bits[None, :]) == 0
    n = len(HANDS)
    key = matchup_keys(np.arange(n)[:, None], np.arange(n)[None, :])
    unordered = np.minimum(key, key.T).astype(np.int32)         # keys < 52 ** 4
    flip = key != unordered
    for a in (meet, unordered, flip):
        a.flags.writeable = False
    return meet, unordered, flip


def all_matchups() -> np.ndarray:
    """The sorted packed keys of every canonical matchup (47,008)."""
    meet, unordered, _ = _pairs()
    return np.unique(unordered[meet])


def play(keys: np.ndarray, threads: int = 1,
         progress: Callable[[int, int], Any] | None = None) -> np.ndarray:
    """(n, 3) int64 (boards the first hand wins, the second wins, ties) of
    packed matchup keys, in C, in slices (Ctrl-C gets a turn between them):
    ``_preflop._headsup``."""
    return _preflop._headsup(np.ascontiguousarray(_key_cards(keys)), threads, progress)


# ----------------------------------------------------------------------------
# The table
# ----------------------------------------------------------------------------

class PreflopHands:
    """Exact counts of hold'em hands against hands over every board.

    ``wins()`` and ``ties()`` give the 1326 x 1326 matrices (in
    :data:`HANDS` order; pairs that share a card, or whose matchup this
    table lacks, hold 0).

    Attributes
    ----------
    keys
        ``(n,)`` int64: the canonical matchups held (sorted; the whole table
        holds all 47,008, a part built by :func:`preflop_hands_part` fewer).
    counts
        ``(n, 3)`` int64: boards the first hand wins, the second wins, tied.
    complete
        Whether every matchup is held.
    """

    def __init__(self, keys: np.ndarray, counts: np.ndarray):
        self.keys = np.array(keys, dtype=np.int64)          # copies, read-only: the
        self.counts = np.array(counts, dtype=np.int64)      # matrices are made from them
        self.keys.flags.writeable = self.counts.flags.writeable = False
        self.complete = len(self.keys) == MATCHUPS
        self._mats: tuple[np.ndarray, ...] | None = None

    def _matrices(self) -> tuple[np.ndarray, ...]:
        """(E2, T, have, E2 row sums, E2 column sums, T row sums): ``E2 =
        2 W + T`` and the ties ``T`` as float64 (exact integers), the pairs
        held; made at first use."""
        if self._mats is None:
            meet, unordered, flip = _pairs()
            n = len(self.keys)
            at = np.minimum(np.searchsorted(self.keys, unordered), max(n - 1, 0))
            have = meet & (self.keys[at] == unordered) if n else np.zeros_like(meet)
            c = self.counts if n else np.zeros((1, 3), dtype=np.int64)
            won = np.where(flip, c[at, 1], c[at, 0])
            t = np.where(have, c[at, 2], 0).astype(np.float64)
            e2 = np.where(have, 2 * won, 0).astype(np.float64)
            e2 += t
            self._mats = (e2, t, have, e2.sum(axis=1), e2.sum(axis=0), t.sum(axis=1))
        return self._mats

    def wins(self) -> np.ndarray:
        """``(1326, 1326)`` float64: boards hand i wins against hand j."""
        e2, t = self._matrices()[:2]
        return (e2 - t) / 2

    def ties(self) -> np.ndarray:
        """``(1326, 1326)`` float64: boards hands i and j tie."""
        return self._matrices()[1].copy()

    def equity(self, hands1: Any, hands2: Any) -> EquityResult:
        """:func:`preflop_range_equity` from this table."""
        return _range_equity(self, [hands1, hands2])

    def __repr__(self) -> str:
        what = "all" if self.complete else f"{len(self.keys):,} of"
        return f"PreflopHands({what} {MATCHUPS:,} canonical matchups)"


def _check(arrays: dict) -> PreflopHands:
    """The table of a file that passed ``_cache.checked``, after the checks
    of its own; otherwise BadCache saying what is wrong."""
    keys, counts = arrays["keys"], arrays["counts"]
    if int(arrays["boards"]) != BOARDS or (counts.astype(np.int64).sum(axis=1) != BOARDS).any():
        raise BadCache(f"its counts do not add up to {BOARDS:,} boards a matchup")
    if not np.array_equal(keys, all_matchups()):
        raise BadCache("its matchups are not the canonical matchups of two hands")
    return PreflopHands(keys, counts)


def _load(file: Path) -> tuple[PreflopHands | None, str | None]:
    """``(table, None)``, ``(None, None)`` or ``(None, problem)``: ``_cache.load``."""
    return _cache.load(file, version=VERSION, checksum=checksum, check=_check,
                       others=("boards",), shapes={"keys": ((MATCHUPS,), "<i4"),
                                                   "counts": ((MATCHUPS, 3), "<u4")})


def _save(file: Path, keys: np.ndarray, counts: np.ndarray) -> None:
    """Write atomically (``_cache.save``)."""
    _cache.save(file, dict(keys=np.asarray(keys, dtype="<i4"),
                           counts=np.asarray(counts, dtype="<u4"),
                           version=np.int64(VERSION), boards=np.int64(BOARDS)), checksum)


def hands_cache_path() -> Path:
    """Where the table is cached: beside the 169-class table
    (``_preflop.cache_path()``'s folder), ``preflop-hands-v1.npz``."""
    return _preflop.cache_path().with_name(f"preflop-hands-v{VERSION}.npz")


# One table per process (the last one asked for): its matrices take ~40 MB.
_last: tuple[str, PreflopHands] | None = None


def preflop_hands_table(path: str | os.PathLike | None = None, rebuild: bool = False,
                        threads: int | None = None,
                        progress: Callable[[int, int], Any] | None = None) -> PreflopHands:
    """Every hold'em hand against every hand, exact: the table behind
    :func:`preflop_range_equity`.

    Loaded from the cache (``preflop-hands-v1.npz`` beside the preflop
    table's cache, or ``path``); the first call builds it (about 30 s on two
    cores; ``progress(done, total)`` reports matchups played) and writes the
    cache, with the preflop table's rules: validated on load (a damaged file
    is rebuilt with a warning), written atomically, one builder at a time,
    kept in memory with a warning when it cannot be written.  The last table
    is kept for the process.

    >>> import handrank as hr
    >>> t = hr.preflop_hands_table()             # doctest: +SKIP
    >>> t.complete                               # doctest: +SKIP
    True
    """
    global _last
    t = resolve_threads(threads, MATCHUPS * BOARDS)
    from pathlib import Path
    file = Path(path) if path is not None else hands_cache_path()
    key = os.path.abspath(file)
    if not rebuild:
        last = _last
        if last is not None and last[0] == key:
            return last[1]

    def build(touch: Callable[[], None]) -> PreflopHands:
        def tick(done: int, total: int) -> None:
            touch()
            if progress:
                progress(done, total)

        keys = all_matchups()
        return PreflopHands(keys, play(keys, t, tick))

    # a waiter gives up after three times the expected build, at least 2 min
    table, _ = _cache.load_or_build(
        file, "preflop hands table", load=_load, build=build, rebuild=rebuild,
        timeout=max(120.0, 3 * MATCHUPS * MATCHUP_SECONDS / t),
        save=lambda f, tb: _save(f, tb.keys, tb.counts))
    _last = (key, table)
    return table


# ----------------------------------------------------------------------------
# Ranges against ranges
# ----------------------------------------------------------------------------

def range_weights(hands: Any, what: str = "hands") -> tuple[np.ndarray, str, bool]:
    """``(weights, label, listed)``: a hold'em range as a (1326,) float64
    weight vector in :data:`HANDS` order (a copy), its label, and whether its
    hands are listed one by one in results (not for a random hand).  Takes
    range text, a :class:`Range` of two-card hands, or 1326 weights."""
    if isinstance(hands, str):
        hands = parse_range(hands, 2)
    if isinstance(hands, Range):
        if hands.cards != 2:
            raise HandError(f"{what}: a range of {hands.cards}-card hands; hold'em hands "
                            f"have 2 cards")
        combos = np.asarray(hands.combos, dtype=np.int64)
        w = np.zeros(len(HANDS))
        if len(combos):
            hi, lo = combos.max(axis=1), combos.min(axis=1)
            w[hi * (hi - 1) // 2 + lo] = hands.weights
        if not (w > 0).any():
            raise HandError(f"{what}: the range {hands.text!r} holds no hand")
        return w, hands.text, not hands.is_random
    try:
        w = np.array(hands, dtype=np.float64)
    except (TypeError, ValueError):
        raise HandError(f"{what}: range text, a Range or {len(HANDS)} weights in HANDS order; "
                        f"got {type(hands).__name__}") from None
    if w.shape != (len(HANDS),):
        raise HandError(f"{what}: {len(HANDS)} weights in HANDS order; got shape {w.shape}")
    if not np.isfinite(w).all():
        raise HandError(f"{what}: weights must be finite numbers; hand "
                        f"{int(np.flatnonzero(~np.isfinite(w))[0])} is {w[~np.isfinite(w)][0]}")
    if (w < 0).any():
        raise HandError(f"{what}: weights must not be negative; hand "
                        f"{int(np.flatnonzero(w < 0)[0])} has {w[w < 0][0]}")
    if not (w > 0).any():
        raise HandError(f"{what}: every weight is zero: give at least one hand a weight")
    return w, f"{int((w > 0).sum())} hands", True


def _hand_name(i: int) -> str:
    return " ".join(_NAMES_RANKS[c >> 2] + _SUITS[c & 3] for c in HANDS[i].tolist())


def _meet_sums(w: np.ndarray) -> np.ndarray:
    """(1326,): for each hand, the weight of the hands of ``w`` that share no
    card with it (``M @ w``, by card sums: all, less those holding either
    card, plus the hand itself, counted twice)."""
    per_card = np.bincount(HANDS[:, 0], w, 52) + np.bincount(HANDS[:, 1], w, 52)
    return w.sum() - per_card[HANDS[:, 0]] - per_card[HANDS[:, 1]] + w


def _mv(m: np.ndarray, x: np.ndarray) -> np.ndarray:
    return np.einsum("ij,j->i", m, x)


def _vm(x: np.ndarray, m: np.ndarray) -> np.ndarray:
    return np.einsum("i,ij->j", x, m)


def _products(table: PreflopHands, a: np.ndarray, b: np.ndarray
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(E2 @ b, a @ E2, T @ b)`` over the hands of the two supports only: a
    uniform weight over all 1326 hands (a random hand) is read from the row
    or column sums, a full support from the matrix itself (no copy), else
    the rows and columns of the supports are gathered first.

    The products are ``np.einsum`` loops on this thread, not BLAS: a
    threaded BLAS matrix-vector product took 20-25 ms instead of 0.5 ms on
    two cores busy with other work (its threads wait for each other)."""
    e2, t, _, e2_rows, e2_cols, t_rows = table._matrices()
    n = len(HANDS)
    if (b == b[0]).all():                          # uniform: random
        e2v, tv = e2_rows * b[0], t_rows * b[0]
        if (a == a[0]).all():
            return e2v, e2_cols * a[0], tv
        su = np.flatnonzero(a > 0)
        e2u = _vm(a[su], e2[su] if len(su) < n else e2)
        return e2v, e2u, tv
    su, sv = np.flatnonzero(a > 0), np.flatnonzero(b > 0)
    rows_e2 = e2[su] if len(su) < n else e2
    rows_t = t[su] if len(su) < n else t
    sub_e2 = rows_e2[:, sv] if len(sv) < n else rows_e2
    sub_t = rows_t[:, sv] if len(sv) < n else rows_t
    e2v, tv, e2u = np.zeros(n), np.zeros(n), np.zeros(n)
    e2v[su], tv[su] = _mv(sub_e2, b[sv]), _mv(sub_t, b[sv])
    e2u[sv] = _vm(a[su], sub_e2)
    return e2v, e2u, tv


def _range_equity(table: PreflopHands, players: list, labels: list[str] | None = None
                  ) -> EquityResult:
    """The EquityResult of two ranges (see :func:`preflop_range_equity`)."""
    read = [range_weights(h, f"player {p}") for p, h in enumerate(players)]
    u, v = read[0][0], read[1][0]
    weighted = any(bool((w[w > 0] != w[w > 0][0]).any()) for w, _, _ in read)
    have = table._matrices()[2]
    one_u, one_v = (u > 0).astype(np.float64), (v > 0).astype(np.float64)
    pairs = float(one_u @ _meet_sums(one_v))
    if pairs == 0:
        raise HandError("no deal is possible: the ranges share cards in every combination")
    if not table.complete:
        meet = _pairs()[0]
        lack = np.flatnonzero((meet[u > 0][:, v > 0] & ~have[u > 0][:, v > 0]).any(axis=1))
        if len(lack):
            raise HandError(f"this part of the table lacks matchups the ranges need (hand "
                            f"{_hand_name(int(np.flatnonzero(u > 0)[lack[0]]))}); build it "
                            f"for these ranges with preflop_hands_part")
    # weighted: each range scaled to a largest weight of 1, as equity counts it
    a, b = (u / u.max(), v / v.max()) if weighted else (one_u, one_v)
    mv, mu = _meet_sums(b), _meet_sums(a)          # weight met by each hand of 0 / of 1
    total = float(a @ mv) * BOARDS
    if not total > 0:
        raise HandError("the range weights are too small: the product of the weights of "
                        "every possible deal underflows to zero")
    e2v, e2u, tv = _products(table, a, b)          # E2 b, a E2 (per hand of 1), T b
    e2_ab, t_ab = float(a @ e2v), float(a @ tv)
    wins0 = (e2_ab - t_ab) / 2
    wins = np.array([wins0, total - wins0 - t_ab])
    ties = np.array([t_ab, t_ab])
    eq = (wins + ties / 2) / total
    if not weighted:                                # counts, as equity gives them
        wins, ties = wins.astype(np.int64), ties.astype(np.int64)   # exact: below 2**53
    by_hand: list[dict[str, float] | None] = []
    for (w, _, listed), got, met in ((read[0], e2v / 2, mv),
                                     (read[1], BOARDS * mu - e2u / 2, mu)):
        if not listed:
            by_hand.append(None)
            continue
        idx = np.flatnonzero((w > 0) & (met > 0))
        share = got[idx] / (met[idx] * BOARDS)
        by_hand.append({_hand_name(i): x for i, x in zip(idx.tolist(), share.tolist())})
    g = get_game("holdem")
    per_half = eq[:, None].copy()
    return EquityResult(equity=eq, wins=wins, ties=ties, deals=int(pairs) * BOARDS,
                        stderr=np.zeros(2), exact=True, seed=None, game=g.name,
                        hands=labels or [r[1] for r in read], categories=None,
                        winning_categories=None, by_hand=by_hand,
                        total_weight=total if weighted else None, **halves_of(g, per_half))


def preflop_hands_part(hands1: Any, hands2: Any, threads: int | None = None) -> PreflopHands:
    """The part of the hands table two ranges need, played now (nothing is
    read from or written to the cache): for a few ranges it is quicker than
    building the whole table.

    >>> import handrank as hr
    >>> part = hr.preflop_hands_part("AA", "KK")
    >>> part
    PreflopHands(3 of 47,008 canonical matchups)
    >>> round(float(part.equity("AA", "KK").equity[0]), 6)
    0.819461
    """
    u = range_weights(hands1, "player 0")[0]
    v = range_weights(hands2, "player 1")[0]
    t = resolve_threads(threads, MATCHUPS * BOARDS)
    meet, unordered, _ = _pairs()
    keys = np.unique(unordered[np.ix_(u > 0, v > 0)][meet[np.ix_(u > 0, v > 0)]])
    return PreflopHands(keys, play(keys, t))


def preflop_range_equity(hands1: Any, hands2: Any, table: PreflopHands | None = None
                         ) -> EquityResult:
    """Exact heads-up preflop equity of two weighted hold'em ranges (all five
    board cards to come, no dead cards), from the hands table.

    ``hands1``, ``hands2``: range text (``"QQ+, AKs:0.5"``, ``"random"``), a
    :class:`Range`, or 1326 non-negative weights in :data:`HANDS` order (a
    solver's reach vector).  Each deal of a hand of each range that share no
    card counts with the product of their weights, over all 1,712,304
    boards, as :func:`equity` counts it: the same equities, wins, ties,
    deals, ``total_weight`` and ``by_hand`` (``categories`` are not kept:
    None).  ``table``: a :class:`PreflopHands` (default: the whole table,
    :func:`preflop_hands_table`, built once and cached).  A call takes a
    few milliseconds.

    >>> import handrank as hr
    >>> r = hr.preflop_range_equity("QQ+", "AKs, AKo", table=hr.preflop_hands_part("QQ+", "AK"))
    >>> r.deals, [round(x, 4) for x in r.equity.tolist()]
    (328762368, [0.6821, 0.3179])
    """
    if table is None:
        table = preflop_hands_table()
    elif not isinstance(table, PreflopHands):
        raise HandError(f"table: a PreflopHands (preflop_hands_table() or "
                        f"preflop_hands_part(...)); got {type(table).__name__}")
    return _range_equity(table, [hands1, hands2])


def equity_upcall(players: list, labels: list[str], threads: int | None,
                  progress: Callable[[int, int], Any] | None) -> EquityResult:
    """handrank.equity's heads-up preflop ranges (the upcall
    ``preflop_ranges``): per player its live range as ``(combos, weights)``
    arrays, or None for a random hand, with the players' labels.  While the
    table is built, ``progress`` reports matchups played."""
    table = preflop_hands_table(threads=threads, progress=progress)
    given: list = []
    for r in players:
        if r is None:
            given.append(Range("random"))
            continue
        combos = np.asarray(r[0], dtype=np.int64)
        w = np.zeros(len(HANDS))
        hi, lo = combos.max(axis=1), combos.min(axis=1)
        w[hi * (hi - 1) // 2 + lo] = r[1]
        given.append(w)
    return _range_equity(table, given, labels)
