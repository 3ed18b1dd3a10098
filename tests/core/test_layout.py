"""The package's layout: arrows point down, a game is one folder, bots/ names no game.

The import graph is read from the source with :mod:`ast`, not by importing: every
``import``, ``from ... import`` (relative ones resolved) and ``importlib.import_module``
or ``__import__`` call with a constant name, at any depth (inside functions too).
Arrows point down among modules, and among folders too: in each package, its modules
and sub-packages (each sub-package standing for every module under it) import each
other without a circle, so every folder sits on one floor.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import cardrules

SRC = Path(cardrules.__file__).parent
PACKAGE = "cardrules"
GAMES = ("azi", "hazari")


def _module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES: dict[str, Path] = {_module_name(p): p for p in sorted(SRC.rglob("*.py"))}


def _resolve(name: str, known: dict[str, Path]) -> str | None:
    """The longest prefix of ``name`` that is a module of the package, if any."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in known:
            return candidate
        parts.pop()
    return None


def _is_import_call(node: ast.Call) -> bool:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id in {"__import__", "import_module"}
    return isinstance(func, ast.Attribute) and func.attr == "import_module"


def imported_names(module: str, path: Path) -> Iterator[str]:
    """Every dotted name ``module`` imports, statically or by a constant importlib call."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                stem = ".".join([*base, node.module] if node.module else base)
            else:
                stem = node.module or ""
            # ``from pkg import sub`` imports the submodule ``pkg.sub`` when there is one.
            for alias in node.names:
                yield f"{stem}.{alias.name}"
        elif isinstance(node, ast.Call) and _is_import_call(node) and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                yield first.value


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        targets = {_resolve(name, modules) for name in imported_names(module, path)}
        graph[module] = {t for t in targets if t is not None and t != module}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``graph`` as a path that returns to its start, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                return [*stack[stack.index(target) :], target]
            if target not in state and (found := visit(target)) is not None:
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)) is not None:
            return found
    return None


def folder_graph(graph: dict[str, set[str]], package: str) -> dict[str, set[str]]:
    """The imports among what ``package`` holds: each of its modules is a node, and each
    of its sub-packages one node (named with a trailing ``/``) for every module under it.
    The package's own ``__init__`` is the node ``package``; imports that leave the
    package are left out (the package above sees them)."""
    packages = {m.rpartition(".")[0] for m in graph if "." in m}

    def node(module: str) -> str | None:
        if module == package:
            return package
        if not module.startswith(f"{package}."):
            return None
        child = f"{package}.{module[len(package) + 1 :].partition('.')[0]}"
        return f"{child}/" if child in packages else child

    folders: dict[str, set[str]] = {}
    for module, targets in graph.items():
        source = node(module)
        if source is not None:
            found = {node(t) for t in targets}
            folders.setdefault(source, set()).update(t for t in found if t not in (None, source))
    return folders


GRAPH = import_graph(MODULES)
PACKAGES = sorted(m for m, p in MODULES.items() if p.name == "__init__.py")


def test_the_cycle_finder_finds_cycles_hidden_in_importlib_calls(tmp_path: Path) -> None:
    root = tmp_path / "cardrules"
    (root / "bots").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "game.py").write_text(
        "def bots():\n    import importlib\n"
        "    return importlib.import_module('cardrules.bots.x')\n"
    )
    (root / "bots" / "__init__.py").write_text("")
    (root / "bots" / "x.py").write_text("from .. import game\n")
    modules = {
        "cardrules": root / "__init__.py",
        "cardrules.game": root / "game.py",
        "cardrules.bots": root / "bots" / "__init__.py",
        "cardrules.bots.x": root / "bots" / "x.py",
    }
    graph = import_graph(modules)
    assert graph["cardrules.bots.x"] == {"cardrules.game"}
    assert find_cycle(graph) == ["cardrules.bots.x", "cardrules.game", "cardrules.bots.x"]
    (root / "bots" / "x.py").write_text("from cardrules import bots\n")
    assert find_cycle(import_graph(modules)) is None


def test_the_package_has_no_import_cycle() -> None:
    assert len(GRAPH) > 80
    assert "cardrules.azi.bots" in GRAPH["cardrules.azi.game"]
    assert find_cycle(GRAPH) is None


def test_a_circle_among_folders_is_found_where_modules_have_none() -> None:
    """The records layout of 0.3: the registry read JSON with ``records/__init__``,
    and ``records/text`` read actions with the registry; no two modules import each
    other, but the folder ``records/`` and the module ``registry`` do."""
    graph = {
        "cardrules": {"cardrules.registry"},
        "cardrules.registry": {"cardrules.records"},
        "cardrules.records": set(),
        "cardrules.records.text": {"cardrules.records", "cardrules.registry"},
    }
    assert find_cycle(graph) is None
    assert find_cycle(folder_graph(graph, "cardrules.records")) is None
    assert find_cycle(folder_graph(graph, "cardrules")) == [
        "cardrules.registry",
        "cardrules.records/",
        "cardrules.registry",
    ]
    graph["cardrules.registry"] = set()  # the JSON basics below the registry
    assert find_cycle(folder_graph(graph, "cardrules")) is None


@pytest.mark.parametrize("package", PACKAGES)
def test_no_circle_among_the_folders_and_modules_of_a_package(package: str) -> None:
    folders = folder_graph(GRAPH, package)
    assert package in folders
    assert find_cycle(folders) is None


def import_calls(tree: ast.AST) -> list[str]:
    """The innermost enclosing function of every importlib call (``<module>`` if none)."""
    found: list[str] = []

    def visit(node: ast.AST, function: str) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            function = node.name
        if isinstance(node, ast.Call) and _is_import_call(node):
            found.append(function)
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(tree, "<module>")
    return found


def test_import_calls_are_found_at_any_depth() -> None:
    code = "import importlib\nimportlib.import_module('x')\ndef f():\n    __import__('y')\n"
    assert import_calls(ast.parse(code)) == ["<module>", "f"]


def test_importlib_is_called_only_by_the_registry_and_lazy_getattr() -> None:
    """``import_module``/``__import__`` only in the registry's one loader of references,
    or in a package's ``__getattr__`` that loads its own submodules."""
    found = {
        (module, function)
        for module, path in MODULES.items()
        for function in import_calls(ast.parse(path.read_text(), str(path)))
    }
    lazy = {(m, f) for m, f in found if f == "__getattr__" and MODULES[m].name == "__init__.py"}
    assert found - lazy == {("cardrules.registry", "load_reference")}


