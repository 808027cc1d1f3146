"""Sphinx directives ``.. source-modules::`` and ``.. header-order::``: the
layout part of docs/design.rst, read from the tree when the site is built.

``source-modules`` lists every Python and Cython file under
``src/handrank`` (any depth: a feature folder is a subpackage), grouped by
the layers of ``.importlinter`` (highest first, as that file lists them),
each with the first sentence of its docstring or first comment.
``header-order`` lists every header under ``include/handrank`` (any depth)
in an order where each comes after every header it includes, computed from
the ``#include "..."`` lines, each with the first sentence of its first
comment and what it includes.

Nothing here names a module or a header: a file added, moved into a folder
or removed changes the page.  ``python_files()``, ``layers()``,
``header_graph()`` and ``header_order()`` are plain Python;
tests/test_design_page.py checks them against the tree.
"""
from __future__ import annotations

import ast
import configparser
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "handrank"
HEADERS = ROOT / "include" / "handrank"
SOURCE_SUFFIXES = (".py", ".pyx", ".pxi", ".pxd")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


#: The longest summary shown (longer ones are cut at a word, with "...").
WIDTH = 100


def _first_sentence(text: str) -> str:
    """The first sentence of a paragraph, on one line, at most WIDTH characters
    (a leading "handrank" or "handrank:" dropped: every file is handrank's)."""
    text = " ".join(text.split())
    text = re.sub(r"^handrank:?\s+(?=\S)", "", text)
    m = re.search(r"\.\s+(?=[A-Z])", text)
    text = (text[:m.start()] if m else text).rstrip(".")
    if len(text) > WIDTH:
        text = text[:WIDTH - 4].rsplit(" ", 1)[0] + " ..."
    return text


def _comment_paragraphs(text: str) -> list[str]:
    """The paragraphs of a file's leading comment (``#`` lines, blank lines
    and ``# ====`` rules between them, or the first ``/* ... */`` block)."""
    lines: list[str] = []
    stripped = text.lstrip()
    if stripped.startswith("/*"):
        block = stripped[2:stripped.find("*/")]
        lines = [ln.strip().lstrip("*").strip() for ln in block.splitlines()]
    else:
        for ln in text.splitlines():
            if ln.strip() and not ln.startswith("#"):
                break
            ln = ln.lstrip("#").strip()
            lines.append("" if set(ln) <= set("=-") else ln)
    paragraphs, now = [], []
    for ln in lines + [""]:
        if ln:
            now.append(ln)
        elif now:
            paragraphs.append(" ".join(now))
            now = []
    return paragraphs


