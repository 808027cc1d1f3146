"""The packages of src/handrank are layers, and only public names cross them.

``LAYERS`` below is the one list of them, lowest first (``.importlinter``
repeats it for ``lint-imports``, and a test here checks that it agrees).  A
*unit* is one of: a package of src/handrank (a folder: ``cards``, ``games``,
...); the compiled core ``_core`` (the one extension module, ``_core.pyx``;
its Cython parts, the ``_core_*.pxi`` files, sit in the folders of their
features and count as part of it); a top-level module (``cli``, ``dask``,
``__main__``, ``__init__``).

The rules, checked on every import (at the top of a module, inside a
function -- an import put there to dodge a cycle is still a dependency --,
under ``if TYPE_CHECKING:``, in a ``try``):

1. A unit imports only units of lower layers: never a higher one, never
   another unit of its own layer.  No chain of module imports comes back to
   where it started.
2. Only public names cross from one unit to another.  An import from another
   unit names the unit itself -- ``from ..cards import card_list``, the names
   the package's ``__init__`` exports; ``from . import equities``, the package
   whole -- never one of its modules (``from ..cards._input import x`` and
   ``from ..cards import _input`` fail), and takes only names without a
   leading underscore (dunder names such as ``__version__`` are public).  The
   compiled core is the one module used whole, ``from .. import _core``; what
   it offers is declared in its stub, ``_core.pyi``.
3. Within a package, modules import one another freely, private names too.
4. A package's ``__init__`` imports only its own modules: it is the list of
   names the units above may use.

There is no exception list.  The files are read with ``ast`` (Cython's
``_core.pyx`` and the ``.pxi`` files it includes, line by line), so a failure
names the file, the line and the layers, without importing anything.  Where
a lower layer must reach a higher one, it makes an upcall: declared in
``base._interface.UPCALLS`` and installed by the one ``install_upcalls``
call of ``__init__`` (tests/test_interface.py).
"""
from __future__ import annotations

import ast
import configparser
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "handrank"

#: The layers, lowest first: (name, units).  A new module goes in the package
#: of its feature; a new package goes in the lowest layer that holds
#: everything it imports (docs/design.rst says where a new rule set, game,
#: wild setting or equity path goes).
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("the compiled core", ("_core",)),
    ("foundations", ("base",)),
    ("cards, decks and wild cards", ("cards",)),
    ("rule sets", ("rules",)),
    ("evaluation", ("evaluation",)),
    ("hold'em analysis", ("analysis",)),
    ("games and showdowns", ("games",)),
    ("ranges", ("ranges",)),
    ("equity", ("equities",)),
    ("preflop tables", ("tables",)),
    ("solver blocks and abstraction", ("solver",)),
    ("pictures", ("display",)),
    ("interfaces", ("cli", "dask",)),
    ("python -m handrank", ("__main__",)),
    ("the package", ("__init__",)),
)

LEVEL = {u: i for i, (_, units) in enumerate(LAYERS) for u in units}
LAYER_NAME = {u: name for name, units in LAYERS for u in units}

Edge = tuple[str, "str | None", int, str]      # (module, name or None, line, where)


def module_files(package: Path = PACKAGE) -> dict[str, Path]:
    """Every module of the package by its dotted name below ``handrank``
    (``cards._input``; ``cards`` for cards/__init__.py; ``__init__`` for the
    package's own): its .py files and the Cython core."""
    out: dict[str, Path] = {}
    for p in sorted(package.rglob("*.py")) + sorted(package.glob("*.pyx")):
        parts = list(p.relative_to(package).with_suffix("").parts)
        if parts[-1] == "__init__" and len(parts) > 1:
            parts = parts[:-1]
        out[".".join(parts)] = p
    return out


def unit(module: str) -> str:
    return module.split(".")[0]


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _targets(node: ast.AST, package: list[str], modules: set[str]) -> list[tuple[str, str | None]]:
    """What one import statement of a module in ``package`` (its folder's
    parts below handrank) imports: (module, name) for a name taken from a
    module, (module, None) for a module imported whole."""
    if isinstance(node, ast.ImportFrom):
        if node.level:
            if node.level - 1 > len(package):
                raise AssertionError(f"line {node.lineno}: an import from above the package")
            base = package[:len(package) - (node.level - 1)]
            parts = base + (node.module.split(".") if node.module else [])
        elif (node.module or "").split(".")[0] == "handrank":
            parts = node.module.split(".")[1:]
        else:
            return []
        out: list[tuple[str, str | None]] = []
        for a in node.names:
            sub = ".".join(parts + [a.name])
            if sub in modules:
                out.append((sub, None))
            else:
                out.append((".".join(parts) or "__init__", a.name))
        return out
    if isinstance(node, ast.Import):
        return [(".".join(a.name.split(".")[1:]) or "__init__", None) for a in node.names
                if a.name.split(".")[0] == "handrank"]
    return []


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


