"""``cardrules play azi`` and ``simulate azi`` end to end."""

from __future__ import annotations

import io

import pytest

from cardrules.cli import main


def test_play_azi_between_bots_narrates_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "azi", "--seed", "3", "--bots", "heuristic,random,random,random"]) == 0
    out = capsys.readouterr().out
    assert "Everyone antes 10; the pot is 40." in out
    assert "the trump card is" in out
    assert "holds" in out
    assert "wins the pot of" in out
    assert out.strip().splitlines()[-1].startswith("Net chips: seat 0 (heuristic)")


def test_play_azi_as_a_human(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = ["0", "bogus", "raise x", "ZZ"] + ["1"] * 200
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(answers) + "\n"))
    argv = ["play", "azi", "--seed", "5", "--players", "3", "--human", "0", "--bots", "heuristic"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "You are seat 0." in out
    assert "Not accepted: 0 is not one of the choices" in out
    assert "Not accepted: token 'BOGUS'" in out or "Not accepted: token 'bogus'" in out
    assert "Not accepted: a raise needs a whole number, got 'x'" in out
    assert "Not accepted:" in out.split("ZZ")[0] or out.count("Not accepted:") >= 4
    assert "wins the pot of" in out or "Game abandoned." in out
    assert "  1. " in out


def test_play_azi_as_a_human_blind_fold_shows_no_hand(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "azi", "--seed", "1", "--human", "1"]) == 1  # end of input
    out = capsys.readouterr().out
    assert "Your hand: not seen yet (you decide blind)." in out
    assert " holds " not in out
    assert "Game abandoned." in out


def test_simulate_azi_summary(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "azi", "--games", "30", "--bots", "heuristic,random,random,random"]
    assert main([*argv, "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("azi, 4 players, seed 0, seats rotated\n30 games")
    assert "0:heuristic" in out
