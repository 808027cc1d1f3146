"""Issue 37's per-hand paths: ``showdown``, ``winners``, ``game_strengths``,
``compare``, ``evaluate_omaha`` and ``best_five`` of one deal give exactly what their
general paths give (the same values, types, dtypes and shapes; the same
errors with the same messages) for every registered game and rule set, on
random deals and on malformed ones, and the per-hand path takes the deals
it is meant for.

The general path is the Python function behind each compiled entry
(``handrank.games._showdown._showdown_general`` ...), called with the same
arguments."""
from __future__ import annotations

import inspect
import random

import numpy as np
import pytest

import handrank as hr
from handrank import _core
from handrank.games import _showdown as S

from registry import FIVE_CARD_RULES, GAMES, RULES
from test_small_calls import outcome, random_entry, same_value

CALLS = {
    "showdown": (hr.showdown, S._showdown_general, _core.showdown_fast),
    "game_strengths": (hr.game_strengths, S._strengths_general, _core.game_strengths_fast),
    "winners": (hr.winners, S._winners_general, _core.winners_fast),
}


def same(a, b) -> bool:
    if isinstance(a, tuple):
        return type(b) is tuple and len(a) == len(b) and all(map(same, a, b))
    return same_value(a, b)


def agree(call: str, game, hands, board=None) -> bool:
    """The public entry and the general function agree exactly; whether the
    per-hand path took the deal."""
    public, general, fast = CALLS[call]
    a = outcome(lambda: public(game, hands, board))
    b = outcome(lambda: general(game, hands, board))
    assert a[0] == b[0], (call, game, hands, board, a, b)
    if a[0] == "ok":
        assert same(a[1], b[1]), (call, game, hands, board, a, b)
    else:
        assert a[1:] == b[1:], (call, game, hands, board)
    taken = fast(game, hands, board)
    if a[0] == "error":
        assert taken is None
    elif taken is not None:
        assert same(taken, a[1])
    return taken is not None


def test_the_public_entries_are_compiled_and_documented_as_the_general_path():
    for name, (public, general, _) in CALLS.items():
        assert public.__wrapped__ is general and public.__doc__ == general.__doc__
        assert public.__name__ == name and type(public) is type(_core.showdown)
        assert inspect.signature(public) == inspect.signature(general)
    for public, general in ((hr.evaluate_omaha, S._omaha_general),
                            (hr.compare, S._compare_general)):
        assert public.__wrapped__ is general and public.__doc__ == general.__doc__


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("call", list(CALLS))
def test_random_deals_agree(game, call):
    g = hr.get_game(game)
    rng = random.Random(37 + len(game) + len(call))
    deck = list(g.cards.code_bytes)
    S._showdown_game(game)                                    # registers the name
    taken = 0
    for _ in range(30):
        players = rng.randrange(1, min(g.max_players, 9) + 1)
        gp = g.for_players(players)
        cards = rng.sample(deck, players * gp.hole + gp.board)
        if rng.randrange(4) == 0 and len(cards) > 1:          # a repeated card, now and then
            cards[-1] = cards[0]
        hands = [random_entry(rng, cards[p * gp.hole:(p + 1) * gp.hole])
                 for p in range(players)]
        board = cards[players * gp.hole:]
        board = random_entry(rng, board) if board or rng.randrange(2) else None
        if rng.randrange(3) == 0:
            hands = tuple(hands)
        taken += agree(call, game, hands, board)
    if g.boards == 1 and not any(c >= 52 for c in deck) or g.shared_last:
        assert taken >= 10, taken                        # most valid deals take the path


