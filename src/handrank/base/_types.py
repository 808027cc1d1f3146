"""Public types: the error raised for bad input and the hand categories.

(The strength a single-hand evaluation returns, an ``int`` tagged with its
rule set, is :mod:`handrank.rules._strength`: it needs the rule sets, which need
these.)"""
from __future__ import annotations

from enum import IntEnum
__all__ = ["HandError", "Category"]


def named_int_format(self, spec: str) -> str:
    """``format()`` of an IntEnum whose ``str()`` is its name, the same on
    every Python: an empty spec gives the name, any other formats the
    number (``f"{Category.FLUSH:d}"`` is ``"5"``).  Python 3.11 made this
    the default; on 3.10 a spec such as ``d`` was applied to the name."""
    return str(self) if not spec else int.__format__(int(self), spec)


def flag_repr(self) -> str:
    """``repr()`` of an IntFlag as Python 3.11+ writes it, on every Python:
    the members in ascending order (3.10 listed them descending)."""
    names = [m.name for m in type(self) if m & self]
    cls = type(self).__name__
    return f"<{cls}.{'|'.join(names)}: {int(self)}>" if names else f"<{cls}: {int(self)}>"


class HandError(ValueError):
    """Bad input: unreadable card text, a repeated card, a code out of range,
    a joker without a ``wild`` setting, a wrong number of cards, shape or dtype.

    The message says what is wrong and where (the position in the text, or
    the row of a batch), so it can be acted on.
    """


class Category(IntEnum):
    """The pattern of the five cards that play, under the rules' view of the ace.

    ``str()`` gives the member's name (``repr()`` and the integer value are
    those of any :class:`~enum.IntEnum`):

    >>> import handrank as hr
    >>> hr.category(hr.evaluate("As Ks Qs Js Ts"))
    <Category.ROYAL_FLUSH: 9>
    >>> str(hr.Category.ROYAL_FLUSH), int(hr.Category.ROYAL_FLUSH)
    ('ROYAL_FLUSH', 9)

    **A royal flush is its own category**, ``ROYAL_FLUSH`` (9), not a
    ``STRAIGHT_FLUSH`` (8) as treys, eval7 and phevaluator count it, so
    ``category == Category.STRAIGHT_FLUSH`` is False for a royal.  To ask
    "a straight flush, royal or not", use :attr:`is_straight_flush`, or on
    an array of categories ``np.isin(cats, [8, 9])`` (``cats >= 8`` counts
    five of a kind, 10, too: it needs wild cards):

    >>> royal = hr.evaluate("As Ks Qs Js Ts")
    >>> royal.category == hr.Category.STRAIGHT_FLUSH, royal.category.is_straight_flush
    (False, True)
    >>> hr.evaluate("9h 8h 7h 6h 5h").category.is_straight_flush
    True
    """

    @property
    def is_straight_flush(self) -> bool:
        """True for ``STRAIGHT_FLUSH`` and ``ROYAL_FLUSH`` alike: the test a
        category of treys, eval7 or phevaluator maps to (they count a royal
        flush as a straight flush)."""
        return self in (Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH)

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9
    FIVE_OF_A_KIND = 10

    def __str__(self) -> str:
        return self.name

    __format__ = named_int_format
