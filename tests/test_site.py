"""The documentation site (docs/): every ``>>>`` example on its pages runs and
prints what the page says, the site builds with Sphinx without a warning, and
its pages fit the screen in a real browser.

The examples run everywhere the docs/ tree is (the wheel test of CI copies
only tests/ and bench/, so they skip there); the build runs when Sphinx and
the theme are installed (``pip install '.[docs]'``); the browser check also
needs Chromium (Debian: ``apt-get install chromium``; another binary with
``HANDRANK_CHROMIUM=/path/to/chrome``).
"""
from __future__ import annotations

import doctest
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
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
    # a page whose examples need an optional package says so in a comment,
    # ``.. requires: sklearn``, and is skipped where that package is missing
    for module in re.findall(r"^\.\. requires: (\S+)$", page.read_text(encoding="utf-8"),
                             flags=re.M):
        pytest.importorskip(module)
    result = _run_examples(page)
    assert result.failed == 0, f"{result.failed} example(s) of {page.name} failed (see stdout)"


@needs_docs
def test_required_modules_are_optional_extras():
    """A module a page requires comes with an optional extra that CI's site
    step installs, never with the runtime dependencies nor the `test`
    extra (a page that skips must not become a test that always runs)."""
    from toml_compat import tomllib
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    dist = {"sklearn": "scikit-learn"}               # module -> distribution name

    def names(reqs):
        return {re.split(r"[\s<>=!~\[;]", r, maxsplit=1)[0].lower() for r in reqs}

    required = {m for page in PAGES for m in re.findall(
        r"^\.\. requires: (\S+)$", page.read_text(encoding="utf-8"), flags=re.M)}
    assert required, "no page requires an optional module"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for module in required:
        name = dist.get(module, module).lower()
        assert name not in names(project["dependencies"]), module
        assert name not in names(extras["test"]), module
        holders = [k for k, reqs in extras.items() if name in names(reqs)]
        assert holders and any(f"extras['{k}']" in ci for k in holders), module


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


needs_sphinx = pytest.mark.skipif(
    importlib.util.find_spec("sphinx") is None or importlib.util.find_spec("furo") is None,
    reason="sphinx or its theme is not installed (pip install '.[docs]')")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """``sphinx-build -W -b html docs <out>`` (the command CI runs), once for
    this module: (the finished process, its seconds, the output folder)."""
    out = tmp_path_factory.mktemp("site") / "html"
    start = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "sphinx", "-W", "-E", "-q", "-b", "html",
                        str(DOCS), str(out)], capture_output=True, text=True, cwd=ROOT)
    return r, time.perf_counter() - start, out


@needs_docs
@needs_sphinx
def test_site_builds_without_warnings(site):
    r, seconds, html = site
    assert r.returncode == 0, r.stdout + r.stderr
    assert (html / "index.html").is_file()
    assert (html / "api.html").read_text(encoding="utf-8").count('id="handrank.evaluate"') == 1
    rules = (html / "rules.html").read_text(encoding="utf-8")
    import handrank
    for rs in handrank.RULE_SETS:          # the table the rule-sets directive builds
        assert f'<span class="pre">{rs.name}</span></code></p></td>' in rules, rs.name
    print(f"site built in {seconds:.1f} s")


# -- the pages in a headless browser ------------------------------------------

#: the widths the pages are laid out at: a desktop and a phone
WIDTHS = (1280, 375)
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run")

