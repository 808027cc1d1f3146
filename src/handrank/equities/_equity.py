"""Equity: each player's expected share of the pot, exact or Monte Carlo.

The whole loop (dealing, evaluating every player's high and low, splitting the
pot) is C with the GIL released; Python only checks the question, splits the
work into ranges (for progress reports, and for :mod:`handrank.dask`), and
turns the integer counts into the result.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

import numpy as np

from .. import _core
from ..cards import card_name, card_list, row_fault
from ..evaluation import compiled_entry
from ..games import GAME_BY_NAME, Game, get_game, board_lists
from ..ranges import Range, in_deck, parse_range
from ..base import resolve_run, resolve_threads, sliced, HandError, upcalls

__all__ = ["equity", "EquityResult", "prepare", "EXACT_LIMIT"]

#: Exact enumerations larger than this many deals are refused (use trials=).
EXACT_LIMIT = 3_000_000_000
#: Progress reports per run, at least (more on long runs: one per slice):
#: an exact run with a progress callback is cut into at least this many
#: units where it has as many deals; Monte Carlo reports once per slice of
#: chunks (HR_EQ_CHUNK deals), so at least this often from
#: PROGRESS_STEPS chunks up.
PROGRESS_STEPS = 100
#: The most awards counted per player (halves x (players + 1)^halves): a
#: game of 3 halves takes 23 players, one of 4 halves 10.
MAX_AWARDS = 2**16
#: Exact questions of at most this many hands to value (deals x players) run
#: in one call into C, without slicing: a few milliseconds at most (some
#: wild-card hands take a microsecond each), far below the 0.1 s that
#: Ctrl-C may wait.
SMALL_EXACT = 50_000


@dataclass
class EquityResult:
    """The answer of :func:`equity`.

    Attributes
    ----------
    equity
        Each player's expected share of the pot (float64, sums to 1); split
        pots count as fractions.
    wins
        Deals in which the player took the whole pot.
    ties
        Deals in which the player took part of the pot (a tie, or one half
        of a split pot).
    deals
        Deals evaluated.
    stderr
        Standard error of each equity (zeros for an exact enumeration).
    exact
        Whether every completion was enumerated.
    seed
        The Monte Carlo seed (reuse it to reproduce the run), or None.
    high, low
        The part of ``equity`` won through the high and the low half of the
        pot (float64 per player; ``high + low == equity``).  A game with one
        half puts it all in that half.  None for a game whose halves are
        not a high and a low one (see ``halves``).
    halves
        The part of ``equity`` won through each half of the game, by the
        half's name (``{"high": ..., "low": ...}`` for a split game,
        ``{"deuce-to-seven": ..., "badugi": ...}`` for badeucy); the values
        add up to ``equity``.
    win_or_tie
        Each player's share of the deals in which they won or tied (took
        all or part of the pot), the convention of tools that count a tie
        as a win: ``(wins + ties) / deals`` (weighted alike with weighted
        ranges; ``total_weight`` is then the deals' total weight).
    categories
        ``(players, 11)`` int64: deals in which each player's deciding hand
        (the high, or the low of a low-only game) was of each
        :class:`Category`; ``winning_categories`` counts the deals in which
        that hand also won (all or part of) its half.
    by_hand
        For each player holding a range, a dict from each hand of the range
        (as text) to its equity -- the player's share of the pot averaged over
        the deals that gave them that hand; None for the other players.

    >>> import handrank as hr
    >>> r = hr.equity("omaha8", ["Ah 2h 3s Kd", "Ks Qd 9c 9h"], board="4h 5h Jc")
    >>> bool(abs(r.high + r.low - r.equity).max() < 1e-12)
    True
    >>> r = hr.equity("holdem", ["QQ+", "Ah Kh"], board="Qh 7h 2c")
    >>> sorted(r.by_hand[0].items())[0][0], r.by_hand[1] is None
    ('Ad Ac', True)
    """

    equity: np.ndarray
    wins: np.ndarray
    ties: np.ndarray
    deals: int
    stderr: np.ndarray
    exact: bool
    seed: int | None = None
    game: str = ""
    hands: list[str] = field(default_factory=list)
    high: np.ndarray | None = None
    low: np.ndarray | None = None
    categories: np.ndarray | None = None
    winning_categories: np.ndarray | None = None
    by_hand: list[dict[str, float] | None] = field(default_factory=list)
    halves: dict[str, np.ndarray] = field(default_factory=dict)
    total_weight: float | None = None

    @property
    def win_or_tie(self) -> np.ndarray:
        """Each player's share of the deals won or tied, ``(wins + ties) /
        deals`` (float64): a tie counted as a win.

        >>> import handrank as hr
        >>> r = hr.equity("holdem", ["As Kd", "Ac Kc"], board="2h 7d Jc Qs")
        >>> r.wins.tolist(), r.ties.tolist(), r.deals
        ([0, 0], [44, 44], 44)
        >>> r.equity.tolist(), r.win_or_tie.tolist()     # split, and counted as wins
        ([0.5, 0.5], [1.0, 1.0])
        """
        total = self.deals if self.total_weight is None else self.total_weight
        return (self.wins + self.ties) / total

    def _materialize(self) -> None:
        """Make every array of a result whose counts are pending."""
        for name in _PART:
            getattr(self, name)

    def __getstate__(self) -> dict:
        self._materialize()              # pickles and copies hold the arrays
        return self.__dict__

    def __eq__(self, other: object) -> bool:
        """Field by field, arrays by their values (``np.array_equal``, a NaN
        equal to a NaN), so ``r1 == r2`` is one bool; a result is mutable,
        so it stays unhashable."""
        if not isinstance(other, EquityResult):
            return NotImplemented
        return all(_same(getattr(self, f.name), getattr(other, f.name))
                   for f in fields(EquityResult))

    __hash__ = None                                  # type: ignore[assignment]

    def __repr__(self) -> str:
        kind = "exact" if self.exact else f"Monte Carlo, seed {self.seed}"
        lines = [f"EquityResult({self.game}, {self.deals:,} deals, {kind})"]
        width = max([len(h) for h in self.hands] + [6])
        for i, h in enumerate(self.hands):
            err = "" if self.exact else f" ± {self.stderr[i]:.4%}"
            lines.append(f"  {h:<{width}}  equity {self.equity[i]:8.4%}{err}  "
                         f"wins {self.wins[i]:,}  ties {self.ties[i]:,}")
        return "\n".join(lines)


def _same(a: Any, b: Any) -> bool:
    """Whether two field values of an EquityResult are equal: arrays by shape
    and values, dicts and lists item by item, anything else by ``==``."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        if not (isinstance(a, np.ndarray) and isinstance(b, np.ndarray)):
            return False
        nan = a.dtype.kind in "fc" and b.dtype.kind in "fc"
        return bool(np.array_equal(a, b, equal_nan=nan))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(map(_same, a, b))
    if isinstance(a, float) and isinstance(b, float) and a != a and b != b:
        return True
    return bool(a == b)


#: The fields of an EquityResult that equity_result makes when first read,
#: with the part of EquityState.summary each comes from (4: halves, high and
#: low, made together), read through _core.PendingField, which makes part 4 with the upcall
#: ``halves_of`` (set on the class after the
#: dataclass is made: the generated __init__ keeps its own defaults).
_PART = {"equity": 0, "wins": 1, "ties": 2, "stderr": 3, "halves": 4, "high": 4, "low": 4,
         "categories": 5, "winning_categories": 6}
for _name, _part in _PART.items():
    setattr(EquityResult, _name, _core.PendingField(_name, _part, tuple(_PART)))


def halves_of(g: Game, per_half: np.ndarray) -> dict[str, Any]:
    """The ``halves``, ``high`` and ``low`` fields of an EquityResult from
    the (players, halves) part of each player's equity won through each half."""
    halves = {h.name: per_half[:, i].copy() for i, h in enumerate(g.halves)}
    high = low = None
    if g.classic:
        zero = np.zeros(len(per_half))
        high, low = halves.get("high", zero), halves.get("low", zero)
    return {"halves": halves, "high": high, "low": low}


def _arrays(g: Game, summary: tuple) -> dict[str, Any]:
    """The array fields of an EquityResult from equity_summary's tuple."""
    eq, wins, ties, stderr, per_half, cats, winning = summary
    return {"equity": eq, "wins": wins, "ties": ties, "stderr": stderr,
            "categories": cats, "winning_categories": winning, **halves_of(g, per_half)}


@dataclass
class Prepared:
    """A checked equity question: picklable, so ranges can run elsewhere."""

    game: Game
    holes: list[list[int]]
    board: list[int]
    deck: list[int]
    labels: list[str]
    ranges: list[tuple[np.ndarray, np.ndarray] | None] = field(default_factory=list)
    board2: list[int] = field(default_factory=list)     # a double-board game's second

    @property
    def weighted(self) -> bool:
        """Whether some player's range gives its hands different weights (then
        wins and ties are weighted sums, not counts)."""
        return any(r is not None and bool((r[1] != r[1][0]).any()) for r in self.ranges)

    def state(self) -> _core.EquityState:
        g = self.game
        try:
            return _core.EquityState(g.tables, self.holes, bytes(self.board), bytes(self.deck),
                                     self.ranges or None, bytes(self.board2))
        except ValueError as e:
            raise HandError(str(e)) from None


def prepare(game: str | Game, hands: Sequence[Any], board: Any = "", dead: Any = "") -> Prepared:
    """Check an equity question and work out the deck left to deal from."""
    g = get_game(game)
    if (type(hands) is not list and (isinstance(hands, str) or not isinstance(hands, Sequence))) \
            or len(hands) < 1:
        raise HandError("hands must be a list with one entry per player "
                        "(text, codes, '??' or None for an unknown hand)")
    if len(hands) < 2:
        raise HandError("equity needs at least two players (one entry per player); got 1. "
                        "Add '??' (or None) for an opponent with a random hand")
    if len(hands) > g.max_players:
        raise HandError(f"{g.name} deals to at most {g.max_players} players; got {len(hands)}")
    nh = len(g.halves)
    if nh * (len(hands) + 1) ** nh > MAX_AWARDS:
        most = max(p for p in range(1, len(hands)) if nh * (p + 1) ** nh <= MAX_AWARDS)
        raise HandError(f"equity of a game of {nh} halves counts every way the pot can be "
                        f"shared: at most {most} players; got {len(hands)}")
    g = g.for_players(len(hands))          # stud's shared last card at a full table
    holes, ranges, random_label = [], [], {}
    for i, h in enumerate(hands):
        rng, codes = _hand(h, g, f"player {i}")
        if rng is not None and rng.is_random:
            random_label[i] = rng.text
            rng = None             # every hand, equally likely: dealt like an unknown hand
            codes = []
        holes.append([] if rng is not None else codes)
        ranges.append(rng)
    boards = board_lists(g, board, unknown=True)          # one, or two (double board)
    if boards[0] and g.board == 0:
        raise HandError(f"{g.name} has no board")
    for i, part in enumerate(boards):
        if len(part) > g.board:
            which = "board" if g.boards == 1 else f"board {i + 1}"
            raise HandError(f"{which} has {len(part)} cards; {g.name} deals {g.board}")
    on_boards = [c for part in boards for c in part]
    d = card_list(dead, "dead cards", unknown=True, limit=54)
    deck = _core.deck_without(g.cards.code_bytes, holes + boards + [d])
    if deck is None:
        _card_problem(g, holes, boards, d)           # raises: names the card and where
    range_arrays: list[tuple[np.ndarray, np.ndarray] | None] = []
    # every known card, checked by deck_without above (jokers: no range hand holds one)
    known = frozenset(c for c in [*on_boards, *d, *(c for h in holes for c in h)] if c < 52)
    for i, rng in enumerate(ranges):
        if rng is None:
            range_arrays.append(None)
            continue
        live = in_deck(rng, g.cards, f"player {i}")._without_codes(         # short deck
            known)                                                          # card removal
        if not len(live):
            raise HandError(f"player {i}: no hand of the range {rng.text!r} is left once the "
                            f"known, board and dead cards are removed")
        range_arrays.append((live.combos, live.weights))
    need = (g.board * g.boards - len(on_boards) + len(holes) * g.hole
            - sum(map(len, holes)))                                       # still to deal
    if need > len(deck):
        raise HandError(f"the deck runs out: {need} cards are still to be dealt but only "
                        f"{len(deck)} are left (fewer players or dead cards)")
    labels = []
    for i, h in enumerate(holes):
        if i in random_label:
            labels.append(random_label[i])
        elif ranges[i] is not None:
            labels.append(ranges[i].text)
        elif len(h) == g.hole:
            labels.append(" ".join(map(_NAMES.__getitem__, h)))
        else:
            labels.append(" ".join([_NAMES[c] for c in h] + ["??"] * (g.hole - len(h))))
    return Prepared(g, holes, boards[0], deck, labels,
                    range_arrays if any(r is not None for r in range_arrays) else [],
                    boards[1] if g.boards == 2 else [])


_NAMES = tuple(card_name(c) for c in range(54))


def fast_range(text: str, hole: int) -> tuple[bytes, bytes] | None:
    """The range a player's text is read as by prepare (_hand: not cards,
    then a range of ``hole``-card hands), for _core.equity_fast (the upcall
    ``fast_range``): its hands
    (rows as Range.combos lists them) and float64 weights as bytes; None
    when prepare reads the text otherwise (cards, a partial hand), finds it
    random (dealt as an unknown hand), or raises."""
    try:
        card_list(text, "", unknown=True, limit=hole)
        return None
    except HandError:
        pass
    try:
        rng = parse_range(text, hole)
    except HandError:
        return None
    if rng.is_random or rng._random_weight is not None:        # listed on access: not kept
        return None
    return (np.ascontiguousarray(rng.combos, dtype=np.uint8).tobytes(),
            np.ascontiguousarray(rng.weights, dtype=np.float64).tobytes())



def _card_problem(g: Game, holes: list[list[int]], boards: list[list[int]],
                  d: list[int]) -> None:
    """Raise the HandError for the first card of a question that is not in
    the game's deck or appears twice (the one row explainer walks the
    players' cards, the boards and the dead cards as one row)."""
    named = [("board" if len(boards) == 1 else f"board {k + 1}", b) for k, b in enumerate(boards)]
    groups = [(f"player {i}", h) for i, h in enumerate(holes)] + named + [("dead cards", d)]
    where = [w for w, cards in groups for _ in cards]
    fault = row_fault([c for _, cards in groups for c in cards], jokers=g.cards.jokers,
                      deck=g.cards)
    if fault is None:                                                   # pragma: no cover
        raise AssertionError("a card problem was found but not named")
    at = where[fault.pos]
    if fault.kind == "joker" and not g.cards.jokers:
        raise HandError(f"{at}: {g.name} is dealt from a {g.cards.size}-card deck; no jokers")
    if fault.kind == "joker":
        raise HandError(f"{at}: the deck of {g.name} has one joker (Jk)")
    if fault.kind == "deck":
        raise HandError(f"{at}: card {fault.card} is not in {g.cards.describe()}")
    raise HandError(f"card {fault.card} appears twice ({where[fault.first]} and {at})")


def _hand(spec: Any, g: Game, what: str) -> tuple[Range | None, list[int] | None]:
    """A player's entry: (its Range, None), or (None, its known card codes)."""
    if isinstance(spec, Range):
        if spec.cards != g.hole:
            raise HandError(f"{what}: a range of {spec.cards}-card hands in {g.name}, where "
                            f"players hold {g.hole}")
        return spec, None
    if not isinstance(spec, str) or g.select == "all" or g.board == 0:
        return None, card_list(spec, what, unknown=True, limit=g.hole)
    try:
        return None, card_list(spec, what, unknown=True, limit=g.hole)     # plain cards
    except HandError as card_error:
        try:
            return parse_range(spec, g.hole), None
        except HandError as range_error:
            why = str(card_error)                 # said of this entry already: no prefix
            why = why[len(what) + 2:] if why.startswith(f"{what}: ") else why
            raise HandError(f"{what}: {spec!r} is neither cards nor a range. As cards: "
                            f"{why}. As a range: {range_error}") from None


def merge(counts: Sequence[dict]) -> dict:
    """Add up counts from several ranges (exactly: they are integers)."""
    out = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in counts[0].items()}
    for c in counts[1:]:
        for k, v in c.items():
            out[k] = None if v is None else out[k] + v
    return out


