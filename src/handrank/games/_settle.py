"""Settling a pot: the chips each player wins, side pots, split halves,
double boards, uncalled chips and odd chips, in one call.

The pot arithmetic is C (include/handrank/games/hr_settle.h, which values
the live hands with the showdown's own functions and splits each pot with
hr_split_n, the showdown's pot split); this module reads the arguments and,
when the C function reports a problem, says what it is.
"""
from __future__ import annotations

import operator
from typing import Any

import numpy as np

from .. import _core
from ..base import HandError, as_numpy
from ..cards import card_list, codes_array, format as format_cards, row_problem
from ._games import GAME_BY_NAME, Game, get_game
from ._showdown import board_lists

__all__ = ["settle", "ODD_CHIP_RULES"]

#: The odd-chip rules settle() takes (``odd_chip=``), and their C codes.
ODD_CHIP_RULES = ("button", "high-card")

_MAX = _core.SETTLE_MAX_CHIPS
_settle_one = _core.settle_one
_GAMES = GAME_BY_NAME
_ODD = {name: i for i, name in enumerate(ODD_CHIP_RULES)}
_BY_CODE = {1: "cards", 2: "all folded", 3: "chips", 4: "button", 5: "dead"}


def settle(game: str | Game, hands: Any, board: Any = None, *, contributions: Any,
           folded: Any = None, button: Any = None, odd_chip: str = "button",
           dead: Any = None) -> Any:
    """The chips each player wins when a hand ends: side pots, split halves,
    double boards, uncalled chips and odd chips, in one call.

    Parameters
    ----------
    game
        A game name (``hr.GAMES``, or ``<game>-double-board``) or a
        :class:`Game`: hold'em, Omaha, high-low split games, games of up to
        four halves, double-board games.
    hands
        One hand per player (text or codes), as for :func:`showdown`.  A
        folded player's hand is never read: give ``None`` (or anything).
        When one player is left, no hand is read.
    board
        The board, or the two boards of a double-board game, as for
        :func:`showdown` (``None`` for stud and draw games).  Not read when
        one player is left, so a hand that ended before the river may give
        the board it had.
    contributions
        Each player's total chips put into the pot this hand (antes, blinds
        and bets of every street), integers >= 0.
    folded
        Each player's fold (bools), or None: nobody folded.  At least one
        player must be live.
    button
        The dealer's seat (0-based): the odd chip of a tie goes to the tied
        winner nearest the button's left.  None (default): seat 0 is the
        first left of the button (the small blind, as most engines list
        the players).
    odd_chip
        ``"button"`` (default): odd chips go, one at a time, to the tied
        winners in seat order from the button's left.  ``"high-card"``: to
        the tied winners by their highest hole card, by rank and then suit
        (spades, hearts, diamonds, clubs), as stud games do.  Either way a
        pot split between boards gives its odd chip to the first board, and
        a pot split between halves to the first half won (the high).
    dead
        The dead part of each player's contribution, or None (nothing
        dead): antes, a big-blind ante, a dead blind -- chips that go into
        the pot whatever happens.  Dead chips are part of
        ``contributions`` (0 <= dead <= contribution); they are never
        returned as uncalled and never make a side pot: they all go into
        the main pot, which every live player contests, as dealers
        collect antes.  A big-blind ante must be given here: counted as a
        bet, its part above an all-in player's stake would come back to
        the big blind as uncalled.

    Returns
    -------
    list[int] or numpy.ndarray
        The chips each player gets back (uncalled chips included); they sum
        to the contributions.  For a batch -- ``hands`` an ``(N, players,
        hole)`` integer array, ``board`` ``(N, board)`` (``(N, 2, board)``
        double-board), ``contributions`` ``(N, players)``, ``folded``
        ``(N, players)`` or None, ``button`` None, an int or ``(N,)``,
        ``dead`` None or ``(N, players)`` -- an ``(N, players)`` int64
        array.  A batch's folded players' cards are
        not read either (any codes).

    Raises
    ------
    HandError
        A negative or non-integer contribution, a dead part below 0 or
        above its contribution, lengths that disagree,
        everyone folded, a button off the table, an unknown odd-chip rule,
        a live player without a hand, repeated cards or a wrong number of
        cards (in a batch, the message names the deal).

    Notes
    -----
    Dead chips go into the main pot.  Of the rest (the live part of each
    contribution): uncalled chips (what the largest contributor put in
    above the second largest contribution) go back first.  Then there is one pot per
    distinct contribution of a live player: each holds every player's
    chips up to its level (folded players' too) and is contested by the
    live players who put in at least that much.  Each pot is cut between
    the boards, then between the halves won by its contenders (a half that
    none of them qualifies for goes to the other halves, as in
    :func:`showdown`), then between tied hands.  See docs/games.rst,
    "Settling a pot", and docs/decisions.rst for the odd-chip rule.

    Examples
    --------
    >>> import handrank as hr
    >>> # player 0 is all in for 100; players 1 and 2 each put in 300; 3 folded 20
    >>> hr.settle("holdem", ["As Ad", "Ks Kd", "Qs Qd", None], "2c 7d 9h Tc 3s",
    ...           contributions=[100, 300, 300, 20], folded=[False, False, False, True])
    [320, 400, 0, 0]
    >>> # a split pot: the high and the low each take half; the odd chip goes high
    >>> hr.settle("omaha8", ["Ah Kc Kd 9s", "Ac 3s Qc Qd", None], "5c 6d 8s Kh Jc",
    ...           contributions=[50, 50, 1], folded=[False, False, True])
    [51, 50, 0]
    >>> # a big-blind ante of 30 (player 1) is dead: player 0, all in for 100
    >>> # of bets, wins it too; counted as a bet, 30 would go back to player 1
    >>> hr.settle("holdem", ["As Ad", "Ks Kd"], "2c 7d 9h Tc 3s",
    ...           contributions=[100, 130], dead=[0, 30])
    [230, 0]
    """
    if type(game) is str and type(button) is not bool and (
            button is None or type(button) is int) and (type(hands) is list or type(hands) is tuple):
        g = _GAMES.get(game)
        odd = _ODD.get(odd_chip) if type(odd_chip) is str else None
        if g is not None and odd is not None and 1 <= len(hands) <= g.max_players:
            won = _settle_one(g.for_players(len(hands)).tables, hands, board, contributions,
                              folded, -1 if button is None else button, odd, dead)
            if won is not None:
                return won
    return _settle_general(get_game(game), hands, board, contributions, folded, button,
                           odd_chip, dead)


