"""Equity with folded players' cards drawn from their ranges ("bunching"):
``equity(..., folded=[range, ...])`` (issue 25, item 3).

The deal is one joint draw: the live players' hands (from their hands or
ranges), the folded players' hands (from their ranges) and the board, all
of different cards, each deal weighted by the product of the range weights.
The folded hands never reach the showdown; they only take cards from the
deck.  So a folded range that holds many aces leaves fewer aces to come.

- **Exact** (``trials=None``): every folded configuration (one hand from
  each folded range, no card shared) is played out exactly with its cards
  dead, and the counts are added with the configuration's weight, which
  gives the joint enumeration.  For small questions: at most
  ``EXACT_CONFIGS`` configurations and ``EXACT_LIMIT`` deals in all.
- **Monte Carlo** (``trials=n``): ``S`` configurations (about one per
  ``TRIALS_PER_CONFIG`` trials, at most ``MAX_CONFIGS``) are drawn from the
  joint distribution (a folded configuration and the live players' range
  hands drawn by weight together, kept when no card is shared, so that each
  configuration comes as often as the deals it allows), each is played
  with its share of the trials; the runs are averaged.  The standard error
  is that of the mean of the configurations' equities (the configurations
  are the independent units).  Reproducible from ``seed`` on any number of
  threads.

A folded hand given as ``"??"`` changes nothing (a random hand that is
never seen) and is left out; known cards of a folded hand are dead cards.
"""
from __future__ import annotations

from itertools import product
from typing import Any

import numpy as np

from .. import _core
from ._equity import (EXACT_LIMIT, EquityResult, Prepared, _by_hand, _check_counts, _hand, _mc,
                      _result, prepare)
from ..base import resolve_run, resolve_threads, sliced, HandError
from ..ranges import in_deck

__all__ = ["folded_equity", "EXACT_CONFIGS", "TRIALS_PER_CONFIG", "MAX_CONFIGS"]

#: Most folded configurations an exact run plays.
EXACT_CONFIGS = 20_000
#: Monte Carlo: about one folded configuration per this many trials ...
TRIALS_PER_CONFIG = 2_000
#: ... and at most this many.
MAX_CONFIGS = 1_000

_MIX = 0x9E3779B97F4A7C15


def _masks(combos: np.ndarray) -> np.ndarray:
    """uint64 masks (bit = code) of (M, k) codes below 64."""
    return np.bitwise_or.reduce(np.left_shift(np.uint64(1), combos.astype(np.uint64)), axis=1)


def _folded_ranges(folded: Any, base: Prepared, known: list[int]
                   ) -> tuple[list[tuple[np.ndarray, np.ndarray]], list[int]]:
    """(each folded range's (combos, weights) without known cards, extra dead cards)."""
    g = base.game
    if isinstance(folded, str) or not isinstance(folded, (list, tuple)):
        raise HandError("folded is a list with one entry per folded player (a range, a "
                        "hand, or '??')")
    if g.boards != 1 or g.board == 0:
        raise HandError(f"folded ranges are for games with one board; {g.name} has "
                        f"{'no board' if g.board == 0 else 'two boards'}")
    out, dead = [], []
    for i, spec in enumerate(folded):
        what = f"folded {i}"
        rng, codes = _hand(spec, g, what)
        if rng is None:
            if len(codes) == g.hole:
                from ..ranges import Range
                rng = Range([codes], cards=g.hole)
            else:                                   # known cards dead, the rest random
                dead += codes
                continue
        if rng.is_random:
            continue
        live = in_deck(rng, g.cards, what).without(known)
        if not len(live):
            raise HandError(f"{what}: no hand of the range {rng.text!r} is left once the "
                            f"known, board and dead cards are removed")
        out.append((live.combos, live.weights))
    return out, dead


def _without(base: Prepared, cards: np.ndarray) -> tuple[Prepared, list[np.ndarray]]:
    """The question with ``cards`` dead: its Prepared, and for each ranged
    player the indexes (into the base range) of the hands it keeps."""
    gone = set(int(c) for c in cards)
    deck = [c for c in base.deck if c not in gone]
    ranges, keep = [], []
    m = 0
    for c in cards:
        m |= 1 << int(c)
    for r in base.ranges:
        if r is None:
            ranges.append(None)
            keep.append(np.zeros(0, dtype=np.intp))
            continue
        k = np.flatnonzero((_masks(r[0]) & np.uint64(m)) == 0)
        if not len(k):
            return base, []                      # no deal: this configuration adds nothing
        ranges.append((np.ascontiguousarray(r[0][k]), np.ascontiguousarray(r[1][k])))
        keep.append(k)
    prep = Prepared(base.game, base.holes, base.board, deck, base.labels,
                    ranges if base.ranges else [], base.board2)
    return prep, keep


