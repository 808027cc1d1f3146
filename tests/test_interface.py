"""The one way up (issue 36): every call from a lower layer into a higher
one -- the compiled core's fallbacks and registries, the ranges' pictures,
Omaha percentages, game hints, folded equity -- is declared in
handrank.base._interface.UPCALLS and installed by one call, in
handrank/__init__.py.  A name missing or not declared fails loudly."""
from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

import handrank as hr
from handrank import _core
from handrank.base import _interface as I
from test_layers import LEVEL, module_files

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "handrank"


def test_every_declared_upcall_is_installed():
    assert set(I.installed_upcalls()) == {u.name for u in I.UPCALLS}
    assert len({u.name for u in I.UPCALLS}) == len(I.UPCALLS)


def test_the_compiled_core_takes_exactly_the_declared_upcalls():
    assert set(_core.UPCALLS) == {u.name for u in I.UPCALLS if u.reader == "_core"}


def test_each_upcall_goes_up_from_its_reader_to_its_owner():
    for u in I.UPCALLS:
        assert u.owner in LEVEL and u.reader in LEVEL, u
        assert LEVEL[u.owner] >= LEVEL[u.reader], f"{u.name}: {u.owner} is below {u.reader}"
        assert u.kind in ("function", "registry", "type", "value") and u.signature and u.doc


def test_the_installed_upcalls_are_the_live_objects():
    got = I.installed_upcalls()
    assert got["evaluate_general"] is hr.evaluate.__wrapped__
    assert got["equity_general"] is hr.equity.__wrapped__
    assert got["equity_result_type"] is hr.EquityResult
    assert got["game_by_name"] is hr.games.GAME_BY_NAME
    assert got["card_names"][:2] == ("2c", "2d") and len(got["card_names"]) == 54
    for u in I.UPCALLS:
        if u.reader != "_core":
            assert getattr(I.upcalls, u.name) is got[u.name]


@pytest.mark.parametrize("change", ["missing", "extra", "not callable", "not a dict"])
def test_a_wrong_installation_fails_loudly_and_installs_nothing(change):
    good = I.installed_upcalls()
    given = dict(good)
    if change == "missing":
        del given["draw_plot"]
    elif change == "extra":
        given["draw_svg"] = lambda rng: ""
    elif change == "not callable":
        given["evaluate_general"] = 42
    else:
        given["game_by_name"] = [("holdem", None)]
    with pytest.raises(ImportError, match="install_upcalls"):
        I.install_upcalls(**given)
    assert I.installed_upcalls() == good
    assert hr.evaluate("As Ks Qs Js Ts", "high", like=None) == 7461
    assert hr.evaluate("As Ks Qs Js Ts", hr.get_rules("high")) == 7461      # general path
    assert "<table" in hr.Range("QQ+")._repr_html_()


def test_installing_again_with_the_same_upcalls_changes_nothing():
    before = hr.equity("holdem", ["As Ks", "Qd Qc"], board="2h 7d Jc 9s")
    I.install_upcalls(**I.installed_upcalls())
    after = hr.equity("holdem", ["As Ks", "Qd Qc"], board="2h 7d Jc 9s")
    assert type(after) is hr.EquityResult and (before.equity == after.equity).all()
    assert after.halves["high"].tolist() == before.halves["high"].tolist()


def test_the_compiled_installer_checks_its_names():
    with pytest.raises(ValueError, match="missing"):
        _core.install_upcalls({})
    given = {n: v for n, v in I.installed_upcalls().items() if n in _core.UPCALLS}
    with pytest.raises(ValueError, match="not upcalls"):
        _core.install_upcalls({**given, "draw_plot": print})


def test_an_upcall_read_before_installation_says_so():
    fresh = I._Upcalls()
    with pytest.raises(RuntimeError, match="'omaha_percent' is used before"):
        fresh.omaha_percent(4, 10.0, 100)


def _calls_and_core_assignments():
    calls, assigned = [], []
    for name, path in module_files().items():
        if path.suffix != ".py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call):
                f = node.func
                fname = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
                if fname == "install_upcalls":
                    calls.append(name)
            for t in getattr(node, "targets", []):
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) \
                        and t.value.id == "_core":
                    assigned.append((name, t.attr))
    return calls, assigned


def test_one_installation_call_and_no_hook_set_into_the_core():
    calls, assigned = _calls_and_core_assignments()
    assert sorted(calls) == ["__init__", "base._interface"]   # the call; _core's, by it
    assert assigned == []
    # nothing else hands the compiled core a callable at import: its only
    # setter of Python objects from above is install_upcalls
    pyx = "\n".join(p.read_text() for p in [PACKAGE / "_core.pyx", *PACKAGE.rglob("_core_*.pxi")])
    setters = re.findall(r"^\s*global (.+)$", pyx, re.M)
    upward = {"_EVALUATE_GENERAL", "_EQUITY_GENERAL", "_RANGE_OF", "_HALVES_OF", "_GAME_NAMES",
              "_RESULT_TYPE", "_CARD_NAMES", "_SMALL_EXACT"}
    where = [g for line in setters for g in re.split(r",\s*", line) if g in upward]
    assert sorted(where) == sorted(upward)          # each set once: in install_upcalls


def test_importing_a_package_alone_installs_every_upcall():
    code = ("import handrank.ranges as r, handrank.base as b; "
            "assert set(b.installed_upcalls()) == {u.name for u in b.UPCALLS}; "
            "print(len(r.Range('10%', cards=4)) > 0)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "True"
