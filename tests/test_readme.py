"""The README and the docs as a newcomer reads them: a short README that
starts with the two commands, links what it does not explain, and quotes
one same-run speed table (the figures of docs/_static/peers.json, the run
that docs/benchmarks.rst leads with); the decisions on their own page; no
development history (issue numbers) in user docs; extras installed from a
checkout, since handrank is not on a package index; and the benchmark
page's picture drawn by bench/plot_peers.py from the run's data.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
README = ROOT / "README.md"
RUN = DOCS / "_static" / "peers.json"
PICTURE = DOCS / "_static" / "peers.png"

pytestmark = pytest.mark.skipif(not (README.is_file() and DOCS.is_dir()),
                                reason="no README and docs/ here (an installed wheel)")

COMMANDS = ["pip install . && handrank demo", "pip install '.[test]' && pytest"]


def readme() -> str:
    return README.read_text(encoding="utf-8")


def user_docs() -> list[Path]:
    return [README, *sorted(DOCS.glob("**/*.rst"))]


def test_readme_starts_with_the_two_commands():
    """The first code block is the two commands, word for word (CI's
    script runs the second; tests/test_ci.py checks that)."""
    first = re.search(r"^```sh\n(.*?)^```", readme(), flags=re.M | re.S)
    assert first and first.group(1).splitlines() == COMMANDS
    before = readme()[:first.start()]
    assert before.count("\n## ") <= 1, "the commands come before the tour"


def test_readme_is_short_and_links_the_docs():
    text = readme()
    assert len(text.splitlines()) < 150
    assert "Decisions where the SPEC is silent" not in text.split("](docs/decisions.rst)")[0]
    assert not re.search(r"^## Decisions", text, flags=re.M)
    for target in re.findall(r"\]\(([^)#]+)\)", text):
        assert (ROOT / target).is_file(), f"README links {target}, which is not there"
    linked = set(re.findall(r"\]\(docs/([\w-]+)\.rst\)", text))
    for page in ("design", "spec", "decisions", "benchmarks", "getting-started"):
        assert page in linked, page


def test_readme_explains_its_terms():
    """Terms a newcomer would not know are explained or linked where they
    appear: the SPEC, EHS, OCHS, the vector instruction sets."""
    text = readme()
    for term, explained in (("SPEC", r"\[the specification\]\(docs/spec\.rst\) \(\"the SPEC\""),
                            ("EHS", r"EHS: effective\s+hand strength"),
                            ("OCHS", r"OCHS: opponent cluster hand strength"),
                            ("AVX2", r"AVX-512, the vector instructions")):
        if term in text:
            assert re.search(explained, text), term
    for term in ("CLASH", "colex", "cp313t"):       # the decisions page's, explained there
        assert term not in text, term
    page = (DOCS / "decisions.rst").read_text(encoding="utf-8")
    assert re.search(r"colex by card code \(colexicographic", page)
    assert re.search(r"``hr\.CLASH`` \(-128\) for pairs of hands that share a card", page)
    assert re.search(r"``cp313t`` wheels \(the wheel tag of\s+that free-threaded build\)", page)


def test_decisions_have_their_own_page():
    """The decisions log is docs/decisions.rst, in the toctree, and nothing
    points at the README for it any more."""
    page = DOCS / "decisions.rst"
    text = page.read_text(encoding="utf-8")
    assert text.startswith("Decisions where the SPEC is silent\n")
    assert re.search(r"^   decisions$", (DOCS / "index.rst").read_text(encoding="utf-8"), flags=re.M)
    assert len(re.findall(r"^- ", text, flags=re.M)) >= 40
    for marker in ("A single hand's strength knows its rule set", "Double board",
                   "Free threading", "Solver blocks", "Folded ranges"):
        assert marker in text, marker
    files = [*DOCS.glob("**/*.rst"), *(ROOT / "src" / "handrank").rglob("*.py"),
             *(ROOT / "tests").glob("*.py"), ROOT / "pyproject.toml"]
    for path in files:
        body = path.read_text(encoding="utf-8")
        assert not re.search(r"README(, under|'s decisions| lists each)", body), path.name
        assert not re.search(r"README, \"Decisions", body), path.name


def test_no_issue_numbers_in_user_docs():
    """Issue numbers are development history: user docs say what is, not
    which ticket brought it."""
    pattern = re.compile(r"\bissues? \d+|(?<![\w&/])#\d+\b", flags=re.I)
    found = [f"{p.relative_to(ROOT)}: {m.group(0)!r}" for p in user_docs()
             for m in pattern.finditer(p.read_text(encoding="utf-8"))]
    assert not found, found


def test_extras_are_installed_from_a_checkout():
    """handrank is not on a package index, so no message, docstring or page
    tells anyone to ``pip install 'handrank[...]'``; the extras are installed
    from the repository's folder (``pip install '.[dask]'``)."""
    files = [*user_docs(), *(ROOT / "src" / "handrank").rglob("*.py"),
             *(ROOT / "src" / "handrank").rglob("*.pyx"), *(ROOT / "bench").glob("*.py")]
    bad = [str(p.relative_to(ROOT)) for p in files
           if re.search(r"handrank\[\w+", p.read_text(encoding="utf-8"))]
    assert not bad, bad
    for path in (README, DOCS / "getting-started.rst", DOCS / "cluster.rst"):
        assert "pip install '.[" in path.read_text(encoding="utf-8"), path.name


