"""The ``cardrules azi`` command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardrules.azi import AziRules, AziState
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
    assert f"pot won by seat {state.winner}" in out
    data = state.to_json()
    data["summary"]["pot"] = 5
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["azi", "check", str(path)]) == 2
    assert "summary" in capsys.readouterr().err
    assert main(["azi", "check", str(tmp_path / "missing.json")]) == 2
