"""The command line: core commands, exit codes and the console entry point."""

from __future__ import annotations

import argparse
import io
import multiprocessing
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import Executor, wait
from pathlib import Path
from typing import NoReturn

import pytest

from cardrules import __version__, registry
from cardrules.cli import build_parser, main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_cards_parse_normalises(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "cards", "parse", "as,10h", "T♦") == (0, "AS TH TD\n", "")
    assert run(capsys, "cards", "parse", "AS", "--unicode") == (0, "A♠\n", "")
    assert run(capsys, "cards", "parse", "AS AS", "--allow-duplicates")[1] == "AS AS\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["cards", "parse", "1S"], "token '1S' at position 0: unknown rank '1'"),
        (["cards", "parse", "AS", "as"], "duplicate of AS"),
        (["deal", "azi", "--players", "9"], "2 to 6 players, not 9"),
        (["deal", "hazari", "--players", "3"], "4 players, not 3"),
        (["deal", "hazari", "--seed", "-4"], "seed -4"),
        (["deal", "hazari", "--dealer", "4"], "dealer 4"),
        (["deal", "poker"], "unknown game 'poker'; the games are azi, hazari"),
        (["bogus"], "invalid choice: 'bogus'"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    command = f"cardrules {argv[0]}: error: " if argv[0] != "bogus" else "cardrules: error: "
    assert err.count("\n") == 1 and err.startswith(command)
    assert "cardrules: error: cardrules" not in err
    assert message in err
    assert "Traceback" not in err


def test_seeded_deals_are_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "deal", "hazari", "--seed", "11")
    again = run(capsys, "deal", "hazari", "--seed", "11")
    other = run(capsys, "deal", "hazari", "--seed", "12")
    assert first == again and first[0] == 0
    assert first[1] != other[1]
    hands = [line.split(": ")[1].split() for line in first[1].splitlines()[1:]]
    assert [len(hand) for hand in hands] == [13, 13, 13, 13]
    assert len({card for hand in hands for card in hand}) == 52


def test_azi_deal_shows_trump_and_hands(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "azi", "--seed", "3", "--players", "5", "--dealer", "2")
    lines = out.splitlines()
    assert status == 0 and "5 players, dealer seat 2" in lines[0]
    trump = lines[1].split(": ")[1]
    hands = [line.split(": ")[1].split() for line in lines[2:]]
    assert [len(hand) for hand in hands] == [4] * 5
    assert trump in hands[2]  # the dealer holds the trump card
    for hand in hands:  # by suit, then high card first, as in the menus of play
        keys = [(card[1], -"23456789TJQKA".index(card[0])) for card in hand]
        assert keys == sorted(keys, key=lambda key: ("CDHS".index(key[0]), key[1]))


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert __version__ in capsys.readouterr().out


def _console_script() -> str:
    found = shutil.which("cardrules", path=str(Path(sys.executable).parent))
    if found is None:
        pytest.fail("the cardrules console script is not installed next to this interpreter")
    return found


def test_console_entry_point_and_module_agree() -> None:
    script = subprocess.run(
        [_console_script(), "cards", "parse", "10h"], capture_output=True, text=True
    )
    module = subprocess.run(
        [sys.executable, "-m", "cardrules", "cards", "parse", "10h"],
        capture_output=True,
        text=True,
    )
    assert script.returncode == module.returncode == 0
    assert script.stdout == module.stdout == "TH\n"


def test_console_entry_point_error_exit_code() -> None:
    result = subprocess.run(
        [_console_script(), "cards", "parse", "ZZ"], capture_output=True, text=True
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("cardrules cards: error: token 'ZZ'")
    assert "Traceback" not in result.stderr


def test_bare_command_prints_usage(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys)
    assert status == 2
    assert err.startswith("usage: cardrules") and "COMMAND" in err
    assert out == ""


def test_no_cards_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "cards", "parse", "")
    assert (status, out) == (2, "")
    assert err == "cardrules cards: error: no cards given: write cards such as AS 10h T♦\n"


