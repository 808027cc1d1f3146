"""Equity on a Dask cluster: the same answer as :func:`handrank.equity`,
computed in independent pieces on ``dask.distributed`` workers.

Install with ``pip install 'handrank[dask]'``; every worker needs handrank.

A Monte Carlo run is a sequence of fixed-size chunks (``_core.EQUITY_CHUNK``
deals) whose random streams are seeded by (seed, chunk index) alone, and an
exact enumeration is a sequence of work units (the first one or two cards of
the first missing group).  Each task runs a contiguous range of chunks or
units and returns integer counts; the counts are added up.  So the result is
exactly that of ``handrank.equity(..., seed=seed)`` on one machine, however
the ranges are spread over the cluster.

>>> from dask.distributed import Client, LocalCluster          # doctest: +SKIP
>>> import handrank.dask
>>> with Client(LocalCluster(n_workers=4)) as client:           # doctest: +SKIP
...     r = handrank.dask.equity(client, "omaha8", ["Ah2h3s4d", "KsKd9c9h", "??"],
...                              trials=50_000_000, seed=7)
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from . import _equity
from ._equity import EquityResult
from ._games import Game
from ._runs import _brief, resolve_run, resolve_threads
from ._types import HandError

__all__ = ["equity", "ranges"]


def ranges(n: int, pieces: int) -> list[tuple[int, int]]:
    """[lo, hi) ranges splitting range(n) into at most `pieces` nearly equal parts."""
    pieces = max(1, min(pieces, n))
    return [(n * i // pieces, n * (i + 1) // pieces) for i in range(pieces)
            if n * i // pieces < n * (i + 1) // pieces]


def equity(client: Any, game: str | Game, hands: Sequence[Any], board: Any = "",
           dead: Any = "", trials: int | None = None, seed: int | None = None,
           pieces: int | None = None, threads: int = 1) -> EquityResult:
    """:func:`handrank.equity` computed on a ``dask.distributed`` client.

    Parameters
    ----------
    client
        A ``dask.distributed.Client``.
    pieces
        How many tasks to split the work into (default: 4 per worker thread).
    threads
        Threads each task uses (default 1: let Dask spread the tasks).
    game, hands, board, dead, trials, seed
        As for :func:`handrank.equity`, checked by the same code (so the same
        values are accepted and refused, with the same errors).  Give a seed
        to reproduce a Monte Carlo run exactly, here or on one machine.
    """
    trials, seed = resolve_run(trials, seed)
    resolve_threads(threads, 1)
    if pieces is not None:
        if isinstance(pieces, bool) or not isinstance(pieces, (int, np.integer)) or pieces < 1:
            raise HandError(f"pieces must be a positive integer or None; got {_brief(pieces)}")
        pieces = int(pieces)
    prep = _equity.prepare(game, hands, board, dead)
    if pieces is None:
        try:
            pieces = 4 * max(1, sum(client.nthreads().values()))
        except Exception:   # pragma: no cover - clients without nthreads()
            pieces = 16
    if trials is None:
        st = prep.state()
        if st.total > _equity.EXACT_LIMIT * 1000:
            raise HandError(f"an exact enumeration would take {st.total:,.0f} deals; "
                            f"pass trials= for Monte Carlo")
        kind, n = "exact", st.units
    else:
        kind, n = "mc", _equity.mc_chunks(trials)
    parts = ranges(n, pieces)
    futures = [client.submit(_equity.run_range, prep, kind, lo, hi, trials or 0, seed or 0,
                             threads, pure=False) for lo, hi in parts]
    counts = client.gather(futures)
    return _equity.finish(prep, _equity.merge(counts), kind == "exact", seed)
