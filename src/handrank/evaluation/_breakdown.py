"""What makes a strength: the ranks that decide it (:func:`breakdown`) and
the cards that play (:func:`best_five`, one C loop for a batch).

Both read the rule set's class table (``RuleSet.table``): each strength's
category and its ranks in order of significance.
"""
from __future__ import annotations

from itertools import combinations
from typing import Any, NamedTuple

import numpy as np

from .. import _core
from ._evaluate import (_EXACT_NAMES, _STR_TYPES, ONE_INT_TYPES, _HIGH, _bad_row_error, _check_k, _deck_for, _DefaultRules, _strength_array,
                        _strength_input, compiled_entry, evaluate, _fast_rules)
from ..cards import as_hands, resolve_wild
from ..rules import get_rules, Strength
from ..base import resolve_threads, first_bad_row, Category, HandError

__all__ = ["Breakdown", "breakdown", "best_five"]

#: Rows of best_five's first C call; longer batches go in slices (Ctrl-C).
_FIRST_ROWS = 1 << 16


class Breakdown(NamedTuple):
    """A strength taken apart: :func:`breakdown`.

    For one strength, ``category`` is a :class:`Category` (None: no
    qualifying low) and ``ranks`` a tuple of Python ints; for an array of
    strengths, ``category`` is an ``int8`` array (-1: no qualifying low) and
    ``ranks`` an ``int8`` array with one more axis of 5, -1 where a hand has
    no card (see :class:`StrengthTable` for what the ranks are).
    """

    category: Any
    ranks: Any


def breakdown(strengths: Any, rules: str = _HIGH) -> Breakdown:
    """The category of each strength and the ranks that decide it, in order.

    The ranks are real ranks 0..12 (2..A, a card code's ``code >> 2``), most
    significant first: a pair's rank twice then the kickers high to low;
    trips then the pair of a full house; a straight or straight flush from
    its top card (the wheel is 3, 2, 1, 0, 12: 5-4-3-2-A); under a low rule
    set the cards from the highest.  So two strengths of one category
    compare as their ranks do under the rule set's order of ranks (for a
    high rule set: as tuples).

    Parameters
    ----------
    strengths
        A strength (a :class:`Strength` from :func:`evaluate` is read under
        its own rule set; a plain integer under ``rules``), text (evaluated
        first), or an array or list of strengths of any shape, such as a
        batch result of :func:`evaluate`.
    rules
        The rule set of plain integers (default ``"high"``); any rule set
        of :data:`RULE_SETS`.

    Returns
    -------
    Breakdown
        ``(category, ranks)``.  For one strength, a :class:`Category` (None
        for no qualifying low) and a tuple of ints (as many as the hand has
        cards that decide it).  For an array of shape ``S``, an ``int8``
        array of shape ``S`` (-1: no qualifying low) and an ``int8`` array
        of shape ``S + (5,)``, whose places a hand does not fill (three-card
        poker, badugi, partial hands, no qualifying low) hold **-1**.  Two
        table lookups per strength (:meth:`RuleSet.table` is the whole
        table).

    Examples
    --------
    >>> import handrank as hr
    >>> hr.breakdown(hr.evaluate("Ah Kd 7c 7d 2s 9h 3c"))
    Breakdown(category=<Category.ONE_PAIR: 1>, ranks=(5, 5, 12, 11, 7))
    >>> hr.breakdown(hr.evaluate("5h 4d 3c 2s Ah 9d Kc")).ranks      # the wheel
    (3, 2, 1, 0, 12)
    >>> cats, ranks = hr.breakdown(hr.evaluate(["Kd Kh 9s 9c 2d", "2c 3c 4c 5c 7c"]))
    >>> cats.tolist(), ranks.tolist()
    ([2, 5], [[11, 11, 7, 7, 0], [5, 3, 2, 1, 0]])
    >>> hr.breakdown([-1, 6174], "8-or-better").ranks.tolist()      # -1: no low
    [[-1, -1, -1, -1, -1], [3, 2, 1, 0, 12]]
    """
    if type(strengths) in ONE_INT_TYPES and type(rules) in _STR_TYPES:
        known = _ONE_BY_NAME.get(rules)          # a plain int under a registered name
        if known is not None:
            b = known.get(strengths)
            if b is not None:
                return b
    if type(rules) is _DefaultRules and isinstance(strengths, Strength) and strengths._ruleset:
        b = _ONE.get(strengths._ruleset, {}).get(strengths)     # seen before: one lookup
        if b is not None:
            return b
    rs, s = _strength_input(strengths, rules)
    if isinstance(s, (int, np.integer)) and not isinstance(s, bool):
        v = rs.check_strength(int(s))
        known = _ONE.get(rs)
        if known is None:
            if len(_ONE) >= _ONE_RULE_SETS:          # bounded: custom rule sets come and go
                _ONE.clear()
            known = _ONE.setdefault(rs, {})
        if type(rules) in _STR_TYPES and _EXACT_NAMES.get(rules) is rs:
            _ONE_BY_NAME[rules] = known          # registered: never cleared, never changes
        b = known.get(v)
        if b is None:
            cat, ranks = rs._breakdown
            c = int(cat[v])
            b = known[v] = Breakdown(None if c < 0 else Category(c),
                                     tuple(int(r) for r in ranks[v] if r >= 0))
        return b
    cat, ranks = rs._breakdown
    arr = _strength_array(s, rs)
    return Breakdown(cat[arr], ranks[arr])


