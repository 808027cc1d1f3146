"""Omaha starting hands in order: each canonical class of four-, five- or
six-card hands ranked by its equity against one random hand (issue 25,
item 2), for percentage ranges (``Range("10%", cards=4)``) and
:func:`preflop_percentile`.

Hands equal up to a renaming of suits form a class (16,432 of four cards,
134,459 of five, 962,988 of six); a class is known by its *key*, the four
suits' rank sets sorted, and classes are numbered in the order of their
keys.  The orders are shipped as package data (``omaha-order-v3.npz``,
``omaha5-order-v3.npz``, ``omaha6-order-v3.npz``), built by ``tools/build_omaha_orders.py``
(:mod:`handrank.tables._omaha_build`: Monte Carlo with common random numbers) and
checked when loaded (version, game, class numbering, shape, checksum);
each file records how it was computed (:attr:`OmahaOrder.provenance`).
Classes are ordered by equity, best first, ties by class number.
"""
from __future__ import annotations

import os
from functools import lru_cache
from itertools import combinations_with_replacement, permutations
from math import comb
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from pathlib import Path

from .. import _core
from ..base import checksum, read_problem, HandError
from ..games import get_game
from ..cards import brief_repr

__all__ = ["OmahaOrder", "omaha_order", "preflop_percentile", "class_keys", "class_of",
           "representatives", "GAME_OF_CARDS"]

VERSION = 3                  # 3: shipped, common random numbers, quantised
#: The shipped equity is ``round(equity * EQUITY_SCALE)`` as uint16 and the
#: standard error ``round(se / se_unit)`` as uint8 (``se_unit`` in the file).
EQUITY_SCALE = 65535
GAME_OF_CARDS = {4: "omaha", 5: "omaha5", 6: "omaha6"}
_CARDS_OF_GAME = {g: k for k, g in GAME_OF_CARDS.items()}
_memo: dict[tuple[str, str], OmahaOrder] = {}


def _game(game: Any) -> tuple[str, int]:
    """(name, hole cards) of an Omaha game given by name, alias or
    :class:`~handrank.Game`: resolved by :func:`~handrank.get_game`, the one
    table of game names and aliases (so ``"plo"``, ``"PLO"``, ``"omaha4"``
    and ``"plo5"`` are known here as they are to ``showdown``)."""
    try:
        g = get_game(game)
    except HandError:
        g = None
    name = g.name if g is not None else None
    if name not in _CARDS_OF_GAME:
        known = "; ".join(
            f"{n!r}" + (f" (also {', '.join(map(repr, get_game(n).aliases))})"
                        if get_game(n).aliases else "") for n in _CARDS_OF_GAME)
        shown = brief_repr(game)
        raise HandError(f"game: Omaha percentages are for {known}; got {shown}"
                        + (f" (the game {name!r})" if name is not None and
                           isinstance(game, str) and name != game.strip().lower() else ""))
    return name, _CARDS_OF_GAME[name]


class OmahaOrder:
    """The classes of one Omaha game in order of equity against a random hand.

    Attributes
    ----------
    game, cards
        The game (``"omaha"``, ``"omaha5"``) and its hole cards.
    equity
        ``(C,)`` float64: each class's equity against a random hand, by class
        number (the order of the class keys, :func:`class_keys`), to within
        1/65,535 of the build's figure (shipped as uint16).
    se
        ``(C,)`` float64: the standard error of each class's equity, to
        ``provenance["se_unit"]`` (1e-5; shipped as uint8).
    size
        ``(C,)`` int64: hands in each class.
    rank
        ``(C,)`` int64: 0 for the best class, 1 for the next, ...
    percentile
        ``(C,)`` float64: the share (in percent) of all hands in the classes
        ranked at or above each class.
    provenance
        How the order was computed: pool deals, seed, deals a class, standard
        errors of equities and of differences next in order, date, CPU time.
    """

    def __init__(self, game: str, equity: np.ndarray, se: np.ndarray, provenance: dict):
        self.game, self.cards = game, _CARDS_OF_GAME[game]
        self.equity, self.se, self.provenance = equity, se, provenance
        self.size = _classes(self.cards)[1]
        order = np.lexsort((np.arange(len(equity)), -equity))
        self.rank = np.empty(len(equity), dtype=np.int64)
        self.rank[order] = np.arange(len(equity))
        cum = np.cumsum(self.size[order])
        self.percentile = np.empty(len(equity))
        self.percentile[order] = 100.0 * cum / comb(52, self.cards)
        self._order = order

    def top(self, percent: float) -> np.ndarray:
        """Class indexes of the range ``"<percent>%"``, best first: whole
        classes until their hands reach ``percent`` of all hands (the class
        that crosses it is in)."""
        p = float(percent)
        if not 0 <= p <= 100:
            raise HandError(f"a percentage is a number from 0 to 100; got {percent!r}")
        pct = self.percentile[self._order]
        n = int(np.searchsorted(pct, p - 1e-9, side="left")) + 1 if p > 0 else 0
        return self._order[:min(n, len(pct))]

    def hands(self, percent: float, limit: int = 3_000_000) -> np.ndarray:
        """``(M, cards)`` uint8 hands of the range ``"<percent>%"``, highest
        card first, rows in the order of ``itertools.combinations`` over the
        cards from 51 down.  Listed from the classes (no other hand is
        made); more than ``limit`` hands raise :class:`HandError`."""
        top = self.top(percent)
        n = int(self.size[top].sum())
        if n > limit:
            most = float(self.percentile[self._order][
                np.searchsorted(np.cumsum(self.size[self._order]), limit, "right") - 1])
            raise HandError(f"{percent}% of {self.game} hands is {n:,} hands, more than a "
                            f"range lists ({limit:,}, here about {most:.1f}%)")
        return class_hands(class_keys(self.cards)[top], self.cards)

    def percentile_of(self, hands: np.ndarray) -> np.ndarray:
        """Percentiles of ``(N, cards)`` uint8 hands (checked by the caller)."""
        return self.percentile[class_of(hands)]

    def __repr__(self) -> str:
        best = self._order[0]
        return (f"OmahaOrder({self.game}: {len(self.equity):,} classes, "
                f"{self.provenance['deals_min']:,}+ deals each; best equity "
                f"{self.equity[best]:.4f})")


