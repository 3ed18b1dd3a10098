"""The play and simulate commands, driven on the toy game through stdin and argv."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from toy_game.bots import LowBot
from toy_game.game import ToyDefinition
from toy_game.state import ToyState

from cardrules import registry
from cardrules.bots import RandomBot
from cardrules.cli import main
from cardrules.cli.simulate import ProgressBar
from cardrules.dealing import Dealing
from cardrules.rng import derive_seed
from cardrules.runner import simulate


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._REGISTERED, "toy", ToyDefinition())


def feed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))


def test_play_between_bots_narrates_every_turn(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "toy", "--seed", "4", "--bots", "low,random,random"]) == 0
    out = capsys.readouterr().out
    state = ToyState.with_dealing(Dealing(seed=4), 3)
    for seat, name in enumerate(("low", "random", "random")):
        assert f"seat {seat} ({name}) holds {' '.join(map(str, state.hands[seat]))}" in out
    assert out.count(" plays ") == 6
    assert out.count("wins the round") == 2
    assert "seat 0 (low) plays" in out
    assert out.strip().splitlines()[-1].startswith("returns [")
    assert len(state.hands) == 3


def test_play_as_a_human_with_bad_input_then_good(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    state = ToyState.with_dealing(Dealing(seed=5), 2)
    hand = state.hands[1]
    not_mine = next(c for c in state.hands[0])
    feed(monkeypatch, f"\n9\nxyz\n{not_mine}\n1\n{hand[1]}\n")
    assert main(["play", "toy", "--players", "2", "--seed", "5", "--human", "1"]) == 0
    out = capsys.readouterr().out
    assert "seat 0 (strong) holds" not in out  # the human sees their own hand only
    assert f"seat 1 (you) holds {' '.join(map(str, hand))}" in out
    assert "Not accepted: type a number" in out
    assert "Not accepted: 9 is not one of the choices 1-2" in out
    assert "Not accepted: token 'XYZ'" in out or "Not accepted: token 'xyz'" in out
    assert f"Not accepted: '{not_mine}' is not a legal action here" in out
    assert f"seat 1 (you) plays {hand[0]}" in out
    assert f"seat 1 (you) plays {hand[1]}" in out
    assert "Game abandoned" not in out
    assert "returns [" in out


@pytest.mark.parametrize("text", ["", "\n", "7\n"])
def test_end_of_input_leaves_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    feed(monkeypatch, text)
    assert main(["play", "toy", "--seed", "1", "--human", "0"]) == 1
    captured = capsys.readouterr()
    assert "Game abandoned." in captured.out
    assert "returns [" not in captured.out
    assert captured.err == "cardrules: end of input: the game was abandoned\n"


def test_ctrl_c_exits_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupt(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupt)
    assert main(["play", "toy", "--seed", "1", "--human", "2"]) == 130
    assert capsys.readouterr().err == "cardrules: interrupted\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "toy", "--human", "3"], "--human 3 is not a seat in 0..2"),
        (["play", "toy", "--players", "4"], "toy is played by 2, 3 players, not 4"),
        (["play", "toy", "--bots", "low,low,low,low"], "--bots names 4 bots but toy has 3"),
        (["play", "toy", "--bots", "genius"], "unknown toy bot 'genius'"),
        (["simulate", "toy", "--games", "-1"], "--games must be from 1 to"),
        (["simulate", "toy", "--games", "0"], "--games must be from 1 to"),
        (["simulate", "toy", "--games", str(10**23)], "--games must be from 1 to"),
        (["simulate", "toy", "--jobs", "0"], "--jobs must be from 1 to"),
    ],
)
def test_bad_arguments_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1


def test_simulate_prints_a_table_and_writes_records(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    out_file = tmp_path / "games.jsonl"
    argv = ["simulate", "toy", "--games", "12", "--bots", "low,random,random", "--seed", "3"]
    assert main([*argv, "--out", str(out_file)]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""  # the progress bar draws only on a terminal
    expected = simulate(
        registry.load_game("toy"),
        [LowBot(), RandomBot(), RandomBot()],
        12,
        seed=3,
        rotate_seats=True,
    )
    assert expected.table() in captured.out
    lines = out_file.read_text().splitlines()
    assert len(lines) == 12
    assert [ToyState.from_json(line).returns() for line in lines] == [
        g.returns for g in expected.games
    ]
    assert json.loads(lines[0])["dealing"]["seed"] == derive_seed(3, 0)


def test_simulate_with_jobs_matches_serial(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "toy", "--games", "20", "--quiet", "--seed", "8"]
    assert main(argv) == 0
    serial = capsys.readouterr()
    assert serial.err == ""
    assert main([*argv, "--jobs", "2"]) == 0
    assert capsys.readouterr().out == serial.out


def test_progress_bar_draws_on_a_terminal_only() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal, pipe = Terminal(), io.StringIO()
    for stream in (terminal, pipe):
        bar = ProgressBar(stream)
        bar(6, 12)
        bar(12, 12)
    assert "12/12 games" in terminal.getvalue()
    assert "[" + "#" * 30 + "]" in terminal.getvalue()
    assert pipe.getvalue() == ""