def test_a_full_output_device_is_an_error_not_a_traceback() -> None:
    with open(os.devnull, "w") as sink:
        full = "/dev/full" if os.path.exists("/dev/full") else None
    if full is None:
        pytest.skip("this system has no /dev/full to write to")
    with open(full, "w") as stdout:
        result = subprocess.run(
            [_console_script(), "cards", "parse", "AS"],
            stdout=stdout,
            stderr=subprocess.PIPE,
            text=True,
        )
    assert sink.closed
    assert result.returncode == 1
    assert (
        result.stderr
        == "cardrules cards: error: cannot write the output: No space left on device\n"
    )


def _leaf_parsers(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    commands = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not commands:
        yield path, parser
    for action in commands:
        for name, child in action.choices.items():
            yield from _leaf_parsers(child, (*path, name))


def _all_parsers(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                yield from _all_parsers(child, (*path, name))


def test_every_option_and_command_has_help() -> None:
    missing = []
    for path, parser in _all_parsers(build_parser()):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                missing += [
                    f"{' '.join(path)} {choice.dest}"
                    for choice in action._choices_actions
                    if not choice.help
                ]
            elif not action.help:
                names = "/".join(action.option_strings) or action.dest
                missing.append(f"{' '.join(path)} {names}")
    assert not missing, f"options without help text: {missing}"


def test_worker_processes_are_jobs_in_every_command() -> None:
    for path, parser in _all_parsers(build_parser()):
        options = {name for action in parser._actions for name in action.option_strings}
        assert "--workers" not in options, f"cardrules {' '.join(path)} still takes --workers"
        assert "--processes" not in options


def test_deal_offers_every_registered_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from toy_game.game import ToyDefinition

    monkeypatch.setitem(registry._REGISTERED, "toy", ToyDefinition())
    status, out, err = run(capsys, "deal", "toy", "--seed", "2", "--players", "2")
    assert (status, err) == (0, "")
    assert out.startswith("toy deal, seed 2, 2 players, dealer seat 0\n")
    status, _, err = run(capsys, "deal", "toy", "--players", "5")
    assert status == 2 and "toy is played by 2, 3 players, not 5" in err


def test_tournament_bots_are_case_insensitive(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "azi", "--games", "2", "--quiet", "--players", "3"]
    status, out, err = run(capsys, *argv, "--bots", "RANDOM,Heuristic")
    assert (status, err) == (0, "")
    assert run(capsys, *argv, "--bots", "random,heuristic") == (0, out, "")


def test_bots_are_shown_by_the_names_the_user_chose(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "simulate", "azi", "--games", "2", "--quiet")
    assert (status, err) == (0, "")
    assert "0:strong" in out and "3:strong" in out
    argv = ["simulate", "azi", "--games", "2", "--quiet", "--bots", "Search,random"]
    status, out, err = run(capsys, *argv)
    assert "0:search" in out and "1:random" in out and "3:random" in out
    status, out, err = run(capsys, "play", "azi", "--seed", "1", "--bots", "strong,heuristic")
    assert (status, err) == (0, "")
    assert "seat 0 (strong)" in out and "seat 1 (heuristic)" in out
    assert "(pimc)" not in out


# Ctrl-C: every command stops with status 130 and one line, whatever it is doing.
INTERRUPTS = [
    (("cards", "parse"), ["AS"], "cardrules.cli.cards.parse_cards"),
    (("deal",), ["azi"], "cardrules.cli.deal.check_seed"),
    (("hazari", "eval"), ["AS KS QS"], "cardrules.cli.hazari_eval.evaluate"),
    (("hazari", "table"), [], "cardrules.cli.hazari_eval.combination_table"),
    (("hazari", "arrange"), ["AS"], "cardrules.cli.hazari_arrange.arrange_text"),
    (("hazari", "value-tables"), ["--jobs", "2"], "cardrules.cli.hazari_arrange.generate_tables"),
    (("hazari", "check"), ["-"], "cardrules.cli.record_files.entries"),
    (("hazari", "stats"), ["--engine", "scalar"], "cardrules.cli.hazari_stats.simulate"),
    (("azi", "rules"), [], "cardrules.cli.azi.AziRules"),
    (("azi", "check"), ["-"], "cardrules.cli.record_files.entries"),
    (("play",), ["azi", "--human", "1"], "cardrules.cli.play.play_game"),
    (("simulate",), ["azi", "--jobs", "2"], "cardrules.cli.simulate.simulate"),
    (("tournament",), ["hazari", "--jobs", "2"], "cardrules.cli.tournament.tournament"),
    (("records", "convert"), ["-", "--to", "text"], "cardrules.cli.record_files.entries"),
    (("records", "show"), ["-"], "cardrules.cli.record_files.entries"),
    (("records", "html"), ["-", "-o", os.devnull], "cardrules.cli.records_html.replay_html"),
    (("demo",), [], "cardrules.cli.demo.play_narrated"),
    (("engine", "serve"), ["random"], "cardrules.cli.engine.serve"),
]


def _interrupt(*args: object, **kwargs: object) -> NoReturn:
    raise KeyboardInterrupt


def test_the_interrupt_tests_cover_every_command() -> None:
    commands = {path for path, _ in _leaf_parsers(build_parser())}
    assert commands == {path for path, _, _ in INTERRUPTS}


@pytest.mark.parametrize(("command", "args", "target"), INTERRUPTS)
def test_ctrl_c_exits_130_in_every_command(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    command: tuple[str, ...],
    args: list[str],
    target: str,
) -> None:
    monkeypatch.setattr(target, _interrupt)
    monkeypatch.setattr("sys.stdin", io.StringIO("{}\n"))
    status, _, err = run(capsys, *command, *args)
    assert (status, err) == (130, "cardrules: interrupted\n")


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_ctrl_c_stops_the_worker_processes_at_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    before = {child.pid for child in multiprocessing.active_children()}
    started: list[Executor] = []

    def busy(*args: object, executor: Executor | None = None, **kwargs: object) -> NoReturn:
        assert executor is not None
        started.append(executor)
        futures = [executor.submit(time.sleep, 60) for _ in range(4)]
        wait(futures, timeout=0.5)  # the first two are running by now
        raise KeyboardInterrupt

    monkeypatch.setattr(f"cardrules.cli.{command}.{command}", busy)
    start = time.monotonic()
    status, _, err = run(capsys, command, "azi", "--jobs", "2", "--quiet")
    assert (status, err) == (130, "cardrules: interrupted\n")
    assert time.monotonic() - start < 20, "the command waited for its workers' tasks"
    assert started
    assert {child.pid for child in multiprocessing.active_children()} <= before


def _nap(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def test_stopping_workers_then_cancelling_queued_work_raises_in_no_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ctrl-C terminates the workers, then the interrupted wait cancels the queued tasks."""
    from concurrent.futures import ProcessPoolExecutor

    from cardrules.cli.interrupts import stop_workers

    raised: list[BaseException | None] = []
    monkeypatch.setattr("threading.excepthook", lambda args: raised.append(args.exc_value))
    before = {child.pid for child in multiprocessing.active_children() if child.pid is not None}
    with ProcessPoolExecutor(2) as pool:
        futures = [pool.submit(_nap, 0.5) for _ in range(200)]
        deadline = time.monotonic() + 30
        while not any(future.running() for future in futures) and time.monotonic() < deadline:
            time.sleep(0.01)
        stop_workers(before)
        assert all(future.done() for future in futures), "the pool was not marked broken yet"
        for future in futures:
            future.cancel()
    wait(futures, timeout=30)
    assert raised == []
    assert all(future.done() for future in futures)
    assert not any(child.pid not in before for child in multiprocessing.active_children())
