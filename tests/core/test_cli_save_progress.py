"""``play --save/--load``, the progress bar's rate, time left and early warning, and Ctrl-C."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from cardrules import load_game
from cardrules.cli import main, progress
from cardrules.cli.progress import ProgressBar, duration_text


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _stdin(monkeypatch: pytest.MonkeyPatch, answers: list[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(a + "\n" for a in answers)))


# -- play --save / --load --------------------------------------------------------------------


def test_save_keeps_the_game_after_every_action_and_load_continues_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "game.json"
    game = ["play", "azi", "--seed", "5", "--human", "0", "--bots", "random"]
    _stdin(monkeypatch, ["1", "1"])  # two answers, then end of input
    status, out, err = run(capsys, *game, "--save", str(saved))
    assert status == 1 and "end of input" in err
    assert f"It is saved in {saved}." in out
    state = load_game("azi").state_from_json(saved.read_text(encoding="utf-8"))
    assert not state.is_terminal and len(state.history) >= 2
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left
    _stdin(monkeypatch, ["1"] * 300)
    status, out, err = run(capsys, *game, "--load", str(saved), "--save", str(saved))
    assert status == 0, err
    assert out.startswith(f"Continuing the game saved in {saved}, after {len(state.history)}")
    final = load_game("azi").state_from_json(saved.read_text(encoding="utf-8"))
    assert final.is_terminal
    assert final.history[: len(state.history)] == state.history


def test_every_saved_record_replays_to_the_position_it_was_written_at(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "deal.json"
    seen: list[int] = []
    real = __import__("cardrules.cli.play", fromlist=["save_record"]).save_record

    def spy(state: object, path: str) -> None:
        real(state, path)
        loaded = load_game("hazari").state_from_json(Path(path).read_text(encoding="utf-8"))
        assert loaded == state
        seen.append(len(loaded.history))

    monkeypatch.setattr("cardrules.cli.play.save_record", spy)
    status, _, err = run(capsys, "play", "hazari", "--bots", "greedy", "--save", str(saved))
    assert status == 0, err
    assert seen == [0, 1, 2, 3, 4]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "azi", "--players", "5"], "--players 5 disagrees with the save's players=4"),
        (["play", "azi(ante=7)"], "ante=7 in the spec disagrees with the save's ante=1"),
        (["play", "hazari"], "not a Hazari record: its game is 'azi'"),
    ],
)
def test_load_refuses_a_record_of_other_rules_or_another_game(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    message: str,
) -> None:
    saved = tmp_path / "game.json"
    _stdin(monkeypatch, ["1"])
    run(capsys, "play", "azi", "--human", "0", "--save", str(saved), "--bots", "random")
    before = saved.read_text(encoding="utf-8")
    status, out, err = run(capsys, *argv, "--load", str(saved), "--save", str(saved))
    assert status == 2 and out == ""
    assert err.startswith(f"cardrules play: error: cannot continue {str(saved)!r}: ")
    assert message in err
    assert saved.read_text(encoding="utf-8") == before  # refused, so nothing was written


def _saved_azi(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *rules: str) -> Path:
    """A game of Azi by ``rules``, saved after the human's first two answers."""
    saved = tmp_path / "game.json"
    _stdin(monkeypatch, ["1", "1"])
    status = main(["play", *rules, "--human", "0", "--bots", "random", "--save", str(saved)])
    assert status == 1
    return saved


def test_load_reads_the_rules_from_the_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = _saved_azi(tmp_path, monkeypatch, "azi(ante=5)", "--players", "5", "--look-before-fold")
    capsys.readouterr()
    status, out, err = run(capsys, "play", "azi", "--load", str(saved), "--bots", "random")
    assert status == 0, err
    assert "Azi, 5 players." in out and "Everyone antes 5; the pot is 25." in out
    net = next(line for line in out.splitlines() if line.startswith("Net chips:"))
    assert net.count("seat ") == 5
    # Flags that agree with the save are accepted, whatever spelling normalises to it.
    agree = ["--ante", "5", "--players", "5", "--look-before-fold", "--suits", "hds"]
    status, _, err = run(capsys, "play", "azi", "--load", str(saved), "--bots", "random", *agree)
    assert status == 0, err


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--ante", "3"], "--ante 3 disagrees with the save's ante=5"),
        (["azi(players=4)"], "players=4 in the spec disagrees with the save's players=5"),
        (["azi(ante=5)", "--players", "6"], "--players 6 disagrees with the save's players=5"),
        (
            ["--first-lead", "auction_winner"],
            "--first-lead auction_winner disagrees with the save's first_lead=right_of_winner",
        ),
        (["--rounding", "down"], "--rounding down disagrees with the save's rounding=up"),
    ],
)
def test_load_refuses_a_flag_that_disagrees_with_the_save_naming_both_values(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    options: list[str],
    message: str,
) -> None:
    saved = _saved_azi(tmp_path, monkeypatch, "azi(ante=5)", "--players", "5")
    before = saved.read_text(encoding="utf-8")
    capsys.readouterr()
    spec = options[:1] if options[0].startswith("azi") else ["azi"]
    flags = options[1:] if options[0].startswith("azi") else options
    argv = ["play", *spec, "--load", str(saved), "--save", str(saved), *flags]
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert err == (
        f"cardrules play: error: cannot continue {str(saved)!r}: {message};"
        " leave the option out to play by the save's rules\n"
    )
    assert saved.read_text(encoding="utf-8") == before


