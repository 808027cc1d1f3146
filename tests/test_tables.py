"""Properties of the generated tables that the fast path relies on."""
from __future__ import annotations

import ast
import subprocess
import sys

import numpy as np
import pytest

import handrank as hr
from handrank import _core


def multisets(max_cards: int):
    """Count vectors of every multiset of at most max_cards ranks, each <= 4 times."""
    rows = [()]
    for _ in range(13):
        rows = [r + (c,) for r in rows for c in range(5) if sum(r) + c <= max_cards]
    return np.array(rows, dtype=np.int64)


def test_rank_keys_identify_every_multiset_of_seven():
    counts = multisets(7)
    assert len(counts) == 76155
    keys = counts @ np.array(_core.RANK_MULTIPLIERS, dtype=np.int64)
    assert len(np.unique(keys)) == len(keys)
    assert keys.max() < 2**25


def test_class_counts():
    assert [hr.get_rules(r).nclasses for r in ("high", "a5", "a5-8", "2-7", "a6")] == \
        [7475, 6175, 6175, 7462, 7462]
    assert hr.get_rules("a5-8").tables.qualifier_strength == 6175 - 56


@pytest.mark.parametrize("rules", ["high", "a5", "2-7", "a6"])
def test_classes_are_sorted_by_category(rules):
    cats = hr.category(np.arange(hr.get_rules(rules).nclasses), rules)
    if hr.get_rules(rules).low:
        cats = cats[::-1]
    assert np.all(np.diff(cats.astype(int)) >= 0)


def test_import_builds_no_rule_tables():
    """Importing handrank builds no rule set's tables but high's (which
    nearly every call uses): registering the games reads a rule set's hand
    sizes off its definition (hr_hand_sizes), and the tables come on first
    use.  (It once built seven at import, a quarter of the import's 0.4 s.)
    The one exception comes from the rows: a half whose qualifier is given as
    the weakest qualifying hand is checked (valued) when its game is built."""
    code = ("import handrank as hr; "
            "print(repr([rs.name for rs in hr.RULE_SETS if 'tables' in vars(rs)]))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    valued = {h.rule_set.name for g in hr.GAMES for h in g.halves if isinstance(h.qualifier, str)}
    assert set(ast.literal_eval(r.stdout)) <= {"high"} | valued, r.stdout


def test_hand_sizes_agree_with_the_tables():
    for rs in hr.RULE_SETS:
        assert rs.hand_sizes == range(rs.tables.kmin, rs.tables.kmax + 1), rs.name


def test_import_is_fast():
    """A guard against seconds-long work at import (it is about 0.3 s on an
    idle machine, most of it numpy); speed itself is measured in bench/."""
    code = "import time; t = time.perf_counter(); import handrank; print(time.perf_counter() - t)"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert float(r.stdout) < 3.0


def test_aliases():
    for name in ("a5", "razz", "ACE-TO-FIVE"):
        assert hr.get_rules(name).name == "ace-to-five"
    for name in ("8-or-better", "a5-8"):
        assert hr.get_rules(name).name == "ace-to-five-8"
    for name in ("2-7", "27"):
        assert hr.get_rules(name).name == "deuce-to-seven"
    assert hr.get_rules("a6").name == "ace-to-six"
