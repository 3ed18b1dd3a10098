"""The command line's help texts as a new user reads them (issue 31, item 7).

Each test runs ``cardrules`` as a user does and reads what it prints: a game's help
offers that game's rule options and no other game's, with their choices; every
command has a description; ``simulate`` and ``hazari stats`` agree on their
defaults; ``--engine`` names only bots ``--bots`` offers; and every rule tag a
prompt, an error or a help text shows says where to read the rule.
"""

from __future__ import annotations

import argparse
import ast
import io
import re
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from cardrules import game_names, load_game
from cardrules.cli import build_parser, main
from cardrules.cli.parsers import CommandParser

ROOT = Path(__file__).resolve().parents[2]
TAG = re.compile(r"\b([AH])([0-9]{1,2})\b")
BREAKS_H7 = "KC 9D 3D 2D | 8C 8D 5H | JH 8H 5S | JS 7S 8S\n"
"""An arrangement of seat 0's hand of ``play hazari --seed 1`` whose 4-card group is too high."""
PAGES = {
    "A": "the Azi rules page (docs/rules/azi)",
    "H": "the Hazari rules page (docs/rules/hazari)",
}


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    """``cardrules *argv`` at 80 columns: its exit status, output and errors."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err), pytest.MonkeyPatch.context() as patch:
        patch.setenv("COLUMNS", "80")
        patch.setattr("sys.stdin", io.StringIO(stdin))
        try:
            status = main(list(argv))
        except SystemExit as done:  # --help
            status = int(done.code or 0)
    return status, out.getvalue(), err.getvalue()


def flags(help_text: str) -> dict[str, str]:
    """Each option of a help text and what follows it on its line (its metavar)."""
    found = {}
    for line in help_text.splitlines():
        match = re.match(r"\s{2}(--[a-z-]+)(?: (\S+))?", line)
        if match:
            found[match[1]] = match[2] or ""
    return found


RULE_FLAGS = {
    "azi": {
        "--ante": "N",
        "--suits": "{CDH,CDS,CHS,DHS}",
        "--look-before-fold": "",
        "--first-lead": "{right_of_winner,auction_winner}",
        "--min-raise": "N",
        "--max-raise": "N",
        "--raise-cap": "N",
        "--rounding": "{up,down}",
        "--match-games": "N",
    },
    "hazari": {"--tie-rule": "{latest,first}", "--target": "N", "--actions": "{split,groups}"},
}
"""Each built-in game's rule flags as its rules pages define the options, and their metavars."""


@pytest.mark.parametrize("command", ["simulate", "play", "deal", "tournament"])
def test_a_games_help_offers_its_own_rule_options_with_their_choices(command: str) -> None:
    every = {flag for game in RULE_FLAGS.values() for flag in game}
    for game, expected in RULE_FLAGS.items():
        status, out, err = run(command, game, "--help")
        shown = flags(out)
        assert (status, err) == (0, "")
        assert {flag: shown[flag] for flag in every & set(shown)} == expected
        assert "VALUE" not in out
    status, out, _ = run(command, "--help")
    assert status == 0 and not every & set(flags(out))
    assert f"'cardrules {command} GAME --help' lists GAME's rule options" in " ".join(out.split())


def test_another_games_flag_is_refused_naming_the_games_own() -> None:
    status, out, err = run("play", "azi", "--tie-rule", "first")
    assert (status, out) == (2, "")
    assert err == (
        "cardrules play: error: unrecognized arguments: --tie-rule first (azi's rule options"
        " are --ante, --suits, --look-before-fold, --first-lead, --min-raise, --max-raise,"
        " --raise-cap, --rounding, --match-games; 'cardrules play azi --help' lists all)\n"
    )
    assert run("simulate", "hazari", "--games", "1", "--quiet", "--tie-rule", "first")[0] == 0


def test_a_rule_flag_works_before_the_game_too() -> None:
    before = run("deal", "--rounding", "down", "azi", "--seed", "3")
    after = run("deal", "azi", "--seed", "3", "--rounding", "down")
    assert before == after and before[0] == 0
    assert run("deal", "--look-before-fold", "azi")[0] == 0
    assert run("deal", "--seed", "3", "hazari", "--ante", "5")[0] == 2


@pytest.mark.parametrize("command", ["cards", "deal", "hazari", "azi", "demo"])
def test_each_command_describes_itself(command: str) -> None:
    status, out, _ = run(command, "--help")
    usage, description = out.split("\n\n")[:2]
    assert status == 0 and usage.startswith(f"usage: cardrules {command}")
    assert not description.startswith(("positional arguments", "options")), description
    assert len(description.split()) >= 12


