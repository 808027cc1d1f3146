"""Packaging: what a build without a C compiler says, what the sdist and the
wheel hold (the C headers, and handrank.get_include() to find them), and
that C code compiles against the installed headers.

The build tests run setup.py in a copy of the source tree (the files git
tracks, plus new ones it does not ignore), so the tree itself is untouched;
they skip where there is no source tree (CI's tests of the installed wheel).
"""
from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tarfile
from importlib import metadata
from pathlib import Path

import numpy as np
import pytest

import handrank as hr

ROOT = Path(__file__).resolve().parent.parent
IN_SOURCE_TREE = (ROOT / "setup.py").is_file() and (ROOT / "include" / "handrank").is_dir()
needs_tree = pytest.mark.skipif(not IN_SOURCE_TREE,
                                reason="no source tree here (an installed wheel)")


def _tree_files() -> list[str]:
    """The source tree's files as a clean checkout (with this change) has them."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    out = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                         cwd=ROOT, capture_output=True, check=True).stdout
    return [f for f in out.decode().split("\0") if f and (ROOT / f).is_file()]


@pytest.fixture(scope="module")
def source_copy(tmp_path_factory) -> Path:
    pytest.importorskip("Cython")
    dst = tmp_path_factory.mktemp("tree")
    for f in _tree_files():
        (dst / f).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / f, dst / f)
    generated = ROOT / "src" / "handrank" / "_core.c"   # saves setup.py a Cython run, if current
    if generated.is_file():
        shutil.copy2(generated, dst / "src" / "handrank" / "_core.c")
    return dst


def _setup_py(tree: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "setup.py", *args], cwd=tree, capture_output=True,
                          text=True, env={**os.environ, **env}, timeout=300)


# ------------------------------------------------------ no C compiler


needs_cc_variable = pytest.mark.skipif(sys.platform == "win32",
                                       reason="MSVC builds do not read CC")


@needs_tree
@needs_cc_variable
@pytest.mark.parametrize("cc", ["false", "no-such-cc"])
def test_a_build_without_a_compiler_says_how_to_get_one(source_copy, tmp_path, cc):
    if cc == "false":   # a compiler that fails whatever it is given
        cc = shutil.which("false") or pytest.skip("no false(1)")
    r = _setup_py(source_copy, "build_ext", "--build-temp", str(tmp_path / "t"),
                  "--build-lib", str(tmp_path / "l"), CC=cc)
    out = r.stdout + r.stderr
    assert r.returncode != 0, out
    assert f"handrank needs a C compiler to build: the C compiler '{cc}'" in out, out
    for how in ["Debian, Ubuntu:  sudo apt-get install build-essential",
                "Fedora, RHEL:    sudo dnf install gcc",
                "macOS:           xcode-select --install",
                "Windows:         Microsoft C++ Build Tools",
                "A prebuilt wheel needs no compiler",
                "pip install --only-binary=handrank handrank"]:
        assert how in out, (how, out)
    # the compiler is checked first: no OpenMP probe, no attempt at _core.c
    assert "OpenMP" not in out and "_core.c" not in out, out
    assert "Traceback" not in out, out
    reason = "not found" if cc == "no-such-cc" else "exit status 1"
    assert reason in out.split("cannot compile a C program:")[1].splitlines()[0], out


@needs_tree
@needs_cc_variable
@pytest.mark.skipif(shutil.which("gcc") is None, reason="no gcc")
def test_a_build_without_python_headers_says_so(source_copy, tmp_path):
    """A compiler that works but cannot compile ``#include <Python.h>`` (here: gcc
    with no system headers at all, which Python.h needs)."""
    r = _setup_py(source_copy, "build_ext", "--build-temp", str(tmp_path / "t"),
                  "--build-lib", str(tmp_path / "l"), CC="gcc -nostdinc")
    out = r.stdout + r.stderr
    assert r.returncode != 0, out
    assert "the C compiler works, but a file that includes Python.h does not compile" in out
    assert sysconfig.get_paths()["include"] in out, out
    assert "sudo apt-get install python3-dev" in out and "sudo dnf install python3-devel" in out
    assert "Traceback" not in out, out


# ------------------------------------------------------ the sdist


@needs_tree
def test_the_sdist_has_the_sources_docs_and_headers_without_a_manifest_warning(source_copy):
    # as after a local docs build, with a theme's static files
    (source_copy / "docs" / "_static").mkdir(exist_ok=True)
    (source_copy / "docs" / "_static" / "extra-theme.css").write_text("body { margin: 0 }\n")
    (source_copy / "docs" / "_build" / "html").mkdir(parents=True, exist_ok=True)
    (source_copy / "docs" / "_build" / "html" / "index.html").write_text("<html></html>\n")
    r = _setup_py(source_copy, "sdist", "-d", "sdist")
    out = r.stdout + r.stderr
    assert r.returncode == 0, out
    warnings = [line for line in out.splitlines() if "warning" in line.lower()]
    assert not warnings, warnings
    [sdist] = (source_copy / "sdist").glob("handrank-*.tar.gz")
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    tracked = set(_tree_files())
    shipped_dirs = ("include/", "docs/", "tools/fuzz_corpus/")
    for must in (["setup.py", "pyproject.toml", "MANIFEST.in", "README.md", "LICENSE",
                  "src/handrank/_core.pyx", "src/handrank/_core.pyi", "src/handrank/py.typed",
                  "src/handrank/tables/preflop-multiway-v1.npz", "src/handrank/tables/omaha-order-v3.npz",
                  "src/handrank/tables/omaha5-order-v3.npz", "src/handrank/tables/omaha6-order-v3.npz", "src/handrank/tables/threeway-v1.npz", "tests/c_driver.c", "tests/conftest.py", "docs/conf.py", "docs/index.rst",
                  "docs/_static/extra-theme.css"]
                 + [f for f in tracked if f.startswith(shipped_dirs)]):
        assert must in names, must
    assert not any(n.startswith("docs/_build") for n in names)
    assert not any(n.endswith((".so", ".pyd", ".pyc")) for n in names)
    assert "src/handrank/_core.c" not in names   # generated from _core.pyx at build time


# ------------------------------------------------------ the headers, installed


def _installed_files() -> list[str] | None:
    """The installed distribution's files (its RECORD: what the wheel held), or
    None for an editable install or a source tree on sys.path."""
    try:
        dist = metadata.distribution("handrank")
    except metadata.PackageNotFoundError:
        return None
    direct = dist.read_text("direct_url.json") or ""
    if re.search(r'"editable"\s*:\s*true', direct):
        return None
    files = [str(f).replace("\\", "/") for f in dist.files or []]
    if "handrank/__init__.py" not in files:
        return None
    if Path(hr.__file__).resolve() != Path(dist.locate_file("handrank/__init__.py")).resolve():
        return None   # another copy is imported
    return files


def test_the_multiway_table_is_package_data():
    """The shipped table of preflop_vs_random sits beside its module and the
    build ships it (package data in pyproject.toml, the sdist's manifest)."""
    from handrank.tables import _preflop_multiway as m
    assert (Path(m.__file__).with_name(m.MULTIWAY_FILE)).is_file()
    if IN_SOURCE_TREE:
        assert '"*.npz"' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
        assert "*.npz" in (ROOT / "MANIFEST.in").read_text(encoding="utf-8")


def test_get_include_holds_every_header_the_headers_include():
    inc = Path(hr.get_include())
    headers = sorted((inc / "handrank").rglob("*.h"))
    names = {h.name for h in headers}
    assert {"hr_core.h", "hr_batch.h", "hr_games.h", "hr_equity.h", "hr_deal.h",
            "hr_index.h"} <= names
    for h in headers:
        for dep in re.findall(r'#include "([^"]+)"', h.read_text(encoding="utf-8")):
            assert (h.parent / dep).is_file(), (h.name, dep)
    if IN_SOURCE_TREE and _installed_files() is None:   # editable: the tree's own headers
        assert inc == ROOT / "include"


def test_the_installed_wheel_ships_the_headers():
    files = _installed_files()
    if files is None:
        pytest.skip("handrank is not installed from a wheel here (editable, or a source tree)")
    headers = sorted(f for f in files if f.startswith("handrank/include/"))
    assert "handrank/include/handrank/evaluation/hr_batch.h" in headers
    assert Path(hr.get_include()) == Path(hr.__file__).resolve().parent / "include"
    assert {Path(f).name for f in headers} == \
        {h.name for h in (Path(hr.get_include()) / "handrank").rglob("*.h")}
    if IN_SOURCE_TREE:   # built from this tree: every header of it
        assert {Path(f).name for f in headers} == \
            {h.name for h in (ROOT / "include" / "handrank").rglob("*.h")}
    for f in ["handrank/_core.pyx", "handrank/_core.pyi", "handrank/py.typed", "handrank/cli.py",
              "handrank/tables/preflop-multiway-v1.npz", "handrank/tables/omaha-order-v3.npz",
              "handrank/tables/omaha5-order-v3.npz", "handrank/tables/omaha6-order-v3.npz", "handrank/tables/threeway-v1.npz"]:
        assert f in files, f
    assert not any(f.endswith(".c") for f in files), [f for f in files if f.endswith(".c")]
    assert not any(f.startswith(("tests/", "docs/", "include/")) for f in files)


def _c_compiler() -> list[str] | None:
    for cc in (os.environ.get("CC"), sysconfig.get_config_var("CC"), "cc", "gcc", "clang"):
        if cc and shutil.which(shlex.split(cc)[0]):
            return shlex.split(cc)
    return None


C_PROGRAM = r"""
#include <stdio.h>
#include <string.h>
#include "handrank/handrank.h"

/* Reads hands of 7 card codes from stdin, prints their high-rules strengths. */
int main(void)
{
    uint8_t hands[64 * 7];
    int16_t out[64];
    int n = 0, c;
    hr_ruledef_t def;
    hr_rule_t R;
    while (n < 64 * 7 && scanf("%d", &c) == 1) hands[n++] = (uint8_t)c;
    if (!hr_init()) return 2;
    memset(&def, 0, sizeof def);
    memset(&R, 0, sizeof R);
    def.ranks = (1 << HR_NRANKS) - 1;
    def.n = 5;
    def.ace = HR_ACE_HIGH;
    def.straights = def.flushes = def.five_kind = 1;
    def.qualifier = -1;
    for (c = 0; c < HR_NCATS; c++) def.order[c] = c;
    if (!hr_build_rule(&R, &def)) return 3;
    if (hr_eval_codes(&R, NULL, hands, n / 7, 7, out, 1) != -1) return 4;
    for (c = 0; c < n / 7; c++) printf("%d\n", out[c]);
    hr_free_rule(&R);
    return 0;
}
"""


def test_c_code_compiles_against_the_installed_headers(tmp_path):
    cc = _c_compiler()
    if cc is None or sys.platform == "win32":
        pytest.skip("no C compiler that takes gcc's options")
    src = tmp_path / "uses_handrank.c"
    src.write_text(C_PROGRAM)
    exe = tmp_path / "uses_handrank"
    r = subprocess.run([*cc, "-std=c11", "-O0", "-I", hr.get_include(), str(src), "-o", str(exe)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    rng = np.random.default_rng(21)
    hands = np.argsort(rng.random((40, 52)), axis=1)[:, :7].astype(np.uint8)
    hands[0] = hr.parse("As Ks Qs Js Ts 2c 2d")
    run = subprocess.run([str(exe)], input=" ".join(map(str, hands.ravel())),
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    got = [int(x) for x in run.stdout.split()]
    assert got == hr.evaluate(hands).tolist()
    assert got[0] == 7461


def test_free_threaded_wheels_are_configured_to_build_and_test():
    """cp313t wheels: cibuildwheel builds them only with the
    cpython-freethreading switch, and tests them with the last numpy and
    hypothesis releases that ship cp313t wheels (no source builds)."""
    from toml_compat import tomllib
    if not (ROOT / "pyproject.toml").is_file():
        pytest.skip("no pyproject.toml here")
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    cbw = meta["tool"]["cibuildwheel"]
    assert "cp313t-*" in cbw["build"].split()
    assert "cpython-freethreading" in cbw["enable"]
    [override] = [o for o in cbw["overrides"] if o["select"] == "cp313t-*"]
    pins = {re.split(r"[<>=]", r, maxsplit=1)[0]: r for r in override["test-requires"]}
    assert "<2.4" in pins["numpy"] and "<6.156" in pins["hypothesis"] and "pytest" in pins
    assert "dask[distributed]" in pins             # the docs' dask examples run there too
    assert "Programming Language :: Python :: Free Threading :: 2 - Beta" in \
        meta["project"]["classifiers"]


def test_python_versions_agree_and_include_this_one():
    """requires-python, the classifiers and the wheels built (cibuildwheel)
    name the same CPython versions, and the running one is among them."""
    from toml_compat import tomllib
    if not (ROOT / "pyproject.toml").is_file():
        pytest.skip("no pyproject.toml here")
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    project = meta["project"]
    classified = sorted(int(c.rsplit(".", 1)[1]) for c in project["classifiers"]
                        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c))
    wheels = sorted(int(m) for m in re.findall(r"cp3(\d+)-\*", meta["tool"]["cibuildwheel"]["build"]))
    lowest = int(re.fullmatch(r">=3\.(\d+)", project["requires-python"])[1])
    assert classified == wheels == list(range(lowest, wheels[-1] + 1))
    assert sys.version_info[1] in classified
