"""The documentation site (docs/): every ``>>>`` example on its pages runs and
prints what the page says, and the site builds with Sphinx without a warning.

The examples run everywhere the docs/ tree is (the wheel test of CI copies
only tests/ and bench/, so they skip there); the build runs when Sphinx is
installed (``pip install '.[docs]'``).
"""
from __future__ import annotations

import doctest
import importlib.util
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.glob("**/*.rst")) if DOCS.is_dir() else []
README = ROOT / "README.md"
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

needs_docs = pytest.mark.skipif(not PAGES, reason="no docs/ tree here (an installed wheel)")


def _run_examples(path: Path) -> doctest.TestResults:
    """Run a page's examples in one namespace, in order, as a reader would."""
    return doctest.testfile(str(path), module_relative=False, optionflags=FLAGS,
                            encoding="utf-8", verbose=False, report=True)


@needs_docs
@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(DOCS)))
def test_page_examples_run(page):
    result = _run_examples(page)
    assert result.failed == 0, f"{result.failed} example(s) of {page.name} failed (see stdout)"


@needs_docs
def test_every_concept_page_has_examples():
    """The pages that teach (all but the reference, benchmark and index
    pages) show running code, so this test checks what they teach."""
    no_code = {"index.rst", "api.rst", "benchmarks.rst", "design.rst"}
    for page in PAGES:
        if page.name not in no_code:
            assert ">>> " in page.read_text(encoding="utf-8"), f"{page.name} has no example"


@needs_docs
def test_api_reference_lists_every_public_name():
    """Each name of ``handrank.__all__`` has its entry in docs/api.rst."""
    import handrank
    text = (DOCS / "api.rst").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\.\. (?:auto)?(?:function|class|data|exception):: (\w+)", text,
                            flags=re.M))
    missing = sorted(set(handrank.__all__) - listed - {"__version__"})
    assert not missing, f"docs/api.rst lacks {missing}"


@pytest.mark.skipif(not README.is_file(), reason="no README here")
def test_readme_tour_runs():
    """The README's tour (its ``>>>`` lines) runs as written."""
    # a code fence closing right after an output line is not part of that output
    text = re.sub(r"^```.*$", "", README.read_text(encoding="utf-8"), flags=re.M)
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {}, "README.md", str(README), 0)
    assert test.examples, "the README has a tour"
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


@needs_docs
@pytest.mark.skipif(importlib.util.find_spec("sphinx") is None,
                    reason="sphinx is not installed (pip install '.[docs]')")
def test_site_builds_without_warnings(tmp_path):
    """``sphinx-build -W -b html docs <out>``: the command CI runs."""
    start = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "sphinx", "-W", "-E", "-q", "-b", "html",
                        str(DOCS), str(tmp_path / "html")], capture_output=True, text=True,
                       cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr
    assert (tmp_path / "html" / "index.html").is_file()
    assert (tmp_path / "html" / "api.html").read_text(encoding="utf-8").count(
        'id="handrank.evaluate"') == 1
    print(f"site built in {time.perf_counter() - start:.1f} s")


@needs_docs
def test_specification_page():
    """The public contract is in the docs (docs/spec.rst, in the toctree),
    every handrank name it uses exists, and the files that cite "the SPEC"
    say where it is, instead of a SPEC.md that is not in the repository."""
    import handrank
    spec = DOCS / "spec.rst"
    text = spec.read_text(encoding="utf-8")
    assert re.search(r"^   spec$", (DOCS / "index.rst").read_text(encoding="utf-8"), flags=re.M)
    names = set(re.findall(r"\b(?:hr|handrank)\.(\w+)", text))
    assert {"evaluate", "equity", "showdown", "HandError", "Category"} <= names
    assert not [n for n in names if not hasattr(handrank, n)]
    enum = text.split("IntEnum``:", 1)[1].split("It names")[0]
    members = re.findall(r"\b[A-Z][A-Z_]{4,}\b", enum)
    assert members == [c.name for c in handrank.Category]
    citing = [ROOT / "README.md", DOCS / "design.rst", ROOT / "bench" / "README.md",
              ROOT / "tests" / "reference.py"]
    for path in citing:
        if not path.is_file():
            continue
        body = path.read_text(encoding="utf-8")
        assert "SPEC.md" not in body, f"{path.name} cites SPEC.md, which is not in the repository"
        if "SPEC" in body or "specification" in body:
            assert "docs/spec.rst" in body or ":doc:`spec`" in body, (
                f"{path.name} cites the SPEC without saying where it is")
