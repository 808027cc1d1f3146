"""The hold'em preflop table: exact heads-up equity of the 169 starting-hand
classes against each other and against a random hand.

Built once (a few minutes on two cores) and cached in the user's cache folder;
later calls load it in milliseconds.  Every number is exact: for a class pair
(A, B) one representative hand of A meets every hand of B that shares no card
with it, and each matchup is played out over all 1,712,304 boards.  Matchups
that differ only by a renaming of suits are played once.

How the cache behaves (the decisions, in one place):

* **Validated on load.**  The ``.npz`` is read with ``allow_pickle=False`` and
  must hold ``equity`` (169 x 169 float64), ``vs_random`` (169 float64), a
  ``version`` equal to :data:`VERSION`, the class names and a sha256
  ``checksum`` of all of them written at save time; the values must be finite,
  in [0, 1], with ``equity + equity.T == 1`` within 1e-9.  A file that fails
  any check gives a warning naming the path and the problem and is rebuilt
  and overwritten.  (Version 2 added the checksum, so the file name changed
  from ``preflop-v1.npz``; an old v1 file is ignored and may be deleted.)
* **Written atomically.**  A temporary file in the same folder is renamed over
  the cache (``os.replace``); an interrupted build or save (Ctrl-C or any
  error) leaves no cache, no temporary file and no lock behind.
* **One builder at a time.**  The builder holds ``<cache>.lock``, created with
  ``O_CREAT | O_EXCL`` and holding its pid and host, and touches it every few
  seconds.  Another process (or thread) that finds the lock waits, polling,
  then loads what the builder wrote.  A lock whose process has ended (same
  host, POSIX) or that has not been touched for ``_cache.STALE_AFTER`` seconds
  is broken; a waiter gives up after three times the expected build time and
  builds itself.  The lock only saves work: correctness rests on the atomic
  write, so two builders at worst both write the same table.
* **Unwritable cache.**  If the table cannot be saved, a warning says so and
  the table is kept in memory for the rest of the process (one entry, for the
  last such path), so later calls neither rebuild nor warn again.
* **Ctrl-C.**  The C kernel releases the GIL; it is called in slices of about
  0.2 s of work, so KeyboardInterrupt (and ``progress``) get a turn between
  slices.  ``threads`` is checked by ``handrank.base._runs.resolve_threads`` before
  any work.
* ``$HANDRANK_CACHE`` and ``$XDG_CACHE_HOME`` may use ``~`` and ``$VARS``.

The writing, reading, checking and locking are ``_cache``'s, shared with the
hands table (``_preflop_hands``); this module gives them the table's members,
checksum and checks of its own.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from itertools import permutations
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from pathlib import Path

from ..ranges import HAND_CLASSES, Range
from ..base import default_threads, resolve_threads, sliced, HandError
from ..rules import get_rules
from . import _cache
from ._cache import BadCache

__all__ = ["PreflopTable", "preflop_table", "preflop_row", "cache_path"]

BOARDS = 1_712_304
VERSION = 2                  # 2: the file holds a checksum
MATCHUPS = 47_086            # canonical matchups in the whole table
MATCHUP_SECONDS = 0.01       # one matchup (all boards) on one core, roughly
_INDEX = {c: i for i, c in enumerate(HAND_CLASSES)}
_PERMS = list(permutations(range(4)))

# The last table built for a path where it could not be saved: (path, equity,
# vs_random).  One entry only, so the memory held stays bounded.
_memo: tuple[str, np.ndarray, np.ndarray] | None = None


def cache_path() -> Path:
    """Where the table is cached: $HANDRANK_CACHE, else $XDG_CACHE_HOME/handrank,
    else ~/.cache/handrank (``~`` and ``$VARS`` in the variables are expanded)."""
    def expand(value: str) -> str:
        return os.path.expanduser(os.path.expandvars(value))
    root = os.environ.get("HANDRANK_CACHE")
    if root:
        from pathlib import Path
        return Path(expand(root)) / f"preflop-v{VERSION}.npz"
    base = os.environ.get("XDG_CACHE_HOME")
    base = expand(base) if base else os.path.join(os.path.expanduser("~"), ".cache")
    from pathlib import Path
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
    """(wins a, wins b, ties) of every canonical matchup, in C on ``threads``
    cores (:func:`_headsup`)."""
    return _headsup(np.array(sorted(keys, key=keys.get), dtype=np.uint8).reshape(-1, 4),
                    threads, progress)


def _headsup(matchups: np.ndarray, threads: int,
             progress: Callable[[int, int], Any] | None = None) -> np.ndarray:
    """(n, 3) int64 (boards the first hand wins, the second wins, ties) of
    ``(n, 4)`` uint8 matchups (C-contiguous: a_hi, a_lo, b_hi, b_lo), each
    over all boards: the C kernel on ``threads`` cores.

    The kernel releases the GIL for as long as it runs, and Python handles
    Ctrl-C only between calls, so it is called in slices (``_slices.sliced``):
    ``threads * 16`` matchups at first, then as many as the measured speed
    says fit in about ``_slices.SLICE_SECONDS``.  ``progress(done, total)`` is
    called after every slice.
    """
    n = len(matchups)
    out = np.zeros((n, 3), dtype=np.int64)
    if n == 0:
        return out
    tables = get_rules("high").tables
    done = [0]

    def run(lo: int, hi: int) -> None:
        tables.holdem_headsup(matchups[lo:hi], out[lo:hi], threads)
        done[0] = hi

    sliced(run, 0, n, first=max(1, threads * 16), max_step=max(1, threads * 256),
           report=(lambda: progress(done[0], n)) if progress else None)
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


def _build(threads: int,
           progress: Callable[[int, int], Any] | None) -> tuple[np.ndarray, np.ndarray]:
    """Play every matchup: ``(equity, vs_random)`` of the whole table."""
    pairs = [(a, b) for i, a in enumerate(HAND_CLASSES) for b in HAND_CLASSES[i:]]
    plan, keys = _plan(pairs)
    counts = _play(keys, threads, progress)
    equity = np.empty((169, 169))
    meets = np.empty((169, 169))
    for (a, b), need in plan.items():
        i, j = _INDEX[a], _INDEX[b]
        e, n = _pair_equity(need, keys, counts)
        equity[i, j], equity[j, i] = e, 1.0 - e
        size_a = len(Range(a))
        meets[i, j] = meets[j, i] = size_a * n      # hand pairs (a, b) without a shared card
    vs_random = (equity * meets).sum(axis=1) / meets.sum(axis=1)
    return equity, vs_random


# ----------------------------------------------------------------------------
# The cache file
# ----------------------------------------------------------------------------

def _checksum(equity: np.ndarray, vs_random: np.ndarray, version: int,
              classes: Iterable[str]) -> str:
    """sha256 of the version, the class names and the little-endian array bytes."""
    import hashlib
    h = hashlib.sha256()
    h.update(f"handrank preflop v{int(version)}\n".encode())
    h.update(" ".join(classes).encode())
    h.update(np.ascontiguousarray(equity, dtype="<f8").tobytes())
    h.update(np.ascontiguousarray(vs_random, dtype="<f8").tobytes())
    return h.hexdigest()


def _sum(arrays: dict) -> str:
    """``_checksum`` of a cache file's members (the class names it holds:
    only the 169 classes pass ``_check``)."""
    return _checksum(arrays["equity"], arrays["vs_random"], VERSION,
                     [str(c) for c in np.ravel(arrays["classes"])])


def _save(file: Path, equity: np.ndarray, vs_random: np.ndarray) -> None:
    """Write the table atomically (``_cache.save``)."""
    _cache.save(file, dict(equity=equity, vs_random=vs_random, version=np.int64(VERSION),
                           classes=np.array(HAND_CLASSES)), _sum)


def _check(arrays: dict) -> PreflopTable:
    """The table of a file that passed ``_cache.checked``, after the checks
    of its own; otherwise BadCache saying what is wrong."""
    equity, vs_random, classes = arrays["equity"], arrays["vs_random"], arrays["classes"]
    if classes.shape != (169,) or classes.dtype.kind != "U" or tuple(classes) != HAND_CLASSES:
        raise BadCache("its class names are not the 169 starting-hand classes")
    for name, arr in (("equity", equity), ("vs_random", vs_random)):
        if not (np.isfinite(arr).all() and (arr >= 0).all() and (arr <= 1).all()):
            raise BadCache(f"{name} has values that are not finite or outside [0, 1]")
    worst = float(np.abs(equity + equity.T - 1).max())
    if worst > 1e-9:
        raise BadCache(f"equity + equity.T differs from 1 by up to {worst:.3g}")
    return PreflopTable(equity, vs_random)


def _load(file: Path) -> tuple[PreflopTable | None, str | None]:
    """``(table, None)`` from a good cache; ``(None, None)`` if there is none;
    ``(None, problem)`` if it is unusable (``_cache.load``)."""
    return _cache.load(file, version=VERSION, checksum=_sum, check=_check, others=("classes",),
                       shapes={"equity": ((169, 169), np.float64),
                               "vs_random": ((169,), np.float64)})


def _wait_timeout() -> float:
    """How long to wait for another builder: three times the expected build
    time on this machine's cores, and at least a minute."""
    return max(60.0, 3 * MATCHUPS * MATCHUP_SECONDS / default_threads())


