"""Every ``python benchmarks/...`` command line in the README, the docs and the
benchmark scripts' own docstrings gives arguments that its script accepts.

The script is loaded and its ``main`` runs with ``parse_args`` stopped right after
a successful parse, so no benchmark actually runs. Synopsis lines (with
``[optional]`` parts) are skipped. A script that needs an optional extra
(OpenSpiel, PettingZoo, numpy, pgx) is checked where that extra is installed.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import shlex
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINE = re.compile(r"^\s*(?:\$ )?python (benchmarks/\w+\.py)\b(.*)$")


def _logical_lines(text: str) -> Iterator[tuple[int, str]]:
    """Numbered lines, with backslash continuations joined."""
    pending, start = "", 0
    for number, line in enumerate(text.splitlines(), 1):
        if not pending:
            start = number
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        yield start, pending + line
        pending = ""


def _commands() -> list[tuple[str, str, str]]:
    sources = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.rst"))]
    sources += sorted((ROOT / "benchmarks").glob("*.py"))
    found = []
    for source in sources:
        place = source.relative_to(ROOT).as_posix()
        if "/_build/" in f"/{place}":
            continue
        for number, line in _logical_lines(source.read_text(encoding="utf-8")):
            match = LINE.match(line)
            if match and "[" not in match.group(2):
                found.append((f"{place}:{number}", match.group(1), match.group(2)))
    return found


COMMANDS = _commands()


# Top-level modules that only an optional extra installs (the pettingzoo adapter
# names the module it misses, e.g. gymnasium).
OPTIONAL_MODULES = frozenset(
    {"pyspiel", "open_spiel", "numpy", "pettingzoo", "gymnasium", "jax", "pgx"}
)


class _Parsed(Exception):
    """Raised in place of running the benchmark once its arguments parsed."""


def _load(script: str) -> ModuleType:
    path = ROOT / script
    if str(path.parent) not in sys.path:  # the scripts import benchmarks/seeds.py
        sys.path.insert(0, str(path.parent))
    name = f"documented_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {script}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] in OPTIONAL_MODULES:
            pytest.skip(f"{script} needs {exc.name}, an optional extra")
        raise
    return module


def test_the_documentation_shows_benchmark_commands() -> None:
    scripts = {script for _, script, _ in COMMANDS}
    assert len(COMMANDS) >= 20
    assert {"benchmarks/compare.py", "benchmarks/bench_bots.py"} <= scripts


@pytest.mark.parametrize(("place", "script", "rest"), COMMANDS, ids=[c[0] for c in COMMANDS])
def test_documented_benchmark_arguments_parse(
    monkeypatch: pytest.MonkeyPatch, place: str, script: str, rest: str
) -> None:
    module = _load(script)
    original = argparse.ArgumentParser.parse_args

    def parse_then_stop(self: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> Any:
        original(self, *args, **kwargs)
        raise _Parsed

    monkeypatch.setattr(argparse.ArgumentParser, "parse_args", parse_then_stop)
    monkeypatch.setattr(sys, "argv", [script, *shlex.split(rest, comments=True)])
    try:
        module.main()
    except _Parsed:
        return
    except SystemExit as exc:
        pytest.fail(f"{place}: {script}{rest} does not parse (exit {exc.code})")
    pytest.fail(f"{place}: {script} never parsed its arguments")
