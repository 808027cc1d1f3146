"""The hold'em preflop table: exact heads-up equity of the 169 starting-hand
classes against each other and against a random hand.

Built once (a few minutes on two cores) and cached in the user's cache folder;
later calls load it in milliseconds.  Every number is exact: for a class pair
(A, B) one representative hand of A meets every hand of B that shares no card
with it, and each matchup is played out over all 1,712,304 boards.  Matchups
that differ only by a renaming of suits are played once.

The C kernel releases the GIL for as long as it runs, so it is called in
slices of about 0.2 s of work: Ctrl-C (and ``progress``) get a turn between
slices.  ``threads`` is checked by ``handrank._api.resolve_threads`` before any
work.
"""
from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from itertools import permutations
from pathlib import Path
from typing import Any

import numpy as np

from ._api import resolve_threads
from ._ranges import HAND_CLASSES, Range
from ._rules import get_rules
from ._types import HandError

__all__ = ["PreflopTable", "preflop_table", "preflop_row", "cache_path"]

BOARDS = 1_712_304
VERSION = 1
MATCHUPS = 47_086            # canonical matchups in the whole table
SLICE_SECONDS = 0.2          # work per call of the C kernel: Python's turn between
_INDEX = {c: i for i, c in enumerate(HAND_CLASSES)}
_PERMS = list(permutations(range(4)))


def cache_path() -> Path:
    """Where the table is cached: $HANDRANK_CACHE, else $XDG_CACHE_HOME/handrank,
    else ~/.cache/handrank."""
    root = os.environ.get("HANDRANK_CACHE")
    if root:
        return Path(root) / f"preflop-v{VERSION}.npz"
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "handrank" / f"preflop-v{VERSION}.npz"


def _representative(cls: str) -> tuple[int, int]:
    """One hand of a class: pairs and offsuit hands in clubs and diamonds,
    suited hands in clubs."""
    hi, lo = "23456789TJQKA".index(cls[0]), "23456789TJQKA".index(cls[1])
    if len(cls) == 3 and cls[2] == "s":
        return 4 * hi, 4 * lo
    return 4 * hi, 4 * lo + 1


def _canonical(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int, int, int]:
    """The same matchup under the suit renaming that makes it smallest."""
    best = None
    for p in _PERMS:
        x = sorted(((c & ~3) | p[c & 3] for c in a), reverse=True)
        y = sorted(((c & ~3) | p[c & 3] for c in b), reverse=True)
        key = (x[0], x[1], y[0], y[1])
        if best is None or key < best:
            best = key
    return best


def _class_combos() -> dict[str, list[tuple[int, int]]]:
    return {c: [tuple(int(x) for x in row) for row in Range(c).combos] for c in HAND_CLASSES}


def _plan(pairs: Iterable[tuple[str, str]]):
    """For each class pair, the canonical matchups it needs with their counts."""
    combos = _class_combos()
    plan, keys = {}, {}
    for a_cls, b_cls in pairs:
        a = _representative(a_cls)
        need: dict[tuple, int] = {}
        for b in combos[b_cls]:
            if a[0] in b or a[1] in b:
                continue
            k = _canonical(a, b)
            need[k] = need.get(k, 0) + 1
        plan[(a_cls, b_cls)] = need
        for k in need:
            keys.setdefault(k, len(keys))
    return plan, keys


def _play(keys: dict[tuple, int], threads: int,
          progress: Callable[[int, int], Any] | None = None) -> np.ndarray:
    """(wins a, wins b, ties) of every canonical matchup, in C on ``threads`` cores.

    The kernel releases the GIL for as long as it runs, and Python handles
    Ctrl-C only between calls, so it is called in slices of about
    SLICE_SECONDS of work: ``threads * 16`` matchups at first, then as many as
    the last slice's speed says fit (whole rounds of ``threads``).
    ``progress(done, total)`` is called after every slice.
    """
    matchups = np.array(sorted(keys, key=keys.get), dtype=np.uint8).reshape(-1, 4)
    n = len(matchups)
    out = np.zeros((n, 3), dtype=np.int64)
    tables = get_rules("high").tables
    step = max(1, threads * 16)
    lo = 0
    while lo < n:
        hi = min(n, lo + step)
        start = time.perf_counter()
        tables.holdem_headsup(matchups[lo:hi], out[lo:hi], threads)
        elapsed = time.perf_counter() - start
        if hi - lo == step and elapsed > 0:
            rounds = step / threads * SLICE_SECONDS / elapsed
            step = threads * int(min(256, max(1, rounds)))
        lo = hi
        if progress:
            progress(hi, n)
    return out


def _pair_equity(need: dict, keys: dict, counts: np.ndarray) -> tuple[float, int]:
    """(equity of the first class, number of hands of the second it meets)."""
    won = sum(m * (counts[keys[k], 0] + counts[keys[k], 2] / 2) for k, m in need.items())
    n = sum(need.values())
    return won / (n * BOARDS), n