class _Sum:
    """Counts of several runs, each added with a factor on its weighted parts."""

    def __init__(self, base: Prepared):
        self.base = base
        self.cnt = self.wcnt = self.cats = self.wcats = None
        self.deals, self.wdeals = 0, 0.0
        sizes = [0 if r is None else len(r[0]) for r in base.ranges]
        self.offsets = np.cumsum([0] + sizes)
        self.share = np.zeros(int(self.offsets[-1]))
        self.weight = np.zeros(int(self.offsets[-1]))
        self.dd = self.dx = None

    def add(self, counts: dict, factor: float, keep: list[np.ndarray]) -> None:
        w = counts["wcnt"] if counts["wcnt"] is not None else counts["cnt"].astype(np.float64)
        wc = counts["wcats"] if counts["wcats"] is not None else counts["cats"].astype(
            np.float64)
        wd = counts["wdeals"] if counts["wcnt"] is not None else float(counts["deals"])
        if self.cnt is None:
            self.cnt, self.cats = counts["cnt"].copy(), counts["cats"].copy()
            self.wcnt, self.wcats = factor * w, factor * wc
            self.dd, self.dx = counts["dd"].copy(), counts["dx"] * factor
        else:
            self.cnt += counts["cnt"]
            self.cats += counts["cats"]
            self.wcnt += factor * w
            self.wcats += factor * wc
            self.dd += counts["dd"]
            self.dx += factor * counts["dx"]
        self.deals += counts["deals"]
        self.wdeals += factor * wd
        if counts["hand_share"] is not None:
            start = 0
            for p, r in enumerate(self.base.ranges):
                if r is None:
                    continue
                k = keep[p]
                at = self.offsets[p] + k
                self.share[at] += factor * counts["hand_share"][start:start + len(k)]
                self.weight[at] += factor * counts["hand_weight"][start:start + len(k)]
                start += len(k)

    def result(self, weighted: bool, exact: bool, seed: int | None,
               stderr: np.ndarray | None) -> EquityResult:
        base = self.base
        _check_counts(base, self.deals, self.wdeals if weighted or base.ranges else 1.0)
        summary = _core.equity_summary(self.cnt, self.wcnt, self.cats, self.deals, self.wdeals,
                                       exact, weighted, 1, self.dd, self.dx,
                                       self.wcats if weighted else None)
        if stderr is not None:
            summary = summary[:3] + (stderr,) + summary[4:]
        counts = {"hand_share": self.share if base.ranges else None,
                  "hand_weight": self.weight if base.ranges else None}
        return _result(base, summary, self.deals, exact, seed, _by_hand(base, counts))


def _configs_exact(fold: list[tuple[np.ndarray, np.ndarray]]
                   ) -> tuple[np.ndarray, np.ndarray]:
    """Every configuration (one hand a folded range, no card shared) as
    (C, cards) codes and (C,) weights."""
    rows = [np.zeros((1, 0), dtype=np.uint8)]
    weights = [np.ones(1)]
    masks = [np.zeros(1, dtype=np.uint64)]
    cur_rows, cur_w, cur_m = rows[0], weights[0], masks[0]
    for combos, w in fold:
        cm = _masks(combos)
        if len(cur_m) * len(cm) > 50 * EXACT_CONFIGS:
            raise _TooMany()
        ok = (cur_m[:, None] & cm[None, :]) == 0
        i, j = np.nonzero(ok)
        if len(i) > EXACT_CONFIGS:
            raise _TooMany()
        cur_rows = np.concatenate([cur_rows[i], combos[j]], axis=1)
        cur_w = cur_w[i] * w[j]
        cur_m = cur_m[i] | cm[j]
    return cur_rows, cur_w


class _TooMany(Exception):
    pass


def _sample_configs(fold, base: Prepared, n: int, seed: int) -> np.ndarray:
    """n configurations drawn from the joint distribution (see the module)."""
    rng = np.random.default_rng(seed)
    fmasks = [_masks(c) for c, _ in fold]
    fp = [w / w.sum() for _, w in fold]
    live = [(r[0], r[1] / r[1].sum(), _masks(r[0])) for r in base.ranges if r is not None]
    out: list[np.ndarray] = []
    drawn = 0
    while sum(len(o) for o in out) < n:
        b = max(64, 2 * n)
        drawn += b
        if drawn > 200 * n + 100_000:
            raise HandError("the folded ranges clash with each other or with the live "
                            "ranges in almost every draw; give ranges that can be dealt "
                            "together")
        idx = [rng.choice(len(p), size=b, p=p) for p in fp]
        m = np.zeros(b, dtype=np.uint64)
        ok = np.ones(b, dtype=bool)
        for j, ix in enumerate(idx):
            ok &= (m & fmasks[j][ix]) == 0
            m |= fmasks[j][ix]
        for combos, p, lm in live:
            lx = rng.choice(len(p), size=b, p=p)
            ok &= (m & lm[lx]) == 0
            m |= lm[lx]
        if ok.any():
            cards = np.concatenate([fold[j][0][ix][ok] for j, ix in enumerate(idx)], axis=1)
            out.append(cards)
    return np.concatenate(out)[:n]