# ----------------------------------------------------------------------------
# The table
# ----------------------------------------------------------------------------

def preflop_table(path: str | os.PathLike | None = None, rebuild: bool = False,
                  threads: int | None = None,
                  progress: Callable[[int, int], Any] | None = None) -> PreflopTable:
    """The exact 169 x 169 preflop table (and each class against a random hand).

    Loaded from the cache (``cache_path()``, or ``path``) in milliseconds; the
    first call builds it (a few minutes on two cores, ``progress(done, total)``
    reports matchups played) and writes the cache.  A damaged cache is rebuilt
    with a warning; while another process builds it, this one waits and then
    loads it; if it cannot be written, a warning says so once and the table
    stays in memory for the rest of the process.  See the module docstring.

    >>> import handrank as hr
    >>> t = hr.preflop_table()                # doctest: +SKIP
    >>> t("AKs", "QQ")                        # doctest: +SKIP
    0.46048...
    """
    global _memo
    t = resolve_threads(threads, MATCHUPS * BOARDS)
    from pathlib import Path
    file = Path(path) if path is not None else cache_path()
    key = os.path.abspath(file)
    if not rebuild:
        memo = _memo
        if memo is not None and memo[0] == key:
            return PreflopTable(memo[1].copy(), memo[2].copy())

    def build(touch: Callable[[], None]) -> PreflopTable:
        reported = 0

        def tick(done: int, total: int) -> None:
            """After each slice: show the lock is alive; report each percent."""
            nonlocal reported
            touch()
            if progress and (100 * (done - reported) >= total or done == total):
                reported = done
                progress(done, total)

        return PreflopTable(*_build(t, tick))

    table, saved = _cache.load_or_build(
        file, "preflop table", load=_load, build=build, timeout=_wait_timeout(),
        save=lambda f, tb: _save(f, tb.equity, tb.vs_random), rebuild=rebuild)
    if not saved:
        _memo = (key, table.equity.copy(), table.vs_random.copy())
    elif _memo is not None and _memo[0] == key:
        _memo = None                              # the file is the truth again
    return table
