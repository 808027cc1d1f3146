"""Omaha starting hands in order: each canonical class of four-, five- or
six-card hands ranked by its equity against one random hand (issue 25,
item 2), for percentage ranges (``Range("10%", cards=4)``) and
:func:`preflop_percentile`.

How the order is made: hands equal up to a renaming of suits form a
class (16,432 of four cards, 134,459 of five, 962,988 of six); a class is
known by its *key*, the four suits' rank sets sorted, and classes are
numbered in the order of their keys.  Each class is played by one hand of
it against a random hand, Monte Carlo with a fixed seed per class (its
number), ``TRIALS[game]`` deals (standard error at most ``0.5 /
sqrt(trials)``: 0.0016 for four cards); classes are ordered by that equity,
best first, ties by class number.  Nothing is shipped: the first use builds
the order (minutes: about 2 on two cores for four cards) and caches it
beside the hold'em preflop table (``handrank._preflop.cache_path()``'s
folder), written atomically, validated (version, game, trials, checksum)
on load, one builder at a time (the preflop table's lock).
"""
from __future__ import annotations

import hashlib
import os
import secrets
import warnings
from collections.abc import Callable
from functools import lru_cache
from itertools import combinations, islice
from math import comb
from pathlib import Path
from typing import Any

import numpy as np

from . import _core, _range_text
from ._runs import resolve_threads
from ._types import HandError

__all__ = ["OmahaOrder", "omaha_order", "preflop_percentile", "class_keys", "class_of",
           "representatives", "TRIALS", "GAME_OF_CARDS"]

VERSION = 2                  # 2: classes numbered by their keys
#: Monte Carlo deals per class for each game.
TRIALS = {"omaha": 100_000, "omaha5": 20_000, "omaha6": 2_000}
GAME_OF_CARDS = {4: "omaha", 5: "omaha5", 6: "omaha6"}
_CARDS_OF_GAME = {g: k for k, g in GAME_OF_CARDS.items()}
_memo: dict[tuple[str, int, str], OmahaOrder] = {}


def _game(game: Any) -> tuple[str, int]:
    name = getattr(game, "name", game)
    if not isinstance(name, str) or name.lower() not in _CARDS_OF_GAME:
        raise HandError(f"game: Omaha percentages are for 'omaha', 'omaha5' and 'omaha6'; "
                        f"got {game!r}")
    name = name.lower()
    return name, _CARDS_OF_GAME[name]


class OmahaOrder:
    """The classes of one Omaha game in order of equity against a random hand.

    Attributes
    ----------
    game, cards
        The game (``"omaha"``, ``"omaha5"``, ``"omaha6"``) and its hole cards.
    equity
        ``(C,)`` float64: each class's equity against a random hand, by class
        number (the order of the class keys, :func:`class_keys`).
    size
        ``(C,)`` int64: hands in each class.
    rank
        ``(C,)`` int64: 0 for the best class, 1 for the next, ...
    percentile
        ``(C,)`` float64: the share (in percent) of all hands in the classes
        ranked at or above each class.
    trials
        Monte Carlo deals per class.
    """

    def __init__(self, game: str, equity: np.ndarray, trials: int):
        self.game, self.cards, self.trials = game, _CARDS_OF_GAME[game], int(trials)
        self.equity = equity
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

    def hands(self, percent: float) -> np.ndarray:
        """``(M, cards)`` uint8 hands of the range ``"<percent>%"``, highest card first."""
        keep = np.zeros(len(self.equity), dtype=bool)
        keep[self.top(percent)] = True
        all_hands, idx = _all_hands(self.cards)
        return all_hands[keep[idx]]

    def percentile_of(self, hands: np.ndarray) -> np.ndarray:
        """Percentiles of ``(N, cards)`` uint8 hands (checked by the caller)."""
        return self.percentile[class_of(hands)]

    def __repr__(self) -> str:
        best = self._order[0]
        return (f"OmahaOrder({self.game}: {len(self.equity):,} classes, {self.trials:,} deals "
                f"each; best equity {self.equity[best]:.4f})")


def _keys(hands: np.ndarray) -> np.ndarray:
    """The class key of each (N, k) hand: its four suits' rank sets (13 bits
    each) sorted, as one int64."""
    bits = np.left_shift(np.int64(1), (hands >> 2).astype(np.int64))   # distinct cards: + is |
    suits = hands & 3
    lanes = np.stack([np.where(suits == s, bits, 0).sum(axis=1) for s in range(4)], axis=1)
    lanes.sort(axis=1)
    return lanes[:, 0] | (lanes[:, 1] << 13) | (lanes[:, 2] << 26) | (lanes[:, 3] << 39)


def _hand_chunks(k: int, size: int = 1 << 20):
    """Every k-card hand, highest card first, in (<= size, k) uint8 chunks."""
    it = combinations(range(51, -1, -1), k)
    left = comb(52, k)
    while left:
        n = min(size, left)
        yield np.fromiter((c for h in islice(it, n) for c in h), dtype=np.uint8,
                          count=n * k).reshape(n, k)
        left -= n


