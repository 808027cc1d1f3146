"""Double-board games: every registered game with a board, dealt with two
boards, each board's showdown worth half the pot.  The list comes from the
registry (``registry.DOUBLE_GAMES``), and every answer is checked against
the brute-force twin in ``reference.py``."""
from __future__ import annotations

import math
import pickle
import subprocess
import sys

import numpy as np
import pytest

import handrank as hr
import reference as ref
from registry import DOUBLE_GAMES, GAMES, check_category_totals, check_halves_add_up


def base(game: str) -> hr.Game:
    return hr.get_game(game[:-len(ref.DOUBLE)])


def question(game: str, seed: int, players: int = 2):
    """Known hands, and two boards each missing some cards: one card of each
    board in any-five games; in Omaha games (whose reference is slow) board 1
    is complete and board 2 misses one card."""
    g = hr.get_game(game)
    deck = [int(c) for c in np.random.default_rng(seed).permutation(g.cards.codes)]
    holes = [deck[i * g.hole:(i + 1) * g.hole] for i in range(players)]
    rest = deck[players * g.hole:]
    miss1 = 0 if any(h.select == "omaha" for h in g.halves) else 1
    return holes, (rest[:g.board - miss1], rest[g.board:2 * g.board - 1])


def random_deals(game: str, n: int, players: int, seed: int):
    """n complete double-board deals: holes (n, players, hole), boards (n, 2, board)."""
    g = hr.get_game(game)
    codes = np.array(g.cards.codes, dtype=np.uint8)
    rng = np.random.default_rng(seed)
    need = players * g.hole + 2 * g.board
    pick = codes[np.argsort(rng.random((n, len(codes))), axis=1)[:, :need]]
    holes = pick[:, :players * g.hole].reshape(n, players, g.hole)
    boards = pick[:, players * g.hole:].reshape(n, 2, g.board)
    return np.ascontiguousarray(holes), np.ascontiguousarray(boards)


def test_every_game_with_a_board_has_a_double_board_form():
    assert DOUBLE_GAMES and all(base(d).board for d in DOUBLE_GAMES)
    for name in DOUBLE_GAMES:
        g = hr.get_game(name)
        b = base(name)
        assert g.boards == 2 and g.name == name and b.double_board() is g
        assert (g.hole, g.board, g.halves, g.deck, g.wild) == \
            (b.hole, b.board, b.halves, b.deck, b.wild)
        assert g.double_board() is g
        for alias in b.aliases:
            assert hr.get_game(alias + "-double-board") is g
    assert len(DOUBLE_GAMES) == sum(1 for g in hr.GAMES if g.board)


@pytest.mark.parametrize("game", DOUBLE_GAMES)
def test_exact_equity_matches_reference(game):
    """Exact equity, wins, ties and deals over every completion of both
    boards, against the brute force."""
    holes, boards = question(game, DOUBLE_GAMES.index(game))
    got = hr.equity(game, holes, board=list(boards))
    eq, wins, ties, deals = ref.equity(game, holes, boards)
    assert got.deals == deals
    assert got.wins.tolist() == wins and got.ties.tolist() == ties
    assert np.allclose(got.equity, eq, rtol=0, atol=1e-12)
    g = hr.get_game(game)
    check_halves_add_up(g, got)
    check_category_totals(g, got)                                  # one hand per board


@pytest.mark.parametrize("game", DOUBLE_GAMES)
def test_monte_carlo_and_its_standard_error(game):
    """Monte Carlo (2 threads) agrees with exact within 3 standard errors,
    and its standard error is the per-deal pot share's: the spread over the
    exact deals, from the reference's deal-by-deal shares."""
    g = hr.get_game(game)
    holes, (b1, b2) = question(game, 50 + DOUBLE_GAMES.index(game))
    b1 = b1[:g.board - 1]                              # one more unknown card on board 1
    exact = hr.equity(game, holes, board=[b1, b2])
    trials = 100_000
    mc = hr.equity(game, holes, board=[b1, b2], trials=trials, seed=5, threads=2)
    assert mc.deals == trials and math.isclose(mc.equity.sum(), 1.0)
    assert np.all(np.abs(mc.equity - exact.equity) <= 3 * mc.stderr + 1e-9)
    # the per-deal spread, from the showdown of every exact deal
    left = [c for c in g.cards.codes if c not in set(holes[0] + holes[1] + b1 + b2)]
    shares = []
    for i, c in enumerate(left):
        for d in left:
            if d != c:
                shares.append(hr.showdown(game, holes, [b1 + [c], b2 + [d]]))
    shares = np.array(shares)
    assert len(shares) == exact.deals
    assert np.allclose(shares.mean(axis=0), exact.equity, rtol=0, atol=1e-12)
    sd = shares.std(axis=0)
    assert np.allclose(mc.stderr * math.sqrt(trials), sd, rtol=0.05, atol=1e-6)


