"""The CI script (.ci/run, its helpers in .ci/lib.sh, .ci/constraints.txt):
what it runs and how it treats the machine.  Only in a source tree."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RUN = ROOT / ".ci" / "run"
LIB = ROOT / ".ci" / "lib.sh"
CONSTRAINTS = ROOT / ".ci" / "constraints.txt"

pytestmark = [
    pytest.mark.skipif(not RUN.is_file(), reason="no .ci/ here (an installed wheel)"),
    pytest.mark.skipif(shutil.which("bash") is None, reason="no bash"),
]

README_TEST_COMMAND = "pip install '.[test]' && pytest"


def commands(path: Path) -> list[str]:
    """The script's lines without comments, with continuation lines joined."""
    text = re.sub(r"\\\n\s*", " ", path.read_text())
    return [line.strip() for line in text.splitlines()
            if line.strip() and not line.strip().startswith("#")]


def bash(script: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "-c", script], cwd=ROOT, capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", **env}, timeout=60)


def lib_value(name: str) -> list[str]:
    r = bash(f'. .ci/lib.sh && echo ${name}')
    assert r.returncode == 0, r.stderr
    return r.stdout.split()


def test_the_script_parses():
    for path in (RUN, LIB):
        r = subprocess.run(["bash", "-n", str(path)], capture_output=True, text=True)
        assert r.returncode == 0, (path, r.stderr)


def test_the_readme_command_is_the_first_test_line():
    assert README_TEST_COMMAND in (ROOT / "README.md").read_text()
    tests = [c for c in commands(RUN) if re.search(r"\b(pip install|pytest)\b", c)]
    assert tests[0] == README_TEST_COMMAND


def test_every_venv_starts_empty():
    venvs = [c for c in commands(RUN) if "-m venv" in c]
    assert len(venvs) >= 4
    for c in venvs:
        assert "--clear" in c.split(), c


def test_nothing_is_removed_from_the_machine():
    for path in (RUN, LIB):
        for c in commands(path):
            removes = r"apt(-get)?\b.*\b(remove|purge|autoremove)\b|\bdpkg\s+-[rP]"
            assert not re.search(removes, c), c


def test_werror_and_sanitizer_builds_use_the_pinned_build_dependencies():
    pins = {}
    for line in CONSTRAINTS.read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"{line!r} is not pinned with =="
            pins[name.strip().lower()] = version.strip()
    assert {"cython", "setuptools", "wheel", "numpy"} <= set(pins)
    builds = [c for c in commands(RUN) if re.search(r"HANDRANK_(WERROR|SANITIZE)=1", c)
              and re.search(r"pip install|-m build", c)]
    builds += [c for c in commands(RUN) if re.search(r"venv-(cc|san)/bin/pip install", c)]
    assert len(builds) >= 4
    for c in builds:
        assert '-c "$constraints"' in c or "PIP_CONSTRAINT=$constraints" in c, c
    assert 'constraints=$root/.ci/constraints.txt' in commands(RUN)
    # the pins satisfy what pyproject.toml asks of the build
    specifiers = pytest.importorskip("packaging.specifiers")
    requirements = pytest.importorskip("packaging.requirements")
    from toml_compat import tomllib
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    for req in map(requirements.Requirement, requires):
        pinned = pins[req.name.lower()]
        assert req.specifier.contains(pinned), (str(req), pinned)
    del specifiers


def test_the_slow_tests_run_in_ci():
    assert "pytest -m slow" in commands(RUN)


def test_a_step_that_cannot_install_its_packages_fails_under_ci():
    script = '. .ci/lib.sh && skip "clang builds: clang could not be installed" && ci_finish'
    local = bash(script)
    assert local.returncode == 0, local.stderr
    assert "SKIPPED: clang builds" in local.stdout
    for ci in ("true", "1"):
        r = bash(script, CI=ci)
        assert r.returncode == 1, r.stdout
        assert "FAILED (CI=" in r.stdout
        assert "clang builds: clang could not be installed" in r.stdout
    assert bash(". .ci/lib.sh && ci_finish", CI="true").returncode == 0


def test_the_time_of_each_step_is_reported():
    r = bash('. .ci/lib.sh && step "first thing" && step "second thing" && step_report')
    assert r.returncode == 0, r.stderr
    report = r.stdout.split("== time per step ==")[1]
    assert re.search(r"\d+m\d\ds  first thing\n.*\d+m\d\ds  second thing\n.*total", report, re.S)


