"""The hand-vs-range equity grid: a hand's equity against each class of a
range (:func:`equity_grid`), shown as text, HTML or a figure.

>>> import handrank as hr
>>> print(hr.equity_grid("Ah Kh", "QQ+", board="Qh 7d 2c").to_text(color=False).splitlines()[0])
Ah Kh vs QQ+, board Qh 7d 2c (holdem): 3 classes, exact
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..cards import RANK_CHARS, card_name, card_list
from ..ranges import CELL, CLASS_OF, GRID_CLASSES, HAND_CLASSES, Range, in_deck, parse_range
from ._display import _ansi, _hex, boards_text, heat, use_color
from ..equities import equity
from ..tables import preflop_range_equity
from ..games import get_game, board_lists
from ._plot import plot_grid
from ..base import check_trials, resolve_seed, HandError


def escape(text: str) -> str:
    """html.escape, imported on use (docs/decisions.rst: import time)."""
    import html
    return html.escape(text)


__all__ = ["equity_grid", "EquityGrid", "GRID_TRIALS"]

#: Monte Carlo deals per class in :func:`equity_grid` when the board leaves
#: more than two cards to come (preflop) and ``trials`` is not given.
GRID_TRIALS = 20_000
#: Seed of those Monte Carlo runs when ``seed`` is not given.
GRID_SEED = 1


@dataclass
class EquityGrid:
    """A hand's equity against each class of a range (:func:`equity_grid`).

    Attributes
    ----------
    equity
        ``(13, 13)`` float64 in the :data:`GRID_CLASSES` layout: the hand's
        equity against the range's hands of that class (at their weights,
        after card removal); NaN where the range has no live hand.
    weight
        ``(13, 13)``: the summed weights of those live hands.
    overall
        The hand's equity against the whole range: the cells averaged by
        ``weight``.
    exact
        Whether every cell was enumerated (else Monte Carlo, ``trials``
        deals per cell with ``seed``).
    board
        The known board as text; a double-board game's two boards with
        ``|`` between them (``"2c 3d 4h | 5c 6d 7h"``).
    """

    hand: str
    range_text: str
    board: str
    game: str
    equity: np.ndarray
    weight: np.ndarray
    overall: float
    exact: bool
    trials: int | None
    seed: int | None

    def describe(self) -> str:
        """One line: the question and how it was answered."""
        how = ("exact" if self.exact
               else f"Monte Carlo, {self.trials:,} deals a class, seed {self.seed}")
        board = f", board {self.board}" if self.board else ""
        classes = int(np.isfinite(self.equity).sum())
        return (f"{self.hand} vs {self.range_text}{board} ({self.game}): {classes} classes, "
                f"{how}")

    def to_text(self, color: bool | None = None) -> str:
        """The grid as text: ranks down and across, each cell the equity in
        percent (``.`` for a class not in the range), then the overall equity.
        With ``color`` (default: :func:`use_color`) cells are shaded as
        :func:`heat` says."""
        if color is None:
            color = use_color()
        lines = [self.describe(), "    " + "".join(f"{r:>5}" for r in RANK_CHARS[::-1])]
        for i in range(13):
            cells = []
            for j in range(13):
                e = float(self.equity[i, j])
                text = f"{100 * e:5.1f}" if e == e else "    ."
                if color and e == e:
                    text = " " + _ansi(text[1:], heat(e))
                cells.append(text)
            lines.append(f"{RANK_CHARS[12 - i]:>4}" + "".join(cells))
        lines.append("suited above the diagonal, offsuit below; equity of "
                     f"{self.hand} in percent")
        lines.append(f"overall: {100 * self.overall:.2f}% (cells weighted by the range's "
                     f"live hands)")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text(color=False)

    def _repr_html_(self) -> str:
        rows = ["<tr><th></th>" + "".join(f"<th>{r}</th>" for r in RANK_CHARS[::-1]) + "</tr>"]
        for i in range(13):
            cells = [f"<th>{RANK_CHARS[12 - i]}</th>"]
            for j in range(13):
                e, name = float(self.equity[i, j]), str(GRID_CLASSES[i, j])
                label = f"{100 * e:.1f}" if e == e else ""
                title = f"{name}: {label}%" if e == e else f"{name}: not in the range"
                cells.append(f'<td style="background:{_hex(heat(e))};width:2.8em;'
                             f'text-align:center;border:1px solid #ddd" title="{title}">'
                             f"{label}</td>")
            rows.append("<tr>" + "".join(cells) + "</tr>")
        return ('<table class="handrank-equity-grid" style="border-collapse:collapse;'
                'font-family:monospace;font-size:11px">'
                f'<caption style="caption-side:top">{escape(self.describe())}; overall '
                f'{100 * self.overall:.2f}%</caption>' + "".join(rows) + "</table>")

    def plot(self, ax: Any = None, title: str | None = None, labels: bool = True) -> Any:
        """Draw the grid with matplotlib (cells coloured as :func:`heat`,
        labelled with the equity in percent); returns the Axes."""
        return plot_grid(self.equity, ax=ax, kind="equity",
                         title=self.describe() if title is None else title, labels=labels)


def equity_grid(hand: Any, rng: Range | str, board: Any = "", dead: Any = "",
                game: str = "holdem", trials: int | None = None, seed: int | None = None,
                threads: int | None = None) -> EquityGrid:
    """A hand's equity against each class of a range, on a board.

    For each of the 169 classes that has a live hand in ``rng`` (after
    removing the hand's, the board's and the dead cards), the hand's equity
    against those hands at their weights, from :func:`handrank.equity`.
    Exact when the board leaves at most two cards to come and ``trials`` is
    None, or in hold'em preflop without dead cards and ``trials`` (read from
    the hands table, :func:`handrank.preflop_range_equity`: the first such
    call builds it, about 30 s, and caches it); otherwise Monte Carlo with
    ``trials`` deals per class (default :data:`GRID_TRIALS`, 20,000: a standard error of about 0.35%) and
    ``seed`` (default 1), so the same call gives the same grid.  As in
    :func:`handrank.equity`, a ``hand`` of None (or ``"??"``) is a random
    hand, a ``rng`` of None every hand, and ``dead=None`` no dead cards.

    >>> import handrank as hr
    >>> g = hr.equity_grid("Ah Kh", "QQ+, AKs", board="Qh 7d 2c")
    >>> round(float(g.equity[0, 0]), 4), round(float(g.equity[2, 2]), 4), g.exact
    (0.0636, 0.0434, True)
    >>> round(g.overall, 4)                 # against all 22 live hands of the range
    0.2006
    """
    trials = check_trials(trials)                      # as hr.equity checks them
    seed = None if seed is None else resolve_seed(seed)
    g = get_game(game)
    if g.hole != 2 or g.board == 0:
        raise HandError(f"an equity grid is for games of two hole cards and a board "
                        f"(holdem, short-deck, holdem8); got {g.name}")
    if rng is None:                            # like equity's None: every hand
        rng = "random"
    if isinstance(rng, str):
        rng = parse_range(rng)
    if not isinstance(rng, Range) or rng.cards != 2:
        raise HandError("the range of an equity grid is a hold'em range (text or Range)")
    # None or "??" (as in equity): a random hand; dead=None: no dead cards
    hand_codes = card_list(hand, "the hand", unknown=True, limit=2)
    if len(hand_codes) == 1:
        raise HandError(f"the hand of an equity grid is two cards, or None for a random hand; "
                        f"got {hand!r}")
    boards = board_lists(g, board)             # two for a double-board game
    board_codes = [c for b in boards for c in b]
    dead_codes = card_list(dead, "dead cards", unknown=True, limit=54)   # as equity reads it
    live = in_deck(rng, g.cards).without(hand_codes + board_codes + dead_codes)  # short deck
    combos, weights = live.combos, live.weights
    if not len(combos):
        raise HandError(f"no hand of the range {rng.text!r} is left once the hand, board "
                        f"and dead cards are removed")
    exact = trials is None and g.board * g.boards - len(board_codes) + 2 - len(hand_codes) <= 2
    # Heads-up hold'em preflop (no board, no dead card) without trials: each
    # class exactly from the hands table (handrank.tables._preflop_hands).
    table = (trials is None and not board_codes and not dead_codes
             and g is get_game("holdem"))
    exact = exact or table
    if not exact:
        trials = GRID_TRIALS if trials is None else trials
        seed = GRID_SEED if seed is None else seed
    else:
        trials = seed = None
    if table:                                  # the hand as 1326 weights, or random
        mine: Any = "random"
        if hand_codes:
            mine = np.zeros(1326)
            hi, lo = max(hand_codes), min(hand_codes)
            mine[hi * (hi - 1) // 2 + lo] = 1.0
    idx = CLASS_OF[combos[:, 0].astype(np.intp), combos[:, 1].astype(np.intp)]
    eq = np.full((13, 13), np.nan)
    wt = np.zeros((13, 13))
    keys = [tuple(k) for k in combos.tolist()]
    wlist = weights.tolist()
    for c in np.unique(idx):
        name = HAND_CLASSES[c]
        sub = Range._of({keys[i]: wlist[i] for i in np.flatnonzero(idx == c)}, name)
        if table:
            r = preflop_range_equity(mine, sub)
        else:
            r = equity(g, [hand_codes, sub], board=boards if g.boards == 2 else boards[0],
                       dead=dead_codes, trials=trials, seed=seed, threads=threads)
        i, j = CELL[name]
        eq[i, j] = r.equity[0]
        wt[i, j] = float(weights[idx == c].sum())
    overall = float(np.nansum(eq * wt) / wt.sum())
    hand_text = " ".join(card_name(c) for c in hand_codes) or "?? ??"
    return EquityGrid(hand_text, rng.text, boards_text(boards), g.name, eq, wt, overall, exact,
                      trials, seed)
