"""One bad game from another package never breaks anything else (issue 29, items 4 to 7).

Beside the example package, :mod:`tests.core.plugin_zoo` installs packages whose game
imports slowly, exits at import, has a rules factory that raises, has options named
like a command's flag or like a built-in game's switch, or has a name no spec can
name. A game's module loads only when the game is used; each broken game is one
:class:`~cardrules.errors.PluginError` naming its package, for that game only; a name
that cannot be loaded is left out of :func:`~cardrules.game_names` with a warning.

The first test runs ``cardrules`` as a user does, in a new process with the packages
on ``PYTHONPATH``, and compares each command with the same command run without the
misbehaving packages, byte for byte; the others run in this process.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from cardrules import game_names, load_game, registry
from cardrules.cli import engine, main
from cardrules.errors import InvalidRulesError, PluginError, PluginWarning
from tests.core.plugin_zoo import MARKER, install

MODULES = {"toy_game", "slow_plugin", "exit_plugin", "raising_plugin", "clash_plugin"}
"""The top-level modules of the installed packages."""

GAMES = {"azi", "hazari", "toy", "slow", "exit", "raising", "clash-seed", "clash-type"}
"""Every game that can be listed: the built-in ones and each package's (not ``bad-name.x``)."""

WARNED = "cardrules: warning: the package 'bad_name_game' declares a game "


def _installed(site: Path, monkeypatch: pytest.MonkeyPatch, misbehaving: bool) -> Iterator[Path]:
    for entry in reversed(install(site, misbehaving)):
        monkeypatch.syspath_prepend(entry)
    for module in [name for name in sys.modules if name.split(".")[0] in MODULES]:
        monkeypatch.delitem(sys.modules, module)  # other tests import the example: put it back
    monkeypatch.setattr(registry, "_REGISTERED", {})
    monkeypatch.setattr(registry, "_ORIGINS", {})
    monkeypatch.setenv("COLUMNS", "80")
    registry._entry_points.cache_clear()
    yield site
    registry._entry_points.cache_clear()
    for module in [name for name in sys.modules if name.split(".")[0] in MODULES]:
        del sys.modules[module]


@pytest.fixture
def zoo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The example package and the misbehaving ones, installed for this test."""
    yield from _installed(tmp_path / "site", monkeypatch, misbehaving=True)


@pytest.fixture
def example(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The example package alone, installed for this test."""
    yield from _installed(tmp_path / "example", monkeypatch, misbehaving=False)


def run(*argv: str) -> tuple[int, str, str]:
    """``cardrules *argv`` in this process: its exit status, output and errors."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            status = main(list(argv))
        except SystemExit as done:  # --help
            status = int(done.code or 0)
    return status, out.getvalue(), err.getvalue()


def imported() -> set[str]:
    return MODULES & {name.split(".")[0] for name in sys.modules}


COMMANDS = [
    ["cards", "parse", "AS", "10h"],
    ["simulate", "azi", "--games", "3", "--quiet", "--bots", "random,heuristic"],
    ["play", "toy", "--seed", "1"],
    ["--help"],
]
"""The issue's commands: built-in ones, and a game of the example package."""


