"""The command line as a new user meets it: specs and rule options on every command,
custom bots, the ``--jobs`` cap, record checks, and the small things.

Each test runs the command (``cardrules.cli.main``, or the installed script in a
subprocess), checks the exit status and what was printed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardrules import load_game
from cardrules.cli import main
from cardrules.cli.games import JOBS_PER_CPU, max_jobs
from cardrules.errors import InvalidStateError

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def script(*argv: str, stdin: str = "", path: str = "") -> subprocess.CompletedProcess[str]:
    """The ``cardrules`` console script of this checkout, run as a user would run it."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (path, str(ROOT / "src")) if p)
    code = "import sys; from cardrules.cli import main; sys.exit(main())"
    return subprocess.run(
        [sys.executable, "-c", code, *argv],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


# -- --jobs ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "azi", "--games", "1"],
        ["tournament", "azi", "--games", "1"],
        ["hazari", "value-tables", "--deals", "1"],
    ],
)
def test_jobs_above_the_cap_are_refused_before_any_worker_starts(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    for jobs in ("100000", str(max_jobs() + 1), "0"):
        status, out, err = run(capsys, *argv, "--jobs", jobs)
        assert status == 2 and out == ""
        assert (
            f"--jobs must be from 1 to {max_jobs()} ({JOBS_PER_CPU} per CPU), not {jobs}\n" in err
        )
        assert err.count("\n") == 1


@pytest.mark.parametrize("command", [["simulate"], ["tournament"], ["hazari", "value-tables"]])
def test_help_states_the_jobs_cap(capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main([*command, "--help"])
    assert info.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    assert f"at most {JOBS_PER_CPU} per CPU, {max_jobs()} here" in text


def test_max_jobs_follows_the_cpu_count(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: 3)
    assert max_jobs() == 3 * JOBS_PER_CPU
    monkeypatch.setattr(os, "cpu_count", lambda: None)
    assert max_jobs() == JOBS_PER_CPU


# -- specs and rule options --------------------------------------------------------------


def test_simulate_takes_a_spec_or_option_flags_alike(capsys: pytest.CaptureFixture[str]) -> None:
    base = ("--games", "3", "--bots", "heuristic,random", "--quiet")
    spec = run(capsys, "simulate", "azi(ante=5)", *base)
    flag = run(capsys, "simulate", "azi", "--ante", "5", *base)
    plain = run(capsys, "simulate", "azi", *base)
    assert spec[0] == flag[0] == plain[0] == 0
    assert spec == flag
    assert spec[1].startswith("azi(ante=5), 4 players, seed 0")
    assert plain[1].startswith("azi, 4 players") and plain[1] != spec[1]


def test_flags_override_the_spec_and_bools_are_switches(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(
        capsys,
        "simulate",
        "azi(ante=5,players=3)",
        "--ante",
        "7",
        "--players",
        "5",
        "--look-before-fold",
        "--games",
        "1",
        "--bots",
        "random",
        "--quiet",
    )
    assert status == 0
    assert out.startswith("azi(players=5,ante=7,look_before_fold=true), 5 players")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "hazari", "--ante", "5"], "--ante 5 (hazari's rule options are --tie-rule"),
        (["simulate", "azi(ante=x)"], "ante"),
        (["simulate", "chess"], "unknown game 'chess'; the games are azi, hazari"),
        (["play", "azi(players=9)"], "players must be a whole number from 2 to 6, got 9"),
        (["deal", "azi", "--players", "9"], "azi is played by 2 to 6 players, not 9"),
        (["tournament", "azi(raise_cap=x)"], "raise_cap"),
        (["deal", "azi(", "--seed", "1"], "azi("),
    ],
)
def test_bad_specs_and_options_exit_2_naming_the_fault(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith(f"cardrules {argv[0]}: error: ") and err.count("\n") == 1
    assert message in err and "Traceback" not in err


def test_deal_play_and_tournament_take_specs(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "azi(players=5,suits=CHS)", "--seed", "2")
    assert status == 0 and "5 players" in out
    hands = [line.split(": ")[1].split() for line in out.splitlines()[2:]]
    assert len(hands) == 5 and all(card[1] in "CHS" for hand in hands for card in hand)
    status, out, _ = run(capsys, "play", "azi(players=3)", "--bots", "random", "--seed", "1")
    assert status == 0 and out.startswith("Azi, 3 players.")
    status, out, _ = run(
        capsys,
        "tournament",
        "azi(players=3)",
        "--bots",
        "random,heuristic",
        "--games",
        "2",
        "--quiet",
    )
    assert status == 0 and "azi(players=3), 3 players" in out


# -- custom bots ---------------------------------------------------------------------------

BOT_MODULE = """
class FirstBot:
    name = "first"

    def choose(self, observation, legal_actions, rng):
        return next(iter(legal_actions))


def make_first():
    return FirstBot()


NOT_A_BOT = 42


class Broken:
    def __init__(self):
        raise RuntimeError("no luck")


class Plain:
    pass
"""


@pytest.fixture
def bot_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    package = tmp_path / "mybots"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "simple.py").write_text(BOT_MODULE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


def test_your_own_bot_as_module_attr(capsys: pytest.CaptureFixture[str], bot_path: Path) -> None:
    status, out, err = run(
        capsys,
        "simulate",
        "azi",
        "--games",
        "2",
        "--quiet",
        "--bots",
        "mybots.simple:FirstBot,random",
    )
    assert status == 0, err
    assert "0:first" in out and "1:random" in out, "tables name a bot by its name attribute"
    assert "mybots.simple" not in out
    status, out, err = run(
        capsys,
        "tournament",
        "azi",
        "--games",
        "1",
        "--quiet",
        "--bots",
        "random,mybots.simple:make_first",
    )
    assert status == 0, err
    assert "first" in out.split() and "mybots.simple:make_first" not in out


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("mybots.simple:NOT_A_BOT", "'NOT_A_BOT' is not a class or a function"),
        ("mybots.simple:Plain", "is not a bot: it must make an object with a choose("),
        ("mybots.simple:Broken", "calling it with no arguments failed: RuntimeError: no luck"),
        ("mybots.simple:Missing", "module 'mybots.simple' has no attribute 'Missing'"),
        ("mybots.nothere:Bot", "cannot import 'mybots.nothere': ModuleNotFoundError"),
        ("os;rm:Bot", "your own bot is written module:attr with Python names"),
        ("mybots.simple:First.Bot", "your own bot is written module:attr with Python names"),
        ("class:Bot", "your own bot is written module:attr with Python names"),
        (":Bot", "your own bot is written module:attr with Python names"),
        ("chess", "unknown azi bot 'chess'; choose from random,"),
    ],
)
def test_a_bad_bot_is_a_usage_error_not_a_traceback(
    capsys: pytest.CaptureFixture[str], bot_path: Path, entry: str, message: str
) -> None:
    status, out, err = run(capsys, "simulate", "azi", "--games", "1", "--bots", entry)
    assert status == 2 and out == ""
    assert err.startswith("cardrules simulate: error: ") and message in err
    assert "Traceback" not in err and err.count("\n") == 1


