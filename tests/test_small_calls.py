"""Issue 23's small calls: the one-call fast paths of ``equity`` and
``evaluate`` give exactly what the general paths give (the same result,
fields, types and repr; the same errors with the same messages) for every
input, and the fast path takes the common questions it is meant for.

The general path is reached by passing the Game or RuleSet object instead
of its name (the fast entries take names only)."""
from __future__ import annotations

import copy
import dataclasses
import pickle
import random
import sys

import numpy as np
import pytest

import handrank as hr
from handrank import _core
from handrank.equities import _equity as E

FIELDS = [f.name for f in dataclasses.fields(hr.EquityResult)]


def same_value(a, b) -> bool:
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return (type(a) is type(b) and a.dtype == b.dtype and a.shape == b.shape
                and np.array_equal(a, b))
    if isinstance(a, dict):
        return (type(b) is dict and list(a) == list(b)
                and all(same_value(a[k], b[k]) for k in a))
    if isinstance(a, list):
        return type(b) is list and len(a) == len(b) and all(map(same_value, a, b))
    return type(a) is type(b) and a == b


def assert_same_result(a: hr.EquityResult, b: hr.EquityResult) -> None:
    assert type(a) is type(b) is hr.EquityResult
    for name in FIELDS:
        assert same_value(getattr(a, name), getattr(b, name)), name
    assert same_value(a.win_or_tie, b.win_or_tie)
    assert repr(a) == repr(b)


def outcome(fn):
    """("ok", result) or ("error", type, message)."""
    try:
        return ("ok", fn())
    except Exception as e:          # noqa: BLE001 -- compared, type and message
        return ("error", type(e), str(e))


def assert_paths_agree(game: str, hands, board="", dead="", **kw):
    """hr.equity by name (fast when the question fits) and by Game object
    (always the general path) agree exactly; returns whether the fast
    entry took the question."""
    fast = outcome(lambda: hr.equity(game, hands, board=board, dead=dead, **kw))
    general = outcome(lambda: hr.equity(hr.get_game(game), hands, board=board, dead=dead,
                                        **kw))
    assert fast[0] == general[0], (fast, general)
    if fast[0] == "ok":
        assert_same_result(fast[1], general[1])
    else:
        assert fast[1:] == general[1:]
    kw.setdefault("trials", None)
    taken = _core.equity_fast(game, hands, board, dead, kw["trials"], kw.get("seed"),
                              kw.get("threads"), kw.get("progress"), kw.get("folded"))
    if fast[0] == "error":
        assert taken is None            # errors come from the general path only
    else:
        if taken is not None:
            assert_same_result(taken, fast[1])
    return taken is not None


# ---------------------------------------------------------------- equity

def test_the_fast_path_takes_the_common_questions():
    hands = ["As Ks", "Qd Qc"]
    for board in ("2h 7d Jc 9s 3c", "2h 7d Jc 9s", "2h 7d Jc", ""):
        hr.equity("holdem", hands, board=board)          # registers the name
    for board in ("2h 7d Jc 9s 3c", "2h 7d Jc 9s", "2h 7d Jc"):
        assert assert_paths_agree("holdem", hands, board)
    assert assert_paths_agree("holdem", ("as ks", [41, 40]), [0, 21, 38])
    assert assert_paths_agree("holdem", hands, "2h 7d Jc 9s", threads=1)
    assert assert_paths_agree("omaha8", ["Ah 2h 3s Kd", "Ks Qd 9c 9h"], "4h 5h Jc 9d")
    assert not assert_paths_agree("holdem", hands, "")      # preflop: sliced, general path


def test_the_river_example():
    r = hr.equity("holdem", ["As Ks", "Qd Qc"], board="2h 7d Jc 9s 3c")
    assert r.deals == 1 and r.equity.tolist() == [0.0, 1.0] and r.wins.tolist() == [0, 1]
    assert r.hands == ["As Ks", "Qd Qc"] and r.game == "holdem" and r.exact


def test_the_public_entry_is_compiled_and_documented_as_the_general_path():
    import inspect
    assert hr.equity is E.equity and hr.equity.__wrapped__ is E.equity_general
    assert hr.equity.__name__ == "equity" and hr.equity.__doc__ == E.equity_general.__doc__
    assert list(inspect.signature(hr.equity).parameters) == [
        "game", "hands", "board", "dead", "trials", "seed", "threads", "progress", "folded"]
    assert type(hr.equity) is type(_core.equity_fast)                  # no Python frame
    assert_same_result(hr.equity("holdem", ["As Ks", "Qd Qc"], "2h 7d Jc 9s", "", None, None, 1),
                       E.equity_general("holdem", ["As Ks", "Qd Qc"], "2h 7d Jc 9s"))


