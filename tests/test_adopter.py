"""The adopter's path (items 4, 6 and 7): a royal flush as its own category
and the test people want, equity conventions (a tie counted as a win), and
card formats (suit-first text, a project's own card objects)."""
from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

import handrank as hr

C = hr.Category


# ------------------------------------------------------------- categories

def test_royal_flush_is_its_own_category_and_a_straight_flush():
    royal, sf = hr.evaluate("As Ks Qs Js Ts 2c 3d"), hr.evaluate("9h 8h 7h 6h 5h")
    assert royal.category == C.ROYAL_FLUSH != C.STRAIGHT_FLUSH
    assert royal.category.is_straight_flush and sf.category.is_straight_flush
    assert [c.name for c in C if c.is_straight_flush] == ["STRAIGHT_FLUSH", "ROYAL_FLUSH"]
    # every straight flush of the deck, the wheel and the royal included
    for top in range(3, 13):
        ranks = [top - i for i in range(5)] if top > 3 else [3, 2, 1, 0, 12]
        for suit in range(4):
            s = hr.evaluate([4 * r + suit for r in ranks])
            assert s.category.is_straight_flush, hr.format([4 * r + suit for r in ranks])
    # under ace-to-six A-K-Q-J-T suited is a flush, and not a straight flush
    assert not hr.evaluate("Ah Kh Qh Jh Th", "a6").category.is_straight_flush


# ----------------------------------------------------------------- equity

def _brute_force(game, hands, board, weights=None):
    """Every completion of the board (and each combination of a range):
    (wins, ties, win-or-tie, total weight), from the showdown of each deal."""
    players = [list(h) if weights is None or w is None else h for h, w in
               zip(hands, weights or [None] * len(hands))]
    used = {c for h in players if isinstance(h, list) for c in h} | set(board)
    rows = []                                    # (hole cards of each player, weight)
    ranged = [i for i, h in enumerate(players) if not isinstance(h, list)]
    if ranged:
        i = ranged[0]
        rng = players[i]
        for combo, w in zip(rng.combos.tolist(), rng.weights.tolist()):
            if used & set(combo):
                continue
            holes = [combo if j == i else players[j] for j in range(len(players))]
            rows.append((holes, w))
    else:
        rows.append((players, 1.0))
    n = len(players)
    wins, ties, either, total = np.zeros(n), np.zeros(n), np.zeros(n), 0.0
    need = 5 - len(board)
    for holes, w in rows:
        dead = {c for h in holes for c in h} | set(board)
        deck = [c for c in range(52) if c not in dead]
        runs = [list(board) + list(r) for r in combinations(deck, need)]
        shares = hr.showdown(game, np.array([holes] * len(runs), dtype=np.uint8),
                             np.array(runs, dtype=np.uint8))
        wins += w * (shares == 1).sum(axis=0)
        ties += w * ((shares > 0) & (shares < 1)).sum(axis=0)
        either += w * (shares > 0).sum(axis=0)
        total += w * len(runs)
    return wins, ties, either, total


@pytest.mark.parametrize("game,hands,board", [
    ("holdem", ["As Kd", "Ac Kc", "7h 7s"], "2h 7d Jc"),
    ("holdem", ["As Ks", "Ad Kd"], "Qh Jc 2c 3d"),
    ("omaha8", ["Ah 2h 3s Kd", "Ad 2d Qs Qd", "9c 9h Tc Th"], "4h 5c Jc"),
])
def test_win_or_tie_against_brute_force(game, hands, board):
    r = hr.equity(game, hands, board=board)
    codes = [hr.parse(h).tolist() for h in hands]
    wins, ties, either, total = _brute_force(game, codes, hr.parse(board).tolist())
    assert r.deals == total
    assert r.wins.tolist() == wins.tolist() and r.ties.tolist() == ties.tolist()
    assert np.allclose(r.win_or_tie, either / total, rtol=0, atol=1e-12)
    assert (r.win_or_tie >= r.equity - 1e-12).all()           # a split counts whole


def test_win_or_tie_with_weighted_ranges():
    rng = hr.Range("AA, 0.5(KK), 0.25(AKs)")
    r = hr.equity("holdem", ["Qs Qd", rng], board="Kc 7d 2h 3h")
    wins, ties, either, total = _brute_force(
        "holdem", [hr.parse("Qs Qd").tolist(), rng], hr.parse("Kc 7d 2h 3h").tolist(),
        weights=[None, True])
    assert r.total_weight == pytest.approx(total)
    assert np.allclose(r.win_or_tie, either / total, rtol=0, atol=1e-12)
    assert np.allclose(r.wins, wins) and np.allclose(r.ties, ties)


