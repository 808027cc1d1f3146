"""Issue 35, items 3, 7, 12, 13 and 18: badeucy's badugi plays the ace high,
custom rule sets are compiled once per definition and never pile up, a
custom RuleSet object works inside a Game or a Half (here and in a worker),
best_five answers for badugi, and a RuleSet that contradicts itself is
refused."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import handrank as hr
import reference as ref

ROOT = Path(__file__).resolve().parent.parent

# ---------------------------------------------------------------- item 3


def test_badeucy_plays_the_ace_high_in_its_badugi_half():
    hands = ["7h 5d 4c 3s 2h", "As 2c 3d 4h Kh"]
    # 7-5-4-3-2 wins the deuce-to-seven half; 5-4-3-2 rainbow is the nut
    # badugi with the ace high, ahead of A-4-3-2
    assert hr.showdown("badeucy", hands).tolist() == [1.0, 0.0]
    assert hr.showdown("badeucy", hands).tolist() == ref.showdown("badeucy", hands)
    # badacey keeps the ace low in both halves: A-4-3-2 is its nut badugi
    assert hr.showdown("badacey", hands).tolist() == [0.5, 0.5]
    g = hr.get_game("badeucy")
    assert [h.rules for h in g.halves] == ["deuce-to-seven", "badugi-ace-high"]
    assert g.half_names == ("deuce-to-seven", "badugi")        # the names results use


def test_ace_high_badugi_order_and_names():
    rs = hr.get_rules("badugi-ace-high")
    best = rs.nclasses - 1
    assert rs.describe(best) == "4-card badugi, 5-4-3-2"
    assert hr.evaluate("As 2c 3d 4h", rs).name == "4-card badugi, A-4-3-2"
    assert hr.evaluate("As 2c 3d 4h", "badugi").name == "4-card badugi, 4-3-2-A"
    # one card: the lowest card alone, the ace now the highest of them
    assert hr.evaluate("As Ks 2s 3s", rs).name == "1-card badugi, 2"
    assert hr.evaluate("As Ks 2s 3s", "badugi").name == "1-card badugi, A"
    assert rs.nclasses == hr.get_rules("badugi").nclasses == ref.n_classes(rs.name)


@pytest.mark.parametrize("k", [4, 5, 6, 9])
def test_ace_high_badugi_matches_the_reference(k):
    rng = np.random.default_rng(35 + k)
    hands = np.array([rng.permutation(52)[:k] for _ in range(300)], dtype=np.uint8)
    got = hr.evaluate(hands, "badugi-ace-high")
    assert got.tolist() == [ref.strength(h.tolist(), "badugi-ace-high") for h in hands]
    assert np.array_equal(hr.evaluate_masks(hr.to_mask(hands), "badugi-ace-high"), got)
    # the ace-low badugi is unchanged
    assert hr.evaluate(hands, "badugi").tolist() == \
        [ref.strength(h.tolist(), "badugi") for h in hands]


def test_games_page_says_which_ace_each_half_plays():
    text = (ROOT / "docs" / "games.rst").read_text(encoding="utf-8")
    assert "badugi-ace-high" in text
    for game, ace in (("badeucy", "high"), ("badacey", "low")):
        assert f"aces {ace} in both halves" in hr.get_game(game).summary
        assert f"aces are {ace} in both halves" in " ".join(text.split())