@pytest.mark.parametrize("game", ["holdem", "omaha8", "badeucy", "stud8-nines"])
def test_double_boards_and_shared_cards_go_to_the_general_path(game):
    """Shared cards go to the general path; a double-board deal too, but
    for showdown (its per-hand path takes two boards)."""
    g = hr.get_game(game)
    deck = [c for c in g.cards.code_bytes if c < 52]
    if g.board:
        dg = game + "-double-board"
        S._showdown_game(dg)
        cards = deck[:2 * g.hole + 2 * g.board]
        hands = [hr.format(cards[:g.hole]), hr.format(cards[g.hole:2 * g.hole])]
        b = cards[2 * g.hole:]
        board = hr.format(b[:g.board]) + " | " + hr.format(b[g.board:])
        for call in CALLS:
            assert agree(call, dg, hands, board) == (call == "showdown")
    if g.shared_last:
        gp = g.for_players(8)
        cards = deck[:8 * gp.hole + 1]
        hands = [cards[p * gp.hole:(p + 1) * gp.hole] for p in range(8)]
        for call in CALLS:
            assert not agree(call, game, hands, cards[-1:])


DOUBLE_BOARD_GAMES = [g.name + "-double-board" for g in hr.GAMES if g.board]


@pytest.mark.parametrize("game", DOUBLE_BOARD_GAMES)
def test_double_board_random_deals_agree(game):
    g = hr.get_game(game)
    assert g.boards == 2
    rng = random.Random(41 + len(game))
    deck = list(g.cards.code_bytes)
    S._showdown_game(game)
    taken = 0
    for _ in range(30):
        players = rng.randrange(1, min(g.max_players, 9) + 1)
        gp = g.for_players(players)
        cards = rng.sample(deck, players * gp.hole + 2 * gp.board)
        if rng.randrange(5) == 0:
            cards[-1] = cards[0]                                  # a repeated card
        hands = [random_entry(rng, cards[p * gp.hole:(p + 1) * gp.hole])
                 for p in range(players)]
        b = cards[players * gp.hole:]
        b1, b2 = b[:gp.board], b[gp.board:]
        form = rng.randrange(4)
        board = (hr.format(b1) + " | " + hr.format(b2) if form == 0 else
                 [random_entry(rng, b1), random_entry(rng, b2)] if form == 1 else
                 (b1, b2) if form == 2 else [hr.format(b1)])       # one board: an error
        for call in CALLS:
            t = agree(call, game, hands, board)
            assert not t or call == "showdown"
            taken += t
    if not any(c >= 52 for c in deck):
        assert taken >= 10, taken


@pytest.mark.parametrize("board", [
    "2h 7d Jc 9s 3c | 4h 5h 6h 8c 9c", "2h 7d Jc 9s 3c|4h 5h 6h 8c 9c",
    "2h 7d Jc 9s 3c | 4h 5h 6h 8c", "2h 7d Jc 9s 3c | 4h 5h 6h 8c 9c | 2c",
    "2h 7d Jc 9s 3c", "2h 7d Jc 9s 3c | 4h 5h 6h 8c As", "2h 7d Jc 9s 3c | 2h 5h 6h 8c 9c",
    ["2h 7d Jc 9s 3c", None], [None, None], None, "", ("2h 7d Jc 9s 3c", [0, 1, 2, 3, 54]),
    ["2h 7d Jc 9s 3c", np.array([0, 1, 2, 3, 4])], [[0, 1, 2, 3, 4], [5, 6, 7, 8, 9.0]],
    [[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]], "2h 7d Jc 9s 3c | 4h 5h 6h 8c 9x",
])
def test_double_board_edges_agree(board):
    S._showdown_game("holdem-double-board")
    for call in CALLS:
        agree(call, "holdem-double-board", ["As Ks", "Qd Qc"], board)


