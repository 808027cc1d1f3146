"""Pictures of ranges and hands for people: the 13 x 13 grid in the terminal
(ANSI colours or plain text) and in HTML (Jupyter, ``Range._repr_html_``),
and cards in HTML.  (The hand-vs-range equity grid is
:mod:`handrank.display._equity_grid`; matplotlib figures are :mod:`handrank.display._plot`.)

One set of colours serves the terminal, HTML and :mod:`handrank.display._plot`:
:func:`shade` for a range (white for 0 to green for 1) and :func:`heat` for an
equity (red for 0, pale yellow for 0.5, green for 1).

>>> import handrank as hr
>>> print(hr.grid_text(hr.Range("QQ+, AKs"), color=False).splitlines()[0])
AA  AKs .   .   .   .   .   .   .   .   .   .   .
"""
from __future__ import annotations

import os
from typing import IO, Any

import numpy as np

from ..cards import RANK_CHARS, card_name, parse_codes
from ..ranges import GRID_CLASSES, Range, parse_range
from ..base import HandError


def escape(text: str) -> str:
    """html.escape, imported on use (docs/decisions.rst: import time)."""
    import html
    return html.escape(text)


__all__ = ["shade", "heat", "use_color", "grid_text", "range_html", "cards_html",
           "boards_text"]

#: Green of a cell fully in a range (RGB 0..255); white is a cell out of it.
RANGE_RGB = (46, 160, 67)
#: Red, pale yellow and green: equity 0, 0.5 and 1 in an equity grid.
HEAT_RGB = ((215, 48, 39), (255, 255, 191), (26, 152, 80))
#: A class not in the range, in an equity grid.
ABSENT_RGB = (235, 235, 235)


def shade(value: float) -> tuple[int, int, int]:
    """The colour of a range-grid cell holding ``value`` (0..1): white to green.

    >>> import handrank as hr
    >>> hr.shade(0.0), hr.shade(1.0), hr.shade(0.5)
    ((255, 255, 255), (46, 160, 67), (150, 208, 161))
    """
    v = min(1.0, max(0.0, float(value)))
    return tuple(int(round(255 + (c - 255) * v)) for c in RANGE_RGB)  # type: ignore[return-value]


def heat(equity: float) -> tuple[int, int, int]:
    """The colour of an equity (0..1): red, through pale yellow at 0.5, to
    green; NaN (a class not in the range) is light grey.

    >>> import handrank as hr
    >>> hr.heat(0.0), hr.heat(0.5), hr.heat(1.0)
    ((215, 48, 39), (255, 255, 191), (26, 152, 80))
    """
    e = float(equity)
    if e != e:
        return ABSENT_RGB
    e = min(1.0, max(0.0, e))
    lo, hi, t = (HEAT_RGB[0], HEAT_RGB[1], 2 * e) if e <= 0.5 else (HEAT_RGB[1], HEAT_RGB[2],
                                                                    2 * e - 1)
    return tuple(int(round(a + (b - a) * t)) for a, b in zip(lo, hi))  # type: ignore[return-value]


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#%02x%02x%02x" % rgb


def use_color(stream: IO[str] | None = None) -> bool:
    """Whether to write ANSI colours to ``stream`` (default ``sys.stdout``).

    ``FORCE_COLOR`` set to anything but ``""`` or ``"0"`` says yes; otherwise
    ``NO_COLOR`` set to anything but ``""`` says no; otherwise colours are
    used when the stream is a terminal.

    >>> import io, os, handrank as hr
    >>> hr.use_color(io.StringIO()) == bool(os.environ.get("FORCE_COLOR", "0") not in ("", "0"))
    True
    """
    import sys
    force = os.environ.get("FORCE_COLOR")
    if force is not None and force not in ("", "0"):
        return True
    if os.environ.get("NO_COLOR"):
        return False
    stream = sys.stdout if stream is None else stream
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def _ansi(text: str, bg: tuple[int, int, int] | None, dim: bool = False) -> str:
    """``text`` on a 24-bit background (black text), or dim without one."""
    if bg is None:
        return f"\x1b[2m{text}\x1b[0m" if dim else text
    return f"\x1b[48;2;{bg[0]};{bg[1]};{bg[2]}m\x1b[38;2;0;0;0m{text}\x1b[0m"


def _full(v: float) -> bool:
    return v >= 1 - 1e-12


