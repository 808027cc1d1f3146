"""Hand-abstraction tables over canonical indexes: per-class features that
card-abstraction pipelines cluster (Johanson et al. 2013; Ganzfried and
Sandholm 2014).

A table is a ``.npy`` file, one row per canonical index of its rounds
(:func:`handrank.canonical_index`), written through a memory map (never all
in RAM), beside a ``.json`` file that says what it holds and which pieces
are done (``.done.npy``, one byte per piece).  The work is cut into pieces
of canonical boards: a run skips the pieces already done (so it resumes
after Ctrl-C), a piece can run anywhere that sees the files (``only=``, for
Dask or a batch system), and :func:`load_table` refuses a table whose pieces
are not all done, or that another version or other settings wrote.

Features (HS: the share of the pot won at showdown against one random
hand, ties half):

- ``river-strength`` -- rounds (2, 5): HS on the river.
- ``flop-histogram`` / ``turn-histogram`` -- (2, 3) / (2, 3, 1): the
  distribution of the river HS over every runout, in ``bins`` (equal widths
  on [0, 1], or edges); ``cumulative=True`` stores the cumulative form, whose
  L1 distance is the 1-D earth mover's distance.
- ``flop-ehs`` / ``turn-ehs``: (EHS, EHS²), the mean of the river HS and
  of its square over every runout.
- ``river-ochs`` / ``turn-ochs`` / ``flop-ochs``: all-in equity against each
  opponent cluster (``clusters``: a label per hand of :data:`HANDS` or per
  preflop class of :data:`HAND_CLASSES`, -1 for none).
"""
from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from ..ranges import HANDS, NHANDS, HAND_CLASSES, hand_class
from ._solver import _BITS, boards_of, showdown_values
from ._index import canonical_hand, canonical_index, canonical_size
from ._runouts import runouts
from ..base import HandError

__all__ = ["build_table", "load_table", "table_pieces", "TABLE_KINDS", "TABLE_VERSION"]

#: The format of table files; a table of another format is refused.
TABLE_VERSION = 1

# kind -> (rounds of the index, rounds of its boards, boards per piece)
TABLE_KINDS: dict[str, tuple[tuple[int, ...], tuple[int, ...], int]] = {
    "river-strength": ((2, 5), (5,), 2000),
    "flop-histogram": ((2, 3), (3,), 8),
    "turn-histogram": ((2, 3, 1), (3, 1), 200),
    "flop-ehs": ((2, 3), (3,), 8),
    "turn-ehs": ((2, 3, 1), (3, 1), 200),
    "river-ochs": ((2, 5), (5,), 500),
    "turn-ochs": ((2, 3, 1), (3, 1), 50),
    "flop-ochs": ((2, 3), (3,), 4),
}


def _kind(kind: Any) -> str:
    if kind not in TABLE_KINDS:
        raise HandError(f"unknown table kind {kind!r}; one of {', '.join(TABLE_KINDS)}")
    return kind


def _bins(bins: Any) -> np.ndarray:
    """Bin edges on [0, 1]: an int n gives n equal bins."""
    if isinstance(bins, (int, np.integer)) and not isinstance(bins, bool):
        if not 1 <= bins <= 10_000:
            raise HandError(f"bins must be 1..10000 or a list of edges; got {bins}")
        return np.linspace(0.0, 1.0, int(bins) + 1)
    try:
        e = np.asarray(bins, dtype=np.float64)
    except (TypeError, ValueError):
        raise HandError(f"bins must be a number of bins or a list of edges; got {bins!r}") \
            from None
    if e.ndim != 1 or len(e) < 2 or not np.isfinite(e).all() or (np.diff(e) <= 0).any() \
            or e[0] > 0 or e[-1] < 1:
        raise HandError("bin edges must increase and cover [0, 1] (first <= 0, last >= 1)")
    return e


def _clusters(clusters: Any) -> np.ndarray:
    """(K, 1326) reach vectors, one per cluster, from labels."""
    lab = np.asarray(clusters)
    if lab.shape == (len(HAND_CLASSES),):
        names = hand_class(HANDS)
        pos = {n: i for i, n in enumerate(HAND_CLASSES)}
        lab = lab[[pos[n] for n in names]]
    if lab.shape != (NHANDS,) or lab.dtype.kind not in "iu":
        raise HandError(f"clusters: an integer label per hand of HANDS (1326) or per "
                        f"preflop class of HAND_CLASSES (169), -1 for none; got shape "
                        f"{lab.shape} and dtype {lab.dtype}")
    if (lab < -1).any() or lab.max() < 0:
        raise HandError("clusters: labels are 0..K-1, or -1 for a hand in no cluster")
    k = int(lab.max()) + 1
    return (lab[None, :] == np.arange(k)[:, None]).astype(np.float64)