def _keys(hands: np.ndarray) -> np.ndarray:
    """The class key of each (N, k) hand: its four suits' rank sets (13 bits
    each) sorted, as one int64."""
    bits = np.left_shift(np.int64(1), (hands >> 2).astype(np.int64))   # distinct cards: + is |
    suits = hands & 3
    lanes = np.stack([np.where(suits == s, bits, 0).sum(axis=1) for s in range(4)], axis=1)
    lanes.sort(axis=1)
    return lanes[:, 0] | (lanes[:, 1] << 13) | (lanes[:, 2] << 26) | (lanes[:, 3] << 39)


def keys_digest(k: int) -> str:
    """sha256 of the sorted class keys of k-card hands: pins the numbering."""
    import hashlib
    return hashlib.sha256(np.ascontiguousarray(class_keys(k), dtype="<i8").tobytes()).hexdigest()


def order_file(game: str) -> str:
    """The shipped order of ``game``, beside this module."""
    return f"{game}-order-v{VERSION}.npz"


def _partitions(k: int, parts: int = 4, most: int | None = None):
    """Every way of writing k as ``parts`` numbers, largest first (zeros allowed)."""
    most = k if most is None else most
    if parts == 0:
        if k == 0:
            yield ()
        return
    for first in range(min(k, most), -1, -1):
        for rest in _partitions(k - first, parts - 1, first):
            yield (first,) + rest


@lru_cache(maxsize=3)
def _classes(k: int) -> tuple[np.ndarray, np.ndarray]:
    """(keys, sizes): every class's key, sorted, and its number of hands.

    Each class is made once, with no hand listed: for each way of sharing
    k cards among the four suits up to their order (a partition of k), the
    suits holding equally many cards take their rank sets in non-decreasing
    order (so no class is made twice) and the other suits take any.  A class
    whose rank sets repeat m1, m2, ... times holds 24 / (m1! m2! ...) hands:
    its four sets dealt to the suits in the orders that differ.  (Making
    every suit-ordered hand and keeping the unique keys, 20 M rows for six
    cards, took ten times as long; tests/test_omaha_order.py does that.)"""
    bits = np.arange(1 << 13, dtype=np.int64)
    ones = np.zeros(1 << 13, dtype=np.int64)
    for r in range(13):
        ones += (bits >> r) & 1
    sets = [bits[ones == n] for n in range(k + 1)]
    parts = []
    for share in _partitions(k):
        groups = [(n, share.count(n)) for n in sorted(set(share), reverse=True)]
        picks = [np.array(list(combinations_with_replacement(range(len(sets[n])), m)),
                          dtype=np.int64) for n, m in groups]
        grid = np.meshgrid(*(np.arange(len(p)) for p in picks), indexing="ij")
        cols = [sets[n][p[g.ravel()][:, j]]
                for (n, m), p, g in zip(groups, picks, grid) for j in range(m)]
        parts.append(np.stack(cols, axis=1))
    lanes = np.sort(np.concatenate(parts), axis=1)
    key = lanes[:, 0] | (lanes[:, 1] << 13) | (lanes[:, 2] << 26) | (lanes[:, 3] << 39)
    order = np.argsort(key)
    key, lanes = key[order], lanes[order]
    run = np.ones((len(key), 4), dtype=np.int64)      # place of each lane in its run of equals
    for j in range(1, 4):
        run[:, j] = np.where(lanes[:, j] == lanes[:, j - 1], run[:, j - 1] + 1, 1)
    return key, 24 // run.prod(axis=1)


