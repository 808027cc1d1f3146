"""Pictures: the terminal grid, the HTML grid, the matplotlib figure (read
back from a PNG), the hand-vs-range equity grid and the CLI commands."""
from __future__ import annotations

import io
import re
import subprocess
import sys
from html.parser import HTMLParser

import numpy as np
import pytest

import handrank as hr
from handrank.cli import main

ANSI = re.compile(r"\x1b\[[0-9;]*m")


# ------------------------------------------------------------------ terminal

def test_plain_grid_text():
    text = hr.grid_text("QQ+, AKs, 0.5(JJ), AhQd", color=False)
    lines = text.splitlines()
    assert len(lines) == 14 and "\x1b" not in text
    rows = [line.split() for line in lines[:13]]
    assert all(len(r) == 13 for r in rows)
    assert rows[0][:3] == ["AA", "AKs", "."] and rows[1][1] == "KK"
    assert rows[3][3] == "JJ*" and rows[2][0] == "AQo*"
    assert sum(cell != "." for r in rows for cell in r) == 6
    assert lines[13] == "* partly in the range: AQo 8.33%, JJ 50%"
    for i in range(13):
        for j in range(13):
            if rows[i][j] != ".":
                assert rows[i][j].rstrip("*") == hr.GRID_CLASSES[i, j]


def test_coloured_grid_text():
    text = hr.grid_text("QQ+, 0.5(AKs)", color=True)
    first = text.splitlines()[0]
    assert first.startswith("\x1b[48;2;46;160;67m")                 # AA: full green
    assert "\x1b[48;2;%d;%d;%dm" % hr.shade(0.5) in first            # AKs at half weight
    assert "\x1b[2mAQs" in first                                      # out of range: dim
    plain = ANSI.sub("", text).splitlines()
    assert [c for c in plain[0].split()][:3] == ["AA", "AKs*", "AQs"]   # labels all kept


def test_use_color(monkeypatch):
    class Tty(io.StringIO):
        def isatty(self):
            return True
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert hr.use_color(Tty()) and not hr.use_color(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not hr.use_color(Tty())
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert hr.use_color(io.StringIO())
    monkeypatch.setenv("FORCE_COLOR", "0")
    assert not hr.use_color(Tty())


def test_colours():
    assert hr.shade(0) == (255, 255, 255) and hr.shade(1) == (46, 160, 67)
    assert hr.shade(2) == hr.shade(1) and hr.shade(-1) == hr.shade(0)
    assert hr.heat(0) == (215, 48, 39) and hr.heat(1) == (26, 152, 80)
    assert hr.heat(0.5) == (255, 255, 191) and hr.heat(float("nan")) == (235, 235, 235)
    reds = [hr.heat(e / 10)[0] for e in range(6)]
    assert reds == sorted(reds)                        # red to yellow: red channel rises


# ------------------------------------------------------------------ HTML

class Cells(HTMLParser):
    def __init__(self):
        super().__init__()
        self.cells, self.caption, self._in = [], "", None

    def handle_starttag(self, tag, attrs):
        self._in = tag
        if tag == "td":
            self.cells.append([dict(attrs), ""])

    def handle_data(self, data):
        if self._in == "td":
            self.cells[-1][1] += data
        elif self._in == "caption":
            self.caption += data

    def handle_endtag(self, tag):
        self._in = None


def test_range_html():
    r = hr.Range("QQ+, AKs, 0.5(AKo)")
    p = Cells()
    p.feed(r._repr_html_())
    assert len(p.cells) == 169
    labels = [text for _, text in p.cells]
    assert labels == hr.GRID_CLASSES.ravel().tolist()                 # row by row
    style = {text: attrs["style"] for attrs, text in p.cells}
    bg = {k: re.search(r"background:(#[0-9a-f]{6})", v).group(1) for k, v in style.items()}
    assert bg["AA"] == bg["AKs"] == "#2ea043"                          # shade(1)
    assert bg["AKo"] == "#%02x%02x%02x" % hr.shade(0.5)
    assert bg["72o"] == "#ffffff"
    titles = {text: attrs["title"] for attrs, text in p.cells}
    assert titles["AKo"] == "AKo: 50%" and titles["QQ"] == "QQ: 100%"
    assert "QQ+, AKs, 0.5(AKo): 34 hands (2.56% of 1,326)" in p.caption


def test_html_escapes_the_text():
    html = hr.Range("AA").__class__("AA")._repr_html_()
    assert "<caption" in html
    r = hr.Range("AA")
    r.text = "<b>AA</b>"
    assert "<b>AA" not in r._repr_html_() and "&lt;b&gt;AA" in r._repr_html_()


def test_omaha_html_is_its_repr():
    assert "Range(" in hr.Range("AhKhQdJd", cards=4)._repr_html_()


def test_cards_html():
    html = hr.cards_html("Ah Kd Qc Js")
    assert html.count('<span style="color') == 4
    assert 'title="Ah"' in html and "#c62828" in html and "&#9829;" in html


# ------------------------------------------------------------------ matplotlib

def _render(ax):
    fig = ax.figure
    fig.canvas.draw()
    img = np.asarray(fig.canvas.buffer_rgba())[:, :, :3]
    height = img.shape[0]

    def pixel(i, j):
        # the centre of cell (i, j) is data point (j, i); nudge off the label text
        x, y = ax.transData.transform((j - 0.35, i - 0.35))
        return tuple(int(v) for v in img[int(round(height - y)), int(round(x))])
    return pixel


def test_range_plot_png(tmp_path):
    mpl = pytest.importorskip("matplotlib")
    mpl.use("Agg")
    import matplotlib.pyplot as plt
    r = hr.Range("QQ+, AKs, 0.5(AKo), 0.25(T9s)")
    ax = r.plot()
    try:
        pixel = _render(ax)
        assert pixel(0, 0) == hr.shade(1) and pixel(0, 1) == hr.shade(1)
        assert pixel(1, 0) == hr.shade(0.5) and pixel(4, 5) == hr.shade(0.25)
        assert pixel(12, 12) == (255, 255, 255) and pixel(6, 2) == (255, 255, 255)
        texts = {t.get_text(): t for t in ax.texts}
        assert len(ax.texts) == 169 and set(texts) == set(hr.HAND_CLASSES)
        assert texts["AKs"].get_position() == (1, 0) and texts["AKo"].get_position() == (0, 1)
        assert ax.get_title() == "QQ+, AKs, 0.5(AKo), 0.25(T9s)"
        assert [t.get_text() for t in ax.get_xticklabels()] == list("AKQJT98765432")
        out = tmp_path / "range.png"
        ax.figure.savefig(out)
        assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        back = plt.imread(out)
        assert back.ndim == 3 and back.shape[0] > 300
    finally:
        plt.close(ax.figure)


def test_plot_on_given_axes():
    mpl = pytest.importorskip("matplotlib")
    mpl.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, 2)
    try:
        ax = hr.Range("22+").plot(ax=axes[1], title="pairs", labels=False)
        assert ax is axes[1] and ax.get_title() == "pairs" and not ax.texts
        assert not axes[0].images
    finally:
        plt.close(fig)


