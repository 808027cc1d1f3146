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


# ---------------------------------------------------------------- item 8: exact strength

def _timed(fn):
    """(CPU seconds, peak bytes traced) of fn(): the time from a run without
    tracemalloc (which slows Python several times), in CPU time so that a
    busy machine does not stretch it; the peak from a second, traced run.
    The bounds the tests set are a fraction of what listing took (7 to
    21 s), so they tell "counted" from "listed" on any machine."""
    import time
    import tracemalloc
    t0 = time.process_time()
    fn()
    took = time.process_time() - t0
    tracemalloc.start()
    try:
        fn()
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return took, peak


@pytest.mark.parametrize("board, n", [("2c 7c Jc", 12), ("2c 7c Jc", 22), ("2c 7c Jh 9c", 12)])
def test_exact_strength_too_much_work_is_refused_at_once(board, n):
    """Before: 159 s and 1.1 GB for 12 opponents on a monotone flop."""
    def run():
        with pytest.raises(hr.HandError, match=r"exact=False.*fewer opponents") as info:
            hr.hand_strength("As Kc", board, opponents=n, exact=True)
        assert f"against {n} opponents" in str(info.value)
        assert "over 2,500,000" in str(info.value)
    took, peak = _timed(run)
    assert took < 1.0
    assert peak < 50e6


def test_exact_strength_refusal_counts_before_counting(monkeypatch):
    from handrank.analysis import _multiway as mw

    def no_counting(*args, **kwargs):
        raise AssertionError("the refusal must come before any counting")
    monkeypatch.setattr(mw, "_count", no_counting)
    with pytest.raises(hr.HandError, match="counting steps"):
        hr.hand_strength("As Kc", "2c 7c Jc", opponents=12, exact=True)


def test_exact_strength_work_estimate_covers_the_states(monkeypatch):
    """_work is at least the states _count memoises, on boards of each kind
    (so the limit bounds the work, not just a guess at it)."""
    from handrank.analysis import _multiway as mw
    seen = []
    real = mw._count

    def spy(counts, kind, edge, sizes, stats, limit=None):
        try:
            return real(counts, kind, edge, sizes, stats, limit)
        finally:
            seen.append((stats[0], mw._work(counts, kind, edge, max(sizes))))
    monkeypatch.setattr(mw, "_count", spy)
    for hole, board, n in [("As Kc", "2c 7c Jc", 3), ("Ad Qc", "3h 4c Jh", 4),
                           ("9h Kh", "3c 8d Ah 2s", 3), ("2d Jd", "2s Qs As 7s 6c", 5)]:
        seen.clear()
        hr.hand_strength(hole, board, opponents=n, exact=True)
        assert seen
        for states, work in seen:
            assert work >= states, (hole, board, n, states, work)


def test_exact_strength_memo_guard(monkeypatch):
    """Should the estimate run low, the memo's own limit refuses with the
    same message rather than growing without bound."""
    from handrank.analysis import _multiway as mw
    monkeypatch.setattr(mw, "MEMO_LIMIT", 100)
    with pytest.raises(hr.HandError, match=r"over 100 memoised states.*exact=False"):
        hr.hand_strength("Ad Qc", "3h 4c Jh", opponents=4, exact=True)
    monkeypatch.setattr(mw, "MEMO_LIMIT", 10**9)
    assert 0 < hr.hand_strength("Ad Qc", "3h 4c Jh", opponents=4, exact=True) < 1


# ---------------------------------------------------------------- item 9: Omaha patterns
from math import comb  # noqa: E402


@pytest.mark.parametrize("text, want", [
    ("7", comb(52, 6) - comb(48, 6)),                                  # some seven
    ("[A-T]y3", comb(52, 6) - comb(48, 6) - comb(32, 6) + comb(28, 6)),  # a 3 and an A-T
    ("RR", comb(52, 6) - comb(13, 6) * 4 ** 6),                        # some pair
    ("ss", comb(52, 6) - comb(39, 6) - 13 * comb(39, 5)),              # two spades
])
def test_six_card_patterns_of_too_many_hands_are_counted_not_listed(text, want):
    """Before: 7 to 21 s and 0.7 to 1 GB, listing the hands before refusing."""
    def run():
        with pytest.raises(hr.HandError, match=f"it matches {want:,} hands, more than a "
                                               f"range lists"):
            hr.Range(text, cards=6)
    took, peak = _timed(run)
    assert took < 1.0
    assert peak < 50e6


def test_uncounted_pattern_refused_from_a_lower_bound():
    """A pattern the count does not cover (suits and ranks, any card) is
    refused from how many sets it matches, before listing."""
    took, peak = _timed(lambda: pytest.raises(hr.HandError, hr.Range, "Ryy", cards=6))
    assert took < 1.0 and peak < 50e6
    with pytest.raises(hr.HandError, match="at least"):
        hr.Range("Ryy", cards=6)


def test_six_card_pattern_of_every_hand_is_random_without_listing():
    took, peak = _timed(lambda: hr.Range("[2-A]", cards=6))
    assert took < 1.0 and peak < 50e6
    r = hr.Range("[2-A]", cards=6)
    assert r.is_random


@pytest.mark.parametrize("k", [4, 5])
@pytest.mark.parametrize("text", ["7", "AA", "RR", "[A-T]y3", "AxAy", "xx", "xxy", "AKs",
                                  "RRON", "[T+][T+]", "AxKx", "s", "Rs"])
def test_pattern_count_equals_the_listed_hands(text, k):
    """The count that decides refusals agrees with the hands listed."""
    from handrank.ranges import _omaha_syntax as syntax
    n = syntax.pattern_count(text, k)
    assert n is not None
    assert n == len(syntax.pattern_masks(text, k))


def test_ranges_under_the_limit_still_list():
    r = hr.Range("AKQJ", cards=6)
    assert len(r) == len({tuple(h) for h in r.combos.tolist()})
    assert all({"A", "K", "Q", "J"} <= {c[0] for c in hr.format(h).split()}
               for h in r.combos[:200])
