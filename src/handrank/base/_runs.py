"""How a run uses the machine: the thread policy, seeds and trials.

Every ``threads=``, ``seed=`` and ``trials=`` argument of the package passes
through here, so they accept and refuse the same values everywhere:
:func:`resolve_threads` (how many cores a batch may use, no more than are
idle), :func:`resolve_seed`, :func:`check_trials` and :func:`resolve_run`.
"""
from __future__ import annotations

import os
import reprlib
import time
from typing import Any

import numpy as np

from .. import _core
from ._types import HandError

__all__ = ["resolve_threads", "default_threads", "idle_cores", "resolve_seed",
           "check_trials", "resolve_run", "MAX_TRIALS", "MIN_ROWS_PER_THREAD"]

#: Below this many hands per thread a batch runs on one thread.
MIN_ROWS_PER_THREAD = 32768


def default_threads() -> int:
    """Cores a batch uses by default: those this process may run on."""
    try:
        n = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):   # pragma: no cover - not Linux
        n = os.cpu_count() or 1
    return max(1, min(n, _core.MAX_THREADS if _core.HAS_OPENMP else 1))


def idle_cores(cores: int) -> int:
    """How many of ``cores`` are free right now (at least 1): on Linux, when
    this process may run on every CPU, ``cores`` less the other tasks that
    are runnable at this instant (/proc/loadavg's running count, which
    includes the calling thread); elsewhere ``cores``.

    A team of OpenMP threads ends at a barrier, so one thread that the OS
    deschedules because another process keeps its core busy holds up the
    whole call for a scheduler slice (milliseconds) even though it takes
    rows in small blocks; the default ``threads`` therefore starts no more
    threads than there are idle cores."""
    if cores <= 1 or not _WHOLE_MACHINE:
        return cores
    now = time.monotonic()
    if now - _RUNNING[0] > 0.005:          # read at most every 5 ms (a few µs each)
        try:
            fd = os.open("/proc/loadavg", os.O_RDONLY)
            try:
                text = os.read(fd, 128)
            finally:
                os.close(fd)
            _RUNNING[1] = int(text.split()[3].split(b"/")[0])
        except (OSError, ValueError, IndexError):   # pragma: no cover - no /proc
            _RUNNING[1] = 1
        _RUNNING[0] = now
    return max(1, min(cores, cores - (_RUNNING[1] - 1)))


#: (when /proc/loadavg was read, its count of runnable tasks then)
_RUNNING: list = [-1.0, 1]


try:
    _WHOLE_MACHINE = len(os.sched_getaffinity(0)) == os.cpu_count()
except (AttributeError, OSError):   # pragma: no cover - not Linux
    _WHOLE_MACHINE = False


def resolve_threads(threads: Any, n: int) -> int:
    """Threads for a batch of n rows; every ``threads=`` argument passes here.

    ``None`` means all idle cores (:func:`idle_cores`; fewer for small
    batches, one on a busy machine).  Otherwise a positive
    integer (Python or numpy, not bool): ``threads=`` is how many cores a batch
    may use, and more than the machine has (:func:`default_threads`) is capped,
    so any large integer is accepted.
    """
    if threads is None:
        if n < 2 * MIN_ROWS_PER_THREAD:
            return 1
        return idle_cores(max(1, min(default_threads(), n // MIN_ROWS_PER_THREAD)))
    is_int = isinstance(threads, (int, np.integer)) and not isinstance(threads, bool)
    if is_int and threads >= 1:
        return 1 if threads == 1 else min(int(threads), default_threads())
    shown = int(threads) if is_int else brief(threads)
    raise HandError(f"threads must be a positive integer or None; got {shown}")


#: The most Monte Carlo deals one equity run takes.
MAX_TRIALS = 2**62


def resolve_seed(seed: Any, generator: bool = False) -> int:
    """A 64-bit seed; every ``seed=`` argument passes here.

    An integer (Python or numpy, not bool) is taken mod 2**64, so negative
    seeds and ``np.uint64(2**64 - 1)`` are fine; None draws fresh entropy
    from numpy's SeedSequence (below 2**63).  With ``generator`` a numpy
    Generator is accepted too (one draw from it).  Anything else is a
    HandError.
    """
    if seed is None:
        return int(np.random.SeedSequence().entropy % (1 << 63))
    if generator and isinstance(seed, np.random.Generator):
        return int(seed.integers(0, 1 << 63))
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        kinds = "an integer, a numpy Generator or None" if generator else "an integer or None"
        raise HandError(f"seed must be {kinds}; got {brief(seed)}")
    return int(seed) % (1 << 64)


def check_trials(trials: Any) -> int | None:
    """Monte Carlo deals: None (exact), or an integer (Python or numpy, not
    bool) in 1..2**62; every ``trials=`` argument passes here."""
    if trials is None:
        return None
    if isinstance(trials, bool) or not isinstance(trials, (int, np.integer)) or trials < 1:
        shown = int(trials) if isinstance(trials, (int, np.integer)) and \
            not isinstance(trials, bool) else brief(trials)
        raise HandError(f"trials must be a positive integer or None; got {shown}")
    if trials > MAX_TRIALS:
        raise HandError(f"trials must be at most {MAX_TRIALS:,} (2**62); got {int(trials):,}")
    return int(trials)


def resolve_run(trials: Any, seed: Any) -> tuple[int | None, int | None]:
    """``(trials, seed)`` of an equity run, checked: ``(None, None)`` for an
    exact run (a seed given anyway must still be one), else the trials and
    the 64-bit seed (:func:`check_trials`, :func:`resolve_seed`).  Local and
    Dask runs both pass here, so they accept and refuse the same values."""
    trials = check_trials(trials)
    if trials is None:
        if seed is not None:
            resolve_seed(seed)
        return None, None
    return trials, resolve_seed(seed)


def brief(value: Any) -> str:
    """A repr short enough for an error message, however large the value."""
    return _REPR.repr(value)


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 40
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 6