MALFORMED = [
    (["As Ks", "As Qc"], "2h 7d Jc 9s 3c"),
    (["As Ks", "Qd Qc"], "As 7d Jc 9s 3c"),
    (["As Ks", "Qd Qc"], "2h 7d Jc 9s"),
    (["As Ks", "Qd Qc"], "2h 7d Jc 9s 3c 4d"),
    (["As Ks", "Qd Qc"], "2h 7d Jc | 3c 4c"),
    (["As Ks", "Qd Qc"], None),
    (["As Ks", "Qd Qc"], ""),
    (["Jk Ks", "Qd Qc"], "2h 7d Jc 9s 3c"),
    (["As Ks", "Qd Qc"], [0, 52, 9, 10, 11]),
    (["As Ks", "Qd Qc"], [0, 54, 9, 10, 11]),
    (["As Ks", "Qd Qc"], [0, -1, 9, 10, 11]),
    (["As Ks", "Qd Qc"], [0, True, 9, 10, 11]),
    (["As Ks", "Qd Qc"], [0, np.int64(5), 9, 10, 11]),
    (["As Ks", "Qd Qc"], np.array([0, 5, 9, 10, 11])),
    (["As Ks", "Qd Qc"], b"\x00\x05\x09\x0a\x0b"),
    (["As Ks", "Qd Qc"], 7),
    (["As Ks Qs", "Qd Qc"], "2h 7d Jc 9s 3c"),
    (["As", "Qd Qc"], "2h 7d Jc 9s 3c"),
    (["As ??", "Qd Qc"], "2h 7d Jc 9s 3c"),
    ([None, "Qd Qc"], "2h 7d Jc 9s 3c"),
    (["QQ+", "Ah Kh"], "2h 7d Jc 9s 3c"),
    (["As Ks"], "2h 7d Jc 9s 3c"),
    ([], "2h 7d Jc 9s 3c"),
    ("As Ks Qd Qc", "2h 7d Jc 9s 3c"),
    (None, "2h 7d Jc 9s 3c"),
    (["As Ks", "Qd Qc"], "2h 7d Jc 9s 3x"),
    (["As Kz", "Qd Qc"], "2h 7d Jc 9s 3c"),
    (["As  Ks,", "Qd\tQc"], "2h, 7d,Jc 9s 3c"),
    (["10h Ks", "Qd Qc"], "2h 7d Jc 9s 3c"),
    (["A♠ K♠", "Qd Qc"], "2h 7d Jc 9s 3c"),
    ([[51, 47], [42, 40]], (0, 21, 38, 31, 4)),
    ([[51, 47], [42, 40.0]], "2h 7d Jc 9s 3c"),
    ([[51, 47], [42, 60]], "2h 7d Jc 9s 3c"),
    ([["As", "Ks"], "Qd Qc"], "2h 7d Jc 9s 3c"),
    ([hr.parse("As Ks"), "Qd Qc"], "2h 7d Jc 9s 3c"),
    (np.array([[51, 47], [42, 40]], dtype=np.uint8), "2h 7d Jc 9s 3c"),
    ([" ".join(hr.format([2 * p, 2 * p + 1]).split()) for p in range(23)], "2h 7d Jc 9s 3c"),
    ([hr.format([2 * p, 2 * p + 1]) for p in range(24)], "2h 7d Jc 9s 3c"),
]


@pytest.mark.parametrize("hands, board", MALFORMED)
@pytest.mark.parametrize("call", list(CALLS))
def test_malformed_deals_agree(call, hands, board):
    agree(call, "holdem", hands, board)


@pytest.mark.parametrize("kw", [{"threads": 1}, {"threads": 2}, {"threads": 0},
                                {"threads": True}, {"threads": -1}, {"threads": 1.0},
                                {"like": True}, {"like": np.zeros(1)}])
@pytest.mark.parametrize("call", ["showdown", "game_strengths"])
def test_options_agree(call, kw):
    public, general, _ = CALLS[call]
    args = ("holdem", ["As Ks", "Qd Qc"], "2h 7d Jc 9s 3c")
    a, b = outcome(lambda: public(*args, **kw)), outcome(lambda: general(*args, **kw))
    assert a[0] == b[0] and (same(a[1], b[1]) if a[0] == "ok" else a[1:] == b[1:])


