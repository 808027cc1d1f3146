"""Pot rules as data (issue 36): a half's qualifier as a strength threshold,
what happens when nobody qualifies (``unqualified=``), the one C split that
applies them, ``winners()`` reading its award, and the ``stud8-nines`` row
checked against the brute-force twin (tests/reference.py)."""
from __future__ import annotations

import numpy as np
import pytest

import handrank as hr
import reference as ref
from registry import game_twin

NINES = "9c 9d 4h 3s 2c"


def _random_deals(game, players, n, seed):
    g = hr.get_game(game)
    rng = np.random.default_rng(seed)
    codes = np.array(g.cards.codes, dtype=np.uint8)
    for _ in range(n):
        pick = rng.permutation(codes)[:players * g.hole + g.board]
        hands = [pick[i * g.hole:(i + 1) * g.hole].tolist() for i in range(players)]
        yield hands, pick[players * g.hole:].tolist()


# ------------------------------------------------------------------ Half

def test_qualifier_as_the_weakest_hand_is_its_strength():
    h = hr.Half("high", qualifier=NINES)
    assert h.qualifier == NINES
    assert h.qualifier_strength == hr.evaluate(NINES, "high")
    assert hr.describe(h.qualifier_strength) == "One pair, nines"
    # codes work too and are kept as text; the low form is unchanged
    assert hr.Half("high", qualifier=hr.parse(NINES)).qualifier == NINES
    assert hr.Half("ace-to-five", qualifier=8).qualifier == 8
    # the weakest hand form works for a low rule set too: an eight-low or better
    low = hr.Half("ace-to-five", qualifier="8c 5d 4h 3s 2c")
    assert low.qualifier_strength == hr.evaluate("8c 5d 4h 3s 2c", "ace-to-five")


def test_unqualified_default_and_repr():
    assert hr.Half("high").unqualified == "others"
    h = hr.Half("high", qualifier=NINES, unqualified="ignore")
    assert "unqualified='ignore'" in repr(h)
    assert "unqualified" not in repr(hr.Half("ace-to-five", qualifier=8))


@pytest.mark.parametrize("kwargs, match", [
    (dict(rules="high", qualifier="9c 9d 4h 3s"), "5 cards under high; got 4"),
    (dict(rules="high", qualifier="9c 9d 4h 3s 2x"), "weakest qualifying hand"),
    (dict(rules="high", qualifier="9c 9c 4h 3s 2c"), "qualifier"),
    (dict(rules="ace-to-five-8", qualifier="Kc Kd 4h 3s 2c"), "does not qualify"),
    (dict(rules="high", qualifier=8), "give the weakest qualifying hand"),
    (dict(rules="high", qualifier=NINES, unqualified="nobody"), "'others', 'ignore'"),
    (dict(rules="high", qualifier=NINES, unqualified=1), "'others', 'ignore'"),
    (dict(rules="high", unqualified="ignore"), "has none"),
])
def test_half_refuses(kwargs, match):
    with pytest.raises(hr.HandError, match=match):
        hr.Half(**kwargs)


def test_game_needs_a_half_that_is_always_won():
    hi9 = hr.Half("high", qualifier=NINES)                  # "others": may go unwon
    with pytest.raises(hr.HandError, match="always won"):
        hr.Game("x", 7, 0, halves=(hi9, hr.Half("ace-to-five-8")))
    with pytest.raises(hr.HandError, match="always won"):
        hr.Game("x", 7, 0, halves=(hi9,))
    # waived under a rule set of its own qualifier: still unwon, refused
    with pytest.raises(hr.HandError, match="always qualifies"):
        hr.Game("x", 7, 0, halves=(hr.Half("ace-to-five-8", qualifier=7, unqualified="ignore"),))
    hr.Game("x", 7, 0, halves=(hr.Half("high", qualifier=NINES, unqualified="ignore"),
                               hr.Half("ace-to-five-8")))


def test_the_c_core_refuses_a_one_half_pot_that_can_go_unwon():
    rs = hr.get_rules("high")
    deck = hr.get_game("stud").cards.compiled(None)
    q = hr.evaluate(NINES, "high")
    hr._core.GameTables(7, 0, [(rs.tables, 0, q, 1)], deck)
    with pytest.raises(ValueError, match="out of range"):
        hr._core.GameTables(7, 0, [(rs.tables, 0, q, 0)], deck)


# ------------------------------------------------------------- the split