def test_your_own_bot_from_the_console_script(bot_path: Path) -> None:
    done = script(
        "play", "hazari", "--bots", "mybots.simple:FirstBot", "--seed", "2", path=str(bot_path)
    )
    assert done.returncode == 0, done.stderr
    assert "seat 0 (first) arranges and says up." in done.stdout
    failed = script("play", "hazari", "--bots", "nope.nothing:Bot", path=str(bot_path))
    assert failed.returncode == 2 and "Traceback" not in failed.stderr
    assert "cannot import 'nope.nothing'" in failed.stderr


# -- record checks -------------------------------------------------------------------------


def _finished(game: str) -> dict[str, object]:
    state = load_game(game).new_state(4)
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    data: dict[str, object] = state.to_json()
    return data


@pytest.mark.parametrize(
    ("game", "other", "title"), [("azi", "hazari", "an Azi"), ("hazari", "azi", "a Hazari")]
)
def test_a_record_of_another_game_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, other: str, title: str
) -> None:
    path = tmp_path / "other.json"
    path.write_text(json.dumps(_finished(other)), encoding="utf-8")
    status, out, err = run(capsys, game, "check", str(path))
    assert status == 1
    assert out == f"line 1: error: not {title} record: its game is '{other}'\n"
    assert err == f"cardrules {game}: error: the record (line 1) failed\n"
    chess = dict(_finished(game), game="chess")
    with pytest.raises(InvalidStateError, match=f"^not {title} record: its game is 'chess'$"):
        load_game(game).state_from_json(chess)


