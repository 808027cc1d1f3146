"""Issue 35, items 6, 8 and 9: arguments the C core cannot take are refused
up front with a HandError, and work that cannot finish in reasonable time
or memory is refused from a count, before any of it is done."""
from __future__ import annotations

import numpy as np
import pytest

import handrank as hr

N = 1326


# ---------------------------------------------------------------- item 6: solver boards

def _meets(board_codes):
    """Hands of HANDS holding a card of the board, by sets."""
    dead = set(board_codes)
    return np.array([bool(dead & set(h)) for h in hr.HANDS.tolist()])


@pytest.mark.parametrize("board", ["", "As", "As Ks", "As Ks Qd", "As Ks Qd 2c 3h"])
def test_reach_vector_takes_boards_of_0_to_5_cards(board):
    base = hr.reach_vector("QQ+, AK")
    r = hr.reach_vector("QQ+, AK", board)
    meets = _meets(hr.parse(board).tolist() if board else [])
    assert r.shape == (N,)
    assert (r[meets] == 0).all()
    assert (r[~meets] == base[~meets]).all()
    # the same board as codes and as a list of names
    codes = [int(c) for c in hr.parse(board)] if board else []
    assert (hr.reach_vector("QQ+, AK", codes) == r).all()
    assert (hr.reach_vector("QQ+, AK", np.array(codes, dtype=np.int64)) == r).all()


@pytest.mark.parametrize("board", ["As As", "As Kd As", [0, 0], np.array([3, 60])])
def test_reach_vector_short_boards_are_checked(board):
    with pytest.raises(hr.HandError, match="board"):
        hr.reach_vector("QQ+", board)


def test_reach_vector_refuses_six_cards_and_batches():
    with pytest.raises(hr.HandError, match=r"board must have 0 to 5 cards; got 6"):
        hr.reach_vector("QQ+", "As Ks Qs Js Ts 9s")
    with pytest.raises(hr.HandError, match=r"board: .*one board"):
        hr.reach_vector("QQ+", [[0, 1, 2], [3, 4, 5]])


def _solver_calls(board):
    reach = np.ones(N)
    return {
        "showdown_values": lambda: hr.showdown_values(board, reach),
        "showdown_values_equity": lambda: hr.showdown_values(board, reach, equity=True),
        "showdown_matrix": lambda: hr.showdown_matrix(board),
        "compatible_reach": lambda: hr.compatible_reach(board, reach),
    }


@pytest.mark.parametrize("board", ["", "As", "As Ks", [], [12], [12, 25],
                                   np.array([12, 25], dtype=np.uint8),
                                   np.zeros((2, 2), dtype=np.int64),
                                   "As Ks Qs Js Ts 9s"])
@pytest.mark.parametrize("call", list(_solver_calls("")))
def test_solver_boards_of_the_wrong_size_are_a_hand_error(board, call):
    """Before the fix a 0, 1 or 2 card board reached the C check and raised
    a bare ValueError('sv_check_boards: wrong shapes or rows')."""
    fn = _solver_calls(board)[call]
    if isinstance(board, np.ndarray) and board.ndim == 2:
        reach = np.ones((len(board), N))
        fn = {"showdown_values": lambda: hr.showdown_values(board, reach),
              "showdown_values_equity": lambda: hr.showdown_values(board, reach, equity=True),
              "showdown_matrix": lambda: hr.showdown_matrix(board),
              "compatible_reach": lambda: hr.compatible_reach(board, reach)}[call]
    with pytest.raises(hr.HandError) as info:
        fn()
    msg = str(info.value)
    assert msg.startswith("board must have 3, 4 or 5 cards")
    assert "sv_" not in msg


@pytest.mark.parametrize("call", list(_solver_calls("")))
def test_solver_no_boards_and_repeated_cards(call):
    empty = np.zeros((0, 3), dtype=np.uint8)
    with pytest.raises(hr.HandError, match="board: no boards given"):
        if call == "showdown_matrix":
            hr.showdown_matrix(empty)
        else:
            getattr(hr, call.replace("_equity", ""))(empty, np.ones((0, N)))
    with pytest.raises(hr.HandError, match="board: Ks appears twice"):
        _solver_calls("As Ks Ks")[call]()