def test_extras_listed_on_getting_started():
    tomllib = pytest.importorskip("tomllib")        # Python 3.11+
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    text = (DOCS / "getting-started.rst").read_text(encoding="utf-8")
    for extra in project["optional-dependencies"]:
        if extra != "test":
            assert f"``{extra}``" in text, extra


def test_suite_time_is_one_honest_sentence():
    """The README gives the suite's time on quiet cores and what a busy
    machine took, once; the other pages point at it rather than restate it."""
    text = readme()
    assert re.search(r"about \d+ minutes for its ~[\d,]+ tests on 2\s+quiet cores", text)
    assert re.search(r"26 min 39 s was seen at a load average of 11 to 14", text)
    others = [DOCS / "design.rst", DOCS / "decisions.rst", DOCS / "benchmarks.rst"]
    for path in [README, *others]:
        body = path.read_text(encoding="utf-8")
        assert not re.search(r"18 (of them|minutes)|5½ minutes|5 min 23 s", body), path.name


# -- the same-run peer table and its picture -----------------------------------

def peer_run() -> dict:
    return json.loads(RUN.read_text(encoding="utf-8"))


def test_the_run_is_of_this_kind_of_machine_and_agrees():
    run = peer_run()
    assert re.fullmatch(r"20\d\d-\d\d-\d\d", run["date"])
    assert run["rounds"] >= 5 and run["load_before"] and run["load_after"]
    keys = [w["key"] for w in run["workloads"]]
    assert {"eval7", "eval5", "call7", "omaha", "flop", "mc"} <= set(keys)
    for w in run["workloads"]:
        assert w["rows"][0]["lib"] == "handrank" and w["rows"][0]["ratio"] == pytest.approx(1)
        for r in w["rows"][1:]:
            assert "DISAGREES" not in r["agreement"], (w["key"], r)
            assert r["ratio"] > 0


def test_plot_script_draws_the_committed_run(tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "peers.png"
    r = subprocess.run([sys.executable, str(ROOT / "bench" / "plot_peers.py"), str(RUN), str(out)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    bars = sum(len(w["rows"]) - 1 for w in peer_run()["workloads"])
    assert f"{bars} bars" in r.stderr
    import matplotlib.image
    img = matplotlib.image.imread(out)
    assert img.shape[0] > 200 and img.shape[1] > 600
    # the committed picture is there, small, and the benchmark page shows it
    assert PICTURE.is_file() and 10_000 < PICTURE.stat().st_size < 200_000
    assert matplotlib.image.imread(PICTURE).shape[1] == img.shape[1]


def test_benchmark_page_leads_with_the_peer_table():
    """docs/benchmarks.rst opens with the same-run table and its picture;
    the machine's caveats come after them."""
    text = (DOCS / "benchmarks.rst").read_text(encoding="utf-8")
    figure = text.index(".. figure:: _static/peers.png")
    first_table = text.index(".. list-table::")
    caveats = text.index("The machines, and how to read the figures")
    assert first_table < caveats and figure < caveats
    assert text.index("Against the peers, in one run") < first_table
    run = peer_run()
    assert run["date"] in text[:first_table]
    table = text[first_table:text.index("\n\n", text.index("   * -", first_table) + 1) + 2000]
    for w in run["workloads"]:
        for r in w["rows"][1:]:
            assert f"{r['ratio']:,.{0 if r['ratio'] >= 10 else 1}f}×" in table, (w["key"], r["lib"])


def test_readme_speed_table_is_the_runs():
    """One speed table in the README: the same run's ratios, with its machine,
    date and load."""
    text = readme()
    speed = text.split("## Speed", 1)[1].split("\n## ", 1)[0]
    assert len(re.findall(r"^\|---", speed, flags=re.M)) == 1, "one table"
    run = peer_run()
    assert run["date"] in speed and "load average" in speed
    assert "Sapphire Rapids" in speed and "2 vCPUs" in speed
    for w in run["workloads"]:
        for r in w["rows"][1:]:
            assert f"{r['ratio']:,.{0 if r['ratio'] >= 10 else 1}f}×" in speed, (w["key"], r["lib"])
