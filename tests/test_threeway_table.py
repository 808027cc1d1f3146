"""The shipped three-way preflop table (issue 25, item 4) read through
hr.preflop_threeway: its cells against a fresh count by the kernel and
against hr.equity of the classes as ranges, the seats in any order, and
every error."""
from __future__ import annotations

import numpy as np
import pytest

import handrank as hr
from handrank.tables import _threeway
from handrank.ranges._classes import HAND_CLASSES


def test_cells_equal_a_fresh_count_of_the_kernel():
    rng = np.random.default_rng(25)
    picks = rng.integers(0, len(HAND_CLASSES), size=(40, 3))
    counts = _threeway.triple_counts(np.sort(picks, axis=1))
    fresh = _threeway.shares(counts)
    for (a, b, c), row, want in zip(picks.tolist(), np.sort(picks, axis=1).tolist(), fresh):
        names = [HAND_CLASSES[i] for i in (a, b, c)]
        if np.isnan(want).any():
            with pytest.raises(hr.HandError, match="no deal seats"):
                hr.preflop_threeway(*names)
            continue
        got = hr.preflop_threeway(*names)
        # fresh is in sorted-seat order; map it back to the seats as given
        order = np.argsort([a, b, c], kind="stable")
        back = np.empty(3)
        back[order] = want
        assert np.allclose(got, back, rtol=0, atol=1e-15), (names, got, back)
        assert sum(got) == pytest.approx(1.0, abs=1e-12)


def test_a_cell_equals_exact_equity_of_the_classes_as_ranges():
    names = ("AKs", "QQ", "72s")
    want = hr.equity("holdem", list(names)).equity
    assert np.allclose(hr.preflop_threeway(*names), want, rtol=0, atol=1e-12)


def test_the_seats_in_any_order():
    base = hr.preflop_threeway("AA", "KK", "QQ")
    assert base[0] > base[1] > base[2]
    assert hr.preflop_threeway("QQ", "AA", "KK") == (base[2], base[0], base[1])
    two = hr.preflop_threeway("AKo", "AKo", "22")
    assert two[0] == two[1]


def test_the_table_is_whole():
    matchups, won6 = _threeway._shipped()
    assert matchups.shape == (_threeway.TRIPLES,) and won6.shape == (_threeway.TRIPLES, 3)
    assert (won6 >= 0).all()
    assert (won6.sum(axis=1) == 6 * _threeway.BOARDS * matchups).all()
    t = _threeway.triple_index(0, 0, 0)                       # AA, AA, AA: no deal
    assert HAND_CLASSES[0] == "AA" and matchups[t] == 0
    # a triple is empty exactly when it needs more than four cards of a rank
    rows = _threeway.class_rows()[_threeway.triple_rows()]           # (T, 3, 3)
    need = np.zeros((_threeway.TRIPLES, 13), dtype=np.int64)
    for seat in range(3):
        for col in (0, 1):
            np.add.at(need, (np.arange(_threeway.TRIPLES), rows[:, seat, col]), 1)
    assert np.array_equal(matchups == 0, (need > 4).any(axis=1))
    assert (matchups == 0).sum() == 13 + 13 * 24              # XX XX XX; XX XX X-other


@pytest.mark.parametrize("args, words", [
    (("AA", "AA", "AA"), "no deal seats 'AA', 'AA' and 'AA'"),
    (("AKx", "QQ", "JJ"), "seat 0: a starting-hand class"),
    (("AA", "Ah Kh", "JJ"), "seat 1: a starting-hand class"),
    (("AA", "KK", 7), "seat 2: a starting-hand class"),
    (("AA", "KK", None), "seat 2: a starting-hand class"),
])
def test_errors(args, words):
    with pytest.raises(hr.HandError, match=words):
        hr.preflop_threeway(*args)


def test_a_missing_table_is_an_install_fault(monkeypatch):
    monkeypatch.setattr(_threeway, "DATA_FILE", "no-such-threeway.npz")
    _threeway._shipped.cache_clear()
    try:
        with pytest.raises(RuntimeError, match="no-such-threeway.npz is missing or damaged"):
            hr.preflop_threeway("AA", "KK", "QQ")
    finally:
        monkeypatch.undo()
        _threeway._shipped.cache_clear()
