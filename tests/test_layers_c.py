"""The C headers of include/handrank: one folder per feature, in layers, one
job each, in one direction.

Each feature's headers sit in the folder of its Python package
(``include/handrank/games/hr_games.h`` beside ``src/handrank/games/``);
``handrank.h``, the umbrella that includes the entry points, stays at the
top.  ``LAYERS`` lists the folders, lowest first, in the order of the
Python packages (tests/test_layers.py): a header includes only headers of
its own folder or of folders below it (the umbrella includes any).  An
include names the header relative to the including one (``"hr_rule.h"``,
``"../base/hr_core.h"``), so the headers compile with or without
``-I include``.

The include graph has no cycle, every header includes the headers it uses at
its top (never in the middle of its code), and each one compiles alone in a
translation unit of its own -- so no header works only because another was
included before it.  No header is longer than about 700 lines."""
from __future__ import annotations

import os
import posixpath
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HEADERS = ROOT / "include" / "handrank"
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
MAX_LINES = 700
UMBRELLA = "handrank.h"

#: The header folders, lowest first (the packages of tests/test_layers.py
#: that have C headers, in the same order).
LAYERS: tuple[str, ...] = (
    "base",
    "cards",
    "rules",
    "evaluation",
    "analysis",
    "games",
    "equities",
    "tables",
    "solver",
)
LEVEL = {f: i for i, f in enumerate(LAYERS)}


def _headers(folder: Path = HEADERS) -> list[str]:
    """Every header, as its path below include/handrank ("games/hr_games.h")."""
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.h"))


def _folder(header: str) -> str | None:
    """The feature folder of a header (None for one at the top)."""
    return header.split("/")[0] if "/" in header else None


def _code_lines(text: str) -> list[tuple[int, str]]:
    """(line number, line) of each line outside comments, comments blanked."""
    out, in_comment = [], False
    for no, line in enumerate(text.splitlines(), 1):
        code, i = "", 0
        while i < len(line):
            if in_comment:
                end = line.find("*/", i)
                if end < 0:
                    i = len(line)
                else:
                    in_comment, i = False, end + 2
            elif line.startswith("/*", i):
                in_comment, i = True, i + 2
            elif line.startswith("//", i):
                break
            else:
                code += line[i]
                i += 1
        out.append((no, code))
    return out


def include_graph(folder: Path = HEADERS) -> dict[str, list[str]]:
    """Each header's quoted includes, in order, each resolved against the
    including header's folder (as the compiler does first)."""
    graph = {}
    for name in _headers(folder):
        text = (folder / name).read_text()
        graph[name] = [posixpath.normpath(posixpath.join(posixpath.dirname(name), m.group(1)))
                       for line in text.splitlines() if (m := INCLUDE.match(line))]
    return graph


def find_cycle(graph: dict[str, list[str]]) -> list[str] | None:
    """A cycle of the graph as a list of nodes (the first repeated last), or None."""
    state: dict[str, int] = {}          # 1 on the stack, 2 done
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in graph.get(node, []):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in graph:
        if node not in state and (found := visit(node)):
            return found
    return None


def upward_includes(graph: dict[str, list[str]]) -> list[str]:
    """Each include of a header of a higher folder, as a sentence."""
    out = []
    for name, targets in graph.items():
        here = _folder(name)
        if here is None:                # the umbrella
            continue
        for t in targets:
            there = _folder(t)
            if there is None or there not in LEVEL or here not in LEVEL:
                out.append(f"{name} includes {t}, outside the layered folders")
            elif there != here and LEVEL[there] > LEVEL[here]:
                out.append(f"{name} ({here}) includes {t} ({there}, a higher layer)")
    return out


def test_find_cycle_finds_cycles():
    assert find_cycle({"a.h": ["b.h"], "b.h": ["c.h"], "c.h": []}) is None
    assert find_cycle({"a.h": ["b.h"], "b.h": ["c.h"], "c.h": ["a.h"]}) == \
        ["a.h", "b.h", "c.h", "a.h"]
    assert find_cycle({"a.h": ["a.h"]}) == ["a.h", "a.h"]
    assert find_cycle({"a.h": ["b.h", "c.h"], "b.h": ["c.h"], "c.h": []}) is None