#: Loads every page in an iframe of each width (file:// pages may read each
#: other with --allow-file-access-from-files), then writes what it measured
#: into <pre id="result"> for --dump-dom.  For each page and width:
#: - ``scroll``, ``client``: the document's scrollWidth and the viewport's
#:   width (a page wider than its viewport scrolls sideways: a failure);
#: - ``clipped``: wide tables and code blocks no box lets you scroll to;
#: - at the desktop width, ``wide_code``: code blocks with lines longer than
#:   their box (the end of a comment hidden behind a scroll bar);
#: - at the phone width, ``hidden``: tables wider than their scrolling box
#:   whose box shows neither an edge shadow nor a hint that it scrolls, and
#:   ``word_per_line``: table cells squeezed to about one word a line;
#: - at the phone width, ``nav``: how many links of the site's navigation
#:   are on screen, before and after a click on the visible menu control.
HARNESS = r"""<!doctype html><html><head><meta charset="utf-8"></head><body>
<pre id="result">pending</pre><div id="frames"></div>
<script>
const PAGES = __PAGES__, WIDTHS = __WIDTHS__, PHONE = Math.min(...WIDTHS);
for (const page of PAGES) for (const w of WIDTHS) {
  const f = document.createElement("iframe");
  Object.assign(f.style, {width: w + "px", height: "900px", border: "0"});
  f.dataset.page = page; f.dataset.width = w; f.src = page;
  document.getElementById("frames").appendChild(f);
}
function onScreen(el, win) {
  const r = el.getBoundingClientRect(), s = win.getComputedStyle(el);
  return r.width > 0 && r.height > 0 && r.left >= -1 && r.right <= win.innerWidth + 1
         && s.visibility !== "hidden";
}
function navLinks(doc) {       // links to the site's pages in its navigation
  const where = "nav a[href], [role=navigation] a[href], aside a[href], .sphinxsidebar a[href]";
  return [...doc.querySelectorAll(where)]
         .filter(a => /\.html(#|$)/.test(a.getAttribute("href")) && !a.closest("article, .body"));
}
function clipped(doc, win) {   // wide content no ancestor lets you scroll to
  const bad = [];
  for (const el of doc.querySelectorAll("table, pre")) {
    const fits = el.scrollWidth <= el.clientWidth + 1;
    if (fits && el.getBoundingClientRect().right <= win.innerWidth + 1) continue;
    let ok = false;
    for (let a = el; a && a !== doc.documentElement; a = a.parentElement) {
      const o = win.getComputedStyle(a).overflowX;
      if ((o === "auto" || o === "scroll") && a.scrollWidth > a.clientWidth) { ok = true; break; }
    }
    if (!ok) bad.push(el.tagName + " " + Math.round(el.scrollWidth) + "px");
  }
  return bad;
}
function hiddenColumns(doc, win) {   // tables that scroll with nothing to say so
  const bad = [];
  for (const t of doc.querySelectorAll("table")) {
    let box = null;
    for (let a = t.parentElement; a && a !== doc.documentElement; a = a.parentElement) {
      const o = win.getComputedStyle(a).overflowX;
      if (o === "auto" || o === "scroll") { box = a; break; }
    }
    if (!box || t.getBoundingClientRect().width <= box.clientWidth + 1) continue;
    const shade = /gradient/.test(win.getComputedStyle(box).backgroundImage);
    const hint = ["::before", "::after"].some(p => {
      const c = win.getComputedStyle(box, p).content;
      return c && c !== "none" && c !== "normal" && c !== '""';
    });
    if (!(shade && hint)) bad.push("table of " + t.rows[0].cells.length + " columns, "
                                   + Math.round(t.getBoundingClientRect().width) + "px");
  }
  return bad;
}
function wordPerLine(doc, win) {   // table cells so narrow they hold a word a line
  const bad = [];
  for (const p of doc.querySelectorAll("td p, th p")) {
    const words = p.textContent.trim().split(/\s+/).length;
    const lh = parseFloat(win.getComputedStyle(p).lineHeight) || 16;
    const lines = Math.round(p.getBoundingClientRect().height / lh);
    const narrow = p.getBoundingClientRect().width < 8 * parseFloat(win.getComputedStyle(p).fontSize);
    if (words >= 3 && lines >= words && narrow) bad.push(p.textContent.trim().slice(0, 40));
  }
  return bad;
}
function wideCode(doc, win) {      // code lines longer than their box
  return [...doc.querySelectorAll("pre")].filter(el => el.scrollWidth > el.clientWidth + 1)
    .map(el => el.textContent.split("\n").reduce((a, b) => b.length > a.length ? b : a, "")
                 .slice(0, 60));
}
window.addEventListener("load", () => {
  const out = [], toggles = [];
  for (const f of document.querySelectorAll("iframe")) {
    const w = +f.dataset.width, win = f.contentWindow, doc = f.contentDocument;
    const rec = {page: f.dataset.page, width: w, scroll: doc.documentElement.scrollWidth,
                 client: doc.documentElement.clientWidth, clipped: clipped(doc, win)};
    if (w !== PHONE) rec.wide_code = wideCode(doc, win);
    if (w === PHONE) {
      rec.hidden = hiddenColumns(doc, win);
      rec.word_per_line = wordPerLine(doc, win);
      const links = navLinks(doc);
      rec.nav = {links: links.length, before: links.filter(a => onScreen(a, win)).length};
      const control = [...doc.querySelectorAll("label[for], button, [aria-controls]")]
        .find(el => onScreen(el, win) && /nav|menu|sidebar/i.test(
          (el.getAttribute("for") || "") + " " + (el.getAttribute("aria-label") || "") + " " +
          (el.getAttribute("aria-controls") || "") + " " + el.className + " " + el.title));
      rec.nav.control = control ? control.outerHTML.slice(0, 80) : null;
      if (control) { control.click(); toggles.push([rec, links, win]); }
    }
    out.push(rec);
  }
  // After the menu's transition: look again every half second until every
  // opened menu shows its links, or for 15 s (a loaded machine renders late).
  let looks = 0;
  function look() {
    let done = true;
    for (const [rec, links, win] of toggles) {
      rec.nav.after = Math.max(rec.nav.after || 0, links.filter(a => onScreen(a, win)).length);
      if (rec.nav.after < links.length - 1) done = false;
    }
    if (!done && ++looks < 30) { setTimeout(look, 500); return; }
    document.getElementById("result").textContent = JSON.stringify(out);
  }
  setTimeout(look, 1000);
});
</script></body></html>
"""