def folded_equity(game: Any, hands: Any, board: Any, dead: Any, folded: Any, trials: Any,
                  seed: Any, threads: Any, progress: Any) -> EquityResult:
    """:func:`handrank.equity` with ``folded`` (see the module docstring)."""
    trials, seed = resolve_run(trials, seed)
    resolve_threads(threads, 1)
    base = prepare(game, hands, board, dead)
    left = set(base.deck)
    known = [c for c in range(52) if c not in left]        # hands, board and dead cards
    fold, extra_dead = _folded_ranges(folded, base, known)
    if extra_dead:
        base = prepare(game, hands, board, list(_dead_list(dead)) + extra_dead)
        known += extra_dead
        fold, _ = _folded_ranges(folded, base, known)
    if not fold:
        from ._equity import equity
        return equity(game, hands, board, list(_dead_list(dead)) + extra_dead, trials, seed,
                      threads, progress)
    weighted = base.weighted or any(bool((w != w[0]).any()) for _, w in fold)
    acc = _Sum(base)
    if trials is None:
        try:
            configs, weights = _configs_exact(fold)
        except _TooMany:
            raise HandError(f"the folded ranges make more than {EXACT_CONFIGS:,} "
                            f"configurations to play exactly; pass trials=1_000_000 (or "
                            f"more) for Monte Carlo") from None
        if not len(configs):
            raise HandError("no deal is possible: the folded ranges share cards in every "
                            "combination (with each other or with the known cards)")
        per = base.state().total
        if per * len(configs) > EXACT_LIMIT:
            raise HandError(f"an exact enumeration would take {per * len(configs):,.0f} "
                            f"deals ({len(configs):,} folded configurations); pass "
                            f"trials=1_000_000 (or more) for Monte Carlo")
        nthreads = resolve_threads(threads, int(per))
        weighted = weighted or len(set(weights.tolist())) > 1
        for n, (cards, w) in enumerate(zip(configs, weights.tolist())):
            prep, keep = _without(base, cards)
            if prep is base:
                continue
            st = prep.state()
            sliced(lambda a, b: st.run_exact(a, b, nthreads), 0, st.units, first=nthreads)
            acc.add(st.result(), w, keep)
            if progress is not None:
                progress(n + 1, len(configs))
        if acc.cnt is None:
            raise HandError("no deal is possible: the ranges share cards in every "
                            "combination (with each other or with the known cards)")
        return acc.result(weighted, True, None, None)
    n_cfg = max(1, min(MAX_CONFIGS, trials // TRIALS_PER_CONFIG))
    configs = _sample_configs(fold, base, n_cfg, seed)
    nthreads = resolve_threads(threads, trials)
    share = [trials // n_cfg + (1 if s < trials % n_cfg else 0) for s in range(n_cfg)]
    eqs = []
    for s, cards in enumerate(configs):
        if not share[s]:
            continue
        prep, keep = _without(base, cards)
        if prep is base:                         # (cannot happen: drawn with the live hands)
            continue
        st = prep.state()
        sub_seed = (seed + _MIX * (s + 1)) % (1 << 64)
        chunks = -(-share[s] // _core.EQUITY_CHUNK)
        sliced(lambda a, b: _mc(st, sub_seed, share[s], a, b, nthreads), 0, chunks,
               first=nthreads)
        counts = st.result()
        factor = counts["deals"] / counts["wdeals"] if counts["wcnt"] is not None else 1.0
        acc.add(counts, factor, keep)
        eqs.append(st.summary(False, prep.weighted)[0])
        if progress is not None:
            progress(sum(share[:s + 1]), trials)
    stderr = None
    if len(eqs) >= 2:
        e = np.array(eqs)
        stderr = e.std(axis=0, ddof=1) / np.sqrt(len(e))
    return acc.result(weighted, False, seed, stderr)


def _dead_list(dead: Any) -> list[int]:
    from ..cards import card_list
    return card_list(dead, "dead cards", unknown=True, limit=54)

