"""hr.classify on rows with boards of their own (issue 25, item 1: the
own-board row loop of hr_classify.h, its rank table, suit-flag tables,
card check and reads ahead).

The own-board loop must give, bit for bit, what the general path gives:
rows are drawn from a few hundred boards (plain, and with a suit of 3, 4
and 5 cards) and every holding of each board is classified with the board
shared (each holding through hr_cl_one); the own-board answers of
shuffled rows, board cards in any order, are read against those.  Bad
rows (a repeated card, a joker code) are named at the first one, wherever
it falls among the rows read ahead.  Boards with four or five cards of a
suit, whose flushes are counted in closed form, are read against the
brute-force nut rank (every holding's key) for every holding.
"""
from __future__ import annotations

import numpy as np
import pytest

import handrank as hr


def _board(rng: np.random.Generator, nb: int, suited: int) -> np.ndarray:
    """nb distinct cards, at least `suited` of one suit (0: any)."""
    while True:
        if suited:
            s = rng.integers(4)
            ranks = rng.choice(13, suited, replace=False)
            head = (4 * ranks + s).astype(np.uint8)
            rest = np.setdiff1d(np.arange(52), head)
            tail = rng.choice(rest, nb - suited, replace=False).astype(np.uint8)
            b = np.concatenate([head, tail])
        else:
            b = rng.choice(52, nb, replace=False).astype(np.uint8)
        return rng.permutation(b)


def _holdings(board: np.ndarray) -> np.ndarray:
    rest = np.setdiff1d(np.arange(52, dtype=np.uint8), board)
    i, j = np.triu_indices(len(rest), 1)
    return np.stack([rest[i], rest[j]], axis=1)