@pytest.mark.parametrize("game", ["azi", "hazari"])
def test_many_bad_lines_are_each_reported_once_and_summed_up_briefly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str
) -> None:
    good = json.dumps(_finished(game))
    lines = [good] + ['{"format": "cardrules"}'] * 500
    path = tmp_path / "many.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, out, err = run(capsys, game, "check", str(path))
    assert status == 1
    printed = out.splitlines()
    failures = [line for line in printed if ": error: " in line]
    assert [line.split(":")[0] for line in failures] == [f"line {n}" for n in range(2, 502)]
    assert printed[-1] == "501 records: 1 OK, 500 failed"
    assert err == (
        f"cardrules {game}: error: 500 of 501 records failed"
        " (lines 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 490 more)\n"
    )
    assert "exactly the keys" not in err  # the reasons are on standard output, once


def test_state_from_json_reads_bytes_as_utf8_only() -> None:
    for game in ("azi", "hazari"):
        with pytest.raises(InvalidStateError, match=r"not UTF-8 text \(byte 0xff at offset 0\)"):
            load_game(game).state_from_json(b"\xff\xfe{")
        with pytest.raises(InvalidStateError, match="not UTF-8"):
            load_game(game).state_from_json("{}".encode("utf-16"))
        record = json.dumps(_finished(game)).encode("utf-8")
        assert load_game(game).state_from_json(record).is_terminal


# -- the small things ----------------------------------------------------------------------


def test_one_game_is_one_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "simulate", "azi", "--games", "1", "--bots", "random", "--quiet")
    assert status == 0 and "\n1 game; " in out and "1 games" not in out
    status, out, _ = run(
        capsys, "tournament", "azi", "--games", "1", "--bots", "random,heuristic", "--quiet"
    )
    assert status == 0 and "1 deal per pair" in out and "1 deals" not in out


def test_a_bare_cardrules_prints_the_help_and_exits_2() -> None:
    done = script()
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("usage: cardrules") and "simulate" in done.stderr


@pytest.mark.parametrize(
    ("argv", "prog"),
    [
        (["simulate", "azi", "--bogus"], "cardrules simulate"),
        (["simulate", "--bogus", "azi"], "cardrules simulate"),
        (["azi", "check", "x.json", "--bogus"], "cardrules azi check"),
        (["play", "hazari", "extra"], "cardrules play"),
        (["--bogus"], "cardrules"),
    ],
)
def test_an_unknown_flag_is_reported_by_its_command(argv: list[str], prog: str) -> None:
    done = script(*argv)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"{prog}: error: unrecognized arguments: ")
    assert done.stderr.count("\n") == 1


def test_check_reports_read_as_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = load_game("hazari").new_state(6)
    state = state.apply(state.legal_actions()[0])
    path = tmp_path / "one.json"
    path.write_text(json.dumps(state.to_json()), encoding="utf-8")
    status, out, _ = run(capsys, "hazari", "check", str(path))
    assert status == 0
    assert out == (
        "line 1: OK: valid Hazari record: 1 action, dealer seat 0\n"
        "  in progress: seat 1 up, seat 2 to arrange\n"
    )
    assert "[" not in out