def test_win_or_tie_monte_carlo_is_close_to_exact():
    exact = hr.equity("holdem", ["As Kd", "Ac Kc"], board="2h 7d")
    mc = hr.equity("holdem", ["As Kd", "Ac Kc"], board="2h 7d", trials=20000, seed=4)
    assert np.abs(mc.win_or_tie - exact.win_or_tie).max() < 0.02
    assert exact.win_or_tie[0] > exact.equity[0] + 0.3          # most boards split


# ----------------------------------------------------------- card formats

def test_suit_first_text():
    assert hr.parse("SA HT D9 C2").tolist() == hr.parse("As Th 9d 2c").tolist()
    assert hr.parse("sa,hk dq").tolist() == hr.parse("As Kh Qd").tolist()
    assert hr.parse("SAHKDQCJST").tolist() == hr.parse("As Kh Qd Jc Ts").tolist()
    assert hr.parse("S10 ♠A ♥K").tolist() == hr.parse("Ts As Kh").tolist()
    assert hr.parse("SA Jk HK").tolist() == [51, 52, 46]         # jokers read either way
    assert hr.evaluate("SA SK SQ SJ ST") == 7461
    assert hr.evaluate(["SA SK SQ SJ ST", "H2 D3 C4 S5 H7"]).tolist() == [7461, 0]
    assert hr.format(hr.parse("SA HT")) == "As Th"               # written rank-first


def test_rank_first_text_is_never_misread():
    """Every card, and every pair of cards, of rank-first text reads as it
    always did, in any case and with or without separators."""
    names = [hr.format([c]) for c in range(52)]
    for text in names + [n.upper() for n in names] + [n.lower() for n in names]:
        assert hr.parse(text).tolist() == [names.index(text[0].upper() + text[1].lower())]
    for a, b in combinations(range(0, 52, 3), 2):
        for sep in ("", " ", ","):
            text = names[a] + sep + names[b]
            assert hr.parse(text).tolist() == [a, b]
            assert hr.parse(text.upper()).tolist() == [a, b]


@pytest.mark.parametrize("text,error", [
    ("As HK", "cannot read card 'HK' at position 3 .* is read when all its cards are$"),
    ("SA Kh", "cannot read card 'Kh' at position 3 .*'K' is not a suit; text read suit first"),
    ("SX", "cannot read card 'SX' at position 0"),
    ("S", "cannot read card 'S' at position 0"),
    ("Kh SA", "cannot read card 'SA' at position 3"),
])
def test_mixed_or_bad_text_is_refused(text, error):
    with pytest.raises(hr.HandError, match=error):
        hr.parse(text)


def test_rank_first_errors_are_unchanged():
    with pytest.raises(hr.HandError) as e:
        hr.parse("As Kx")
    assert str(e.value) == ("cannot read card 'Kx' at position 3 of 'As Kx': 'x' is not a "
                            "suit; suits are c, d, h, s (or ♣ ♦ ♥ ♠)")


class Card:
    """A card object as a project may have one: rank 2..14, suit a bit flag."""

    SUITS = {2: "C", 4: "D", 8: "H", 16: "S"}

    def __init__(self, suit: int, rank: int) -> None:
        self.suit, self.rank = suit, rank


def test_card_object_recipes():
    """The recipes of docs/cards.rst: a dict, arithmetic, and a vectorised
    lookup, checked against parsing each card's own text."""
    suit_code = {2: 0, 4: 1, 8: 2, 16: 3}
    cards = [Card(s, r) for s in (2, 4, 8, 16) for r in range(2, 15)]
    texts = [Card.SUITS[c.suit] + "23456789TJQKA"[c.rank - 2] for c in cards]
    want = [int(hr.parse(t)[0]) for t in texts]
    assert [4 * (c.rank - 2) + suit_code[c.suit] for c in cards] == want
    table = {(c.suit, c.rank): code for c, code in zip(cards, want)}
    assert [table[c.suit, c.rank] for c in cards] == want
    lut = np.full(17, 255, dtype=np.uint8)
    lut[[2, 4, 8, 16]] = [0, 1, 2, 3]
    ranks = np.array([c.rank for c in cards])
    suits = np.array([c.suit for c in cards])
    assert (4 * (ranks - 2) + lut[suits]).tolist() == want
