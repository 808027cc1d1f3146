"""Canonical hand indexes (hr.canonical_index, canonical_hand, canonical_size)
against brute force: Burnside's count of suit-isomorphism classes for the
sizes, and a canonical form found by trying all 24 suit permutations for the
equality classes (exhaustively for small rounds, on random hands for the turn
and river), plus an exhaustive walk of every flop."""
from __future__ import annotations

from itertools import combinations, permutations
from math import comb

import numpy as np
import pytest

import handrank as hr

PERMS = np.array(list(permutations(range(4))), dtype=np.int64)   # the 24 suit renamings
HOLDEM = {(2,): 169, (2, 3): 1_286_792, (2, 3, 1): 55_190_538, (2, 3, 1, 1): 2_428_287_420,
          (2, 4): 13_960_050, (2, 5): 123_156_254}


# ------------------------------------------------------------- references

def burnside_size(rounds: tuple[int, ...]) -> int:
    """Classes of hands dealt in rounds (a set of cards per round) under the 24
    suit renamings: the average over renamings g of the hands g fixes.  A hand
    is fixed when every round's set is a union of g's orbits on the cards, so
    count the ways to give each orbit to one round or to none."""
    cycle_types = {(1, 1, 1, 1): 1, (2, 1, 1): 6, (2, 2): 3, (3, 1): 8, (4,): 6}
    total = 0
    for cycles, how_many in cycle_types.items():
        ways = {tuple(0 for _ in rounds): 1}          # cards taken per round -> ways
        for length in cycles:
            for _ in range(13):                        # one orbit of this length per rank
                nxt = dict(ways)                       # the orbit is dealt to no round
                for taken, w in ways.items():
                    for r in range(len(rounds)):
                        if taken[r] + length <= rounds[r]:
                            t = taken[:r] + (taken[r] + length,) + taken[r + 1:]
                            nxt[t] = nxt.get(t, 0) + w
                ways = nxt
        total += how_many * ways.get(tuple(rounds), 0)
    assert total % 24 == 0
    return total // 24


def canonical_keys(hands: np.ndarray, rounds: tuple[int, ...]) -> np.ndarray:
    """One int64 per hand, equal exactly for isomorphic hands: the smallest,
    over the 24 suit renamings, of the hand with each round sorted, read as
    base-64 digits."""
    hands = hands.astype(np.int64)
    ranks, suits = hands >> 2, hands & 3
    best = None
    for p in PERMS:
        codes = 4 * ranks + p[suits]
        parts, at = [], 0
        for c in rounds:
            parts.append(np.sort(codes[:, at:at + c], axis=1))
            at += c
        key = np.zeros(len(hands), dtype=np.int64)
        for col in np.hstack(parts).T:
            key = key * 64 + col
        best = key if best is None else np.minimum(best, key)
    return best


