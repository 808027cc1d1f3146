"""The exact three-way hold'em preflop table, in pieces: every triple of
starting-hand classes (A, B, C), A <= B <= C in ``HAND_CLASSES`` order
(818,805 triples; one triple gives all three seats).

A triple is counted by the C kernel ``include/handrank/tables/hr_threeway.h``: one
representative hand of A (``_preflop._representative``) meets every hand of
B and of C that shares no card with it or each other, each deal over all
1,370,754 boards of the other 46 cards, counted by rank multiset with the
flush boards counted per suit pattern.  Every number is an exact count.

``triple_counts`` gives, per triple, the matchups and the boards (over all
of them) split by each set of seats; ``shares`` turns them into each seat's
exact equity (ties split evenly).  tools/build_threeway.py builds the whole
table in resumable pieces.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from math import comb
from typing import Any

import numpy as np

from ..ranges import CLASS_INDEX, HAND_CLASSES
from ..base import checksum, sliced, HandError
from ..rules import get_rules

__all__ = ["BOARDS", "TRIPLES", "class_rows", "triple_rows", "triple_index", "triple_counts",
           "shares", "load_table", "preflop_threeway"]

BOARDS = 1_370_754                  # five-card boards of the 46 cards left
TRIPLES = comb(len(HAND_CLASSES) + 2, 3)   # 818,805 class triples with repetition
_RANKS = "23456789TJQKA"
VERSION = 1                         # of the data file
DATA_FILE = f"threeway-v{VERSION}.npz"


def class_rows() -> np.ndarray:
    """(169, 3) int32: each class's (high rank, low rank, kind), kind 0 a pair,
    1 suited, 2 offsuit."""
    rows = []
    for c in HAND_CLASSES:
        hi, lo = _RANKS.index(c[0]), _RANKS.index(c[1])
        rows.append((hi, lo, 0 if hi == lo else 1 if c.endswith("s") else 2))
    return np.array(rows, dtype=np.int32)


@lru_cache(maxsize=1)
def _all_triples() -> np.ndarray:
    n = len(HAND_CLASSES)
    a = np.arange(n, dtype=np.int32)
    t = np.array(np.meshgrid(a, a, a, indexing="ij")).reshape(3, -1).T
    t = np.ascontiguousarray(t[(t[:, 0] <= t[:, 1]) & (t[:, 1] <= t[:, 2])])
    t.flags.writeable = False
    return t


def triple_rows(lo: int = 0, hi: int = TRIPLES) -> np.ndarray:
    """(hi - lo, 3) int32: class indexes a <= b <= c of triples lo..hi-1, in
    lexicographic order (triple 0 is (0, 0, 0), the last (168, 168, 168))."""
    return _all_triples()[lo:hi].copy()


def triple_index(a: int, b: int, c: int) -> int:
    """The number of triple (a, b, c), a <= b <= c, in ``triple_rows`` order."""
    n = len(HAND_CLASSES)
    before_a = comb(n + 2, 3) - comb(n - a + 2, 3)       # triples starting below a
    m = n - a                                            # pairs (b, c) with a <= b <= c
    before_b = comb(m + 1, 2) - comb(n - b + 1, 2)
    return before_a + before_b + (c - b)


def classes_digest() -> str:
    """sha256 of the class names in order: pins the numbering of the triples."""
    import hashlib
    return hashlib.sha256(" ".join(HAND_CLASSES).encode()).hexdigest()


def load_table(path=None) -> tuple[np.ndarray, np.ndarray]:
    """The built table (``threeway-v1.npz`` beside this module, or ``path``):
    (matchups (818805,) int64, won6 (818805, 3) int64: six times the boards
    each seat wins, seat 2's being the rest), checked: version, class
    numbering, shapes, dtypes and sha256.  Raises FileNotFoundError if it is
    not built, ValueError if it fails a check."""
    from pathlib import Path
    path = Path(path) if path is not None else Path(__file__).with_name(DATA_FILE)
    with np.load(path, allow_pickle=False) as z:
        arrays = {k: z[k] for k in z.files}
    problems = []
    if arrays.get("version") != VERSION or arrays.get("triples") != TRIPLES:
        problems.append("version or number of triples")
    if str(arrays.get("classes_sha256")) != classes_digest():
        problems.append("class numbering")
    m, w = arrays.get("matchups"), arrays.get("won6")
    if (m is None or w is None or m.shape != (TRIPLES,) or m.dtype != np.uint16
            or w.shape != (TRIPLES, 2) or w.dtype != np.uint32):
        problems.append("shapes or dtypes")
    if str(arrays.get("checksum")) != checksum(arrays):
        problems.append("checksum")
    if not problems:
        m = m.astype(np.int64)
        w = w.astype(np.int64)
        rest = 6 * BOARDS * m - w.sum(axis=1)
        if (rest < 0).any():
            problems.append("seat 2's share")
    if problems:
        raise ValueError(f"{path}: not a valid three-way table ({', '.join(problems)})")
    return m, np.column_stack([w, rest])


def triple_counts(triples: np.ndarray, threads: int = 1,
                  progress: Callable[[int, int], Any] | None = None) -> np.ndarray:
    """(t, 8) int64 for (t, 3) class indexes: column 0 the matchups, column w
    (1..7) the boards split by the seats in w's bits (bit p: seat p).  Called
    in slices, so Ctrl-C gets a turn every tenth of a second or so."""
    triples = np.asarray(triples, dtype=np.int64).reshape(-1, 3)
    cls = np.ascontiguousarray(class_rows()[triples].reshape(-1, 9), dtype=np.int32)
    out = np.zeros((len(cls), 8), dtype=np.int64)
    tables = get_rules("high").tables
    done = [0]

    def run(lo: int, hi: int) -> None:
        tables.threeway(cls[lo:hi], out[lo:hi], threads)
        done[0] = hi

    sliced(run, 0, len(cls), first=max(1, threads), max_step=max(1, threads * 64),
           report=(lambda: progress(done[0], len(cls))) if progress else None)
    return out


def shares(counts: np.ndarray) -> np.ndarray:
    """(t, 3) float64: each seat's equity from ``triple_counts`` rows (a tie
    of k seats gives each 1/k of the board); NaN for a triple no deal can
    seat (such as AA, AA, AA)."""
    counts = np.asarray(counts, dtype=np.int64).reshape(-1, 8)
    six = np.zeros((len(counts), 3), dtype=np.int64)    # six times the boards won
    for w in range(1, 8):
        k = bin(w).count("1")
        for p in range(3):
            if w >> p & 1:
                six[:, p] += counts[:, w] * (6 // k)
    total = counts[:, 1:].sum(axis=1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        return six / (6.0 * total)


@lru_cache(maxsize=1)
def _shipped() -> tuple[np.ndarray, np.ndarray]:
    """The shipped table, loaded and checked once: (matchups, six times the
    boards each seat wins)."""
    try:
        return load_table()
    except (OSError, ValueError) as e:
        raise RuntimeError(f"the three-way table {DATA_FILE} is missing or damaged ({e}); "
                           f"reinstall handrank or rebuild it with "
                           f"tools/build_threeway.py") from None


def _class_number(cls: Any, seat: int) -> int:
    i = CLASS_INDEX.get(cls.strip()) if isinstance(cls, str) else None
    if i is None:
        raise HandError(f"seat {seat}: a starting-hand class such as 'AKs', 'QQ' or '72o' "
                        f"(one of the 169 in HAND_CLASSES); got {cls!r}")
    return i


def preflop_threeway(a: str, b: str, c: str) -> tuple[float, float, float]:
    """The exact equities of three hold'em starting-hand classes all in
    preflop, all five board cards dealt: each seat's expected share of the
    pot (ties share), in the order given, read from a table shipped with
    handrank (``threeway-v1.npz``, every one of the 818,805 class triples).

    Each figure averages every deal of the three classes whose six cards
    differ, each over all 1,370,754 boards of the 46 cards left, so it is
    exact (no Monte Carlo), and ``hr.equity("holdem", [a, b, c])`` of the
    same classes as ranges gives the same numbers.  Classes only: for
    given cards, suits matter and ``equity`` answers.  A triple that no
    deal can seat (``"AA", "AA", "AA"``) raises :class:`HandError`.

    >>> import handrank as hr
    >>> [round(x, 4) for x in hr.preflop_threeway("AA", "KK", "QQ")]
    [0.6698, 0.1775, 0.1527]
    >>> round(sum(hr.preflop_threeway("72o", "AKs", "JTs")), 12)
    1.0
    """
    seats = [_class_number(x, p) for p, x in enumerate((a, b, c))]
    order = sorted(range(3), key=lambda p: seats[p])
    t = triple_index(*(seats[p] for p in order))
    matchups, won6 = _shipped()
    if matchups[t] == 0:
        raise HandError(f"no deal seats {a!r}, {b!r} and {c!r} together: they need more "
                        f"than the four cards of a rank")
    total = 6.0 * BOARDS * float(matchups[t])
    out = [0.0, 0.0, 0.0]
    for k, p in enumerate(order):
        out[p] = float(won6[t, k]) / total
    return out[0], out[1], out[2]
