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


def _argparse_error(capsys, argv):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    return capsys.readouterr().err.strip().splitlines()[-1]


@pytest.mark.parametrize("argv,msg", [
    (["demo", "--hands", "-5"], "handrank demo: error: argument --hands/-n: must be 0 or more; got -5"),
    (["demo", "--threads", "0"], "handrank demo: error: argument --threads/-t: must be a positive integer; got 0"),
    (["demo", "--threads", "two"], "handrank demo: error: argument --threads/-t: must be an integer; got 'two'"),
    (["demo", "--seed", "-1"], "handrank demo: error: argument --seed: must be 0 or more; got -1"),
    (["equity", "AsKs", "??", "--threads", "-1"],
     "handrank equity: error: argument --threads/-t: must be a positive integer; got -1"),
    (["equity", "AsKs", "??", "--trials", "0"],
     "handrank equity: error: argument --trials/-n: must be a positive integer; got 0"),
    (["equity", "AsKs", "??", "--trials", str(10**23)],
     f"handrank equity: error: argument --trials/-n: must be less than 2**63; got {10**23}"),
])
def test_bad_numeric_options_are_argparse_errors(capsys, argv, msg):
    assert _argparse_error(capsys, argv) == msg


def test_huge_thread_counts_are_capped(capsys):
    assert main(["demo", "--hands", "2000", "--threads", "99999999999"]) == 0
    assert "hands/s" in capsys.readouterr().out
    assert main(["equity", "AsKs", "QdQc", "--board", "2h7dJc", "--threads", "99999999999"]) == 0
    assert "990 deals (exact)" in capsys.readouterr().out
    assert main(["equity", "AhAd", "??", "--trials", "2000", "--seed", str(10**30),
                 "--threads", str(2**70)]) == 0
    assert "Monte Carlo" in capsys.readouterr().out


def test_demo_hands_zero_skips_the_batch(capsys):
    assert main(["demo", "--hands", "0"]) == 0
    out = capsys.readouterr().out
    assert "Royal flush" in out and "hands/s" not in out


def test_demo_without_memory_for_the_batch(capsys, monkeypatch):
    import handrank.cli as cli

    def no_memory(n, k, seed):
        raise MemoryError
    monkeypatch.setattr(cli, "deal", no_memory)
    assert main(["demo", "--hands", "99999999999"]) == 2
    assert capsys.readouterr().err == ("handrank: error: not enough memory for 99,999,999,999 "
                                       "hands of 7 cards; pass a smaller --hands\n")


@pytest.mark.parametrize("exc", [OverflowError("Python int too large to convert to C long"),
                                 ValueError("bad value"), __import__("handrank").HandError("bad")])
def test_value_errors_from_arguments_are_one_line(capsys, monkeypatch, exc):
    import handrank.cli as cli

    def boom(args):
        raise exc
    monkeypatch.setattr(cli, "cmd_equity", boom)
    assert main(["equity", "AsKs", "??"]) == 2
    assert capsys.readouterr().err == f"handrank: error: {exc}\n"


def test_ctrl_c_is_one_line(monkeypatch, capsys):
    """Ctrl-C during a command: a short message and exit status 130, no traceback."""
    from handrank import cli

    def interrupted(args):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "cmd_equity", interrupted)
    assert cli.main(["equity", "AsKs", "QdQc"]) == 130
    assert capsys.readouterr().err.strip() == "handrank: interrupted"