def _chromium() -> str | None:
    return (os.environ.get("HANDRANK_CHROMIUM") or shutil.which("chromium")
            or shutil.which("chromium-browser") or shutil.which("google-chrome"))


def measure_pages(html: Path, pages: list[str]) -> list[dict]:
    """Lay out ``pages`` (paths under ``html``) at each of WIDTHS in headless
    Chromium and return what HARNESS measured."""
    harness = html / "_layout_check.html"
    harness.write_text(HARNESS.replace("__PAGES__", json.dumps(pages))
                       .replace("__WIDTHS__", json.dumps(list(WIDTHS))), encoding="utf-8")
    with tempfile.TemporaryDirectory() as profile:
        r = subprocess.run([_chromium(), *CHROMIUM_FLAGS, f"--user-data-dir={profile}",
                            "--allow-file-access-from-files", "--window-size=1400,1000",
                            "--virtual-time-budget=30000", "--dump-dom", harness.as_uri()],
                           capture_output=True, text=True, timeout=300)
    m = re.search(r'<pre id="result">(.*?)</pre>', r.stdout, flags=re.S)
    assert m and m.group(1) != "pending", f"no measurement from chromium: {r.stderr[-2000:]}"
    return json.loads(m.group(1).replace("&quot;", '"').replace("&amp;", "&")
                      .replace("&lt;", "<").replace("&gt;", ">"))


@needs_docs
@needs_sphinx
@pytest.mark.skipif(_chromium() is None, reason="no chromium (apt-get install chromium, or "
                                                "HANDRANK_CHROMIUM=/path/to/chrome)")
def test_pages_fit_the_screen(site):
    """Every page of the site, laid out by headless Chromium at 1280 px and at
    a phone's 375 px: no page is wider than the screen (wide tables and code
    scroll inside their own box, none is cut off), and on the phone the
    navigation is one tap away."""
    r, _, html = site
    assert r.returncode == 0, r.stdout + r.stderr
    pages = sorted(str(p.relative_to(html)) for p in html.glob("**/*.html")
                   if not p.name.startswith("_"))
    assert len(pages) >= len(PAGES)
    results = measure_pages(html, pages)
    assert len(results) == len(pages) * len(WIDTHS)
    wide = [f"{m['page']} at {m['width']} px: {m['scroll']} px wide (viewport {m['client']})"
            for m in results if m["scroll"] > m["client"] + 1]
    assert not wide, "pages wider than the screen:\n" + "\n".join(wide)
    cut = [f"{m['page']} at {m['width']} px: {m['clipped']}" for m in results if m["clipped"]]
    assert not cut, "content cut off, not scrollable:\n" + "\n".join(cut)
    # on a phone a table wider than the screen shows that it scrolls (a shadow
    # at the edge and a hint), and no column is squeezed to a word a line;
    # on a desktop no code line runs out of its box (long lines wrap)
    generated = ("search.html", "genindex.html", "py-modindex.html")
    hidden = [f"{m['page']}: {m['hidden']}" for m in results
              if m.get("hidden") and m["page"] not in generated]
    assert not hidden, "tables that hide columns with no sign of it:\n" + "\n".join(hidden)
    squeezed = [f"{m['page']}: {m['word_per_line']}" for m in results if m.get("word_per_line")]
    assert not squeezed, "table columns a word a line wide:\n" + "\n".join(squeezed)
    long_code = [f"{m['page']}: {m['wide_code']}" for m in results if m.get("wide_code")]
    assert not long_code, "code lines cut off on a desktop:\n" + "\n".join(long_code)
    toctree = len(PAGES) - 1           # a link to every page but the one shown
    for m in results:
        nav = m.get("nav")
        if nav is None or m["page"] in ("search.html", "genindex.html", "py-modindex.html"):
            continue
        assert nav["links"] >= toctree, f"{m['page']}: {nav['links']} navigation links"
        reachable = nav["before"] if nav["before"] >= toctree else nav.get("after", 0)
        assert reachable >= toctree, f"{m['page']} on a phone: navigation not reachable ({nav})"


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


