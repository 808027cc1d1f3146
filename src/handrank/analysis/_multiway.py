"""Exact hand strength against several random hands (issue 25, item 4):
``hand_strength(hole, board, opponents=n, exact=True)``.

The quantity: a hold'em hand's expected share of the pot if the hands were
shown down now against ``n`` random opponent hands, all of different cards
(ties share the pot).  Billings et al.'s ``HS ** n`` approximates it by
treating the opponents as independent; here every set of ``n`` disjoint
opponent hands is counted.

How it is counted: an opponent hand is *worse*, *tied* or *better* than
ours.  The share of a set of ``n`` hands is 0 if one is better, else
``1 / (1 + ties)``.  So we need, for each ``t``, the number of ``n``-sets of
disjoint hands with no better hand and ``t`` tied ones: a count of
matchings of size ``n`` in the graph whose vertices are the cards left and
whose edges are the hands, each edge weighted 1 (worse), ``x`` (tied) or 0
(better), read off as a polynomial in ``x``.

The cards fall into few kinds: a hand's value on this board depends on its
ranks, and on its suits only through a suit with three or more board cards
(the one suit in which a flush can be made).  Cards of one rank outside that
suit are interchangeable, so the matching count is a recursion over the
number of cards left of each kind (at most 26 kinds), memoised: take a card
of the first kind left; either no hand uses it, or it pairs with a card of
each kind in turn.  When the graph of tied and better hands is the smaller
one, the count goes through it instead: with each edge weighted ``1 +
d`` (``d`` = 0, ``x - 1`` or ``-1``), the sum over ``n``-matchings of all
hands is the sum over matchings ``S`` of the tied-or-better hands of
``prod(d) * K(cards - 2|S|, n - |S|)``, where ``K(v, k)`` counts the
``k``-matchings of ``v`` cards.  Integers throughout: the result is exact.
"""
from __future__ import annotations

from functools import lru_cache
from math import factorial
import numpy as np

from ..evaluation import evaluate
from ..base import HandError

__all__ = ["exact_strength", "WORK_LIMIT"]

#: Exact strengths whose count would take more than this many steps (a
#: memoised state times the kinds it looks at, counted from the board's card
#: kinds before any counting: see _work) are refused.  At the limit a count
#: takes 1 to 6 seconds on one quiet core and under 200 MB, where 12
#: opponents on a monotone flop took 159 s and 1.1 GB.
WORK_LIMIT = 2_500_000
#: States the memo may hold while counting (about 350 bytes each, so about
#: 420 MB at most): a guard on memory should _work's estimate run low.
MEMO_LIMIT = 1_200_000

def _matchings(v: int, k: int) -> int:
    """k-matchings of a complete graph on v vertices."""
    if v < 2 * k:
        return 0
    return factorial(v) // (factorial(v - 2 * k) * 2 ** k * factorial(k))


def _mul_add(out: list[int], sub: tuple[int, ...], poly: tuple[int, ...], k: int) -> None:
    need = len(sub) + len(poly) - 1
    if len(out) < need:
        out.extend([0] * (need - len(out)))
    for i, v in enumerate(sub):
        if v:
            for j, p in enumerate(poly):
                out[i + j] += k * v * p


class _TooBig(Exception):
    pass


def _count(counts: tuple[int, ...], kind: list[list[int | None]], edge: dict,
           sizes: range, stats: list[int], limit: int | None = None
           ) -> dict[int, tuple[int, ...]]:
    """{m: the weighted m-matchings polynomial} for each m in sizes; stats[0]
    gets the number of states memoised (_TooBig past ``limit``)."""
    T = len(counts)

    @lru_cache(maxsize=None)
    def F(cnt: tuple[int, ...], m: int) -> tuple[int, ...]:
        if m == 0:
            return (1,)
        if limit is not None and F.cache_info().currsize > limit:
            raise _TooBig
        t = next((i for i, c in enumerate(cnt) if c), None)
        if t is None or sum(cnt) < 2 * m:
            return ()
        c1 = list(cnt)
        c1[t] -= 1
        out = list(F(tuple(c1), m))
        for s in range(t, T):
            poly = edge[kind[t][s]]
            if not c1[s] or poly is None:
                continue
            c2 = list(c1)
            c2[s] -= 1
            _mul_add(out, F(tuple(c2), m - 1), poly, c1[s])
        return tuple(out)

    try:
        return {m: F(counts, m) for m in sizes}
    finally:
        stats[0] = F.cache_info().currsize
        F.cache_clear()