#: The breakdowns of single strengths asked for so far, per rule set (at most
#: _ONE_RULE_SETS rule sets, each at most its number of strengths).
_ONE: dict[Any, dict[int, Breakdown]] = {}
#: The same dicts by registered rule-set name, for a plain int (the per-hand
#: path: precondition, a registered name and one of ONE_INT_TYPES).
_ONE_BY_NAME: dict[str, dict[int, Breakdown]] = {}
_ONE_RULE_SETS = 32


def best_five(cards: Any, rules: str = "high", wild: Any = None, *,
              threads: int | None = None) -> Any:
    """The five cards that play (three under three-card rules; the badugi
    under a badugi rule set).

    The cards come in reading order: groups before kickers, high to low
    under the rules' view of the ace (the wheel as ``5 4 3 2 A``), higher
    suits first within a rank, wild cards last.  Among equally good fives
    the first is returned, in the order of ``itertools.combinations`` over
    the hand's cards.  A partial hand (``*-partial`` rule sets) plays every
    card.  Under a badugi rule set the cards of the badugi play: 1 to 4
    cards of different ranks and suits, high to low under the rule set's
    ace, the first such set of the hand's best badugi in the order of
    ``itertools.combinations``.

    Parameters
    ----------
    cards
        One hand (text or codes) or a batch (a list of texts, an ``(N, k)``
        integer array), as :func:`evaluate` takes them.
    rules, wild, threads
        As for :func:`evaluate`.

    Returns
    -------
    tuple or numpy.ndarray
        For one hand a tuple of Python ints (card codes); for a batch an
        ``(N, 5)`` ``uint8`` array (``(N, 3)`` three-card; ``(N, 4)`` badugi,
        255 -- no card -- in the places of cards a smaller badugi does not
        have).  For poker hands one C loop either way: the cards are
        read off the strength's class ranks (with wild cards, or where
        flushes count against the player, the hand's fives are valued until
        one equals its strength); about 0.1 µs a 7-card hand on one core.

    Examples
    --------
    >>> import handrank as hr
    >>> hr.format(hr.best_five("Kd 7c Ks 2h 7d 9s Kh"))
    'Ks Kh Kd 7d 7c'
    >>> hr.best_five("As Ks Qs Js Ts 2c 3d")           # Python ints
    (51, 47, 43, 39, 35)
    >>> hr.best_five(hr.parse("As Ks Qs Js Ts 2c 3d").reshape(1, 7))
    array([[51, 47, 43, 39, 35]], dtype=uint8)
    >>> hr.format(hr.best_five("As 2d 3h 4c Kc", "badugi"))
    '4c 3h 2d As'
    """
    rs = get_rules(rules)
    ws = resolve_wild(wild)
    if rs.kind == "badugi":
        return _badugi_cards(cards, rs, wild, threads)
    if threads is not None:
        resolve_threads(threads, 0)               # a bad value is an error even for one hand
    deck = _deck_for(rs, ws)
    _fast_rules(rules)            # a rule-set name: the per-hand path (_core.best_five) takes it next
    one = _core.best_five_one(rs.tables, cards, deck)    # plain text or codes: one C call
    if one is not None:
        return one
    rows, single = as_hands(cards, rs)
    n, k = rows.shape
    _check_k(k, rows, single, rs)
    play = min(k, rs.cards)
    best = np.empty((n, play), dtype=np.uint8)
    strengths = np.empty(n, dtype=np.int16)
    team = resolve_threads(threads, n)
    bad = first_bad_row(
        lambda a, b: _core.best_five_codes(rs.tables, rows[a:b], best[a:b], strengths[a:b],
                                           team, deck),
        n, first=_FIRST_ROWS, max_step=1 << 22)
    if bad >= 0:
        raise _bad_row_error(rows, bad, single, ws is not None, rs.deck)
    if single:
        return tuple(best[0].tolist())
    return best