@lru_cache(maxsize=3)
def _classes(k: int) -> tuple[np.ndarray, np.ndarray]:
    """(keys, sizes): every class's key, sorted, and its number of hands."""
    total: dict[int, int] = {}
    for chunk in _hand_chunks(k):
        keys, counts = np.unique(_keys(chunk), return_counts=True)
        for key, n in zip(keys.tolist(), counts.tolist()):
            total[key] = total.get(key, 0) + n
    keys = np.array(sorted(total), dtype=np.int64)
    return keys, np.array([total[x] for x in keys.tolist()], dtype=np.int64)


def class_keys(cards: int) -> np.ndarray:
    """The sorted keys of the classes of ``cards``-card hands (see the module)."""
    return _classes(cards)[0]


def class_of(hands: np.ndarray) -> np.ndarray:
    """The class number of each ``(N, k)`` hand of distinct cards below 52."""
    return np.searchsorted(_classes(hands.shape[1])[0], _keys(hands))


def representatives(k: int) -> np.ndarray:
    """One hand of each class, ``(C, k)`` uint8: suit s holds the s-th rank set."""
    keys = _classes(k)[0]
    out = np.empty((len(keys), k), dtype=np.uint8)
    for i, key in enumerate(keys.tolist()):
        cards = [4 * r + s for s in range(4) for r in range(13) if key >> (13 * s + r) & 1]
        out[i] = sorted(cards, reverse=True)
    return out


@lru_cache(maxsize=2)
def _all_hands(k: int) -> tuple[np.ndarray, np.ndarray]:
    """Every k-card hand (highest card first) and its class number."""
    if comb(52, k) > 3_000_000:
        raise HandError(f"listing every {k}-card hand ({comb(52, k):,}) is too much; "
                        f"percentage ranges are for four- and five-card hands")
    hands = next(_hand_chunks(k, comb(52, k)))
    return hands, class_of(hands)


