"""The command line's text as a person reads it: the range grid labels its
rows and columns with the ranks, the showdown table keeps its shares in one
column (double boards included), and the help says how many cards a hand
takes under the rule sets that take fewer than five."""
from __future__ import annotations

import re

from handrank.cli import build_parser, main

RANKS = "AKQJT98765432"


def test_range_grid_has_rank_headers(capsys):
    assert main(["range", "QQ+, AKs"]) == 0
    lines = capsys.readouterr().out.splitlines()
    header, rows = lines[1], lines[2:15]
    assert header.split() == list(RANKS)
    assert [row[0] for row in rows] == list(RANKS)
    # each label stands over its column: the pairs on the diagonal
    assert rows[0][header.index("A"):].startswith("AA")
    assert rows[0][header.index("K"):].startswith("AKs")
    assert rows[2][header.index("Q"):].startswith("QQ")


def test_grid_text_keeps_its_plain_form():
    import handrank as hr
    plain = hr.grid_text("QQ+", color=False)
    assert plain.splitlines()[0].startswith("AA  ")
    labelled = hr.grid_text("QQ+", color=False, ranks=True)
    assert labelled.splitlines()[1] == "A  " + plain.splitlines()[0]


def test_double_board_shares_line_up(capsys):
    assert main(["showdown", "-g", "holdem-double-board", "AhKh", "QdQc", "7s7c",
                 "-b", "2h 7d Jc 3s 4s | Ac Kc 9h 8d 2d"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if "player" in line]
    assert len(rows) == 3
    columns = {line.index(" share ") for line in rows}
    assert len(columns) == 1, rows
    assert [line.split()[-1] for line in rows] == ["0.5", "0", "0.5"]


def test_single_board_shares_line_up(capsys):
    assert main(["showdown", "-g", "omaha8", "Ah2h3s4d", "KsKd9c9h",
                 "-b", "5h6h7c Jd Qs"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if "player" in line]
    assert len({line.index(" share ") for line in rows}) == 1


def test_eval_help_says_how_many_cards():
    sub = build_parser()._subparsers._group_actions[0].choices["eval"]
    text = re.sub(r"\s+", " ", sub.format_help())
    assert "5..9" not in text
    assert "3 under three-card" in text and "4 to 9 under badugi" in text
    assert "1 to 9 under the *-partial rules" in text
