"""Engines and bots of your own on the command line: ``exec:`` seats in ``play``,
``simulate`` and ``tournament``, ``--time-limit``, the names tables give, and a bot
module found in the current directory."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardrules.cli import main
from cardrules.engine import live_engines
from tests.engine.support import SCRIPT, recorded, wait_gone

CONSOLE = Path(sys.executable).parent / "cardrules"
GAME = "azi(players=2)"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _seat(mode: str, pids: Path) -> str:
    return f"exec:{sys.executable} {SCRIPT} {mode} {pids}"


@pytest.mark.skipif(not CONSOLE.exists(), reason="the console script is not installed")
def test_your_bot_is_found_in_the_current_directory_and_named_by_its_name(
    tmp_path: Path,
) -> None:
    (tmp_path / "mybot.py").write_text(
        "class TrumpKeeper:\n"
        "    name = 'trumpkeeper'\n"
        "    def choose(self, observation, legal_actions, rng):\n"
        "        return legal_actions[0]\n",
        encoding="utf-8",
    )
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    done = subprocess.run(
        [
            str(CONSOLE),
            "simulate",
            GAME,
            "--bots",
            "mybot:TrumpKeeper,random",
            "--games",
            "2",
            "--quiet",
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "0:trumpkeeper" in done.stdout and "mybot" not in done.stdout


def test_an_exec_seat_plays_simulate_and_its_time_and_faults_are_shown(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, err = run(
        capsys,
        "simulate",
        GAME,
        "--bots",
        f"{_seat('illegal', tmp_path)},random",
        "--games",
        "3",
        "--quiet",
        "--time-limit",
        "60",
    )
    assert status == 0, err
    assert re.search(r"\n([123]) forfeits? \(\1 illegal\):", out) and "time of 0:exec:" in out
    assert "in seat" in out and "(seed " in out
    status, out, err = run(
        capsys,
        "simulate",
        GAME,
        "--bots",
        f"{_seat('good', tmp_path)},random",
        "--games",
        "3",
        "--quiet",
        "--format",
        "jsonl",
    )
    rows = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and len(rows) == 6
    assert all(row["fault"] is None for row in rows)
    assert [row["time"] is None for row in rows] == [row["bot_index"] == 1 for row in rows]
    assert wait_gone(recorded(tmp_path)) == [] and live_engines() == ()


def test_an_exec_seat_in_a_ladder_and_its_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_file = tmp_path / "ladder.json"
    pids = tmp_path / "pids"
    pids.mkdir()
    status, out, err = run(
        capsys,
        "tournament",
        GAME,
        "--bots",
        f"random,{_seat('garbage', pids)}",
        "--games",
        "2",
        "--quiet",
        "--json",
        str(out_file),
    )
    assert status == 0, err
    assert "Forfeits" in out and "malformed" in out
    faults = json.loads(out_file.read_text(encoding="utf-8"))["faults"]
    assert faults and {fault["fault"]["kind"] for fault in faults} == {"malformed"}
    assert wait_gone(recorded(pids)) == []


def test_an_exec_seat_in_a_narrated_game_and_its_forfeit(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, err = run(capsys, "play", GAME, "--bots", f"{_seat('good', tmp_path)},random")
    assert status == 0, err
    assert f"(exec:{sys.executable}" in out
    status, out, err = run(
        capsys, "play", GAME, "--seed", "1", "--bots", f"{_seat('version', tmp_path)},random"
    )
    assert status == 0, err
    assert "Forfeit: exec:" in out and "version: the engine speaks cardrules-engine 2.0" in out
    assert "Returns by the game's forfeit rule:" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "exec:./no-such-engine,random"], "cannot find the program './no-such-engine'"),
        (["--bots", "exec:,random"], "an engine command names a program"),
        (["--bots", "exec:'unclosed,random"], "cannot read the engine command"),
        (["--time-limit", "0"], "--time-limit must be above 0 and at most 86400, not 0.0"),
        (["--time-limit", "nan"], "--time-limit must be above 0"),
        (["--time-limit", "1e9"], "--time-limit must be above 0"),
    ],
)
@pytest.mark.parametrize("command", ["play", "simulate", "tournament"])
def test_a_bad_engine_seat_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], command: str, argv: list[str], message: str
) -> None:
    extra = ["--bots", "random,heuristic"] if "--bots" not in argv else []
    status, out, err = (
        run(capsys, command, GAME, *argv, *extra, "--games", "1")[:3]
        if (command != "play")
        else run(capsys, command, GAME, *argv, *extra)
    )
    assert status == 2 and message in err and out == ""