def same_partition(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether a[i] == a[j] exactly when b[i] == b[j]."""
    na, nb = len(np.unique(a)), len(np.unique(b))
    pairs = len(np.unique(np.stack([a, b], axis=1), axis=0))
    return na == nb == pairs


def every_hand(rounds: tuple[int, ...], first: np.ndarray | None = None) -> np.ndarray:
    """Every hand dealt in these rounds (each round's cards ascending), or every
    continuation of the rows of `first` (its columns the first rounds)."""
    rows = np.zeros((1, 0), dtype=np.uint8) if first is None else first
    done = rows.shape[1]
    at = 0
    for c in rounds:
        if at < done:
            at += c
            continue
        free = np.ones((len(rows), 52), dtype=bool)
        np.put_along_axis(free, rows.astype(np.intp), False, axis=1)
        rest = np.nonzero(free)[1].reshape(len(rows), 52 - rows.shape[1]).astype(np.uint8)
        combos = np.array(list(combinations(range(rest.shape[1]), c)), dtype=np.intp)
        picked = rest[:, combos]                          # (rows, C, c)
        rows = np.concatenate([np.repeat(rows, len(combos), axis=0),
                               picked.reshape(-1, c)], axis=1)
        at += c
    return np.ascontiguousarray(rows)


def isomorphic_copy(hands: np.ndarray, rounds: tuple[int, ...], seed: int) -> np.ndarray:
    """The hands with a random suit renaming per row and each round shuffled."""
    rng = np.random.default_rng(seed)
    perm = PERMS[rng.integers(0, 24, len(hands))]
    out = 4 * (hands >> 2).astype(np.int64) + np.take_along_axis(perm, (hands & 3).astype(np.intp),
                                                                  axis=1)
    at = 0
    for c in rounds:
        order = np.argsort(rng.random((len(hands), c)), axis=1)
        out[:, at:at + c] = np.take_along_axis(out[:, at:at + c], order, axis=1)
        at += c
    return out.astype(np.uint8)


# ------------------------------------------------------------------ sizes

def test_holdem_sizes():
    for rounds, size in HOLDEM.items():
        assert hr.canonical_size(rounds) == size
    assert hr.canonical_size() == 2_428_287_420          # the default is (2, 3, 1, 1)


@pytest.mark.parametrize("rounds", [(1,), (2,), (3,), (5,), (7,), (1, 1), (2, 3), (2, 3, 1),
                                    (2, 3, 1, 1), (2, 4), (2, 5), (4, 3, 1, 1), (5, 3, 1, 1),
                                    (1, 1, 1, 1, 1, 1, 1, 1), (13,), (13, 13), (4, 4, 4)])
def test_sizes_are_burnside_counts(rounds):
    try:
        size = hr.canonical_size(rounds)
    except hr.HandError as e:                            # too large for 63 bits
        assert "too large" in str(e) and burnside_size(rounds) >= 2**63
        return
    assert size == burnside_size(rounds)


def test_burnside_reference_counts_the_deck():
    assert burnside_size((1,)) == 13 and burnside_size((2,)) == 169
    assert burnside_size((52,)) == 1


# ------------------------------------------- exhaustive: equality classes

@pytest.mark.parametrize("rounds", [(1,), (2,), (3,), (1, 1), (2, 1), (1, 2), (1, 1, 1)])
def test_every_hand_of_small_rounds_against_brute_force(rounds):
    hands = every_hand(rounds)
    idx = hr.canonical_index(hands, rounds)
    size = hr.canonical_size(rounds)
    assert idx.dtype == np.int64 and idx.min() == 0 and idx.max() == size - 1
    assert len(np.unique(idx)) == size
    assert same_partition(idx, canonical_keys(hands, rounds))
    reps = hr.canonical_hand(np.arange(size), rounds)
    assert (hr.canonical_index(reps, rounds) == np.arange(size)).all()


def test_preflop_every_hand_and_the_hand_class_mapping():
    hands = every_hand((2,))
    idx = hr.canonical_index(hands, (2,))
    names = [hr.HAND_CLASSES[j] for j in hr.PREFLOP_CLASS[idx]]
    assert names == hr.hand_class(hands)
    assert sorted(hr.PREFLOP_CLASS.tolist()) == list(range(169))
    assert not hr.PREFLOP_CLASS.flags.writeable
    counts = np.bincount(idx, minlength=169)
    assert sorted(set(counts.tolist())) == [4, 6, 12]      # suited, pairs, offsuit


def test_every_flop():
    """All 25,989,600 (hole, flop) hands: every index in range and hit, each as
    often as the hand's orbit under suit renamings is large (a divisor of 24)."""
    size = HOLDEM[(2, 3)]
    hits = np.zeros(size, dtype=np.int64)
    holes = every_hand((2,))
    for lo in range(0, len(holes), 200):
        hands = every_hand((2, 3), holes[lo:lo + 200])
        idx = hr.canonical_index(hands, (2, 3))
        assert idx.min() >= 0 and idx.max() < size
        hits += np.bincount(idx, minlength=size)
    assert hits.sum() == comb(52, 2) * comb(50, 3)
    assert hits.min() >= 1
    assert set(np.unique(hits).tolist()) <= {1, 2, 3, 4, 6, 8, 12, 24}
    reps = hr.canonical_hand(np.arange(size), (2, 3))
    assert (hr.canonical_index(reps, (2, 3)) == np.arange(size)).all()
    # the representative is a legal hand, each round in descending code order
    assert (np.diff(np.sort(reps, axis=1).astype(int), axis=1) > 0).all()
    assert (np.diff(reps[:, :2].astype(int), axis=1) < 0).all()
    assert (np.diff(reps[:, 2:].astype(int), axis=1) < 0).all()


def test_every_two_card_turn_and_river_is_indexed_densely():
    rounds = (2, 1, 1)
    idx = hr.canonical_index(every_hand(rounds), rounds)
    assert len(np.unique(idx)) == hr.canonical_size(rounds) == idx.max() + 1


# --------------------------------------------- random hands: turn, river

@pytest.mark.parametrize("rounds", [(2, 3, 1), (2, 3, 1, 1), (2, 5), (4, 3, 1, 1), (3, 3, 3)])
def test_random_hands_against_brute_force(rounds):
    n = 25_000
    total = sum(rounds)
    base = hr.deal(n, total, seed=sum(rounds) * 31 + len(rounds))
    # near neighbours of the base hands share a class more often than strangers
    copies = isomorphic_copy(base, rounds, seed=1)
    tweaked = base.copy()
    tweaked[:, -1] = hr.redraw(base, np.eye(total, dtype=bool)[-1], seed=2)[:, -1]
    hands = np.concatenate([base, copies, tweaked, isomorphic_copy(tweaked, rounds, seed=3)])
    idx = hr.canonical_index(hands, rounds)
    size = hr.canonical_size(rounds)
    assert idx.min() >= 0 and idx.max() < size
    assert (idx[:n] == idx[n:2 * n]).all()                       # renamed and shuffled
    assert same_partition(idx, canonical_keys(hands, rounds))
    reps = hr.canonical_hand(idx, rounds)
    assert (hr.canonical_index(reps, rounds) == idx).all()
    assert (canonical_keys(reps, rounds) == canonical_keys(hands, rounds)).all()


def test_every_suit_renaming_and_order_within_rounds():
    rounds = (2, 3, 1, 1)
    hands = hr.deal(2000, 7, seed=5)
    want = hr.canonical_index(hands)
    for p in PERMS:
        renamed = (4 * (hands >> 2) + p[hands & 3]).astype(np.uint8)
        assert (hr.canonical_index(renamed) == want).all()
    flipped = hands[:, [1, 0, 4, 2, 3, 5, 6]]
    assert (hr.canonical_index(flipped, rounds) == want).all()
    moved = hands[:, [0, 1, 2, 3, 5, 4, 6]]                       # a flop card to the turn
    assert (hr.canonical_index(moved, rounds) != want).any()


def test_random_indexes_round_trip():
    for rounds in [(2, 3, 1, 1), (4, 3, 1, 1), (1, 1, 1, 1, 1, 1, 1, 1)]:
        size = hr.canonical_size(rounds)
        idx = np.random.default_rng(1).integers(0, size, 50_000)
        idx[:2] = [0, size - 1]
        assert (hr.canonical_index(hr.canonical_hand(idx, rounds), rounds) == idx).all()


def test_single_hands_and_threads():
    assert isinstance(hr.canonical_index("As Ks", (2,)), int)
    assert hr.canonical_index([51, 47], (2,)) == hr.canonical_index("As Ks", 2)
    assert hr.canonical_index(["As Ks", "Ah Kh"], (2,)).tolist() == [
        hr.canonical_index("Ad Kd", (2,))] * 2
    one = hr.canonical_hand(5, (2, 3))
    assert one.shape == (5,) and one.dtype == np.uint8
    hands = hr.deal(100_000, 7, seed=9)
    assert (hr.canonical_index(hands, threads=1) == hr.canonical_index(hands, threads=2)).all()
    idx = hr.canonical_index(hands)
    assert (hr.canonical_hand(idx, threads=1) == hr.canonical_hand(idx, threads=2)).all()
    assert hr.canonical_index(np.zeros((0, 7), np.uint8)).shape == (0,)
    assert hr.canonical_hand(np.zeros(0, np.int64)).shape == (0, 7)
    assert (hr.canonical_index(hands.astype(np.int64)) == idx).all()
    assert (hr.canonical_index(np.asfortranarray(hands)) == idx).all()


def test_index_errors_say_what_to_fix():
    cases = [
        (lambda: hr.canonical_index("As Ks"),
         r"rounds \(2, 3, 1, 1\) need 7 cards; got 2 \(to index the first 2 cards pass "
         r"rounds=\(2,\)\)"),
        (lambda: hr.canonical_index(np.zeros((3, 4), np.uint8), (2, 3)),
         r"rounds \(2, 3\) need 5 cards per row; got 4"),
        (lambda: hr.canonical_index("As As", (2,)), "card As appears twice"),
        (lambda: hr.canonical_index(np.array([[1, 2], [3, 3]]), (2,)),
         "row 1: card 2s appears twice"),
        (lambda: hr.canonical_index([51, 52], (2,)), "joker; an index needs cards 0..51"),
        (lambda: hr.canonical_index([51, 60], (2,)), "card code 60 at position 1 is out of range"),
        (lambda: hr.canonical_index([[1.0, 2.0]], (2,)), "integer codes 0..53 or text"),
        (lambda: hr.canonical_index("As Ks", ()), "rounds must be a tuple"),
        (lambda: hr.canonical_index("As Ks", "2"), "rounds must be a tuple"),
        (lambda: hr.canonical_index("As Ks", (2, 0)), r"rounds\[1\] must be a positive"),
        (lambda: hr.canonical_index("As Ks", (1,) * 9), "at most 8 rounds"),
        (lambda: hr.canonical_size((30, 30)), "deal 60 cards; the deck has 52"),
        (lambda: hr.canonical_size((13, 13, 13)), "too large for a canonical index"),
        (lambda: hr.canonical_hand(169, (2,)), r"index 169 is outside 0..168"),
        (lambda: hr.canonical_hand([0, -1], (2,)), "row 1: index -1 is outside"),
        (lambda: hr.canonical_hand(np.array([0, 2**63], dtype=np.uint64), (2,)), "row 1: index"),
        (lambda: hr.canonical_hand(1.5, (2,)), "index must be an integer"),
        (lambda: hr.canonical_hand(True, (2,)), "index must be an integer"),
        (lambda: hr.canonical_hand([[1]], (2,)), "index must be an integer"),
        (lambda: hr.canonical_index("As Ks", (2,), threads=0), "threads must be"),
    ]
    for call, message in cases:
        with pytest.raises(hr.HandError, match=message):
            call()


def test_long_batches_return_to_python_between_slices(monkeypatch):
    from handrank.solver import _index
    hands = hr.deal(200_000, 7, seed=3)
    want = hr.canonical_index(hands)
    reps = hr.canonical_hand(want)
    monkeypatch.setattr(_index, "_FIRST_INDEX_CARDS", 7 * 1000)
    ix = _index._indexer((2, 3, 1, 1))
    calls = []

    class Counting:
        size = ix.size

        def index(self, *a):
            calls.append("index")
            return ix.index(*a)

        def hands(self, *a):
            calls.append("hands")
            return ix.hands(*a)

    monkeypatch.setattr(_index, "_indexer", lambda r: Counting())
    assert (hr.canonical_index(hands) == want).all()
    assert (hr.canonical_hand(want) == reps).all()
    assert calls.count("index") > 2 and calls.count("hands") > 2
    bad = hands.copy()
    bad[150_000, 6] = bad[150_000, 0]
    with pytest.raises(hr.HandError, match="row 150000: card .* appears twice"):
        hr.canonical_index(bad)


# ------------------------------------------------------- arbitrary input

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from hypothesis.extra import numpy as hnp  # noqa: E402

ANY_ARRAY = hnp.arrays(dtype=st.one_of(hnp.integer_dtypes(), hnp.unsigned_integer_dtypes(),
                                       hnp.floating_dtypes(), st.just(np.dtype(bool))),
                       shape=hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=8))
ROUNDS = st.one_of(st.lists(st.integers(-1, 14), max_size=9), st.integers(-3, 60),
                   st.sampled_from([(2,), (2, 3), (1, 1), (3,)]), st.text(max_size=4))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cards=st.one_of(ANY_ARRAY, st.text(max_size=20)), index=ANY_ARRAY, rounds=ROUNDS)
def test_arbitrary_index_arguments_raise_only_handerror(cards, index, rounds):
    before = cards.copy() if isinstance(cards, np.ndarray) else cards
    for fn in (lambda: hr.canonical_index(cards, rounds), lambda: hr.canonical_hand(index, rounds),
               lambda: hr.canonical_size(rounds)):
        try:
            fn()
        except (hr.HandError, TypeError):
            pass
    if isinstance(cards, np.ndarray):
        assert np.array_equal(cards, before, equal_nan=cards.dtype.kind == "f")
