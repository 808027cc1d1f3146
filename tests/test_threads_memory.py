"""Thread safety, GIL release and memory."""
from __future__ import annotations

import gc
import subprocess
import sys
import textwrap
import threading
import time

import numpy as np
import pytest

import handrank as hr

from conftest import random_hands


def _calls(hands7, masks, holes, boards):
    """Every entry point, with its result."""
    return {
        "evaluate": lambda: hr.evaluate(hands7, threads=1),
        "evaluate_low": lambda: hr.evaluate(hands7, "2-7", threads=1),
        "evaluate_wild": lambda: hr.evaluate(hands7, "high", "2", threads=1),
        "evaluate_masks": lambda: hr.evaluate_masks(masks, "a5-8", threads=1),
        "single": lambda: np.array([hr.evaluate(h) for h in hands7[:200].tolist()]),
        "best_five": lambda: hr.best_five(hands7[:2000]),
        "describe": lambda: np.array(hr.describe(hr.evaluate(hands7[:500]))),
        "omaha": lambda: hr.evaluate_omaha(holes[:, 0], boards, "a5-8", threads=1),
        "showdown": lambda: hr.showdown("omaha8", holes, boards, threads=1),
        "equity": lambda: hr.equity("holdem", ["As Ks", "??"], trials=100_000, seed=3,
                                    threads=1).wins,
        "equity_exact": lambda: hr.equity("omaha8", ["Ah 2h 3s Kd", "Ks Qd 9c 9h"],
                                          board="4h 5h Jc", threads=1).wins,
        "parse": lambda: np.array([hr.to_mask(hr.format(h)) for h in hands7[:300]]),
    }


def test_eight_threads_every_entry_point_shared_and_separate_inputs():
    hands7 = random_hands(40_000, 7, seed=1)
    masks = hr.to_mask(hands7)
    rng = np.random.default_rng(2)
    cards = np.argsort(rng.random((20_000, 52)), axis=1)[:, :13].astype(np.uint8)
    holes, boards = cards[:, :8].reshape(-1, 2, 4).copy(), cards[:, 8:].copy()
    calls = _calls(hands7, masks, holes, boards)
    expected = {name: fn() for name, fn in calls.items()}
    errors, results = [], []

    def worker(seed):
        order = list(calls)
        np.random.default_rng(seed).shuffle(order)
        try:
            for _ in range(2):
                for name in order:
                    results.append((name, calls[name]()))
            # separate inputs: a private copy evaluated with all threads
            mine = hands7[seed * 1000:(seed + 1) * 1000].copy()
            results.append(("private", (mine, hr.evaluate(mine))))
        except Exception as e:   # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert len(results) == 8 * (2 * len(calls) + 1)
    for name, value in results:
        if name == "private":
            mine, got = value
            assert np.array_equal(got, hr.evaluate(mine, threads=1))
        else:
            assert np.array_equal(value, expected[name]), name


def test_c_loops_release_the_gil():
    """While one thread is inside a long C loop, another thread keeps running
    Python code: it could not if the loop held the GIL."""
    hands = random_hands(2_000_000, 7, seed=4)
    counter = [0]
    running = threading.Event()
    stop = threading.Event()

    def spin():
        running.set()
        while not stop.is_set():
            counter[0] += 1

    def inside(fn):
        t = threading.Thread(target=spin)
        t.start()
        running.wait()
        before = counter[0]
        start = time.perf_counter()
        fn()
        elapsed = time.perf_counter() - start
        during = counter[0] - before
        stop.set()
        t.join()
        stop.clear()
        running.clear()
        return during, elapsed

    for fn in (lambda: [hr.evaluate(hands, threads=1) for _ in range(5)],
               # exact, long enough to see (AKs vs QQ preflop now takes ~5 ms and
               # this question on a flop 3 ms, about one switch interval: too
               # short on a busy machine; on one board card it is ~0.16 s)
               lambda: hr.equity("holdem", ["As Ks", "Qd Qc", "??"], board="2h",
                                 threads=1),
               lambda: hr.equity("holdem", ["As Ks", "??", "??"], trials=3_000_000, seed=1,
                                 threads=1)):
        during, elapsed = inside(fn)
        # A Python loop does millions of increments per second; with the GIL held
        # for the whole call it would get through only a switch interval's worth.
        assert during > max(1000, 10_000 * elapsed), (during, elapsed)


