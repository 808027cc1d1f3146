"""Equity on a Dask cluster: the same answer as :func:`handrank.equity`,
computed in independent pieces on ``dask.distributed`` workers; and the
batch functions (:func:`evaluate`, :func:`showdown`, :func:`canonical_index`)
over chunked ``dask.array`` inputs, block by block where the blocks are.

Install the ``dask`` extra from a checkout of handrank, in the repository's
folder: ``pip install '.[dask]'`` (handrank is not on a package index yet);
every worker needs handrank.

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

The array functions take and return lazy ``dask.array`` arrays: each block
of rows is evaluated where it lives (no gather to one machine), and the
result is the local function's on the whole array:

>>> import dask.array as da
>>> import handrank as hr
>>> hands = da.from_array(hr.deal(10_000, 7, seed=1), chunks=(2_500, 7))
>>> s = handrank.dask.evaluate(hands)                           # lazy, (10000,) int16
>>> bool((s.compute() == hr.evaluate(hr.deal(10_000, 7, seed=1))).all())
True
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import numpy as np

from . import equities as _equity
from .equities import EquityResult
from .evaluation import evaluate as _evaluate
from .games import Game, get_game, showdown as _showdown
from .solver import canonical_index as _canonical_index
from .base import brief, resolve_run, resolve_threads, HandError

__all__ = ["equity", "ranges", "evaluate", "showdown", "canonical_index"]


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
    if not all(callable(getattr(client, name, None)) for name in ("submit", "gather")):
        raise HandError(f"client must be a dask.distributed Client (Client() for a local "
                        f"cluster, Client('tcp://HOST:8786') for a running scheduler); got "
                        f"{brief(client)}; handrank.equity computes without Dask")
    trials, seed = resolve_run(trials, seed)
    resolve_threads(threads, 1)
    if pieces is not None:
        if isinstance(pieces, bool) or not isinstance(pieces, (int, np.integer)) or pieces < 1:
            raise HandError(f"pieces must be a positive integer or None; got {brief(pieces)}")
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


# ------------------------------------------------------------ dask arrays

_ROW = re.compile(r"\b(row|deal) (\d+)")


def _dask_array(x: Any, what: str, ndims: tuple[int, ...], row: str) -> Any:
    """``x`` as a dask array of one of the ``ndims``, all but the first axis in
    one chunk (a block holds whole rows: each a ``row``)."""
    import dask.array as da
    if not isinstance(x, da.Array):
        raise HandError(f"{what} must be a dask.array Array (use handrank's own functions "
                        f"for other arrays); got {type(x).__name__}")
    if x.ndim not in ndims:
        shapes = " or ".join(f"{d}-D" for d in ndims)
        raise HandError(f"{what} must be a {shapes} dask array with one row per {row}; "
                        f"got shape {x.shape}")
    if any(len(c) > 1 for c in x.chunks[1:]):
        x = x.rechunk({i: -1 for i in range(1, x.ndim)})
    return x


def _known_rows(x: Any) -> Any:
    """``x`` with every block's number of rows known: an array of unknown
    chunk sizes (``x[mask]``) is measured with ``compute_chunk_sizes()`` on a
    copy (so the caller's array is left as it is), which computes it once
    more."""
    if all(c == c for c in x.chunks[0]):            # no NaN
        return x
    x = x.copy()
    x.compute_chunk_sizes()
    return x


def _empty(x: Any) -> np.ndarray:
    """What the local validators read for x: no rows of its shape and dtype
    (one row when the dtype is not integer: empty, it would be "no cards")."""
    rows = 0 if x.dtype.kind in "iu" else 1
    return np.zeros((rows,) + tuple(x.shape[1:]), dtype=x.dtype)


def _in_block(fn: Any, block_info: Any, *args: Any, **kw: Any) -> np.ndarray:
    """``fn(*args, **kw)`` on one block; a bad row's number counts from the
    whole array's first row, as the local function would say it."""
    try:
        return fn(*args, **kw)
    except HandError as e:
        first = block_info[0]["array-location"][0][0] if block_info else 0
        text = _ROW.sub(lambda m: f"{m[1]} {int(m[2]) + first}", str(e), count=1)
        raise HandError(text) from None


def _evaluate_block(block: np.ndarray, rules: Any, wild: Any, block_info: Any = None):
    return _in_block(_evaluate, block_info, block, rules, wild, threads=1)


def _index_block(block: np.ndarray, rounds: Any, block_info: Any = None):
    return _in_block(_canonical_index, block_info, block, rounds, threads=1)


def _showdown_block(holes: np.ndarray, boards: np.ndarray, start: np.ndarray, game: Any):
    info = [{"array-location": [(int(start[0]), None)]}]
    return _in_block(_showdown, info, game, holes, boards, threads=1)


def evaluate(hands: Any, rules: str = "high", wild: Any = None) -> Any:
    """:func:`handrank.evaluate` of an ``(N, k)`` integer ``dask.array``, block by
    block: a lazy ``(N,)`` int16 dask array, chunked as the rows of ``hands``.

    ``rules`` and ``wild`` are checked at once by the local function (the
    same values are accepted and refused, with the same errors); a bad card
    raises when the result is computed, naming its row in the whole array.
    """
    hands = _dask_array(hands, "hands", (2,), "hand")
    _evaluate(_empty(hands), rules, wild)           # rules, wild, dtype, cards per hand
    return hands.map_blocks(_evaluate_block, rules, wild, drop_axis=1, dtype=np.int16,
                            meta=np.empty((0,), dtype=np.int16))


def canonical_index(cards: Any, rounds: Any = (2, 3, 1, 1)) -> Any:
    """:func:`handrank.canonical_index` of an ``(N, sum(rounds))`` integer
    ``dask.array``, block by block: a lazy ``(N,)`` int64 dask array."""
    cards = _dask_array(cards, "cards", (2,), "hand")
    _canonical_index(_empty(cards), rounds)          # rounds, dtype, cards per row
    return cards.map_blocks(_index_block, rounds, drop_axis=1, dtype=np.int64,
                            meta=np.empty((0,), dtype=np.int64))


def showdown(game: str | Game, hands: Any, board: Any = None) -> Any:
    """:func:`handrank.showdown` of N deals held in ``dask.array`` arrays, block
    by block: ``hands`` ``(N, players, hole)``, ``board`` ``(N, board)`` (or
    ``(N, 2, board)`` for a double-board game; None for games without a
    board).  A lazy ``(N, players)`` float64 dask array of pot shares.

    The boards are rechunked to the blocks of the hands.  Arrays whose
    chunk sizes are unknown (filtered by a boolean mask: ``x[mask]``) are
    measured first with ``compute_chunk_sizes()``, which computes them once
    at the call (call it yourself on an array you use again, to pay once).
    """
    import dask.array as da
    g = get_game(game)
    hands = _known_rows(_dask_array(hands, "hands", (3,), "deal"))
    if board is None:
        board = da.zeros((hands.shape[0], 0), dtype=np.uint8, chunks=(hands.chunks[0], 0))
    board = _known_rows(_dask_array(board, "board", (2, 3), "deal"))
    try:
        _showdown(g, _empty(hands), _empty(board))   # game, players, shapes, dtypes
    except HandError as e:                           # told of no deals: say how many
        n = hands.shape[0]
        raise HandError(str(e).replace("for 0 deals", f"for {n} deals")
                        .replace(" (0, ", f" ({n}, ")) from None
    if board.shape[0] != hands.shape[0]:
        raise HandError(f"{g.name}: {hands.shape[0]} deals of hands but {board.shape[0]} "
                        f"boards")
    board = board.rechunk({0: hands.chunks[0]})
    starts = np.cumsum((0,) + hands.chunks[0][:-1])   # each block's first deal
    starts = da.from_array(starts, chunks=1)
    # block i of the deals with block i of the boards and of the starts
    return da.blockwise(_showdown_block, "ij", hands, "ijk", board,
                        "il" if board.ndim == 2 else "ilm", starts, "i", game=g,
                        dtype=np.float64, concatenate=True, align_arrays=False,
                        meta=np.empty((0, 0), dtype=np.float64))
