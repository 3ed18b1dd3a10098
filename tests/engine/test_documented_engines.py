"""The documented command lines that seat an engine or a bot of your own run as written.

:mod:`tests.core.test_documented_commands` leaves them here, because they need what
their page assumes: the checkout's ``examples/`` and ``cardrules`` on the ``PATH``,
an engine ``./mybot`` and a module ``mybot.py`` in the current directory. Each runs
as the console script, in a folder holding those, and must exit 0 with output. They
start programs, so they are soak checks (``--soak``), which ``.ci/run`` runs.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.core.test_documented_commands import COMMANDS as _RUN_ELSEWHERE
from tests.core.test_documented_commands import ROOT
from tests.engine.support import SCRIPT, wait_gone

SCRIPTS = Path(sys.executable).parent
CONSOLE = SCRIPTS / "cardrules"

MYBOT = '''
class TrumpKeeper:
    """Plays the first legal action; keeps its trumps by luck alone."""

    name = "trumpkeeper"

    def choose(self, observation, legal_actions, rng):
        return legal_actions[0]
'''


def _engine_commands() -> list[tuple[str, str]]:
    found = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.rst"))]:
        place = page.relative_to(ROOT).as_posix()
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            stripped = line.strip().removeprefix("$ ")
            if (
                line[:1].isspace()
                and stripped.startswith("cardrules ")
                and ("exec:" in stripped or "mybot:" in stripped)
            ):
                found.append((f"{place}:{number}", stripped))
    return found


COMMANDS = _engine_commands()


def test_the_engine_command_lines_are_found_here_and_nowhere_else() -> None:
    assert len(COMMANDS) >= 5
    assert not {line for _, line in COMMANDS} & {line for _, line in _RUN_ELSEWHERE}


@pytest.mark.soak
@pytest.mark.skipif(not CONSOLE.exists(), reason="the console script is not installed")
@pytest.mark.parametrize(("place", "line"), COMMANDS, ids=[place for place, _ in COMMANDS])
def test_documented_engine_command_runs_soak(tmp_path: Path, place: str, line: str) -> None:
    if "exec:node" in line and shutil.which("node") is None:
        pytest.skip("the example engine needs Node.js")
    pids = tmp_path / "pids"
    pids.mkdir()
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    (tmp_path / "mybot.py").write_text(MYBOT, encoding="utf-8")
    mybot = tmp_path / "mybot"
    mybot.write_text(f"#!/bin/sh\nexec {sys.executable} {SCRIPT} good {pids}\n")
    mybot.chmod(0o755)
    env = {**os.environ, "PATH": f"{SCRIPTS}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop("PYTHONPATH", None)  # a bot in the current directory is found without it
    words = shlex.split(line, comments=True)
    done = subprocess.run(
        [str(CONSOLE), *words[1:]],
        cwd=tmp_path,
        env=env,
        input="1\n" * 500,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert "Traceback" not in done.stdout + done.stderr
    assert done.returncode == 0, f"{place}: {line!r} exited {done.returncode}: {done.stderr}"
    assert done.stdout and "forfeit" not in done.stdout
    assert wait_gone(int(path.name) for path in pids.iterdir()) == []
