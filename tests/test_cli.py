"""The handrank command."""
from __future__ import annotations

import subprocess
import sys

import pytest

from handrank.cli import main


def test_eval_prints_strength_category_name(capsys):
    assert main(["As Ks Qs Js Ts"]) == 0
    assert capsys.readouterr().out.strip() == "As Ks Qs Js Ts: strength 7461, royal flush, Royal flush"
    assert main(["eval", "--rules", "razz", "5h 4d 3c 2s Ad"]) == 0
    assert "6174, no pair, Five-four low" in capsys.readouterr().out


def test_wild_option(capsys):
    assert main(["eval", "--wild", "bug", "As Ad Ac Ah Jk"]) == 0
    assert "7474, five of a kind, Five of a kind, aces" in capsys.readouterr().out
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
    assert "pass -n 1000000 (or more)" in capsys.readouterr().err


@pytest.mark.parametrize("cmd", [[], ["--help"], ["eval", "--help"], ["demo", "--help"],
                                 ["showdown", "--help"], ["equity", "--help"]])
def test_help(cmd):
    r = subprocess.run([sys.executable, "-m", "handrank", *cmd], capture_output=True, text=True)
    assert r.returncode == 0 and "usage: handrank" in r.stdout


def _argparse_error(capsys, argv):
    """An option error: exit status 2 and one line on stderr (no usage)."""
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.endswith("\n") and err.count("\n") == 1, err
    return err.strip()


