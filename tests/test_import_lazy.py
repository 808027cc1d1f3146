"""``import handrank`` builds no table: every table is built on first use
(docs/decisions.rst, "Import time"), exactly once however many threads ask
first, and in a spawned multiprocessing child too.  No timed assertion: the
import's time is bench/bench_import.py's."""
from __future__ import annotations

import multiprocessing
import subprocess
import sys
import textwrap

import handrank as hr
from handrank.games import _games


def _run(code: str) -> str:
    """stdout of a fresh interpreter running code (stderr: -X importtime's)."""
    r = subprocess.run([sys.executable, "-X", "importtime", "-c", textwrap.dedent(code)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    assert "handrank._core" in r.stderr       # the import really ran here
    return r.stdout


def test_import_builds_no_table_and_first_evaluate_does():
    out = _run("""
        import handrank, handrank._core as c
        print(c.table_builds(), c.hashes_built())
        print(handrank.evaluate("As Ks Qs Js Ts"))
        print(c.table_builds(), c.hashes_built())
        """).split()
    assert out[:2] == ["0", "False"]
    assert out[2] == str(hr.evaluate("As Ks Qs Js Ts"))
    assert int(out[3]) > 0 and out[4] == "True"


def test_import_of_every_public_module_builds_no_table():
    out = _run("""
        import importlib, pkgutil, handrank, handrank._core as c
        for m in pkgutil.walk_packages(handrank.__path__, "handrank."):
            if not m.name.endswith("__main__"):
                importlib.import_module(m.name)
        print(c.table_builds())
        """)
    assert out.split() == ["0"]


def _child(q) -> None:
    import handrank as h
    import handrank._core as c
    q.put((c.table_builds(), int(h.evaluate("As Ks Qs Js Ts")), c.table_builds() > 0))


def test_spawned_child_builds_on_first_use():
    ctx = multiprocessing.get_context("spawn")
    q = ctx.Queue()
    p = ctx.Process(target=_child, args=(q,))
    p.start()
    got = q.get(timeout=300)
    p.join(timeout=60)
    assert got == (0, int(hr.evaluate("As Ks Qs Js Ts")), True)


def test_builtin_rows_pass_a_custom_games_checks():
    # the built-in rows skip valuing their qualifiers at import; made again
    # as a custom game would be, they pass the same checks and keep them
    assert not _games._BUILTIN_ROWS
    for g in _games.GAMES:
        halves = tuple(_games.Half(h.rules, h.select, h.qualifier, h.name, h.unqualified)
                       for h in g.halves)
        assert halves == g.halves
        _games._check_game(g)
        for h in g.halves:
            h.qualifier_strength
    nines = hr.get_game("stud8-nines").halves[0]
    assert nines.qualifier_strength == int(hr.evaluate("9c 9d 4h 3s 2c"))
