"""Issue 21, items 2, 7, 8 and 9: decks with jokers deal their jokers, a bare
Strength has its rules and pickles with them, ranges in short deck lose the
hands the deck cannot hold, and the argument checks say what is wrong."""
from __future__ import annotations

import copy
import multiprocessing
import pickle

import numpy as np
import pytest

import handrank as hr
from handrank import Category as C


# ---------------------------------------------------------------- item 7

def test_a_bare_strength_is_a_high_strength():
    s = hr.Strength(5)
    assert s == 5 and isinstance(s, hr.Strength) and isinstance(s, int)
    assert s.rules == "high"
    assert s.name == hr.describe(5) and s.category == hr.category(5)
    assert hr.describe(s) == hr.describe(5)
    t = hr.Strength(7461, "2-7")
    assert t.rules == "deuce-to-seven" and t.name == "Seven-five low"
    assert type(t) is type(hr.evaluate("7s 5c 4d 3d 2c", rules="2-7"))
    assert hr.Strength(t).rules == "deuce-to-seven"              # keeps its own rules
    assert hr.Strength(np.int16(-1), "8-or-better").name == "No low"
    for args, message in [((7475,), "strength 7475 is out of range for rules='high'"),
                          ((-1,), "out of range"),
                          ((5.0,), "a strength is an integer; got float"),
                          ((True,), "got bool"),
                          ((5, "nope"), "unknown rules 'nope'")]:
        with pytest.raises(hr.HandError, match=message):
            hr.Strength(*args)


def _strengths() -> list:
    mine = hr.RuleSet("mine-no-straights", straights=False)
    return [hr.Strength(5), hr.evaluate("7s 5c 4d 3d 2c", rules="2-7"),
            hr.evaluate("Ah 2d 3s 4c", "badugi"), hr.Strength(-1, "a5-8"),
            hr.evaluate("As Ks Qs Js Ts", rules=mine)]


def _same(a, b) -> None:
    assert type(a).__mro__[1] is hr.Strength and int(a) == int(b)
    assert (a.rules, a.name, a.category) == (b.rules, b.name, b.category)


def test_strength_pickles_and_copies_with_its_rules():
    for s in _strengths():
        for proto in range(pickle.HIGHEST_PROTOCOL + 1):
            _same(pickle.loads(pickle.dumps(s, proto)), s)
        _same(copy.deepcopy(s), s)
        _same(copy.copy(s), s)
    # a registered rule set comes back as itself (the same tag type)
    s = hr.Strength(5)
    assert type(pickle.loads(pickle.dumps(s))) is type(s)
    assert pickle.loads(pickle.dumps(hr.get_rules("razz"))) is hr.get_rules("razz")
    assert pickle.loads(pickle.dumps(hr.SHORT_DECK)) is hr.SHORT_DECK


def test_strength_crosses_to_a_worker_process():
    strengths = _strengths()
    ctx = multiprocessing.get_context("spawn")      # a fresh interpreter: only pickles cross
    with ctx.Pool(1) as pool:
        names = pool.map(hr.describe, strengths)
        back = pool.map(copy.deepcopy, strengths)
    assert names == [s.name for s in strengths]
    for a, b in zip(back, strengths):
        _same(a, b)


# ---------------------------------------------------------------- item 9: RuleSet

def test_ruleset_checks_its_fields_when_made():
    cases = [
        (dict(ace="sideways"), "RuleSet 'x': ace must be one of 'high', 'high-only', 'low'; "
                               "got 'sideways'"),
        (dict(kind="stud"), "kind must be one of 'poker', 'badugi'; got 'stud'"),
        (dict(bug="joker"), "bug must be one of 'ace', 'wild'; got 'joker'"),
        (dict(cards=4), "cards must be 5 or 3 for kind='poker'; got 4"),
        (dict(low="yes"), "low must be True or False; got 'yes'"),
        (dict(order=(0, 1)), "order must be distinct hr.Category members"),
        (dict(qualifier=1), "qualifier must be None or .*5..13"),
        (dict(deck="short"), "deck must be a handrank.Deck"),
        (dict(order=(C.HIGH_CARD, C.ONE_PAIR)), "order must hold FLUSH above HIGH_CARD"),
        (dict(bug="ace", deck=hr.Deck("no-aces", "23456789TJQK")), "bug='ace' needs a deck "
                                                                  "with aces"),
    ]
    for kwargs, message in cases:
        with pytest.raises(hr.HandError, match=message):
            hr.RuleSet("x", **kwargs)
    ok = hr.RuleSet("x", ace="high-only", aliases=["y"])
    assert ok.aliases == ("y",) and hr.evaluate("As Ks Qs Js Ts", rules=ok) >= 0


# ---------------------------------------------------------------- item 2

