"""The .pyi stubs list every public name of the compiled core."""
from __future__ import annotations

import ast
import pathlib

import handrank as hr

STUB = pathlib.Path(hr.__file__).with_name("_core.pyi")


def stub_names() -> set[str]:
    tree = ast.parse(STUB.read_text())
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def test_every_public_core_name_has_a_stub():
    public = {n for n in dir(hr._core) if not n.startswith("_")} - {"np"}
    missing = public - stub_names()
    assert not missing, f"_core.pyi lacks {sorted(missing)}"


def test_every_core_class_method_has_a_stub():
    tree = ast.parse(STUB.read_text())
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
            stubbed = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
            cls = getattr(hr._core, node.name)
            public = {n for n in vars(cls) if not n.startswith("_")}
            attrs = {n.target.id for n in node.body if isinstance(n, ast.AnnAssign)}
            assert public <= stubbed | attrs, (node.name, sorted(public - stubbed - attrs))
