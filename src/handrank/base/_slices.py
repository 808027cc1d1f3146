"""Long C loops in slices: Python regains control often enough for Ctrl-C.

Every loop that may run for more than a fraction of a second (batches,
showdowns, equity, the preflop table) is called through :func:`sliced`,
which hands the C core a slice of the work at a time.  A slice is sized from
the speed measured on the previous one, so each call into C lasts about
``SLICE_SECONDS``; between calls the interpreter runs, so KeyboardInterrupt
(and a progress callback) arrives within a fraction of a second.  Results do
not depend on the slicing.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

__all__ = ["sliced", "first_bad_row", "first_slice", "SLICE_SECONDS"]

#: Seconds of work per call into C, roughly.
SLICE_SECONDS = 0.1


def sliced(run: Callable[[int, int], Any], lo: int, hi: int, *, first: int = 1,
           report: Callable[[], Any] | None = None, max_step: int | None = None) -> None:
    """Call ``run(a, b)`` over consecutive slices covering [lo, hi).

    The first slice has ``first`` items; later ones grow or shrink so that a
    call takes about SLICE_SECONDS, never exceeding ``max_step`` items (nor
    2**31 - 1, the C loops' limit).  ``report()`` is called after each slice.
    A ``run`` that returns ``True`` stops the walk (the rest is skipped).
    """
    step = max(1, first)
    cap = max(1, min(max_step or max(hi - lo, 1), 2**31 - 1))
    while lo < hi:
        b = min(hi, lo + min(step, cap))
        t0 = time.perf_counter()
        if run(lo, b) is True:
            return
        dt = time.perf_counter() - t0
        done, lo = b - lo, b
        if report is not None:
            report()
        if dt < SLICE_SECONDS / 16:
            step = done * 4
        elif dt < SLICE_SECONDS / 2:
            step = done * 2
        elif dt > SLICE_SECONDS:
            step = max(first, int(done * SLICE_SECONDS / dt))


def first_bad_row(run: Callable[[int, int], int], n: int, *, first: int,
                  max_step: int | None = None) -> int:
    """The first bad row of a batch of n rows checked by a C loop in slices.

    ``run(a, b)`` processes rows [a, b) and returns the first bad row among
    them (relative to a) or -1.  Batches of up to ``first`` rows are one call;
    longer ones are sliced (see :func:`sliced`) and stop at the first bad row.
    Returns its index in the whole batch, or -1.
    """
    if n <= first:
        return run(0, n)
    found = [-1]

    def part(a: int, b: int) -> bool:
        bad = run(a, b)
        if bad >= 0:
            found[0] = a + bad
            return True
        return False

    sliced(part, 0, n, first=first, max_step=max_step)
    return found[0]


def first_slice(cards: int, per_row: int, block: int = 1) -> int:
    """The first slice of a loop over rows of ``per_row`` cards, in units of
    ``block`` rows, that covers about ``cards`` cards."""
    return max(1, cards // max(per_row, 1) // block)
