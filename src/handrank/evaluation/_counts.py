"""Counting hand categories in a batch of strengths."""
from __future__ import annotations

from typing import Any

import numpy as np

from ._evaluate import _HIGH, _strength_input, category
from ..base import Category

__all__ = ["category_counts"]


def category_counts(strengths: Any, rules: str = _HIGH) -> dict[Category | None, int]:
    """How many of the strengths fall in each :class:`Category`.

    Parameters
    ----------
    strengths
        An array (or list) of strengths, such as a batch result of
        :func:`handrank.evaluate`, or one strength.
    rules
        The rule set the strengths were evaluated under (default ``"high"``;
        left out, a list of :class:`~handrank.Strength` values is read under
        their own rule set).

    Returns
    -------
    dict
        Every category the rule set has, in :class:`Category` order (worst
        pattern first, as a high hand reads them), mapped to a count (a
        Python ``int``, zero included).  A rule set with a qualifier
        (``"ace-to-five-8"``) also has the key ``None``: hands with no
        qualifying low.  The counts add up to the number of strengths.

    Raises
    ------
    HandError
        A strength out of the rule set's range, or a non-integer array.

    Examples
    --------
    >>> import handrank as hr
    >>> s = hr.evaluate(["As Ks Qs Js Ts", "Ah Ad 7c 7d 2s", "Kh Kd 9s 9c 2h"])
    >>> counts = hr.category_counts(s)
    >>> counts[hr.Category.TWO_PAIR], counts[hr.Category.ROYAL_FLUSH], sum(counts.values())
    (2, 1, 3)
    >>> {str(c): n for c, n in hr.category_counts([6120, -1, -1], "8-or-better").items() if n}
    {'HIGH_CARD': 1, 'None': 2}
    """
    if isinstance(strengths, (int, np.integer)):
        strengths = [strengths]
    rs, _ = _strength_input(strengths, rules)
    cats = np.asarray(category(strengths, rules)).ravel()
    tally = np.bincount(cats.astype(np.int64) + 1, minlength=len(Category) + 1)
    qualifier = rs.tables.qualifier_strength
    present = np.unique(rs._classes[0][qualifier or 0:]).tolist()   # qualifying classes
    counts: dict[Category | None, int] = {Category(c): int(tally[c + 1]) for c in sorted(present)}
    if qualifier is not None:
        counts[None] = int(tally[0])
    return counts