def test_commands_behave_as_without_the_misbehaving_packages(tmp_path: Path, example: Path) -> None:
    site = tmp_path / "zoo"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(install(site)), "COLUMNS": "80"}
    for argv in COMMANDS:
        status, out, err = run(*argv)
        done = subprocess.run(
            [sys.executable, "-m", "cardrules", *argv],
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert (done.returncode, done.stdout) == (status, out), argv
        assert status == 0 and out
        # Only the example's game reads the entry points: it says what it leaves out.
        said = [line for line in done.stderr.splitlines() if not line.startswith(WARNED)]
        assert (said, err) == ([], "")
        assert (done.stderr != "") == (argv[0] == "play"), done.stderr
    assert not (site / "slow_plugin" / MARKER).exists()


def test_listing_the_games_imports_none_and_leaves_out_what_cannot_load(zoo: Path) -> None:
    with pytest.warns(PluginWarning) as caught:
        names = game_names()
    assert set(names) == GAMES
    said = sorted(str(warning.message) for warning in caught)
    assert len(said) == 2 and all("the package 'bad_name_game'" in text for text in said)
    assert "'azi' (toy_game.game:GAME), which is a built-in game's name" in said[0]
    assert "'bad-name.x' (toy_game.game:GAME), which is not a game name" in said[1]
    assert imported() == set() and not (zoo / "slow_plugin" / MARKER).exists()
    with pytest.raises(InvalidRulesError, match=r"'bad-name\.x' does not start with a game name"):
        load_game("bad-name.x")
    assert load_game("azi").definition.name == "azi"  # the built-in game, not the package's


def test_help_lists_the_games_that_can_load_and_warns_of_the_others(zoo: Path) -> None:
    status, out, err = run("simulate", "--help")
    words = " ".join(out.split())
    assert status == 0 and "bad-name" not in out
    assert (
        "GAME the game: azi, clash-seed, clash-type, exit, hazari, raising, slow, toy, or" in words
    )
    assert err.startswith(WARNED) and len(err.splitlines()) == 2
    status, out, err = run("deal", "chess")
    error = err.splitlines()[-1]
    assert status == 2 and error.startswith("cardrules deal: error: unknown game 'chess'")
    assert error.endswith(
        "the games are azi, clash-seed, clash-type, exit, hazari, raising, slow, toy"
    )
    assert imported() == set()


@pytest.mark.parametrize(
    ("game", "package", "reason"),
    [
        ("exit", "exit_game", "(exit_plugin:GAME) cannot be loaded: SystemExit: '3'"),
        ("raising", "raising_game", "cannot make its rules: TypeError: 'the factory is broken'"),
    ],
)
def test_a_game_that_raises_anything_is_a_plugin_error_naming_its_package(
    zoo: Path, game: str, package: str, reason: str
) -> None:
    with pytest.warns(PluginWarning), pytest.raises(PluginError) as caught:
        load_game(game)
    assert f"the game '{game}' of the package '{package}'" in str(caught.value)
    assert reason in str(caught.value)
    assert load_game("toy(players=2)").num_players == 2
    assert load_game("azi").num_players == 4


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["play", "exit", "--seed", "1"], "'exit_game' (exit_plugin:GAME) cannot be loaded"),
        (["simulate", "raising", "--games", "2"], "cannot make its rules: TypeError"),
        (["simulate", "clash-seed"], "option 'seed', whose flag --seed is an option of"),
        (["deal", "clash-type"], "option 'look_before_fold' whose flag --look-before-fold"),
        (["tournament", "exit", "--help"], "SystemExit"),
    ],
)
def test_on_the_command_line_a_broken_game_is_one_error_line(
    zoo: Path, argv: list[str], says: str
) -> None:
    status, out, err = run(*argv)
    lines = [line for line in err.splitlines() if not line.startswith(WARNED)]
    assert (status, out, len(lines)) == (2, "", 1)
    assert lines[0].startswith(f"cardrules {argv[0]}: error: the game '{argv[1]}' of the package")
    assert says in lines[0]


def test_a_clashing_option_changes_no_flag_of_a_built_in_game(zoo: Path) -> None:
    argv = ["simulate", "azi", "--look-before-fold", "--games", "2", "--quiet", "--bots", "random"]
    before, help_before = run(*argv), run("simulate", "azi", "--help")
    for game in ("clash-seed", "clash-type"):
        assert run("simulate", game)[0] == 2
    assert (run(*argv), run("simulate", "azi", "--help")) == (before, help_before)
    assert before[0] == 0 and "look_before_fold=true" in before[1]
    assert "\n  --look-before-fold    default false\n" in help_before[1]
    # The games themselves load: their options are read from a spec, not from flags.
    assert load_game("clash-seed(seed=4)").options == {"players": 3, "seed": 4}
    assert load_game("clash-type", look_before_fold="5").options["look_before_fold"] == 5


def test_a_game_is_imported_only_when_a_command_names_it(zoo: Path) -> None:
    for argv in (["cards", "parse", "AS"], ["deal", "azi"], ["simulate", "hazari", "--games", "1"]):
        assert run(*argv)[0] == 0
    assert engine._game_bot_name("Random") == "random"  # engine serve's check of its BOT
    assert imported() == set()
    assert run("deal", "toy", "--players", "2")[0] == 0
    assert imported() == {"toy_game"}


@pytest.mark.soak
def test_every_command_behaves_as_without_the_misbehaving_packages(tmp_path: Path) -> None:
    """The first test, over more commands, each run in a new process on both sides."""
    with_zoo = os.pathsep.join(install(tmp_path / "zoo"))
    without = os.pathsep.join(install(tmp_path / "example", misbehaving=False))
    commands = [
        *COMMANDS,
        ["deal", "hazari", "--seed", "4"],
        ["simulate", "hazari", "--games", "2", "--quiet", "--format", "csv"],
        ["tournament", "azi", "--games", "1", "--quiet", "--bots", "random,heuristic"],
        ["play", "azi", "--seed", "2", "--rounding", "down"],
        ["simulate", "azi", "--help"],
        ["play", "toy", "--help"],
        ["hazari", "stats", "--deals", "20", "--bots", "greedy"],
        ["azi", "rules", "--players", "3"],
        ["deal", "chess"],
    ]
    for argv in commands:
        done = [
            subprocess.run(
                [sys.executable, "-m", "cardrules", *argv],
                env={**os.environ, "PYTHONPATH": path, "COLUMNS": "80"},
                capture_output=True,
                text=True,
                timeout=300,
            )
            for path in (with_zoo, without)
        ]
        assert (done[0].returncode, done[0].stdout) == (done[1].returncode, done[1].stdout)
        extra = [line for line in done[0].stderr.splitlines() if not line.startswith(WARNED)]
        if argv[:2] == ["deal", "chess"]:  # the one error names every game it could load
            assert done[0].returncode == 2 and "clash-seed" in done[0].stderr
        else:
            assert extra == done[1].stderr.splitlines(), argv
    assert not (tmp_path / "zoo" / "slow_plugin" / MARKER).exists()
