"""Showdowns: the hands of a deal valued for each half of a game's pot, and
Omaha hands.

:func:`showdown` (each player's share), :func:`game_strengths`,
:func:`winners` and :func:`evaluate_omaha`, one call into the C core each;
when it reports a bad deal, the one row explainer
(:func:`handrank.cards._input.row_problem`) says what is wrong with it.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from .. import _core
from ..cards import (format as format_cards, as_hands, card_array, card_list, codes_array,
                     row_problem, WildSetting, resolve_wild)
from ..evaluation import compiled_entry, out_array
from ._games import DOUBLE_SUFFIX, GAME_BY_NAME, Game, get_game
from ..base import as_numpy, to_like, resolve_threads, first_bad_row, HandError
from ..rules import RULES_BY_NAME, RuleSet, get_rules

__all__ = ["compare", "evaluate_omaha", "showdown", "game_strengths", "winners", "board_lists"]


# --------------------------------------------------------------------- input

def _cards_1d(cards: Any, what: str) -> np.ndarray:
    """uint8 codes of one list of cards (None: no cards)."""
    return np.array(card_list(cards, what), dtype=np.uint8)


def board_lists(g: Game, board: Any, *, unknown: bool = False) -> list[list[int]]:
    """The codes of each of a game's boards: one list, or two for a
    double-board game, given as ``"Ah Kd 7c | 2c 3c 4c"`` or as a pair
    ``[board 1, board 2]`` (each text or codes; None or ``""``: no cards)."""
    if g.boards == 1:
        if isinstance(board, str) and "|" in board:
            has = (f"one board (its double-board form is '{g.name}{DOUBLE_SUFFIX}')"
                   if g.board else "no board")
            raise HandError(f"board: '|' separates the two boards of a double-board game; "
                            f"{g.name} has {has}")
        return [card_list(board, "board", unknown=unknown, limit=5)]
    if board is None or (isinstance(board, str) and not board.strip()):
        parts: list[Any] = [None, None]
    elif isinstance(board, str):
        parts = board.split("|")
    elif isinstance(board, np.ndarray) and board.ndim == 1:
        parts = [board]                                  # codes: one board, refused below
    else:
        try:
            parts = list(board)
        except TypeError:
            parts = [board]
    if len(parts) != 2:
        raise HandError(f"{g.name} deals two boards: give them as text with '|' between "
                        f"them ('Ah Kd 7c | 2c 3c 4c') or as a pair [board 1, board 2]; "
                        f"got {len(parts)} board{'s' if len(parts) != 1 else ''}")
    return [card_list(b, f"board {i + 1}", unknown=unknown, limit=5)
            for i, b in enumerate(parts)]


def _deal_arrays(g: Game, hands: Any, board: Any) -> tuple[Game, np.ndarray, np.ndarray, bool]:
    """(game as dealt to that many players, holes (N, P, hole), boards (N,
    boards x board), single), the arrays C-contiguous uint8.  A batch of
    double-board deals gives its boards as an (N, 2, board) array."""
    hands = as_numpy(hands, "hands")              # torch / JAX / DLPack / buffer: no copy
    board = as_numpy(board, "board")
    arr = None
    if isinstance(hands, np.ndarray) and hands.ndim == 3:
        arr = hands
    elif not isinstance(hands, (str, np.ndarray)) and hands is not None:
        try:
            probe = codes_array(hands, "hands", "deal")
            if probe.ndim == 3 and probe.dtype.kind in "iu":
                arr = probe
        except HandError:
            raise                                           # a bool for a card
        except ValueError:
            pass
    if arr is not None:                                     # batched deals
        if arr.dtype.kind not in "iu":
            raise HandError(f"hands must be integer codes; got dtype {arr.dtype}")
        g = g.for_players(arr.shape[1])
        if arr.shape[2] != g.hole:
            raise HandError(f"{g.name}: each player holds {g.hole} cards; hands have "
                            f"shape {arr.shape} (deals, players, cards)")
        b = np.zeros((arr.shape[0], 0), dtype=np.uint8) if board is None else \
            codes_array(board, "board", "deal")
        want = (arr.shape[0], g.board) if g.boards == 1 else (arr.shape[0], 2, g.board)
        what = "the board" if g.boards == 1 else "the boards"
        if b.shape != want:
            raise HandError(f"{g.name}: {what} must be an {want} integer array for "
                            f"{arr.shape[0]} deals; got shape {b.shape}")
        if b.size and b.dtype.kind not in "iu":
            raise HandError(f"{g.name}: {what} must be integer card codes; got dtype "
                            f"{b.dtype} (the shape {b.shape} is right)")
        b = b.reshape(arr.shape[0], g.board * g.boards)
        # uint8 codes go to the C loop unscanned: it refuses every deal holding
        # a code off the deck, and _run_showdown then names the problem as
        # card_array would have (_bad_deal)
        holes = np.ascontiguousarray(arr) if arr.dtype == np.uint8 else \
            card_array(arr, "hands", "deal")
        boards = np.ascontiguousarray(b) if b.dtype == np.uint8 else \
            card_array(b, "board", "deal")
        return g, holes, boards, False
    if isinstance(hands, str) or hands is None:
        raise HandError("hands must be a list with one hand per player")
    players = [_cards_1d(h, f"player {i}") for i, h in enumerate(hands)]
    if len(players) < 1:
        raise HandError("a showdown needs at least one player")
    full = g
    g = g.for_players(len(players))
    shared = " (with this many players the last card is shared: give it as the board)" \
        if g is not full else ""
    for i, p in enumerate(players):
        if len(p) != g.hole:
            raise HandError(f"{g.name}: each player holds {g.hole} cards{shared}; player {i} "
                            f"has {len(p)} ({format_cards(p)!r})")
    parts = board_lists(g, board)
    for i, part in enumerate(parts):
        if len(part) != g.board:
            which = "the board" if g.boards == 1 else f"board {i + 1}"
            raise HandError(f"{g.name}: {which} has {g.board} cards at showdown{shared}; "
                            f"got {len(part)}")
    b = np.array([c for part in parts for c in part], dtype=np.uint8)
    holes = np.ascontiguousarray(np.stack(players)[None, :, :], dtype=np.uint8)
    return g, holes, np.ascontiguousarray(b[None, :], dtype=np.uint8), True


def _deal_problem(g: Game, holes: np.ndarray, board: np.ndarray) -> str:
    cards = np.concatenate([board, holes.ravel()])
    return row_problem(cards, jokers_ok=g.wild is not None, deck=g.cards)


def _bad_deal(g: Game, holes: np.ndarray, boards: np.ndarray, bad: int) -> HandError:
    """The error for a batch whose first bad deal is ``bad``: a code out of
    range anywhere (hands first, then boards; as card_array says it), else
    what is wrong with that deal."""
    card_array(holes, "hands", "deal")
    card_array(boards, "board", "deal")
    where = "" if len(holes) == 1 else f"deal {bad}: "
    return HandError(f"{g.name}: {where}{_deal_problem(g, holes[bad], boards[bad])}")


def _run_showdown(g: Game, holes: np.ndarray, boards: np.ndarray, threads: int | None,
                  shares: bool = True, strengths: bool = True):
    """(shares (N, players) or None, strengths (halves, N, players[, boards])
    or None): the C loop writes only what is asked for."""
    n, players = holes.shape[0], holes.shape[1]
    if not 1 <= players <= g.max_players:
        raise HandError(f"{g.name}: {players} players; this game deals to 1..{g.max_players}")
    sh = np.empty((n, players), dtype=np.float64) if shares else None
    st = np.empty((len(g.halves), n, players * g.boards), dtype=np.int16) if strengths else None
    t = resolve_threads(threads, n)
    run = g.tables.showdown
    bad = first_bad_row(lambda a, b: run(holes[a:b], boards[a:b],
                                         None if sh is None else sh[a:b], st, a, t),
                        n, first=4096 * t)
    if bad >= 0:
        raise _bad_deal(g, holes, boards, bad)
    if st is not None and g.boards > 1:
        st = st.reshape(len(g.halves), n, players, g.boards)
    return sh, st


def _by_name(g: Game, st: np.ndarray) -> tuple[np.ndarray, ...]:
    """The strengths of each of ``g.half_names`` (a half the game lacks: -1)."""
    out = []
    for name in g.half_names:
        i = g.half_index(name)
        out.append(st[i] if i is not None else np.full(st.shape[1:], -1, dtype=np.int16))
    return tuple(out)


# ------------------------------------------------------ the per-hand paths
# Each public call of one deal is a compiled entry (handrank._core's
# _core_perhand.pxi): its per-hand path in C, then the general function
# below.  A general call given a name registers the name, so that the next
# call by that name takes the per-hand path when it fits its precondition.

#: Game names given to _core.showdown_game, and the game each stood for.
_SD_GAMES: dict[str, Game] = {}


def _showdown_game(game: Any) -> None:
    """Give the per-hand showdown paths the game called ``game`` (a name as
    the registry spells it), unless it already has it.  One-board and
    double-board games (showdown alone takes the latter), and only as many players as the game deals to without a shared
    card (``for_players(p) is g``): the fast path never takes the rest."""
    if type(game) is not str:
        return
    g = base = GAME_BY_NAME.get(game)
    if g is None and game.endswith(DOUBLE_SUFFIX):        # as get_game finds it
        base = GAME_BY_NAME.get(game[:-len(DOUBLE_SUFFIX)])
        if base is None or not base.board or base.shared_last:
            return
        g = base.double_board()
    else:
        base = None
    if g is None or _SD_GAMES.get(game) is g:
        return
    most = max((p for p in range(1, min(g.max_players, 23) + 1) if g.for_players(p) is g),
               default=0)
    hidx = tuple(-1 if g.half_index(n) is None else g.half_index(n) for n in g.half_names)
    _core.showdown_game(game, g, g.tables, most, hidx, base)
    if len(_SD_GAMES) >= _core.FAST_GAMES_MAX:
        _SD_GAMES.clear()
    _SD_GAMES[game] = g


# ----------------------------------------------------------------- the API

def evaluate_omaha(hole: Any, board: Any, rules: str = "high", wild: Any = None, *,
                   out: np.ndarray | None = None, threads: int | None = None,
                   like: Any = None) -> Any:
    """Strength of the best Omaha five: exactly two hole cards and three board cards.

    Parameters
    ----------
    hole
        4, 5 or 6 hole cards (text or codes), or an ``(N, h)`` integer array.
    board
        3, 4 or 5 board cards, or an ``(N, b)`` array (one board per hand).
    rules, wild, out, threads, like
        As for :func:`handrank.evaluate`; Omaha-8's low is ``rules="ace-to-five-8"``.

    Examples
    --------
    >>> import handrank as hr
    >>> hr.describe(hr.evaluate_omaha("Ah Kh Qh Jh", "2c 3d 9h 8h 7h"))   # Ah Kh + 9h 8h 7h
    'Ace-high flush'
    >>> hr.describe(hr.evaluate_omaha("Ah Kc Qd Js", "2h 3h 9h 8h 7h"))   # no two hole hearts
    'Ace-high'
    >>> hr.evaluate_omaha("Ah Kh Qh Jh", "2c 3d 9h 8h 7h")
    7031
    >>> hr.describe(hr.evaluate_omaha("Ah Kh 2c 3d", "Qh Jh Th 4s 4d"))
    'Royal flush'
    """
    if like is not None:
        return to_like(evaluate_omaha(hole, board, rules, wild, out=out, threads=threads),
                       hole if like is True else like)
    rs = get_rules(rules)
    ws = resolve_wild(wild)
    h, single_h = as_hands(hole)
    board = as_numpy(board, "board")
    barr = None if isinstance(board, str) or board is None else codes_array(board, "board")
    if barr is not None and barr.ndim == 2:
        b = card_array(barr, "board")
    elif barr is not None and barr.ndim != 1:
        raise HandError(f"board must be cards (text or a 1-D sequence) or an (N, b) array; "
                        f"got shape {barr.shape}")
    else:
        b = _cards_1d(board, "board")[None, :]
        b = np.repeat(b, len(h), axis=0) if not single_h else b
    if not 4 <= h.shape[1] <= 6:
        raise HandError(f"Omaha hole cards are 4, 5 or 6 per hand; got {h.shape[1]}")
    if not 3 <= b.shape[1] <= 5:
        raise HandError(f"an Omaha board has 3, 4 or 5 cards; got {b.shape[1]}")
    if len(b) != len(h):
        raise HandError(f"{len(h)} hands but {len(b)} boards; give one board per hand")
    b = np.ascontiguousarray(b, dtype=np.uint8)
    tables = omaha_tables(rs, h.shape[1], b.shape[1], ws)
    if ws is None and type(rules) is str and RULES_BY_NAME.get(rules) is rs:
        _core.omaha_game(rules, rs, h.shape[1], b.shape[1], tables)   # the per-hand path's
    n = len(h)
    res = out_array(out, n, h, b)
    t = resolve_threads(threads, n)
    bad = first_bad_row(lambda x, y: tables.omaha(h[x:y], b[x:y], res[x:y], t), n,
                        first=4096 * t)
    if bad >= 0:
        where = "" if single_h else f"row {bad}: "
        problem = row_problem(np.concatenate([h[bad], b[bad]]), jokers_ok=ws is not None,
                              deck=rs.deck)
        raise HandError(f"{where}hole and board: {problem}")
    if out is not None and res is not out:
        out[...] = res
        res = out
    return int(res[0]) if single_h else res


_OMAHA_PLAIN: dict[tuple, _core.GameTables] = {}
#: The most Omaha shapes _OMAHA_PLAIN holds (custom rule sets come and go).
_OMAHA_PLAIN_MAX = 64


def omaha_tables(rs: RuleSet, hole: int, board: int, ws: WildSetting | None) -> _core.GameTables:
    """The compiled Omaha shape.  Tables for a wild setting live on that
    setting (so they go when it goes, and a freed setting's tables can never
    be found under a reused key); without wild cards a module dict holds the
    shapes, keyed by the rule set's definition (not its name: two custom
    rule sets may share a name), and emptied when it holds _OMAHA_PLAIN_MAX."""
    key = (rs, hole, board)
    cache = _OMAHA_PLAIN if ws is None else ws.games
    t = cache.get(key)
    if t is None:
        if len(cache) >= _OMAHA_PLAIN_MAX:
            cache.clear()
        if rs.kind != "poker" or rs.cards != 5:
            raise HandError(f"Omaha plays five-card poker hands; {rs.name} rules rank "
                            f"{rs.cards}-card hands")
        if ws is not None and not rs.wild_ok:
            raise HandError(f"wild cards are not supported under {rs.name} rules")
        t = _core.GameTables(hole, board, [(rs.tables, 1, None)], rs.deck.compiled(ws))
        cache[key] = t
    return t


def showdown(game: str | Game, hands: Any, board: Any = None, *,
             threads: int | None = None, like: Any = None) -> np.ndarray:
    """Each player's share of the pot at showdown (float64, sums to 1).

    In a split game the high and the low each take half; tied hands share
    their half; with no qualifying low the high takes the whole pot.  In a
    double-board game each board is such a pot, worth half the pot.

    Parameters
    ----------
    game
        A game name (``holdem``, ``omaha``, ``omaha8``, ``stud``, ``razz``,
        ``draw``, ... -- ``hr.GAMES``, or ``<game>-double-board``), or a
        :class:`Game`.
    hands
        One hand per player (text or codes), or an ``(N, players, hole)``
        integer array of N deals.
    board
        The board (text or codes; ``None`` for games without one), or an
        ``(N, board)`` array for N deals.  A double-board game takes two
        boards: ``"Ah 7d Jc Ts 3s | 2c 3c 4c 5c 6c"``, a pair ``[board 1,
        board 2]``, or an ``(N, 2, board)`` array.
    threads, like
        As for :func:`handrank.evaluate` (torch, JAX or DLPack arrays are
        read without a copy).

    Returns
    -------
    numpy.ndarray
        ``(players,)`` shares, or ``(N, players)`` for N deals.

    Examples
    --------
    >>> import handrank as hr
    >>> hr.showdown("holdem", ["As Ks", "Qd Qc"], board="Ah 7d Jc Ts 3s").tolist()
    [1.0, 0.0]
    >>> hr.showdown("omaha8", ["Ah 2h 3s 4d", "Ks Kd 9c 9h"], "5h 6h 7c Jd Qs").tolist()
    [1.0, 0.0]
    """
    if like is not None:
        return to_like(showdown(game, hands, board, threads=threads),
                       hands if like is True else like)
    _showdown_game(game)
    g, holes, boards, single = _deal_arrays(get_game(game), hands, board)
    shares, _ = _run_showdown(g, holes, boards, threads, strengths=False)
    return shares[0] if single else shares


def game_strengths(game: str | Game, hands: Any, board: Any = None, *,
                   threads: int | None = None, like: Any = None) -> tuple[np.ndarray, ...]:
    """The strengths of each player's best hand for each half of the pot.

    A tuple with one array per name of ``g.half_names``: ``(high, low)``
    for the usual games, each int16 ``(players,)`` (or ``(N, players)``);
    -1 where the game has no such half or the hand does not qualify.
    Under ``omaha8`` and ``stud8`` each half picks its own five cards.  A
    double-board game adds a last axis of length 2: the strength with each
    board.  Games of other halves (badeucy: ``("deuce-to-seven",
    "badugi")``) give one array per half, in order.  ``threads=`` and
    ``like=`` work as in :func:`evaluate`.

    >>> import handrank as hr
    >>> hi, lo = hr.game_strengths("omaha8", ["Ah 2h 3s Kd", "Ks Qd 9c 9h"],
    ...                            "4h 5h 6c Jd 8s")
    >>> [hr.describe(int(s)) for s in hi], hr.describe(int(lo[0]), "a5-8"), int(lo[1])
    (['Six-high straight', 'One pair, nines'], 'Six-five low', -1)
    """
    if like is not None:
        return to_like(game_strengths(game, hands, board, threads=threads),
                       hands if like is True else like)
    _showdown_game(game)
    g, holes, boards, single = _deal_arrays(get_game(game), hands, board)
    _, st = _run_showdown(g, holes, boards, threads, shares=False)
    halves = _by_name(g, st)
    return tuple(h[0] for h in halves) if single else halves


def winners(game: str | Game, hands: Any, board: Any = None) -> Any:
    """The winners of each half of one deal: player indices, ties included.

    A tuple with one list per name of ``g.half_names`` -- ``(high winners,
    low winners)`` for the usual games; a list is empty when the game has
    no such half or nobody wins it (nobody qualifies, and its qualifier is
    not waived: ``Half(unqualified=...)``).  These are the winners the pot
    split of :func:`showdown` pays.  A double-board game gives one such
    tuple per board.

    >>> import handrank as hr
    >>> hr.winners("omaha8", ["Ah 2h 3s 4d", "Ks Kd 9c 9h"], "5h 6h 7c Jd Qs")
    ([0], [0])
    >>> hr.winners("holdem-double-board", ["As Ks", "Qd Qc"], "Ah 7d Jc Ts 3s | 2h 7c 8c 9d 4s")
    [([0], []), ([1], [])]
    """
    _showdown_game(game)
    g = get_game(game)
    g, holes, boards, single = _deal_arrays(g, hands, board)
    if not single:
        raise HandError("winners() takes one deal; use showdown() for batches")
    _run_showdown(g, holes, boards, None, shares=False, strengths=False)   # checks the deal
    out = [_winners_of(g, *g.tables.award(holes[0], boards[0], k)) for k in range(g.boards)]
    return out[0] if g.boards == 1 else out


def _winners_of(g: Game, n: list[list[int]], live: int) -> tuple[list[int], ...]:
    """The winners of each of ``g.half_names`` from C's award of one board
    (``n[h][p]``: the players sharing half h when p won it, else 0)."""
    del live                              # the pot's parts: shares, not winners
    out = []
    for name in g.half_names:
        i = g.half_index(name)
        out.append([] if i is None else [p for p, k in enumerate(n[i]) if k])
    return tuple(out)


def compare(hands: Any, rules: str = "high", wild: Any = None) -> np.ndarray:
    """Each player's share of the pot when complete hands are ranked against each other.

    For engines that keep each player's hole cards and the board together:
    every hand is all of a player's cards (5 to 9 under the usual rule
    sets, as :func:`evaluate` takes one hand), valued under ``rules``; the
    best strength takes the pot, shared equally by its ties.  Hands may
    hold the same cards (the board's), so no card is checked across hands;
    within a hand a repeated card is an error, as in :func:`evaluate`.

    Parameters
    ----------
    hands
        One complete hand per player (text or codes), or an ``(N, players,
        k)`` integer array of N deals.
    rules, wild
        As for :func:`evaluate` (any rule set: ``"high"``, ``"razz"``,
        ``"2-7"``, ``"ace-to-five-8"``, ...).

    Returns
    -------
    numpy.ndarray
        ``(players,)`` float64 shares, as :func:`showdown` returns them
        (``(N, players)`` for N deals).  They sum to 1, except under a rule
        set with a qualifier (``"ace-to-five-8"``) when no hand qualifies:
        then nobody wins and every share is 0.

    Raises
    ------
    HandError
        No hands, or a hand :func:`evaluate` refuses; the message names
        the hand (``hand 1: ...``).

    Examples
    --------
    >>> import handrank as hr
    >>> hr.compare(["As Ks Jd Th 2c 3d 4s", "Qd Qh Jd Th 2c 3d 4s"]).tolist()
    [0.0, 1.0]
    >>> hr.compare([[51, 47, 0, 5, 10, 15, 20], [50, 46, 0, 5, 10, 15, 20]]).tolist()
    [0.5, 0.5]
    >>> hr.compare(["8s 7d 5c 3h 2h Kd Kc", "9s 6d 4c 3d 2s Kh Ks"], "razz").tolist()
    [1.0, 0.0]
    """
    from ..evaluation import evaluate
    hands = as_numpy(hands, "hands")
    if isinstance(hands, np.ndarray) and hands.ndim == 3:          # N deals
        n, players, k = hands.shape
        if players < 1:
            raise HandError("compare needs at least one hand a deal")
        s = np.asarray(evaluate(hands.reshape(n * players, k), rules, wild)).reshape(n, players)
        return _shares_of(s)
    if isinstance(hands, (str, np.ndarray)) or hands is None:
        raise HandError("hands must be a list with one complete hand per player")
    try:
        items = list(hands)
    except TypeError:
        raise HandError(f"hands must be a list with one complete hand per player; got "
                        f"{type(hands).__name__}") from None
    if not items:
        raise HandError("compare needs at least one hand")
    s = []
    for i, h in enumerate(items):
        try:
            v = evaluate(h, rules, wild)
        except HandError as e:
            raise HandError(f"hand {i}: {e}") from None
        if isinstance(v, np.ndarray):
            raise HandError(f"hand {i}: one hand of cards (text or codes), not a batch")
        s.append(int(v))
    return _shares_of(np.array([s], dtype=np.int16))[0]


def _shares_of(s: np.ndarray) -> np.ndarray:
    """(N, P) float64 shares of (N, P) strengths: the best (>= 0) of each
    row shares its pot, 1 / ties each (nobody: -1, no qualifying hand)."""
    best = s.max(axis=1, keepdims=True)
    top = (s == best) & (best >= 0)
    ties = top.sum(axis=1, keepdims=True)
    return np.where(top, 1.0 / np.maximum(ties, 1), 0.0)


# The public entries: compiled, named and documented as the general functions.
_showdown_general, _strengths_general, _winners_general = showdown, game_strengths, winners
_omaha_general, _compare_general = evaluate_omaha, compare
_core.perhand_setup(GAME_BY_NAME, {
    "showdown": _showdown_general, "game_strengths": _strengths_general,
    "winners": _winners_general, "evaluate_omaha": _omaha_general,
    "compare": _compare_general})
_core.omaha_fast_setup(RULES_BY_NAME)


showdown = compiled_entry(_core.showdown, _showdown_general)
game_strengths = compiled_entry(_core.game_strengths, _strengths_general)
winners = compiled_entry(_core.winners, _winners_general)
evaluate_omaha = compiled_entry(_core.evaluate_omaha, _omaha_general)
compare = compiled_entry(_core.compare, _compare_general)
