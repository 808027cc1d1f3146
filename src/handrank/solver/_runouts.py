"""The runouts of a flop or a turn up to suit symmetry: the turn (or turn
and river) cards that differ once suits the board does not tell apart are
identified, with how many real runouts each stands for and the suit
permutation that takes each runout to its representative.

The classes come from the compiled core (include/handrank/solver/hr_solver.h,
``hr_sv_runout_classes``), whose functions also plan the turn and flop
showdown values (:func:`showdown_values` sweeps one runout per class when
the reach vectors keep the symmetry).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from .. import _core
from ..base import HandError
from ..cards import format as format_cards
from ..ranges import HANDS, NHANDS, Range, hand_index
from ._solver import _check_weights, boards_of, reach_vector

__all__ = ["Runouts", "runouts"]


def _readonly(a: np.ndarray) -> np.ndarray:
    a.flags.writeable = False
    return a


class Runouts:
    """The runouts of a board up to suit symmetry (see :func:`runouts`).

    Attributes
    ----------
    board : numpy.ndarray
        ``(3,)`` or ``(4,)`` uint8, the board's codes.
    cards : numpy.ndarray
        ``(m, k)`` uint8: the representatives, one runout of each class (its
        least: lexicographically first by the codes, turn card first), in
        increasing order; ``k`` is 1 (a turn or a river card) or 2 (turn and
        river).
    weights : numpy.ndarray
        ``(m,)`` int64: how many runouts each representative stands for.
    deals : numpy.ndarray
        ``(n, k)`` uint8: every runout, in increasing order; ``n`` is
        ``weights.sum()``.
    index : numpy.ndarray
        ``(n,)`` intp: the class of each runout, an index into ``cards``.
    perm : numpy.ndarray
        ``(n, 4)`` uint8: a suit permutation taking each runout to its
        representative: suit ``s`` becomes ``perm[q, s]`` (clubs 0, diamonds
        1, hearts 2, spades 3), so card ``c`` becomes ``c - c % 4 +
        perm[q, c % 4]``.  It maps the board onto itself (and keeps the
        ranges); a representative's is the identity.
    group : numpy.ndarray
        ``(g, 4)`` uint8: every suit permutation counted as a symmetry (the
        identity first).
    ordered : bool
        For two cards: whether turn and river are told apart (True, as a
        game tree deals them) or a runout is the set of two cards (False).
    """

    __slots__ = ("board", "cards", "weights", "deals", "index", "perm", "group", "ordered")

    board: np.ndarray
    cards: np.ndarray
    weights: np.ndarray
    deals: np.ndarray
    index: np.ndarray
    perm: np.ndarray
    group: np.ndarray
    ordered: bool

    def __init__(self, board: np.ndarray, cards: np.ndarray, weights: np.ndarray,
                 deals: np.ndarray, index: np.ndarray, perm: np.ndarray, group: np.ndarray,
                 ordered: bool) -> None:
        for name, value in (("board", board), ("cards", cards), ("weights", weights),
                            ("deals", deals), ("index", index), ("perm", perm),
                            ("group", group)):
            object.__setattr__(self, name, _readonly(np.array(value)))
        object.__setattr__(self, "ordered", bool(ordered))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Runouts is read-only")

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), (self.board, self.cards, self.weights, self.deals, self.index,
                             self.perm, self.group, self.ordered))

    def __len__(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        k = self.cards.shape[1]
        what = "turn-river pairs" if k == 2 and self.ordered else \
            "river boards" if k == 2 else "cards"
        return (f"<Runouts of {format_cards(self.board)}: {len(self)} classes of "
                f"{len(self.deals)} {what}, {len(self.group)} symmetries>")

    def hand_map(self, q: int) -> np.ndarray:
        """``(1326,)`` intp: the hand (an index into :data:`HANDS`) that
        runout ``q``'s permutation takes each hand to.  Where the ranges
        keep the symmetry, values on runout ``q`` are the representative's
        values read through it: ``v_q = v_rep[runouts.hand_map(q)]``.

        >>> import handrank as hr
        >>> r = hr.runouts("Ah Kh 7h")
        >>> hr.format(r.deals[1]), hr.format(r.cards[r.index[1]])   # 2d is like 2c
        ('2d', '2c')
        >>> r.perm[1].tolist()                  # through clubs <-> diamonds
        [1, 0, 2, 3]
        >>> hr.format(hr.HANDS[r.hand_map(1)[hr.hand_index("Qd Jc")]])
        'Qc Jd'
        """
        q = int(q)
        if not -len(self.deals) <= q < len(self.deals):
            raise HandError(f"q: a runout 0..{len(self.deals) - 1}; got {q}")
        p = self.perm[q].astype(np.intp)
        h = HANDS.astype(np.intp)
        return np.asarray(hand_index(h - h % 4 + p[h % 4]), dtype=np.intp)


def _ranges(ranges: Any) -> np.ndarray:
    """(NR, 1326) float64 checked reach vectors of ranges= (NR = 0 for None)."""
    if ranges is None:
        return np.zeros((0, NHANDS))
    if isinstance(ranges, (str, Range, dict)):
        ranges = [ranges]
    if isinstance(ranges, (list, tuple)) and any(isinstance(x, (str, Range, dict))
                                                  for x in ranges):
        vecs = []
        for i, x in enumerate(ranges):
            try:
                v = reach_vector(x) if isinstance(x, (str, Range, dict)) \
                    else np.asarray(x, dtype=np.float64)
            except HandError as e:
                raise HandError(f"ranges {i}: {e}") from None
            except (TypeError, ValueError):
                v = None
            if v is None or v.shape != (NHANDS,):
                raise HandError(f"ranges {i}: a range (Range, range text or a dict) or "
                                f"1,326 weights; got "
                                f"{type(x).__name__ if v is None else f'shape {v.shape}'}")
            vecs.append(v)
        ranges = vecs
    try:
        r = np.asarray(ranges, dtype=np.float64)
    except (TypeError, ValueError):
        raise HandError(f"ranges must be ranges (Range objects or range text) or reach "
                        f"vectors of 1,326 weights; got {type(ranges).__name__}") from None
    if r.ndim not in (1, 2) or r.shape[-1] != NHANDS:
        raise HandError(f"ranges must be one reach vector of 1,326 weights (one per hand of "
                        f"handrank.HANDS) or an (R, 1326) array of them; got shape {r.shape}")
    _check_weights(r, "ranges")
    return np.ascontiguousarray(r.reshape(-1, NHANDS))


def runouts(board: Any, *, cards: int = 1, ordered: bool = True,
            ranges: Any = None) -> Runouts:
    """The runouts of a flop or a turn up to suit symmetry.

    Two runouts are alike when a permutation of the suits maps the board
    onto itself and one runout onto the other (``Ah Kh 7h``: the turn
    ``2c`` is like ``2d`` and ``2s``, not like ``2h``).  Hands on alike
    runouts are alike through the same permutation, so a solver solves one
    runout of each class and reads the others through the permutation
    (:meth:`Runouts.hand_map`) -- as long as the ranges that reach the
    runout keep the symmetry too: with ``ranges``, only the permutations
    under which every range gives each hand the weight of its image count.

    Parameters
    ----------
    board
        One flop or turn: 3 or 4 cards, text or codes.
    cards
        1: the next card (the turn of a flop, the river of a turn); 2: turn
        and river of a flop.
    ordered
        With ``cards=2``: True (default) tells turn and river apart, as a
        game tree deals them (49 x 48 = 2,352 deals on a flop); False takes
        a runout as the set of two cards, the river boards a flop's showdown
        values sum over (C(49, 2) = 1,176).
    ranges
        None, or one or more ranges that must keep the symmetry: reach
        vectors of 1,326 weights over :data:`HANDS` (``(1326,)`` or ``(R,
        1326)``, finite and >= 0), :class:`Range` objects or range text, or a
        list of them.  Weights are compared exactly, and only on hands that
        miss the board (the others are never dealt).

    Returns
    -------
    Runouts
        ``cards`` (the representatives), ``weights``, and for every runout
        (``deals``) its class (``index``) and suit permutation (``perm``).

    Examples
    --------
    >>> import handrank as hr
    >>> r = hr.runouts("Ah Kh 7h")          # monotone: 10 hearts, 13 ranks of the rest
    >>> len(r), int(r.weights.sum())
    (23, 49)
    >>> hr.format(r.cards[:3].ravel()), r.weights[:3].tolist()
    ('2c 2h 3c', [3, 1, 3])
    >>> len(hr.runouts("Ah Kd 7c"))         # rainbow, three ranks: every turn differs
    49
    >>> len(hr.runouts("Ah Kh 7h", ranges="QQ+, AKs"))   # a preflop range keeps suits alike
    23
    >>> len(hr.runouts("Ah Kh 7h", ranges="QQ+, AcKc"))  # AcKc: only d <-> s is left
    36
    >>> t = hr.runouts("Ah Kh 7h", cards=2)
    >>> len(t), int(t.weights.sum())        # ordered (turn, river) pairs
    (675, 2352)
    """
    rows, single = boards_of(board, (3, 4))
    if not single:
        raise HandError("board: runouts takes one board (a flop or a turn), not a batch")
    nb = rows.shape[1]
    if isinstance(cards, bool) or not isinstance(cards, (int, np.integer)) or \
            cards not in (1, 2):
        raise HandError(f"cards must be 1 (the next card) or 2 (turn and river); got "
                        f"{cards!r}")
    if cards == 2 and nb != 3:
        raise HandError("cards=2 (turn and river) needs a flop; a turn has one card to come")
    if not isinstance(ordered, (bool, np.bool_)):
        raise HandError(f"ordered must be True or False; got {ordered!r}")
    r = _ranges(ranges)
    deals, rep, perm, group = _core.sv_runout_classes(rows[0], int(cards), bool(ordered), r)
    reps, index = np.unique(rep, return_inverse=True)
    weights = np.bincount(index, minlength=len(reps)).astype(np.int64)
    return Runouts(rows[0].copy(), deals[reps], weights, deals, index.astype(np.intp), perm,
                   group, bool(ordered) if cards == 2 else True)
