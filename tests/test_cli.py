"""The handrank command."""
from __future__ import annotations

import subprocess
import sys

import pytest

from handrank.cli import main


def test_eval_prints_strength_category_name(capsys):
    assert main(["As Ks Qs Js Ts"]) == 0
    assert capsys.readouterr().out.strip() == "As Ks Qs Js Ts: strength 7461, ROYAL_FLUSH, Royal flush"
    assert main(["eval", "--rules", "razz", "5h 4d 3c 2s Ad"]) == 0
    assert "6174, HIGH_CARD, Five-four low" in capsys.readouterr().out


def test_wild_option(capsys):
    assert main(["eval", "--wild", "bug", "As Ad Ac Ah Jk"]) == 0
    assert "7474, FIVE_OF_A_KIND, Five of a kind, aces" in capsys.readouterr().out
    assert main(["As Ad Ac Ah Jk"]) == 2
    assert "wild setting" in capsys.readouterr().err


def test_bad_hand_is_an_error_message(capsys):
    assert main(["As As Ks Qs Js"]) == 2
    assert "appears twice" in capsys.readouterr().err
    assert main(["eval", "--rules", "nope", "As Ks Qs Js Ts"]) == 2
    assert "unknown rules" in capsys.readouterr().err


def test_demo_small(capsys):
    assert main(["demo", "--hands", "20000", "--threads", "1"]) == 0
    out = capsys.readouterr().out
    assert "Royal flush" in out and "Five-four low" in out and "hands/s" in out


def test_showdown_command(capsys):
    assert main(["showdown", "--game", "omaha8", "Ah2h3s4d", "KsKd9c9h",
                 "--board", "5h6h7c Jd Qs"]) == 0
    out = capsys.readouterr().out
    assert "high: Seven-high straight; low: Seven-six low" in out
    assert "high: One pair, kings; low: No low" in out     # exactly two hole cards
    assert "share 1" in out and "share 0" in out
    assert main(["showdown", "As Ks", "Qd Qc", "--board", "Ah 7d Jc Ts 3s"]) == 0
    assert "One pair, aces" in capsys.readouterr().out
    assert main(["showdown", "--game", "nope", "As Ks"]) == 2


def test_equity_command(capsys):
    assert main(["equity", "AsKs", "QdQc", "--board", "2h7dJc"]) == 0
    out = capsys.readouterr().out
    assert "990 deals (exact)" in out and "24.747%" in out and "75.253%" in out
    assert main(["equity", "AhAd", "??", "--trials", "100000", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "Monte Carlo, seed 5" in out and "?? ??" in out
    assert main(["equity", "AsKs", "??", "??"]) == 2
    assert "trials=" in capsys.readouterr().err


@pytest.mark.parametrize("cmd", [[], ["--help"], ["eval", "--help"], ["demo", "--help"],
                                 ["showdown", "--help"], ["equity", "--help"]])
def test_help(cmd):
    r = subprocess.run([sys.executable, "-m", "handrank", *cmd], capture_output=True, text=True)
    assert r.returncode == 0 and "usage: handrank" in r.stdout