@needs_docs
def test_solver_figures_dated_and_consistent():
    """docs/solver.rst's speed table says when and how it was measured, and
    the prose's cost of one sweep is the table's per-vector figure."""
    text = (DOCS / "solver.rst").read_text(encoding="utf-8")
    section = text[text.index("Measured speed"):]
    assert re.search(r"Measured 20\d\d-\d\d-\d\d", section)
    assert "median of 3 runs" in section
    per_vector = re.search(r"1 board x 2,000 reach vectors\s+([\d.]+) µs/vector", section)
    sweep = re.search(r"each sweep costs about ([\d.]+) µs", section)
    assert per_vector and sweep and per_vector.group(1) == sweep.group(1)


@needs_docs
def test_figures_agree_and_are_dated():
    """The figures a reader meets in several places are the same figure, and
    the benchmark page reads as a report: every table has its date, and no
    development history ("issue 16", "this branch", main's build)."""
    def read(rel):
        return (ROOT / rel).read_text(encoding="utf-8")

    readme, design = read("README.md"), read("docs/design.rst")
    bench, equity = read("docs/benchmarks.rst"), read("docs/equity.rst")
    # the suite's time: one statement, the README's (tests/test_readme.py)
    assert not re.search(r"about (four|seven|13) minutes|5½ minutes", readme + design)
    # the machines: the same-run peer table's (Intel family 6, model 207) and
    # the earlier AMD guests' (family 25 is Zen 3 / Zen 4, never Zen 5)
    for name, text in (("README", readme), ("benchmarks.rst", bench)):
        assert "Zen 5" not in text, name
        assert "family 6, model 207" in text, name
    assert "family 25, model 17" in bench and "family 25, model 1," in bench
    # exact AKs vs QQ preflop on one core: the same figure everywhere
    assert "0.81 ms" in equity and "0.81 ms" in bench
    # peers' figures come from a same-run measurement, never quoted
    assert not re.search(r"quoted|measured elsewhere|5\.5 ms", readme + bench + equity)
    assert "0.011 s" not in bench and "0.02 s" not in equity
    # the design page's instruction counts are the current loops'
    assert "24.8" in design and "40.1" in design and "42 for a 7-card" not in design
    # a report, not a log
    for pattern in (r"\bissue \d+", r"this branch", r"\bmain's\b", r"\bmain:", r"Zen 5"):
        assert not re.search(pattern, bench, flags=re.I), pattern
    # every table of the benchmark page says when it was measured
    blocks = re.split(r"\n(?=\.\. list-table::)", bench)
    assert len(blocks) > 8
    for before, table in zip(blocks, blocks[1:]):
        lines = before.splitlines()
        rows = [i for i, line in enumerate(lines) if line.startswith(("   * -", "     -"))]
        intro = "\n".join(lines[rows[-1] + 1:] if rows else lines)   # since the last table
        assert re.search(r"20\d\d-\d\d-\d\d", intro), f"a table with no date: {table[:300]}"


@needs_docs
def test_cluster_page_figures_are_those_of_the_run():
    """docs/cluster.rst quotes bench/cluster_billion.py's output, which the
    run wrote to docs/_static/cluster-billion.json beside the task stream's
    picture: each figure on the page is that file's, and the histogram is
    a billion hands near the exact odds."""
    page = (DOCS / "cluster.rst").read_text(encoding="utf-8")
    run = json.loads((DOCS / "_static" / "cluster-billion.json").read_text(encoding="utf-8"))
    assert (DOCS / "_static" / "cluster-task-stream.png").stat().st_size < 200_000
    assert ".. figure:: _static/cluster-task-stream.png" in page
    assert f"Measured on {run['date']}" in page and f"``{run['cpu']}``" in page
    assert f"CPython {run['python']}, numpy {run['numpy']}" in page
    for figure in (f"{run['seconds']:.1f} s", f"{run['rate'] / 1e6:.1f} M hands/s",
                   f"{run['rate_per_cpu_second'] / 1e6:.1f} M hands per worker CPU-second",
                   f"{run['showdown_seconds']:.1f} s", f"{run['showdown_rate'] / 1e6:.1f} M showdowns/s",
                   f"{run['cpu_seconds']:.1f} CPU-seconds", f"{run['max_abs_z']:.2f}",
                   f"{run['aces_share']:.5f}", f"{run['aces_exact']:.5f}"):
        assert figure in page, figure
    assert run["hands"] == 10 ** 9 == sum(run["histogram"].values())
    for name, count in run["histogram"].items():
        assert re.search(rf"\* - {name}\n\s+- {count:,}\n", page), name
    assert run["max_abs_z"] < 5
