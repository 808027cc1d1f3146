"""Each hold'em starting-hand class against 1..9 random hands: a table
shipped with handrank (``preflop-multiway-v1.npz``, package data), read by
:func:`preflop_vs_random` and rebuilt by ``tools/build_preflop_multiway.py``
(:func:`build_multiway`).  One opponent is exact (the heads-up figures of
``_preflop.preflop_row``); two to nine are Monte Carlo with each cell's
standard error.
"""
from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from ..ranges import HAND_CLASSES
from ._preflop import _INDEX, _representative, preflop_row
from ..base import HandError

__all__ = ["preflop_vs_random", "build_multiway", "MULTIWAY_FILE"]

#: The shipped table of :func:`preflop_vs_random`, beside this module.
MULTIWAY_FILE = "preflop-multiway-v1.npz"
MULTIWAY_OPPONENTS = 9
MULTIWAY_DEALS = 2_000_000     # Monte Carlo deals a class (for every 2..9 opponents at once)
MULTIWAY_SEED = 25
_MULTIWAY_CHUNK = 200_000
_multiway: tuple[np.ndarray, np.ndarray, int] | None = None


def _multiway_sums(cls: str, deals: int, seed: int, threads: int = 1
                   ) -> tuple[np.ndarray, np.ndarray]:
    """Monte Carlo for one class: over ``deals`` deals of a board and nine
    opponent hands (the representative's cards out), the sums of the pot
    share and of its square against the first n opponents, n = 1..9."""
    from ..cards import deal
    from ..evaluation import evaluate
    hole = np.array(_representative(cls), dtype=np.uint8)
    s1 = np.zeros(MULTIWAY_OPPONENTS)
    s2 = np.zeros(MULTIWAY_OPPONENTS)
    inv = 1.0 / np.arange(1, MULTIWAY_OPPONENTS + 2)     # a share of 1/(1 + ties)
    done, chunk = 0, 0
    while done < deals:
        m = min(_MULTIWAY_CHUNK, deals - done)
        d = deal(m, 5 + 2 * MULTIWAY_OPPONENTS, seed=(seed * 1_000_003 + chunk) % 2 ** 64,
                 dead=hole.tolist(), threads=threads)
        seven = np.empty((m, 7), dtype=np.uint8)
        seven[:, 2:] = d[:, :5]
        seven[:, :2] = hole
        ours = evaluate(seven, threads=threads)
        best = np.zeros(m, dtype=np.int16)
        ties = np.zeros(m, dtype=np.int8)
        for k in range(MULTIWAY_OPPONENTS):
            seven[:, :2] = d[:, 5 + 2 * k:7 + 2 * k]
            v = evaluate(seven, threads=threads)
            np.maximum(best, v, out=best)
            ties += v == ours
            share = np.where(best > ours, 0.0, inv[ties])
            s1[k] += share.sum()
            s2[k] += np.dot(share, share)
        done += m
        chunk += 1
    return s1, s2


def build_multiway(deals: int = MULTIWAY_DEALS, seed: int = MULTIWAY_SEED, *,
                   threads: int = 1, progress: Callable[[int, int], Any] | None = None
                   ) -> dict[str, np.ndarray]:
    """The arrays of :data:`MULTIWAY_FILE`: ``equity`` and ``se`` (169, 9),
    row = class (``HAND_CLASSES`` order), column n - 1 = n opponents.  One
    opponent is exact (:func:`preflop_row`, se 0); 2..9 are Monte Carlo,
    ``deals`` deals a class shared by every column (so each column is
    monotone in the deals themselves), with the standard error of the mean.
    ``mc_one`` (169,) is the Monte Carlo figure for one opponent, kept as a
    check of the simulation against the exact column."""
    equity = np.zeros((169, MULTIWAY_OPPONENTS))
    se = np.zeros((169, MULTIWAY_OPPONENTS))
    mc_one = np.zeros(169)
    for i, cls in enumerate(HAND_CLASSES):
        s1, s2 = _multiway_sums(cls, deals, seed * 1000 + i, threads)
        mean = s1 / deals
        equity[i] = mean
        se[i] = np.sqrt(np.maximum(s2 / deals - mean ** 2, 0.0) / (deals - 1))
        mc_one[i] = mean[0]
        equity[i, 0] = preflop_row(cls, threads=threads)[1]
        se[i, 0] = 0.0
        if progress:
            progress(i + 1, 169)
    return dict(equity=equity, se=se, mc_one=mc_one, deals=np.int64(deals),
                seed=np.int64(seed), classes=np.array(HAND_CLASSES))


