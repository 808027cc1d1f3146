"""The modules of src/handrank are layers without cycles (issue 22).

``LAYERS`` below is the one list of them, lowest first (``.importlinter``
repeats it for ``lint-imports``, and a test here checks that it agrees;
docs/design.rst draws it).  A module may import modules of its own layer or
of lower ones, never of a higher one, and no chain of imports may come back
to where it started.  Every import counts: at the top of a module, inside a
function (an import put there to dodge a cycle is still a dependency), under
``if TYPE_CHECKING:`` (a type-only cycle is still a knot to read), in a
``try``.  Where a lower layer must reach a higher one, the higher layer fills
a registry of the lower one at import (``_rules.NAME_HINTS``,
``_ranges.DRAWERS``).

The files are read with ``ast`` (Cython's ``_core.pyx`` line by line), so a
failure names the file, the line and the layers, without importing
anything.
"""
from __future__ import annotations

import ast
import configparser
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "handrank"

#: The layers, lowest first: (name, modules).  A new module goes in the
#: lowest layer that holds everything it imports (docs/design.rst says where
#: a new rule set, game, wild setting or equity path goes).
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("foundations: errors", ("_types",)),
    ("foundations: core and runs", ("_core", "_slices", "_build", "_runs", "_include",
                                     "_arrays", "_datafile")),
    ("foundations: cards and input", ("_cards", "_input", "_convert", "_hands")),
    ("foundations: decks and wild cards", ("_deck", "_wild")),
    ("foundations: rule sets", ("_rules", "_strength")),
    ("evaluation", ("_evaluate", "_counts", "_breakdown", "_classify", "_multiway")),
    ("games", ("_games", "_showdown", "_stud")),
    ("ranges", ("_classes", "_omaha_syntax", "_range_text", "_ranges")),
    ("equity", ("_equity", "_folded")),
    ("analysis, dealing, indexing", ("_analysis", "_preflop", "_preflop_multiway",
                                     "_threeway", "_threeway_build", "_omaha_preflop", "_omaha_build", "_deal",
                                     "_index", "_solver", "_abstraction")),
    ("display and plots", ("_display", "_plot", "_equity_grid")),
    ("interfaces", ("cli", "dask", "__main__")),
    ("the package", ("__init__",)),
)

LEVEL = {m: i for i, (_, mods) in enumerate(LAYERS) for m in mods}
LAYER_NAME = {m: name for name, mods in LAYERS for m in mods}


def module_files(package: Path = PACKAGE) -> dict[str, Path]:
    """Every module of the package: its .py files and the Cython core."""
    return {p.stem: p for p in sorted(package.glob("*.py")) + sorted(package.glob("*.pyx"))}


def _targets(node: ast.AST, modules: set[str]) -> list[str]:
    """The package's modules that one import statement imports (``__init__``
    for names taken from the package itself, such as ``__version__``)."""
    out: list[str] = []
    if isinstance(node, ast.ImportFrom):
        if node.level > 1:
            raise AssertionError(f"line {node.lineno}: an import from above the package")
        if node.level == 1 or (node.module or "").split(".")[0] == "handrank":
            parts = (node.module or "").split(".")
            rest = parts[1:] if node.level == 0 else [p for p in parts if p]
            if rest:
                out.append(rest[0])
            else:                                     # from . import x / from handrank import x
                out += [a.name if a.name in modules else "__init__" for a in node.names]
    elif isinstance(node, ast.Import):
        for alias in node.names:
            parts = alias.name.split(".")
            if parts[0] == "handrank":
                out.append(parts[1] if len(parts) > 1 else "__init__")
    return out


def _where(tree: ast.AST) -> dict[int, str]:
    """For each import node (by id), where it sits: "top", "function",
    "TYPE_CHECKING"."""
    where: dict[int, str] = {}

    def walk(node: ast.AST, ctx: str) -> None:
        for child in ast.iter_child_nodes(node):
            c = ctx
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                c = "function"
            elif isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                c = "TYPE_CHECKING"
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                where[id(child)] = c
            walk(child, c)

    walk(tree, "top")
    return where


def import_graph(package: Path = PACKAGE) -> dict[str, list[tuple[str, int, str]]]:
    """``{module: [(imported module, line, where), ...]}`` over the package."""
    files = module_files(package)
    names = set(files)
    graph: dict[str, list[tuple[str, int, str]]] = {}
    for name, path in files.items():
        text = path.read_text(encoding="utf-8")
        edges: list[tuple[str, int, str]] = []
        if path.suffix == ".pyx":                     # Cython: read the import lines
            # of the file and of the .pxi files it includes (numbered on)
            for inc in re.findall(r'^include\s+"([^"]+)"', text, flags=re.M):
                text += "\n" + (path.parent / inc).read_text(encoding="utf-8")
            for i, line in enumerate(text.splitlines(), 1):
                code = line.split("#")[0].strip()
                if not re.match(r"(c?import|from)\s", code):
                    continue
                try:
                    stmt = ast.parse(code.replace(" cimport ", " import ")).body[0]
                except SyntaxError:
                    continue
                edges += [(t, i, "top") for t in _targets(stmt, names) if t != name]
        else:
            tree = ast.parse(text, filename=str(path))
            where = _where(tree)
            for node in ast.walk(tree):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    edges += [(t, node.lineno, where[id(node)]) for t in _targets(node, names)
                              if t != name]
        graph[name] = edges
    return graph


