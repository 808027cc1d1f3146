"""Hold'em hands read as players read them: the made hand, every draw, the
nut rank and blockers, for one hand or millions (the loop is C,
include/handrank/analysis/hr_classify.h), and a range's breakdown by class
(FlopZilla's view).  docs/classify.rst defines every class and flag.

>>> import handrank as hr
>>> c = hr.classify("Ah Kh", "Qh 7h 2c")
>>> c.made, c.draws
(<MadeHand.ACE_HIGH: 1>, <Draw.FLUSH_DRAW|NUT_FLUSH_DRAW|BACKDOOR_STRAIGHT_DRAW|OVERCARDS: 195>)
>>> print(c)
Ace high; flush draw, nut flush draw, backdoor straight draw, overcards; nut rank 47; blocks the nut flush
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, IntFlag
from typing import Any

import numpy as np

from .. import _core
from ..base import as_numpy, resolve_threads, sliced, HandError, flag_repr, named_int_format
from ..cards import card_name, card_array, card_list

__all__ = ["MadeHand", "Draw", "Blocker", "HandClass", "Classes", "classify", "RangeBreakdown",
           "breakdown"]


class MadeHand(IntEnum):
    """The made hand of hold'em hole cards on a board: one class per hand.

    The classes refine the category of the best five of hole and board
    (so they add up to the category counts); inside a category they say how
    the hole cards take part.  The order is that of the categories, not of
    strength inside one (an underpair can beat a middle pair).
    docs/classify.rst defines each with an example.
    """

    NO_MADE_HAND = 0
    ACE_HIGH = 1
    BOARD_PAIR = 2
    WEAK_PAIR = 3
    UNDERPAIR = 4
    MIDDLE_PAIR = 5
    TOP_PAIR_WEAK_KICKER = 6
    TOP_PAIR_GOOD_KICKER = 7
    TOP_PAIR_TOP_KICKER = 8
    OVERPAIR = 9
    BOARD_TWO_PAIR = 10
    TWO_PAIR = 11
    BOARD_TRIPS = 12
    TRIPS = 13
    SET = 14
    STRAIGHT = 15
    FLUSH = 16
    FULL_HOUSE = 17
    QUADS = 18
    STRAIGHT_FLUSH = 19

    def __str__(self) -> str:
        return self.name

    __format__ = named_int_format

    @property
    def label(self) -> str:
        """The class in words: ``"Top pair, top kicker"``."""
        return _MADE_LABELS[self]


class Draw(IntFlag):
    """Draws of a hand on a flop or turn (none on the river): flags, so a
    combo draw holds several.  docs/classify.rst defines each."""

    FLUSH_DRAW = 1
    NUT_FLUSH_DRAW = 2
    BACKDOOR_FLUSH_DRAW = 4
    OPEN_ENDED = 8
    GUTSHOT = 16
    DOUBLE_GUTSHOT = 32
    BACKDOOR_STRAIGHT_DRAW = 64
    OVERCARDS = 128

    __repr__ = flag_repr
    __str__ = int.__repr__          # the number, as on Python 3.11+

    @property
    def label(self) -> str:
        """The flags in words, in the order above: ``"flush draw, gutshot"``."""
        return ", ".join(_DRAW_LABELS[f] for f in Draw if f & self)


class Blocker(IntFlag):
    """Cards of the nut hands that the hole holds (docs/classify.rst)."""

    NUT_FLUSH = 1
    NUT_STRAIGHT = 2

    __repr__ = flag_repr
    __str__ = int.__repr__


_MADE_LABELS = {
    MadeHand.NO_MADE_HAND: "No made hand", MadeHand.ACE_HIGH: "Ace high",
    MadeHand.BOARD_PAIR: "Pair on the board", MadeHand.WEAK_PAIR: "Weak pair",
    MadeHand.UNDERPAIR: "Underpair", MadeHand.MIDDLE_PAIR: "Middle pair",
    MadeHand.TOP_PAIR_WEAK_KICKER: "Top pair, weak kicker",
    MadeHand.TOP_PAIR_GOOD_KICKER: "Top pair, good kicker",
    MadeHand.TOP_PAIR_TOP_KICKER: "Top pair, top kicker", MadeHand.OVERPAIR: "Overpair",
    MadeHand.BOARD_TWO_PAIR: "Two pair on the board", MadeHand.TWO_PAIR: "Two pair",
    MadeHand.BOARD_TRIPS: "Trips on the board", MadeHand.TRIPS: "Trips", MadeHand.SET: "Set",
    MadeHand.STRAIGHT: "Straight", MadeHand.FLUSH: "Flush", MadeHand.FULL_HOUSE: "Full house",
    MadeHand.QUADS: "Quads", MadeHand.STRAIGHT_FLUSH: "Straight flush",
}
_DRAW_LABELS = {
    Draw.FLUSH_DRAW: "flush draw", Draw.NUT_FLUSH_DRAW: "nut flush draw",
    Draw.BACKDOOR_FLUSH_DRAW: "backdoor flush draw", Draw.OPEN_ENDED: "open-ended",
    Draw.GUTSHOT: "gutshot", Draw.DOUBLE_GUTSHOT: "double gutshot",
    Draw.BACKDOOR_STRAIGHT_DRAW: "backdoor straight draw", Draw.OVERCARDS: "overcards",
}
_BLOCKER_LABELS = {Blocker.NUT_FLUSH: "blocks the nut flush",
                   Blocker.NUT_STRAIGHT: "blocks the nut straight"}


@dataclass(frozen=True)
class HandClass:
    """What one hand is on one board (see :func:`classify`)."""

    made: MadeHand
    draws: Draw
    nut_rank: int
    blockers: Blocker

    def __str__(self) -> str:
        parts = [self.made.label]
        if self.draws:
            parts.append(self.draws.label)
        parts.append(f"nut rank {self.nut_rank}")
        if self.blockers:
            parts.append(", ".join(v for k, v in _BLOCKER_LABELS.items() if k & self.blockers))
        return "; ".join(parts)


class Classes:
    """A batch of classified hands: four ``(N,)`` arrays.

    made
        uint8 :class:`MadeHand` values.
    draws
        uint16 :class:`Draw` flags.
    nut_rank
        int16: 1 for the nuts, 2 for the second nuts, ...
    blockers
        uint8 :class:`Blocker` flags.

    ``len()`` is N and ``c[i]`` the :class:`HandClass` of row i.
    """

    def __init__(self, made: np.ndarray, draws: np.ndarray, nut_rank: np.ndarray,
                 blockers: np.ndarray):
        self.made, self.draws, self.nut_rank, self.blockers = made, draws, nut_rank, blockers

    def __len__(self) -> int:
        return len(self.made)

    def __getitem__(self, i: int) -> HandClass:
        return HandClass(MadeHand(int(self.made[i])), Draw(int(self.draws[i])),
                         int(self.nut_rank[i]), Blocker(int(self.blockers[i])))

    def __repr__(self) -> str:
        return f"<Classes of {len(self):,} hands>"


# The first call into C: this many rows on one board (about 0.01 s), or rows
# whose boards differ (about 0.01 s at worst, every row its own river with a
# flush suit, plus the records of the board size the first time: 0.02 s);
# later calls are sized by time (_slices.sliced).
_FIRST_ROWS = 1 << 20
_FIRST_BOARDS = 16384


def _rows_as_given(arr: Any, k: int) -> bool:
    """Whether arr, a batch of rows of k card codes, goes to C as it is: a
    uint8 (N, k) array, a row's cards adjacent (any row stride: a column
    slice of a deal).  Its codes are then checked by the C loop, row by row,
    not first by numpy (a pass and a copy that cost more than classifying
    on flops); a bad row is explained as before (classify)."""
    return (isinstance(arr, np.ndarray) and arr.dtype == np.uint8 and arr.ndim == 2
            and arr.shape[1] == k and (arr.shape[0] == 0 or arr.strides[1] == 1))


def _holes(hole: Any) -> tuple[np.ndarray, bool]:
    """(holes (N, 2) uint8, single)."""
    if _rows_as_given(hole, 2):
        return hole, False
    if isinstance(hole, str):
        return np.array([card_list(hole, "hole")], dtype=np.uint8).reshape(1, -1), True
    if isinstance(hole, np.ndarray) and hole.dtype != object:
        if hole.ndim == 1:
            return np.array([card_list(hole, "hole")], dtype=np.uint8).reshape(1, -1), True
        if hole.ndim != 2:
            raise HandError(f"hole: a batch is (N, 2) card codes; got shape {hole.shape}")
        return card_array(hole, "hole"), False
    try:
        items = list(hole)
    except TypeError:
        raise HandError(f"hole: hole cards are text, codes, or a batch of them; got "
                        f"{type(hole).__name__}") from None
    if items and all(isinstance(x, str) and len(x.strip()) <= 3 for x in items):
        items = card_list(" ".join(items), "hole")        # ["Ah", "Kh"]: one hand
    if items and all(isinstance(x, (int, np.integer, np.bool_)) for x in items):
        # (a bool among them is refused by card_list, by position)
        return np.array([card_list(items, "hole")], dtype=np.uint8).reshape(1, -1), True
    rows = [card_list(x, f"hole {i}") for i, x in enumerate(items)]
    bad = next((i for i, r in enumerate(rows) if len(r) != 2), None)
    if bad is not None:
        raise HandError(f"hole {bad}: a hold'em hand is 2 cards; got {len(rows[bad])}")
    return np.array(rows, dtype=np.uint8).reshape(-1, 2), False


def _boards(board: Any, n: int) -> tuple[np.ndarray, bool]:
    """(board codes, shared): (b,) for every row, or (n, b)."""
    if isinstance(board, (list, tuple)) and board and all(
            isinstance(x, str) and len(x.strip()) <= 3 for x in board):
        return np.array(card_list(" ".join(board), "board"), dtype=np.uint8), True  # ["Ah", ...]
    if isinstance(board, str) or not isinstance(board, np.ndarray) and not (
            isinstance(board, (list, tuple)) and board and not isinstance(board[0],
                                                                          (int, np.integer))):
        return np.array(card_list(board, "board"), dtype=np.uint8), True
    arr = np.asarray(board) if isinstance(board, np.ndarray) else None
    if arr is not None and arr.dtype != object and arr.ndim == 1:
        return np.array(card_list(arr, "board"), dtype=np.uint8), True
    if arr is not None and arr.dtype != object:
        if arr.ndim != 2:
            raise HandError(f"board: boards are (N, b) card codes; got shape {arr.shape}")
        b = arr if _rows_as_given(arr, arr.shape[1]) else card_array(arr, "board")
    else:
        rows = [card_list(x, f"board {i}") for i, x in enumerate(board)]
        if len({len(r) for r in rows}) > 1:
            raise HandError("board: every row's board has the same number of cards")
        b = np.array(rows, dtype=np.uint8).reshape(len(rows), -1)
    if len(b) != n:
        raise HandError(f"board: {len(b)} boards for {n} hands; give one board, or one a hand")
    return b, False


def _problem(h: list[int], b: list[int]) -> str:
    """What is wrong with hole h on board b."""
    for what, cards in (("hole", h), ("board", b)):
        for c in cards:
            if c >= 52:
                return f"{what} card {card_name(c)} is a joker; classify is for the 52-card deck"
        seen = set()
        for c in cards:
            if c in seen:
                return f"{what} card {card_name(c)} is repeated"
            seen.add(c)
    for c in h:
        if c in b:
            return f"hole card {card_name(c)} is also on the board"
    return "bad cards"


def classify(hole: Any, board: Any, *, threads: int | None = None) -> HandClass | Classes:
    """The made hand, draws, nut rank and blockers of hold'em hole cards on a
    flop, turn or river.

    ``hole``: one hand (``"Ah Kh"``, two codes) or a batch: ``(N, 2)`` codes
    or a list of hands.  ``board``: 3, 4 or 5 cards, one board for every
    hand, or one board a hand (``(N, b)``).  Returns a :class:`HandClass`
    for one hand, :class:`Classes` (four arrays) for a batch.

    - ``made``: a :class:`MadeHand`;
    - ``draws``: :class:`Draw` flags (flush draws only below a flush,
      straight draws only below a straight; none on the river);
    - ``nut_rank``: 1 + the number of different hand values, better than
      this one, that any two cards off the board would make (1 = the nuts);
    - ``blockers``: :class:`Blocker` flags.

    Rows that share a board (one board for all, or the same board in
    consecutive rows) share the board's work; rows of boards of their own
    cost more (on one core of a 2-vCPU AMD EPYC guest, 2026-12-04: about
    80 to 105 million a second on flops, 65 to 67 million on turns and 51
    to 54 million on rivers; docs/classify.rst).  ``uint8`` arrays, column
    slices of a deal too, are read where they are, not copied.

    >>> import handrank as hr
    >>> c = hr.classify("9h 8h", "Th 7c 2h")
    >>> c.made.label, c.draws.label
    ('No made hand', 'flush draw, open-ended')
    >>> b = hr.classify([[51, 46], [3, 7]], "Ks 7d 2c")      # As Kh, 2s 3s
    >>> b.made.tolist(), b.nut_rank.tolist()
    ([8, 3], [8, 46])
    >>> print(b[0])
    Top pair, top kicker; nut rank 8
    """
    hole = as_numpy(hole, "hole")                 # torch / JAX / DLPack / buffer: no copy
    board = as_numpy(board, "board")
    h, single = _holes(hole)
    if h.shape[1] != 2:
        raise HandError(f"hole: a hold'em hand is 2 cards; got {h.shape[1]}")
    b, shared = _boards(board, len(h))
    nb = b.shape[-1]
    if not 3 <= nb <= 5:
        raise HandError(f"board: a flop, turn or river is 3, 4 or 5 cards; got {nb}")
    n = len(h)
    if shared:
        prob = _problem([], b.tolist())
        if prob != "bad cards":
            raise HandError(f"board: {prob}")
    # Rows are not regrouped by board: the nut rank comes from records of the
    # board's ranks (hr_classify.h), so a board's own work is small and
    # sorting the rows would cost more than it saves; consecutive rows of one
    # board still share it.
    made = np.empty(n, dtype=np.uint8)
    draws = np.empty(n, dtype=np.uint16)
    nut = np.empty(n, dtype=np.int16)
    blk = np.empty(n, dtype=np.uint8)
    t = resolve_threads(threads, n)
    bad = [-1]

    def run(lo: int, hi: int) -> bool:
        r = _core.classify_rows(h, b, nb, shared, lo, hi, made, draws, nut, blk, t)
        if r >= 0:
            bad[0] = r
            return True
        return False

    if n:
        sliced(run, 0, n, first=_FIRST_ROWS if shared else _FIRST_BOARDS)
    if bad[0] >= 0:
        i = bad[0]
        # codes out of range anywhere are named first, as numpy's check of
        # a whole array does (arrays that went to C unchecked: _rows_as_given)
        card_array(h, "hole")
        if not shared:
            card_array(b, "board")
        prob = _problem(h[i].tolist(), (b if shared else b[i]).tolist())
        raise HandError(prob if single else f"row {i}: {prob}")
    out = Classes(made, draws, nut, blk)
    return out[0] if single else out


# The public entry: its per-hand path in C (_core.classify; its precondition
# is stated there), then the general function above, whose name, docstring
# and signature it carries.
_classify_general = classify
_core.classify_setup(_classify_general, HandClass, MadeHand, Draw, Blocker)
classify = _core.classify
for _name in ("__name__", "__qualname__", "__module__", "__doc__"):
    setattr(classify, _name, getattr(_classify_general, _name))
classify.__wrapped__ = _classify_general


# ------------------------------------------------------------ breakdown
class RangeBreakdown:
    """The share of a range's combos in each made-hand class and with each
    draw on one board (FlopZilla's view); see :func:`breakdown`.

    made
        ``{MadeHand: share}`` over every class, strongest first.
    draws
        ``{Draw: share}`` over every draw flag.
    combos
        The weight of the combos left on the board (their number when every
        weight is 1).

    Shares are of that weight: the made shares add up to 1; a combo draw
    counts under each of its draws.  ``str()`` (the terminal), Jupyter (HTML)
    and :meth:`plot` (matplotlib) show the classes a combo falls in.
    """

    def __init__(self, made: dict, draws: dict, combos: float, title: str):
        self.made, self.draws, self.combos, self.title = made, draws, combos, title

    def _rows(self) -> list[tuple[str, str, float]]:
        rows = [("Made hands", m.label, v) for m, v in self.made.items() if v > 0]
        rows += [("Draws", _DRAW_LABELS[d][0].upper() + _DRAW_LABELS[d][1:], v)
                 for d, v in self.draws.items() if v > 0]
        return rows

    def to_text(self, width: int = 30) -> str:
        """A table of the classes that hold combos, with bars ``width`` wide."""
        lines = [f"{self.title}: {self.combos:g} combos"]
        group = None
        for g, label, v in self._rows():
            if g != group:
                lines.append(g)
                group = g
            bar = "█" * int(round(v * width))
            lines.append(f"  {label:<24}{100 * v:6.1f}%  {bar}".rstrip())
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return f"<RangeBreakdown {self.title}: {self.combos:g} combos>"

    def _repr_html_(self) -> str:
        import html
        out = [f"<table><caption>{html.escape(self.title)}: {self.combos:g} combos</caption>"]
        group = None
        for g, label, v in self._rows():
            if g != group:
                out.append(f"<tr><th colspan='3' style='text-align:left'>{g}</th></tr>")
                group = g
            out.append(f"<tr><td>{html.escape(label)}</td><td style='text-align:right'>"
                       f"{100 * v:.1f}%</td><td><div style='background:#2ea043;height:0.8em;"
                       f"width:{200 * v:.0f}px'></div></td></tr>")
        out.append("</table>")
        return "".join(out)

    def plot(self, ax: Any = None, title: str | None = None) -> Any:
        """Horizontal bars of the shares with matplotlib; returns the Axes.
        Needs matplotlib (``pip install matplotlib``, or the ``plot`` extra)."""
        try:
            import matplotlib.pyplot as plt
        except ImportError as e:
            raise ImportError("drawing a breakdown needs matplotlib, which is not installed: "
                              "pip install matplotlib (or, in a handrank checkout's folder, pip install '.[plot]')") from e
        rows = self._rows()
        if ax is None:
            _, ax = plt.subplots(figsize=(6.5, 0.3 * len(rows) + 1))
        ys = np.arange(len(rows))
        colours = ["#2ea043" if g == "Made hands" else "#1f6feb" for g, _, _ in rows]
        ax.barh(ys, [100 * v for _, _, v in rows], color=colours)
        ax.set_yticks(ys, [label for _, label, _ in rows])
        ax.invert_yaxis()
        ax.set_xlabel("% of combos")
        ax.set_title(self.title if title is None else title, fontsize=10)
        return ax


def breakdown(combos: np.ndarray, weights: np.ndarray, board: list[int], title: str, *,
              threads: int | None = None) -> RangeBreakdown:
    """The :class:`RangeBreakdown` of hold'em combos ``(M, 2)`` with their weights
    on ``board`` (3 to 5 codes, none of them in a combo): the work of
    :meth:`Range.breakdown <handrank.Range.breakdown>`, which sits a layer
    above (docs/design.rst) and hands over its live combos.

    >>> import handrank as hr
    >>> bd = hr.Range("QQ+, AK").breakdown("Ah 7d 2c")
    >>> bd.combos, round(bd.made[hr.MadeHand.SET], 4), round(bd.made[hr.MadeHand.TOP_PAIR_TOP_KICKER], 4)
    (27.0, 0.1111, 0.4444)
    """
    if not len(combos):
        return RangeBreakdown({m: 0.0 for m in reversed(MadeHand)}, {d: 0.0 for d in Draw}, 0.0,
                         title)
    c = classify(combos, board, threads=threads)
    total = float(weights.sum())
    sums = np.bincount(c.made, weights=weights, minlength=len(MadeHand))
    made = {m: float(sums[m]) / total for m in reversed(MadeHand)}
    draws = {d: float(weights[(c.draws & d) != 0].sum()) / total for d in Draw}
    return RangeBreakdown(made, draws, total, title)