@pytest.mark.parametrize("module", sorted(m for m in MODULES if m.startswith("cardrules.bots")))
def test_bots_name_no_game(module: str) -> None:
    games = {m for m in GRAPH[module] if m.startswith(tuple(f"cardrules.{g}" for g in GAMES))}
    assert games == set()
    below = {m for m in GRAPH[module] if not m.startswith(("cardrules.bots", "cardrules.bot"))}
    assert not any(m.startswith(("cardrules.cli", "cardrules.runner")) for m in below)


@pytest.mark.parametrize("game", GAMES)
def test_each_game_folder_holds_its_bots_and_view(game: str) -> None:
    assert (SRC / game / "bots.py").is_file()
    assert (SRC / game / "view.py").is_file()
    inside = GRAPH[f"cardrules.{game}.view"] | GRAPH[f"cardrules.{game}.bots"]
    assert not any(m.startswith("cardrules.cli") for m in inside)
    other = next(g for g in GAMES if g != game)
    folder = [m for m in GRAPH if m.startswith(f"cardrules.{game}.")]
    assert not any(t.startswith(f"cardrules.{other}") for m in folder for t in GRAPH[m])


def test_the_cli_holds_no_game_view_and_the_core_no_game() -> None:
    assert not [p.name for p in (SRC / "cli").glob("*view*.py")]
    core = [m for m in GRAPH if m.count(".") == 1 and (SRC / f"{m.split('.')[1]}.py").is_file()]
    assert {"cardrules.bot", "cardrules.text", "cardrules.view", "cardrules.registry"} <= set(core)
    for module in core:
        assert not any(t.startswith(("cardrules.azi", "cardrules.hazari")) for t in GRAPH[module])


@pytest.mark.parametrize("command", ["play", "simulate", "tournament", "deal", "games"])
def test_the_generic_commands_name_no_game(command: str) -> None:
    module = f"cardrules.cli.{command}"
    assert not any(t.startswith(("cardrules.azi", "cardrules.hazari")) for t in GRAPH[module])
    text = MODULES[module].read_text()
    assert '"azi"' not in text and '"hazari"' not in text
