"""docs/coming-from.rst, checked against the libraries it maps from.

Every row of the page's tables ("From treys", "From phevaluator", "From
eval7", "From pokerkit") has a check here that calls the peer library and
handrank on the same cards and compares the answers, and so do the eval7
warnings under its table.  ``test_every_row_has_a_check`` fails when a row
is added without one.

The peers are the ``bench`` extra (``pip install '.[bench]'``: treys, eval7,
phevaluator, pokerkit); a check skips when its peer is not installed.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

import handrank as hr

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")   # eval7's pyparsing

PAGE = Path(__file__).resolve().parent.parent / "docs" / "coming-from.rst"

#: (library, text in the row's first cell) -> the check of that row
CHECKS: dict[tuple[str, str], Callable[[], None]] = {}


def maps(library: str, key: str):
    """Register the check of the page's row (of library's table) whose
    first cell contains ``key``."""
    def register(f):
        CHECKS[(library, key)] = f
        return f
    return register


def page_rows() -> list[tuple[str, str, str]]:
    """(library, its cell, handrank's cell) of every row of the page's
    list-tables, header rows left out."""
    rows: list[tuple[str, list[str]]] = []
    library, in_row = None, False
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        if re.match(r"From (\w+)$", line):
            library = line.split()[1]
        if m := re.match(r"   \* - (.*)", line):          # a row and its first cell
            rows.append((library, [m.group(1)]))
            in_row = True
        elif in_row and (m := re.match(r"     - (.*)", line)):    # the next cell
            rows[-1][1].append(m.group(1))
        elif in_row and (m := re.match(r"       (\S.*)", line)):  # a cell's next line
            rows[-1][1][-1] += " " + m.group(1)
        else:
            in_row = False
    assert all(len(cells) == 2 for _, cells in rows)
    return [(lib, *cells) for lib, cells in rows if cells[1] != "handrank"]   # not headers


def literals(cell: str) -> list[str]:
    """The ``code`` literals of a table cell."""
    return re.findall(r"``(.+?)``", cell)


def deal(n: int, k: int, seed: int, deck=None) -> np.ndarray:
    return hr.deal(n, k, seed=seed, **({} if deck is None else {"deck": deck}))


def texts(hands) -> list[str]:
    return [hr.format(h) for h in hands]


def same_order(theirs: list, ours) -> None:
    """The peer's values order the hands as handrank's strengths do, ties
    included (``theirs`` compare with < and ==, higher better)."""
    ours = [int(s) for s in ours]
    for i in range(len(ours)):
        for j in range(i + 1, min(len(ours), i + 40)):
            assert (theirs[i] < theirs[j]) == (ours[i] < ours[j]), (i, j)
            assert (theirs[i] == theirs[j]) == (ours[i] == ours[j]), (i, j)


# ---------------------------------------------------------------- treys

def treys_cards(text: str) -> list[int]:
    from treys import Card
    return [Card.new(t) for t in text.split()]


@maps("treys", 'Card.new("Qh")')
def check_treys_cards(theirs_cell: str, ours_cell: str):
    from treys import Card
    for code in range(52):
        text = hr.format([code])
        assert Card.int_to_str(Card.new(text)) == text == hr.format(hr.parse(text))
    pretty = Card.ints_to_pretty_str(treys_cards("Qh Ts 2c"))     # what print_pretty_cards prints
    assert re.findall(r"\[(\w)(.)\]", pretty) == [("Q", "♥"), ("T", "♠"), ("2", "♣")]
    assert hr.format(hr.parse("Qh Ts 2c")) == "Qh Ts 2c"


@maps("treys", "Evaluator().evaluate(hand, board)")
def check_treys_evaluate(theirs_cell: str, ours_cell: str):
    from treys import Evaluator
    e = Evaluator()
    for k in (5, 6, 7):
        hands = deal(400, k, seed=k)
        ours = hr.evaluate(hands)
        for hand, s in zip(texts(hands), ours):
            cards = treys_cards(hand)
            rank = e.evaluate(cards[:2], cards[2:])
            assert 7462 - rank == s == hr.evaluate(hand), hand
    assert e.evaluate(treys_cards("As Ks"), treys_cards("Qs Js Ts")) == 1          # 1 best
    assert e.evaluate(treys_cards("7c 5d"), treys_cards("4h 3s 2c")) == 7462       # 7462 worst


TREYS_CLASSES = {"Royal Flush": {hr.Category.ROYAL_FLUSH},
                 "Straight Flush": {hr.Category.STRAIGHT_FLUSH, hr.Category.ROYAL_FLUSH},
                 "Four of a Kind": {hr.Category.FOUR_OF_A_KIND},
                 "Full House": {hr.Category.FULL_HOUSE}, "Flush": {hr.Category.FLUSH},
                 "Straight": {hr.Category.STRAIGHT},
                 "Three of a Kind": {hr.Category.THREE_OF_A_KIND},
                 "Two Pair": {hr.Category.TWO_PAIR}, "Pair": {hr.Category.ONE_PAIR},
                 "High Card": {hr.Category.HIGH_CARD}}


@maps("treys", "get_rank_class(rank)")
def check_treys_rank_class(theirs_cell: str, ours_cell: str):
    from treys import Evaluator
    e = Evaluator()
    hands = texts(deal(2000, 7, seed=11)) + ["As Ks Qs Js Ts 2c 3d", "9h 8h 7h 6h 5h Ac Ad"]
    seen = set()
    for hand in hands:
        cards = treys_cards(hand)
        name = e.class_to_string(e.get_rank_class(e.evaluate(cards[:2], cards[2:])))
        s = hr.evaluate(hand)
        assert hr.category(s) in TREYS_CLASSES[name], (hand, name)
        assert hr.describe(s).lower().startswith(("one pair", "two pair")) == (
            name in ("Pair", "Two Pair"))
        seen.add(name)
    assert len(seen) >= 9, seen        # every class but the rare royal flush, and that too


@maps("treys", "get_five_card_rank_percentage(rank)")
def check_treys_percentage(theirs_cell: str, ours_cell: str):
    formulas = [x for x in literals(ours_cell) if "/" in x and re.fullmatch(r"[-+*/ ()\d.s]+", x)]
    assert formulas, ours_cell          # the page's formula in terms of a strength s
    from treys import Evaluator
    e = Evaluator()
    for hand in texts(deal(500, 7, seed=12)) + ["Qs Th Ah Kd Jc"]:
        cards = treys_cards(hand)
        rank = e.evaluate(cards[:2], cards[2:])
        s = hr.evaluate(hand)
        for formula in formulas:
            assert e.get_five_card_rank_percentage(rank) == pytest.approx(
                eval(formula, {"s": s}), abs=1e-12), (hand, formula)


@maps("treys", "Deck().draw(n)")
def check_treys_deck(theirs_cell: str, ours_cell: str):
    from treys import Deck
    for n in (1, 2, 5, 7):
        theirs = Deck().draw(n)
        ours = hr.deal(1, n, seed=n)[0]
        assert len(theirs) == len(set(theirs)) == len(ours) == len(set(ours.tolist())) == n
        assert ours.min() >= 0 and ours.max() < 52
    assert (hr.deal(1, 7, seed=3)[0] == hr.deal(1, 7, seed=3)[0]).all()
    assert hr.deal(100, 7).shape == (100, 7)


# ---------------------------------------------------------------- phevaluator

@maps("phevaluator", 'evaluate_cards("9c", "4c", ...)')
def check_phevaluator_text(theirs_cell: str, ours_cell: str):
    from phevaluator import evaluate_cards
    formula = next(x for x in literals(ours_cell) if "rank" in x)       # 7462 - rank
    for k in (5, 6, 7):
        for hand in texts(deal(500, k, seed=20 + k)):
            rank = evaluate_cards(*hand.split())
            assert eval(formula, {"rank": rank}) == hr.evaluate(hand), hand
    assert 7462 - evaluate_cards("9c", "4c", "4s", "9d", "4h", "Qc", "6c") == hr.evaluate(
        "9c 4c 4s 9d 4h Qc 6c")


@maps("phevaluator", "evaluate_cards(*ids)")
def check_phevaluator_ids(theirs_cell: str, ours_cell: str):
    from phevaluator import Card, evaluate_cards
    for code in range(52):                              # the same integers
        assert str(Card(code)) == hr.format([code])
        assert Card(hr.format([code])).id_ == code
    for k in (5, 6, 7):
        hands = deal(500, k, seed=30 + k)
        batch = hr.evaluate(hands)
        for row, s in zip(hands.tolist(), batch):
            assert 7462 - evaluate_cards(*row) == s == hr.evaluate(row)


@maps("phevaluator", "evaluate_omaha_cards(*board5, *hole4)")
def check_phevaluator_omaha(theirs_cell: str, ours_cell: str):
    from phevaluator import evaluate_omaha_cards
    cards = deal(1000, 9, seed=40)
    hole, board = cards[:, :4], cards[:, 4:]
    ours = hr.evaluate_omaha(hole, board)
    for h, b, s in zip(hole.tolist(), board.tolist(), ours):
        assert 7462 - evaluate_omaha_cards(*b, *h) == s == hr.evaluate_omaha(h, b)


# ---------------------------------------------------------------- eval7

def eval7_cards(text: str):
    import eval7
    return [eval7.Card(t) for t in text.split()]


@maps("eval7", 'eval7.Card("As")')
def check_eval7_card(theirs_cell: str, ours_cell: str):
    import eval7
    for code in range(52):
        text = hr.format([code])
        assert str(eval7.Card(text)) == text == hr.format(hr.parse(text))
    assert hr.evaluate("As Ks Qs Js Ts") == hr.evaluate(hr.parse("As Ks Qs Js Ts"))


EVAL7_TYPES = {"High Card": {hr.Category.HIGH_CARD}, "Pair": {hr.Category.ONE_PAIR},
               "Two Pair": {hr.Category.TWO_PAIR}, "Trips": {hr.Category.THREE_OF_A_KIND},
               "Straight": {hr.Category.STRAIGHT}, "Flush": {hr.Category.FLUSH},
               "Full House": {hr.Category.FULL_HOUSE}, "Quads": {hr.Category.FOUR_OF_A_KIND},
               "Straight Flush": {hr.Category.STRAIGHT_FLUSH, hr.Category.ROYAL_FLUSH}}


@maps("eval7", "eval7.evaluate(cards)")
def check_eval7_evaluate(theirs_cell: str, ours_cell: str):
    import eval7
    for k in (5, 6, 7):
        hands = texts(deal(600, k, seed=50 + k))
        theirs = [eval7.evaluate(eval7_cards(h)) for h in hands]
        same_order(theirs, hr.evaluate(hands))
        for h, v in zip(hands, theirs):
            assert hr.category(hr.evaluate(h)) in EVAL7_TYPES[eval7.handtype(v)], h
    royal = eval7.evaluate(eval7_cards("As Ks Qs Js Ts"))
    assert eval7.handtype(royal) == "Straight Flush"
    assert hr.category(hr.evaluate("As Ks Qs Js Ts")) == hr.Category.ROYAL_FLUSH


@maps("eval7", "Deck().shuffle()")
def check_eval7_deck(theirs_cell: str, ours_cell: str):
    import eval7
    deck = eval7.Deck()
    deck.shuffle()
    theirs = [str(c) for c in deck.deal(7)]
    assert len(set(theirs)) == 7
    ours = hr.deal(5, 7, seed=1)
    assert ours.shape == (5, 7) and all(len(set(r)) == 7 for r in ours.tolist())
    assert (hr.deal(5, 7, seed=1) == ours).all()            # reproducible


def eval7_combos(text: str) -> dict[frozenset, float]:
    import eval7
    return {frozenset(str(c) for c in hand): w for hand, w in eval7.HandRange(text).hands}


def hr_combos(r: hr.Range) -> dict[frozenset, float]:
    return {frozenset(hr.format(c).split()): float(w) for c, w in zip(r.combos, r.weights)}


@maps("eval7", 'eval7.HandRange("AA, AKs")')
def check_eval7_hand_range(theirs_cell: str, ours_cell: str):
    for text in ("AA, AKs", "QQ+, AKs", "ATs+", "KQo", "22+", "A5s-A2s", "AsKd"):
        assert eval7_combos(text) == hr_combos(hr.Range(text)), text
    # weights as the page writes them: eval7's 40%(JJ), handrank's 0.4(JJ) or JJ:0.4
    their_weight = [x for x in literals(theirs_cell) if "%" in x]
    our_weights = [x for x in literals(ours_cell) if ":" in x or re.match(r"[\d.]+\(", x)]
    assert len(their_weight) == 1 and len(our_weights) == 2
    theirs = eval7_combos(their_weight[0])
    assert sorted(set(theirs.values())) == [0.4]
    for text in our_weights:
        assert hr_combos(hr.Range(text)) == theirs, text


def unweighted_cases():
    """(hero, villain range, board): equal weights, so the two libraries
    answer the same question."""
    return [("As Kd", "QQ+, AKs", "2h 7d Jc"), ("Qh Qd", "AKs, JJ", "Ks 7s 2d"),
            ("Ah Kh", "TT+, AQs+", "Qh 7h 2c")]


@maps("eval7", "py_hand_vs_range_exact(hand, range, board)")
def check_eval7_exact(theirs_cell: str, ours_cell: str):
    import eval7
    for hero, villain, board in unweighted_cases() + [("Ks Qs", "AA, QQ", "Kc 7d 2h 3h 8c")]:
        full = board if len(board.split()) == 5 else board + " 3c 4c"   # eval7 needs 5 cards
        theirs = eval7.py_hand_vs_range_exact(eval7_cards(hero), eval7.HandRange(villain),
                                              eval7_cards(full))
        ours = hr.equity("holdem", [hero, villain], board=full)
        assert ours.exact and ours.equity[0] == pytest.approx(theirs, abs=1e-6), (hero, full)


def close(theirs: float, exact: float, n: int) -> None:
    se = max(np.sqrt(exact * (1 - exact) / n), 1e-3)
    assert abs(theirs - exact) < 5 * se, (theirs, exact, n)


@maps("eval7", "py_hand_vs_range_monte_carlo(hand, range, board, iterations)")
def check_eval7_monte_carlo(theirs_cell: str, ours_cell: str):
    import eval7
    n = 200_000
    for hero, villain, board in unweighted_cases():
        theirs = eval7.py_hand_vs_range_monte_carlo(
            eval7_cards(hero), eval7.HandRange(villain), eval7_cards(board), n)
        exact = hr.equity("holdem", [hero, villain], board=board).equity[0]
        ours = hr.equity("holdem", [hero, villain], board=board, trials=n, seed=1)
        assert not ours.exact
        close(theirs, exact, n)
        close(ours.equity[0], exact, n)


@maps("eval7", "py_all_hands_vs_range(...)")
def check_eval7_all_hands(theirs_cell: str, ours_cell: str):
    import eval7
    n = 100_000
    hero, villain, board = "AA, KQs", "QQ+, AKs", "2h 7d Jc"
    theirs = eval7.py_all_hands_vs_range(eval7.HandRange(hero), eval7.HandRange(villain),
                                         eval7_cards(board), n)
    ours = hr.equity("holdem", [hero, villain], board=board).by_hand[0]
    assert {frozenset(str(c) for c in h) for h in theirs} == {frozenset(h.split()) for h in ours}
    for h, e in ours.items():
        key = next(k for k in theirs if {str(c) for c in k} == set(h.split()))
        close(theirs[key], e, n)


# the three warnings under eval7's table

def test_eval7_equity_ignores_weights():
    eval7 = pytest.importorskip("eval7")
    hero, board = eval7_cards("Ks Qs"), "Kc 7d 2h 3h 8c"
    weighted = eval7.py_hand_vs_range_exact(hero, eval7.HandRange("AA, 1%(QQ)"),
                                            eval7_cards(board))
    plain = eval7.py_hand_vs_range_exact(hero, eval7.HandRange("AA, QQ"), eval7_cards(board))
    assert weighted == plain == pytest.approx(1 / 3)
    assert 0.01 in {w for _, w in eval7.HandRange("AA, 1%(QQ)").hands}    # it read the weight
    ours = hr.equity("holdem", ["Ks Qs", "AA, 0.01(QQ)"], board=board).equity[0]
    assert ours == pytest.approx(0.03 / 6.03)            # 3 QQ at 0.01 against 6 AA
    flop = eval7_cards("Kc 7d 2h")
    mc = eval7.py_hand_vs_range_monte_carlo(hero, eval7.HandRange("AA, 1%(QQ)"), flop, 100_000)
    close(mc, hr.equity("holdem", ["Ks Qs", "AA, QQ"], board="Kc 7d 2h").equity[0], 100_000)
    every = eval7.py_all_hands_vs_range(eval7.HandRange("KsQs"), eval7.HandRange("AA, 1%(QQ)"),
                                        flop, 100_000)
    close(next(iter(every.values())),
          hr.equity("holdem", ["Ks Qs", "AA, QQ"], board="Kc 7d 2h").equity[0], 100_000)


def test_eval7_keeps_duplicate_hands():
    eval7 = pytest.importorskip("eval7")
    assert len(eval7.HandRange("AKs, AsKs").hands) == 5
    assert len(eval7.HandRange("AA, AA").hands) == 12
    hero, board = eval7_cards("Qh Qd"), eval7_cards("2s 7s 9s Jd 3c")   # only AsKs wins
    twice = eval7.py_hand_vs_range_exact(hero, eval7.HandRange("AKs, AsKs"), board)
    assert twice == pytest.approx(3 / 5)                 # AsKs counted twice
    assert len(hr.Range("AKs, AsKs")) == 4 and len(hr.Range("AA, AA")) == 6
    ours = hr.equity("holdem", ["Qh Qd", "AKs, AsKs"], board="2s 7s 9s Jd 3c").equity[0]
    assert ours == pytest.approx(3 / 4)


def test_eval7_percent_is_a_weight():
    eval7 = pytest.importorskip("eval7")
    hands = eval7.HandRange("40%(ATs+)").hands
    assert len(hands) == 16 and {w for _, w in hands} == {0.4}
    with pytest.raises(Exception):
        eval7.HandRange("40%")              # eval7 has no top-percent range
    assert len(hr.Range("40%")) == 536      # handrank: the top 40% of hands
    assert hr_combos(hr.Range("0.4(ATs+)")) == eval7_combos("40%(ATs+)")
    with pytest.raises(hr.HandError, match="weights are written"):
        hr.Range("40%(ATs+)")


# ---------------------------------------------------------------- pokerkit

def page_rules(cell: str) -> str:
    """The rule set a handrank cell names (``rules="2-7"``, and the aliases
    it gives in quotes): all must name one rule set."""
    names = re.findall(r'rules="([^"]+)"', cell) + re.findall(r'``"([^"]+)"``', cell)
    assert names, cell
    assert len({hr.get_rules(n).name for n in names}) == 1, names
    return names[0]


def pk_order(cls, hands: list[str], rules: str, *, from_game=False) -> None:
    """pokerkit's hand objects order the hands as handrank does under rules."""
    make = cls.from_game if from_game else cls
    theirs = [make(h.replace(" ", "")) for h in hands]
    same_order(theirs, hr.evaluate(hands, rules))


@maps("pokerkit", 'StandardHighHand("AsKsQsJsTs")')
def check_pokerkit_high(theirs_cell: str, ours_cell: str):
    from pokerkit import StandardHighHand
    pk_order(StandardHighHand, texts(deal(300, 5, seed=60)), "high")
    hands = texts(deal(200, 7, seed=61))
    pk_order(StandardHighHand, hands, "high", from_game=True)
    for h in hands[:50]:
        hole, board = h[:5], h[6:]
        assert StandardHighHand.from_game(hole.replace(" ", ""), board.replace(" ", "")) == \
            StandardHighHand.from_game(h.replace(" ", ""))


@maps("pokerkit", "StandardLowHand")
def check_pokerkit_deuce_to_seven(theirs_cell: str, ours_cell: str):
    from pokerkit import StandardLowHand
    rules = page_rules(ours_cell)
    for k, seed in ((5, 62), (7, 63)):           # pokerkit's "<" means weaker, low hands too
        hands = texts(deal(300, k, seed=seed))
        same_order([StandardLowHand.from_game(h.replace(" ", "")) for h in hands],
                   hr.evaluate(hands, rules))


def low_order(cls, rules: str, seed: int, k: int = 7) -> None:
    hands = texts(deal(300, k, seed=seed))
    theirs = [cls.from_game(h.replace(" ", "")) for h in hands]
    same_order(theirs, hr.evaluate(hands, rules))


@maps("pokerkit", "RegularLowHand")
def check_pokerkit_ace_to_five(theirs_cell: str, ours_cell: str):
    from pokerkit import RegularLowHand
    low_order(RegularLowHand, page_rules(ours_cell), 64)
    low_order(RegularLowHand, page_rules(ours_cell), 65, k=5)


@maps("pokerkit", "``EightOrBetterLowHand`` (")
def check_pokerkit_eight_or_better(theirs_cell: str, ours_cell: str):
    from pokerkit import EightOrBetterLowHand
    hands = texts(deal(400, 7, seed=66))
    theirs = [EightOrBetterLowHand.from_game_or_none(h.replace(" ", "")) for h in hands]
    ours = hr.evaluate(hands, page_rules(ours_cell))
    assert [t is None for t in theirs] == [int(s) == -1 for s in ours]
    assert any(t is None for t in theirs) and not all(t is None for t in theirs)
    qualified = [(t, s) for t, s in zip(theirs, ours) if t is not None]
    same_order([t for t, _ in qualified], [s for _, s in qualified])


@maps("pokerkit", "ShortDeckHoldemHand")
def check_pokerkit_short_deck(theirs_cell: str, ours_cell: str):
    from pokerkit import ShortDeckHoldemHand
    hands = texts(deal(300, 7, seed=67, deck=hr.SHORT_DECK))
    theirs = [ShortDeckHoldemHand.from_game(h.replace(" ", "")) for h in hands]
    rules = page_rules(ours_cell)
    same_order(theirs, hr.evaluate(hands, rules))
    assert ShortDeckHoldemHand("6s7s8s9sJs") > ShortDeckHoldemHand("6s6d6hKcKs")   # flush > boat
    assert hr.evaluate("6s 7s 8s 9s Js", rules) > hr.evaluate("6s 6d 6h Kc Ks", rules)
    assert ShortDeckHoldemHand("6s7d8h9cAs") > ShortDeckHoldemHand("6d6h6cKcAd")   # straight > set
    assert hr.evaluate("6s 7d 8h 9c As", rules) > hr.evaluate("6d 6h 6c Kc Ad", rules)


@maps("pokerkit", "BadugiHand")
def check_pokerkit_badugi(theirs_cell: str, ours_cell: str):
    from pokerkit import BadugiHand
    hands = texts(deal(400, 4, seed=68))
    theirs = [BadugiHand.from_game(h.replace(" ", "")) for h in hands]
    same_order(theirs, hr.evaluate(hands, page_rules(ours_cell)))


@maps("pokerkit", "OmahaHoldemHand.from_game(hole, board)")
def check_pokerkit_omaha(theirs_cell: str, ours_cell: str):
    from pokerkit import OmahaEightOrBetterLowHand, OmahaHoldemHand
    cards = deal(150, 9, seed=69)
    hole, board = cards[:, :4], cards[:, 4:]
    high = [OmahaHoldemHand.from_game(hr.format(h).replace(" ", ""),
                                      hr.format(b).replace(" ", "")) for h, b in zip(hole, board)]
    same_order(high, hr.evaluate_omaha(hole, board))
    low = [OmahaEightOrBetterLowHand.from_game_or_none(hr.format(h).replace(" ", ""),
                                                       hr.format(b).replace(" ", ""))
           for h, b in zip(hole, board)]
    ours = hr.evaluate_omaha(hole, board, rules=page_rules(ours_cell))
    assert [t is None for t in low] == [int(s) == -1 for s in ours]
    qualified = [(t, s) for t, s in zip(low, ours) if t is not None]
    assert qualified
    same_order([t for t, _ in qualified], [s for _, s in qualified])


@maps("pokerkit", "h0 < h1")
def check_pokerkit_compare(theirs_cell: str, ours_cell: str):
    from pokerkit import StandardHighHand
    hands = texts(deal(400, 5, seed=70))
    for h0, h1 in zip(hands[::2], hands[1::2]):
        assert (StandardHighHand(h0.replace(" ", "")) < StandardHighHand(h1.replace(" ", ""))) \
            == (hr.evaluate(h0) < hr.evaluate(h1))


PK_LABELS = {"High card": {hr.Category.HIGH_CARD}, "One pair": {hr.Category.ONE_PAIR},
             "Two pair": {hr.Category.TWO_PAIR}, "Three of a kind": {hr.Category.THREE_OF_A_KIND},
             "Straight": {hr.Category.STRAIGHT}, "Flush": {hr.Category.FLUSH},
             "Full house": {hr.Category.FULL_HOUSE}, "Four of a kind": {hr.Category.FOUR_OF_A_KIND},
             "Straight flush": {hr.Category.STRAIGHT_FLUSH, hr.Category.ROYAL_FLUSH}}


@maps("pokerkit", "str(hand)")
def check_pokerkit_str_and_cards(theirs_cell: str, ours_cell: str):
    from pokerkit import StandardHighHand
    for h in texts(deal(300, 7, seed=71)) + ["As Ks Qs Js Ts 2c 3d"]:
        hand = StandardHighHand.from_game(h.replace(" ", ""))
        label = re.match(r"(.*?) \(", str(hand)).group(1)
        s = hr.evaluate(h)
        assert hr.category(s) in PK_LABELS[label], (h, str(hand), hr.describe(s))
        five = " ".join(map(repr, hand.cards))      # repr: "Kc"
        best = hr.format(hr.best_five(h))
        assert hr.evaluate(five) == hr.evaluate(best) == s          # the same five, up to suits
        assert set(best.split()) <= set(h.split())


@maps("pokerkit", "calculate_equities(ranges, board")
def check_pokerkit_equities(theirs_cell: str, ours_cell: str):
    from pokerkit import Card, Deck, StandardHighHand, calculate_equities, parse_range
    n = 2000
    theirs = calculate_equities((parse_range("AsKd"), parse_range("QQ+ AKs")), Card.parse("2h7dJc"),
                                2, 5, Deck.STANDARD, (StandardHighHand,), sample_count=n)
    exact = hr.equity("holdem", ["As Kd", "QQ+, AKs"], board="2h 7d Jc")
    assert exact.exact
    close(theirs[0], exact.equity[0], n)
    mc = hr.equity("holdem", ["As Kd", "QQ+, AKs"], board="2h 7d Jc", trials=n, seed=1)
    close(mc.equity[0], exact.equity[0], n)


@maps("pokerkit", 'parse_range("AKs")')
def check_pokerkit_parse_range(theirs_cell: str, ours_cell: str):
    from pokerkit import parse_range
    for text in ("AKs", "QQ+", "AKo", "T9s-65s", "ATs+", "22+", "AsKd"):
        theirs = {frozenset(map(repr, combo)) for combo in parse_range(text)}
        ours = {frozenset(hr.format(c).split()) for c in hr.Range(text).combos}
        assert theirs == ours, text


# ---------------------------------------------------------------- the tests

needs_page = pytest.mark.skipif(not PAGE.is_file(),
                                reason="no docs/ tree here (an installed wheel)")


@needs_page
def test_every_row_has_a_check():
    rows = page_rows()
    assert {lib for lib, _, _ in rows} == {"treys", "phevaluator", "eval7", "pokerkit"}
    used = set()
    for lib, cell, _ in rows:
        found = [key for key in CHECKS if key[0] == lib and key[1] in cell]
        assert len(found) == 1, f"{lib} row {cell!r}: checks {found}"
        used.add(found[0])
    assert used == set(CHECKS), f"checks of rows no longer on the page: {set(CHECKS) - used}"


@needs_page
@pytest.mark.parametrize("key", list(CHECKS), ids=lambda k: f"{k[0]}: {k[1]}")
def test_mapping(key):
    pytest.importorskip(key[0])
    rows = [(theirs, ours) for lib, theirs, ours in page_rows()
            if lib == key[0] and key[1] in theirs]
    assert len(rows) == 1, f"no row of {key[0]}'s table has {key[1]!r}"
    CHECKS[key](*rows[0])