@pytest.mark.parametrize("nb, rows", [(3, 300_000), (4, 300_000), (5, 150_000)])
def test_own_boards_equal_the_shared_board_path(nb, rows):
    rng = np.random.default_rng(250 + nb)
    kinds = [0] * 60 + [3] * 30 + ([4] * 25 if nb >= 4 else []) + ([5] * 12 if nb == 5 else [])
    boards = [_board(rng, nb, k) for k in kinds]
    # every holding of every board, the board shared: hr_cl_one's answers
    want = {name: np.zeros((len(boards), 52, 52), dtype=t) for name, t in
            (("made", np.uint8), ("draws", np.uint16), ("nut_rank", np.int16),
             ("blockers", np.uint8))}
    for k, b in enumerate(boards):
        h = _holdings(b)
        c = hr.classify(h, b, threads=1)
        for name, arr in want.items():
            v = getattr(c, name)
            arr[k, h[:, 0], h[:, 1]] = v
            arr[k, h[:, 1], h[:, 0]] = v
    # rows: a random board each (its cards in any order), a random holding;
    # every tenth stretch repeats its board for 12 rows (a run of one board)
    idx = rng.integers(0, len(boards), rows)
    runs = np.flatnonzero(rng.random(rows // 12) < 0.1) * 12
    for r in runs:
        idx[r:r + 12] = idx[r]
    bd = np.stack([rng.permutation(boards[k]) for k in idx])
    holes = np.empty((rows, 2), dtype=np.uint8)
    for k in range(len(boards)):
        sel = np.flatnonzero(idx == k)
        h = _holdings(boards[k])
        pick = h[rng.integers(0, len(h), len(sel))]
        swap = rng.random(len(sel)) < 0.5
        pick[swap] = pick[swap][:, ::-1]
        holes[sel] = pick
    got = hr.classify(holes, bd, threads=1)
    for name, arr in want.items():
        expect = arr[idx, holes[:, 0], holes[:, 1]]
        bad = np.flatnonzero(getattr(got, name) != expect)
        assert not len(bad), (name, bad[:5], holes[bad[:1]], bd[bad[:1]])
    two = hr.classify(holes, bd, threads=2)
    assert (two.nut_rank == got.nut_rank).all() and (two.draws == got.draws).all()


@pytest.mark.parametrize("nb", [3, 4, 5])
def test_first_bad_row_among_rows_read_ahead(nb):
    rng = np.random.default_rng(40 + nb)
    n = 5000
    for trial in range(40):
        deals = np.argsort(rng.random((n, 52)), axis=1)[:, :2 + nb].astype(np.uint8)
        h, b = deals[:, :2].copy(), deals[:, 2:].copy()
        # one to three bad rows, some near the end (rows read ahead run out there)
        where = sorted(set(int(x) for x in rng.choice(
            [rng.integers(0, n), n - 1 - rng.integers(0, 10), rng.integers(0, 10)],
            rng.integers(1, 4))))
        for r in where:
            kind = trial % 4
            if kind == 0:                                  # a hole card on the board
                h[r, rng.integers(2)] = b[r, rng.integers(nb)]
            elif kind == 1:                                # a board card twice
                i, j = rng.choice(nb, 2, replace=False)
                b[r, i] = b[r, j]
            elif kind == 2:                                # a joker in the hole
                h[r, rng.integers(2)] = 52 + rng.integers(2)
            else:                                          # a joker on the board
                b[r, rng.integers(nb)] = 52 + rng.integers(2)
        with pytest.raises(hr.HandError, match=f"^row {where[0]}: "):
            hr.classify(h, b, threads=1)
        ok = np.ones(n, bool)
        ok[where] = False
        good = hr.classify(h[ok], b[ok], threads=1)        # the rest are all fine
        assert len(good.made) == ok.sum()


# ----------------------- boards with 4 or 5 cards of a suit: closed form vs brute force
def _brute_same(h, b):
    """The C loop's four outputs, default path against the brute-force nut
    rank (every holding's key sorted), row by row."""
    from handrank import _core
    h, b = np.ascontiguousarray(h, dtype=np.uint8), np.ascontiguousarray(b, dtype=np.uint8)
    n = len(h)
    outs = []
    for brute in (False, True):
        out = [np.empty(n, t) for t in (np.uint8, np.uint16, np.int16, np.uint8)]
        assert _core.classify_rows(h, b.reshape(-1), b.shape[1], False, 0, n, *out, 1,
                                   brute) == -1
        outs.append(out)
    for name, x, y in zip(("made", "draws", "nut", "blockers"), *outs):
        bad = np.flatnonzero(x != y)
        assert not len(bad), (name, hr.format(h[bad[0]].tolist()),
                              hr.format(b[bad[0]].tolist()), x[bad[0]], y[bad[0]])


def _every_holding(boards, rng):
    """Every holding of each board, the board's cards in a random order."""
    hs, bs = [], []
    for bd in boards:
        h = _holdings(np.asarray(bd, dtype=np.uint8))
        hs.append(h)
        bs.append(np.broadcast_to(np.asarray(bd, dtype=np.uint8), (len(h), len(bd))))
    b = np.concatenate(bs)
    return np.concatenate(hs), np.take_along_axis(b, np.argsort(rng.random(b.shape), axis=1), 1)


def _suited(ranks, s=2):
    return [4 * r + s for r in ranks]


def test_every_four_flush_turn_equals_the_brute_force():
    """All 715 turns of four hearts, every holding (straight flushes one or
    two cards away, the wheel, open and closed ends)."""
    from itertools import combinations
    rng = np.random.default_rng(2504)
    boards = [_suited(q) for q in combinations(range(13), 4)]
    for part in np.array_split(np.arange(len(boards)), 3):
        _brute_same(*_every_holding([boards[i] for i in part], rng))


def test_every_five_flush_river_equals_the_brute_force():
    """All 1,287 rivers of five hearts (board straight flushes, the wheel
    A2345, one card from a higher straight flush), every holding."""
    from itertools import combinations
    rng = np.random.default_rng(2505)
    boards = [_suited(q) for q in combinations(range(13), 5)]
    for part in np.array_split(np.arange(len(boards)), 4):
        _brute_same(*_every_holding([boards[i] for i in part], rng))


def test_four_flush_rivers_paired_and_straight_flush_ready():
    """Rivers with four hearts: the fifth card pairs a heart's rank (half of
    them), plus hand-picked ones: wheel draws (A234 and A345 of hearts),
    straight flushes one card away at either end, a paired wheel board;
    every holding against the brute force."""
    rng = np.random.default_rng(2506)
    boards = []
    for k in range(160):
        lane = rng.choice(13, 4, replace=False)
        if k % 2:                                    # pair one of the hearts' ranks
            fifth = 4 * int(rng.choice(lane)) + int(rng.choice([0, 1, 3]))
        else:
            fifth = int(rng.choice([c for c in range(52) if c % 4 != 2 and c // 4 not in lane]))
        boards.append(_suited(lane) + [fifth])
    for text in ("Ah 2h 3h 4h 4c", "Ah 3h 4h 5h Ad", "2h 3h 4h 5h 9s", "9h Th Jh Qh Qs",
                 "Th Jh Qh Kh 2c", "Ah Kh Qh Jh Jd", "5h 6h 8h 9h 7c", "Ah 2h 4h 5h 3s"):
        boards.append(hr.parse(text).tolist())
    _brute_same(*_every_holding(boards, rng))


def test_three_flush_turns_and_rivers_equal_the_brute_force():
    """Turns and rivers with three hearts, every holding: the hearts' ranks
    straight-flush-ready (three in a window, the wheel's A23, A45), boards
    paired on a heart's rank or another, trips, two pair; the nut rank of a
    hole below a straight counts every pair of hearts but those that fill
    up, of a full house or quads the straight flushes only."""
    rng = np.random.default_rng(2507)
    boards = []
    for k in range(140):
        nb = 4 + k % 2
        lane = [int(x) for x in rng.choice(13, 3, replace=False)]
        if k % 7 == 0:                                   # three in one window
            lo = int(rng.integers(0, 11))
            lane = [lo, lo + 1, lo + 2] if k % 14 else [12, 0, 2]
        rest = []
        while len(rest) < nb - 3:
            kind = (k // 2) % 4
            if kind == 1:                                # pair a heart's rank
                c = 4 * int(rng.choice(lane)) + int(rng.choice([0, 1, 3]))
            elif kind == 2 and rest:                     # trips / two pair off suit
                c = 4 * (rest[0] // 4) + int(rng.choice([0, 1, 3]))
            else:
                c = int(rng.choice([c for c in range(52) if c % 4 != 2]))
            if c % 4 != 2 and c not in rest:
                rest.append(c)
        boards.append(_suited(lane) + rest)
    for text in ("Ah 2h 3h 3c", "Ah 4h 5h 5d 5c", "9h Th Jh Jc Js", "Qh Kh Ah Ad Kc",
                 "2h 3h 4h 2c 2d", "7h 8h 9h 8c 7d", "4h 5h 6h 6c", "Th Jh Kh Tc Td"):
        boards.append(hr.parse(text).tolist())
    for nb in (4, 5):
        part = [b for b in boards if len(b) == nb]
        _brute_same(*_every_holding(part, rng))


def test_every_three_flush_flop_equals_the_brute_force():
    """All 286 flops of three hearts, every holding: a hole with at most
    one heart below a flush reads its nut rank off the rank table plus the
    pairs of hearts left (45 or 36); two hearts flush."""
    from itertools import combinations
    rng = np.random.default_rng(2508)
    boards = [_suited(q) for q in combinations(range(13), 3)]
    for part in np.array_split(np.arange(len(boards)), 2):
        _brute_same(*_every_holding([boards[i] for i in part], rng))


def test_three_flush_rivers_of_random_deals_equal_the_brute_force():
    """Rivers with three cards of a suit (any suit) from random deals, every
    holding: the nut rank and the nut-flush blocker of a river's own rows."""
    rng = np.random.default_rng(2509)
    boards = []
    while len(boards) < 600:
        b = rng.choice(52, 5, replace=False)
        if np.bincount(b % 4, minlength=4).max() == 3:
            boards.append([int(x) for x in b])
    _brute_same(*_every_holding(boards, rng))


def test_four_flush_rivers_of_random_deals_equal_the_brute_force():
    """Rivers with four cards of a suit (any suit) from random deals, half
    of them paired (the fifth card on a rank of the suit), every holding:
    a hole with one card of the suit (its flush from hr_cl_f41, the full
    houses and quads of a paired river added), with none and ranks apart
    from the fifth card's (the rank table plus hr_cl_f4), and the rest."""
    rng = np.random.default_rng(2510)
    boards = []
    for k in range(300):
        s = int(rng.integers(4))
        lane = rng.choice(13, 4, replace=False)
        others = [c for c in range(52) if c % 4 != s and
                  ((c // 4 in lane) if k % 2 else (c // 4 not in lane))]
        boards.append([4 * int(r) + s for r in lane] + [int(rng.choice(others))])
    _brute_same(*_every_holding(boards, rng))


# ----------------------- views passed to C as they are (strided rows, no copy)
@pytest.mark.parametrize("nb", [3, 4, 5])
def test_strided_views_equal_contiguous_copies(nb):
    """uint8 views whose rows are strided (columns of a deal, rows
    reversed or skipped) go to the C loop uncopied and unchecked by numpy:
    the answers equal those of contiguous copies, on boards of their own and
    on one shared board, with either number of threads."""
    n = 60_000
    d = hr.deal(n, 2 + nb, seed=70 + nb)
    views = [(d[:, :2], d[:, 2:]), (d[::-1, :2], d[::-1, 2:]),
             (d[::3, nb:], d[::3, :nb])]              # board first, hole after
    for h, b in views:
        assert not h.flags.c_contiguous and not b.flags.c_contiguous
        want = hr.classify(h.copy(), b.copy(), threads=1)
        for t in (1, 2):
            got = hr.classify(h, b, threads=t)
            for name in ("made", "draws", "nut_rank", "blockers"):
                assert (getattr(got, name) == getattr(want, name)).all(), (name, t)
    # one shared board, strided holes
    board = d[0, 2:]
    h = _holdings(board)
    wide = np.zeros((len(h), 5), dtype=np.uint8)
    wide[:, 1:3] = h
    want = hr.classify(h, board, threads=1)
    got = hr.classify(wide[:, 1:3], board, threads=1)
    assert (got.nut_rank == want.nut_rank).all() and (got.made == want.made).all()
    assert (got.draws == want.draws).all() and (got.blockers == want.blockers).all()


def test_strided_views_name_bad_rows_as_copies_do():
    """Errors of unchecked views: the same message as for an int64 copy
    (which numpy checks first): a code out of range anywhere first, then the
    first bad row."""
    d = hr.deal(1000, 7, seed=9)
    cases = []
    x = d.copy(); x[700, 0] = 99; x[10, 1] = x[10, 0]          # 99 later beats a repeat
    cases.append(x)
    x = d.copy(); x[500, 4] = 200; x[3, 2] = x[3, 3]            # on the board
    cases.append(x)
    x = d.copy(); x[800, 1] = 52                                 # a joker
    cases.append(x)
    x = d.copy(); x[40, 0] = x[40, 5]; x[41, 3] = 53            # first bad row wins
    cases.append(x)
    for x in cases:
        msgs = []
        for h, b in ((x[:, :2], x[:, 2:]), (x[:, :2].astype(np.int64), x[:, 2:].copy())):
            with pytest.raises(hr.HandError) as e:
                hr.classify(h, b, threads=1)
            msgs.append(str(e.value))
        assert msgs[0] == msgs[1], msgs
    assert "out of range" in msgs[0] or "row 40" in msgs[0]