@pytest.mark.parametrize("game", DOUBLE_GAMES)
def test_showdown_matches_reference_and_the_two_single_boards(game):
    """Batched showdowns: the reference's shares, the mean of the base game's
    showdowns on each board, and the base game's strengths per board."""
    b = base(game)
    n = 600 if any(h.select == "omaha" for h in b.halves) else 3000
    holes, boards = random_deals(game, n, 3, DOUBLE_GAMES.index(game))
    shares = hr.showdown(game, holes, boards, threads=2)
    one = hr.showdown(b, holes, np.ascontiguousarray(boards[:, 0]))
    two = hr.showdown(b, holes, np.ascontiguousarray(boards[:, 1]))
    assert np.array_equal(shares, (one + two) / 2)
    assert np.allclose(shares.sum(axis=1), 1.0)
    both = hr.game_strengths(game, holes, boards)              # one array per half name
    assert len(both) == len(b.half_names)
    assert all(s.shape == (n, 3, 2) for s in both)
    for k in range(2):
        single = hr.game_strengths(b, holes, np.ascontiguousarray(boards[:, k]))
        assert all(np.array_equal(s[..., k], t) for s, t in zip(both, single, strict=True))
    for i in range(0, n, n // 40):
        hands = holes[i].tolist()
        pair = (boards[i, 0].tolist(), boards[i, 1].tolist())
        assert shares[i].tolist() == ref.showdown(game, hands, pair)


@pytest.mark.parametrize("game", DOUBLE_GAMES)
def test_showdown_and_equity_agree_on_a_complete_deal(game):
    g = hr.get_game(game)
    holes, boards = random_deals(game, 1, 3, 7)
    hands, pair = holes[0].tolist(), [b.tolist() for b in boards[0]]
    text = " | ".join(hr.format(b) for b in pair)
    shares = hr.showdown(game, hands, text)
    assert shares.tolist() == hr.showdown(g, hands, pair).tolist() == \
        ref.showdown(game, hands, pair)
    r = hr.equity(game, hands, board=text)
    assert r.deals == 1 and r.equity.tolist() == shares.tolist()
    assert r.wins.tolist() == [int(s == 1.0) for s in shares]
    assert r.ties.tolist() == [int(0 < s < 1) for s in shares]


def test_unknown_hole_cards_and_board_sizes():
    """Unknown hole cards, and boards known to different depths."""
    holes = [[hr.parse("As")[0]], hr.parse("Qd Qc").tolist()]
    b1, b2 = hr.parse("2h 7d Jc Ts 3s").tolist(), hr.parse("Kc 9h 5d 4d").tolist()
    got = hr.equity("holdem-double-board", ["As ??", "Qd Qc"], board=[b1, b2])
    eq, wins, ties, deals = ref.equity("holdem-double-board", holes, (b1, b2))
    assert got.deals == deals == 40 * 39
    assert got.wins.tolist() == wins and got.ties.tolist() == ties
    assert np.allclose(got.equity, eq, rtol=0, atol=1e-12)
    empty = hr.equity("holdem-double-board", ["As Ad", "Kh Kd"], board="", trials=20_000, seed=1)
    single = hr.equity("holdem", ["As Ad", "Kh Kd"], trials=20_000, seed=1)
    assert abs(empty.equity[0] - single.equity[0]) < 5 * max(empty.stderr[0], single.stderr[0])
    assert empty.stderr[0] < single.stderr[0]                # two boards: less variance


def test_ranges_on_two_boards():
    """A range's hands each get their own equity, exact and Monte Carlo."""
    game, board = "holdem-double-board", "Qh 7h 2c 5s | 9d 8d 3c 3h"
    r = hr.equity(game, ["QQ+, AKs", "Ah Kh"], board=board)
    assert r.by_hand[1] is None
    weights = []
    for hand, eq in r.by_hand[0].items():
        one = hr.equity(game, [hand, "Ah Kh"], board=board)
        assert eq == pytest.approx(one.equity[0], abs=1e-12)
        weights.append((one.deals, one.equity[0]))
    total = sum(d for d, _ in weights)
    assert r.deals == total
    assert r.equity[0] == pytest.approx(sum(d * e for d, e in weights) / total, abs=1e-12)
    mc = hr.equity(game, ["QQ+, AKs", "Ah Kh"], board=board, trials=200_000, seed=2)
    assert abs(mc.equity[0] - r.equity[0]) <= 3 * mc.stderr[0]


def test_double_board_games_pickle_and_register():
    g = hr.get_game("omaha8-double-board")
    back = pickle.loads(pickle.dumps(g))
    assert back.boards == 2 and back.name == g.name
    hands, board = ["Ah 2h 3s 4d", "Ks Kd 9c 9h"], "5h 6h 7c Jd Qs | Kh 8s 8c 2c Td"
    assert hr.showdown(back, hands, board).tolist() == hr.showdown(g, hands, board).tolist()
    custom = hr.Game("pineapple-double", 3, 5, "any", "high", None, boards=2)
    single = hr.Game("pineapple-single", 3, 5, "any", "high", None)
    assert hr.register_game(custom, replace=True) is hr.get_game("pineapple-double")
    hands, b1, b2 = ["As Ks Qs", "2d 2c 7h"], "Js Ts 3c 4c 8d", "9h 9c 5s 6s Ad"
    assert hr.showdown(custom, hands, [b1, b2]).tolist() == \
        ((hr.showdown(single, hands, b1) + hr.showdown(single, hands, b2)) / 2).tolist()
    exact = hr.equity(custom, hands, board="Js Ts 3c 4c | 9h 9c 5s 6s")
    assert exact.deals == 38 * 37 and math.isclose(exact.equity.sum(), 1.0)
    mc = hr.equity(custom, hands, board="Js Ts 3c 4c | 9h 9c 5s 6s", trials=100_000, seed=4)
    assert np.all(np.abs(mc.equity - exact.equity) <= 3 * mc.stderr + 1e-9)


def test_winners_per_board():
    w = hr.winners("omaha8-double-board", ["Ah 2h 3s 4d", "Ks Kd 9c 9h"],
                   ["5h 6h 7c Jd Qs", "Kh 8s 8c 2c Td"])
    assert w == [([0], [0]), ([1], [])]


@pytest.mark.parametrize("board, message", [
    ("Ah 7d Jc Ts 3s", "deals two boards"),
    ("Ah 7d Jc | Ts 3s | 2c", "got 3 boards"),
    (["Ah 7d Jc Ts 3s"], "got 1 board"),
    ("Ah 7d Jc Ts 3s | 2c 3c 4c 5c Ah", "appears twice"),
    ("Ah 7d Jc Ts 3s | 2c 3c 4c 5c", "board 2 has 5 cards at showdown; got 4"),
    ("Ah 7d Jc Ts 3s | 2c 3c 4c 5c Qz", "board 2: "),
])
def test_showdown_board_errors(board, message):
    with pytest.raises(hr.HandError, match=message):
        hr.showdown("holdem-double-board", ["As Ks", "Qd Qc"], board)


def test_other_errors():
    with pytest.raises(hr.HandError, match="holdem has one board.*holdem-double-board"):
        hr.showdown("holdem", ["As Ks", "Qd Qc"], "Ah 7d Jc Ts 3s | 2c 3c 4c 5c 6c")
    with pytest.raises(hr.HandError, match="stud has no board"):
        hr.get_game("stud").double_board()
    with pytest.raises(hr.HandError, match="unknown game 'stud-double-board'"):
        hr.get_game("stud-double-board")
    with pytest.raises(hr.HandError, match="boards must be 1 or 2"):
        hr.Game("x", 2, 5, "any", "high", None, boards=3)
    with pytest.raises(hr.HandError, match="boards must be 1 or 2"):
        hr.Game("x", 2, 5, "any", "high", None, boards=True)
    with pytest.raises(hr.HandError, match="needs board >= 1"):
        hr.Game("x", 5, 0, "all", "high", None, boards=2)
    holes, boards = random_deals("holdem-double-board", 4, 2, 1)
    with pytest.raises(hr.HandError, match=r"must be an \(4, 2, 5\) integer array"):
        hr.showdown("holdem-double-board", holes, boards.reshape(4, 10))
    with pytest.raises(hr.HandError, match="board 1 has 6 cards; at most 5"):
        hr.equity("holdem-double-board", ["As Ks", "Qd Qc"], board="2c 3c 4c 5c 6c 7c | ")
    with pytest.raises(hr.HandError, match=r"card Ah appears twice \(board 1 and board 2\)"):
        hr.equity("holdem-double-board", ["As Ks", "Qd Qc"], board="Ah 3c 4c | Ah 9d")
    with pytest.raises(hr.HandError, match="deck runs out"):
        hr.equity("omaha6-double-board", [None] * 7, dead="2c")
    with pytest.raises(hr.HandError, match="deals to at most"):
        hr.equity("omaha6-double-board", [None] * 8)


def test_cli_takes_two_boards():
    out = subprocess.run([sys.executable, "-m", "handrank", "showdown", "--game",
                          "holdem-double-board", "As Ks", "Qd Qc", "--board",
                          "Ah 7d Jc Ts 3s | 2h 7c 8c 9d 4s"],
                         capture_output=True, text=True, check=True).stdout
    assert "board 1: high: One pair, aces | board 2: high: Ace-high" in out and "share 0.5" in out
    out = subprocess.run([sys.executable, "-m", "handrank", "equity", "--game",
                          "omaha-double-board", "As Ad Kc Qd", "7h 8h 9c Tc", "--board",
                          "Ah 2c 5d Jh | 6h 7c 8d Kh Ks"],
                         capture_output=True, text=True, check=True).stdout
    assert "omaha-double-board" in out and "equity" in out


def test_equity_grid_on_two_boards():
    """The grid of a double-board game: each class's equity is its range's."""
    board = "Qh 7d 2c 5s | 9c 8c 3d 4h"
    g = hr.equity_grid("Ah Kh", "QQ+, AKs, 98s", board=board, game="holdem-double-board")
    assert g.exact
    for cls, (i, j) in (("KK", (1, 1)), ("98s", (5, 6))):
        want = hr.equity("holdem-double-board", ["Ah Kh", cls], board=board).equity[0]
        assert g.equity[i, j] == pytest.approx(want, abs=1e-12)
