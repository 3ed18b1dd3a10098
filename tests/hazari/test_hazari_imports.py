"""The modules of ``cardrules.hazari`` import each other in one direction only.

Every import counts, function-local ones included: the graph is read from each
module's syntax tree, not from what happens to run at import time.
"""

from __future__ import annotations

import ast
from pathlib import Path

import cardrules.hazari

PACKAGE = "cardrules.hazari"
FOLDER = Path(cardrules.hazari.__file__).parent


def _imported(module: str, tree: ast.AST) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against this module's package
                base = PACKAGE.rsplit(".", node.level - 1)[0] if node.level > 1 else PACKAGE
                name = f"{base}.{node.module}" if node.module else base
            else:
                name = node.module or ""
            found.add(name)
            # ``from cardrules.hazari import state`` imports the module state too
            found.update(f"{name}.{alias.name}" for alias in node.names)
    return {name for name in found if name == PACKAGE or name.startswith(PACKAGE + ".")}


def import_graph() -> dict[str, set[str]]:
    """Each module of the package (and the package itself) -> the package modules it imports."""
    modules = {
        (PACKAGE if path.stem == "__init__" else f"{PACKAGE}.{path.stem}"): path
        for path in FOLDER.glob("*.py")
    }
    graph = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        graph[name] = {target for target in _imported(name, tree) if target in modules} - {name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a path that returns to its start, or None."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state:
                cycle = visit(target)
                if cycle:
                    return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


def test_the_graph_sees_function_local_imports() -> None:
    tree = ast.parse("def f():\n    from cardrules.hazari.state import HazariState\n")
    assert _imported("cardrules.hazari.x", tree) == {
        "cardrules.hazari.state",
        "cardrules.hazari.state.HazariState",
    }
    assert find_cycle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]


def test_no_import_cycles_in_the_hazari_package() -> None:
    graph = import_graph()
    assert "cardrules.hazari.state" in graph and len(graph) > 15
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_only_the_package_itself_imports_the_package() -> None:
    graph = import_graph()
    users = sorted(name for name, targets in graph.items() if PACKAGE in targets)
    assert users == []