def _parsers(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> list[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    found = [(path, parser)]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                found += _parsers(child, (*path, name))
    return found


def test_every_command_and_sub_command_has_a_description() -> None:
    missing = [
        " ".join(path) for path, parser in _parsers(build_parser()) if not parser.description
    ]
    assert missing == []


def test_simulate_and_hazari_stats_agree_on_their_defaults() -> None:
    words = {
        command: " ".join(run(*command.split(), "--help")[1].split())
        for command in ("simulate hazari", "hazari stats")
    }
    for text in words.values():
        assert "scalar: " in text and "(the default" in text
        assert "default strong" in text
    # hazari stats with no option plays simulate's defaults: four strong bots, scalar
    defaults = run("hazari", "stats", "--deals", "12")
    spelled = run("hazari", "stats", "--deals", "12", "--bots", "strong", "--engine", "scalar")
    assert defaults == spelled and defaults[0] == 0
    assert defaults[1].startswith("hazari: 12 deals, seed 0, seat 0 dealing; bots strong, strong,")


def _listed(text: str, before: str) -> list[str]:
    """The names listed in ``text`` right after ``before`` (up to a ``)`` or ``;``)."""
    words = " ".join(text.split())
    names = words.split(before, 1)[1]
    return [name.strip() for name in re.split(r"[);]", names, maxsplit=1)[0].split(",")]


@pytest.mark.parametrize("game", game_names())
def test_the_engine_help_names_only_bots_that_bots_offers(game: str) -> None:
    pytest.importorskip("numpy")
    status, out, _ = run("simulate", game, "--help")
    offered = _listed(out, f"{game}'s bots: ")
    batch = _listed(out, f"batch engine plays ({game}: ")
    assert status == 0 and batch and set(batch) <= set(offered), (batch, offered)
    assert "best" not in batch
    assert set(offered) == set(load_game(game).bots)


def test_the_engine_help_of_hazari_lists_exactly_the_bots_the_batch_engine_runs() -> None:
    pytest.importorskip("numpy")
    batch = _listed(run("simulate", "hazari", "--help")[1], "batch engine plays (hazari: ")
    for bot in load_game("hazari").bots:
        status, _, err = run(
            "simulate", "hazari", "--engine", "batch", "--bots", bot, "--games", "2", "--quiet"
        )
        assert (status == 0) == (bot in batch), (bot, err)


def _tagged(text: str) -> list[str]:
    """Each rule tag in ``text`` that does not say where to read it."""
    flat = " ".join(text.split())
    bare = []
    for match in TAG.finditer(flat):
        if flat[: match.start()].endswith("rule ") and PAGES[match[1]] in flat:
            continue
        bare.append(match[0])
    return bare


def test_rule_tags_in_errors_prompts_and_help_say_where_to_read_them() -> None:
    seen = []
    checks = [
        (("deal", "hazari(players=5)"), "", 2, "rule H1 on the Hazari rules page"),
        (("play", "hazari", "--human", "0", "--seed", "1"), BREAKS_H7, 1, "group: rule H7 on"),
        (("play", "hazari", "--human", "0", "--seed", "1"), "", 1, "3/3/3/4 (rule H7)"),
        (("azi", "rules", "--help"), "", 0, "(rule A2; default 4)"),
        (
            ("play", "azi", "--seed", "33", "--bots", "random"),
            "",
            0,
            "leads the first trick (rule A8)",
        ),
    ]
    for argv, stdin, status, says in checks:
        done, out, err = run(*argv, stdin=stdin)
        text = out + err
        assert done == status and says in " ".join(text.split()), (argv, text[-300:])
        assert _tagged(text) == [], argv
        seen += TAG.findall(text)
    assert {"A", "H"} <= {letter for letter, _ in seen}


def _bare_tags(tree: ast.AST) -> Iterator[ast.Constant]:
    """The string constants of ``tree`` with a tag not after ``rule ``: neither
    docstrings nor arguments of ``rule()``."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            skipped |= {id(item.value) for item in body if isinstance(item, ast.Expr)}
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "rule":
            skipped |= {id(arg) for arg in node.args}
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in skipped
            and any(
                not node.value[: match.start()].endswith("rule ")
                for match in TAG.finditer(node.value)
            )
        ):
            yield node


def test_every_rule_tag_in_a_message_of_the_package_is_named_by_rule() -> None:
    """The class: outside docstrings, a tag is ``rule(tag)`` or follows ``rule ``."""
    bare = []
    for path in sorted((ROOT / "src" / "cardrules").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if TAG.search(text):
            bare += [
                f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r:.60}"
                for node in _bare_tags(ast.parse(text))
            ]
    assert bare == []


def test_game_commands_carry_their_parsers_for_a_named_game() -> None:
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    specialising = {
        name
        for name, child in commands.choices.items()
        if isinstance(child, CommandParser) and child.specialise is not None
    }
    assert specialising == {"deal", "play", "simulate", "tournament"}
