"""Fast paths against the plain reference build of the same core.

``_core.GameTables(..., plain=True)`` compiles a game without any fast path:
Omaha by every two-hole + three-board five through ``hr_value``, equity by
the general slot-filling enumeration without suit symmetry.  Each fast path
must give exactly what the plain build gives, on many random questions
(the plain build itself is checked against tests/reference.py elsewhere).
"""
from __future__ import annotations

import numpy as np
import pytest

import handrank as hr
from handrank import _core

from registry import FIVE_CARD_RULES, GAMES


def plain_tables(g: hr.Game) -> _core.GameTables:
    hi, lo = g.high_rules, g.low_rules
    return _core.GameTables(g.hole, g.board, 1 if g.select == "omaha" else 0,
                            hi.tables if hi else None, lo.tables if lo else None,
                            g.cards.compiled(g.wild_setting), plain=True)


def random_cards(codes: np.ndarray, n: int, k: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return codes[np.argsort(rng.random((n, len(codes))), axis=1)[:, :k]]


def suited_cards(codes: np.ndarray, n: int, hole: int, seed: int) -> np.ndarray:
    """Deals rich in flushes: the board has 3..5 cards of one suit and the
    hole 0..hole of it."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, hole + 5), dtype=np.uint8)
    for i in range(n):
        suit = rng.integers(4)
        same = [c for c in codes.tolist() if c % 4 == suit]
        other = [c for c in codes.tolist() if c % 4 != suit]
        nb, nh = int(rng.integers(3, 6)), int(rng.integers(0, hole + 1))
        nh = min(nh, len(same) - nb)
        pick = rng.permutation(same)[:nb + nh].tolist()
        rest = rng.permutation(other)[:hole + 5 - nb - nh].tolist()
        hole_cards = pick[nb:] + rest[:hole - nh]
        board = pick[:nb] + rest[hole - nh:]
        out[i] = rng.permutation(hole_cards).tolist() + rng.permutation(board).tolist()
    return out


@pytest.mark.parametrize("rules", FIVE_CARD_RULES)
@pytest.mark.parametrize("hole", [4, 5, 6])
def test_omaha_rank_tables_equal_the_general_path(rules, hole):
    """evaluate_omaha on the rank tables equals every-five-by-hr_value, on
    random and on flush-heavy deals, for every five-card rule set."""
    rs = hr.get_rules(rules)
    codes = np.array(rs.deck.codes, dtype=np.uint8)
    fast = _core.GameTables(hole, 5, 1, rs.tables, None, rs.deck.compiled(None))
    plain = _core.GameTables(hole, 5, 1, rs.tables, None, rs.deck.compiled(None), plain=True)
    n = 60_000 if hole == 4 else 15_000
    for cards in (random_cards(codes, n, hole + 5, seed=hole),
                  suited_cards(codes, 3000, hole, seed=hole + 1)):
        h, b = np.ascontiguousarray(cards[:, :hole]), np.ascontiguousarray(cards[:, hole:])
        got, want = np.empty(len(h), np.int16), np.empty(len(h), np.int16)
        assert fast.omaha(h, b, got, 1) == -1 and plain.omaha(h, b, want, 1) == -1
        assert np.array_equal(got, want), rules


@pytest.mark.parametrize("game", [g for g in GAMES if hr.get_game(g).select == "omaha"])
def test_omaha_showdowns_equal_the_general_path(game):
    g = hr.get_game(game)
    plain = plain_tables(g)
    players = min(6, g.max_players)
    codes = np.array(g.cards.codes, dtype=np.uint8)
    cards = random_cards(codes, 20_000, players * g.hole + g.board, seed=3)
    holes = np.ascontiguousarray(cards[:, :players * g.hole]).reshape(-1, players, g.hole)
    boards = np.ascontiguousarray(cards[:, players * g.hole:])
    out = {}
    for name, t in (("fast", g.tables), ("plain", plain)):
        sh = np.empty(holes.shape[:2])
        hi = np.empty(holes.shape[:2], np.int16)
        lo = np.empty(holes.shape[:2], np.int16)
        assert t.showdown(holes, boards, sh, hi, lo, 1) == -1
        out[name] = (sh, hi, lo)
    for a, b in zip(out["fast"], out["plain"]):
        assert np.array_equal(a, b)


def test_plain_flag():
    g = hr.get_game("omaha")
    assert not g.tables.plain and plain_tables(g).plain