def cycles(graph: dict[str, list[tuple[str, int, str]]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w, _, _ in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def upward_imports(graph: dict[str, list[tuple[str, int, str]]]) -> list[str]:
    """Each import from a lower layer to a higher one, as a sentence."""
    out = []
    for mod in sorted(graph):
        for target, line, where in graph[mod]:
            if mod in LEVEL and target in LEVEL and LEVEL[target] > LEVEL[mod]:
                how = {"top": "", "function": " (inside a function)",
                       "TYPE_CHECKING": " (inside if TYPE_CHECKING)"}[where]
                out.append(f"{mod} ({LAYER_NAME[mod]}) imports {target} ({LAYER_NAME[target]}) "
                           f"at line {line}{how}")
    return out


def test_every_module_is_in_one_layer():
    listed = [m for _, mods in LAYERS for m in mods]
    assert len(listed) == len(set(listed)), "a module is listed twice"
    missing = sorted(set(module_files()) - set(listed))
    assert not missing, f"modules in no layer (add them to LAYERS): {missing}"
    gone = sorted(set(listed) - set(module_files()))
    assert not gone, f"LAYERS lists modules that do not exist: {gone}"


def test_no_import_cycle():
    graph = import_graph()
    knots = cycles(graph)
    detail = []
    for knot in knots:
        for mod in knot:
            detail += [f"  {mod} -> {t} (line {line}, {where})" for t, line, where in graph[mod]
                       if t in knot]
    assert not knots, f"import cycles: {knots}\n" + "\n".join(detail)


def test_no_import_from_a_lower_layer_to_a_higher_one():
    up = upward_imports(import_graph())
    assert not up, f"{len(up)} upward imports:\n  " + "\n  ".join(up)


def test_the_walk_sees_every_kind_of_import(tmp_path):
    """The checks above would pass vacuously if the parser missed imports:
    a package with a function-local, a TYPE_CHECKING and an absolute import
    up, and a cycle, must show each of them."""
    (tmp_path / "_types.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from ._games import Game\n"
        "def f():\n    from . import _evaluate\n    import handrank._ranges\n")
    (tmp_path / "_games.py").write_text("from ._types import f\nfrom handrank import __version__\n")
    (tmp_path / "_core.pyx").write_text('import numpy as np\ninclude "_core_x.pxi"\n')
    (tmp_path / "_core_x.pxi").write_text("from ._games cimport x\n")     # counted on from line 3
    for name in ("_evaluate", "_ranges"):
        (tmp_path / f"{name}.py").write_text("")
    graph = import_graph(tmp_path)
    assert sorted(graph["_types"]) == [("_evaluate", 5, "function"), ("_games", 3, "TYPE_CHECKING"),
                                       ("_ranges", 6, "function")]
    assert graph["_games"] == [("_types", 1, "top"), ("__init__", 2, "top")]
    assert graph["_core"] == [("_games", 4, "top")]
    assert cycles(graph) == [["_games", "_types"]]
    up = upward_imports(graph)
    assert len(up) == 5 and "_types (foundations: errors) imports _games (games) at line 3 " \
        "(inside if TYPE_CHECKING)" in up and any("_core" in u for u in up)


def test_importlinter_config_has_the_same_layers():
    """``lint-imports`` (import-linter) reads .importlinter: its layers
    contract must list LAYERS, highest first, siblings joined by ':'."""
    ini = configparser.ConfigParser()
    ini.read(ROOT / ".importlinter")
    contract = ini["importlinter:contract:layers"]
    assert contract["type"] == "layers" and contract["containers"].strip() == "handrank"
    got = [tuple(sorted(m.strip().strip("()") for m in line.split(":")))
           for line in contract["layers"].strip().splitlines()]
    want = [tuple(sorted(mods)) for _, mods in reversed(LAYERS) if mods != ("__init__",)]
    assert got == want
    assert ini["importlinter:contract:cycles"]["type"] == "acyclic_siblings"


if __name__ == "__main__":                            # pragma: no cover
    print("\n".join(upward_imports(import_graph())) or "no upward import")
    print(cycles(import_graph()) or "no cycle")
    raise SystemExit(pytest.main([__file__, "-q"]))


def test_every_source_file_has_one_job_and_a_readable_length():
    """No Python or Cython file of the package is longer than about 700
    lines (issue 22: _core.pyx was 1,345 and grew; it is now build facts and
    one _core_*.pxi per job).  A file that outgrows this is split by job."""
    long = {p.name: n for p in sorted(PACKAGE.glob("*.p*"))
            if p.suffix in (".py", ".pyx", ".pxi", ".pxd")
            and (n := len(p.read_text(encoding="utf-8").splitlines())) > 700}
    assert not long, f"files over 700 lines: {long}"