JOKER1 = hr.Deck("standard", jokers=1)
JOKER2 = hr.Deck("standard", jokers=2)
SHORT_JOKERS = hr.Deck("short", "6789TJQKA", jokers=2)


def _chi2_ok(counts: np.ndarray, expected: np.ndarray) -> bool:
    """Pearson's statistic within 6 standard deviations of its mean (seeded:
    a pass is a property of the code, not luck)."""
    stat = ((counts - expected) ** 2 / expected).sum()
    df = counts.size - 1
    return abs(stat - df) < 6 * np.sqrt(2 * df)


def test_a_deck_with_jokers_deals_them():
    h = hr.deal(100_000, 7, seed=1, deck=JOKER1)
    assert (h == 52).any() and not (h == 53).any()
    full = hr.deal(3, 53, seed=2, deck=JOKER1)              # the whole deck, shuffled
    assert all(sorted(row) == list(range(53)) for row in full.tolist())
    full = hr.deal(3, 54, seed=2, deck=JOKER2)
    assert all(sorted(row) == list(range(54)) for row in full.tolist())
    short = hr.deal(3, 38, seed=2, deck=SHORT_JOKERS)
    assert all(sorted(row) == hr.SHORT_DECK.codes + [52, 53] for row in short.tolist())
    # the same stream as jokers= on the standard deck; the game's deck deals its joker
    assert (hr.deal(500, 7, seed=9, deck=JOKER1) == hr.deal(500, 7, seed=9, jokers=1)).all()
    game_deck = hr.get_game("draw-joker").cards
    assert (hr.deal(500, 5, seed=9, deck=game_deck) == hr.deal(500, 5, seed=9, deck=JOKER1)).all()
    # Dealer and the masks alike
    d = hr.Dealer(seed=4)
    assert (d.deal(20_000, 7, deck=JOKER1) == 52).any()
    masks = d.deal_masks(20_000, 7, deck=JOKER2)
    assert (masks & np.uint64(1 << 13)).any() and (masks & np.uint64(1 << 29)).any()
    assert (hr.deal_masks(200, 7, seed=3, deck=JOKER1) ==
            hr.to_mask(hr.deal(200, 7, seed=3, deck=JOKER1))).all()
    # redraw draws the deck's jokers too
    hands = np.tile(hr.parse("2c 3c 4c 5c 6c"), (20_000, 1))
    new = hr.redraw(hands, [True] * 5, seed=1, deck=JOKER1)
    assert (new == 52).any() and not (new == 53).any()
    assert (hr.Dealer(1).redraw(hands, [True] * 5, deck=JOKER1) == new).all()


@pytest.mark.parametrize("deck", [JOKER1, JOKER2, SHORT_JOKERS], ids=repr)
def test_a_joker_deck_deals_uniformly(deck):
    n, k = 60_000, 7
    h = hr.deal(n, k, seed=2024, deck=deck)
    codes = deck.codes
    lookup = np.full(54, -1)
    lookup[codes] = np.arange(len(codes))
    pos = lookup[h]
    assert (pos >= 0).all()
    for col in (0, k - 1):                          # each position: every card alike
        assert _chi2_ok(np.bincount(pos[:, col], minlength=len(codes)),
                        np.full(len(codes), n / len(codes)))
    # a joker is in a row as often as any card: k / size
    rows_with = (h == 52).any(axis=1).sum()
    p = k / deck.size
    assert abs(rows_with - n * p) < 6 * np.sqrt(n * p * (1 - p))


def test_a_deal_with_jokers_feeds_every_consumer():
    n = 5_000
    h = hr.deal(n, 7, seed=3, deck=JOKER2)
    m = hr.deal_masks(n, 7, seed=3, deck=JOKER2)
    assert (hr.to_mask(h) == m).all()
    assert (hr.from_mask(m) == np.sort(h, axis=1)).all()
    for row, text in zip(h[:200].tolist(), hr.format(h[:200])):   # jokers read as "Jk"
        back = hr.parse(text).tolist()
        assert [c for c in back if c < 52] == [c for c in row if c < 52]
        assert sum(c >= 52 for c in back) == sum(c >= 52 for c in row)
    for wild in ("bug", "jokers", "2", "Js Jh"):
        assert (hr.evaluate(h, wild=wild) == hr.evaluate_masks(m, wild=wild)).all()
        assert (hr.evaluate(h, wild=wild) >= 0).all()
    with pytest.raises(hr.HandError, match="a joker .* needs a wild setting"):
        hr.evaluate(h)
    short = hr.deal(n, 7, seed=3, deck=SHORT_JOKERS)
    assert (hr.evaluate(short, "short-deck", wild="bug") >= 0).all()
    game = hr.get_game("draw-joker")                 # a game's own deck: the joker is a bug
    deals = hr.deal(n, 10, seed=5, deck=game.cards).reshape(n, 2, 5)
    assert (deals == 52).any()
    shares = hr.showdown(game, deals)
    assert np.allclose(shares.sum(axis=1), 1.0)
    assert hr.game_strengths(game, deals)[0].shape == (n, 2)
    assert np.allclose(hr.showdown("lowball", deals).sum(axis=1), 1.0)
    drawn = hr.redraw(deals.reshape(n, 10), np.ones(10, bool), seed=1, deck=game.cards)
    assert np.allclose(hr.showdown(game, drawn.reshape(n, 2, 5)).sum(axis=1), 1.0)