def test_load_with_a_bad_flag_value_is_the_flag_s_own_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = _saved_azi(tmp_path, monkeypatch, "azi")
    capsys.readouterr()
    status, out, err = run(capsys, "play", "azi", "--load", str(saved), "--ante", "x")
    assert (status, out) == (2, "")
    assert "ante" in err and "'x'" in err


def test_load_reads_hazari_rules_from_the_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "deal.json"
    _stdin(monkeypatch, [])
    argv = ["play", "hazari", "--tie-rule", "first", "--human", "0", "--save", str(saved)]
    assert main(argv) == 1
    capsys.readouterr()
    status, out, err = run(capsys, "play", "hazari", "--load", str(saved), "--tie-rule", "latest")
    assert (status, out) == (2, "")
    assert "--tie-rule latest disagrees with the save's tie_rule=first" in err
    argv = ["play", "hazari", "--load", str(saved), "--save", str(saved), "--bots", "greedy"]
    status, out, err = run(capsys, *argv)
    assert status == 0, err
    # The game went on by the save's rules: the record reads back only under them.
    final = load_game("hazari", tie_rule="first").state_from_json(saved.read_text())
    assert final.is_terminal


def test_load_refuses_a_finished_game_a_match_and_a_missing_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    over = tmp_path / "over.json"
    state = load_game("hazari").new_state(2)
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    over.write_text(json.dumps(state.to_json()), encoding="utf-8")
    status, _, err = run(capsys, "play", "hazari", "--load", str(over))
    assert status == 2 and "that game is already over" in err
    match = tmp_path / "match.json"
    match.write_text(json.dumps(load_game("hazari").new_match(2).to_json()), encoding="utf-8")
    status, _, err = run(capsys, "play", "hazari", "--load", str(match))
    assert status == 2 and "it holds a HazariMatch, but play plays one HazariState" in err
    status, _, err = run(capsys, "play", "hazari", "--load", str(tmp_path / "none.json"))
    assert status == 2 and "cannot read" in err


def test_save_to_a_folder_that_does_not_exist_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, "play", "hazari", "--save", str(tmp_path / "no" / "x.json"))
    assert status == 2 and out == ""
    assert err.startswith("cardrules play: error: cannot write ")


# -- progress ------------------------------------------------------------------------------


class Clock:
    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        value = self.now
        self.now += self.step
        return value


def test_the_bar_shows_rate_and_time_left() -> None:
    stream = io.StringIO()
    clock = Clock(0.0)
    bar = ProgressBar(stream, width=10, force=True, clock=clock)
    clock.now = 10.0
    bar(25, 100)
    clock.now = 40.0
    bar(100, 100)
    text = stream.getvalue()
    assert "\r[##--------]  25% 25/100 games 10s, 2.5 games/s, 30s left" in text
    assert "100/100 games 40s, 2.5 games/s" in text and text.endswith("\n")
    assert "warning" not in text


def test_a_long_run_is_announced_once_from_the_first_games() -> None:
    stream = io.StringIO()
    clock = Clock(0.0)
    bar = ProgressBar(stream, force=False, clock=clock, prog="cardrules simulate")
    clock.now = 7.0
    bar(50, 100_000)  # 99,950 games left at 50/7 games/s: 13,993 s
    clock.now = 14.0
    bar(100, 100_000)
    assert stream.getvalue() == (
        "cardrules simulate: warning: this will take about 3h 53m"
        " (7.1 games/s over the first 50); Ctrl-C stops it\n"
    )


def test_duration_text() -> None:
    assert [duration_text(s) for s in (0, 59.4, 60, 3599, 3600, 86400)] == [
        "0s",
        "59s",
        "1m 00s",
        "59m 59s",
        "1h 00m",
        "24h 00m",
    ]


def test_simulate_warns_up_front_when_the_estimate_is_long(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    clock = Clock(30.0)  # every reading of the clock is 30 seconds later
    monkeypatch.setattr("cardrules.cli.progress.time.monotonic", clock)
    status, out, err = run(capsys, "simulate", "azi", "--games", "200", "--bots", "random")
    assert status == 0 and "200 games;" in out
    # one game timed first at 30 s: 200 games take 6,000 s
    assert err == (
        "cardrules simulate: warning: this will take about 1h 40m"
        " (one game took 30.00 s); Ctrl-C stops it\n"
    )
    status, out, err = run(capsys, "simulate", "azi", "--games", "80", "--bots", "random")
    assert status == 0  # too few games to time one first: the first report warns
    assert err.startswith("cardrules simulate: warning: this will take about ")
    assert err.count("warning") == 1
    quiet = run(capsys, "simulate", "azi", "--games", "200", "--bots", "random", "--quiet")
    assert quiet[0] == 0 and quiet[2] == ""  # --quiet: no bar and no warning


def test_a_quick_run_does_not_warn(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "simulate", "azi", "--games", "300", "--bots", "random")
    assert status == 0 and err == ""


def test_interrupting_puts_the_message_on_a_line_of_its_own(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(progress, "_is_terminal", lambda stream: True)

    def interrupted(*args: object, progress: object, **kwargs: object) -> None:
        assert callable(progress)
        progress(1, 10)
        raise KeyboardInterrupt

    monkeypatch.setattr("cardrules.cli.simulate.simulate", interrupted)
    status, _, err = run(capsys, "simulate", "azi", "--games", "10")
    assert status == 130
    bar, message = err.rsplit("\n", 2)[:2]
    assert bar.startswith("\r[") and message == "cardrules: interrupted"