def _spec(kind: str, bins: Any, cumulative: bool, clusters: Any) -> tuple[dict, Any]:
    rounds, board_rounds, per_piece = TABLE_KINDS[kind]
    nboards = canonical_size(board_rounds)
    spec: dict[str, Any] = {"format": "handrank-table", "version": TABLE_VERSION,
                            "kind": kind, "rounds": list(rounds),
                            "rows": canonical_size(rounds),
                            "pieces": -(-nboards // per_piece), "dtype": "float32"}
    extra: Any = None
    if kind.endswith("histogram"):
        edges = _bins(20 if bins is None else bins)
        spec["bins"] = edges.tolist()
        spec["cumulative"] = bool(cumulative)
        spec["shape"] = [spec["rows"], len(edges) - 1]
        extra = edges
    elif kind.endswith("ochs"):
        if clusters is None:
            raise HandError(f"{kind} needs clusters= (a label per hand or preflop class)")
        extra = _clusters(clusters)
        import hashlib          # on use (docs/decisions.rst: import time)
        spec["clusters"] = hashlib.sha256(extra.tobytes()).hexdigest()[:16]
        spec["shape"] = [spec["rows"], len(extra)]
    elif kind.endswith("ehs"):
        spec["shape"] = [spec["rows"], 2]
    else:
        spec["shape"] = [spec["rows"]]
    for name, given in (("bins", bins), ("clusters", clusters)):
        if given is not None and name not in spec:
            raise HandError(f"{kind} takes no {name}=")
    return spec, extra


def table_pieces(kind: str, *, bins: Any = None, cumulative: bool = False,
                 clusters: Any = None) -> int:
    """How many pieces :func:`build_table` cuts a table of this kind into."""
    return _spec(_kind(kind), bins, cumulative, clusters)[0]["pieces"]


def _paths(path: Any) -> tuple[str, str, str]:
    p = os.fspath(path)
    if not p.endswith(".npy"):
        p += ".npy"
    return p, p[:-4] + ".json", p[:-4] + ".done.npy"


def _open(path: Any, spec: dict, create: bool) -> tuple[np.memmap, np.memmap]:
    data, meta, done = _paths(path)
    if os.path.exists(meta):
        try:
            with open(meta) as f:
                import json          # on use (docs/decisions.rst: import time)
                have = json.load(f)
        except (OSError, ValueError):
            raise HandError(f"{meta} is not a handrank table description") from None
        if have.get("format") != "handrank-table" or have.get("version") != TABLE_VERSION:
            raise HandError(f"{data} was written by another version of handrank (table "
                            f"format {have.get('version')!r}; this one reads "
                            f"{TABLE_VERSION}): build it again")
        if {k: v for k, v in have.items() if k != "complete"} != spec:
            raise HandError(f"{data} holds a table built with other settings "
                            f"({have.get('kind')}); remove it or use another path")
        try:
            arr = np.load(data, mmap_mode="r+")
            flags = np.load(done, mmap_mode="r+")
        except (OSError, ValueError) as e:
            raise HandError(f"{data} is damaged ({e}); remove it and build again") from None
        if list(arr.shape) != spec["shape"] or arr.dtype != np.float32 or \
                flags.shape != (spec["pieces"],):
            raise HandError(f"{data} is damaged (its shape is not the one its description "
                            f"gives); remove it and build again")
        return arr, flags
    if not create:
        raise HandError(f"no table at {data} (its description {meta} is missing)")
    arr = np.lib.format.open_memmap(data, mode="w+", dtype=np.float32,
                                    shape=tuple(spec["shape"]))
    flags = np.lib.format.open_memmap(done, mode="w+", dtype=np.uint8,
                                      shape=(spec["pieces"],))
    arr.flush()
    flags.flush()
    tmp = meta + ".tmp"
    import json
    with open(tmp, "w") as f:
        json.dump(dict(spec, complete=False), f)
    os.replace(tmp, meta)
    return arr, flags


def _mark_complete(path: Any, spec: dict) -> None:
    _, meta, _ = _paths(path)
    tmp = meta + ".tmp"
    import json
    with open(tmp, "w") as f:
        json.dump(dict(spec, complete=True), f)
    os.replace(tmp, meta)


def _live(boards: np.ndarray) -> np.ndarray:
    """(B, 1326) bool: the hands that miss each board."""
    bm = (np.uint64(1) << boards.astype(np.uint64)).sum(axis=1, dtype=np.uint64)
    return (_BITS[None, :] & bm[:, None]) == 0


def _rivers(board: np.ndarray, runs: np.ndarray) -> np.ndarray:
    """The river boards of a flop or turn board and its runouts, (nr, 5) uint8."""
    return np.column_stack([np.tile(board, (len(runs), 1)), runs]).astype(np.uint8)


def _runout_hs(board: np.ndarray, threads: Any) -> np.ndarray:
    """HS of every hand on each runout of a flop or turn board (the deals of
    :func:`runouts`, turn and river as a set), (R, 1326); NaN for dead hands.

    Every runout is valued: reading the strengths of one runout per class
    through the suit permutations (exact here: sums of ones) costs as much
    as the river sweeps it saves (measured: 15% slower on a two-tone flop,
    8% faster on a monotone one, twice slower on a turn)."""
    r = runouts(board, cards=5 - len(board), ordered=False)
    return _river_hs(_rivers(board, r.deals), threads)


def _river_hs(rivers: np.ndarray, threads: Any) -> np.ndarray:
    """HS of every hand on each river board, (R, 1326); NaN for dead hands."""
    v = showdown_values(rivers, np.ones((len(rivers), 1, NHANDS)), threads=threads)[:, 0]
    hs = (v / 990.0 + 1.0) / 2.0
    hs[~_live(rivers)] = np.nan
    return hs


def _features(kind: str, boards: np.ndarray, extra: Any, threads: Any) -> np.ndarray:
    """(B, 1326, F) float64 features of every hand on each board (rows of
    hands that meet a board are ignored)."""
    B = len(boards)
    if kind == "river-strength":
        return _river_hs(boards, threads)[:, :, None]
    if kind.endswith("ochs"):
        reach = np.broadcast_to(extra, (B,) + extra.shape)
        e = showdown_values(boards, reach, equity=True, threads=threads)   # (B, K, 1326)
        return np.transpose(e, (0, 2, 1))
    out = []
    for b in boards:
        hs = _runout_hs(b, threads)                          # (R, 1326), NaN where dead
        alive = ~np.isnan(hs)
        count = alive.sum(axis=0)
        if kind.endswith("ehs"):
            h0 = np.where(alive, hs, 0.0)
            with np.errstate(invalid="ignore", divide="ignore"):
                f = np.stack([h0.sum(axis=0) / count, (h0 * h0).sum(axis=0) / count], axis=1)
        else:
            edges = extra
            nb = len(edges) - 1
            idx = np.clip(np.searchsorted(edges, np.where(alive, hs, 0.0), side="right") - 1,
                          0, nb - 1)
            flat = (np.arange(NHANDS)[None, :] * nb + idx)[alive]
            counts = np.bincount(flat, minlength=NHANDS * nb).reshape(NHANDS, nb)
            with np.errstate(invalid="ignore", divide="ignore"):
                f = counts / count[:, None]
        out.append(f)
    return np.stack(out)


def _bar(done: int, total: int, t0: float) -> None:
    frac = done / total if total else 1.0
    el = time.perf_counter() - t0
    eta = f", {el / done * (total - done):.0f} s left" if done else ""
    fill = int(30 * frac)
    sys.stderr.write(f"\r[{'#' * fill}{' ' * (30 - fill)}] {100 * frac:5.1f}% "
                     f"{done}/{total} pieces{eta}   ")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def build_table(kind: str, path: Any, *, bins: Any = None, cumulative: bool = False,
                clusters: Any = None, only: Iterable[int] | None = None,
                progress: bool | Callable[[int, int], Any] | None = None,
                threads: int | None = None) -> np.ndarray | None:
    """Build (or finish) an abstraction table in ``path`` (a ``.npy`` file).

    Parameters
    ----------
    kind
        One of :data:`TABLE_KINDS` (see the module's documentation).
    path
        The table's ``.npy`` file; a ``.json`` description and a
        ``.done.npy`` piece list are kept beside it.  An existing table of
        the same kind and settings is resumed; one of other settings, or of
        another version, is refused.
    bins, cumulative
        Histograms: the number of equal bins on [0, 1] (default 20) or the
        bin edges; the cumulative form.
    clusters
        OCHS: a label 0..K-1 per hand of :data:`HANDS` (or per preflop class
        of :data:`HAND_CLASSES`), -1 for hands in no cluster.
    only
        Build only these pieces (0..:func:`table_pieces` - 1), for one
        worker of a cluster; a later call without ``only`` finishes the rest.
    progress
        True: a progress bar on stderr (default when stderr is a terminal);
        a callable: called as ``progress(done, total)`` after each piece.
    threads
        Cores to use (None: all idle ones).

    Returns
    -------
    numpy.ndarray or None
        The finished table, memory-mapped read-only (see :func:`load_table`);
        None when pieces are still missing (after ``only=``).
    """
    kind = _kind(kind)
    spec, extra = _spec(kind, bins, cumulative, clusters)
    rounds, board_rounds, per_piece = TABLE_KINDS[kind]
    arr, flags = _open(path, spec, create=True)
    npieces = spec["pieces"]
    nboards = canonical_size(board_rounds)
    todo = list(range(npieces)) if only is None else sorted(set(int(p) for p in only))
    if any(not 0 <= p < npieces for p in todo):
        raise HandError(f"pieces are 0..{npieces - 1}")
    todo = [p for p in todo if not flags[p]]
    if progress is None:
        progress = bool(getattr(sys.stderr, "isatty", lambda: False)())
    t0 = time.perf_counter()
    done0 = int(flags.sum())
    for n, p in enumerate(todo):
        lo, hi = p * per_piece, min(nboards, (p + 1) * per_piece)
        boards = canonical_hand(np.arange(lo, hi), board_rounds)
        boards = np.ascontiguousarray(boards, dtype=np.uint8)
        feats = _features(kind, boards, extra, threads)                # (B, 1326, F)
        live = _live(boards)
        b_i, h_i = np.nonzero(live)
        rows = np.concatenate([HANDS[h_i], boards[b_i]], axis=1)
        idx = canonical_index(rows, rounds, threads=threads)
        vals = feats[b_i, h_i]
        if spec.get("cumulative"):
            vals = np.cumsum(vals, axis=1)
        arr[idx] = vals.reshape((len(idx),) + arr.shape[1:]).astype(np.float32)
        arr.flush()
        flags[p] = 1
        flags.flush()
        if progress is True:
            _bar(done0 + n + 1, npieces, t0)
        elif callable(progress):
            progress(done0 + n + 1, npieces)
    if int(flags.sum()) != npieces:
        return None
    _mark_complete(path, spec)
    return load_table(path)


def load_table(path: Any) -> np.ndarray:
    """A finished table, memory-mapped read-only.  A table with pieces
    missing (interrupted, or still being built) is refused, as is one
    written by another version of handrank."""
    data, meta, done = _paths(path)
    if not os.path.exists(meta):
        raise HandError(f"no table at {data} (its description {meta} is missing)")
    try:
        with open(meta) as f:
            import json          # on use (docs/decisions.rst: import time)
            spec = json.load(f)
    except (OSError, ValueError):
        raise HandError(f"{meta} is not a handrank table description") from None
    if spec.get("format") != "handrank-table" or spec.get("version") != TABLE_VERSION:
        raise HandError(f"{data} was written by another version of handrank (table format "
                        f"{spec.get('version')!r}; this one reads {TABLE_VERSION})")
    try:
        flags = np.load(done, mmap_mode="r")
        arr = np.load(data, mmap_mode="r")
    except (OSError, ValueError) as e:
        raise HandError(f"{data} is damaged ({e}); build it again") from None
    missing = int(spec["pieces"]) - int(flags.sum())
    if not spec.get("complete") or missing:
        raise HandError(f"{data} is incomplete: {missing} of {spec['pieces']} pieces are "
                        f"missing; run build_table again to finish it")
    if list(arr.shape) != spec["shape"]:
        raise HandError(f"{data} is damaged (shape {arr.shape}, expected "
                        f"{tuple(spec['shape'])})")
    return arr