def test_a_fast_result_keeps_only_the_counts():
    # the question itself lived on the C stack; the result holds its counts
    r = hr.equity("holdem", ["As Ks", "Qd Qc"], board="2h 7d Jc 9s")
    assert type(vars(r)["_pending"][1]) is _core.EquityCounts
    assert r.wins.tolist() == [6, 38] and "_pending" in vars(r)      # 6 outs: A, K


def test_turns_on_many_threads_agree():
    # every thread borrows its own scratch table for the turn's rank-multiset
    # count (flush boards included), and leaves it zero for its next call
    import threading
    questions = [(["Ah Kh", "Qh Qc"], "2h 7h Jc 9s"), (["As Ks", "Qd Qc"], "2h 7d Jc 9s"),
                 (["Ah 2h", "Kh Qh", "Jd Jc"], "3h 7h 8s 9c"), (["Ah Kd", "Ac Kc"], "2c 3c 4c 5d")]
    want = [hr.equity(hr.get_game("holdem"), h, board=b) for h, b in questions]
    bad = []

    def run():
        for _ in range(30):
            for (h, b), w in zip(questions, want):
                r = hr.equity("holdem", h, board=b)
                if r.wins.tolist() != w.wins.tolist() or r.ties.tolist() != w.ties.tolist():
                    bad.append((h, b))

    threads = [threading.Thread(target=run) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not bad


# ---------------------------------------------------------- ranged questions

RANGED = [
    ("holdem", ["AhKh", "QQ+"], "2h 7d Jc"),                          # issue 23's row
    ("holdem", ["AhKh", "QQ+"], "Qh 7h 2c"),                          # card removal
    ("holdem", ["QQ+", "Ah Kh"], "Qh 7h 2c 9s"),
    ("holdem", ["0.5(JJ), AKs, QQ:0.3", "As Ad"], "2h 7d Jc"),        # weighted
    ("holdem", ["QQ:0.25, JJ:0.25", "AhKd"], "2h 7d Jc 9s"),          # equal weights < 1
    ("holdem", ["QQ+", "JJ+", "AhKd"], "2h 7d Jc 9s"),                # two ranges
    ("holdem", ["TT+, AKs", "99-77:0.5", "Ah Kd"], "2h 7d Jc 9s 3c"),
    ("holdem", ["AhKh", "AhKh, AcKc"], "2h 7d Jc"),                   # a hand removed
    ("holdem", ["AhKh", "AKs"], "2h 7d Jc"),
    ("holdem", ["AhKh", "!AhKh"], "2h 7d Jc"),                        # empty range
    ("holdem", ["AhKh", "AhKh"], "2h 7d Jc"),                         # cards, twice
    ("holdem", ["AhKh", "QhQd"], "Qh 7h 2c"),                         # cards, on the board
    ("holdem", ["AhKh", "QQ"], "Qh Qd 2c"),                           # QQ: one hand left
    ("holdem", ["AhKh", "QQ"], "Qh Qd Qc"),                           # QQ: none left
    ("holdem", ["AhKh", "KhQh"], "2h 7d Jc"),                         # cards
    ("holdem", ["AhKh", "As"], "2h 7d Jc"),                           # a partial hand
    ("holdem", ["AhKh", "random"], "2h 7d Jc 3c"),                    # dealt as unknown
    ("holdem", ["AhKh", "0.5(random), AA"], "2h 7d Jc 3c"),
    ("holdem", ["AhKh", "QQ+, !Q"], "2h 7d Jc"),                      # bad range text
    ("holdem", ["AhKh", "QQ+"], "2h 7d Jc 9s 3c 4d"),                 # long board
    ("holdem", ["AhKh", "QQ+"], ""),                                  # preflop: too big
    ("holdem", ["AhKh", "QQ+", "JJ", "TT", "99"], "2h 7d Jc 9s 3c"),
    ("holdem8", ["AhKh", "QQ+"], "2h 7d Jc"),                         # two halves
    ("holdem8", ["A2s", "As Kd"], "3h 4d Jc 9s"),
    ("short-deck", ["QQ+, 66", "As Ks"], "6h 7d Jc"),                 # the deck drops nothing
    ("short-deck", ["QQ+, 22", "As Ks"], "6h 7d Jc"),                 # the deck drops 22
    ("short-deck", ["22", "As Ks"], "6h 7d Jc"),                      # nothing left
    ("omaha", ["AhKhQdJd", "AhKhQdJd, AcKcQsJs"], "2h 7d Jc 9s"),
    ("draw", ["AhKhQdJdTc", "QQ+"], ""),                              # no board: no ranges
]


@pytest.mark.parametrize("game,hands,board", RANGED)
def test_ranged_questions_agree(game, hands, board):
    outcome(lambda: hr.equity(game, hands, board=board))          # registers the name
    assert_paths_agree(game, hands, board)
    assert_paths_agree(game, tuple(hands), board, threads=1)


def test_the_fast_path_takes_ranged_questions():
    for game, hands, board in RANGED[:9] + RANGED[12:13] + RANGED[21:26] + RANGED[27:28]:
        outcome(lambda: hr.equity(game, hands, board=board))
        assert assert_paths_agree(game, hands, board), (game, hands, board)
    for game, hands, board in RANGED[9:12] + RANGED[13:21] + RANGED[26:27] + RANGED[28:]:
        assert not assert_paths_agree(game, hands, board), (game, hands, board)


def test_a_ranged_fast_result():
    r = hr.equity("holdem", ["AhKh", "QQ+"], board="2h 7d Jc", threads=1)
    assert r.hands == ["Ah Kh", "QQ+"] and r.by_hand[0] is None and len(r.by_hand[1]) == 12
    assert r.deals == 12 * 990 and r.total_weight is None and r.exact       # 18 less Ax, Kx
    r = hr.equity("holdem", ["QQ:0.5, KK", "Ah Kh"], board="Kd 7h 2c")
    assert r.total_weight == 6 * 990 * 0.5 + 1 * 990             # KK: only Ks Kc is left
    assert list(r.by_hand[0]) == ["Ks Kc", "Qs Qh", "Qs Qd", "Qs Qc", "Qh Qd", "Qh Qc",
                                  "Qd Qc"]


def test_ranged_questions_on_many_threads_agree():
    import threading
    questions = RANGED[:8]
    want = [hr.equity(hr.get_game(g), h, board=b) for g, h, b in questions]
    bad = []

    def run():
        for _ in range(5):
            for (g, h, b), w in zip(questions, want):
                r = hr.equity(g, h, board=b)
                if r.equity.tolist() != w.equity.tolist() or r.by_hand != w.by_hand:
                    bad.append((g, h, b))

    threads = [threading.Thread(target=run) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not bad


def random_hand_text(rng: random.Random, codes: list[int]) -> str:
    names = [hr.format([c]) for c in codes]
    style = rng.randrange(5)
    if style == 1:
        names = [n.lower() for n in names]
    elif style == 2:
        names = [n.upper() for n in names]
    elif style == 3:
        names = [n.replace("T", "10") for n in names]
    sep = rng.choice([" ", "", ",", ", "])
    return sep.join(names)


def random_entry(rng: random.Random, codes: list[int]):
    kind = rng.randrange(3)
    if kind == 0:
        return random_hand_text(rng, codes)
    return list(codes) if kind == 1 else tuple(codes)


@pytest.mark.parametrize("game", ["holdem", "omaha", "omaha8", "short-deck", "holdem8",
                                  "draw", "2-7-draw", "badugi", "badeucy", "big-o"])
def test_random_questions_agree(game):
    g = hr.get_game(game)
    rng = random.Random(23 + len(game))
    deck = list(g.cards.code_bytes)
    deck = [c for c in deck if c < 52]
    taken = 0
    for _ in range(40):
        players = rng.randrange(2, 5)
        cards = rng.sample(deck, players * g.hole + g.board)
        hands = [random_entry(rng, cards[p * g.hole:(p + 1) * g.hole]) for p in range(players)]
        nb = rng.choice([g.board, max(0, g.board - 1), max(0, g.board - 2)])
        board = cards[players * g.hole:players * g.hole + nb]
        board = random_entry(rng, board) if rng.randrange(4) else (None if not board else board)
        if rng.randrange(3) == 0:
            hands = tuple(hands)
        taken += assert_paths_agree(game, hands, board if board is not None else None)
    assert taken >= 20                    # most of these are the fast path's questions


MALFORMED = [
    (["As Ks", "As Qc"], "2h 7d Jc"),                   # a card twice (two players)
    (["As Ks", "Qd Qc"], "As 7d Jc"),                   # a card twice (hand and board)
    (["As Ks", "Qd Qc"], "2h 7d Jc 9s 3c 4d"),          # board too long
    (["As Ks", "Qd Qc"], "2h 7d Jc 9s 3c 4d 5d"),
    (["as ks", "QD QC"], "2H 7D jc"),                   # any case: fine
    (["As Ks", "Qd Qc"], "2h 7d Jc | 3c 4c 5c"),        # two boards in a one-board game
    (["Jk Ks", "Qd Qc"], "2h 7d Jc"),                   # a joker
    (["As Jkr", "Qd Qc"], "2h 7d Jc"),
    (["As Ks", "Qd Qc"], "2h Xx Jc"),
    (["As Ks", "Qd Qc"], [0, 52, 9]),
    (["As Ks", "Qd Qc"], [0, 54, 9]),
    (["As Ks", "Qd Qc"], [0, -1, 9]),
    (["As Ks", "Qd Qc"], [0, True, 9]),
    (["As Ks", "Qd Qc"], [0, np.int64(5), 9]),
    (["As Ks", "Qd Qc"], np.array([0, 5, 9])),
    (["As Ks", "Qd Qc"], b"\x00\x05\x09"),
    (["As Ks", "Qd Qc"], 7),
    (["As Ks Qs", "Qd Qc"], "2h 7d Jc"),                # too many hole cards
    (["As", "Qd Qc"], "2h 7d Jc"),                       # too few: the rest dealt
    (["As ??", "Qd Qc"], "2h 7d Jc"),
    (["??", "Qd Qc"], "2h 7d Jc 9s 3c"),
    ([None, "Qd Qc"], "2h 7d Jc 9s 3c"),
    (["QQ+", "Ah Kh"], "Qh 7h 2c 3d 4s"),               # a range
    (["AKs", "Qd Qc"], "2h 7d Jc 9s 3c"),
    (["As Ks"], "2h 7d Jc"),                            # one player
    ([], "2h 7d Jc"),
    ("As Ks Qd Qc", "2h 7d Jc"),                         # hands as one text
    (["As Ks", "Qd Qc", "As Kd"], "2h 7d Jc 9s 3c"),
    (["As Ks", "Qd Qc"], "2h 7d Jc 9s 3x"),              # unreadable
    (["As Kz", "Qd Qc"], "2h 7d Jc 9s 3c"),
    (["As  Ks,", "Qd\tQc"], "2h, 7d,Jc 9s 3c"),
    (["1h Ks", "Qd Qc"], "2h 7d Jc 9s 3c"),
    (["10h Ks", "Qd Qc"], "2h 7d Jc 9s 3c"),
    (["A♠ K♠", "Qd Qc"], "2h 7d Jc 9s 3c"),              # suit symbols
    ([[51, 47], [42, 40]], (0, 21, 38, 31, 4)),
    ([[51, 47], [42, 40.0]], "2h 7d Jc"),
    ([[51, 47], [42, 60]], "2h 7d Jc"),
    ([[51, 47], "Qd Qc"], "2h 7d Jc"),
    ([["As", "Ks"], "Qd Qc"], "2h 7d Jc"),
    ([hr.parse("As Ks"), "Qd Qc"], "2h 7d Jc"),
    ([["As Ks"][0], "Qd Qc"], None),
]


@pytest.mark.parametrize("hands, board", MALFORMED)
def test_malformed_and_edge_questions_agree(hands, board):
    assert_paths_agree("holdem", hands, board)


@pytest.mark.parametrize("kw", [
    {"dead": "2c"}, {"dead": "2c 3c"}, {"dead": ""}, {"dead": None}, {"dead": []},
    {"dead": "As"}, {"dead": "Jk"}, {"dead": " "},
    {"threads": 1}, {"threads": 2}, {"threads": 0}, {"threads": True}, {"threads": -1},
    {"threads": np.int64(1)}, {"threads": 1.0}, {"threads": "1"},
    {"seed": 3}, {"seed": "x"}, {"trials": 1000, "seed": 1}, {"trials": 0},
    {"progress": lambda done, total: None}, {"folded": ["Ah Ad"]},
])
def test_options_near_the_precondition_agree(kw):
    assert_paths_agree("holdem", ["As Ks", "Qd Qc"], "2h 7d Jc 9s", **kw)


@pytest.mark.parametrize("game", ["omaha8", "short-deck", "draw-joker", "lowball", "stud",
                                  "razz", "holdem-double", "courchevel", "Holdem", " holdem",
                                  "nlhe", "6+", "nope"])
def test_other_games_agree(game):
    try:
        g = hr.get_game(game)
    except hr.HandError:
        g = hr.get_game("holdem")
    rng = random.Random(5)
    deck = [c for c in g.cards.code_bytes if c < 52]
    for _ in range(5):
        cards = rng.sample(deck, 2 * g.hole + g.board * g.boards)
        hands = [hr.format(cards[:g.hole]), hr.format(cards[g.hole:2 * g.hole])]
        board = cards[2 * g.hole:2 * g.hole + max(0, g.board - 1)]
        assert_paths_agree(game, hands, board if g.boards == 1 else "")
    if g.cards.jokers:
        assert_paths_agree(game, ["Jk " + hr.format(cards[1:g.hole]), hands[1]])


def test_many_players_and_awards_limits():
    deck = [hr.format([c]) for c in range(52)]
    for players in (8, 9, 10, 22, 23, 24):
        hands = [" ".join(deck[2 * p:2 * p + 2]) for p in range(min(players, 26))]
        assert_paths_agree("holdem", hands[:players], "")            # too large or too many
        if players <= 23:
            board = " ".join(deck[2 * players:2 * players + 5])
            assert_paths_agree("holdem", hands[:players], board)
    for players in (9, 10, 11, 12):            # omaha8: two halves, at most 10 of them
        hands = [" ".join(deck[4 * p:4 * p + 4]) for p in range(players)]
        assert_paths_agree("omaha8", hands, " ".join(deck[48:52]) if players <= 12 else "")


def test_a_name_registered_again_is_seen():
    name = "smallcall-test-game"
    first = hr.Game(name, hole=2, board=5, select="any", high="high", low=None)
    second = hr.Game(name, hole=3, board=5, select="any", high="high", low=None)
    hr.register_game(first)
    try:
        assert assert_paths_agree(name, ["As Ks", "Qd Qc"], "2h 7d Jc 9s")
        hr.register_game(second, replace=True)
        assert assert_paths_agree(name, ["As Ks 4c", "Qd Qc 5c"], "2h 7d Jc 9s")
        assert_paths_agree(name, ["As Ks", "Qd Qc"], "2h 7d Jc 9s")       # now too few
    finally:
        for n in (name,):
            hr.games._games.GAME_BY_NAME.pop(n, None)
    assert_paths_agree(name, ["As Ks", "Qd Qc"], "2h 7d Jc 9s")           # unknown now


def test_fast_game_table_is_bounded(monkeypatch):
    # _core's table empties below: the names the module's own table holds
    # are forgotten too, so later tests give them to the fast path again
    E._FAST_GAMES.clear()
    monkeypatch.setattr(_core, "FAST_GAMES_MAX", 2)
    monkeypatch.setattr(E, "_FAST_GAMES", {})
    for name in ("holdem", "nlhe", "texas-holdem", "hold'em", "holdem", "nlhe"):
        assert assert_paths_agree(name, ["As Ks", "Qd Qc"], "2h 7d Jc 9s")
        assert len(E._FAST_GAMES) <= 2


# ---------------------------------------------------------------- the result

def test_reading_a_fast_result_runs_no_python_frame():
    # a river call's cost is as much reading .equity as the call: the field
    # is made by a compiled descriptor, with no Python function between
    r = hr.equity("holdem", ["As Ks", "Qd Qc"], board="2h 7d Jc 9s 3c")
    calls = []
    sys.setprofile(lambda frame, event, arg: calls.append((event, frame.f_code.co_name)))
    try:
        eq = r.equity
    finally:
        sys.setprofile(None)
    assert [c for c in calls if c[0] == "call"] == []
    assert eq.tolist() == [0.0, 1.0] and vars(r)["equity"] is eq
    assert r.high.tolist() == [0.0, 1.0] and r.halves["high"].tolist() == [0.0, 1.0]
    assert type(vars(hr.EquityResult)["equity"]) is _core.PendingField


def test_lazy_result_reads_pickles_and_copies_like_an_eager_one():
    fast = hr.equity("holdem", ["As Ks", "Qd Qc"], board="2h 7d Jc 9s")
    general = hr.equity(hr.get_game("holdem"), ["As Ks", "Qd Qc"], board="2h 7d Jc 9s")
    for r in (pickle.loads(pickle.dumps(fast)), copy.copy(fast), copy.deepcopy(fast),
              dataclasses.replace(fast)):
        assert_same_result(r, general)
    assert "_pending" not in vars(fast)
    assert set(FIELDS) <= set(vars(fast))
    d = dataclasses.asdict(hr.equity("holdem", ["As Ks", "Qd Qc"], board="2h 7d Jc 9s"))
    assert list(d) == FIELDS and d["equity"].tolist() == general.equity.tolist()
    r = hr.equity("holdem", ["As Ks", "Qd Qc"], board="2h 7d Jc 9s")
    r.equity = "mine"                     # assigned before any array was read: kept
    assert r.equity == "mine" and r.wins.tolist() == general.wins.tolist()
    with pytest.raises(AttributeError, match="'EquityResult' object has no attribute 'nope'"):
        hr.equity("holdem", ["As Ks", "Qd Qc"], board="2h 7d Jc 9s").nope
    eager = hr.EquityResult(np.ones(2), np.zeros(2), np.zeros(2), 1, np.zeros(2), True)
    assert eager.high is None and eager.halves == {} and eager.categories is None
    with pytest.raises(AttributeError):
        eager.nope


def test_monte_carlo_and_range_results_agree_with_their_arrays():
    r = hr.equity("holdem", ["As Ks", "Qd Qc"], trials=20_000, seed=3)
    assert abs(r.high - r.equity).max() == 0 and r.low.tolist() == [0.0, 0.0]
    assert r.stderr.min() > 0 and not r.exact and r.seed == 3
    q = hr.equity("holdem", ["QQ+", "Ah Kh"], board="Qh 7h 2c")
    assert q.by_hand[1] is None and abs(q.equity.sum() - 1) < 1e-12


# ---------------------------------------------------------------- evaluate

def eval_outcome(hand, rules):
    return outcome(lambda: hr.evaluate(hand, rules))


@pytest.mark.parametrize("rules", ["high", "razz", "2-7", "ace-to-five-8", "short-deck",
                                   "badugi"])
def test_evaluate_one_hand_fast_and_general_agree(rules):
    rs = hr.get_rules(rules)
    rng = random.Random(7)
    deck = [c for c in rs.deck.codes if c < 52]
    for _ in range(300):
        k = rng.choice(list(rs.hand_sizes))
        codes = rng.sample(deck, k)
        for hand in (random_hand_text(rng, codes), codes, tuple(codes)):
            a, b = eval_outcome(hand, rules), eval_outcome(hand, rs)
            assert a[0] == b[0] == "ok" and a[1] == b[1], (hand, a, b)
            assert type(a[1]) is type(b[1]) and a[1].rules == b[1].rules
            assert _core.evaluate_fast(hand, rules, None, None, None) == a[1]


@pytest.mark.parametrize("hand", [
    "As Ks Qd Jc Th 2c 3d", "as ks qd jc th 2c 3d", "AS KS QD JC TH 2C 3D", "AsKsQdJcTh2c3d",
    "As Ks Qd Jc Th 2c As", "As Ks Qd Jc Jk 2c 3d", "As Ks Qd Jc Xx Xx 3d", "As Ks",
    "As Ks Qd Jc Th 2c 3d 4d 5d 6d", "As Ks Qd Jc Th 2c 3x", "", "??", "As Ks Qd Jc ??",
    (51, 47, 42, 37, 32, 0, 5), [51, 47, 42, 37, 32, 0, 51], (51, 47, 42, 37, 52),
    [51, 47, 42, 37, 54], [51, 47, 42, 37, -1], (51, 47, 42, 37, True),
    [51, 47, 42, 37, 3.0], (51, 47, 42, 37), [np.uint8(51), 47, 42, 37, 32],
    np.array([51, 47, 42, 37, 32], dtype=np.uint8), b"As Ks Qd Jc Th", 7, None,
])
@pytest.mark.parametrize("rules", ["high", "razz", "short-deck"])
def test_evaluate_edges_agree(hand, rules):
    a, b = eval_outcome(hand, rules), eval_outcome(hand, hr.get_rules(rules))
    assert a[0] == b[0], (a, b)
    if a[0] == "ok":
        assert a[1] == b[1] and type(a[1]) is type(b[1])
    else:
        assert a[1:] == b[1:]
        assert _core.evaluate_fast(hand, rules, None, None, None) is None


def test_evaluate_strengths_are_shared_and_tagged():
    a = hr.evaluate("As Ks Qd Jc Th 2c 3d")
    b = hr.evaluate([51, 47, 42, 37, 32, 0, 5])
    assert a == b == hr.evaluate(hr.parse("As Ks Qd Jc Th 2c 3d"))
    assert a.rules == "high" and a.name == hr.describe(int(a))
    low = hr.evaluate("Ks Qs Js 9d 8d", "a5-8")
    assert low == -1 and low.rules == "ace-to-five-8" and low.category is None


# ------------------------------------------------------- every card known

def _distinct_games():
    """One name for each game of the registry (the first name of each)."""
    seen, names = set(), []
    for name, g in sorted(hr.games._games.GAME_BY_NAME.items()):
        if id(g) not in seen:
            seen.add(id(g))
            names.append(name)
    return names


def known_deal(rng: random.Random, g, players: int):
    """A deal with every card known: each whole hand and the whole board."""
    deck = [c for c in g.cards.code_bytes if c < 52]
    cards = rng.sample(deck, players * g.hole + g.board)
    hands = [cards[p * g.hole:(p + 1) * g.hole] for p in range(players)]
    return hands, cards[players * g.hole:]


@pytest.mark.parametrize("game", _distinct_games())
def test_known_deals_agree_with_the_general_path_and_showdown(game):
    # the known-deal path (a river, or a draw or stud game's whole hands):
    # the general path's result field by field, and its shares are the
    # showdown's of that deal, an independent count (wins: a whole pot)
    g = hr.get_game(game)
    rng = random.Random(37 + len(game))
    E._FAST_GAMES.pop(game, None)      # given to the fast path again (another test may have
    outcome(lambda: hr.equity(game, ["As Ks", "Qd Qc"]))          # emptied its table)
    taken = 0
    for _ in range(12):
        most = min(g.max_players, (len([c for c in g.cards.code_bytes if c < 52]) - g.board)
                   // g.hole, 6)
        players = rng.randrange(2, most + 1)
        codes, board = known_deal(rng, g, players)
        hands = [random_entry(rng, h) for h in codes]
        board_in = random_entry(rng, board) if board else rng.choice(["", None, []])
        took = assert_paths_agree(game, hands, board_in)
        taken += took
        if took:
            r = hr.equity(game, hands, board=board_in)
            shares = hr.showdown(game, [hr.format(h) for h in codes], hr.format(board) or None)
            assert r.deals == 1 and r.exact and r.seed is None and r.stderr.tolist() == \
                [0.0] * players
            assert np.allclose(r.equity, shares, rtol=0, atol=1e-12)
            assert r.wins.tolist() == [int(s >= 1 - 1e-12) for s in shares]
            assert r.ties.tolist() == [int(1e-12 < s < 1 - 1e-12) for s in shares]
            assert r.categories.sum() == sum(r.categories[p].any() for p in range(players))
    if g.boards == 1 and not (g.shared_last and g.max_players * g.hole + g.board > 52):
        assert taken >= 6, game                  # the fast path's own questions


def test_known_deal_labels_reuse_the_text_only_when_it_is_the_label():
    class Text(str):
        pass

    board = "2h 7d Jc 9s 3c"
    for hands, want in [(["As Ks", "Qd Qc"], ["As Ks", "Qd Qc"]),
                        (["as ks", "QdQc"], ["As Ks", "Qd Qc"]),
                        (["Ks As", [41, 40]], ["Ks As", "Qd Qc"]),
                        ((Text("As Ks"), "10d Qc"), ["As Ks", "Td Qc"])]:
        assert assert_paths_agree("holdem", hands, board) == (type(hands[0]) is str)
        r = hr.equity("holdem", hands, board=board)
        assert r.hands == want and [type(h) for h in r.hands] == [str, str]
    text = "As Ks"
    assert hr.equity("holdem", [text, "Qd Qc"], board=board).hands[0] is text


KNOWN_MALFORMED = [
    ("holdem", ["As Ks", "As Qc"], "2h 7d Jc 9s 3c"),          # a card twice
    ("holdem", ["As Ks", "Qd Qc"], "2h 7d Jc 9s Qc"),          # board and hand
    ("holdem", ["As Ks", "Qd Qc"], "2h 7d Jc 9s 9s"),          # on the board twice
    ("holdem", ["As Ks", "Qd Qc"], "2h 7d Jc 9s Jk"),          # a joker
    ("holdem", ["As Ks", "Qd Qc"], "2h 7d Jc 9s 3x"),          # unreadable
    ("holdem", ["As Ks", "Qd Qc"], "2h 7d Jc 9s 3c 4c"),       # six board cards
    ("holdem", ["As Ks", "Qd Qc"], [0, 21, 38, 31, 52]),
    ("holdem", ["As Ks", "Qd Qc"], [0, 21, 38, 31, 60]),
    ("holdem", ["As Ks", "Qd Qc"], [0, 21, 38, 31, 4.0]),
    ("holdem", ["As Ks", "Qd"], "2h 7d Jc 9s 3c"),             # a partial hand
    ("holdem", ["As Ks Qs", "Qd Qc"], "2h 7d Jc 9s 3c"),       # three hole cards
    ("holdem", ["As Ks"], "2h 7d Jc 9s 3c"),                   # one player
    ("holdem", [" ".join(hr.format([c]) for c in (2 * p, 2 * p + 1)) for p in range(24)],
     ""),                                                         # too many players
    ("short-deck", ["As Ks", "Qd Qc"], "2h 7d Jc 9s 6c"),      # off the short deck
    ("short-deck", ["As Ks", "Qd Qc"], "Th 7d Jc 9s 6c"),
    ("omaha", ["As Ks Qs Js", "Qd Qc"], "2h 7d Jc 9s 3c"),     # two cards in omaha
    ("draw", ["As Ks Qs Js Ts", "Qd Qc Qh 2c 3c"], "2h"),       # a board in draw
    ("draw", ["As Ks Qs Js Ts", "Qd Qc Qh 2c As"], ""),
    ("draw-joker", ["As Ks Qs Js Jk", "Qd Qc Qh 2c 3c"], ""),  # the joker: general path
    ("stud", ["As Ks Qs Js Ts 9s 8s", "Qd Qc Qh 2c 3c 4c 5c"], ""),
    ("stud", ["As Ks Qs Js Ts 9s 8s", "Qd Qc Qh 2c 3c 4c As"], ""),
]


@pytest.mark.parametrize("game, hands, board", KNOWN_MALFORMED)
def test_known_deal_edges_agree(game, hands, board):
    E._FAST_GAMES.pop(game, None)
    outcome(lambda: hr.equity(game, ["As Ks", "Qd Qc"]))          # registers the name
    assert_paths_agree(game, hands, board)
    assert_paths_agree(game, tuple(hands), board, threads=1)


def test_arrays_are_made_by_numpys_constructor():
    # _core makes result arrays with numpy's own constructor, taken from its
    # C API table: each array is a plain, owning, writeable, C-contiguous
    # ndarray of the dtype numpy.empty would give
    assert _core.npy_direct()
    r = hr.equity("holdem", ["As Ks", "Qd Qc"], board="2h 7d Jc 9s 3c")
    for name in ("equity", "wins", "ties", "stderr", "categories", "winning_categories",
                 "high", "low"):
        a = getattr(r, name)
        assert type(a) is np.ndarray and a.base is None and a.flags.owndata
        assert a.flags.c_contiguous and a.flags.writeable and a.flags.aligned
    assert r.equity.dtype == np.float64 and r.wins.dtype == np.int64
    assert r.categories.shape == (2, 11) and r.categories.dtype == np.int64
    r.equity[0] = 0.25                              # its own memory
    assert hr.equity("holdem", ["As Ks", "Qd Qc"], board="2h 7d Jc 9s 3c").equity[0] == 0.0
    s = hr.showdown("holdem", ["As Ks", "Qd Qc"], "2h 7d Jc 9s 3c")   # the per-hand paths too
    assert type(s) is np.ndarray and s.dtype == np.float64 and s.tolist() == [0.0, 1.0]


def test_turns_and_flops_still_take_the_enumeration():
    # a board short of cards is enumerated: the same counts as the general path
    for board in ("4h 5h Jc 9d", "4h 5h Jc"):
        assert assert_paths_agree("holdem", ["As Ks", "Qd Qc"], board)
        assert assert_paths_agree("omaha8", ["Ah 2h 3s Kd", "Ks Qd 9c 9h"], board)
