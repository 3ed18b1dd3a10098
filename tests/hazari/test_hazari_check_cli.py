"""``cardrules hazari check``: the records ``simulate --out`` writes, single records, matches."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from cardrules.cli import main
from cardrules.hazari import HazariMatch, HazariState
from cardrules.registry import load_game
from cardrules.rng import Rng
from cardrules.runner import play_game


def _finished_match(seed: int) -> HazariMatch:
    game = load_game("hazari")
    bots = [game.bots["greedy"]() for _ in range(4)]
    final = play_game(game.new_match(seed), bots, [Rng(seat) for seat in range(4)])
    assert isinstance(final, HazariMatch) and final.is_terminal
    return final


def _simulated(tmp_path: Path, capsys: pytest.CaptureFixture[str], games: int) -> Path:
    path = tmp_path / "deals.jsonl"
    argv = ["simulate", "hazari", "--games", str(games), "--bots", "greedy", "--quiet"]
    assert main([*argv, "--out", str(path)]) == 0
    capsys.readouterr()
    return path


def test_checks_every_record_simulate_writes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _simulated(tmp_path, capsys, 3)
    assert main(["hazari", "check", str(path)]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    lines = captured.out.splitlines()
    scores = [HazariState.from_json(line).returns() for line in path.read_text().splitlines()]
    for number, score in enumerate(scores, 1):
        assert f"line {number}: OK: valid Hazari record: 4 actions, dealer seat 0" in lines
        points = ", ".join(f"seat {seat} {v}" for seat, v in enumerate(score))
        assert f"  deal over; points {points}" in lines
    assert lines[-1] == "3 records: 3 OK, 0 failed"


def test_a_pretty_printed_match_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    match = _finished_match(5)
    path = tmp_path / "match.json"
    path.write_text("\n" + json.dumps(match.to_json(), indent=2) + "\n", encoding="utf-8")
    assert main(["hazari", "check", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (
        f"line 2: OK: valid Hazari match record: {len(match.history)} actions,"
        f" deal {match.current.deal + 1}, target 1000"
    )
    winners = " and ".join(f"seat {seat}" for seat in match.winners)
    totals = ", ".join(f"seat {seat} {v}" for seat, v in enumerate(match.totals))
    assert out[1] == f"  match over, won by {winners}; totals {totals}"
    assert len(out) == 2


def test_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    state = load_game("hazari").new_state(4)
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(state.to_json())))
    assert main(["hazari", "check", "-"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("line 1: OK: valid Hazari record: 0 actions")
    assert "in progress: nobody up yet, seat 1 to arrange" in out


def test_each_failing_record_is_reported_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _simulated(tmp_path, capsys, 4)
    lines = path.read_text().splitlines()
    tampered = json.loads(lines[1])
    tampered["summary"]["scores"] = [90, 90, 90, 90]
    azi_record = load_game("azi").new_state(1).to_json()
    text = "\n".join([lines[0], json.dumps(tampered), "{not json", json.dumps(azi_record), "[1]"])
    path.write_text(text + "\n", encoding="utf-8")
    assert main(["hazari", "check", str(path)]) == 1
    captured = capsys.readouterr()
    out = captured.out.splitlines()
    assert out[0].startswith("line 1: OK: ")
    assert out[2].startswith("line 2: error: ") and "summary" in out[2]
    assert out[3].startswith("line 3: error: not valid JSON")
    assert out[4].startswith("line 4: error: ") and "'azi'" in out[4]
    assert out[5] == "line 5: error: a record must be a JSON object, got list"
    assert out[-1] == "5 records: 1 OK, 4 failed"
    assert captured.err == ("cardrules hazari: error: 4 of 5 records failed (lines 2, 3, 4, 5)\n")


def test_a_single_bad_record_names_its_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{\n  "game": "hazari",\n  "oops"\n}\n', encoding="utf-8")
    assert main(["hazari", "check", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out.startswith("line 1: error: not valid JSON: ")
    assert captured.err == "cardrules hazari: error: the record (line 1) failed\n"
    assert captured.err.count("\n") == 1


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff\xfe{}", "is not UTF-8 text (byte 0xff at offset 0)"),
        (b"", "no records in"),
        (b"\n  \n", "no records in"),
    ],
)
def test_unreadable_files_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, message: str
) -> None:
    path = tmp_path / "records.json"
    path.write_bytes(content)
    assert main(["hazari", "check", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("cardrules hazari: error: ") and message in captured.err
    assert "Traceback" not in captured.err and captured.err.count("\n") == 1
    assert main(["hazari", "check", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