# --------------------------------------------------------------- the rest

def _odd_rule(odd_chip: Any) -> int:
    if not isinstance(odd_chip, str) or odd_chip not in _ODD:
        raise HandError(f"odd_chip must be one of {', '.join(map(repr, ODD_CHIP_RULES))}; "
                        f"got {odd_chip!r}")
    return _ODD[odd_chip]


def _chips(v: Any, what: str) -> int:
    """One contribution (or dead part) as an int (an integer, or a float or
    numpy value that is a whole number), or the error."""
    if isinstance(v, (bool, np.bool_)) or v is None:
        raise HandError(f"{what} must be an integer number of chips; got {v!r}")
    try:
        x = operator.index(v)
    except TypeError:
        if isinstance(v, (float, np.floating)) and float(v).is_integer():
            x = int(v)
        else:
            raise HandError(f"{what} must be an integer number of chips; got {v!r}") from None
    if x < 0:
        kind = "dead chips" if what.startswith("dead") else "a contribution"
        raise HandError(f"{what} is {x}: {kind} cannot be negative")
    if x > _MAX:
        raise HandError(f"{what} is {x}: more than the {_MAX} chips a contribution may be")
    return x


def _folds(folded: Any, players: int, what: str = "folded") -> list[bool]:
    if folded is None:
        return [False] * players
    if isinstance(folded, (str, bytes)):
        raise HandError(f"{what} must give one bool per player; got {folded!r}")
    try:
        f = list(folded)
    except TypeError:
        raise HandError(f"{what} must give one bool per player; got {folded!r}") from None
    if len(f) != players:
        raise HandError(f"{what} has {len(f)} entries for {players} players")
    out = []
    for i, x in enumerate(f):
        if isinstance(x, (bool, np.bool_)) or (isinstance(x, (int, np.integer)) and x in (0, 1)):
            out.append(bool(x))
        else:
            raise HandError(f"{what}[{i}] must be True or False; got {x!r}")
    return out


def _button(button: Any, players: int) -> int:
    if button is None:
        return -1
    if isinstance(button, (bool, np.bool_)):
        raise HandError(f"button must be a seat 0..{players - 1}; got {button!r}")
    try:
        b = operator.index(button)
    except TypeError:
        raise HandError(f"button must be a seat 0..{players - 1} or None; got {button!r}") \
            from None
    if not 0 <= b < players:
        raise HandError(f"button is seat {b}; the seats are 0..{players - 1}")
    return b


def _check_table(g: Game, players: int) -> Game:
    if not 1 <= players <= g.max_players:
        raise HandError(f"{g.name}: {players} players; this game deals to 1..{g.max_players}")
    return g.for_players(players)


def _per_player(values: Any, what: str, players: int) -> list:
    """One entry per player of ``contributions`` or ``dead``, as a list."""
    values = as_numpy(values, what)
    if isinstance(values, (str, bytes)) or values is None:
        raise HandError(f"{what} must give one integer per player; got {values!r}")
    try:
        out = list(values)
    except TypeError:
        raise HandError(f"{what} must give one integer per player; got {values!r}") from None
    if len(out) != players:
        raise HandError(f"{what} has {len(out)} entries for {players} players "
                        f"(one per hand)")
    return out


