"""``cardrules records convert|show`` and ``simulate --out games.crec``, run as a user would."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardrules.cli import main
from cardrules.record import GameRecord
from cardrules.records.text import read_games


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def crec(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "games.crec"
    bots = "heuristic,random,random,random"
    argv = ["simulate", "azi", "--games", "8", "--quiet", "--bots", bots]
    status, _, err = run(capsys, *argv, "--out", str(path))
    assert (status, err) == (0, "")
    return path


def test_simulate_writes_text_records_naming_each_seats_bot(crec: Path) -> None:
    with crec.open(encoding="utf-8") as handle:
        games = list(read_games(handle))
    assert len(games) == 8
    for index, game in enumerate(games):
        seats = [game.tag(f"Seat{seat}") for seat in range(4)]
        assert seats.index("heuristic") == index % 4  # bot 0 sits in seat i % 4 in game i
        assert game.tag("Result") == " ".join(map(str, game.state().returns()))


def test_convert_goes_both_ways(
    crec: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, jsonl, err = run(capsys, "records", "convert", str(crec), "--to", "jsonl")
    assert (status, err) == (0, "")
    lines = jsonl.splitlines()
    with crec.open(encoding="utf-8") as handle:
        games = list(read_games(handle))
    assert [GameRecord.from_json(line, "azi") for line in lines] == [g.record for g in games]
    back = tmp_path / "games.jsonl"
    back.write_text(jsonl, encoding="utf-8")
    status, text, err = run(capsys, "records", "convert", str(back), "--to", "text")
    assert (status, err) == (0, "")
    assert all('"seats":[' in line for line in lines)  # the JSON lines name the seats too
    assert text == crec.read_text(encoding="utf-8")


def test_convert_reports_a_bad_game_and_converts_the_rest(
    crec: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = crec.read_text(encoding="utf-8").replace("[Dealer", '[Dealer "x"]\n[Daler', 1)
    bad = tmp_path / "bad.crec"
    bad.write_text(text, encoding="utf-8")
    status, out, err = run(capsys, "records", "convert", str(bad), "--to", "jsonl")
    assert status == 1 and len(out.splitlines()) == 7
    assert err.startswith("cardrules records: error: line 2: the Dealer tag must be a whole")


def test_show_prints_the_game_move_by_move(crec: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "records", "show", str(crec), "--game", "2")
    assert (status, err) == (0, "")
    with crec.open(encoding="utf-8") as handle:
        game = list(read_games(handle))[1]
    assert out.startswith("Game: azi\n")
    assert out.count("\n1. seat ") == 1
    assert f"{len(game.actions)}. seat " in out
    assert str(game.state()) in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["records", "show", "missing.crec"], "cannot read 'missing.crec'"),
        (["records", "convert", "missing.crec", "--to", "text"], "cannot read"),
        (["records", "convert", "x", "--to", "xml"], "invalid choice"),
        (["records"], "the following arguments are required"),
    ],
)
def test_bad_use_is_a_usage_error(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(capsys, *argv)
    assert status == 2 and message in err


def test_show_of_a_game_past_the_end(crec: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "records", "show", str(crec), "--game", "9")
    assert status == 2 and "no game 9" in err


def test_the_installed_command_converts_standard_input(crec: Path) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    command = [sys.executable, "-m", "cardrules", "records", "convert", "-", "--to", "jsonl"]
    done = subprocess.run(
        command, input=crec.read_text(encoding="utf-8"), capture_output=True, text=True, env=env
    )
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in done.stdout.splitlines()]
    with crec.open(encoding="utf-8") as handle:
        assert records == [g.record_json() for g in read_games(handle) if g.record]
    assert all(record["seats"] for record in records)
    assert io.StringIO(done.stdout).readline().startswith('{"actions"')


def test_show_counts_every_game_of_the_file_broken_ones_too(
    crec: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = crec.read_text(encoding="utf-8").replace('[Seed "', '[Seed "x', 1)
    bad = tmp_path / "bad.crec"
    bad.write_text(text, encoding="utf-8")
    status, _, err = run(capsys, "records", "show", str(bad), "--game", "1")
    assert status == 2 and "game 1 (line 3) cannot be read: the Seed tag" in err
    status, out, err = run(capsys, "records", "show", str(bad), "--game", "2")
    with crec.open(encoding="utf-8") as handle:
        second = list(read_games(handle))[1]
    assert (status, err) == (0, "") and f"Seed: {second.tag('Seed')}\n" in out
