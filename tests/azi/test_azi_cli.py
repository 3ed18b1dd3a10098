"""The ``cardrules azi`` command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardrules.azi import AziMatch, AziRules, AziState
from cardrules.cli import main


def test_azi_rules_prints_checked_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["azi", "rules", "--players", "5", "--rounding", "down"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert AziRules.from_json(data) == AziRules(players=5, rounding=AziRules().rounding.DOWN)


def test_azi_rules_rejects_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["azi", "rules", "--players", "9"]) == 2
    assert "players" in capsys.readouterr().err


def test_azi_check_replays_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = AziState.new(AziRules(players=3), seed=1, dealer=0)
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(state.to_json()), encoding="utf-8")
    assert main(["azi", "check", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(
        f"line 1: OK: valid Azi record: {len(state.history)} actions,"
        f" deal {state.deal_number + 1}\n"
    )
    assert f"pot won by seat {state.winner}" in out
    data = state.to_json()
    data["summary"]["pot"] = 5
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["azi", "check", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out.startswith("line 1: error: ") and "summary" in captured.out
    assert captured.err == "cardrules azi: error: the record (line 1) failed\n"  # said once
    assert main(["azi", "check", str(tmp_path / "missing.json")]) == 2


def test_azi_check_reads_what_simulate_writes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl"
    argv = ["simulate", "azi", "--games", "5", "--bots", "heuristic,random", "--quiet"]
    assert main([*argv, "--out", str(path)]) == 0
    capsys.readouterr()
    records = path.read_text(encoding="utf-8").splitlines()
    assert len(records) == 5
    assert main(["azi", "check", str(path)]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    for number, line in enumerate(records, 1):
        state = AziState.from_json(line)
        assert f"line {number}: OK: valid Azi record: {len(state.history)} actions" in captured.out
        chips = ", ".join(f"seat {seat} {v:+d}" for seat, v in enumerate(state.returns()))
        assert f"  pot won by seat {state.winner}; net chips {chips}" in captured.out
    assert captured.out.endswith("5 records: 5 OK, 0 failed\n")
    # One broken line among good ones: reported with its number, the rest still checked.
    records[2] = records[2][:-40]
    path.write_text("\n".join(records) + "\n", encoding="utf-8")
    assert main(["azi", "check", str(path)]) == 1
    captured = capsys.readouterr()
    assert "line 3: error: not valid JSON" in captured.out
    assert captured.out.count(": OK: ") == 4
    assert captured.err == "cardrules azi: error: 1 of 5 records failed (line 3)\n"


def test_azi_check_reads_a_pretty_printed_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = AziMatch.new(AziRules(players=3, match_games=2), seed=4)
    while not match.is_terminal:
        match = match.apply(match.legal_actions()[-1])
    path = tmp_path / "match.json"
    path.write_text(json.dumps(match.to_json(), indent=2), encoding="utf-8")
    assert main(["azi", "check", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (
        f"line 1: OK: valid Azi match record: {len(match.history)} actions, game 2 of 2"
    )
    chips = ", ".join(f"seat {seat} {v:+d}" for seat, v in enumerate(match.returns()))
    assert out[1] == f"  match over; net chips {chips}"


def test_azi_check_refuses_a_file_that_is_not_utf8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b'{"game": "azi", "note": "caf\xe9"}')
    assert main(["azi", "check", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"cardrules azi: error: {str(path)!r} is not UTF-8 text (byte 0xe9 at offset 28);"
        " records are JSON or text records in UTF-8\n"
    )