def import_graph(package: Path = PACKAGE) -> dict[str, list[Edge]]:
    """``{module: [(imported module, name or None, line, where), ...]}``."""
    files = module_files(package)
    names = set(files)
    graph: dict[str, list[Edge]] = {}
    for mod, path in files.items():
        folder = list(path.relative_to(package).parts[:-1])
        text = path.read_text(encoding="utf-8")
        edges: list[Edge] = []
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
                edges += [(t, n, i, "top") for t, n in _targets(stmt, folder, names) if t != mod]
        else:
            tree = ast.parse(text, filename=str(path))
            where = _where(tree)
            for node in ast.walk(tree):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    edges += [(t, n, node.lineno, where[id(node)])
                              for t, n in _targets(node, folder, names) if t != mod]
        graph[mod] = edges
    return graph


def cycles(graph: dict[str, list[Edge]]) -> list[list[str]]:
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
        for w, _, _, _ in graph.get(v, ()):
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


_HOW = {"top": "", "function": " (inside a function)", "TYPE_CHECKING": " (inside if TYPE_CHECKING)"}


def upward_imports(graph: dict[str, list[Edge]]) -> list[str]:
    """Each import of a unit of the same or a higher layer, as a sentence."""
    out = []
    for mod in sorted(graph):
        for target, _, line, where in graph[mod]:
            a, b = unit(mod), unit(target)
            if a != b and a in LEVEL and b in LEVEL and LEVEL[b] >= LEVEL[a]:
                out.append(f"{mod} ({LAYER_NAME[a]}) imports {target} ({LAYER_NAME[b]}) "
                           f"at line {line}{_HOW[where]}")
    return out


def private_crossings(graph: dict[str, list[Edge]]) -> list[str]:
    """Each import that takes a private name, or a module inside a package,
    from another unit (rule 2), as a sentence."""
    out = []
    for mod in sorted(graph):
        for target, name, line, where in graph[mod]:
            if unit(mod) == unit(target):
                continue
            what = f"{target}.{name}" if name else target
            if "." in target:
                out.append(f"{mod} imports {what} at line {line}{_HOW[where]}: a module "
                           f"inside another package (import from {unit(target)} itself)")
            elif (name is None and _is_private(target) and target != "_core") or \
                    (name is not None and _is_private(name)):
                out.append(f"{mod} imports the private {what} at line {line}{_HOW[where]}")
    return out


def test_every_unit_is_in_one_layer():
    listed = [u for _, units in LAYERS for u in units]
    assert len(listed) == len(set(listed)), "a unit is listed twice"
    present = {unit(m) for m in module_files()}
    missing = sorted(present - set(listed))
    assert not missing, f"packages or modules in no layer (add them to LAYERS): {missing}"
    gone = sorted(set(listed) - present)
    assert not gone, f"LAYERS lists units that do not exist: {gone}"
    for folder in sorted(p for p in PACKAGE.iterdir() if p.is_dir() and p.name != "__pycache__"):
        if any(folder.glob("*.py")):
            assert (folder / "__init__.py").is_file(), f"{folder.name} has no __init__.py"


def test_no_import_cycle():
    graph = import_graph()
    knots = cycles(graph)
    detail = []
    for knot in knots:
        for mod in knot:
            detail += [f"  {mod} -> {t} (line {line}, {where})" for t, _, line, where in graph[mod]
                       if t in knot]
    assert not knots, f"import cycles: {knots}\n" + "\n".join(detail)


def test_no_import_from_a_lower_layer_to_a_higher_one():
    up = upward_imports(import_graph())
    assert not up, f"{len(up)} upward imports:\n  " + "\n  ".join(up)


def test_only_public_names_cross_a_package():
    bad = private_crossings(import_graph())
    assert not bad, (f"{len(bad)} imports of private names or of modules inside another "
                     "package (make the name public in its package and export it from the "
                     "package's __init__):\n  " + "\n  ".join(bad))