def test_equity_plot_png():
    mpl = pytest.importorskip("matplotlib")
    mpl.use("Agg")
    import matplotlib.pyplot as plt
    g = hr.equity_grid("Ah Kh", "QQ+, AKs", board="Qh 7d 2c")
    ax = g.plot()
    try:
        pixel = _render(ax)
        assert pixel(0, 0) == hr.heat(g.equity[0, 0])
        assert pixel(2, 2) == hr.heat(g.equity[2, 2])
        assert pixel(5, 5) == hr.heat(float("nan"))
        labels = [t.get_text() for t in ax.texts]
        assert f"AKs\n{100 * g.equity[0, 1]:.1f}" in labels and "72o" in labels
    finally:
        plt.close(ax.figure)


def test_plot_without_matplotlib(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(ImportError, match=r"pip install matplotlib .*pip install '\.\[plot\]'"):
        hr.Range("QQ+").plot()


def test_import_does_not_load_matplotlib():
    code = "import sys, handrank; print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "False"


# ------------------------------------------------------------------ equity grid

def test_equity_grid_exact_cells_are_equity_per_class():
    g = hr.equity_grid("Ah Kh", "QQ+, AKs, 0.5(T9s-65s)", board="Qh 7d 2c")
    assert g.exact and g.trials is None
    live = hr.Range("QQ+, AKs, 0.5(T9s-65s)").without("Ah Kh Qh 7d 2c")
    for name in ("AA", "KK", "QQ", "AKs", "T9s", "65s"):
        want = hr.equity("holdem", ["Ah Kh", hr.Range(name).without("Ah Kh Qh 7d 2c")],
                         board="Qh 7d 2c").equity[0]
        i, j = np.argwhere(hr.GRID_CLASSES == name)[0]
        assert g.equity[i, j] == pytest.approx(want, abs=1e-12)
    assert np.isnan(g.equity).sum() == 169 - 9
    assert g.weight[0, 0] == 3 and g.weight[4, 5] == 2.0       # AhAx gone; 4 T9s at 0.5
    whole = hr.equity("holdem", ["Ah Kh", live], board="Qh 7d 2c").equity[0]
    assert g.overall == pytest.approx(whole, abs=1e-12)          # same deals per hand


@pytest.fixture
def ahkh_table(monkeypatch, tmp_path):
    """The hands table for this test: the part Ah Kh against anything needs."""
    import os
    from handrank.tables import _preflop_hands as ph
    monkeypatch.setenv("HANDRANK_CACHE", str(tmp_path))
    part = hr.preflop_hands_part("AhKh", "random")
    monkeypatch.setattr(ph, "_last", (os.path.abspath(ph.hands_cache_path()), part))


def test_equity_grid_preflop_reads_the_hands_table(ahkh_table):
    a = hr.equity_grid("Ah Kh", "JJ+, AQs")
    assert a.exact and a.trials is None and a.seed is None
    assert a.equity[0, 0] == pytest.approx(hr.equity("holdem", ["Ah Kh", "AA"]).equity[0],
                                           abs=1e-12)                 # AKs vs AA, exact
    live = hr.Range("JJ+, AQs").without("Ah Kh")
    whole = hr.equity("holdem", ["Ah Kh", live]).equity[0]
    assert a.overall == pytest.approx(whole, abs=1e-12)
    c = hr.equity_grid("Ah Kh", "JJ+, AQs", trials=5000, seed=3)      # asked: Monte Carlo
    assert not c.exact and c.trials == 5000 and c.seed == 3
    assert c.equity[0, 0] == pytest.approx(a.equity[0, 0], abs=0.03)


def test_equity_grid_text_and_html():
    g = hr.equity_grid("Ah Kh", "QQ+, AKs", board="Qh 7d 2c")
    text = g.to_text(color=False)
    lines = text.splitlines()
    assert lines[0] == "Ah Kh vs QQ+, AKs, board Qh 7d 2c (holdem): 4 classes, exact"
    assert lines[1].split() == list("AKQJT98765432")
    assert lines[2].split()[:3] == ["A", f"{100 * g.equity[0, 0]:.1f}",
                                    f"{100 * g.equity[0, 1]:.1f}"]
    assert lines[-1] == (f"overall: {100 * g.overall:.2f}% (cells weighted by the range's "
                         f"live hands)")
    coloured = g.to_text(color=True)
    assert "\x1b[48;2;%d;%d;%dm" % hr.heat(g.equity[0, 1]) in coloured
    assert ANSI.sub("", coloured) == text
    p = Cells()
    p.feed(g._repr_html_())
    assert len(p.cells) == 169
    aks = [attrs for attrs, _ in p.cells if attrs["title"].startswith("AKs")][0]
    assert "#%02x%02x%02x" % hr.heat(g.equity[0, 1]) in aks["style"]


@pytest.mark.parametrize("args,match", [
    (("Ah Kh", "QQ+", "", "", "omaha"), "two hole cards"),
    (("Ah", "QQ+"), "two cards"),
    (("Ah Kh", "AhAd, AhAc", "", ""), "no hand of the range"),
])
def test_equity_grid_errors(args, match):
    with pytest.raises(hr.HandError, match=match):
        hr.equity_grid(*args)


# ------------------------------------------------------------------ CLI

def test_cli_range(capsys, monkeypatch):
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    assert main(["range", "QQ+, AKs, !AhKh"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "QQ+, AKs, !AhKh: 21 hands, 1.58% of 1,326"
    assert lines[1].split() == list("AKQJT98765432")          # the rank headers
    assert lines[2].split()[:3] == ["A", "AA", "AKs*"] and "\x1b" not in out
    assert "* partly in the range: AKs 75%" in out
    assert lines[-1] == "as text: QQ+, AKs, !AhKh"
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert main(["range", "15%", "--dead", "As"]) == 0
    out = capsys.readouterr().out
    assert "\x1b[48;2;" in out and "15% without As" in out
    assert main(["range", "QQ+, T9s-64s"]) == 2
    assert "the gaps differ" in capsys.readouterr().err


def test_cli_equity_grid(capsys, monkeypatch):
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    assert main(["equity", "AhKh", "QQ+, AKs", "--board", "Qh7d2c", "--grid"]) == 0
    out = capsys.readouterr().out
    assert "4 classes, exact" in out and "overall: 20." in out and "\x1b" not in out
    assert main(["equity", "AhKh", "QQ+", "KK", "--grid"]) == 2
    assert "--grid takes two entries" in capsys.readouterr().err


def test_cli_equity_grid_preflop_under_a_few_seconds(capsys, ahkh_table):
    import time
    start = time.perf_counter()
    assert main(["equity", "AhKh", "random", "--grid"]) == 0
    assert time.perf_counter() - start < 20                       # the table read: < 1 s
    out = capsys.readouterr().out
    assert "169 classes, exact" in out
    assert main(["equity", "AhKh", "random", "--grid", "--trials", "2000"]) == 0
    assert "169 classes, Monte Carlo, 2,000 deals a class, seed 1" in capsys.readouterr().out
