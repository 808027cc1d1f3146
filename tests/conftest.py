"""Shared fixtures: every five-card hand, and fixed-seed random hands."""
from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import time
from itertools import combinations

import numpy as np
import pytest


# The Ctrl-C tests send SIGINT to child interpreters.  A child inherits an
# *ignored* SIGINT (a suite started in the background by a non-interactive
# shell, `cmd &`, runs with SIGINT ignored), and Python then installs no
# KeyboardInterrupt handler in it; a handler here makes children start with
# the default disposition, so they get theirs.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


def assert_interrupts(setup: str, call: str, *, limit: float = 1.0,
                      sanitized_limit: float = 5.0, settle: float = 0.5) -> float:
    """The Ctrl-C tests' one harness: a child interpreter runs ``setup`` and
    then ``call`` (Python source); ``settle`` seconds into the call it gets
    SIGINT, and the call must end in KeyboardInterrupt within ``limit``
    seconds (``sanitized_limit`` in the AddressSanitizer build, whose C loops
    are several times slower).  Returns the seconds it took."""
    import handrank as hr
    code = (textwrap.dedent(setup).strip("\n") + "\nprint('ready', flush=True)\ntry:\n" +
            textwrap.indent(textwrap.dedent(call).strip("\n"), "    ") +
            "\n    print('finished', flush=True)\nexcept KeyboardInterrupt:\n"
            "    print('interrupted', flush=True)\n")
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline().strip()
        if line != "ready":
            proc.kill()
            pytest.fail(f"the child did not start: {line!r} {proc.communicate()[1]}")
        time.sleep(settle)
        if proc.poll() is not None:
            pytest.fail(f"the call ended before it could be interrupted: {proc.communicate()}")
        sent = time.perf_counter()
        proc.send_signal(signal.SIGINT)
        try:
            out, err = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            pytest.fail("KeyboardInterrupt did not stop the call within 60 s")
        waited = time.perf_counter() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert out.strip() == "interrupted", (out, err)
    allowed = sanitized_limit if hr._core.SANITIZED else limit
    assert waited < allowed, f"KeyboardInterrupt took {waited:.2f} s to stop the call"
    return waited


def all_hands(k: int) -> np.ndarray:
    """Every k-card hand of the 52-card deck as an (C(52, k), k) uint8 array."""
    return np.fromiter(combinations(range(52), k), dtype=np.dtype((np.uint8, (k,))))


def random_hands(n: int, k: int, seed: int, deck: int = 52) -> np.ndarray:
    """n hands of k distinct cards drawn from codes 0..deck-1, (n, k) uint8."""
    rng = np.random.default_rng(seed)
    keys = rng.random((n, deck))
    return np.argsort(keys, axis=1)[:, :k].astype(np.uint8)


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """Run the suite on every usable core where pytest-xdist is installed
    (the ``test`` extra has it) and ``-n`` was not given: the suite is many
    short single-threaded tests, so two cores take about half the time.
    ``-n 0`` (or ``-p no:xdist``) runs it in one process; without
    pytest-xdist it runs in one process as before."""
    import os
    if (config.pluginmanager.hasplugin("xdist") and "PYTEST_XDIST_WORKER" not in os.environ
            and config.getoption("numprocesses", None) is None
            and not config.getoption("usepdb", False)):
        n = usable_cpus()
        if n > 1:
            config.option.numprocesses = n


@pytest.fixture(scope="session")
def five_card_hands() -> np.ndarray:
    return all_hands(5)


def suited_hands(n: int, k: int, seed: int, ranks=range(13), flush: int = 5) -> np.ndarray:
    """n hands of k cards with at least `flush` of one suit (flush-heavy),
    from the given ranks, (n, k) uint8."""
    rng = np.random.default_rng(seed)
    ranks = np.array(list(ranks))
    deck = np.array([4 * r + s for r in ranks for s in range(4)])
    out = np.empty((n, k), dtype=np.uint8)
    for i in range(n):
        suit = rng.integers(4)
        m = min(rng.integers(min(flush, k), k + 1), len(ranks))   # a deck of few ranks
        suited = rng.choice(ranks, size=m, replace=False) * 4 + suit
        rest = np.setdiff1d(deck, suited)
        out[i] = np.concatenate([suited, rng.choice(rest, size=k - m, replace=False)])
    return out


def low_rank_hands(n: int, k: int, seed: int, ranks=(0, 1, 2, 3, 4, 5, 6, 12)) -> np.ndarray:
    """n hands of k cards drawn from a few ranks (by default 2..8 and A: many
    pairs, wheels and qualifying lows)."""
    rng = np.random.default_rng(seed)
    pool = np.array([4 * r + s for r in ranks for s in range(4)])
    return np.array([rng.choice(pool, size=k, replace=False) for _ in range(n)], dtype=np.uint8)


def usable_cpus() -> int:
    """Cores this process may run on (os.sched_getaffinity is Linux-only)."""
    import os
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):   # macOS, Windows
        return os.cpu_count() or 1


@pytest.fixture(scope="session")
def refpool():
    """A pool of worker processes for the slow pure-Python reference (started
    with "spawn": the workers never touch handrank's OpenMP threads)."""
    import multiprocessing
    import os
    n = max(1, min(4, usable_cpus()))
    with multiprocessing.get_context("spawn").Pool(n) as pool:
        yield pool


def ref_starmap(pool, fn, args, chunk=500):
    """fn(*a) for every a in args, on the reference pool."""
    return pool.starmap(fn, args, chunksize=chunk)