def _dead_problem(d: Any, c: Any, where: str) -> HandError | None:
    """The error for dead parts outside 0..contribution, or None."""
    for i, (x, y) in enumerate(zip(d, c)):
        if x < 0:
            return HandError(f"{where}dead[{i}] is {x}: dead chips cannot be negative")
        if x > y:
            return HandError(f"{where}dead[{i}] is {x}, more than player {i}'s contribution "
                             f"({y}): dead chips are part of the contribution")
    return None


def _settle_general(g: Game, hands: Any, board: Any, contributions: Any, folded: Any,
                    button: Any, odd_chip: Any, dead: Any = None) -> Any:
    odd = _odd_rule(odd_chip)
    hands = as_numpy(hands, "hands")
    if isinstance(hands, np.ndarray) and hands.ndim == 3:
        return _settle_batch(g, hands, board, contributions, folded, button, odd, dead)
    if isinstance(hands, (str, np.ndarray)) or hands is None:
        raise HandError("hands must be a list with one hand per player (None for a folded "
                        "player), or an (N, players, hole) array of N deals")
    hands = list(hands)
    players = len(hands)
    if players < 1:
        raise HandError("settle needs at least one player")
    cs = _per_player(contributions, "contributions", players)
    c = [_chips(v, f"contributions[{i}]") for i, v in enumerate(cs)]
    d = None
    if dead is not None:
        ds = _per_player(dead, "dead", players)
        d = [_chips(v, f"dead[{i}]") for i, v in enumerate(ds)]
        problem = _dead_problem(d, c, "")
        if problem:
            raise problem
    f = _folds(as_numpy(folded, "folded"), players)
    if all(f):
        raise HandError("everyone folded: at least one player must be live to win the pot")
    b = _button(button, players)
    g = _check_table(g, players)
    live = [i for i in range(players) if not f[i]]
    holes = np.zeros((1, players, g.hole), dtype=np.uint8)
    boards = np.zeros((1, g.board * g.boards), dtype=np.uint8)
    if len(live) > 1:
        shared = " (with this many players the last card is shared: give it as the board)" \
            if g.shared_last and g.hole != get_game(g.name).hole else ""
        for i in live:
            if hands[i] is None:
                raise HandError(f"player {i} did not fold: give their hand (only a folded "
                                f"player's hand may be None)")
            h = card_list(hands[i], f"player {i}")
            if len(h) != g.hole:
                raise HandError(f"{g.name}: each player holds {g.hole} cards{shared}; "
                                f"player {i} has {len(h)} ({format_cards(h)!r})")
            holes[0, i] = h
        parts = board_lists(g, board)
        for k, part in enumerate(parts):
            if len(part) != g.board:
                which = "the board" if g.boards == 1 else f"board {k + 1}"
                raise HandError(f"{g.name}: {which} has {g.board} cards at showdown{shared}; "
                                f"got {len(part)}")
        boards[0] = [x for part in parts for x in part]
    won = np.zeros((1, players), dtype=np.int64)
    bad, why = g.tables.settle(holes, boards, np.array([c], dtype=np.int64),
                               np.array([f], dtype=np.uint8),
                               np.array([b], dtype=np.int32), odd, won,
                               None if d is None else np.array([d], dtype=np.int64))
    if bad >= 0:
        raise _problem(g, holes[0], boards[0], c, f, b, why, "")
    return won[0].tolist()


def _problem(g: Game, holes: np.ndarray, board: np.ndarray, c: Any, f: Any, b: int,
             why: int, where: str, d: Any = None) -> HandError:
    """The error for one deal that hr_settle_deal refused (``why``)."""
    kind = _BY_CODE.get(int(why), "cards")
    if kind == "dead" and d is not None:
        problem = _dead_problem(d, c, where)
        if problem:
            return problem
    if kind == "chips":
        for i, x in enumerate(c):
            if x < 0:
                return HandError(f"{where}contributions[{i}] is {x}: a contribution cannot "
                                 f"be negative")
            if x > _MAX:
                return HandError(f"{where}contributions[{i}] is {x}: more than the {_MAX} "
                                 f"chips a contribution may be")
    if kind == "all folded":
        return HandError(f"{where}everyone folded: at least one player must be live to win "
                         f"the pot")
    if kind == "button":
        return HandError(f"{where}button is seat {b}; the seats are 0..{len(c) - 1}")
    live = np.array([i for i in range(len(f)) if not f[i]], dtype=np.intp)
    cards = np.concatenate([board, holes[live].ravel()])
    problem = row_problem(cards, jokers_ok=g.wild is not None, deck=g.cards)
    return HandError(f"{g.name}: {where}the live hands and the board: {problem}")