def _multiway_table() -> tuple[np.ndarray, np.ndarray, int]:
    global _multiway
    if _multiway is None:
        from pathlib import Path
        file = Path(__file__).with_name(MULTIWAY_FILE)
        with np.load(file, allow_pickle=False) as data:
            equity, se, deals = data["equity"], data["se"], int(data["deals"])
            if equity.shape != (169, MULTIWAY_OPPONENTS) or se.shape != equity.shape or \
                    tuple(data["classes"]) != HAND_CLASSES or \
                    not (np.isfinite(equity).all() and (equity >= 0).all() and
                         (equity <= 1).all()):
                raise RuntimeError(f"{file} is damaged; reinstall handrank")
        _multiway = (equity, se, deals)
    return _multiway


def preflop_vs_random(hand: Any, opponents: int = 1, *, se: bool = False) -> Any:
    """The equity of a hold'em starting hand against ``opponents`` (1..9)
    random hands, all cards dealt to the river: its expected share of the
    pot (ties share), read from a table shipped with handrank.

    ``hand`` is a class (``"AKs"``, ``"QQ"``) or two cards (``"Ah Kh"``).
    ``se=True`` returns ``(equity, standard error)``.

    How the table was made (``tools/build_preflop_multiway.py``, 15 minutes
    on one shared core):
    one opponent is exact (the heads-up figures of :func:`preflop_row`, se
    0); two to nine opponents are Monte Carlo, 2,000,000 deals a class
    (board and nine hands dealt uniformly from the 50 cards left, the first n
    hands being the opponents), so the standard error is at most 3.5e-4
    (``se=True`` gives each cell's).  :func:`hand_strength` with
    ``exact=True`` is the exact counterpart on a given board.

    >>> import handrank as hr
    >>> round(hr.preflop_vs_random("AA"), 4), round(hr.preflop_vs_random("AA", 1), 6)
    (0.852, 0.852037)
    >>> eq, err = hr.preflop_vs_random("AA", 4, se=True)
    >>> round(eq, 2), err < 4e-4
    (0.56, True)
    >>> hr.preflop_vs_random("Ah Kh", 2) == hr.preflop_vs_random("AKs", 2)
    True
    """
    if isinstance(opponents, bool) or not isinstance(opponents, (int, np.integer)) or \
            not 1 <= opponents <= MULTIWAY_OPPONENTS:
        raise HandError(f"opponents must be an integer 1..{MULTIWAY_OPPONENTS}; "
                        f"got {opponents!r}")
    if isinstance(hand, str) and hand.strip() in _INDEX:
        i = _INDEX[hand.strip()]
    else:
        from ..ranges import hand_class
        cls = hand_class(hand)
        if not isinstance(cls, str):
            raise HandError(f"hand: one starting hand or class; got {len(cls)} hands")
        i = _INDEX[cls]
    equity, err, _ = _multiway_table()
    if se:
        return float(equity[i, opponents - 1]), float(err[i, opponents - 1])
    return float(equity[i, opponents - 1])


def main(argv: list[str] | None = None) -> int:
    """``build-multiway [--deals N] [--seed S] [--out FILE]``: rebuild the
    shipped multiway table (tools/build_preflop_multiway.py; about 8 minutes
    on one idle core)."""
    import argparse
    p = argparse.ArgumentParser(prog="tools/build_preflop_multiway.py")
    p.add_argument("what", choices=["build-multiway"])
    p.add_argument("--deals", type=int, default=MULTIWAY_DEALS)
    p.add_argument("--seed", type=int, default=MULTIWAY_SEED)
    from pathlib import Path
    p.add_argument("--out", default=str(Path(__file__).with_name(MULTIWAY_FILE)))
    a = p.parse_args(argv)
    t0 = time.perf_counter()

    def show(done: int, total: int) -> None:
        print(f"{done}/{total} classes, {time.perf_counter() - t0:,.0f} s", flush=True)

    arrays = build_multiway(a.deals, a.seed, progress=show)
    worst = float(np.max(np.abs(arrays["mc_one"] - arrays["equity"][:, 0])))
    print(f"Monte Carlo against one hand vs exact: worst difference {worst:.2e}; "
          f"largest se {arrays['se'].max():.2e}; {time.perf_counter() - t0:,.0f} s")
    tmp = a.out + ".tmp.npz"
    np.savez_compressed(tmp, **arrays)
    os.replace(tmp, a.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