def class_keys(cards: int) -> np.ndarray:
    """The sorted keys of the classes of ``cards``-card hands (see the module)."""
    return _classes(cards)[0]


def class_of(hands: np.ndarray) -> np.ndarray:
    """The class number of each ``(N, k)`` hand of distinct cards below 52."""
    return np.searchsorted(_classes(hands.shape[1])[0], _keys(hands))


@lru_cache(maxsize=3)
def representatives(k: int) -> np.ndarray:
    """One hand of each class, ``(C, k)`` uint8: suit s holds the s-th rank set."""
    keys = _classes(k)[0]
    out = np.empty((len(keys), k), dtype=np.uint8)
    for i, key in enumerate(keys.tolist()):
        cards = [4 * r + s for s in range(4) for r in range(13) if key >> (13 * s + r) & 1]
        out[i] = sorted(cards, reverse=True)
    out.flags.writeable = False
    return out


@lru_cache(maxsize=None)
def _spread() -> np.ndarray:
    """Card bit masks of a suit's rank set: ``_spread()[s, rank set]`` sets
    bit 4 * r + s for each rank r in it.  Built on first use, not at import
    (docs/decisions.rst, "Import time")."""
    spread = np.zeros((4, 1 << 13), dtype=np.uint64)
    for r in range(13):
        on = (np.arange(1 << 13) >> r) & 1 == 1
        for s in range(4):
            spread[s, on] |= np.uint64(1) << np.uint64(4 * r + s)
    spread.flags.writeable = False
    return spread


def class_hands(keys: np.ndarray, k: int) -> np.ndarray:
    """Every hand of the classes ``keys``: ``(M, k)`` uint8, highest card
    first, rows in the order of ``itertools.combinations`` over the cards
    from 51 down (descending card masks).  Each class is its four rank sets
    dealt to the suits in the 24 orders; equal rank sets give a hand more
    than once, so the masks are made unique."""
    keys = np.asarray(keys, dtype=np.int64)
    lanes = [((keys >> (13 * i)) & 0x1FFF) for i in range(4)]
    sp = _spread()
    masks = np.concatenate([sp[0, lanes[p[0]]] | sp[1, lanes[p[1]]] |
                            sp[2, lanes[p[2]]] | sp[3, lanes[p[3]]]
                            for p in permutations(range(4))]) if len(keys) else \
        np.zeros(0, dtype=np.uint64)
    masks = np.sort(masks)[::-1]
    masks = masks[np.concatenate(([True], masks[1:] != masks[:-1]))]
    out = np.empty((len(masks), k), dtype=np.uint8)
    left = masks.copy()
    for i in range(k):                         # highest set bit, exact below 2**53
        top = (np.frexp(left.astype(np.float64))[1] - 1).astype(np.uint8)
        out[:, i] = top
        left ^= np.uint64(1) << top.astype(np.uint64)
    return out


# ---------------------------------------------------------------- loading
#: What a shipped order holds besides ``equity``, ``se`` and ``checksum``.
PROVENANCE = ("version", "game", "classes", "keys_sha256", "pool_deals", "batches", "seed",
              "deals_min", "se_unit", "deals_mean", "se_max", "se_median", "diff_se_median",
              "diff_se_p95", "indep_se_median", "percentile_spread_median", "cpu_seconds",
              "date", "method")