def _rss_mb() -> float:
    """The resident set in MB: the current one on Linux, elsewhere the peak
    (getrusage), which a leak raises just as well once the warm-up set it."""
    import os
    if os.path.exists("/proc/self/statm"):
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    import resource
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 2**10   # bytes / KB


def _can_measure_rss() -> bool:
    import os
    if os.path.exists("/proc/self/statm"):
        return True
    try:
        import resource  # noqa: F401  - not on Windows
    except ImportError:
        return False
    return True


@pytest.mark.skipif(getattr(hr._core, "SANITIZED", False),
                    reason="AddressSanitizer's quarantine holds freed memory by design")
@pytest.mark.skipif(not _can_measure_rss(), reason="no /proc/self/statm or resource module")
def test_repeated_calls_do_not_grow_memory():
    hands = random_hands(1_000_000, 7, seed=5)
    masks = hr.to_mask(hands)
    out = np.empty(len(hands), dtype=np.int16)
    for _ in range(3):                                  # warm up every table
        hr.evaluate(hands, out=out)
        hr.evaluate_masks(masks, "2-7", "bug")
        hr.equity("holdem", ["As Ks", "??"], trials=50_000, seed=1)
    gc.collect()
    start = _rss_mb()
    for _ in range(30):
        hr.evaluate(hands, out=out)
        hr.evaluate(hands, "a5-8")
        hr.evaluate_masks(masks, "2-7", "bug")
        hr.equity("holdem", ["As Ks", "??"], trials=50_000, seed=1)
    gc.collect()
    grown = _rss_mb() - start
    assert grown < 16, f"RSS grew by {grown:.1f} MB over 30 rounds of 10^6-hand calls"


def _fresh(tag):
    """New rule-set and game objects whose lazy tables (wild cards, Omaha)
    and compiled decks are not built yet, and new wild settings: what each
    thread then builds on first use."""
    from dataclasses import replace

    from handrank.cards import _wild
    rules = {name: replace(hr.get_rules(name), name=f"{name}-{tag}", aliases=())
             for name in ("high", "short-deck", "2-7", "a5-8", "razz")}
    games = {"omaha8": hr.Game(f"omaha8-{tag}", hole=4, board=5, select="omaha", high="high",
                               low="ace-to-five-8"),
             "short": hr.Game(f"short-{tag}", hole=2, board=5, select="any", high="short-deck",
                              low=None, deck=hr.SHORT_DECK),
             "joker": hr.Game(f"joker-{tag}", hole=5, board=0, select="all", high="high",
                              low=None, deck=53, wild="bug")}
    wilds = {w: _wild.WildSetting(_wild.resolve_wild(w).cards, _wild.resolve_wild(w).bug, w)
             for w in ("2", "Js Jh", "bug", "jokers")}
    return rules, games, wilds


def _questions(rules, games, wilds):
    """(name, call) pairs over many rule sets, games and wild settings."""
    h7 = hr.deal(3000, 7, seed=11)
    short7 = hr.deal(3000, 7, seed=12, deck=hr.SHORT_DECK)
    holes, boards = hr.deal(2000, [4, 5], seed=13)
    jokers = hr.deal(2000, 7, seed=14, jokers=2)
    a, b, sd_board = hr.deal(3000, [2, 2, 5], seed=15, deck=hr.SHORT_DECK)
    sd_hands = np.stack([a, b], axis=1)
    qs = []
    for w, ws in wilds.items():
        for name in ("high", "2-7"):
            qs.append((f"evaluate {name} wild={w}", lambda n=name, ws=ws: hr.evaluate(
                jokers if ws.text in ("bug", "jokers") else h7, rules[n], wild=ws, threads=1)))
        qs.append((f"omaha wild={w}", lambda ws=ws: hr.evaluate_omaha(holes, boards,
                                                                      rules["high"], ws)))
    qs += [(f"evaluate {n}", lambda n=n: hr.evaluate(short7 if n == "short-deck" else h7,
                                                      rules[n], threads=1))
           for n in ("short-deck", "a5-8", "razz")]
    qs.append(("omaha low", lambda: hr.evaluate_omaha(holes, boards, rules["a5-8"])))
    qs += [("equity omaha8", lambda: hr.equity(games["omaha8"], ["Ah 2h 3s Kd", "Ks Qd 9c 9h"],
                                               board="4h 5h Jc", threads=1).wins),
           ("equity short", lambda: hr.equity(games["short"], ["As Ks", "Qd Qc"],
                                              board="7c 8d 9h", threads=1).wins),
           ("equity joker", lambda: hr.equity(games["joker"], ["As Ks Qs Js Jk", "??"],
                                              trials=20_000, seed=5, threads=1).wins),
           ("showdown short", lambda: hr.showdown(games["short"], sd_hands, sd_board)),
           ("deal short", lambda: hr.deal(5000, [2, 2, 5], seed=16, deck=hr.SHORT_DECK, threads=1)),
           ("deal jokers", lambda: hr.deal(5000, 7, seed=17, jokers=2, threads=1))]
    return qs


