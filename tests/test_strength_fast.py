"""hand_strength's compiled fast path (``RuleTables.strength_fast``, chosen
at the top of ``handrank.analysis._analysis.hand_strength``): the same value as the
general path for every input it takes, and None -- so the general path
raises its own error -- for every input it does not."""
from __future__ import annotations

import numpy as np
import pytest

import handrank as hr
from handrank.analysis import _analysis
from handrank.cards._cards import card_name

HIGH = hr.get_rules("high").tables


def _general(hole, board, opponents=1):
    h, b, _ = _analysis._rows(hole, board)
    return _analysis._hs_one(h[0], b[0]) ** opponents


def test_fast_path_equals_general_path_on_random_hands():
    rng = np.random.default_rng(23)
    for i in range(600):
        nb = 3 + i % 3
        cards = rng.permutation(52)[:2 + nb].tolist()
        hole, board = cards[:2], cards[2:]
        opp = 1 + i % 5
        forms = [(hole, board), (tuple(hole), tuple(board)),
                 (" ".join(card_name(c) for c in hole), "".join(card_name(c) for c in board))]
        want = _general(hole, board, opp)
        for h, b in forms:
            got = HIGH.strength_fast(h, b, opp, False)
            assert got is not None, (h, b)          # the fast path took it
            assert got == want                       # bit for bit
            assert hr.hand_strength(h, b, opp) == want


@pytest.mark.parametrize("hole, board, opponents, exact", [
    ("Ad Qc Kc", "3h 4c Jh", 1, False),        # three hole cards
    ("Ad", "3h 4c Jh", 1, False),
    ("Ad Qc", "3h 4c", 1, False),              # short board
    ("Ad Qc", "3h 4c Jh 5d 6d 7d", 1, False),  # long board
    ("Ad Qc", "3h 4c Ad", 1, False),           # a card twice
    ("Ad Ad", "3h 4c Jh", 1, False),
    ("Ad Qc", "3h 4c Jh", 0, False),           # opponents out of range
    ("Ad Qc", "3h 4c Jh", 23, False),
    ("Ad Qc", "3h 4c Jh", True, False),        # a bool is not a count
    ("Ad Qc", "3h 4c Jh", 1.0, False),
    ("Ad Qc", "3h 4c Jh", np.int64(2), False),  # numpy ints: general path
    ("Ad Qc", "3h 4c Jh", 2, True),            # exact: general path
    ("Ad Qc", "3h 4c Jh", 1, 0),
    ("Ad Jk", "3h 4c Jh", 1, False),           # a joker
    ("Ad Qx", "3h 4c Jh", 1, False),           # a bad suit
    ([48, 60], [1, 2, 3], 1, False),           # a code off the deck
    ([48, 40.0], [1, 2, 3], 1, False),
    (np.array([48, 40], np.uint8), [1, 2, 3], 1, False),
    (b"\x30\x28", [1, 2, 3], 1, False),
])
def test_fast_path_declines_what_it_does_not_take(hole, board, opponents, exact):
    assert HIGH.strength_fast(hole, board, opponents, exact) is None


@pytest.mark.parametrize("hole, board, opponents, exact, threads", [
    ("Ad Qc Kc", "3h 4c Jh", 1, False, None),
    ("Ad Qc", "3h 4c", 1, False, None),
    ("Ad Qc", "3h 4c Ad", 1, False, None),
    ("Ad Qc", "3h 4c Jh", 0, False, None),
    ("Ad Qc", "3h 4c Jh", True, False, None),
    ("Ad Qc", "3h 4c Jh", 1, 0, None),
    ("Ad Qx", "3h 4c Jh", 1, False, None),
    ([48, 60], [1, 2, 3], 1, False, None),
    ("Ad Qc", "3h 4c Jh", 1, False, 0),         # threads checked as everywhere
    ("Ad Qc", "3h 4c Jh", 1, False, True),
    ("Ad Qc", "3h 4c Jh", 1, False, 1.5),
])
def test_errors_come_from_the_general_path(hole, board, opponents, exact, threads):
    with pytest.raises(hr.HandError):
        hr.hand_strength(hole, board, opponents, exact=exact, threads=threads)


def test_other_accepted_forms_still_agree():
    """Inputs the fast path declines but the general path takes."""
    hole, board = hr.parse("Ad Qc"), hr.parse("3h 4c Jh")
    want = _general([int(c) for c in hole], [int(c) for c in board], 2)
    assert hr.hand_strength(hole, board, np.int64(2)) == want          # arrays, numpy int
    assert hr.hand_strength("Ad Qc", "3h 4c Jh", 2, threads=np.int64(1)) == want
    assert hr.hand_strength("Ad Qc", "3h 4c Jh", 1, threads=8) == _general(hole, board)