def summary(path: Path) -> str:
    """What a file is for: the first sentence of its docstring, or of its
    leading comment (directives and "<file>: part of ..." lines skipped)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        doc = ast.get_docstring(ast.parse(text)) or ""
    else:
        doc = ""
        body = "\n".join(ln for ln in text.splitlines() if not ln.startswith("# cython:"))
        m = re.match(r'\s*(?:#[^\n]*\n\s*)*[rR]?"""(.*?)"""', body, re.S)
        if m and path.suffix in (".pyx", ".pxd"):
            doc = m.group(1)
    if doc.strip():
        return _first_sentence(doc.strip().split("\n\n")[0])
    for para in _comment_paragraphs(text):
        if not para.startswith(f"{path.name}:") and not para.startswith("cython:"):
            return _first_sentence(para)
    return ""


def python_files(package: Path = PACKAGE) -> list[Path]:
    """Every Python and Cython source file of the package, at any depth."""
    return sorted(p for p in package.rglob("*") if p.suffix in SOURCE_SUFFIXES
                  and "__pycache__" not in p.parts)


def module_name(path: Path, package: Path = PACKAGE) -> str:
    """A file's dotted module name inside the package (``_games``,
    ``games._showdown``, ``games`` for ``games/__init__.py``); a ``.pxi``
    is part of the ``.pyx`` module that includes it."""
    if path.suffix == ".pxi":
        for pyx in path.parent.glob("*.pyx"):
            if re.search(rf'^include\s+"{re.escape(path.name)}"', pyx.read_text(encoding="utf-8"),
                         re.M):
                return module_name(pyx, package)
    rel = path.relative_to(package)
    parts = list(rel.parts[:-1]) + [rel.stem]
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def layers(root: Path = ROOT) -> list[list[str]]:
    """The layers of .importlinter's layers contract, highest first: each a
    list of modules or subpackages (dotted, without ``handrank.``)."""
    ini = configparser.ConfigParser()
    ini.read(root / ".importlinter")
    for section in ini.sections():
        if ini[section].get("type", "").strip() == "layers":
            return [[m.strip().strip("()").removeprefix("handrank.") for m in line.split(":")]
                    for line in ini[section]["layers"].strip().splitlines() if line.strip()]
    return []


def layer_of(name: str, layer_list: list[list[str]]) -> int | None:
    """The index of the layer holding a module (itself, or a package it is in)."""
    for i, entries in enumerate(layer_list):
        if any(name == e or name.startswith(e + ".") for e in entries):
            return i
    return None


def grouped_modules(package: Path = PACKAGE, root: Path = ROOT) -> list[tuple[str, list[Path]]]:
    """(layer title, files) for each layer, highest first, then the files in
    no layer (the package's own ``__init__``)."""
    layer_list = layers(root)
    groups: list[list[Path]] = [[] for _ in layer_list] + [[]]
    for p in python_files(package):
        i = layer_of(module_name(p, package), layer_list)
        groups[len(layer_list) if i is None else i].append(p)
    titles = [_wrap(" : ".join(entries)) for entries in layer_list] + ["the package root"]
    return [(t, g) for t, g in zip(titles, groups) if g]


def _wrap(title: str) -> str:
    """A layer's title, broken into lines of at most about WIDTH characters."""
    lines = [""]
    for word in title.split(" : "):
        if lines[-1] and len(lines[-1]) + len(word) + 3 > WIDTH:
            lines[-1] += " :"
            lines.append("")
        lines[-1] += (" : " if lines[-1] else "") + word
    return "\n ".join(lines)


def header_files(folder: Path = HEADERS) -> list[Path]:
    """Every header under include/handrank, at any depth."""
    return sorted(folder.rglob("*.h"))


def header_graph(folder: Path = HEADERS) -> dict[str, list[str]]:
    """Each header (its path under ``include/``) and the headers of the tree
    it includes, in its order.  An include is looked up beside the header,
    then under ``include/``."""
    top = folder.parent
    files = header_files(folder)
    known = {p.relative_to(top).as_posix() for p in files}
    graph: dict[str, list[str]] = {}
    for p in files:
        out = []
        for target in INCLUDE.findall(p.read_text(encoding="utf-8")):
            for where in (p.parent / target, top / target):
                name = where.resolve().relative_to(top.resolve()).as_posix() \
                    if where.resolve().is_relative_to(top.resolve()) else None
                if name in known:
                    out.append(name)
                    break
        graph[p.relative_to(top).as_posix()] = out
    return graph


def header_order(graph: dict[str, list[str]]) -> list[str]:
    """The headers in an order where each follows everything it includes
    (depth first, in path order); ValueError on a cycle."""
    done: list[str] = []
    state: dict[str, int] = {}

    def visit(h: str, path: tuple[str, ...]) -> None:
        if state.get(h) == 2:
            return
        if state.get(h) == 1:
            raise ValueError("include cycle: " + " -> ".join(path + (h,)))
        state[h] = 1
        for t in graph[h]:
            visit(t, path + (h,))
        state[h] = 2
        done.append(h)

    for h in sorted(graph):
        visit(h, ())
    return done


def module_lines(package: Path = PACKAGE, root: Path = ROOT) -> list[str]:
    """The text of ``.. source-modules::``."""
    out: list[str] = []
    groups = grouped_modules(package, root)
    width = max(len(p.relative_to(package).as_posix()) for _, g in groups for p in g) + 2
    for n, (title, files) in enumerate(groups):
        if n:
            out.append("     ^")
        out.append(f"[{title}]")
        for p in files:
            out.append(f"  {p.relative_to(package).as_posix():<{width}}{summary(p)}")
    return out


def header_lines(folder: Path = HEADERS) -> list[str]:
    """The text of ``.. header-order::``."""
    graph = header_graph(folder)
    top = folder.parent
    prefix = folder.name + "/"
    out = []
    for h in header_order(graph):
        out.append(f"{h.removeprefix(prefix)}: {summary(top / h)}")
        if graph[h]:
            out.append(f"    includes {', '.join(t.removeprefix(prefix) for t in graph[h])}")
    return out


def _setup_directives():
    from docutils import nodes
    from sphinx.util.docutils import SphinxDirective

    class SourceModules(SphinxDirective):
        """``.. source-modules::`` -- the package's files by layer."""

        has_content = False
        lines = staticmethod(module_lines)

        def run(self) -> list:
            text = "\n".join(self.lines())
            block = nodes.literal_block(text, text)
            block["language"] = "text"
            return [block]

    class HeaderOrder(SourceModules):
        """``.. header-order::`` -- the headers, each after what it includes."""

        lines = staticmethod(header_lines)

    return SourceModules, HeaderOrder


def setup(app):
    modules, headers = _setup_directives()
    app.add_directive("source-modules", modules)
    app.add_directive("header-order", headers)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