def test_names_registered_again_are_seen():
    name = "perhand-test-game"
    first = hr.Game(name, hole=2, board=5, select="any", high="high", low=None)
    second = hr.Game(name, hole=3, board=5, select="any", high="high", low=None)
    hr.register_game(first)
    try:
        hr.showdown(name, ["As Ks", "Qd Qc"], "2h 7d Jc 9s 3c")
        assert agree("showdown", name, ["As Ks", "Qd Qc"], "2h 7d Jc 9s 3c")
        hr.register_game(second, replace=True)
        assert not agree("showdown", name, ["As Ks", "Qd Qc"], "2h 7d Jc 9s 3c")
        hr.showdown(name, ["As Ks 4c", "Qd Qc 5c"], "2h 7d Jc 9s 3c")
        assert agree("showdown", name, ["As Ks 4c", "Qd Qc 5c"], "2h 7d Jc 9s 3c")
    finally:
        hr.games._games.GAME_BY_NAME.pop(name, None)
    assert not agree("winners", name, ["As Ks 4c", "Qd Qc 5c"], "2h 7d Jc 9s 3c")


def test_the_examples_and_codes_as_fast_as_text():
    hands, board = ["As Ks", "Qd Qh"], "Jd Th 2c 3d 4s"
    assert hr.showdown("holdem", hands, board).tolist() == [0.0, 1.0]
    assert hr.winners("holdem", hands, board) == ([1], [])
    assert _core.showdown_fast("holdem", [[51, 47], [41, 42]], [37, 34, 0, 5, 8]) is not None
    hi, lo = hr.game_strengths("holdem", hands, board)
    assert hi.dtype == np.int16 and lo.tolist() == [-1, -1]


# ---------------------------------------------------------------- compare

def compare_agree(hands, rules="high", wild=None) -> bool:
    a = outcome(lambda: hr.compare(hands, rules, wild))
    b = outcome(lambda: S._compare_general(hands, rules, wild))
    assert a[0] == b[0], (hands, rules, a, b)
    if a[0] == "ok":
        assert same(a[1], b[1]), (hands, rules, a, b)
    else:
        assert a[1:] == b[1:]
    taken = _core.compare_fast(hands, rules, wild)
    if a[0] == "error":
        assert taken is None
    elif taken is not None:
        assert same(taken, a[1])
    return taken is not None


@pytest.mark.parametrize("rules", RULES)
def test_compare_random_hands_agree(rules):
    rs = hr.get_rules(rules)
    rng = random.Random(11 + len(rules))
    deck = [c for c in rs.deck.codes if c < 52]
    sizes = [k for k in rs.hand_sizes if k <= len(deck)]
    hr.evaluate(rng.sample(deck, sizes[0]), rules)              # registers the name
    taken = 0
    for _ in range(40):
        players = rng.randrange(1, 7)
        k = rng.choice(sizes)
        board = rng.sample(deck, max(0, k - 2)) if rng.randrange(2) else []
        rest = [c for c in deck if c not in board]
        hands = []
        for _ in range(players):
            own = rng.sample(rest, k - len(board)) + board
            if rng.randrange(12) == 0:
                own[-1] = own[0]                                 # a repeated card
            hands.append(random_entry(rng, own))
        taken += compare_agree(hands, rules)
    assert taken >= 10