def test_deal_messages_name_the_deck_in_use():
    cases = [
        (lambda: hr.deal(3, 37, deck=hr.SHORT_DECK),
         "each row needs 37 cards but only 36 are left to deal: the 36-card short deck "
         r"\(6 to A\)$"),
        (lambda: hr.deal(3, 36, deck=hr.SHORT_DECK, dead="As"),
         r"only 35 are left to deal: the 36-card short deck \(6 to A\) minus 1 dead$"),
        (lambda: hr.deal(3, 54, deck=JOKER1),
         "only 53 are left to deal: the 53-card deck with 1 joker$"),
        (lambda: hr.deal(3, 7, deck=JOKER1, jokers=2),
         r"jokers=2 but deck=.* holds 1: leave out jokers=.*deck.with_jokers\(2\)"),
        (lambda: hr.deal(3, 7, deck=JOKER1, dead=[53]),
         "a joker \\(code 53\\) is not in the 53-card deck with 1 joker"),
        (lambda: hr.redraw("2c 7h 8h 9h Th", [True] + [False] * 4, seed=1, deck=hr.SHORT_DECK),
         r"card 2c at position 0 is not in the 36-card short deck \(6 to A\)"),
        (lambda: hr.redraw("6c 7h", [True, True], deck=hr.SHORT_DECK,
                           dead=[c for c in hr.SHORT_DECK.codes if c not in hr.parse("6c 7h")]),
         "2 cards to replace but only 0 left .*the 36-card short deck"),
    ]
    for call, message in cases:
        with pytest.raises(hr.HandError, match=message):
            call()
    # 52 in a message only where the standard deck is in use
    with pytest.raises(hr.HandError) as e:
        hr.deal(3, 40, deck=hr.SHORT_DECK)
    assert "52" not in str(e.value)
    assert hr.deal(3, 7, deck=JOKER1, jokers=1).shape == (3, 7)     # agreeing is fine


# ---------------------------------------------------------------- item 8

def test_short_deck_ranges_drop_the_hands_the_deck_lacks():
    board = "7c 8d 9h"
    a = hr.equity("short-deck", ["As Ks", "QQ+, 22"], board=board)
    b = hr.equity("short-deck", ["As Ks", "QQ+"], board=board)
    assert np.array_equal(a.equity, b.equity) and a.deals == b.deals
    # weights survive: the short-deck range is the hold'em range minus its low hands
    w = hr.equity("short-deck", ["As Ks", "0.5(QQ+), A2s+, 33"], board=board)
    v = hr.equity("short-deck", ["As Ks", "0.5(QQ+), A6s+"], board=board)
    assert np.allclose(w.equity, v.equity)
    mc = hr.equity("short-deck", ["QQ+, 22", "random"], trials=20_000, seed=3)
    assert mc.equity.sum() == pytest.approx(1.0)
    # a random range is the 36-card deck's 630 hands, dealt like an unknown hand
    r = hr.equity("short-deck", ["As Ks", "random"], board=board)
    u = hr.equity("short-deck", ["As Ks", "??"], board=board)
    assert np.allclose(r.equity, u.equity)
    # nothing left: the player, the range, the deck and a card it lacks
    with pytest.raises(hr.HandError, match=r"player 1: no hand of the range '22-55' can be "
                                           r"dealt from the short deck \(6 to A\).*such as 2c"):
        hr.equity("short-deck", ["As Ks", "22-55"], board=board)
    with pytest.raises(hr.HandError, match=r"player 0: card 2c is not in the short deck"):
        hr.equity("short-deck", ["2c 2d", "QQ+"], board=board)
    # the standard deck keeps every hand
    assert hr.equity("holdem", ["As Ks", "QQ+, 22"], board=board).deals != \
        hr.equity("holdem", ["As Ks", "QQ+"], board=board).deals


def test_short_deck_equity_grid():
    board = "7c 8d 9h"
    g = hr.equity_grid("As Ks", "QQ+, 22, A2s+", board=board, game="short-deck")
    cells = {name: (i, j) for name, (i, j) in hr.ranges._classes.CELL.items()}
    for name in ("22", "A2s", "A5s"):                       # not in the deck: no cell
        assert np.isnan(g.equity[cells[name]])
    for name in ("QQ", "AA", "A6s", "AQs"):
        want = hr.equity("short-deck", ["As Ks", name], board=board).equity[0]
        assert g.equity[cells[name]] == pytest.approx(want)
    with pytest.raises(hr.HandError, match="no hand of the range '22-55' can be dealt from "
                                           r"the short deck \(6 to A\)"):
        hr.equity_grid("As Ks", "22-55", board=board, game="short-deck")