def test_stud8_nines_is_one_row_with_its_twin():
    g = hr.get_game("stud8-nines")
    assert g.classic and g.shared_last and g.half_names == ("high", "low")
    assert game_twin(g) == ref.GAMES["stud8-nines"]
    assert "house variant" in g.summary


def test_stud8_nines_against_the_twin():
    """Every kind of pot (both halves won, one, neither) against the brute
    force split of the twin; winners() is C's award, and the shares follow
    from it."""
    g = hr.get_game("stud8-nines")
    seen = {"both": 0, "high only": 0, "low only": 0, "neither": 0}
    twin = game_twin(g)
    for hands, _ in _random_deals("stud8-nines", 3, 160, seed=36):
        want = ref.half_winners(twin, hands)
        got = hr.winners(g, hands)
        assert [list(w) for w in got] == want, hands
        assert hr.showdown(g, hands).tolist() == pytest.approx(ref.showdown(twin, hands),
                                                               abs=1e-12)
        strengths = [hr.game_strengths(g, hands)[i].tolist() for i in range(2)]
        hi_ok = max(strengths[0]) >= 0
        lo_ok = max(strengths[1]) >= 0
        seen["both" if hi_ok and lo_ok else "high only" if hi_ok else
             "low only" if lo_ok else "neither"] += 1
        if not hi_ok and not lo_ok:           # the high is played without its qualifier
            assert got[0] and not got[1]
            raw = [hr.evaluate(h, "high") for h in hands]
            assert got[0] == [p for p, s in enumerate(raw) if s == max(raw)]
    assert all(seen.values()), seen


def test_strengths_read_minus_one_below_the_threshold():
    g = hr.get_game("stud8-nines")
    hands = ["8h 8s Kc Qd 2h 3c Td", "9h 9s Kc Qd 2c 3d 7d"]
    hands[1] = "9h 9s Ks Qh 2d 3s 7c"
    hi, _ = hr.game_strengths(g, hands)
    assert hi[0] == -1 and hi[1] == hr.evaluate(hands[1], "high")
    # in a batch, the same
    codes = np.array([[hr.parse(h) for h in hands]], dtype=np.uint8)
    hi_b, _ = hr.game_strengths(g, codes, np.zeros((1, 0), dtype=np.uint8))
    assert hi_b[0].tolist() == hi.tolist()


def test_a_waived_qualifier_of_one_half_is_no_qualifier_for_the_pot():
    """One half, its threshold waived when nobody reaches it: the pot always
    goes to the best hand, as in the game without a qualifier (the one-half
    fast paths are exact for it), while the strengths read -1 below it."""
    g = hr.Game("holdem-nines", 2, 5, halves=(hr.Half("high", qualifier=NINES,
                                                      unqualified="ignore"),))
    holes, boards = [], []
    for hands, board in _random_deals("holdem", 4, 300, seed=5):
        holes.append(hands)
        boards.append(board)
    holes = np.array(holes, dtype=np.uint8)
    boards = np.array(boards, dtype=np.uint8)
    assert np.array_equal(hr.showdown(g, holes, boards), hr.showdown("holdem", holes, boards))
    (mine,), (plain,) = hr.game_strengths(g, holes, boards)[:1], \
        hr.game_strengths("holdem", holes, boards)[:1]
    q = hr.evaluate(NINES, "high")
    assert np.array_equal(mine, np.where(plain >= q, plain, -1))
    assert (mine == -1).any() and (mine >= 0).any()
    eq = hr.equity(g, ["As Kd", "7c 7h"], board="2s 5d Jh")
    assert eq.equity.tolist() == pytest.approx(
        hr.equity("holdem", ["As Kd", "7c 7h"], board="2s 5d Jh").equity.tolist(), abs=1e-12)


def test_equity_counts_the_same_split_as_the_twin():
    g = hr.get_game("stud8-nines")
    hands = [hr.parse("Ah 2h 8s 8d 5c Kd"), hr.parse("9c 9s 3d Tc Jh Qs")]
    r = hr.equity(g, hands)
    want, wins, ties, deals = ref.equity(game_twin(g), hands)
    assert r.deals == deals
    assert r.equity.tolist() == pytest.approx(want, abs=1e-12)
    assert r.wins.tolist() == wins and r.ties.tolist() == ties
    # the plain build (no fast paths) gives the same
    plain = hr.Game("stud8-nines-plain", 7, 0, halves=g.halves, shared_last=True)
    assert hr.equity(plain, hands).equity.tolist() == pytest.approx(want, abs=1e-12)