def test_compare_ties_batches_and_edges():
    board = "Jd Th 2c 3d 4s"
    assert hr.compare(["As Ks " + board, "Qd Qh " + board]).tolist() == [0.0, 1.0]
    assert hr.compare(["As Ks " + board, "Ac Kc " + board, "5c 6c " + board]).tolist() == \
        [0.0, 0.0, 1.0]
    assert hr.compare(["As Ks " + board, "Ac Kc " + board, "7c 8h " + board]).tolist() == \
        [0.5, 0.5, 0.0]
    assert hr.compare(["Ks Qs Js 9d 8d", "Kh Qh Jh 9c 8c"], "a5-8").tolist() == [0.0, 0.0]
    deals = np.array([[hr.parse("As Ks Jd Th 2c 3d 4s"), hr.parse("Qd Qh Jd Th 2c 3d 4s")]] * 3)
    assert hr.compare(deals).tolist() == [[0.0, 1.0]] * 3
    for hands, rules in [([], "high"), ("As Ks Qd Jc Th", "high"), (None, "high"),
                         (["As Ks Qd Jc Th", "As Ks Qd"], "high"),
                         (["As Ks Qd Jc Th", "As As Qd Jc Th"], "high"),
                         (["As Ks Qd Jc Th", ["As Ks Qd Jc Th"]], "high"),
                         (["As Ks Qd Jc Th", "Jk Ks Qd Jc Th"], "high"),
                         (["As Ks Qd Jc Th", "Jk Ks Qd Jc Th"], "nope"),
                         (["As Ks Qd Jc Th", hr.parse("2s 3s 4d 5c 7h")], "high"),
                         ([[51, 47, 42, 37, 32], (0, 5, 10, 15, 20.0)], "high"),
                         (["As Ks Qd Jc Th", "2s 3s 4d 5c 7h"], "2-7"),
                         (["As Ks Qd Jc Th 2c 3d 4h 5h 6h"], "high"),
                         ([hr.format([c, c + 4, c + 8, c + 16, c + 24]) for c in range(24)], "high")]:
        compare_agree(hands, rules)
    compare_agree(["As Ks Qd Jc Jk", "2s 3s 4d 5c 7h"], "high", "jokers")


# ------------------------------------------------------------ evaluate_omaha

def omaha_agree(hole, board, rules="high", **kw) -> bool:
    a = outcome(lambda: hr.evaluate_omaha(hole, board, rules, **kw))
    b = outcome(lambda: S._omaha_general(hole, board, rules, **kw))
    assert a[0] == b[0], (hole, board, rules, a, b)
    if a[0] == "ok":
        assert same(a[1], b[1]), (hole, board, rules, a, b)
    else:
        assert a[1:] == b[1:]
    if kw:
        return False
    taken = _core.evaluate_omaha_fast(hole, board, rules)
    if a[0] == "error":
        assert taken is None
    elif taken is not None:
        assert same(taken, a[1])
    return taken is not None


@pytest.mark.parametrize("rules", FIVE_CARD_RULES)
def test_omaha_random_hands_agree(rules):
    rs = hr.get_rules(rules)
    rng = random.Random(3 + len(rules))
    deck = [c for c in rs.deck.codes if c < 52]
    for h in (4, 5, 6):                                       # registers each shape
        for b in (3, 4, 5):
            S._omaha_general(deck[:h], deck[h:h + b], rules)
    taken = 0
    for _ in range(40):
        h, b = rng.choice([4, 5, 6]), rng.choice([3, 4, 5])
        cards = rng.sample(deck, h + b)
        if rng.randrange(8) == 0:
            cards[-1] = cards[0]
        taken += omaha_agree(random_entry(rng, cards[:h]), random_entry(rng, cards[h:]), rules)
    assert taken >= 10


@pytest.mark.parametrize("hole, board", [
    ("As Ks Qd Jd", "Th 2c 3d 4s 5h"), ("As Ks Qd", "Th 2c 3d 4s 5h"),
    ("As Ks Qd Jd 2s 3s 4s", "Th 2c 3d"), ("As Ks Qd Jd", "Th 2c"), ("As Ks Qd Jd", "Th 2c 3d 4s 5h 6h"),
    ("As Ks Qd Jd", "As 2c 3d 4s 5h"), ("As As Qd Jd", "Th 2c 3d 4s 5h"),
    ("As Ks Qd Jk", "Th 2c 3d 4s 5h"), ([51, 47, 42, 37], [32, 0, 5, 9, 54]),
    ([51, 47, 42, 37], [32, 0, 5, 9, True]), ([51, 47, 42, 37], (32, 0, 5, 9.0, 13)),
    (hr.parse("As Ks Qd Jd"), "Th 2c 3d 4s 5h"), ("As Ks Qd Jd", None), (None, "Th 2c 3d"),
    (["As Ks Qd Jd", "2c 3c 4c 5c"], "Th 2h 3d 4s 5h"), ("As Ks Qd Jd", "Th 2c 3x"),
])
@pytest.mark.parametrize("rules", ["high", "ace-to-five-8", "razz", "2-7", "badugi", "nope"])
def test_omaha_edges_agree(hole, board, rules):
    omaha_agree(hole, board, rules)