# ---------------------------------------------------------------- building
def _build(game: str, trials: int, threads: int,
           progress: Callable[[int, int], Any] | None, tick: Callable[[], Any]) -> np.ndarray:
    from ._equity import equity
    reps = representatives(_CARDS_OF_GAME[game])
    n = len(reps)
    out = np.empty(n)
    step = max(1, n // 100)
    for i in range(n):
        r = equity(game, [reps[i].tolist(), None], trials=trials, seed=i, threads=threads)
        out[i] = r.equity[0]
        if i % step == step - 1 or i == n - 1:
            tick()
            if progress is not None:
                progress(i + 1, n)
    return out


def _checksum(game: str, equity: np.ndarray, trials: int) -> str:
    h = hashlib.sha256()
    h.update(f"handrank omaha order v{VERSION} {game} {trials}\n".encode())
    h.update(np.ascontiguousarray(equity, dtype="<f8").tobytes())
    return h.hexdigest()


def order_path(game: str) -> Path:
    """Where the order of a game is cached (beside the preflop table)."""
    from ._preflop import cache_path
    return cache_path().with_name(f"{game}-order-v{VERSION}.npz")


def _load(file: Path, game: str, trials: int) -> tuple[np.ndarray | None, str | None]:
    if not file.is_file():
        return None, None
    try:
        with np.load(file, allow_pickle=False) as data:
            need = ("equity", "version", "game", "trials", "checksum")
            if any(k not in data.files for k in need):
                return None, "it lacks some of " + ", ".join(need)
            eq = data["equity"]
            if int(data["version"]) != VERSION or str(data["game"]) != game:
                return None, "it is of another version or game"
            if int(data["trials"]) != trials:
                return None, f"it was built with {int(data['trials'])} deals a class, not {trials}"
            if eq.shape != (len(class_keys(_CARDS_OF_GAME[game])),) or eq.dtype != np.float64:
                return None, f"equity has shape {eq.shape}"
            if str(data["checksum"]) != _checksum(game, eq, trials):
                return None, "its checksum does not match its contents"
            if not (np.isfinite(eq).all() and (eq >= 0).all() and (eq <= 1).all()):
                return None, "equity has values outside [0, 1]"
            return eq.copy(), None
    except Exception as e:     # unreadable archive or member
        return None, f"it cannot be read ({type(e).__name__}: {e})"


def _save(file: Path, game: str, equity: np.ndarray, trials: int) -> None:
    file.parent.mkdir(parents=True, exist_ok=True)
    tmp = file.with_name(f"{file.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        with open(tmp, "wb") as f:
            np.savez(f, equity=equity, version=np.int64(VERSION), game=np.array(game),
                     trials=np.int64(trials), checksum=np.array(_checksum(game, equity, trials)))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, file)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def omaha_order(game: Any = "omaha", *, path: str | os.PathLike | None = None,
                rebuild: bool = False, threads: int | None = None, trials: int | None = None,
                progress: Callable[[int, int], Any] | None = None) -> OmahaOrder:
    """The :class:`OmahaOrder` of ``game`` (``"omaha"``, ``"omaha5"``,
    ``"omaha6"``): loaded from its cache, built there on first use (see the
    module docstring; ``progress(done, total)`` counts classes).  ``trials``
    (default ``TRIALS[game]``) is part of what is cached: another value
    builds another file.
    """
    from ._preflop import _BuildLock
    name, _ = _game(game)
    n_trials = TRIALS[name] if trials is None else trials
    if isinstance(n_trials, bool) or not isinstance(n_trials, (int, np.integer)) or n_trials < 1:
        raise HandError(f"trials must be a positive integer; got {trials!r}")
    n_trials = int(n_trials)
    t = resolve_threads(threads, 1 << 30)
    file = Path(path) if path is not None else order_path(name)
    if n_trials != TRIALS[name] and path is None:
        file = file.with_name(f"{name}-order-v{VERSION}-t{n_trials}.npz")
    key = (name, n_trials, os.path.abspath(file))
    if not rebuild:
        if key in _memo:
            return _memo[key]
        eq, problem = _load(file, name, n_trials)
        if eq is not None:
            _memo[key] = OmahaOrder(name, eq, n_trials)
            return _memo[key]
        if problem:
            warnings.warn(f"the {name} order cache {file} is unusable: {problem}; rebuilding "
                          f"it", stacklevel=2)
    with _BuildLock(file, 3600.0) as lock:
        eq = None
        if lock.waited and not rebuild:
            eq, _ = _load(file, name, n_trials)
        if eq is None:
            eq = _build(name, n_trials, t, progress, lock.touch)
            try:
                _save(file, name, eq, n_trials)
            except OSError as e:
                warnings.warn(f"cannot write the {name} order cache {file} "
                              f"({type(e).__name__}: {e}); keeping it in memory for this "
                              f"process", stacklevel=2)
    _memo[key] = OmahaOrder(name, eq, n_trials)
    return _memo[key]


def preflop_percentile(hand: Any, game: Any = "omaha", *, threads: int | None = None) -> Any:
    """Where an Omaha starting hand stands: the share (in percent, 0 to 100)
    of all hands of its size in the classes ranked at or above its own, by
    equity against a random hand (see :func:`omaha_order`).  ``Range("p%",
    cards=k)`` holds the hands whose percentile is at most about p.

    ``hand``: one hand (text or codes) or ``(N, cards)`` codes (an array of
    percentiles).  The first call may build the order (minutes, cached; on
    ``threads`` cores).

    >>> import handrank as hr
    >>> round(hr.preflop_percentile("As Ah Ks Kh"), 4)     # doctest: +SKIP
    0.0199
    """
    fast = _by_mask.get(game) if threads is None else None
    if fast is not None:                      # one four-card hand: a dict look-up
        try:
            a, b, c, d = _core.parse_list(hand) if type(hand) is str else hand
            if type(a) is int and type(b) is int and type(c) is int and type(d) is int:
                return fast[_MASK[a] | _MASK[b] | _MASK[c] | _MASK[d]]
        except (TypeError, ValueError, KeyError, IndexError):
            pass                              # the full path says what is wrong
    from ._input import card_array, card_list
    name, k = _game(game)
    single = isinstance(hand, str) or np.asarray(hand, dtype=object).ndim <= 1
    if single:
        codes = card_list(hand, "hand")
        rows = np.array([codes], dtype=np.uint8).reshape(1, -1)
    else:
        rows = card_array(np.asarray(hand), "hand")
    if rows.ndim != 2 or rows.shape[1] != k:
        raise HandError(f"hand: {name} hands are {k} cards; got "
                        f"{rows.shape[-1] if rows.ndim else 0}")
    srt = np.sort(rows, axis=1)
    bad = (srt[:, -1] >= 52) | (srt[:, 1:] == srt[:, :-1]).any(axis=1)
    if bad.any():
        i = int(np.argmax(bad))
        raise HandError(f"{'' if single else f'row {i}: '}hand: {k} different cards of the "
                        f"52-card deck, no jokers")
    order = omaha_order(name, threads=threads)
    out = order.percentile_of(np.ascontiguousarray(rows))
    if k == 4 and name not in _by_mask:
        every, idx = _all_hands(4)
        masks = np.bitwise_or.reduce(np.array(_MASK[:52], dtype=object)[every], axis=1)
        _by_mask[name] = _by_mask[game] = dict(zip(masks.tolist(),
                                                   order.percentile[idx].tolist()))
    return float(out[0]) if single else out


# A card's bit (16 * suit + rank); None past 51 and at negative indexes, so
# that a bad code fails the look-up instead of wrapping around.
_MASK = [1 << (16 * (c & 3) + (c >> 2)) for c in range(52)] + [None] * 52
# game name -> {mask of a four-card hand: percentile}: the single-hand fast
# path, filled by the first call of preflop_percentile for the game.
_by_mask: dict[Any, dict[int, float]] = {}


def _percent_hands(cards: int, percent: float) -> np.ndarray:
    """The hands of ``Range("<percent>%", cards=cards)``."""
    return omaha_order(GAME_OF_CARDS[cards]).hands(percent)


_range_text.OMAHA_PERCENT = _percent_hands      # Range reads Omaha percentages through this