# ---------------------------------------------------------------- item 9

def test_equity_grid_takes_none_like_equity():
    river = "7c 8d 9h 2c 3d"
    a = hr.equity_grid("As Ks", "QQ+, AKs", board="7c 8d 9h", dead=None)
    b = hr.equity_grid("As Ks", "QQ+, AKs", board="7c 8d 9h", dead="")
    assert np.array_equal(a.equity, b.equity, equal_nan=True)
    d = hr.equity_grid("As Ks", "QQ+", board="7c 8d 9h", dead=["Qh", "Qd"])
    assert d.weight[hr.ranges._classes.CELL["QQ"]] == 1                     # dead= as codes too
    # hand None (or "??"): a random hand, as in equity
    g = hr.equity_grid(None, "QQ+, AKs", board=river)
    want = hr.equity("holdem", [None, "QQ+, AKs"], board=river).equity[0]
    assert g.exact and g.overall == pytest.approx(want)
    assert g.hand == "?? ??" and g.describe().startswith("?? ?? vs QQ+, AKs")
    assert np.array_equal(hr.equity_grid("??", "QQ+", board=river).equity,
                          hr.equity_grid(None, "QQ+", board=river).equity, equal_nan=True)
    for name in ("AA", "AKs"):
        cell = hr.equity_grid(None, name, board=river).overall
        assert cell == pytest.approx(hr.equity("holdem", [None, name], board=river).equity[0])
    # range None: every hand
    r = hr.equity_grid("As Ks", None, board=river)
    assert r.range_text == "random" and np.isfinite(r.equity).sum() == 169
    assert r.overall == pytest.approx(
        hr.equity("holdem", ["As Ks", None], board=river).equity[0])
    with pytest.raises(hr.HandError, match="the hand has 3 cards; at most 2"):
        hr.equity_grid("As Ks Qs", "QQ+")


def test_range_html_takes_text():
    assert hr.range_html("QQ+, 0.5(AKs)") == hr.Range("QQ+, 0.5(AKs)")._repr_html_()
    assert hr.range_html("QQ+").count("<td") == 169
    with pytest.raises(hr.HandError, match="range_html takes a hold'em range"):
        hr.range_html(5)


def test_empty_batches_give_empty_results():
    counts = hr.category_counts([])
    assert list(counts) == list(hr.category_counts([0])) and sum(counts.values()) == 0
    low = hr.category_counts([], "8-or-better")
    assert None in low and sum(low.values()) == 0
    assert hr.describe([]) == [] and hr.describe((), "2-7") == []
    assert hr.describe(np.array([], dtype=float)) == []
    cats = hr.category([])
    assert cats.dtype == np.int8 and cats.shape == (0,)
    masks = hr.evaluate_masks([])
    assert masks.dtype == np.int16 and masks.shape == (0,)
    assert hr.from_mask([]).shape == (0, 0)
    with pytest.raises(hr.HandError, match="hand_class takes one hand .*; got an empty list$"):
        hr.hand_class([])                      # no hand at all: not a batch of texts
    # non-integers that are there are still refused
    with pytest.raises(hr.HandError, match="strengths must be integers; got dtype float64"):
        hr.describe([1.5])
    with pytest.raises(hr.HandError, match="masks must be a 1-D integer array"):
        hr.evaluate_masks([1.5])


def test_a_float_board_of_the_right_shape_is_a_dtype_error():
    hole1, hole2, board = hr.deal(4, [2, 2, 5], seed=1)
    hands = np.stack([hole1, hole2], axis=1)
    for call in (hr.showdown, hr.game_strengths):
        with pytest.raises(hr.HandError) as e:
            call("holdem", hands, board.astype(float))
        text = str(e.value)
        assert "must be integer card codes; got dtype float64" in text
        assert "must be an (4, 5)" not in text
    with pytest.raises(hr.HandError, match="the boards must be integer card codes; got dtype "
                                           "float64"):
        hr.showdown("holdem-double-board", hands, np.zeros((4, 2, 5)))
    with pytest.raises(hr.HandError, match=r"must be an \(4, 5\) integer array .* got shape "
                                           r"\(4, 4\)"):
        hr.showdown("holdem", hands, board[:, :4].astype(float))    # wrong shape: the shape
    with pytest.raises(hr.HandError, match="board: cards must be integer codes or text; got "
                                           "dtype float64"):
        hr.showdown("holdem", hands[0], board[0].astype(float))
