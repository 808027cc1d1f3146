"""Evaluation: the public functions that value hands, argument checking, then
one call into the C loop.

Checks that need the data (a repeated card, a joker, a code out of range) are
made by the C loop at almost no cost; when it reports a bad row, this module
asks the one row explainer (:func:`handrank.cards._input.row_problem`) what is
wrong with it.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from .. import _core
from ..cards import (NCODES, card_name, codes_excerpt, format as format_cards, mask_array, Deck,
                     size_error, as_hands, row_problem, WildSetting, resolve_wild)
from ..base import (as_numpy, to_like, MIN_ROWS_PER_THREAD, resolve_threads, first_bad_row,
                    Category, HandError)
from ..rules import (RULES_BY_NAME as _EXACT_NAMES, RuleSet, get_rules, REGISTERED_TYPES, Strength,
                     strength_type)

__all__ = ["evaluate", "evaluate_masks", "category", "describe", "highest_card",
           "lowest_card"]

#: Most rows of a batch the fast path of :func:`evaluate` (``_core.evaluate_fast``)
#: takes, on one thread, with ``threads`` None or 1: the general path runs
#: these on one thread too (:func:`resolve_threads`), in one C call.
_FAST_ROWS = 2 * MIN_ROWS_PER_THREAD - 1

#: Most rows one C call evaluates.  A bigger batch is cut into slices, one C
#: call each, so that the loop comes back to Python (where Ctrl-C is seen)
#: about every ``_slices.SLICE_SECONDS``; batches of up to this many 5..7-card
#: hands without wild cards (a few milliseconds) stay one call.
CHUNK_ROWS = 1 << 22
#: Slow hands (8 or 9 cards, wild cards, masks of unknown size; up to a
#: hundred times slower) start with chunks this many times smaller.
SLOW_CHUNK_DIVISOR = 128
#: Masks without wild cards start with chunks this many times smaller: of
#: 5..7 cards they are as fast as codes, of 8 or 9 cards up to ~170 ns a
#: hand (CHUNK_ROWS // 8 of those: about 0.1 s), and few C calls keep a
#: batch on threads from waiting for descheduled threads more than once.
MASK_CHUNK_DIVISOR = 8


def _bad_row_error(rows: np.ndarray, i: int, single: bool, jokers_ok: bool = False,
                   deck: Deck | None = None) -> HandError:
    problem = row_problem(rows[i], jokers_ok, deck)
    if single:
        try:
            text = format_cards(rows[i])
        except HandError:
            text = str(rows[i].tolist())
        return HandError(f"hand {text!r}: {problem}")
    return HandError(f"row {i}: {problem}")


def _check_k(k: int, rows: np.ndarray, single: bool, rs: RuleSet) -> None:
    if k not in rs.hand_sizes:
        what = ""
        if single and 0 < k < rs.hand_sizes.start and rows.max() < NCODES:
            what = f" ({codes_excerpt(rows[0])!r})"
        raise size_error(k, rs, what)


def _deck_for(rs: RuleSet, ws: WildSetting | None) -> _core.CompiledDeck:
    """The compiled deck of a rule set under a wild setting (HandError when
    the rule set takes no wild cards, or a wild card is off its deck)."""
    if ws is not None and not rs.wild_ok:
        raise HandError(f"wild cards are not supported under {rs.name} rules (only for "
                        f"five-card poker rule sets)")
    return rs.deck.compiled(ws)


def out_array(out: np.ndarray | None, n: int, *sources: np.ndarray) -> np.ndarray:
    """The array the C loop writes: ``out`` itself when it is C-contiguous and
    shares no memory with the ``sources`` (the arrays the loop reads), else a fresh
    one whose values the caller copies into ``out`` afterwards.  (Threads write
    results while others still read rows, so an overlap would corrupt both.)"""
    if out is None:
        return np.empty(n, dtype=np.int16)
    if not isinstance(out, np.ndarray):
        raise HandError(f"out must be a numpy int16 array; got {type(out).__name__}")
    if out.dtype != np.int16 or out.shape != (n,):
        raise HandError(f"out must be an int16 array of shape ({n},); "
                        f"got dtype {out.dtype}, shape {out.shape}")
    if not out.flags.writeable:
        raise HandError("out is read-only")
    if out.flags.c_contiguous and not any(np.shares_memory(out, s) for s in sources):
        return out
    return np.empty(n, dtype=np.int16)


def _run_chunked(fn: Any, source: np.ndarray, res: np.ndarray, threads: int, wild: Any,
                 slow: bool, divisor: int = SLOW_CHUNK_DIVISOR) -> int:
    """``fn(source, res, threads, wild)`` (a C loop that returns the first bad
    row or -1) over the rows of ``source``; the first bad row's index in the
    whole batch, or -1.  Up to CHUNK_ROWS fast rows (``divisor`` times fewer
    slow ones: 8 or 9 cards, wild cards, masks of unknown size) are one call; longer batches go in slices of about ``_slices.SLICE_SECONDS``
    (Ctrl-C)."""
    first = max(1, CHUNK_ROWS // divisor if slow else CHUNK_ROWS)
    return first_bad_row(lambda a, b: fn(source[a:b], res[a:b], threads, wild), len(source),
                         first=first, max_step=CHUNK_ROWS)


_evaluate_fast = _core.evaluate_fast
_FAST_NAMES: set[str] = set()


def _fast_rules(rules: Any) -> bool:
    """Give ``_core.evaluate_fast`` a rule-set name (an exact name or alias)
    the first time it is used; whether it was new."""
    if type(rules) is not str or rules in _FAST_NAMES:
        return False
    rs = _EXACT_NAMES.get(rules)
    if rs is None:
        return False
    _core.fast_rules(rules, rs.tables, rs.deck.compiled(None), strength_type(rs), _FAST_ROWS)
    _FAST_NAMES.add(rules)
    return True


def evaluate(hands: Any, rules: str = "high", wild: Any = None, *,
             out: np.ndarray | None = None, threads: int | None = None, like: Any = None) -> Any:
    """Strength of the best five of each hand: higher is better, dense from 0.

    Parameters
    ----------
    hands
        One hand (text such as ``"As Kd Th 9c 2s"``, or a sequence of 5..9 card
        codes) or many (a list, 1-D array or pandas Series of texts, or an
        ``(N, k)`` integer array of any dtype and layout; C-contiguous
        ``uint8`` is the fast path).  A 1-D integer array is one hand.  Any
        integer array in CPU memory that exports ``__dlpack__`` or the buffer
        protocol (a torch tensor, a JAX array) is read without a copy.
    rules
        The name or an alias of any rule set in :data:`RULE_SETS`, such as
        ``"high"``, ``"razz"``, ``"2-7"``, ``"short-deck"`` or ``"badugi"``
        (``[rs.name for rs in hr.RULE_SETS]`` lists every name; an unknown
        name is a :class:`HandError` that lists them with their aliases).
    wild
        ``None`` (jokers are an error), ``"bug"`` (a joker is an ace, or
        completes a straight or flush), ``"jokers"`` (fully wild), or wild
        cards as text or codes: ``"2"`` (deuces), ``"Js Jh"`` (one-eyed
        jacks); jokers are then wild too.
    out
        Optional preallocated ``(N,)`` int16 array for a batch's result; it
        may share memory with ``hands``.
    threads
        How many cores a batch may use: ``None`` for all, 1 for the calling
        thread only.  More than the machine has is capped.
    like
        Return a batch's result in the array library of this array (a torch
        tensor, a JAX array, ...; ``True``: that of the input, numpy for a
        list, text or plain buffer), through DLPack; None (default) for
        numpy.  A result the library would narrow (JAX without its 64-bit
        setting) is a :class:`HandError`, never a silent cast.

    Returns
    -------
    Strength or numpy.ndarray
        For one hand a :class:`Strength`: an ``int`` that also remembers its
        rule set (``.rules``, ``.category``, ``.name``), so that
        :func:`describe` and :func:`category` need no ``rules=``.  For a
        batch, ``(N,)`` int16.  Under ``"ace-to-five-8"`` a hand with no
        qualifying low is -1.

    Raises
    ------
    HandError
        Unreadable text, a repeated card, a code out of range, a joker, a
        wrong number of cards, shape or dtype; the message names the row.

    Examples
    --------
    >>> import handrank as hr
    >>> hr.evaluate("As Ks Qs Js Ts")
    7461
    >>> hr.evaluate("7s 5c 4d 3d 2c", rules="2-7")
    7461
    >>> hr.evaluate(["As Ad Kc Kd 2h 3s 4c", "2c 3d 4h 5s 7c 9d Jh"]).tolist()
    [4986, 171]
    """
    if like is not None:
        return to_like(evaluate(hands, rules, wild, out=out, threads=threads),
                       hands if like is True else like)
    # The common case in one C call (its precondition: _core.evaluate_fast,
    # which the public entry, _core.evaluate, tries before it calls this);
    # None for everything else, bad rows included, which the general path
    # below takes (and explains).  Tried here too for a rule-set name seen
    # for the first time.
    v = _evaluate_fast(hands, rules, wild, out, threads)
    if v is not None:
        return v
    if _fast_rules(rules):          # a rule-set name seen for the first time
        v = _evaluate_fast(hands, rules, wild, out, threads)
        if v is not None:
            return v
    if threads is not None:
        resolve_threads(threads, 0)               # a bad value is an error even for one hand
    if wild is not None and out is None and type(rules) is str and not (
            type(hands) is np.ndarray and hands.size > 9):
        fast = _EXACT_NAMES.get(rules)
        if fast is not None:                     # one plain hand with wild cards: into C
            ws = resolve_wild(wild)
            v = fast.tables.eval_one(hands, _deck_for(fast, ws))
            if v is not None:                    # tagged with its rule set (see Strength)
                return (REGISTERED_TYPES.get(fast.name) or strength_type(fast))(v)
    rs = get_rules(rules)
    ws = resolve_wild(wild)
    deck = _deck_for(rs, ws)
    rows, single = as_hands(hands, rs)
    n, k = rows.shape
    _check_k(k, rows, single, rs)
    res = out_array(out, n, rows)
    bad = _run_chunked(rs.tables.eval_codes, rows, res, resolve_threads(threads, n),
                       deck, slow=k > 7 or ws is not None)
    if bad >= 0:
        raise _bad_row_error(rows, bad, single, ws is not None, rs.deck)
    if out is not None and res is not out:
        out[...] = res
        res = out
    return strength_type(rs)(res[0]) if single else res


def _mask_problem(m: int, rs: RuleSet, jokers_ok: bool = False) -> str:
    cards = m & 0x1FFF1FFF1FFF1FFF
    if jokers_ok:
        cards |= m & (0x2000 | 0x20000000)
    elif m & (0x2000 | 0x20000000):
        return "the mask holds a joker (bit 13 or 29), which needs a wild setting"
    if m != cards:
        extra = m & ~cards
        return f"bit {(extra & (0 - extra)).bit_length() - 1} is set, which is no card"
    for bit in range(64):
        if m >> bit & 1 and bit not in (13, 29) and not rs.deck.holds(4 * (bit & 15) + (bit >> 4)):
            return f"card {card_name(4 * (bit & 15) + (bit >> 4))} is not in {rs.deck.describe()}"
    return f"the mask holds {bin(m).count('1')} cards; " + str(size_error(
        bin(m).count('1'), rs)).split("; ")[0]


def compiled_entry(entry: Any, general: Any) -> Any:
    """A compiled public entry (its fast path in C, then ``general``), named
    and documented as ``general``: used for evaluate here and for equity."""
    for name in ("__name__", "__qualname__", "__module__", "__doc__"):
        setattr(entry, name, getattr(general, name))
    entry.__wrapped__ = general                 # inspect.signature reads general's
    return entry


evaluate_general = evaluate
evaluate = compiled_entry(_core.evaluate, evaluate_general)      # falls back on the upcall


def evaluate_masks(masks: Any, rules: str = "high", wild: Any = None, *,
                   out: np.ndarray | None = None, threads: int | None = None,
                   like: Any = None) -> Any:
    """Strength of hands given as uint64 bitmasks (one hand of 5..9 cards each).

    Card (rank, suit) is bit ``16*suit + rank``.  A single mask (an ``int``)
    gives an ``int``; an ``(N,)`` array gives ``(N,)`` int16.  Each mask may
    hold a different number of cards.  ``out=``, ``threads=`` and ``like=``
    work as in :func:`evaluate` (and torch, JAX or DLPack arrays are read
    without a copy).

    >>> import handrank as hr
    >>> hr.evaluate_masks(hr.to_mask("As Ks Qs Js Ts 2c 3d"))
    7461
    """
    if like is not None:
        return to_like(evaluate_masks(masks, rules, wild, out=out, threads=threads),
                       masks if like is True else like)
    if threads is not None:
        resolve_threads(threads, 0)
    masks = as_numpy(masks, "masks")
    if wild is None and out is None and type(rules) is str and type(masks) is int:
        fast = _EXACT_NAMES.get(rules)
        if fast is not None:
            v = fast.tables.eval_mask_one(masks, fast.deck.compiled(None))
            if v is not None:
                return v
    rs = get_rules(rules)
    ws = resolve_wild(wild)
    deck = _deck_for(rs, ws)
    single = isinstance(masks, (int, np.integer))
    if isinstance(masks, bool):
        raise TypeError("a mask is an integer, not a bool")
    if single:
        m = int(masks)
        if not 0 <= m < 2**64:
            raise HandError(f"mask {m} is not a 64-bit unsigned value")
        arr = np.array([m], dtype=np.uint64)
    else:
        if masks is None or isinstance(masks, (str, float)):
            raise TypeError(f"masks must be an integer or an array of uint64; "
                            f"got {type(masks).__name__}")
        arr = np.asarray(masks)
        if arr.dtype == object and arr.size and all(isinstance(x, int) for x in arr.flat):
            if any(not 0 <= x < 2**64 for x in arr.flat):
                raise HandError("masks must be 64-bit unsigned values")
            arr = arr.astype(np.uint64)
        arr = mask_array(arr, "row {row}: mask is negative")
    n = len(arr)
    res = out_array(out, n, arr)
    bad = _run_chunked(rs.tables.eval_masks, arr, res, resolve_threads(threads, n),
                       deck, slow=True,
                       divisor=SLOW_CHUNK_DIVISOR if ws is not None else MASK_CHUNK_DIVISOR)
    if bad >= 0:
        where = "" if single else f"row {bad}: "
        problem = _mask_problem(int(arr[bad]), rs, ws is not None)
        raise HandError(f"{where}{problem} (mask {int(arr[bad]):#x})")
    if out is not None and res is not out:
        out[...] = res
        res = out
    return int(res[0]) if single else res


class _DefaultRules(str):
    """The default ``rules="high"`` of :func:`describe` and :func:`category`:
    equal to ``"high"``, but told apart from an explicit ``rules="high"``, so
    that a :class:`Strength` is read under its own rule set by default and a
    ``rules=`` that disagrees with it is an error."""
    __slots__ = ()


_HIGH = _DefaultRules("high")


def _strength_tag(strength: Any) -> RuleSet | None:
    """The rule set a strength (or a list of them) was evaluated under, if it
    says (a :class:`Strength`); None for plain ints, arrays and text."""
    if isinstance(strength, Strength):
        return strength._ruleset
    if isinstance(strength, (list, tuple)):
        tags = {x._ruleset for x in strength if isinstance(x, Strength)}
        if len(tags) > 1:
            names = ", ".join(sorted(repr(t.name) for t in tags))
            raise HandError(f"the strengths come from different rule sets ({names}); "
                            f"strengths compare and read only within one rule set")
        return tags.pop() if tags else None
    return None


def _strength_input(strength: Any, rules: str | RuleSet) -> tuple[RuleSet, Any]:
    tag = _strength_tag(strength)
    if type(rules) is _DefaultRules:              # no rules= given
        rs = tag if tag is not None else get_rules(rules)
    else:
        rs = get_rules(rules)
        if tag is not None and tag != rs:
            shown = int(strength) if isinstance(strength, Strength) else "in the list"
            raise HandError(f"strength {shown} was evaluated under rules={tag.name!r}, not "
                            f"{rs.name!r}: leave out rules= (a strength from evaluate "
                            f"knows its rule set), or pass int(strength) to read the bare "
                            f"number under other rules")
    if isinstance(strength, str):
        return rs, evaluate(strength, rs)
    return rs, strength


#: The types of one plain strength the per-hand path of :func:`category`,
#: :func:`describe` and :func:`breakdown` takes: a Python int, or a numpy
#: integer scalar (an element of evaluate's int16 batch).  Not bool, not
#: :class:`Strength` (whose rule set decides; it has its own lookups).
ONE_INT_TYPES = frozenset([int] + [t for t in {getattr(np, n, None) for n in (
    "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "intc", "uintc",
    "intp", "uintp", "longlong", "ulonglong", "short", "ushort", "byte", "ubyte")}
    if isinstance(t, type) and issubclass(t, np.integer)])
_STR_TYPES = (str, _DefaultRules)
#: Per registered rule-set name (as rules= spells it): every strength's
#: Category (None: no qualifying low), made at the first single strength
#: under that name; and the names described so far.  A single strength is
#: then one dict lookup (its hash is its value, numpy scalars included).
#: Precondition of the per-hand path: ``rules`` is a registered name (the
#: registry's names never change meaning) and the strength one of
#: ONE_INT_TYPES; everything else, errors included, takes the general path.
_ONE_CATS: dict[str, dict[int, Any]] = {}
_ONE_NAMES: dict[str, dict[int, str]] = {}
_MISS = object()


def _one_cats(rs: RuleSet) -> dict[int, Any]:
    cats = rs._breakdown[0].tolist()              # -1: no qualifying low (row -1 too)
    by_number = [None] + list(Category)            # index c + 1
    return {v: by_number[cats[v] + 1] for v in range(rs.min_strength, rs.nclasses)}


def _natural(s: Any, rs: RuleSet) -> None:
    """Refuse strengths only wild cards reach (``natural=True``)."""
    if isinstance(s, (int, np.integer)):
        rs.check_natural(int(s))
        return
    arr = _strength_array(s, rs)
    bad = arr >= rs.natural_strengths
    if bad.any():
        rs.check_natural(int(arr[np.unravel_index(int(np.argmax(bad)), arr.shape)]))


def category(strength: Any, rules: str = _HIGH, *, natural: bool = False) -> Any:
    """The :class:`Category` of a strength (``None``: no qualifying low).

    Parameters
    ----------
    strength
        A :class:`Strength` from :func:`evaluate` (read under its own rule
        set: ``rules=`` may be left out; one that disagrees raises
        :class:`HandError`); a plain integer (a Python int or a numpy
        integer scalar) under ``rules``; an array or list of strengths;
        or text (evaluated first).
    rules
        The rule set of plain integers (default ``"high"``).
    natural
        True: a strength that only wild cards reach (five of a kind, at
        and above :attr:`RuleSet.natural_strengths`) is a
        :class:`HandError`, as for a number computed from a peer's rank
        with the wrong count.  Default False: every strength of the rule
        set's table is read, five of a kind included (SPEC).

    Returns
    -------
    Category or None, or numpy.ndarray
        For an array, an ``int8`` array of category numbers (-1 for no
        qualifying low).

    Raises
    ------
    HandError
        A strength out of the rule set's range (or, with ``natural=True``,
        one only wild cards reach).

    Examples
    --------
    >>> import handrank as hr
    >>> hr.category(hr.evaluate("Ah Ad Ac 6s 6d"))
    <Category.FULL_HOUSE: 6>
    >>> hr.category(hr.evaluate("Ah Kh Qh Jh Th", rules="a6"))   # ace low: a flush
    <Category.FLUSH: 5>
    >>> hr.category(7474), hr.get_rules("high").natural_strengths
    (<Category.FIVE_OF_A_KIND: 10>, 7462)
    >>> hr.category(7474, natural=True)
    Traceback (most recent call last):
      ...
    handrank.HandError: strength 7474 is five of a kind, which only wild cards make: a hand without wild cards has a strength in 0..7461 under rules='high' (RuleSet.natural_strengths is 7462; pass natural=False for the strengths of hands with wild cards)
    """
    if type(strength) in ONE_INT_TYPES and not natural and type(rules) in _STR_TYPES:
        cats = _ONE_CATS.get(rules)
        if cats is not None:
            c = cats.get(strength, _MISS)
            if c is not _MISS:
                return c
    if natural:
        rs, s = _strength_input(strength, rules)
        _natural(s, rs)
    if type(rules) is _DefaultRules and isinstance(strength, Strength) and strength._ruleset:
        return strength.category                 # a table lookup
    rs, s = _strength_input(strength, rules)
    if isinstance(s, (int, np.integer)) and not isinstance(s, bool):
        c = rs.category(int(s))
        if type(rules) in _STR_TYPES and type(strength) in ONE_INT_TYPES and \
                _EXACT_NAMES.get(rules) is rs:
            _ONE_CATS[rules] = _one_cats(rs)
        return c
    arr = _strength_array(s, rs)
    cats = rs._classes[0][np.clip(arr, 0, None)].astype(np.int8)
    cats[~_qualifies(arr, rs)] = -1
    return cats


def describe(strength: Any, rules: str = _HIGH, *, natural: bool = False) -> Any:
    """Plain-English name of a strength: ``"Full house, threes over sixes"``.

    Parameters
    ----------
    strength
        A :class:`Strength` from :func:`evaluate` (read under its own rule
        set: ``rules=`` may be left out; one that disagrees raises
        :class:`HandError`); a plain integer (a Python int or a numpy
        integer scalar) under ``rules``; an array or list of strengths; or
        text (evaluated first).
    rules
        The rule set of plain integers (default ``"high"``).
    natural
        True: a strength only wild cards reach (five of a kind) is a
        :class:`HandError` (see :func:`category`).

    Returns
    -------
    str, or list of str
        Under low rules an unpaired hand is named by its top two cards
        (``"Seven-five low"``); ``"No low"`` when an eight-or-better low
        does not qualify.  An array gives a list of names.

    Raises
    ------
    HandError
        A strength out of the rule set's range (or, with ``natural=True``,
        one only wild cards reach).

    Examples
    --------
    >>> import handrank as hr
    >>> hr.describe(hr.evaluate("3h 3d 3c 6s 6d"))
    'Full house, threes over sixes'
    >>> hr.describe(hr.evaluate("7s 5c 4d 3d 2c", rules="2-7"))
    'Seven-five low'
    >>> hr.describe(7461, rules="2-7")                # a bare number needs its rules
    'Seven-five low'
    """
    if type(strength) in ONE_INT_TYPES and not natural and type(rules) in _STR_TYPES:
        names = _ONE_NAMES.get(rules)
        if names is not None:
            name = names.get(strength)
            if name is not None:
                return name
    if natural:
        rs, s = _strength_input(strength, rules)
        _natural(s, rs)
    if type(rules) is _DefaultRules and isinstance(strength, Strength) and strength._ruleset:
        return strength.name                     # a table lookup
    rs, s = _strength_input(strength, rules)
    if isinstance(s, (int, np.integer)) and not isinstance(s, bool):
        name = rs.describe(int(s))
        if type(rules) in _STR_TYPES and type(strength) in ONE_INT_TYPES and \
                _EXACT_NAMES.get(rules) is rs:
            _ONE_NAMES.setdefault(rules, {})[int(s)] = name
        return name
    arr = _strength_array(s, rs)
    names = {int(v): rs.describe(int(v)) for v in np.unique(arr)}
    return [names[int(v)] for v in arr.ravel()]


def _strength_array(s: Any, rs: RuleSet) -> np.ndarray:
    """Strengths as int64, each checked against the rules' range *before* any
    cast (a uint64 or a huge Python int must not wrap into range)."""
    try:
        arr = np.asarray(s)
    except ValueError:                           # ragged nested lists
        raise HandError("strengths must be integers in a list or array of one shape") from None
    if arr.dtype.kind in "fO" and isinstance(s, (list, tuple)):
        exact = np.array(s, dtype=object)        # [0, 2**64 - 1] would be float64
        if _all_ints(exact):
            arr = exact
    if arr.size == 0 and arr.dtype.kind not in "iu":
        arr = arr.astype(np.int64)               # [] is float64: no value, so no wrong one
    lo, hi = rs.min_strength, rs.nclasses

    def out_of_range(bad: np.ndarray) -> HandError:
        v = int(arr[np.unravel_index(int(np.argmax(bad)), arr.shape)])
        return HandError(f"strength {v} is out of range for rules={rs.name!r}: "
                         f"expected {lo}..{hi - 1}")

    if arr.dtype == object and _all_ints(arr):
        bad = np.frompyfunc(lambda v: not lo <= v < hi, 1, 1)(arr).astype(bool)
        if bad.any():
            raise out_of_range(bad)
        arr = arr.astype(np.int64)
    if arr.dtype.kind not in "iu":
        raise HandError(f"strengths must be integers; got dtype {arr.dtype}")
    if arr.dtype.kind == "u" and arr.dtype.itemsize >= 8:    # would wrap in int64
        bad = arr >= np.uint64(hi)
        if bad.any():
            raise out_of_range(bad)
    arr = arr.astype(np.int64)
    bad = (arr < lo) | (arr >= hi)
    if bad.any():
        raise out_of_range(bad)
    return arr


def _all_ints(arr: np.ndarray) -> bool:
    return bool(arr.size) and all(isinstance(v, (int, np.integer)) and not isinstance(v, bool)
                                  for v in arr.flat)


def _qualifies(arr: np.ndarray, rs: RuleSet) -> np.ndarray:
    q = rs.tables.qualifier_strength
    return arr >= (0 if q is None else q)


def _extreme_card(cards: Any, pick: Any) -> Any:
    rows, single = as_hands(cards)
    if rows.shape[1] == 0:
        raise HandError("no cards given")
    bad = rows >= 52
    if bad.any():
        i, j = np.unravel_index(int(np.argmax(bad)), rows.shape)
        where = "" if single else f"row {i}: "
        raise HandError(f"{where}code {rows[i, j]} at position {j} is not a card of the "
                        f"52-card deck (jokers have no rank or suit to compare)")
    res = pick(rows, axis=1)
    return int(res[0]) if single else res


def highest_card(cards: Any) -> Any:
    """The highest card by rank, then suit (clubs < diamonds < hearts < spades).

    Returns a code (``int``), or ``(N,)`` uint8 codes for a batch.  Used for
    dealer selection.

    >>> import handrank as hr
    >>> hr.format([hr.highest_card("Kd Ks 9h")])
    'Ks'
    """
    return _extreme_card(cards, np.max)


def lowest_card(cards: Any) -> Any:
    """The lowest card by rank, then suit (the stud bring-in under high rules).

    >>> import handrank as hr
    >>> hr.format([hr.lowest_card("2h 2c 9s")])
    '2c'
    """
    return _extreme_card(cards, np.min)