def _same(a, b):
    if isinstance(a, tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return np.array_equal(a, b)


def test_many_threads_build_and_use_fresh_tables_at_once():
    """24 threads start together on objects none has used yet, so the lazy
    tables of rule sets, games and wild settings are built concurrently;
    every answer is that of one thread on other fresh objects."""
    expected = {name: fn() for name, fn in _questions(*_fresh("one"))}
    shared = _questions(*_fresh("shared"))                  # built by whichever thread is first
    n = 24
    barrier = threading.Barrier(n)
    errors, results = [], []

    def worker(i):
        qs = shared if i % 2 else _questions(*_fresh(f"own{i}"))
        order = list(range(len(qs)))
        np.random.default_rng(i).shuffle(order)
        try:
            barrier.wait()
            for j in order:
                results.append((qs[j][0], qs[j][1]()))
        except Exception as e:   # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[:3]
    assert len(results) == n * len(expected)
    for name, value in results:
        assert _same(value, expected[name]), name


def _in_new_process(code: str) -> str:
    """stdout of a fresh interpreter running code."""
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    return r.stdout


def test_eight_threads_first_calls_build_each_table_once():
    # Different functions first, from 8 threads at once, in a fresh process:
    # the hashes are built once, each rule set's tables once, and every
    # answer is the one a warm process gives.
    out = _in_new_process("""
        import threading, handrank as hr, handrank._core as c
        calls = [
            lambda: hr.evaluate("As Ks Qs Js Ts"),
            lambda: hr.showdown("holdem", ["As Ks", "Qd Qc"], "2h 7d 9c Jh 3s").tolist(),
            lambda: hr.showdown("stud8-nines", ["9c 9d 4h 3s 2c 5d 6d",
                                                "Ac Kd Qh 7s 8c 5h Td"]).tolist(),
            lambda: hr.category(hr.evaluate("As Ad Kc Kd 2s")),
            lambda: hr.evaluate_omaha("As Ks Qd Jd", "Ts 9s 2c 3h 4d"),
            lambda: round(hr.hand_strength("As Ks", "Qs Js 2d"), 9),
            lambda: hr.evaluate("As Ks Qs Js Ts", "2-7"),
            lambda: hr.describe(hr.evaluate("7c 5d 4h 3s 2c", "ace-to-five")),
        ]
        results = [None] * 8
        gate = threading.Barrier(8)
        def run(i):
            gate.wait()
            results[i] = calls[i]()
        ts = [threading.Thread(target=run, args=(i,)) for i in range(8)]
        for t in ts: t.start()
        for t in ts: t.join()
        builds = c.table_builds()
        again = [f() for f in calls]
        print(results == again, c.table_builds() == builds, builds, c.hashes_built())
        """).split()
    same, stable, builds, hashes = out
    assert same == stable == hashes == "True"
    # the hashes once, and one table per rule set used (high, 2-7, ace-to-five
    # and the games' own; never one per thread)
    assert 2 <= int(builds) <= 8


def test_free_threaded_build_keeps_the_gil_off():
    """The extension declares itself free-threading compatible: importing it
    on a free-threaded CPython does not switch the GIL back on."""
    import sysconfig
    if not sysconfig.get_config_var("Py_GIL_DISABLED"):
        pytest.skip("not a free-threaded CPython")
    assert sys._is_gil_enabled() is False