def test_a_package_init_imports_only_its_own_modules():
    graph = import_graph()
    for name, units in LAYERS:
        for u in units:
            if (PACKAGE / u / "__init__.py").is_file():
                other = [t for t, _, _, _ in graph[u] if not t.startswith(u + ".")]
                assert not other, f"{u}/__init__.py imports {other}: only its own modules"


def test_the_walk_sees_every_kind_of_import(tmp_path):
    """The checks above would pass vacuously if the parser missed imports:
    a tree with a function-local, a TYPE_CHECKING and an absolute import up,
    a private name and a module crossing a package, and a cycle, must show
    each of them."""
    low, high = tmp_path / "low", tmp_path / "high"
    low.mkdir()
    high.mkdir()
    (low / "__init__.py").write_text("from ._a import f\n")
    (low / "_a.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from ..high._b import Game\n"
        "def f():\n    from .. import high\n    import handrank.high._b\n")
    (high / "__init__.py").write_text("")
    (high / "_b.py").write_text("from ..low import f, _g\nfrom ..low._a import f\n"
                                "from .. import _core\nfrom handrank import __version__\n")
    (high / "_c.py").write_text("from ._b import _x\n")
    (tmp_path / "_core.pyx").write_text('import numpy as np\ninclude "low/_core_x.pxi"\n')
    (low / "_core_x.pxi").write_text("from .high cimport x\n")     # counted on from line 3
    graph = import_graph(tmp_path)
    assert sorted(graph["low._a"], key=str) == [("high", None, 5, "function"),
                                               ("high._b", "Game", 3, "TYPE_CHECKING"),
                                               ("high._b", None, 6, "function")]
    assert graph["high._b"] == [("low", "f", 1, "top"), ("low", "_g", 1, "top"),
                                ("low._a", "f", 2, "top"), ("_core", None, 3, "top"),
                                ("__init__", "__version__", 4, "top")]
    assert graph["high._c"] == [("high._b", "_x", 1, "top")]
    assert graph["_core"] == [("high", "x", 4, "top")]
    assert cycles(graph) == [["high._b", "low", "low._a"]]
    global LEVEL, LAYER_NAME
    saved = LEVEL, LAYER_NAME
    try:
        LEVEL = {"_core": 0, "low": 1, "high": 2, "__init__": 3}
        LAYER_NAME = {u: u for u in LEVEL}
        up = upward_imports(graph)
        assert len(up) == 5, up
        assert "low._a (low) imports high._b (high) at line 3 (inside if TYPE_CHECKING)" in up
        assert any(u.startswith("_core (_core) imports high") for u in up)
        assert any("imports __init__" in u for u in up)
        bad = private_crossings(graph)
        assert len(bad) == 4, bad     # low._g; low._a.f; low._a's two of high._b
        assert "high._b imports the private low._g at line 1" in bad
        assert not any("high._c" in b or "_core " in b for b in bad)
    finally:
        LEVEL, LAYER_NAME = saved


def test_importlinter_config_has_the_same_layers():
    """``lint-imports`` (import-linter) reads .importlinter: its layers
    contract must list LAYERS, highest first, siblings joined by ':'."""
    ini = configparser.ConfigParser()
    ini.read(ROOT / ".importlinter")
    contract = ini["importlinter:contract:layers"]
    assert contract["type"] == "layers" and contract["containers"].strip() == "handrank"
    got = [tuple(sorted(m.strip().strip("()") for m in line.split(":")))
           for line in contract["layers"].strip().splitlines()]
    want = [tuple(sorted(units)) for _, units in reversed(LAYERS) if units != ("__init__",)]
    assert got == want
    assert ini["importlinter:contract:cycles"]["type"] == "acyclic_siblings"


def test_every_source_file_has_one_job_and_a_readable_length():
    """No Python or Cython file of the package is longer than about 700
    lines (_core.pyx is build facts and one _core_*.pxi per job, each in its
    feature's folder).  A file that outgrows this is split by job."""
    long = {str(p.relative_to(PACKAGE)): n for p in sorted(PACKAGE.rglob("*.p*"))
            if p.suffix in (".py", ".pyx", ".pxi", ".pxd")
            and (n := len(p.read_text(encoding="utf-8").splitlines())) > 700}
    assert not long, f"files over 700 lines: {long}"


if __name__ == "__main__":                            # pragma: no cover
    print("\n".join(upward_imports(import_graph())) or "no upward import")
    print("\n".join(private_crossings(import_graph())) or "no private name crosses")
    print(cycles(import_graph()) or "no cycle")
    raise SystemExit(pytest.main([__file__, "-q"]))
