"""Every command line in the README and the docs names commands, options, files and
extras the project has.

The lines are collected from the README's ``sh`` blocks, from the indented code
blocks of every page under ``docs/`` and from inline literals (````cardrules ...````,
````pip install ...````, ````python -m ...````, in single backquotes in the README);
a ``&&`` chain is split into its
commands. Each must be a kind this test knows, and is checked as that kind:

- ``cardrules ...`` (or ``.venv/bin/cardrules``) in a code block: the CLI's own
  parser accepts its arguments, and :mod:`tests.core.test_documented_commands` runs
  it. In an inline literal, which may name a command in prose (````cardrules play````)
  or give its synopsis (``FILE``, ``[--seed S]``, ``hazari|azi``): the command, its
  sub-commands and every option it names exist.
- ``python benchmarks/...``: the script exists;
  :mod:`tests.core.test_documented_benchmarks` parses its arguments, and the cheap
  ones run here exactly as written.
- ``pip install``: each path exists, each extra is declared in ``pyproject.toml``,
  and no requirement is ``cardrules`` from an index (it is installed from a checkout).
- ``python -m pytest``: its test paths exist and its options are pytest's or the
  project's (``--soak``).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardrules import registry
from cardrules.cli import build_parser
from cardrules.cli.parsers import CommandParser
from cardrules.cli.usage import UsageError

ROOT = Path(__file__).resolve().parents[2]
STARTS = ("cardrules ", ".venv/bin/", "python", "pip ", ". .venv/bin/activate")
"""How a command line in a code block starts; other indented lines are not commands."""
INLINE = "inline: "
"""Marks a command line from an inline literal, which may be a mention or a synopsis."""
CHEAP = ("benchmarks/bench_chance.py --games 300 --repeat 3",)
"""Documented benchmark lines fast enough to run as written (a few seconds)."""


def _pages() -> list[Path]:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.rst"))]
    return [page for page in pages if "_build" not in page.parts]


def _block_lines(page: Path, text: str) -> list[tuple[int, str]]:
    """Numbered lines of ``page``'s code blocks (README ``sh`` blocks, indented rst)."""
    lines = text.splitlines()
    if page.suffix == ".md":
        found, inside = [], False
        for number, line in enumerate(lines, 1):
            if line.startswith("```"):
                inside = line.strip() in ("```sh", "```console") and not inside
                continue
            if inside:
                found.append((number, line))
        return found
    return [(n, line) for n, line in enumerate(lines, 1) if line[:1].isspace()]


def _commands() -> list[tuple[str, str]]:
    found = []
    for page in _pages():
        place = page.relative_to(ROOT).as_posix()
        text = page.read_text(encoding="utf-8")
        for number, line in _block_lines(page, text):
            stripped = line.strip().removeprefix("$ ")
            if stripped.startswith(STARTS):
                found += [(f"{place}:{number}", part.strip()) for part in stripped.split("&&")]
        quote = "``" if page.suffix == ".rst" else "`"
        literal = rf"(?<!`){quote}((?:cardrules|pip install|python -m) [^`]+){quote}(?!`)"
        for match in re.finditer(literal, text):
            number = text.count("\n", 0, match.start()) + 1
            found.append((f"{place}:{number}", INLINE + " ".join(match[1].split())))
    return found


COMMANDS = _commands()


def _words(line: str) -> list[str]:
    """The words of ``line``, without a ``# comment`` or a ``| pipe``."""
    words = shlex.split(line, comments=True)
    return words[: words.index("|")] if "|" in words else words


@contextlib.contextmanager
def _example_game(words: list[str]) -> Iterator[None]:
    """The example package's game known while ``words`` are checked, if they name it,
    as if the example were installed; nothing of it is left behind."""
    if "toy" not in words:
        yield
        return
    saved = dict(registry._REGISTERED)
    try:
        registry._REGISTERED["toy"] = importlib.import_module("toy_game.game").GAME
        yield
    finally:
        registry._REGISTERED.clear()
        registry._REGISTERED.update(saved)


def _check_cardrules(words: list[str]) -> None:
    """The arguments parse: a UsageError names what the parser does not know."""
    with _example_game(words):
        build_parser().parse_args(words)


def _check_mention(words: list[str]) -> None:
    """The command and sub-commands named exist, and every option named is theirs
    (a game's rule options once the words name the game)."""
    parser: argparse.ArgumentParser = build_parser()
    for index, word in enumerate(words):
        word = word.strip("[]")
        commands = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if isinstance(parser, CommandParser) and parser.specialise is not None:
            with _example_game(words), contextlib.suppress(UsageError):  # GAME, hazari|azi
                parser = parser.specialise(parser, words[index:]) or parser
        if word.startswith("-"):
            known = {option for action in parser._actions for option in action.option_strings}
            assert word in known, f"{parser.prog} has no option {word}"
        elif commands and not re.fullmatch(r"[A-Z]+|\.\.\.", word):
            names = word.split("|")
            assert all(name in commands[0].choices for name in names), (
                f"{parser.prog} has no command {word}"
            )
            parser = commands[0].choices[names[0]]


def _extras() -> set[str]:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    table = text.split("[project.optional-dependencies]", 1)[1].split("\n[", 1)[0]
    return set(re.findall(r"^([a-z][a-z0-9_-]*) =", table, flags=re.MULTILINE))


