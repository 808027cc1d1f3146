"""docs/design.rst follows the tree (issue 36, item 3).

Its lists of modules and headers are generated when the site is built
(docs/_ext/source_tree.py); these tests check the generator against the
tree -- read again here, at any depth of folders -- and against a made-up
tree of feature folders, and check that every file the page names exists
and that it says where each kind of new thing goes.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs" / "_ext"))
import source_tree  # noqa: E402

DESIGN = ROOT / "docs" / "design.rst"


def _includes(header: Path, top: Path) -> list[Path]:
    """The headers of the tree a header includes: a quoted include is looked
    up beside the header, then under include/."""
    out = []
    for name in re.findall(r'^[ \t]*#[ \t]*include[ \t]+"([^"]+)"', header.read_text(), re.M):
        for p in (header.parent / name, top / name):
            if p.is_file():
                out.append(p.resolve())
                break
    return out


def _check_order(folder: Path) -> list[str]:
    """The generated header order, checked: every header of the folder once,
    each after every header it includes."""
    top = folder.parent
    order = source_tree.header_order(source_tree.header_graph(folder))
    headers = sorted(p.resolve() for p in folder.rglob("*.h"))
    placed = [(top / h).resolve() for h in order]
    assert sorted(placed) == headers
    at = {p: i for i, p in enumerate(placed)}
    for h in headers:
        for inc in _includes(h, top):
            assert at[inc] < at[h], f"{h.name} is listed before {inc.name}, which it includes"
    return order


def test_header_order_follows_the_include_graph():
    order = _check_order(source_tree.HEADERS)
    assert len(order) >= 10 and "handrank/handrank.h" in order
    lines = source_tree.header_lines()
    assert sum(1 for ln in lines if not ln.startswith(" ")) == len(order)


def test_every_package_file_is_listed_once_under_its_layer():
    groups = source_tree.grouped_modules()
    listed = [p for _, files in groups for p in files]
    tree = sorted(p for p in source_tree.PACKAGE.rglob("*")
                  if p.suffix in (".py", ".pyx", ".pxi", ".pxd") and "__pycache__" not in p.parts)
    assert sorted(listed) == tree and len(listed) == len(set(listed))
    # only the package's own __init__ is in no layer of .importlinter
    title, rest = groups[-1]
    assert title == "the package root" and rest == [source_tree.PACKAGE / "__init__.py"]
    for name in ("_abstraction.py", "_hands.py", "_include.py", "_solver.py"):
        assert any(p.name == name for p in listed)        # once left out of the drawing
    text = "\n".join(source_tree.module_lines())
    for p in tree:
        assert p.relative_to(source_tree.PACKAGE).as_posix() in text


def test_summaries_read_docstrings_and_comments(tmp_path):
    (tmp_path / "a.py").write_text('"""Alpha: the first.  More words.\n\nBody."""\n')
    (tmp_path / "b.pxi").write_text("# b.pxi: part of x (included by x.pyx)\n#\n"
                                    "# ====\n# beta things: one job\n# two lines.\n")
    (tmp_path / "c.h").write_text("/*\n * handrank gamma: a header.\n *\n * Details.\n */\n")
    (tmp_path / "d.py").write_text("import sys\n")
    assert source_tree.summary(tmp_path / "a.py") == "Alpha: the first"
    assert source_tree.summary(tmp_path / "b.pxi") == "beta things: one job two lines"
    assert source_tree.summary(tmp_path / "c.h") == "gamma: a header"
    assert source_tree.summary(tmp_path / "d.py") == ""


def test_the_generator_reads_feature_folders(tmp_path):
    """A tree cut into feature folders (as issue 36, item 1 plans): the
    modules are found at any depth and grouped by the subpackages the
    layers name; headers in subfolders are ordered by their includes,
    whether an include names the path from include/ or from the header."""
    pkg = tmp_path / "src" / "handrank"
    for rel, doc in [("__init__.py", "The package."), ("games/__init__.py", "Games."),
                     ("games/_showdown.py", "Showdowns."), ("core/_cards.py", "Cards."),
                     ("core/_core.pyx", "The core.")]:
        (pkg / rel).parent.mkdir(parents=True, exist_ok=True)
        (pkg / rel).write_text(f'"""{doc}"""\n')
    (pkg / "core" / "_core.pyx").write_text('"""The core."""\ninclude "_core_x.pxi"\n')
    (pkg / "core" / "_core_x.pxi").write_text("# x: the x part\n")
    (tmp_path / ".importlinter").write_text(
        "[importlinter:contract:layers]\ntype = layers\ncontainers = handrank\n"
        "layers =\n    handrank.games\n    handrank.core\n")
    inc = tmp_path / "include" / "handrank"
    for rel, text in [("core/hr_core.h", "/* core: cards */\n"),
                      ("games/hr_games.h", '/* games */\n#include "handrank/core/hr_core.h"\n'),
                      ("games/hr_split.h", '/* split */\n#include "hr_games.h"\n'),
                      ("handrank.h", '/* all */\n#include "games/hr_split.h"\n'
                                     '#include <stdint.h>\n')]:
        (inc / rel).parent.mkdir(parents=True, exist_ok=True)
        (inc / rel).write_text(text)
    order = _check_order(inc)
    assert order == ["handrank/core/hr_core.h", "handrank/games/hr_games.h",
                     "handrank/games/hr_split.h", "handrank/handrank.h"]
    assert source_tree.header_lines(inc)[-2:] == ["handrank.h: all",
                                                  "    includes games/hr_split.h"]
    groups = source_tree.grouped_modules(pkg, tmp_path)
    assert [(t, [p.relative_to(pkg).as_posix() for p in files]) for t, files in groups] == [
        ("games", ["games/__init__.py", "games/_showdown.py"]),
        ("core", ["core/_cards.py", "core/_core.pyx", "core/_core_x.pxi"]),
        ("the package root", ["__init__.py"])]
    assert source_tree.module_name(pkg / "core" / "_core_x.pxi", pkg) == "core._core"
    (inc / "core" / "hr_core.h").write_text('#include "handrank/handrank.h"\n')
    with pytest.raises(ValueError, match="include cycle"):
        source_tree.header_order(source_tree.header_graph(inc))


def test_design_page_uses_the_generated_lists():
    text = DESIGN.read_text()
    assert ".. header-order::" in text and ".. source-modules::" in text
    assert '"source_tree"' in (ROOT / "docs" / "conf.py").read_text()
    # no hand-kept copy of the lists: no header or module is drawn in a
    # code block of the page
    blocks = re.findall(r"^\.\. code-block:: text\n\n((?:   .*\n|\n)+)", text, re.M)
    for block in blocks:
        assert not re.search(r"\bhr_\w+\.h\b|\b_\w+\.pyx?\b", block), block


def _files_named(text: str) -> set[str]:
    return set(re.findall(r"(?<![\w*])((?:[\w.-]+/)*[\w-][\w.-]*\.(?:py|pyx|pxi|pxd|pyi|h|c|rst|"
                          r"yml|toml))\b", text))


def test_every_file_the_page_names_exists():
    """A file the page names (``_games.py``, ``hr_games.h``,
    ``tests/reference.py``) is in the tree: by its path from the root or
    from a folder of the tree, or, for a bare name, anywhere in it."""
    named = _files_named(DESIGN.read_text())
    assert {"_rules.py", "_games.py", "_wild.py", "_equity.py", "hr_games.h"} <= named
    files = [p for p in ROOT.rglob("*") if p.is_file() and ".git" not in p.parts
             and "_build" not in p.parts]
    paths = {p.relative_to(ROOT).as_posix() for p in files}
    missing = [n for n in sorted(named)
               if not any(q == n or q.endswith("/" + n) for q in paths)]
    assert not missing, f"docs/design.rst names files that are not in the tree: {missing}"


def test_files_named_reads_paths_and_names():
    assert _files_named("``_games.py`` and tests/reference.py, hr_games.h; _core_*.pxi, "
                        ".pyi, handrank.get_include()") == \
        {"_games.py", "tests/reference.py", "hr_games.h"}


@pytest.mark.parametrize("thing", ["A rule set", "A game", "A qualifier", "A wild setting",
                                   "An equity path"])
def test_the_page_says_where_new_things_go(thing):
    """Each kind of new thing has its paragraph, and it names the files."""
    text = DESIGN.read_text()
    m = re.search(rf"^- \*\*{thing}\*\*(.*?)(?=^- \*\*|\Z)", text, re.M | re.S)
    assert m, f"design.rst does not say where {thing.lower()} goes"
    assert len(_files_named(m.group(1))) >= 2, m.group(1)