def _work(counts: tuple[int, ...], kind: list[list[int | None]], edge: dict, n: int) -> int:
    """The work of _count(counts, kind, edge, sizes up to n), counted
    without doing it: the states it expands, roughly (an upper bound on
    most boards), each weighted by the kinds it looks at.  A state is the
    first kind t left, the cards k left of it, the partners r taken from
    later kinds and the hands m still to place.  Later kinds only lose
    partners to kinds <= t joined to them by an edge, no more than those
    kinds had cards; m is bounded by the hands already placed and by the
    cards left.  Polynomial in the kinds and n (a millisecond), where the
    states are not."""
    T = len(counts)
    live = [[edge[kind[i][j]] is not None for j in range(T)] for i in range(T)]
    before = [0] * (T + 1)
    for i in range(T):
        before[i + 1] = before[i] + counts[i]
    total = 0
    for t in range(T):
        later = range(t + 1, T)
        # ways[R]: partner vectors of sum R over the later kinds that can lose cards
        ways = [1] + [0] * n
        for s in later:
            if any(live[u][s] for u in range(t + 1)):
                nxt = [0] * (n + 1)
                for R, w in enumerate(ways):
                    if w:
                        for x in range(min(counts[s], n - R) + 1):
                            nxt[R + x] += w
                ways = nxt
        cross = [u for u in range(t + 1) if any(live[u][s] for s in later)]
        after = before[T] - before[t + 1]
        for k in range(1, counts[t] + 1):
            used = before[t] + counts[t] - k               # cards taken before this state
            givers = sum(counts[u] for u in cross if u < t) + \
                (counts[t] - k if t in cross else 0)
            for R in range(min(n, givers) + 1):
                if ways[R]:
                    hi = min(n - R, (k + after - R) // 2)
                    lo = max(1, n - (used + R) // 2)
                    if hi >= lo:
                        total += ways[R] * (hi - lo + 1) * (T - t)
    return total


def _merge(rel: list[list[int | None]], members: list[list[int]]
           ) -> tuple[list[list[int | None]], list[list[int]]]:
    """Kinds whose cards stand in the same relation to every other card,
    and to each other as within each kind, made one kind (on a board that
    plays, every card is one kind)."""
    T = len(members)
    blocks: list[list[int]] = []           # kinds in each block, the first its representative
    inner: list[int | None] = []           # the relation of two cards of one block
    for i in range(T):
        for b, kinds in enumerate(blocks):
            r = kinds[0]
            cross = rel[i][r]
            if cross is None or any(rel[i][k] != rel[r][k] for k in range(T)
                                    if k not in kinds and k != i):
                continue
            if (inner[b] is not None and inner[b] != cross) or \
                    (rel[i][i] is not None and rel[i][i] != cross):
                continue
            kinds.append(i)
            inner[b] = cross
            break
        else:
            blocks.append([i])
            inner.append(rel[i][i])
    out = [[inner[a] if a == b else rel[ka[0]][kb[0]] for b, kb in enumerate(blocks)]
           for a, ka in enumerate(blocks)]
    return out, [[c for k in kinds for c in members[k]] for kinds in blocks]


def exact_strength(hole: list[int], board: list[int], n: int) -> float:
    """The expected pot share of ``hole`` on ``board`` (3..5 cards, shown
    down now) against ``n`` random hands of the cards left (module docstring)."""
    used = set(hole) | set(board)
    rest = [c for c in range(52) if c not in used]
    if len(rest) < 2 * n:
        raise ValueError("not enough cards")
    ours = int(evaluate(list(hole) + list(board)))
    flush = {s for s in range(4) if sum(1 for c in board if c & 3 == s) >= 3}

    def kind_of(c: int) -> tuple[int, bool]:
        return c >> 2, (c & 3) in flush

    kinds = sorted({kind_of(c) for c in rest})
    index = {k: i for i, k in enumerate(kinds)}
    members: list[list[int]] = [[] for _ in kinds]
    for c in rest:
        members[index[kind_of(c)]].append(c)
    T = len(kinds)
    # 0 better, 1 worse, 2 tied, None no such hand (a kind of one card with itself)
    rel: list[list[int | None]] = [[None] * T for _ in range(T)]
    pairs = [(i, j) for i in range(T) for j in range(i, T) if i != j or len(members[i]) > 1]
    hands = np.array([[members[i][0], members[j][1] if i == j else members[j][0]] + list(board)
                      for i, j in pairs], dtype=np.uint8)
    for (i, j), v in zip(pairs, evaluate(hands).tolist()):
        rel[i][j] = rel[j][i] = 1 if v < ours else (2 if v == ours else 0)
    rel, members = _merge(rel, members)
    T = len(members)
    counts = tuple(len(m) for m in members)

    def hands_of(which: set[int]) -> int:
        return sum(counts[i] * (counts[j] - (i == j)) for i in range(T) for j in range(T)
                   if rel[i][j] in which)

    direct_edges = {0: None, 1: (1,), 2: (0, 1), None: None}
    through_edges = {0: (-1,), 1: None, 2: (-1, 1), None: None}

    def direct(m: int, stats: list[int], limit: int | None = None) -> list[int]:
        polys = _count(counts, rel, direct_edges, range(m, m + 1), stats, limit)
        return list(polys[m])

    def through(m: int, stats: list[int], limit: int | None = None) -> list[int]:
        polys = _count(counts, rel, through_edges, range(0, m + 1), stats, limit)
        return _complement(polys, len(rest), m)

    # Refused before any counting when either way would take too long (as
    # equity refuses an exact enumeration of too many deals).
    work = min(_work(counts, rel, direct_edges, n), _work(counts, rel, through_edges, n))
    if work > WORK_LIMIT:
        raise _too_much(n, f"about {work:,} counting steps (over {WORK_LIMIT:,})")

    # Which way is cheaper shows on smaller counts: both on 3 hands, then
    # on 4 the better one, and the other only while it stays cheaper.
    way = direct
    if n > 1:
        sa: list[int] = [0]
        sb: list[int] = [0]
        direct(min(n, 3), sa)
        through(min(n, 3), sb)
        first, second = (direct, through) if sa[0] <= sb[0] else (through, direct)
        way = first
        if n > 3:
            s1: list[int] = [0]
            first(4, s1)
            try:
                second(4, [0], s1[0])
                way = second
            except _TooBig:
                pass
    try:
        poly = way(n, [0], MEMO_LIMIT)
    except _TooBig:
        raise _too_much(n, f"over {MEMO_LIMIT:,} memoised states") from None
    total = _matchings(len(rest), n)
    num = sum(v * (factorial(n + 1) // (1 + t)) for t, v in enumerate(poly))
    return num / (total * factorial(n + 1))


def _too_much(n: int, what: str) -> HandError:
    return HandError(
        f"exact hand strength against {n} opponents on this board would take {what}; "
        f"pass exact=False for the strength against one opponent raised to the power "
        f"{n} (HS ** n), or ask for fewer opponents")


def _complement(polys: dict[int, tuple[int, ...]], cards: int, n: int) -> list[int]:
    out: list[int] = []
    for s, p in polys.items():
        _mul_add(out, p, (_matchings(cards - 2 * s, n - s),), 1)
    return out