def _chip_array(values: Any, what: str, n: int, players: int) -> np.ndarray:
    """A batch's contributions or dead parts as int64, clipped to -1.._MAX + 1
    (the C function names what is out of range), or the error."""
    c = np.asarray(as_numpy(values, what))
    if c.shape != (n, players):
        raise HandError(f"{what} must be an ({n}, {players}) integer array (one per "
                        f"player of each deal); got shape {c.shape}")
    if c.dtype.kind not in "iu":
        if c.dtype.kind == "f" and np.all(np.isfinite(c)) and np.all(c == np.round(c)):
            c = c.astype(np.int64)
        else:
            raise HandError(f"{what} must be integer chips; got dtype {c.dtype}")
    if c.dtype.kind == "u" and c.size and c.max() > _MAX:
        c = c.astype(np.float64)                        # named by _problem below
    return np.ascontiguousarray(np.clip(c, -1, _MAX + 1), dtype=np.int64)


def _settle_batch(g: Game, hands: np.ndarray, board: Any, contributions: Any, folded: Any,
                  button: Any, odd: int, dead: Any = None) -> np.ndarray:
    if hands.dtype.kind not in "iu":
        raise HandError(f"hands must be integer codes; got dtype {hands.dtype}")
    n, players = hands.shape[0], hands.shape[1]
    g = _check_table(g, players)
    if hands.shape[2] != g.hole:
        raise HandError(f"{g.name}: each player holds {g.hole} cards; hands have shape "
                        f"{hands.shape} (deals, players, cards)")
    bd = np.zeros((n, 0), dtype=np.uint8) if board is None else \
        codes_array(as_numpy(board, "board"), "board", "deal")
    want = (n, g.board) if g.boards == 1 else (n, 2, g.board)
    if bd.shape != want or (bd.size and bd.dtype.kind not in "iu"):
        raise HandError(f"{g.name}: the board{'s' if g.boards > 1 else ''} must be an "
                        f"{want} integer array for {n} deals; got shape {bd.shape}, dtype "
                        f"{bd.dtype}")
    ci = _chip_array(contributions, "contributions", n, players)
    di = None if dead is None else _chip_array(dead, "dead", n, players)
    if folded is None:
        fo = np.zeros((n, players), dtype=np.uint8)
    else:
        fa = np.asarray(as_numpy(folded, "folded"))
        if fa.shape != (n, players):
            raise HandError(f"folded must be an ({n}, {players}) bool array; got shape "
                            f"{fa.shape}")
        if fa.dtype != np.bool_ and not (fa.dtype.kind in "iu" and
                                         np.all((fa == 0) | (fa == 1))):
            raise HandError(f"folded must be bools (or 0 and 1); got dtype {fa.dtype}")
        fo = np.ascontiguousarray(fa, dtype=np.uint8)
    if button is None or np.ndim(button) == 0:
        bt = np.full(n, _button(button, players), dtype=np.int32)
    else:
        ba = np.asarray(as_numpy(button, "button"))
        if ba.shape != (n,) or ba.dtype.kind not in "iu":
            raise HandError(f"button must be None, a seat, or an ({n},) integer array of "
                            f"seats; got shape {ba.shape}, dtype {ba.dtype}")
        if n and (ba.min() < 0 or ba.max() >= players):
            i = int(np.argmax((ba < 0) | (ba >= players)))
            raise HandError(f"deal {i}: button is seat {int(ba[i])}; the seats are "
                            f"0..{players - 1}")
        bt = np.ascontiguousarray(ba, dtype=np.int32)
    holes = np.ascontiguousarray(hands, dtype=np.uint8) if \
        (hands.size == 0 or (hands.min() >= 0 and hands.max() <= 255)) else \
        np.full(hands.shape, 255, dtype=np.uint8)           # off the deck: named below
    boards = np.ascontiguousarray(bd.reshape(n, g.board * g.boards))
    if boards.size and (boards.min() < 0 or boards.max() > 255):
        boards = np.full(boards.shape, 255, dtype=np.uint8)
    boards = boards.astype(np.uint8, copy=False)
    won = np.empty((n, players), dtype=np.int64)
    bad, why = g.tables.settle(holes, boards, ci, fo, bt, odd, won, di)
    if bad >= 0:
        raise _problem(g, np.asarray(hands[bad]), np.asarray(bd.reshape(n, -1)[bad]),
                       [int(x) for x in ci[bad]], fo[bad].astype(bool).tolist(),
                       int(bt[bad]), why, f"deal {bad}: ",
                       None if di is None else [int(x) for x in di[bad]])
    return won