def _load(file: Path, game: str) -> OmahaOrder:
    """The order in ``file``, checked; RuntimeError naming what is wrong."""
    def bad(why: str) -> RuntimeError:
        return RuntimeError(f"the {game} order {file} is unusable: {why}; reinstall handrank "
                            f"or rebuild it with tools/build_omaha_orders.py")
    k = _CARDS_OF_GAME[game]
    try:
        with np.load(file, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
    except Exception as e:     # unreadable archive or member
        raise bad(read_problem(e)) from None
    missing = [n for n in ("equity", "se", "checksum", *PROVENANCE) if n not in arrays]
    if missing:
        raise bad("it lacks " + ", ".join(missing))
    if str(arrays["checksum"]) != checksum(arrays):
        raise bad("its checksum does not match its contents")
    if int(arrays["version"]) != VERSION or str(arrays["game"]) != game:
        raise bad(f"it is version {int(arrays['version'])} of {str(arrays['game'])!r}")
    n = len(class_keys(k))
    eq, se = arrays["equity"], arrays["se"]
    for name_, a, dt in (("equity", eq, np.uint16), ("se", se, np.uint8)):
        if a.shape != (n,) or a.dtype != dt:
            raise bad(f"{name_} is {a.dtype}{a.shape}, not {np.dtype(dt)}({n},)")
    if str(arrays["keys_sha256"]) != keys_digest(k):
        raise bad("its classes are numbered otherwise")
    info = {name: arrays[name].item() for name in PROVENANCE}
    if not 0 < info["se_unit"] < 1:
        raise bad(f"se_unit is {info['se_unit']!r}")
    return OmahaOrder(game, eq / EQUITY_SCALE, se * info["se_unit"], info)


def omaha_order(game: Any = "omaha", *, path: str | os.PathLike | None = None) -> OmahaOrder:
    """The :class:`OmahaOrder` of ``game`` (``"omaha"``, ``"omaha5"`` or
    ``"omaha6"``, or an alias of one, such as ``"plo"``), read from the data shipped with handrank (or from
    ``path``, a file of ``tools/build_omaha_orders.py``) and checked.
    """
    name, _ = _game(game)
    from pathlib import Path
    file = Path(path) if path is not None else Path(__file__).with_name(order_file(name))
    key = (name, os.path.abspath(file))
    if key in _memo:
        return _memo[key]
    if not file.is_file():
        raise RuntimeError(f"the {name} order {file} is missing; reinstall handrank or "
                           f"rebuild it with tools/build_omaha_orders.py")
    _memo[key] = _load(file, name)
    return _memo[key]


def preflop_percentile(hand: Any, game: Any = "omaha") -> Any:
    """Where an Omaha starting hand stands: the share (in percent, 0 to 100)
    of all hands of its size in the classes ranked at or above its own, by
    equity against a random hand (see :func:`omaha_order`).  ``Range("p%",
    cards=k)`` holds the hands whose percentile is at most about p.

    ``hand``: one hand (text or codes) or ``(N, cards)`` codes (an array of
    percentiles).  ``game``: ``"omaha"``, ``"omaha5"`` or ``"omaha6"``, by
    name, by any alias :func:`get_game` knows (``"plo"``, ``"PLO5"``) or as
    a :class:`Game`.

    >>> import handrank as hr
    >>> hr.preflop_percentile("As Ah Ks Kh") < 0.1 < hr.preflop_percentile("As Ah Kd Qc")
    True
    >>> hr.preflop_percentile("7c 6d 3h 2s") > 90
    True
    """
    fast = _fast.get(game) if type(game) is str else None
    if fast is not None:                      # one hand: its class key and a binary search in C
        value = fast.lookup(hand)
        if value is not None:
            return value                      # else the full path says what is wrong
    from ..cards import card_array, card_list, codes_array
    name, k = _game(game)
    single = isinstance(hand, str) or np.asarray(hand, dtype=object).ndim <= 1
    if single:
        codes = card_list(hand, "hand")
        rows = np.array([codes], dtype=np.uint8).reshape(1, -1)
    else:
        rows = card_array(codes_array(hand, "hand"), "hand")
    if rows.ndim != 2 or rows.shape[1] != k:
        raise HandError(f"hand: {name} hands are {k} cards; got "
                        f"{rows.shape[-1] if rows.ndim else 0}")
    srt = np.sort(rows, axis=1)
    bad = (srt[:, -1] >= 52) | (srt[:, 1:] == srt[:, :-1]).any(axis=1)
    if bad.any():
        i = int(np.argmax(bad))
        raise HandError(f"{'' if single else f'row {i}: '}hand: {k} different cards of the "
                        f"52-card deck, no jokers")
    order = omaha_order(name)
    out = order.percentile_of(np.ascontiguousarray(rows))
    if name not in _fast:
        _fast[name] = _core.OmahaClassValue(class_keys(k), order.percentile, k)
    if isinstance(game, str) and game not in _fast:
        _fast[game] = _fast[name]
    return float(out[0]) if single else out


# game name (as given, or canonical) -> the class percentiles by key in C:
# the single-hand fast path, filled by the first call of preflop_percentile
# for the game (at most a few entries per game).
_fast: dict[str, Any] = {}


def omaha_percent_hands(cards: int, percent: float, limit: int) -> np.ndarray:
    """The hands of ``Range("<percent>%", cards=cards)``, at most ``limit``
    (the upcall ``omaha_percent`` of range text)."""
    return omaha_order(GAME_OF_CARDS[cards]).hands(percent, limit)

