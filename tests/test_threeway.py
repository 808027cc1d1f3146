"""The three-way preflop class triples (hr_threeway.h, handrank.tables._threeway):
exact counts, checked against hr.equity matchup by matchup (the old way of
the benchmark's slice) and against a board-by-board brute force."""
from __future__ import annotations

from itertools import combinations, permutations

import numpy as np
import pytest

import handrank as hr
from handrank.ranges._classes import HAND_CLASSES
from handrank.tables._preflop import _representative
from handrank.tables._threeway import BOARDS, TRIPLES, shares, triple_counts, triple_rows

IDX = {c: i for i, c in enumerate(HAND_CLASSES)}


def _deals(triple):
    """Every deal of a triple: the representative of A, hands of B and C."""
    a = _representative(triple[0])
    combos = [[tuple(int(x) for x in row) for row in hr.Range(c).combos] for c in triple[1:]]
    for b in combos[0]:
        if set(b) & set(a):
            continue
        for c in combos[1]:
            if not set(c) & (set(a) | set(b)):
                yield a, b, c


def _canonical(hands):
    best = None
    for perm in permutations(range(4)):
        key = tuple(tuple(sorted(((c & ~3) | perm[c & 3] for c in h), reverse=True))
                    for h in hands)
        if best is None or key < best:
            best = key
    return best


def _by_equity(triple):
    """(matchups, wins per seat, six times the boards won per seat) by
    hr.equity, each suit-distinct matchup once with its multiplicity."""
    need: dict = {}
    for d in _deals(triple):
        k = _canonical(d)
        need[k] = need.get(k, 0) + 1
    wins, six = np.zeros(3, np.int64), np.zeros(3, np.int64)
    for m, n in need.items():
        r = hr.equity("holdem", [list(h) for h in m], threads=1)
        assert r.exact and r.deals == BOARDS
        wins += n * np.asarray(r.wins, dtype=np.int64)
        six += n * np.rint(np.asarray(r.equity) * r.deals * 6).astype(np.int64)
    return sum(need.values()), wins, six


def _six(row):
    six = np.zeros(3, np.int64)
    for w in range(1, 8):
        k = bin(w).count("1")
        for p in range(3):
            if w >> p & 1:
                six[p] += row[w] * (6 // k)
    return six


TRIPLES_CHECKED = [("AA", "KK", "72o"), ("AKs", "AKo", "QJs"), ("T9s", "87s", "65s"),
                   ("AA", "AKs", "KQo"), ("22", "A2s", "32o"), ("KQs", "KQs", "KQs"),
                   ("J8o", "95s", "J5o")]


@pytest.mark.parametrize("triple", TRIPLES_CHECKED)
def test_counts_equal_equity_matchup_by_matchup(triple):
    out = triple_counts([[IDX[c] for c in triple]])[0]
    n, wins, six = _by_equity(triple)
    assert out[0] == n
    assert out[1:].sum() == n * BOARDS
    assert [out[1], out[2], out[4]] == wins.tolist()
    assert _six(out).tolist() == six.tolist()
    np.testing.assert_allclose(shares(out[None])[0], six / (6.0 * n * BOARDS), rtol=0, atol=1e-15)


def _brute(triple):
    """Boards split by each set of seats, board by board over every deal."""
    idx = np.fromiter((x for c in combinations(range(46), 5) for x in c), dtype=np.int64,
                      count=BOARDS * 5).reshape(-1, 5)
    out = np.zeros(8, np.int64)
    for d in _deals(triple):
        held = [x for h in d for x in h]
        deck = np.array([x for x in range(52) if x not in held], dtype=np.uint8)
        boards = deck[idx]
        v = np.stack([hr.evaluate(np.hstack([np.tile(np.array(h, np.uint8), (BOARDS, 1)), boards]))
                      .astype(np.int32) for h in d])
        best = v.max(axis=0)
        w = ((v[0] == best) * 1 + (v[1] == best) * 2 + (v[2] == best) * 4)
        out[1:] += np.bincount(w, minlength=8)[1:]
        out[0] += 1
    return out


def test_counts_equal_brute_force_small():
    # AA (As Ad... the representative) vs the last two aces vs KK: 6 deals
    t = ("AA", "AA", "KK")
    assert triple_counts([[IDX[c] for c in t]])[0].tolist() == _brute(t).tolist()


@pytest.mark.slow
@pytest.mark.parametrize("triple", [("AKs", "QJs", "T9s"), ("76s", "KK", "A5o")])
def test_counts_equal_brute_force(triple):
    assert triple_counts([[IDX[c] for c in triple]])[0].tolist() == _brute(triple).tolist()


def test_seat_order_and_threads():
    rng = np.random.default_rng(4)
    t = np.sort(rng.integers(0, 169, (12, 3)), axis=1)
    one = triple_counts(t, threads=1)
    assert np.array_equal(one, triple_counts(t, threads=2))
    # the seats of B and C swapped: the same deals, columns 2 and 4 (and 3, 5) trade
    sw = triple_counts(t[:, [0, 2, 1]])
    assert np.array_equal(sw[:, [0, 1, 4, 5, 2, 3, 6, 7]], one)
    s = shares(one)
    assert np.allclose(s.sum(axis=1), 1.0, atol=1e-12)


def test_impossible_triple_has_no_equity():
    # 22 (two of the deuces) vs the other two vs A2s: no deal exists
    out = triple_counts([[IDX["22"], IDX["22"], IDX["A2s"]], [IDX["AA"], IDX["AA"], IDX["AA"]]])
    assert (out == 0).all()
    assert np.isnan(shares(out)).all()


def test_triple_rows():
    rows = triple_rows()
    assert len(rows) == TRIPLES == 818_805
    assert rows[0].tolist() == [0, 0, 0] and rows[-1].tolist() == [168, 168, 168]
    assert (np.diff(rows, axis=1) >= 0).all()
    assert np.array_equal(triple_rows(1000, 1010), rows[1000:1010])


def test_bad_rows_refused():
    from handrank.rules._rules import get_rules
    tables = get_rules("high").tables
    out = np.zeros((1, 8), np.int64)
    for bad in ([12, 12, 1, 0, 0, 0, 0, 0, 0],       # a suited pair
                [3, 5, 2, 0, 0, 0, 0, 0, 0],         # lo > hi
                [13, 12, 2, 0, 0, 0, 0, 0, 0]):      # no rank 13
        with pytest.raises(ValueError):
            tables.threeway(np.array([bad], np.int32), out, 1)