def finish(prep: Prepared, counts: dict, exact: bool, seed: int | None) -> EquityResult:
    """Turn counts into an :class:`EquityResult`."""
    _check_counts(prep, counts["deals"], counts["wdeals"])
    summary = _core.equity_summary(counts["cnt"], counts["wcnt"] if prep.ranges else None,
                                   counts["cats"], counts["deals"], counts["wdeals"], exact,
                                   prep.weighted, prep.game.boards, counts["dd"], counts["dx"],
                                   counts["wcats"] if prep.ranges else None)
    return _result(prep, summary, counts["deals"], exact, seed, _by_hand(prep, counts),
                   float(counts["wdeals"]) if prep.weighted else None)


def _check_counts(prep: Prepared, deals: int, wdeals: float) -> None:
    if deals == 0:
        raise HandError("no deal is possible: the ranges share cards in every combination "
                        "(with each other or with the known, board and dead cards)")
    if prep.ranges and not wdeals > 0.0:
        raise HandError("the range weights are too small: the product of the weights of "
                        "every possible deal underflows to zero")


def _result(prep: Prepared, summary: tuple, deals: int, exact: bool, seed: int | None,
            by_hand: list, total_weight: float | None = None) -> EquityResult:
    return EquityResult(deals=deals, exact=exact, seed=seed, game=prep.game.name,
                        hands=prep.labels, by_hand=by_hand, total_weight=total_weight,
                        **_arrays(prep.game, summary))