@pytest.mark.parametrize("kw", [{"wild": "jokers"}, {"threads": 1}, {"threads": 0},
                                {"threads": 1.5}, {"like": True}, {"out": np.zeros(1, np.int16)}])
def test_omaha_options_agree(kw):
    omaha_agree("As Ks Qd Jd", "Th 2c 3d 4s 5h", **kw)


def test_omaha_fast_path_takes_the_common_hand():
    hr.evaluate_omaha("As Ks Qd Jd", "Th 2c 3d 4s 5h")
    assert omaha_agree("As Ks Qd Jd", "Th 2c 3d 4s 5h")
    assert omaha_agree([51, 47, 42, 37], (32, 0, 5, 9, 13))
    assert type(hr.evaluate_omaha("As Ks Qd Jd", "Th 2c 3d 4s 5h")) is int


# --------------------------------------------------------------- best_five

def best_five_agree(cards, rules="high", **kw) -> bool:
    from handrank.evaluation import _breakdown as B
    a = outcome(lambda: hr.best_five(cards, rules, **kw))
    b = outcome(lambda: B._best_five_general(cards, rules, **kw))
    assert a[0] == b[0], (cards, rules, a, b)
    if a[0] == "ok":
        assert same(a[1], b[1]), (cards, rules, a, b)
        if type(a[1]) is tuple:
            assert all(type(x) is int for x in a[1])
    else:
        assert a[1:] == b[1:]
    if kw:
        return False
    taken = _core.best_five_fast(cards, rules)
    if a[0] == "error":
        assert taken is None
    elif taken is not None:
        assert type(taken) is tuple and taken == a[1]
    return taken is not None


def test_best_five_entry():
    from handrank.evaluation import _breakdown as B
    assert hr.best_five.__wrapped__ is B._best_five_general
    assert hr.best_five.__doc__ == B._best_five_general.__doc__
    assert inspect.signature(hr.best_five) == inspect.signature(B._best_five_general)


@pytest.mark.parametrize("rules", RULES)
def test_best_five_random_hands_agree(rules):
    rs = hr.get_rules(rules)
    rng = random.Random(5 + len(rules))
    deck = [c for c in rs.deck.codes if c < 52]
    sizes = [k for k in rs.hand_sizes if k <= len(deck)]
    hr.best_five(deck[:sizes[-1]], rules)                      # registers the name
    taken = 0
    for _ in range(40):
        cards = rng.sample(deck, rng.choice(sizes))
        if rng.randrange(10) == 0 and len(cards) > 1:
            cards[-1] = cards[0]
        taken += best_five_agree(random_entry(rng, cards), rules)
    assert taken >= 10 or rs.kind == "badugi"


@pytest.mark.parametrize("cards", [
    "As Ks Qd Jc Th 2c 3d", "As Ks Qd Jc", "As Ks Qd Jc Th 2c 3d 4h 5h 6h", "As As Qd Jc Th",
    "As Ks Qd Jc Jk", "As Ks Qd Jc Tx", "", None, [51, 47, 42, 37, 32], (51, 47, 42, 37, 32.0),
    [51, 47, 42, 37, 54], [51, 47, 42, 37, True], hr.parse("As Ks Qd Jc Th"),
    ["As Ks Qd Jc Th", "2s 3s 4d 5c 7h"], "SA SK SQ SJ ST", "Kd 7c Ks 2h 7d 9s Kh",
])
@pytest.mark.parametrize("rules", ["high", "2-7", "razz", "badugi", "three-card", "nope", 7])
def test_best_five_edges_agree(cards, rules):
    best_five_agree(cards, rules)


@pytest.mark.parametrize("kw", [{"wild": "jokers"}, {"threads": 1}, {"threads": 2},
                                {"threads": 0}, {"threads": 1.5}, {"threads": True}])