# The public entry: compiled (games/_core_perhand.pxi), its per-hand path in
# C, then the general function above; named and documented as it.
_best_five_general = best_five
_core.perhand_general("best_five", _best_five_general)
best_five = compiled_entry(_core.best_five, _best_five_general)


#: Bits set in each 4-bit suit mask.
_POP4 = np.array([bin(i).count("1") for i in range(16)], dtype=np.int8)


def _badugi_cards(cards: Any, rs: Any, wild: Any, threads: int | None) -> Any:
    """best_five under a badugi rule set: the cards of each hand's badugi.

    The hand's strength (evaluate, which also checks every row) names the
    badugi's ranks; the first choice of that many cards, in the order of
    itertools.combinations, whose ranks are those and whose suits all
    differ plays, read high to low under the rule set's ace."""
    strengths = evaluate(cards, rs, wild, threads=threads)
    rows, single = as_hands(cards, rs)
    n, k = rows.shape
    ranks = rs._breakdown[1]                               # int8 (nclasses, 5), -1: no card
    target = np.where(ranks >= 0, np.left_shift(1, ranks.clip(0).astype(np.int32)),
                      0).sum(axis=1)
    size = (ranks >= 0).sum(axis=1)
    s = np.asarray(strengths, dtype=np.int64).reshape(n)
    want, m_of = target[s], size[s]
    r, su = (rows >> 2).astype(np.int32), (rows & 3).astype(np.int32)
    out = np.full((n, 4), 255, dtype=np.uint8)
    found = np.zeros(n, dtype=bool)
    for m in range(1, 5):
        todo = ~found & (m_of == m)
        for comb in combinations(range(k), m):
            if not todo.any():
                break
            c = list(comb)
            rank_bits = np.bitwise_or.reduce(np.left_shift(1, r[:, c]), axis=1)
            suit_bits = np.bitwise_or.reduce(np.left_shift(1, su[:, c]), axis=1)
            ok = todo & (rank_bits == want) & (_POP4[suit_bits] == m)
            out[ok, :m] = rows[ok][:, c]
            found |= ok
            todo &= ~ok
    # reading order: high to low under the rule set's ace (no two share a rank)
    order = np.array([rs.order_of(x) for x in range(13)] + [-1] * 51, dtype=np.int32)
    key = np.where(out == 255, -1, order[np.minimum(out >> 2, 63)])
    out = np.take_along_axis(out, np.argsort(-key, axis=1, kind="stable"), axis=1)
    if single:
        return tuple(int(c) for c in out[0] if c != 255)
    return out
