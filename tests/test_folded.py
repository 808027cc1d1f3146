"""equity(..., folded=[...]): folded players' cards from their ranges
(issue 25, item 3), against a brute force that enumerates every joint deal
(live hands, folded hands, board) in Python and weighs it by the product
of the range weights."""
from __future__ import annotations

import sys
from itertools import combinations, product

import numpy as np
import pytest

import handrank as hr
from conftest import assert_interrupts


def brute(live, folded, board):
    """Equity of each live player: live is a list of [(codes, weight)], one
    list per player; folded the same for folded players; board codes."""
    num = np.zeros(len(live))
    den = 0.0
    for hands in product(*live):
        for folds in product(*folded):
            used = [c for h, _ in hands for c in h] + [c for h, _ in folds for c in h] + board
            if len(set(used)) != len(used):
                continue
            w = np.prod([x for _, x in hands]) * np.prod([x for _, x in folds])
            rest = [c for c in range(52) if c not in used]
            for run in combinations(rest, 5 - len(board)):
                b = board + list(run)
                s = hr.evaluate(np.array([h + b for h, _ in hands], dtype=np.uint8))
                best = s == s.max()
                num += w * best / best.sum()
                den += w
    return num / den


def _r(text):
    return [(hr.parse(h).tolist(), w) for h, w in text]


CASES = [
    # live hands known, one folded range of three hands, a turn
    ([[("As Ks", 1.0)], [("Qd Qc", 1.0)]], [[("Ah Ad", 1.0), ("Kh Kd", 1.0), ("Qh Qs", 1.0)]],
     "2h 7d Jc 3s"),
    # weighted folded ranges, two folded players, a turn
    ([[("As Ks", 1.0)], [("Td Tc", 1.0)]],
     [[("Ah Ad", 0.5), ("Kh Kd", 1.0), ("Th 9h", 0.25)], [("Ac Kc", 1.0), ("Jh Jd", 0.3)]],
     "2h 7d Jc 3s"),
    # a live range (weighted) against a hand, a folded range, a flop
    ([[("As Ks", 1.0), ("Ah Qh", 0.5)], [("Td Tc", 1.0)]], [[("Ac Ad", 1.0), ("Kh Kd", 1.0)]],
     "2h 7d Jc"),
]


def _as_range(entries):
    weights = {}
    for h, w in entries:
        weights.setdefault(w, []).append(h.replace(" ", ""))
    return ", ".join(f"{w}({', '.join(hs)})" if w != 1.0 else ", ".join(hs)
                     for w, hs in weights.items())


@pytest.mark.parametrize("live, folded, board", CASES)
def test_exact_against_brute_force(live, folded, board):
    want = brute([_r(p) for p in live], [_r(f) for f in folded], hr.parse(board).tolist())
    hands = [p[0][0] if len(p) == 1 and p[0][1] == 1.0 else _as_range(p) for p in live]
    got = hr.equity("holdem", hands, board=board, folded=[_as_range(f) for f in folded])
    assert got.exact
    assert np.allclose(got.equity, want, atol=1e-12), (got.equity, want)


def test_monte_carlo_agrees_and_is_reproducible():
    live, folded, board = CASES[1]
    want = brute([_r(p) for p in live], [_r(f) for f in folded], hr.parse(board).tolist())
    args = ("holdem", [live[0][0][0], live[1][0][0]])
    kw = dict(board=board, folded=[_as_range(f) for f in folded], trials=200_000, seed=5)
    one = hr.equity(*args, threads=1, **kw)
    two = hr.equity(*args, threads=2, **kw)
    assert (one.equity == two.equity).all() and one.deals == two.deals == 200_000
    assert not one.exact and one.seed == 5
    assert abs(one.equity[0] - want[0]) < 5 * one.stderr[0] + 1e-3


def test_folded_cards_move_equity_and_random_folds_do_not():
    base = hr.equity("holdem", ["As Ks", "??"], board="Ah 7d 2c")
    same = hr.equity("holdem", ["As Ks", "??"], board="Ah 7d 2c", folded=["??", None])
    assert np.allclose(base.equity, same.equity)
    aces = hr.equity("holdem", ["Qs Qd", "??"], board="Ah 7d 2c", folded=["AA, AK"])
    plain = hr.equity("holdem", ["Qs Qd", "??"], board="Ah 7d 2c")
    assert aces.equity[0] > plain.equity[0]           # the folder holds the other aces
    dead = hr.equity("holdem", ["Qs Qd", "??"], board="Ah 7d 2c", folded=["Ac Kc"])
    assert np.allclose(dead.equity, hr.equity("holdem", ["Qs Qd", "??"], board="Ah 7d 2c",
                                              dead="Ac Kc").equity)


def test_omaha_and_by_hand():
    r = hr.equity("omaha", ["AA:$ds", "Ks Kh Qs Jh"], board="2c 7d 9h 3s",
                  folded=["KK, QQ"], trials=20_000, seed=2)
    assert r.by_hand[0] and abs(sum(r.equity) - 1) < 1e-12
    ex = hr.equity("holdem", ["QQ+", "Ah Kh"], board="Qh 7h 2c 3d", folded=["AcAd, KcKd"])
    assert set(ex.by_hand[0]) <= {hr.format(h) for h in hr.Range("QQ+").combos}


@pytest.mark.parametrize("kw, words", [
    (dict(folded="QQ+"), "one entry per folded player"),
    (dict(folded=["QQ+", "KK+"], board="Kh Kd Kc"), None),
    (dict(folded=["AsKs"]), "appears twice|no hand of the range"),
    (dict(folded=["22+", "22+", "22+"]), "configurations to play exactly"),
])
def test_errors(kw, words):
    args = dict(board="2h 7d Jc")
    args.update(kw)
    if words is None:
        hr.equity("holdem", ["As Ks", "Qd Qc"], **args)
        return
    with pytest.raises(hr.HandError, match=words):
        hr.equity("holdem", ["As Ks", "Qd Qc"], **args)


def test_error_in_a_game_without_a_board():
    with pytest.raises(hr.HandError, match="one board"):
        hr.equity("razz", ["As 2s 3s", "Kd Qd Jd"], folded=["Ah 2h 3h 4h 5h 6h 7h"])


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c():
    assert_interrupts("""
        import handrank as hr
        hr.equity('holdem', ['As Ks', '??'], folded=['JJ+'], trials=1000, seed=1)
        """, """
        hr.equity('holdem', ['As Ks', '??'], folded=['22+', 'A2s+'], trials=10**10,
                  seed=1, threads=1)
        """)