class PreflopTable:
    """Exact heads-up preflop equities of the 169 hold'em starting-hand classes.

    Attributes
    ----------
    classes
        The 169 class names (``handrank.HAND_CLASSES`` order: pairs, suited,
        offsuit, high first).
    equity
        ``(169, 169)`` float64: ``equity[i, j]`` is class i's equity against
        class j (ties count half).
    vs_random
        ``(169,)`` float64: each class against a random hand.
    """

    def __init__(self, equity: np.ndarray, vs_random: np.ndarray):
        self.classes = HAND_CLASSES
        self.equity = equity
        self.vs_random = vs_random

    def __call__(self, hand: str, against: str = "random") -> float:
        """Equity of class ``hand`` against class ``against`` (or a random hand).

        >>> import handrank as hr
        >>> t = hr.preflop_table()                         # doctest: +SKIP
        >>> round(t("AA"), 4), round(t("AKs", "QQ"), 4)     # doctest: +SKIP
        (0.852, 0.4605)
        """
        i = self._index(hand)
        if against == "random":
            return float(self.vs_random[i])
        return float(self.equity[i, self._index(against)])

    @staticmethod
    def _index(cls: str) -> int:
        key = cls.strip()
        key = key[:2].upper() + key[2:].lower()
        if key not in _INDEX:
            raise HandError(f"unknown starting-hand class {cls!r}; classes look like 'AA', "
                            f"'AKs', 'T9o'")
        return _INDEX[key]

    def __repr__(self) -> str:
        return f"PreflopTable(169 classes; AA vs random {self.vs_random[0]:.4%})"


def preflop_row(hand: str, threads: int | None = None) -> tuple[np.ndarray, float]:
    """Exact equities of one class against each of the 169 and against a random
    hand, without building (or reading) the whole table: ``(row, vs_random)``.

    >>> import handrank as hr
    >>> row, vs_random = hr.preflop_row("AA")        # doctest: +SKIP
    >>> round(vs_random, 6)                           # doctest: +SKIP
    0.852037
    """
    t = resolve_threads(threads, 1000 * BOARDS)      # a row: up to 757 matchups
    cls = HAND_CLASSES[PreflopTable._index(hand)]
    plan, keys = _plan([(cls, b) for b in HAND_CLASSES])
    counts = _play(keys, t)
    row = np.empty(169)
    weights = np.empty(169)
    for j, b in enumerate(HAND_CLASSES):
        row[j], weights[j] = _pair_equity(plan[(cls, b)], keys, counts)
    return row, float(np.average(row, weights=weights))


def preflop_table(path: str | os.PathLike | None = None, rebuild: bool = False,
                  threads: int | None = None,
                  progress: Callable[[int, int], Any] | None = None) -> PreflopTable:
    """The exact 169 x 169 preflop table (and each class against a random hand).

    Loaded from the cache (``cache_path()``, or ``path``) in milliseconds; the
    first call builds it (a few minutes on two cores, ``progress(done, total)``
    reports matchups played) and writes the cache.

    >>> import handrank as hr
    >>> t = hr.preflop_table()                # doctest: +SKIP
    >>> t("AKs", "QQ")                        # doctest: +SKIP
    0.46048...
    """
    t = resolve_threads(threads, MATCHUPS * BOARDS)
    file = Path(path) if path is not None else cache_path()
    if file.exists() and not rebuild:
        with np.load(file) as data:
            if int(data["version"]) == VERSION and data["equity"].shape == (169, 169):
                return PreflopTable(data["equity"].copy(), data["vs_random"].copy())
    pairs = [(a, b) for i, a in enumerate(HAND_CLASSES) for b in HAND_CLASSES[i:]]
    plan, keys = _plan(pairs)
    reported = 0

    def each_percent(done: int, total: int) -> None:
        nonlocal reported
        if progress and (100 * (done - reported) >= total or done == total):
            reported = done
            progress(done, total)

    counts = _play(keys, t, each_percent)
    equity = np.empty((169, 169))
    meets = np.empty((169, 169))
    for (a, b), need in plan.items():
        i, j = _INDEX[a], _INDEX[b]
        e, n = _pair_equity(need, keys, counts)
        equity[i, j], equity[j, i] = e, 1.0 - e
        size_a = len(Range(a))
        meets[i, j] = meets[j, i] = size_a * n      # hand pairs (a, b) without a shared card
    vs_random = (equity * meets).sum(axis=1) / meets.sum(axis=1)
    table = PreflopTable(equity, vs_random)
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        tmp = file.with_suffix(".tmp.npz")
        np.savez(tmp, equity=equity, vs_random=vs_random, version=VERSION,
                 classes=np.array(HAND_CLASSES))
        os.replace(tmp, file)
    except OSError:
        pass                                          # a read-only home: keep it in memory
    return table
