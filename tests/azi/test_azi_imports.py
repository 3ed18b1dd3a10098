"""The modules of cardrules.azi import each other without circles.

Every import counts, function-local ones included: the graph is read from the
source, not from what happens to be imported at run time.
"""

from __future__ import annotations

import ast
from pathlib import Path

import cardrules.azi

PACKAGE = "cardrules.azi"
FOLDER = Path(cardrules.azi.__file__).parent


def _module_name(path: Path) -> str:
    return PACKAGE if path.stem == "__init__" else f"{PACKAGE}.{path.stem}"


def import_graph() -> dict[str, set[str]]:
    """Each module of the package and the package modules it imports anywhere."""
    modules = {_module_name(path): path for path in FOLDER.glob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module is not None and not node.level:
                targets = [node.module]
                targets += [f"{node.module}.{alias.name}" for alias in node.names]
            graph[name].update(t for t in targets if t in modules and t != name)
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of ``graph`` as a list of modules, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(name: str) -> list[str] | None:
        state[name] = 1
        stack.append(name)
        for target in sorted(graph[name]):
            if state.get(target) == 1:
                return [*stack[stack.index(target) :], target]
            if target not in state:
                found = visit(target)
                if found:
                    return found
        stack.pop()
        state[name] = 2
        return None

    for name in sorted(graph):
        if name not in state:
            found = visit(name)
            if found:
                return found
    return None


def test_the_azi_package_has_no_import_circle() -> None:
    graph = import_graph()
    assert f"{PACKAGE}.state" in graph and f"{PACKAGE}.resample" in graph
    assert f"{PACKAGE}.state" in graph[f"{PACKAGE}.resample"]
    cycle = find_cycle(graph)
    assert cycle is None, " -> ".join(cycle or [])


def test_the_cycle_finder_sees_a_circle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