def _by_hand(prep: Prepared, counts: dict) -> list[dict[str, float] | None]:
    """Each range hand's equity, for the players holding ranges."""
    out: list[dict[str, float] | None] = [None] * len(prep.holes)
    share, weight = counts.get("hand_share"), counts.get("hand_weight")
    if not prep.ranges or share is None:
        return out
    start = 0
    for p, r in enumerate(prep.ranges):
        if r is None:
            continue
        combos = r[0]
        m = len(combos)
        s, w = share[start:start + m].tolist(), weight[start:start + m].tolist()
        out[p] = {" ".join(map(_NAMES.__getitem__, combo)): si / wi
                  for combo, si, wi in zip(combos.tolist(), s, w) if wi > 0}
        start += m
    return out


def mc_chunks(trials: int) -> int:
    return -(-trials // _core.EQUITY_CHUNK)


def _mc(st: _core.EquityState, seed: int, trials: int, lo: int, hi: int, threads: int) -> None:
    if not st.run_mc(seed, trials, lo, hi, threads):
        raise HandError("the ranges share cards in almost every draw (100,000 redraws in a "
                        "row clashed); give ranges that can be dealt together")


def run_range(prep: Prepared, kind: str, lo: int, hi: int, trials: int = 0, seed: int = 0,
              threads: int | None = 1) -> dict:
    """Counts of units (exact) or chunks (Monte Carlo) [lo, hi) of a question,
    run in slices so that KeyboardInterrupt is seen between them."""
    st = prep.state()
    t = resolve_threads(threads, 1 << 30)
    if kind == "exact":
        sliced(lambda a, b: st.run_exact(a, b, t), lo, hi, first=t)
    else:
        sliced(lambda a, b: _mc(st, seed, trials, a, b, t), lo, hi, first=t)
    return st.result()


def equity(game: str | Game, hands: Sequence[Any], board: Any = "", dead: Any = "",
           trials: int | None = None, seed: int | None = None, threads: int | None = None,
           progress: Callable[[int, int], Any] | None = None,
           folded: Sequence[Any] | None = None) -> EquityResult:
    """Each player's expected share of the pot.

    Parameters
    ----------
    game
        A game preset: ``holdem``, ``omaha``, ``omaha8``, ``stud``, ``razz``, ...
    hands
        One entry per player: text (``"As Ks"``), codes, ``"??"`` or ``None``
        for a random hand, or a range (``"QQ+, AKs"`` or a :class:`Range`) in
        games with a board.  Fewer cards than the game deals (``"As"``,
        ``"As ??"``, or three stud cards) means the rest are dealt at random.
        Ranges lose the hands that clash with known, board and dead cards;
        each deal is weighted by the product of the range weights.
    board, dead
        Known board cards, and cards out of play (text or codes).
    trials
        ``None``: enumerate every completion exactly (refused beyond
        :data:`EXACT_LIMIT` deals, except two hold'em ranges preflop with no
        dead cards: read exactly from the hands table of
        :func:`handrank.preflop_range_equity`, built once and cached, without
        ``categories``).  An int: Monte Carlo with that many random deals.
    seed
        Monte Carlo seed; the same seed and trials give the same result on
        any number of threads.  ``None`` picks one (see ``result.seed``).
    threads
        Cores to use (``None``: all).
    progress
        Called as ``progress(done, total)`` (deals) between slices of work.
    folded
        Players who folded: one range (or hand) each.  Their cards are dealt
        from those ranges together with everyone else's and are out of play
        (see ``handrank.equities._folded``): exact for small questions, Monte Carlo
        with ``trials``.

    Returns
    -------
    EquityResult
        ``.equity``, ``.wins``, ``.ties``, ``.deals``, ``.stderr``.

    Examples
    --------
    >>> import handrank as hr
    >>> r = hr.equity("holdem", ["As Ks", "Qd Qc"], board="2h 7d Jc")
    >>> r.deals, r.equity.round(4).tolist()
    (990, [0.2475, 0.7525])
    >>> round(float(hr.equity("holdem", ["Ah Ad", "??"], trials=200_000, seed=1).equity[0]), 2)
    0.85
    """
    # The common case is taken before this function runs, in one call into C
    # (the public handrank.equity is _core.equity: its precondition is
    # _core.equity_fast's, checked there: a registered game by name, every
    # player's whole hand and the board as plain text or codes, no dead
    # cards, exact, no progress, threads None or 1).  Here: the rest, errors
    # included, and a game name seen for the first time (given to the fast
    # path, which then takes the question if it fits).
    if _fast_game(game):
        r = _equity_fast(game, hands, board, dead, trials, seed, threads, progress, folded)
        if r is not None:
            return r
    return _equity(game, hands, board, dead, trials, seed, threads, progress, folded)


def _equity(game: str | Game, hands: Sequence[Any], board: Any, dead: Any, trials: Any,
            seed: Any, threads: Any, progress: Callable[[int, int], Any] | None,
            folded: Sequence[Any] | None) -> EquityResult:
    """The general path of :func:`equity` (its own function: the closures
    below would cost the fast path their cells at every call)."""
    if folded is not None:               # issue 25: folded players' ranges
        return upcalls.folded_equity(game, hands, board, dead, folded, trials, seed, threads,
                                progress)
    trials, seed = resolve_run(trials, seed)
    resolve_threads(threads, 1)          # checked before any work
    prep = prepare(game, hands, board, dead)
    st = prep.state()
    tell = _Progress(progress) if progress is not None else None
    if trials is None:
        total = st.total
        if total > EXACT_LIMIT and _preflop_headsup(prep):
            # Over the limit, two hold'em ranges preflop: exact from the
            # hands table (handrank.tables._preflop_hands) instead.
            r = upcalls.preflop_ranges([None if not prep.ranges or prep.ranges[p] is None
                                        else prep.ranges[p] for p in range(2)],
                                       prep.labels, threads, tell)
            if tell:
                tell.end(r.deals)
            return r
        if total > EXACT_LIMIT:
            raise HandError(
                f"an exact enumeration would take {total:,.0f} deals (over "
                f"{EXACT_LIMIT:,}); pass trials=1_000_000 (or more) for Monte Carlo, or fix "
                f"more cards")
        units = st.replan(PROGRESS_STEPS) if tell else st.units    # enough units to report
        nthreads = resolve_threads(threads, int(total))
        if total * len(prep.holes) <= SMALL_EXACT and tell is None:
            st.run_exact(0, units, nthreads)     # a small question: one call (see SMALL_EXACT)
        else:
            report = (lambda: tell(st.deals, int(total))) if tell else None
            sliced(lambda a, b: st.run_exact(a, b, nthreads), 0, units, first=nthreads,
                   report=report,
                   max_step=max(1, units // PROGRESS_STEPS) if tell else None)
    else:
        chunks = mc_chunks(trials)
        nthreads = resolve_threads(threads, trials)
        report = (lambda: tell(st.deals, trials)) if tell else None
        sliced(lambda a, b: _mc(st, seed, trials, a, b, nthreads), 0, chunks, first=nthreads,
               report=report,
               max_step=max(nthreads, chunks // PROGRESS_STEPS) if tell else None)
    if tell:
        tell.end(st.deals)
    return _finish_state(prep, st, trials is None, seed)


def _preflop_headsup(prep: Prepared) -> bool:
    """Whether a question is two hold'em ranges (or random hands) preflop:
    the registered holdem game, two players with no known card, no board
    card, no dead card -- what the hands table answers."""
    return (prep.game is GAME_BY_NAME.get("holdem") and len(prep.holes) == 2
            and not any(prep.holes) and not prep.board and not prep.board2
            and len(prep.deck) == 52)


_equity_fast = _core.equity_fast


equity_general = equity
equity = compiled_entry(_core.equity, equity_general)      # falls back on the upcall


def _fast_game(game: Any) -> bool:
    """Give ``_core.equity_fast`` the game called ``game`` (a name as the
    registry spells it) when it is not known there yet or now names another
    game; whether it was new.  A game dealt to fewer players than the table
    takes (a shared last card), or on two boards, is given with no players:
    the fast path never takes it."""
    if type(game) is not str:
        return False
    g = GAME_BY_NAME.get(game)
    if g is None or _FAST_GAMES.get(game) is g:
        return False
    nh = len(g.halves)
    most = 0
    if g.boards == 1 and not g.shared_last:
        most = max([p for p in range(2, g.max_players + 1) if nh * (p + 1) ** nh <= MAX_AWARDS],
                   default=0)
    _core.fast_game(game, g, g.tables, g.cards.code_bytes, most)
    if len(_FAST_GAMES) >= _core.FAST_GAMES_MAX:
        _FAST_GAMES.clear()
    _FAST_GAMES[game] = g
    return True


#: The games given to _core.fast_game, by name (as there).
_FAST_GAMES: dict[str, Game] = {}


class _Progress:
    """A progress callback that remembers its last call."""

    def __init__(self, progress: Callable[[int, int], Any]) -> None:
        self.progress, self.last = progress, None

    def __call__(self, done: int, total: int) -> None:
        self.last = (done, total)
        self.progress(done, total)

    def end(self, deals: int) -> None:
        """The last call, (deals, deals), unless it was just made: a bar
        ends full even where the total was an upper bound (ranges)."""
        if deals and self.last != (deals, deals):
            self(deals, deals)


def _finish_state(prep: Prepared, st: _core.EquityState, exact: bool,
                  seed: int | None) -> EquityResult:
    """finish() straight from a state's counts (no copies without ranges)."""
    if prep.ranges:
        return finish(prep, st.result(), exact, seed)
    if st.deals == 0:
        _check_counts(prep, 0, 0.0)              # raises
    return _core.equity_result(st, prep.game, prep.labels, exact, seed)