@pytest.mark.parametrize("argv,msg", [
    (["demo", "--hands", "-5"], "handrank: error: argument --hands/-n: must be 0 or more; got -5 (see 'handrank demo --help')"),
    (["demo", "--threads", "0"], "handrank: error: argument --threads/-t: must be a positive integer; got 0 (see 'handrank demo --help')"),
    (["demo", "--threads", "two"], "handrank: error: argument --threads/-t: must be an integer; got 'two' (see 'handrank demo --help')"),
    (["demo", "--seed", "-1"], "handrank: error: argument --seed: must be 0 or more; got -1 (see 'handrank demo --help')"),
    (["equity", "AsKs", "??", "--threads", "-1"],
     "handrank: error: argument --threads/-t: must be a positive integer; got -1 (see 'handrank equity --help')"),
    (["equity", "AsKs", "??", "--trials", "0"],
     "handrank: error: argument --trials/-n: must be a positive integer; got 0 (see 'handrank equity --help')"),
    (["equity", "AsKs", "??", "--trials", str(10**23)],
     f"handrank: error: argument --trials/-n: must be less than 2**63; got {10**23} (see 'handrank equity --help')"),
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


# ------------------------------------------------------------ issue 21

def _closed_pipe(args, read_first_line=False):
    """Run the command with stdout a pipe that is closed early: at once, or
    after one line.  Returns (exit status, stderr)."""
    p = subprocess.Popen([sys.executable, "-m", "handrank", *args], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    if read_first_line:
        p.stdout.readline()
    p.stdout.close()
    err = p.stderr.read().decode()
    p.stderr.close()
    return p.wait(timeout=60), err


@pytest.mark.parametrize("args", [["--version"], ["demo", "--hands", "0"], ["--help"],
                                  ["equity", "AsKs", "QdQc", "-b", "2h7dJc"],
                                  ["range", "QQ+, AKs"]])
def test_a_closed_pipe_is_no_traceback(args):
    """`handrank ... | head` that stops reading: no BrokenPipeError
    traceback, nothing on stderr, exit status 141 (128 + SIGPIPE)."""
    status, err = _closed_pipe(args)
    # argparse's help swallows the failed write itself (and exits 0)
    assert err == "" and status in ((0, 141) if args == ["--help"] else (141,))


def test_a_pipe_closed_after_one_line_is_no_traceback():
    """More output than a pipe holds (about 200 kB), cut after one line."""
    status, err = _closed_pipe(["eval"] + ["As Ks Qs Js Ts"] * 4000, read_first_line=True)
    assert err == "" and status == 141


@pytest.mark.parametrize("argv, hint", [
    (["range", "--json", "QQ+"], "handrank range --help"),
    (["range"], "handrank range --help"),
    (["equity", "AsKs", "QQ", "--bogus"], "handrank equity --help"),
    (["showdown", "--game"], "handrank showdown --help"),
    (["demo", "--cards", "4"], "handrank demo --help"),
    (["--bogus-top-level-only"], "handrank eval --help"),
])
def test_option_errors_are_one_line_naming_the_command(capsys, argv, hint):
    """An option error is one line, `handrank: error: ...`, pointing at the
    command's own help (range's for `handrank range --json`), never the
    top-level usage."""
    line = _argparse_error(capsys, argv)
    assert line.startswith("handrank: error: ") and line.endswith(f"(see '{hint}')")
    assert "usage:" not in line


def test_players_count_from_zero_in_showdown_and_equity(capsys):
    """Players are numbered from 0, as in every error message and as the
    indexes into the result arrays."""
    assert main(["showdown", "As Ks", "Qd Qc", "--board", "Ah 7d Jc Ts 3s"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("  player 0  As Ks") and out[2].startswith("  player 1  Qd Qc")
    assert main(["equity", "AsKs", "QdQc", "--board", "2h7dJc"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[2].startswith("  player 0  As Ks") and out[3].startswith("  player 1  Qd Qc")
    assert main(["showdown", "As Ks", "Qd", "--board", "Ah 7d Jc Ts 3s"]) == 2
    assert "player 1 has 1" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["equity", "AsKs"], ["equity", "??"],
                                  ["equity", "--json", "AsKs", "-b", "2h7dJc"],
                                  ["equity", "QQ+", "-n", "1000"]])
def test_equity_with_one_player_is_refused(capsys, argv):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("handrank: error: equity needs at least two players")
    assert err.count("\n") == 1


def test_double_board_grid_header_shows_both_boards(capsys):
    assert main(["equity", "--grid", "AhKh", "QQ+", "--game", "holdem-double-board",
                 "--board", "2c3d4h9s|5c6d7h8c"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("Ah Kh vs QQ+, board 2c 3d 4h 9s | 5c 6d 7h 8c (holdem-double-board)")
    assert main(["equity", "AhKh", "QQ", "--game", "holdem-double-board",
                 "--board", "2c3d4h9s|5c6d7h8c"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("holdem-double-board, board 2c 3d 4h 9s | 5c 6d 7h 8c:")


# ---------------------------------------------------- issue 35: the command's words

@pytest.mark.parametrize("argv, says, never", [
    (["equity", "-g", "omaha", "AhAdKsKd", "??"], "pass -n 1000000 (or more)", "trials="),
    (["eval", "As Ks"], "under -r high-partial", "rules="),
    (["eval", "-r", "razz", "As Ks"], "under -r ace-to-five-partial", "rules="),
    (["equity", "AsKs"], "Add '??' for an opponent", "None"),
    (["eval", "-w", "bog", "As Ks Qs Js Ts"], "-w bog: cannot read", "wild="),
    (["eval", "-r", "holdem", "As Ks Qs Js Ts"], "pass that to -r,", "rules="),
])
def test_messages_name_the_flags(capsys, argv, says, never):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert says in err and never not in err, err


def test_cli_message_translates_python_argument_names():
    from handrank.cli import cli_message
    assert cli_message("pass trials=1_000_000 (or more)") == "pass -n 1000000 (or more)"
    assert cli_message("use rules='high-partial'; seed=5") == "use -r high-partial; --seed 5"
    assert cli_message("wild='Js Jh' is") == "-w 'Js Jh' is"
    assert cli_message("Add '??' (or None) for") == "Add '??' for"
    assert cli_message("a rules engine, no_trials=3") == "a rules engine, no_trials=3"


def test_a_bad_entry_names_its_player_once(capsys):
    assert main(["equity", "AsKs", "QdQx"]) == 2
    err = capsys.readouterr().err
    assert err.count("player 1") == 1, err
    assert "As cards: cannot read card 'Qx'" in err and "As a range: " in err


@pytest.mark.parametrize("rules, hand, label", [
    ("razz", "5h 4d 3c 2s Ad", "no pair"),
    ("2-7", "7s 5c 4d 3d 2c", "no pair"),
    ("a6", "6s 4c 3d 2d Ac", "no pair"),
    ("2-7", "7s 7c 4d 3d 2c", "one pair"),
    ("high", "Kh Jd 8c 4h 2s", "high card"),
    ("a5-8", "9h 7d 6c 5s 3d", "no low"),
    ("badugi", "Ah 2d 3s 4c", "4-card badugi"),
])
def test_low_hands_print_a_category_a_player_reads(capsys, rules, hand, label):
    assert main(["-r", rules, hand]) == 0
    out = capsys.readouterr().out
    assert f", {label}, " in out and "HIGH_CARD" not in out, out