def grid_text(rng: Range | str, color: bool | None = None, ranks: bool = False) -> str:
    """The 13 x 13 grid of a hold'em range as text, one row per line.

    Each cell is its class (``AKs``), ``*`` after it when only part of the
    class is in (fewer hands, or weights below 1: the lines under the grid
    give the share), and ``.`` when none is.  With ``color`` (default: what
    :func:`use_color` says for stdout) every cell keeps its label and is
    shaded with 24-bit ANSI colours as in :func:`shade`.  With ``ranks`` a
    first line names the columns and each row starts with its rank (A to 2),
    as ``handrank range`` prints it.

    >>> import handrank as hr
    >>> text = hr.grid_text("QQ+, AKs, 0.5(JJ)", color=False)
    >>> print("\\n".join(text.splitlines()[:4]))
    AA  AKs .   .   .   .   .   .   .   .   .   .   .
    .   KK  .   .   .   .   .   .   .   .   .   .   .
    .   .   QQ  .   .   .   .   .   .   .   .   .   .
    .   .   .   JJ* .   .   .   .   .   .   .   .   .
    >>> print(text.splitlines()[-1])
    * partly in the range: JJ 50%
    >>> print("\\n".join(hr.grid_text("QQ+", color=False, ranks=True).splitlines()[:3]))
       A    K    Q    J    T    9    8    7    6    5    4    3    2
    A  AA   .    .    .    .    .    .    .    .    .    .    .    .
    K  .    KK   .    .    .    .    .    .    .    .    .    .    .
    """
    if isinstance(rng, str):
        rng = parse_range(rng)
    if color is None:
        color = use_color()
    g = rng.grid()
    lines, partial = [], []
    for i in range(13):
        cells = []
        for j in range(13):
            v, name = float(g[i, j]), str(GRID_CLASSES[i, j])
            if v > 0 and not _full(v):
                partial.append((name, v))
            if not color:
                cells.append(f"{name + ('' if _full(v) else '*') if v > 0 else '.':<4}")
            elif v > 0:
                cells.append(_ansi(f"{name + ('' if _full(v) else '*'):<4}", shade(v)))
            else:
                cells.append(_ansi(f"{name:<4}", None, dim=True))
        lines.append(((RANK_CHARS[12 - i] + "  ") if ranks else "") + " ".join(cells).rstrip())
    if ranks:
        lines.insert(0, "   " + " ".join(f"{RANK_CHARS[12 - j]:<4}" for j in range(13)).rstrip())
    if partial:
        lines.append("* partly in the range: "
                     + ", ".join(f"{n} {100 * v:.3g}%" for n, v in partial))
    return "\n".join(lines)


def range_html(rng: Range | str) -> str:
    """The grid of a hold'em range as an HTML table (``Range._repr_html_``).

    169 ``<td>`` cells, each shaded as :func:`shade` says (``background``),
    labelled with its class and titled with its share; the caption gives the
    range's text, its number of hands and their share of the 1,326.

    >>> import handrank as hr
    >>> html = hr.Range("AA, 0.5(AKs)")._repr_html_()
    >>> html.count("<td"), 'title="AA: 100%"' in html, 'title="AKs: 50%"' in html
    (169, True, True)
    >>> hr.range_html("AA, 0.5(AKs)") == html               # text, as grid_text takes
    True
    """
    if isinstance(rng, str):
        rng = parse_range(rng)
    if not isinstance(rng, Range):
        raise HandError(f"range_html takes a hold'em range: text ('QQ+, AKs') or a Range; "
                        f"got {type(rng).__name__}")
    g = rng.grid()
    n = len(rng)
    caption = f"{escape(rng.text)}: {n:,} hands ({100 * n / 1326:.2f}% of 1,326)"
    rows = []
    for i in range(13):
        cells = []
        for j in range(13):
            v, name = float(g[i, j]), str(GRID_CLASSES[i, j])
            style = (f"background:{_hex(shade(v))};color:{'#000' if v > 0 else '#aaa'};"
                     f"width:2.6em;height:1.6em;text-align:center;border:1px solid #ddd;"
                     f"padding:0")
            cells.append(f'<td style="{style}" title="{name}: {100 * v:.3g}%">{name}</td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return ('<table class="handrank-range" style="border-collapse:collapse;'
            'font-family:monospace;font-size:11px">'
            f'<caption style="caption-side:top">{caption}</caption>'
            + "".join(rows) + "</table>")


def range_repr_html(rng: Range) -> str:
    """``Range._repr_html_`` (the upcall ``draw_html``): the grid as an HTML table; a range of Omaha
    hands, which has no grid, as its repr."""
    if rng.cards != 2:
        return f"<pre>{escape(repr(rng))}</pre>"
    return range_html(rng)



_SUIT_HTML = {0: ("&#9827;", "#2a7d2a"), 1: ("&#9830;", "#1f5fbf"), 2: ("&#9829;", "#c62828"),
              3: ("&#9824;", "#000000")}


def cards_html(cards: Any) -> str:
    """Cards as HTML spans with four-colour suits (clubs green, diamonds blue,
    hearts red, spades black), for notebooks.

    >>> import handrank as hr
    >>> html = hr.cards_html("Ah Kd")
    >>> html.count("<span style"), '<span style="color:#c62828" title="Ah">A&#9829;</span>' in html
    (2, True)
    """
    codes = parse_codes(cards) if isinstance(cards, str) else [int(c) for c in np.ravel(cards)]
    spans = []
    for c in codes:
        if c >= 52:
            spans.append('<span title="joker">&#127183;</span>')
            continue
        symbol, colour = _SUIT_HTML[c & 3]
        spans.append(f'<span style="color:{colour}" title="{card_name(c)}">'
                     f'{RANK_CHARS[c >> 2]}{symbol}</span>')
    return ('<span class="handrank-cards" style="font-family:monospace;font-size:1.2em">'
            + " ".join(spans) + "</span>")


def boards_text(boards: list[list[int]]) -> str:
    """The board of a question as text: one board's cards, or a double
    board's two with ``|`` between them (``"2c 3d 4h | 5c 6d 7h"``, as
    ``board=`` takes them); ``""`` when no card is known.

    >>> from handrank.display._display import boards_text
    >>> boards_text([[0, 5, 10], [12, 17, 22]]), boards_text([[0, 5, 10], []])
    ('2c 3d 4h | 5c 6d 7h', '2c 3d 4h |')
    """
    if not any(boards):
        return ""
    return " | ".join(" ".join(card_name(c) for c in b) for b in boards).strip()
