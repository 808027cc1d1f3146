"""The strength of one hand: an ``int`` that remembers its rule set.

:func:`handrank.evaluate` returns a :class:`Strength` for one hand, so that
:func:`handrank.describe` and :func:`handrank.category` read it under the
right rules without being told.  It sits just above the rule-set registry
(:mod:`handrank.rules._rules`), which it reads by name.
"""
from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from typing import Any

import numpy as np

from ._rules import RULES_BY_NAME, RuleSet, get_rules
from ..base import Category, HandError

__all__ = ["Strength", "strength_type", "unpickle_strength"]


class Strength(int):
    """The strength of one hand, as :func:`handrank.evaluate` returns it: an
    ``int`` that remembers the rule set it was computed under.

    It is an ``int`` in every way that matters: it compares, hashes, prints,
    adds and indexes as the plain number, and arithmetic on it gives plain
    ints.  What it adds is the rule set, so that :func:`handrank.describe`
    and :func:`handrank.category` read it under the right rules without being
    told (and refuse a ``rules=`` that disagrees).  Batch results stay plain
    ``int16`` arrays; pass ``rules=`` with those.

    ``Strength(value, rules="high")`` tags a number yourself (a value from a
    batch, say): ``hr.Strength(5)`` is strength 5 under ``"high"``, the rule
    set a plain integer is read under by default; ``hr.Strength(7461,
    "2-7")`` is the best deuce-to-seven hand.  The value is checked against
    the rule set's range; a :class:`Strength` passed without ``rules``
    keeps its own.  It pickles and copies with its rule set (a registered
    one by name, a custom :class:`~handrank.RuleSet` whole).

    Attributes
    ----------
    rules
        The canonical name of the rule set (``"deuce-to-seven"`` for ``"2-7"``).
    category
        The :class:`Category` of the five that play (None: no qualifying low).
    name
        The hand's name, as :func:`handrank.describe` gives it.

    Examples
    --------
    >>> import handrank as hr
    >>> s = hr.evaluate("7s 5c 4d 3d 2c", rules="2-7")
    >>> s, s.rules, s.name
    (7461, 'deuce-to-seven', 'Seven-five low')
    >>> hr.describe(s)                        # no rules= needed
    'Seven-five low'
    >>> s == 7461, isinstance(s, int), s + 1, type(s + 1)
    (True, True, 7462, <class 'int'>)
    >>> hr.Strength(5).rules, hr.Strength(5).name
    ('high', 'Eight-high')
    >>> hr.Strength(7461, "2-7") == s, hr.Strength(7461, "2-7").name
    (True, 'Seven-five low')
    """

    __slots__ = ()
    #: The RuleSet object; set on the one subclass made for each rule set.
    _ruleset: Any = None

    def __new__(cls, value: Any = 0, rules: Any = None) -> Strength:
        # Only the public base class runs this: each rule set's subclass
        # (strength_type) has int.__new__, so evaluate pays nothing for it.
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise HandError(f"a strength is an integer; got {type(value).__name__} "
                            f"{value!r}"[:120])
        if rules is None:
            rs = value._ruleset if isinstance(value, Strength) and value._ruleset else \
                get_rules("high")
        else:
            rs = get_rules(rules)
        return strength_type(rs)(rs.check_strength(int(value)))

    @property
    def rules(self) -> str:
        """The canonical name of the rule set this strength belongs to."""
        return _rules_of(self).name

    @property
    def category(self) -> Category | None:
        """The :class:`Category` of the hand (None: no qualifying low)."""
        return _rules_of(self).category(int(self))

    @property
    def name(self) -> str:
        """The hand's name, as :func:`handrank.describe` gives it."""
        return _rules_of(self).describe(int(self))

    def __reduce__(self) -> tuple:
        return unpickle_strength, (int(self), _rules_of(self))

    def __copy__(self) -> Strength:
        return self

    def __deepcopy__(self, memo: Any) -> Strength:
        return self