def test_every_header_is_in_a_layered_folder():
    headers = _headers()
    top = [h for h in headers if _folder(h) is None]
    assert top == [UMBRELLA], f"headers at the top besides {UMBRELLA}: {top}"
    folders = {_folder(h) for h in headers} - {None}
    assert not folders - set(LEVEL), f"folders in no layer (add them to LAYERS): {folders - set(LEVEL)}"
    assert not set(LEVEL) - folders, f"LAYERS lists folders without headers: {set(LEVEL) - folders}"
    assert all(h.count("/") == 1 for h in headers if _folder(h)), "one folder level only"


def test_upward_includes_are_found(tmp_path):
    for folder in LAYERS[:2]:
        (tmp_path / folder).mkdir()
    low, high = LAYERS[0], LAYERS[1]
    (tmp_path / low / "hr_a.h").write_text(f'#include "../{high}/hr_b.h"\n')
    (tmp_path / high / "hr_b.h").write_text(f'#include "../{low}/hr_a.h"\n#include "hr_c.h"\n')
    (tmp_path / high / "hr_c.h").write_text("")
    graph = include_graph(tmp_path)
    assert graph[f"{high}/hr_b.h"] == [f"{low}/hr_a.h", f"{high}/hr_c.h"]
    assert upward_includes(graph) == [f"{low}/hr_a.h ({low}) includes {high}/hr_b.h "
                                      f"({high}, a higher layer)"]


def test_include_graph_has_no_cycle_and_goes_down():
    graph = include_graph()
    assert len(graph) >= 10
    for name, targets in graph.items():
        for t in targets:
            assert t in graph, f"{name} includes {t}, which is no header of include/handrank"
    assert find_cycle(graph) is None, f"include cycle: {' -> '.join(find_cycle(graph))}"
    up = upward_includes(graph)
    assert not up, f"{len(up)} includes against the layers:\n  " + "\n  ".join(up)


def test_includes_come_first():
    """A header includes what it uses before its first declaration: one
    included in the middle of another's code is that other header's second
    job (as hr_simd.h inside hr_eval.h was)."""
    for name in _headers():
        seen_code = None
        for no, code in _code_lines((HEADERS / name).read_text()):
            stripped = code.strip()
            if not stripped:
                continue
            if stripped.startswith("#"):
                if INCLUDE.match(stripped) and seen_code is not None:
                    pytest.fail(f"{name}:{no}: #include after code (line {seen_code})")
                continue
            if seen_code is None:
                seen_code = no


@pytest.mark.parametrize("name", _headers())
def test_header_is_short(name):
    n = len((HEADERS / name).read_text().splitlines())
    assert n <= MAX_LINES, f"{name} has {n} lines: split it by job"


def _compiler() -> str | None:
    for cc in (os.environ.get("CC", ""), "cc", "gcc", "clang"):
        if cc and shutil.which(cc.split()[0]):
            return cc
    return None


def _compiles(cc: str, flags: list[str], src: Path) -> subprocess.CompletedProcess:
    return subprocess.run(cc.split() + flags + ["-I", str(ROOT / "include"), "-fsyntax-only",
                                                str(src)],
                          capture_output=True, text=True)


FLAGS = ["-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Wvla", "-Werror",
         "-Wno-unused-function"]


@pytest.mark.skipif(sys.platform == "win32", reason="a Unix C compiler")
@pytest.mark.parametrize("openmp", [False, True], ids=["serial", "openmp"])
def test_each_header_compiles_alone(tmp_path, openmp):
    cc = _compiler()
    if cc is None:
        pytest.skip("no C compiler")
    flags = FLAGS + (["-fopenmp"] if openmp else [])
    probe = tmp_path / "probe.c"
    probe.write_text("int main(void) { return 0; }\n")
    if _compiles(cc, flags, probe).returncode:
        pytest.skip(f"{cc} {' '.join(flags)} cannot compile a C file")
    failed = []
    for name in _headers():
        src = tmp_path / f"alone_{name[:-2].replace('/', '_')}.c"
        src.write_text(f'#include "handrank/{name}"\n')
        r = _compiles(cc, flags, src)
        if r.returncode:
            failed.append(f"{name}:\n{r.stderr[:2000]}")
    assert not failed, "headers that do not compile alone:\n" + "\n".join(failed)