def test_the_subsets_name_test_files_that_exist():
    tests = {str(p.relative_to(ROOT)) for p in (ROOT / "tests").glob("test_*.py")}
    for name in ("FAST", "ASAN_SKIP", "NUMPY_SUBSET"):
        files = lib_value(name)
        assert files and set(files) <= tests, (name, sorted(set(files) - tests))
    # the ASan run keeps the files that drive the C loops with varied inputs
    asan = tests - set(lib_value("ASAN_SKIP"))
    assert {"tests/test_batch.py", "tests/test_errors.py", "tests/test_properties.py",
            "tests/test_equity.py", "tests/test_simd.py", "tests/test_fastpaths.py",
            "tests/test_registry.py", "tests/test_wild.py", "tests/test_games.py"} <= asan
    # ASan leaves out only the reference comparisons and the Omaha turns (Python
    # sums of river sweeps the same file drives under ASan)
    assert " ".join(lib_value("ASAN_K")) == "not reference and not (test_solver_omaha and turn)"
    assert '-k "$ASAN_K" tests' in " ".join(commands(RUN))


def test_the_fast_subset_is_the_same_everywhere():
    fast = lib_value("FAST")
    building = (ROOT / "docs" / "building.rst").read_text()
    block = re.search(r"pytest (tests/test_build\.py[^\n]*(?:\n\s+tests/[^\n]*)*)", building)
    assert block and block.group(1).replace("\\", " ").split() == fast
    workflow = ROOT / ".github" / "workflows" / "wheels.yml"
    if workflow.is_file():
        m = re.search(r"python -m pytest -q (tests/test_build\.py.*?)\n\n", workflow.read_text(),
                      re.S)
        assert m and m.group(1).split() == fast


# ------------------------------------------------------ the Python and numpy matrix

def test_the_matrix_reads_its_floors_from_pyproject():
    from toml_compat import tomllib
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    python = bash(". .ci/lib.sh && pyproject_floor python").stdout.strip()
    numpy = bash(". .ci/lib.sh && pyproject_floor numpy").stdout.strip()
    assert project["requires-python"] == f">={python}"
    assert f"numpy>={numpy}" in project["dependencies"]
    assert re.fullmatch(r"3\.\d+", python) and re.fullmatch(r"\d+\.\d+", numpy)


def test_the_matrix_finds_the_running_python():
    """`pythons` lists one CPython per minor version, oldest first, and
    finds the one running this test when it is on PATH."""
    import os
    import sys
    here = Path(sys.executable)
    minor = f"{sys.version_info[0]}.{sys.version_info[1]}"
    link = Path(os.environ.get("TMPDIR", "/tmp")) / f"hr-ci-{os.getpid()}"
    link.mkdir(exist_ok=True)
    exe = link / f"python{minor}"
    if not exe.exists():
        exe.symlink_to(here)
    try:
        r = bash(". .ci/lib.sh && pythons", PATH=f"{link}:/usr/bin:/bin", HOME="/nonexistent")
    finally:
        exe.unlink()
        link.rmdir()
    assert r.returncode == 0, r.stderr
    rows = [line.split(" ", 1) for line in r.stdout.splitlines()]
    assert [minor, str(exe)] in rows
    minors = [tuple(map(int, m.split("."))) for m, _ in rows]
    assert minors == sorted(set(minors))


def test_the_matrix_runs_newest_oldest_and_oldest_numpy():
    run = " ".join(commands(RUN))
    # the whole suite (no file list) on the newest CPython with the newest numpy
    assert "matrix_venv newest" in run
    assert re.search(r"\.ci/venv-newest/bin/python -m pytest -q -p no:cacheprovider( |$)(?!\$)",
                     run)
    # the subsets on the oldest CPython, then with the oldest numpy
    assert "matrix_venv oldest" in run
    assert run.count(".ci/venv-oldest/bin/python -m pytest -q -p no:cacheprovider $subsets") == 2
    assert '"numpy==$oldest_numpy.*"' in run
    # a version the machine lacks is reported, never silently skipped
    assert 'skip "CPython $oldest_python' in run and 'note "CPython $newest_listed' in run
    notes = bash('. .ci/lib.sh && note "CPython 3.99 is not here" && ci_finish')
    assert notes.returncode == 0 and "== notes ==" in notes.stdout
    assert "CPython 3.99 is not here" in notes.stdout


def test_the_extension_is_cross_compiled_for_aarch64_with_werror():
    """The C driver sees only the headers: the extension's own C (what the
    .pxi files make of them) is compiled for aarch64 too, with setup.py's
    flags and -Werror."""
    cross = [c for c in commands(RUN) if "CC=aarch64-linux-gnu-gcc" in c]
    assert len(cross) == 1
    assert "HANDRANK_WERROR=1" in cross[0] and "setup.py -q build_ext" in cross[0]
    assert 'apt_install_arch arm64 "libpython$deb_python-dev"' in " ".join(commands(RUN))


def test_every_header_in_every_feature_folder_is_compiled_alone():
    """Headers live in feature folders (include/handrank/<feature>/): the
    compile-alone loop walks them all, not just the top folder."""
    run = " ".join(commands(RUN))
    assert "for h in $(find include/handrank -name '*.h' | sort); do" in run
    assert "include/handrank/*.h" not in run
    assert any(p.parent != ROOT / "include" / "handrank"
               for p in (ROOT / "include" / "handrank").rglob("*.h"))