def _check_pip(words: list[str]) -> None:
    targets = [word for word in words[2:] if not word.startswith("-")]
    assert targets, "pip install needs something to install"
    for target in targets:
        path, _, extras = target.partition("[")
        if path in ("numpy",):  # a third-party package from the index, as the page says
            continue
        assert path.startswith("."), f"{target!r}: cardrules installs from a checkout"
        assert (ROOT / path).exists(), f"{target!r}: no such path in the checkout"
        declared = _extras()
        for extra in extras.rstrip("]").split(","):
            assert not extra or extra in declared, f"{target!r}: no extra {extra!r}"


def _pytest_options() -> str:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--help", "-p", "no:cacheprovider"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout


def _kind(words: list[str]) -> str:
    program = words[0].removeprefix(".venv/bin/")
    if program == "cardrules":
        return "cardrules"
    if (program == "pip" and words[1:2] == ["install"]) or (
        program in ("python", "python3") and words[1:4] == ["-m", "pip", "install"]
    ):
        return "pip"
    if program in ("python", "python3") and len(words) > 1:
        if words[1].startswith("benchmarks/"):
            return "benchmark"
        if words[1:3] == ["-m", "pytest"]:
            return "pytest"
        if words[1:3] == ["-m", "venv"]:
            return "venv"
    if words[:2] == [".", ".venv/bin/activate"]:
        return "activate"
    return "unknown"


def test_the_docs_show_every_kind_of_command_line() -> None:
    kinds = {_kind(_words(line.removeprefix(INLINE))) for _, line in COMMANDS}
    assert {"cardrules", "benchmark", "pip", "pytest", "venv"} <= kinds


@pytest.mark.parametrize(("place", "line"), COMMANDS, ids=[place for place, _ in COMMANDS])
def test_a_documented_command_line_is_one_the_project_has(place: str, line: str) -> None:
    inline = line.startswith(INLINE)
    words = _words(line.removeprefix(INLINE))
    kind = _kind(words)
    assert kind != "unknown", f"{place}: {line!r} is no command this project documents"
    if kind == "cardrules" and inline:
        _check_mention(words[1:])
    elif kind == "cardrules":
        try:
            _check_cardrules(words[1:])
        except UsageError as exc:
            pytest.fail(f"{place}: {line!r}: {exc}")
    elif kind == "pip":
        if words[1:3] == ["-m", "pip"]:
            words = words[2:]
        _check_pip(words)
    elif kind == "benchmark":
        assert (ROOT / words[1]).is_file(), f"{place}: no script {words[1]}"
    elif kind == "pytest":
        _check_pytest(place, words)


def _check_pytest(place: str, words: list[str]) -> None:
    """The test paths of ``python -m pytest ...`` exist and its options are pytest's."""
    takes_value = False
    for word in words[3:]:
        if takes_value:  # the value of the option before it, such as auto in -n auto
            takes_value = False
        elif word.startswith("-"):
            assert word in PYTEST_OPTIONS, f"{place}: pytest has no option {word}"
            takes_value = _pytest_option_takes_a_value(word)
        else:
            path, _, test = word.partition("::")
            assert (ROOT / path).exists(), f"{place}: no test path {path}"
            assert not test or f"def {test}(" in (ROOT / path).read_text("utf-8"), word


PYTEST_OPTIONS = ""
"""Filled once, by the fixture below, from ``pytest --help``."""


def _pytest_option_takes_a_value(option: str) -> bool:
    """True when ``pytest --help`` shows ``option`` followed by a value's name."""
    return re.search(rf"(^|[\s,]){re.escape(option)}[ =][a-z_]+", PYTEST_OPTIONS, re.M) is not None


@pytest.fixture(scope="module", autouse=True)
def _options() -> None:
    global PYTEST_OPTIONS
    if not PYTEST_OPTIONS:
        PYTEST_OPTIONS = _pytest_options()


def test_a_command_line_with_an_unknown_option_is_caught() -> None:
    with pytest.raises(UsageError, match="--no-such-option"):
        _check_cardrules(["simulate", "azi", "--no-such-option"])
    with pytest.raises(UsageError):
        _check_cardrules(["no-such-command"])
    with pytest.raises(AssertionError, match="has no option --no-such-option"):
        _check_mention(["simulate", "hazari|azi", "[--no-such-option", "S]"])
    with pytest.raises(AssertionError, match="records has no command sho"):
        _check_mention(["records", "sho", "FILE"])
    _check_mention(["records", "convert", "FILE", "--to", "text", "--player", "N"])
    _check_pytest("here", ["python", "-m", "pytest", "-n", "auto", "--soak", "tests/core"])
    with pytest.raises(AssertionError, match="no test path auto"):
        _check_pytest("here", ["python", "-m", "pytest", "--soak", "auto"])
    with pytest.raises(AssertionError, match="no option --no-such-option"):
        _check_pytest("here", ["python", "-m", "pytest", "-n", "2", "--no-such-option"])
    with pytest.raises(AssertionError, match="no extra"):
        _check_pip(["pip", "install", ".[no-such-extra]"])
    with pytest.raises(AssertionError, match="from a checkout"):
        _check_pip(["pip", "install", "cardrules[numpy]"])


@pytest.mark.parametrize("line", CHEAP)
def test_the_cheap_documented_benchmarks_run_as_written(line: str) -> None:
    assert any(shlex.split(text)[1:] == shlex.split(line) for _, text in COMMANDS), line
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run(
        [sys.executable, *shlex.split(line)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()