def _rules_of(s: Strength) -> Any:
    """The RuleSet of a strength ("high" for an untagged one, which only
    int.__new__(Strength, v) can make)."""
    if s._ruleset is None:
        return get_rules("high")
    return s._ruleset


#: The Strength subclass of each registered rule set (made once, kept).
REGISTERED_TYPES: dict[str, type[Strength]] = {}
#: The Strength subclass of each custom definition in use, keyed by the
#: RuleSet (which equals every RuleSet of its definition): weak, so a custom
#: rule set's subclass -- and the tables it holds -- go with its last
#: strength; the most recent few are also held strongly (_RECENT_TYPES), so
#: a loop over one custom rule set makes its subclass once.
_STRENGTH_TYPES: weakref.WeakValueDictionary = weakref.WeakValueDictionary()
_RECENT_TYPES: OrderedDict = OrderedDict()
_RECENT_MAX = 8
_TYPES_LOCK = threading.Lock()


def strength_type(ruleset: Any) -> type[Strength]:
    """The Strength subclass that tags values with ``ruleset`` (made once
    per definition)."""
    registered = RULES_BY_NAME.get(ruleset.name) is ruleset
    with _TYPES_LOCK:
        cls = (REGISTERED_TYPES if registered else _STRENGTH_TYPES).get(
            ruleset.name if registered else ruleset)
    if cls is None:
        category, name = _lookups(ruleset)
        cls = type(Strength)("Strength", (Strength,), {
            "__slots__": (), "_ruleset": ruleset, "__module__": Strength.__module__,
            "__qualname__": "Strength", "__doc__": Strength.__doc__,
            "__new__": int.__new__, "category": category, "name": name})
        with _TYPES_LOCK:
            if registered:
                cls = REGISTERED_TYPES.setdefault(ruleset.name, cls)
            else:
                cls = _STRENGTH_TYPES.setdefault(ruleset, cls)
    if not registered:
        with _TYPES_LOCK:
            _RECENT_TYPES[ruleset] = cls
            _RECENT_TYPES.move_to_end(ruleset)
            while len(_RECENT_TYPES) > _RECENT_MAX:
                _RECENT_TYPES.popitem(last=False)
    return cls


def _lookups(rs: Any) -> tuple[property, property]:
    """The ``category`` and ``name`` properties of one rule set's Strength
    subclass, each one lookup in C with no Python frame: ``category`` in a
    tuple of every strength's Category (made here from the class table,
    about a millisecond once per rule set), with one more entry, the last,
    for -1 (no qualifying low), which a negative index reaches; ``name`` in
    a dict that describes a strength the first time it is asked for.  A
    value is always in range (``Strength`` checks it, ``evaluate`` makes
    only such)."""
    members = list(Category)
    cats = tuple(None if c < 0 else members[c] for c in rs._breakdown[0].tolist())
    if rs.min_strength >= 0:
        cats += (None,)                          # the -1 entry, unreachable here
    names = _Names(rs)
    return (property(cats.__getitem__, doc=Strength.category.__doc__),
            property(names.__getitem__, doc=Strength.name.__doc__))


class _Names(dict):
    """Strength -> name, filled on first use of each strength."""

    def __init__(self, rs: Any) -> None:
        super().__init__()
        self.rs = rs

    def __missing__(self, key: int) -> str:
        text = self[int(key)] = self.rs.describe(int(key))
        return text


def unpickle_strength(value: int, rules: Any) -> Any:
    """Unpickle a Strength (pickled as ``handrank._unpickle_strength``:
    handrank/__init__.py): the value tagged with its rule set (a RuleSet,
    or the name of a registered one; a plain int for a name no longer
    registered)."""
    rs = rules if isinstance(rules, RuleSet) else RULES_BY_NAME.get(rules)
    return int(value) if rs is None else strength_type(rs)(value)


_restore = unpickle_strength         # the name older pickles give it: they still load
