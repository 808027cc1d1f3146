"""The command line: --json on eval, showdown and equity (parsed back), the
implied eval with options first, and one-line errors for huge values."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

import handrank as hr
from handrank.cli import main


def _json(capsys, argv):
    assert main(argv) == 0
    out = capsys.readouterr().out
    return json.loads(out)           # exactly one document: json.loads refuses trailing text


def test_eval_json(capsys):
    doc = _json(capsys, ["eval", "--json", "-r", "razz", "5h4d3c2sAd", "Kh Kd 7c 6s 2d"])
    assert doc == {"rules": "ace-to-five", "wild": None, "hands": [
        {"hand": "5h 4d 3c 2s Ad", "strength": 6174, "category": "HIGH_CARD",
         "label": "no pair", "name": "Five-four low"},
        {"hand": "Kh Kd 7c 6s 2d", "strength": hr.evaluate("Kh Kd 7c 6s 2d", "razz"),
         "category": "ONE_PAIR", "label": "one pair", "name": "One pair, kings"}]}
    doc = _json(capsys, ["--json", "-r", "8-or-better", "9h 7d 6c 5s 3d"])      # implied eval
    assert doc["hands"][0] == {"hand": "9h 7d 6c 5s 3d", "strength": -1, "category": None,
                               "label": "no low", "name": "No low"}
    doc = _json(capsys, ["eval", "--json", "--wild", "bug", "As Ad Ac Ah Jk"])
    assert doc["wild"] == "bug" and doc["hands"][0]["category"] == "FIVE_OF_A_KIND"
    assert doc["hands"][0]["label"] == "five of a kind"


def test_showdown_json(capsys):
    doc = _json(capsys, ["showdown", "--json", "--game", "omaha8", "Ah2h3s4d", "KsKd9c9h",
                         "--board", "5h6h7c Jd Qs"])
    assert doc["game"] == "omaha8" and doc["board"] == "5h 6h 7c Jd Qs"
    p1, p2 = doc["players"]
    h1 = p1["halves"]
    assert p1 == {"hand": "Ah 2h 3s 4d", "halves": {
                  "high": {"rules": "high", "strength": h1["high"]["strength"],
                           "category": "STRAIGHT", "label": "straight",
                           "name": "Seven-high straight"},
                  "low": {"rules": "ace-to-five-8", "strength": h1["low"]["strength"],
                          "category": "HIGH_CARD", "label": "no pair",
                          "name": "Seven-six low"}},
                  "share": 1.0}
    assert p2["halves"]["low"] == {"rules": "ace-to-five-8", "strength": -1, "category": None,
                                   "label": "no low", "name": "No low"}
    assert p2["share"] == 0.0
    doc = _json(capsys, ["showdown", "--json", "-g", "razz", "As Kd 2c 3d 4h 5s 6s",
                         "7c 7d 8h 8s Tc Jc Qc"])
    assert doc["board"] == "" and [p["share"] for p in doc["players"]] == [1.0, 0.0]
    assert all(p["halves"]["high"] is None for p in doc["players"])
    doc = _json(capsys, ["showdown", "--json", "As Ks", "Ad Kd", "--board", "2h 7d Jc 9s 3s"])
    assert [p["share"] for p in doc["players"]] == [0.5, 0.5]
    assert doc["players"][0]["halves"]["low"] is None


@pytest.mark.parametrize("taken", ["hand", "share", "halves"])
def test_showdown_json_keeps_a_half_named_like_a_field(capsys, taken):
    """A half may be called "hand" or "share": under their own key the
    halves lose nothing (issue 35)."""
    g = hr.register_game(hr.Game(f"json-{taken}", hole=2, board=5, select="any",
                                 halves=(hr.Half("high", name=taken),
                                         hr.Half("ace-to-five", name="low"))),
                         replace=True)
    doc = _json(capsys, ["showdown", "--json", "-g", g.name, "As Ks", "2c 3d",
                         "--board", "4h 5s 9c Jd Qh"])
    p = doc["players"][0]
    assert p["hand"] == "As Ks" and isinstance(p["share"], float)
    assert set(p["halves"]) == {taken, "low"}
    assert p["halves"][taken]["rules"] == "high"
    assert p["halves"][taken]["strength"] == hr.evaluate("As Ks 4h 5s 9c Jd Qh")
    assert abs(sum(q["share"] for q in doc["players"]) - 1) < 1e-12


def test_equity_json(capsys):
    doc = _json(capsys, ["equity", "--json", "AsKs", "QdQc", "--board", "2h7dJc"])
    seconds = doc.pop("seconds")
    assert isinstance(seconds, float) and seconds >= 0
    assert doc == {"game": "holdem", "board": "2h 7d Jc", "dead": "", "exact": True,
                   "seed": None, "trials": None, "deals": 990, "players": [
                       {"hand": "As Ks", "equity": 245 / 990, "stderr": 0.0, "wins": 245,
                        "ties": 0},
                       {"hand": "Qd Qc", "equity": 745 / 990, "stderr": 0.0, "wins": 745,
                        "ties": 0}]}
    doc = _json(capsys, ["equity", "--json", "AhAd", "??", "QQ+, AKs", "-n", "20000",
                         "--seed", "5", "--dead", "2c", "--no-progress"])
    assert (doc["exact"], doc["seed"], doc["trials"], doc["deals"], doc["dead"]) == \
        (False, 5, 20000, 20000, "2c")
    assert [p["hand"] for p in doc["players"]] == ["Ah Ad", "?? ??", "QQ+, AKs"]
    assert abs(sum(p["equity"] for p in doc["players"]) - 1) < 1e-9
    assert all(p["stderr"] > 0 for p in doc["players"])
    again = _json(capsys, ["equity", "--json", "AhAd", "??", "QQ+, AKs", "-n", "20000",
                           "--seed", "5", "--dead", "2c"])
    assert [p["wins"] for p in again["players"]] == [p["wins"] for p in doc["players"]]
    fresh = _json(capsys, ["equity", "--json", "AhAd", "??", "-n", "1000"])   # a drawn seed
    assert type(fresh["seed"]) is int and fresh["seed"] >= 0
    replay = _json(capsys, ["equity", "--json", "AhAd", "??", "-n", "1000", "--seed",
                            str(fresh["seed"])])
    assert replay["players"] == fresh["players"]
    weighted = _json(capsys, ["equity", "--json", "AhAd", "QQ+:0.5, AKs", "-n", "1000",
                              "--seed", "1"])
    assert all(isinstance(p["wins"], float) for p in weighted["players"])


def test_json_errors_write_nothing_to_stdout(capsys):
    assert main(["eval", "--json", "As As Ks Qs Js"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("handrank: error: ") and err.count("\n") == 1
    assert main(["equity", "--json", "AsKs", "??", "??"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "pass -n 1000000 (or more)" in err


@pytest.mark.parametrize("argv", [["-r", "razz", "5h 4d 3c 2s Ad"],
                                  ["--rules", "razz", "5h 4d 3c 2s Ad"],
                                  ["5h 4d 3c 2s Ad", "-r", "razz"],
                                  ["-r", "razz", "--", "5h 4d 3c 2s Ad"],
                                  ["eval", "-r", "razz", "--", "5h 4d 3c 2s Ad"]])
def test_implied_eval_with_options_first(capsys, argv):
    assert main(argv) == 0
    assert capsys.readouterr().out == "5h 4d 3c 2s Ad: strength 6174, no pair, Five-four low\n"


def test_double_dash_and_top_level_options(capsys):
    assert main(["--", "As Ks Qs Js Ts"]) == 0
    assert capsys.readouterr().out == "As Ks Qs Js Ts: strength 7461, royal flush, Royal flush\n"
    assert main(["--", "As Ks Qs Js Ts", "-r"]) == 2        # after --, "-r" is a hand
    assert "cannot read card '-r'" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0 and capsys.readouterr().out.startswith("handrank ")
    with pytest.raises(SystemExit) as e:
        main(["-h"])
    assert e.value.code == 0 and "COMMAND" in capsys.readouterr().out
    assert main(["demo", "--hands", "0"]) == 0               # commands are still commands
    assert "Royal flush" in capsys.readouterr().out


def test_the_console_script_takes_options_first():
    r = subprocess.run([sys.executable, "-m", "handrank", "-r", "2-7", "--json", "7s5c4d3d2c"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["hands"][0]["name"] == "Seven-five low"


@pytest.mark.parametrize("argv,msg", [
    (["equity", "AsKs", "??", "--trials", str(2**62 + 1)], "handrank: error: trials must be"),
    (["eval", "-r", "x" * 10**4, "As Ks Qs Js Ts"], "handrank: error: unknown rules 'xxx"),
])
def test_huge_values_are_one_line_errors(capsys, argv, msg):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(msg) and err.count("\n") == 1
    assert len(err) < 1000


def test_huge_values_in_argparse_types(capsys):
    with pytest.raises(SystemExit):
        main(["demo", "--hands", str(10**30)])
    assert capsys.readouterr().err == (
        f"handrank: error: argument --hands/-n: must be at most 1,099,511,627,776 "
        f"(2**40); got {10**30:,} (see 'handrank demo --help')\n")
    for argv in (["demo", "--cards", str(10**30)], ["demo", "--hands", "-5"],
                 ["equity", "AsKs", "??", "--trials", str(10**40)]):
        with pytest.raises(SystemExit) as e:
            main(argv)
        assert e.value.code == 2
        err = capsys.readouterr().err
        assert "Traceback" not in err and err.startswith("handrank: error: ")
        assert err.count("\n") == 1


def test_json_and_grid_do_not_mix(capsys):
    assert main(["equity", "--json", "--grid", "AhKh", "QQ+", "--board", "Qh7d2c"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == ("handrank: error: --json is not available with --grid; leave "
                                 "out one of them\n")


def test_double_board_equity_json_lists_both_boards(capsys):
    """A double-board game's board in equity --json is a list of the two,
    as in showdown --json (issue 21)."""
    doc = _json(capsys, ["equity", "--json", "AhKh", "QQ", "--game", "holdem-double-board",
                         "--board", "2c3d4h9s|5c6d7h8c"])
    assert doc["board"] == ["2c 3d 4h 9s", "5c 6d 7h 8c"]
    doc = _json(capsys, ["equity", "--json", "AhKh", "QQ", "--game", "holdem-double-board",
                         "--board", "2c3d4h9s|", "-n", "1000", "--seed", "1"])
    assert doc["board"] == ["2c 3d 4h 9s", ""]
    doc = _json(capsys, ["equity", "--json", "AhKh", "QQ", "--board", "2c3d4h9s"])
    assert doc["board"] == "2c 3d 4h 9s"
