"""Every ``cardrules`` command line shown in the README and the documentation runs.

The command lines are read from the README's ``sh`` blocks and from the code
blocks of every page under ``docs/`` (indented ``cardrules ...`` lines, and
``$ cardrules ...`` console lines). Each runs through :func:`cardrules.cli.main`
with a trailing ``# comment`` and any ``| pipe`` dropped, and must exit 0 without
a traceback. Standard input answers ``1`` to every question, so a documented
``play --human`` game is played to the end. A command with ``--engine batch`` needs
the ``numpy`` extra, and is skipped where numpy is not installed.
"""

from __future__ import annotations

import importlib.util
import io
import re
import shlex
import time
from pathlib import Path

import pytest

from cardrules.cli import main

ROOT = Path(__file__).resolve().parents[2]

ANSWERS = "1\n" * 500
"""Enough "choose the first option" answers for any documented game against the bots."""


def _readme_commands() -> list[tuple[str, str]]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = []
    for block in re.finditer(r"^```sh\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL):
        first = text.count("\n", 0, block.start(1)) + 1
        for offset, line in enumerate(block.group(1).splitlines()):
            stripped = line.strip().removeprefix("$ ")
            if stripped.startswith("cardrules "):
                found.append((f"README.md:{first + offset}", stripped))
    return found


def _docs_commands() -> list[tuple[str, str]]:
    found = []
    for page in sorted((ROOT / "docs").rglob("*.rst")):
        name = page.relative_to(ROOT).as_posix()
        if "/_build/" in f"/{name}":
            continue
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            if not line[:1].isspace():
                continue  # code blocks are indented; prose is not
            stripped = line.strip()
            if re.search(r"\btoy\b", stripped):
                continue  # the installed example game: tests/core/test_entry_points.py
            if "exec:" in stripped or "mybot:" in stripped:
                continue  # engines and a bot of your own: tests/engine/test_documented_engines.py
            if stripped.startswith("$ cardrules "):
                found.append((f"{name}:{number}", stripped[2:]))
            elif stripped.startswith("cardrules "):
                found.append((f"{name}:{number}", stripped))
    return found


COMMANDS = _readme_commands() + _docs_commands()


def argv_of(line: str) -> list[str]:
    """The arguments after ``cardrules``, without a ``# comment`` or a ``| pipe``.

    >>> argv_of('cardrules hazari table --format csv | head -3')
    ['hazari', 'table', '--format', 'csv']
    >>> argv_of('cardrules cards parse "as,10h" T♦   # normalise')
    ['cards', 'parse', 'as,10h', 'T♦']
    """
    words = shlex.split(line, comments=True)
    if "|" in words:
        words = words[: words.index("|")]
    assert words[0] == "cardrules", line
    return words[1:]


def test_the_documentation_shows_command_lines() -> None:
    places = {place.split(":")[0] for place, _ in COMMANDS}
    assert "README.md" in places
    assert "docs/guide/bots.rst" in places
    assert len(COMMANDS) >= 10


@pytest.mark.parametrize(("place", "line"), COMMANDS, ids=[place for place, _ in COMMANDS])
def test_documented_command_runs(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    place: str,
    line: str,
) -> None:
    if "--engine batch" in line and importlib.util.find_spec("numpy") is None:
        pytest.skip("the batch engine needs the numpy extra")
    monkeypatch.chdir(tmp_path)  # a command that writes a file (--save, --out) writes it here
    monkeypatch.setattr("sys.stdin", io.StringIO(ANSWERS))
    start = time.monotonic()
    status = main(argv_of(line))
    elapsed = time.monotonic() - start
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert status == 0, f"{place}: {line!r} exited {status}: {err.strip()}"
    assert out, f"{place}: {line!r} printed nothing"
    assert elapsed < 20, f"{place}: {line!r} took {elapsed:.0f} s; document a smaller command"