def test_best_five_options_agree(kw):
    best_five_agree("As Ks Qd Jc Th 2c 3d", **kw)
    best_five_agree("As Ks Qd Jc Jk 2c 3d", **kw)


def test_best_five_fast_path_takes_the_common_hand():
    hr.best_five("As Ks Qd Jc Th 2c 3d")
    assert best_five_agree("As Ks Qd Jc Th 2c 3d")
    assert best_five_agree([51, 47, 42, 37, 32, 0, 5])
    assert hr.best_five("As Ks Qs Js Ts 2c 3d") == (51, 47, 43, 39, 35)


# ---------------------------------------------------------------- classify

def classify_agree(hole, board, **kw) -> bool:
    from handrank.analysis import _classify as C
    a = outcome(lambda: hr.classify(hole, board, **kw))
    b = outcome(lambda: C._classify_general(hole, board, **kw))
    assert a[0] == b[0], (hole, board, a, b)
    if a[0] == "ok":
        assert type(a[1]) is type(b[1])
        if isinstance(a[1], hr.HandClass):
            assert a[1] == b[1] and repr(a[1]) == repr(b[1]) and str(a[1]) == str(b[1])
            for f in ("made", "draws", "nut_rank", "blockers"):
                assert type(getattr(a[1], f)) is type(getattr(b[1], f))
        else:
            for f in ("made", "draws", "nut_rank", "blockers"):
                assert same(getattr(a[1], f), getattr(b[1], f))
    else:
        assert a[1:] == b[1:]
    if kw:
        return False
    taken = _core.classify_fast(hole, board)
    if a[0] == "error":
        assert taken is None
    elif taken is not None:
        assert taken == a[1]
    return taken is not None


def test_classify_random_hands_agree():
    rng = random.Random(37)
    taken = 0
    for _ in range(300):
        nb = rng.choice([3, 4, 5])
        cards = rng.sample(range(52), 2 + nb)
        if rng.randrange(10) == 0:
            cards[-1] = cards[rng.randrange(len(cards) - 1)]
        taken += classify_agree(random_entry(rng, cards[:2]), random_entry(rng, cards[2:]))
    assert taken >= 200


@pytest.mark.parametrize("hole, board", [
    ("As Ks", "Qd Jd 2c"), ("As", "Qd Jd 2c"), ("As Ks Qs", "Qd Jd 2c"), ("As Ks", "Qd Jd"),
    ("As Ks", "Qd Jd 2c 3c 4c 5c"), ("As Ks", "As Jd 2c"), ("As As", "Qd Jd 2c"),
    ("As Ks", "Qd Qd 2c"), ("Jk Ks", "Qd Jd 2c"), ("As Ks", [40, 41, 52]), ([51, 47], [40, 41, 54]),
    ([51, True], [40, 41, 3]), ([51, 47.0], [40, 41, 3]), ((51, 47), (40, 41, 3)),
    (["As", "Ks"], ["Qd", "Jd", "2c"]), (["As Ks", "Qd Qc"], "2h 7d Jc"),
    ([[51, 47], [3, 7]], "Ks 7d 2c"), (hr.parse("As Ks"), "Qd Jd 2c"), ("As Ks", None),
    (None, "Qd Jd 2c"), ("As Kx", "Qd Jd 2c"), ("", "Qd Jd 2c"), ("As Ks", ""), (7, "Qd Jd 2c"),
])
def test_classify_edges_agree(hole, board):
    classify_agree(hole, board)


@pytest.mark.parametrize("kw", [{"threads": 1}, {"threads": 0}, {"threads": 1.0},
                                {"threads": True}])
def test_classify_options_agree(kw):
    classify_agree("As Ks", "Qd Jd 2c", **kw)


def test_classify_entry():
    from handrank.analysis import _classify as C
    assert hr.classify.__wrapped__ is C._classify_general
    assert hr.classify.__doc__ == C._classify_general.__doc__
    assert classify_agree("As Ks", "Qd Jd 2c") and classify_agree([51, 47], (40, 41, 3))
