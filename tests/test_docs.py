"""Every example in the public docstrings runs and prints what it says."""
from __future__ import annotations

import doctest
import importlib
import inspect
import pkgutil

import pytest

import handrank
from handrank.evaluation import _evaluate

#: The package and every module in it, in its feature packages too (a new
#: module's examples run without being listed here); ``__main__`` runs the
#: CLI when imported.
MODULES = [handrank] + [importlib.import_module(m.name)
                        for m in pkgutil.walk_packages(handrank.__path__, "handrank.")
                        if m.name != "handrank.__main__"]


#: Modules whose examples need an optional package (skipped without it).
NEEDS = {"handrank.dask": "dask.array"}


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_docstring_examples(module):
    if module.__name__ in NEEDS:
        pytest.importorskip(NEEDS[module.__name__])
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


# Lists of the supported rule sets (issue 21, item 15): every place that
# names rule sets names all of hr.RULE_SETS, or names a few as examples and
# points to the registry, so that none can fall behind it.

import io
import re
import sys
from contextlib import redirect_stdout
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: canonical names a text may mention; "high" is left out (an ordinary word)
NAMES = [rs.name for rs in handrank.RULE_SETS if rs.name != "high"]


def named_rule_sets(text: str) -> set[str]:
    text = re.sub(r"-\n\s*", "-", text)          # argparse wraps lines after a hyphen
    return {n for n in NAMES if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text)}


def assert_whole_list(what: str, text: str, *, registry_ok: bool = True) -> None:
    """``text`` names every rule set, or none; or (``registry_ok``) names
    some as examples and refers to ``RULE_SETS`` for the rest."""
    named = named_rule_sets(text)
    if named and named != set(NAMES):
        assert registry_ok and "RULE_SETS" in text, (
            f"{what} names {sorted(named)} but not {sorted(set(NAMES) - named)}, and does not "
            f"refer to RULE_SETS")


def _cli_output(*argv: str) -> str:
    from handrank import cli
    out = io.StringIO()
    with redirect_stdout(out):
        try:
            cli.main(list(argv))
        except SystemExit:
            pass
    return out.getvalue()


def test_evaluate_docstring_rule_sets():
    # cleandoc: CPython 3.13 strips the docstring's indentation when compiling
    doc = inspect.cleandoc(_evaluate.evaluate.__doc__)
    rules = doc[doc.index("\nrules\n"):doc.index("\nwild\n")]
    assert_whole_list("evaluate's rules= parameter", rules)
    assert "RULE_SETS" in rules


def test_cli_help_rule_sets():
    from handrank import cli
    top = cli.build_parser().format_help()
    assert named_rule_sets(top) == set(NAMES), "handrank --help names every rule set"
    assert_whole_list("handrank --help", top, registry_ok=False)
    sub = _cli_output("eval", "--help")
    assert named_rule_sets(sub) == set(NAMES), "handrank eval --help names every rule set"
    sub = re.sub(r"-\n\s*", "-", sub)
    for rs in handrank.RULE_SETS:
        for alias in rs.aliases:
            assert re.search(rf"[ (]{re.escape(alias)}[,;)]", sub), f"eval --help lacks {alias!r}"


def test_demo_shows_every_rule_set(monkeypatch):
    from handrank import cli
    labels = re.findall(r"^  .*?  ([a-z0-9-]+)(?:, wild=\S+)?\s+-?\d+  ",
                        _cli_output("demo", "-n", "0"), flags=re.M)
    assert set(labels) == {rs.name for rs in handrank.RULE_SETS}
    # a rule set without a hand of its own in DEMO_HANDS still shows, with a dealt hand
    monkeypatch.setattr(cli, "DEMO_HANDS", cli.DEMO_HANDS[:3])
    out = _cli_output("demo", "-n", "0")
    for rs in handrank.RULE_SETS:
        assert re.search(rf"  {re.escape(rs.name)}\s+-?\d+  ", out), rs.name


@pytest.mark.skipif(not (ROOT / "pyproject.toml").is_file(), reason="no pyproject.toml here")
def test_package_description_rule_sets():
    from toml_compat import tomllib
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert_whole_list("pyproject's description", meta["description"])


@pytest.mark.skipif(not (ROOT / "README.md").is_file(), reason="no README here")
def test_readme_intro_rule_sets():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    intro = text.split("\n## ", 1)[0]
    assert_whole_list("the README's introduction", intro)
    assert "RULE_SETS" in intro


@pytest.mark.skipif(not (ROOT / "docs").is_dir(), reason="no docs/ tree here")
def test_docs_index_rule_sets():
    text = (ROOT / "docs" / "index.rst").read_text(encoding="utf-8")
    intro = text.split(">>>", 1)[0]
    assert_whole_list("the docs' front page", intro)
    assert "RULE_SETS" in intro


@pytest.mark.skipif(not (ROOT / "docs" / "_ext").is_dir(), reason="no docs/ tree here")
def test_rules_page_table_comes_from_the_registry():
    """docs/rules.rst builds its table with the ``rule-sets`` directive
    (docs/_ext/registry_tables.py), one row per RuleSet with its facts."""
    assert ".. rule-sets::" in (ROOT / "docs" / "rules.rst").read_text(encoding="utf-8")
    assert ".. list-table::" not in (ROOT / "docs" / "rules.rst").read_text(
        encoding="utf-8").split("Rule sets\n---------", 1)[1].split("\n---", 1)[0]
    pytest.importorskip("docutils")
    pytest.importorskip("sphinx")
    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    try:
        import registry_tables
    finally:
        sys.path.pop(0)
    rows, strengths = registry_tables.rule_set_rows(), registry_tables.strength_rows()
    names = [f"``{rs.name}``" for rs in handrank.RULE_SETS]
    assert [r[0] for r in rows] == names == [r[0] for r in strengths]
    for rs, (_, aliases, cards, ace, patterns), (_, values, worst, best) in zip(
            handrank.RULE_SETS, rows, strengths):
        assert re.findall(r"``(.+?)``", aliases) == list(rs.aliases)
        sizes = rs.hand_sizes
        assert cards.startswith(f"{sizes[0]} to {sizes[-1]}" if len(sizes) > 1 else str(sizes[0]))
        assert ("high" in ace) == (rs.ace != "low")
        assert (patterns == "ignored") == (rs.kind == "poker" and not rs.straights)
        five_kind = len(rs.deck.ranks) if rs.five_kind else 0
        top = rs.nclasses - 1 - five_kind
        low = rs.tables.qualifier_strength or 0
        assert values.startswith(f"{low}..{top} ({top - low + 1:,}"), (rs.name, values)
        assert ("five of a kind" in values) == rs.five_kind
        # the worst and the best hand the cells name have those strengths
        for cell, s in ((worst, low), (best, top)):
            number, ranks, name = re.fullmatch(r"(-?\d+): ([2-9TJQKA-]+) \((.+)\)", cell).groups()
            assert int(number) == s and rs.describe(s) == name, (rs.name, cell)
            assert ranks.split("-") == ["23456789TJQKA"[r] for r in rs.ranks(s)]
