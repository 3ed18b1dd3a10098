"""The games, rule options, bots and worker counts as the command line offers them.

Nothing here lists the games: :func:`cardrules.game_names` does, and each game's
definition names its rule options, its bots, its strongest bot and the view that
narrates it. Wherever a command takes a game it takes a spec too
(``'azi(ante=5)'``), and every rule option of that game is also a flag
(``--ante 5``); flags win over the spec.

A command that takes a game (:func:`add_game_command`) loads the game its command
line names and no other: its options and its help are that game's. A flag of a game
from another package never changes a built-in one: one that is already the command's
own option, or a built-in game's flag of another kind, is a PluginError for that game.
"""

from __future__ import annotations

import argparse
import functools
import os
import re
from collections.abc import Callable
from typing import Any

from cardrules.bot import Bot
from cardrules.cards import _show
from cardrules.cli.bots import bot_factory
from cardrules.cli.parsers import CommandParser, lazy_help
from cardrules.cli.usage import UsageError
from cardrules.errors import CardRulesError, PluginError
from cardrules.options import parse_spec
from cardrules.registry import BUILTIN_GAMES, Game, game_names, game_origin, load_game

__all__ = [
    "FLAG_NAME",
    "JOBS_PER_CPU",
    "GameArguments",
    "add_bots_option",
    "add_game_argument",
    "add_game_command",
    "add_jobs_option",
    "add_players_option",
    "add_rule_options",
    "add_time_limit_option",
    "bot_entries",
    "bots_text",
    "check_jobs",
    "check_time_limit",
    "given_rules",
    "listed_by",
    "load_cli_game",
    "max_jobs",
    "parse_bots",
]

JOBS_PER_CPU = 4
"""``--jobs`` may ask for at most this many worker processes per CPU."""


def max_jobs() -> int:
    """The most worker processes ``--jobs`` accepts: :data:`JOBS_PER_CPU` per CPU."""
    return JOBS_PER_CPU * (os.cpu_count() or 1)


def add_jobs_option(parser: argparse.ArgumentParser) -> None:
    """The ``--jobs`` option, with its cap in the help."""
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="worker processes; above 1 uses a process pool (default 1; at most"
        f" {JOBS_PER_CPU} per CPU, {max_jobs()} here)",
    )


def check_jobs(jobs: int, prog: str = "cardrules") -> int:
    """``jobs`` if it is from 1 to :func:`max_jobs`; otherwise a usage error."""
    if not 1 <= jobs <= max_jobs():
        raise UsageError(
            f"--jobs must be from 1 to {max_jobs()} ({JOBS_PER_CPU} per CPU), not {jobs}", prog
        )
    return jobs


GameArguments = Callable[[argparse.ArgumentParser, "Game | None"], None]
"""Adds a game command's arguments to a parser: for no game yet (``None``), or for the
game the command line names, with that game's rule options."""


def add_game_command(commands: Any, name: str, arguments: GameArguments, **kwargs: Any) -> None:
    """Add the command ``name``, which takes a GAME, to ``commands``.

    Its parser has ``arguments(parser, None)``; once the command line names a game, a
    parser with ``arguments(parser, game)`` reads it, so that the game is loaded only
    by a command that names it and only its rule options are flags.
    """
    parser = commands.add_parser(name, **kwargs)
    arguments(parser, None)
    if isinstance(parser, CommandParser):
        parser.specialise = functools.partial(_for_named_game, arguments=arguments)


def _for_named_game(
    parser: CommandParser, words: list[str], arguments: GameArguments
) -> CommandParser | None:
    """The parser for the game ``words`` name (None if they name none)."""
    word = _game_word(parser, words)
    if word is None:
        return None
    game = _named_game(word, parser.prog)
    made = CommandParser(
        prog=parser.prog,
        description=parser.description,
        epilog=parser.epilog,
        formatter_class=parser.formatter_class,
    )
    try:
        arguments(made, game)
    except PluginError as exc:
        raise UsageError(str(exc), parser.prog) from exc
    flags = [
        option
        for action in made._actions
        if action.dest.startswith("rule_")
        for option in action.option_strings
    ]
    rules = f"are {', '.join(flags)}" if flags else "are none"
    made.hint = (
        f" ({game.name}'s rule options {rules}; '{parser.prog} {game.name} --help' lists all)"
    )
    return made


def _game_word(parser: argparse.ArgumentParser, words: list[str]) -> str | None:
    """The word of ``words`` that is GAME, the command's one positional argument.

    The command's own options are known and skipped with their values; a flag that
    is not one of them (a rule option's flag, unknown before the game is) may or may
    not take a value, so after one the first word naming a known game is GAME.
    """
    takes_value = {
        option: action.nargs != 0
        for action in parser._actions  # argparse has no public list of a parser's options
        for option in action.option_strings
    }
    positional: list[tuple[str, bool]] = []
    guessing = False
    index = 0
    while index < len(words):
        word = words[index]
        index += 1
        if word == "--":
            positional += [(rest, guessing) for rest in words[index:]]
            break
        if word.startswith("-") and len(word) > 1:
            flag, equals, _ = word.partition("=")
            known = takes_value.get(flag)
            if known is None:
                guessing = guessing or not equals  # --flag VALUE, or a switch
            elif known and not equals:
                index += 1
            continue
        positional.append((word, guessing))
    if not positional:
        return None
    first, guessed = positional[0]
    if guessed:
        return next((word for word, _ in positional if _names_a_game(word)), first)
    return first


def _names_a_game(word: str) -> bool:
    try:
        name, _ = parse_spec(word)
    except CardRulesError:
        return False
    return name in BUILTIN_GAMES or name in game_names()


def _named_game(word: str, prog: str) -> Game:
    """The game ``word`` names, with its default rules (the spec's options are read
    later, with the flags); a bad spec or an unknown or broken game is a usage error."""
    try:
        name, _ = parse_spec(word)
        return load_game(name)
    except CardRulesError as exc:
        raise UsageError(str(exc), prog) from None


def add_game_argument(parser: argparse.ArgumentParser, game: Game | None) -> None:
    """The positional GAME argument: a registered game's name or a spec with rule options.

    Without a game, its help names every installed game (read when the help is printed).
    """
    if game is not None:
        example = _spec_example(game)
        parser.add_argument(
            "game",
            metavar="GAME",
            help=_escaped(
                f"the game ({game.name} here), or a spec with its rule options such as {example}"
            ),
        )
        return
    action = parser.add_argument("game", metavar="GAME", help="the game")
    lazy_help(parser, action, lambda: _games_help(parser))


def _games_help(parser: argparse.ArgumentParser) -> str:
    names = game_names()
    return _escaped(
        f"the game: {', '.join(names)}, or a spec with rule options such as"
        f" '{names[0]}(players=5)'; {listed_by(parser)}"
    )


def listed_by(parser: argparse.ArgumentParser) -> str:
    """Where the help of a command that takes a GAME sends a reader for the game's own
    options and bots: ``'cardrules simulate GAME --help' lists GAME's``."""
    return f"'{parser.prog} GAME --help' lists GAME's"


def _spec_example(game: Game) -> str:
    options = sorted(game.options.items(), key=lambda item: item[0] == "players")
    if not options:
        return repr(game.name)
    key, value = options[0]
    return repr(f"{game.name}({key}={_shown(value)})")


def _escaped(text: str) -> str:
    """``text`` as argparse help, which reads ``%`` as a format."""
    return text.replace("%", "%%")


def _shown(value: object) -> str:
    """An option's default as a spec writes it (``true``, ``none``, ``10``, ``DHS``)."""
    if isinstance(value, bool):
        return str(value).lower()
    if value is None:
        return "none"
    return str(value) if type(value) in (int, float, str) else _show(value)


FLAG_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
"""A rule option's name that can be a flag: ``ante`` is ``--ante``, ``min_raise``
``--min-raise``."""

_CHOICE = re.compile(r"[A-Za-z0-9_.+-]+\Z")


def add_rule_options(parser: argparse.ArgumentParser, game: Game | None) -> None:
    """``--players`` and a flag for every rule option of ``game`` (``--ante 5``), which
    override its spec's. Without a game, a note says where its flags are listed.

    A flag that one of the command's own options has, or that a built-in game has with
    another kind (a switch, or a flag with a value), is a PluginError for ``game``.
    """
    add_players_option(parser, game)
    if game is None:
        parser.add_argument_group(
            "rule options",
            f"Each rule option of GAME is a flag too, which overrides the spec's (--ante 5);"
            f" {listed_by(parser)} rule options.",
        )
        return
    group = parser.add_argument_group(f"rule options of {game.name} (they override the spec's)")
    taken = {option for action in parser._actions for option in action.option_strings}
    kinds = _builtin_kinds(game)
    for option, default in game.options.items():
        if option == "players":
            continue
        flag = _flag(game, option)
        switch = isinstance(default, bool)
        if flag in taken:
            raise PluginError(
                f"{_where(game)} has a rule option {option!r}, whose flag {flag} is an option of"
                f" {parser.prog} already; rename the option"
            )
        if kinds.get(flag, switch) != switch:
            raise PluginError(
                f"{_where(game)} has a rule option {option!r} whose flag {flag} would"
                f" {'be a switch' if switch else 'take a value'}, but it is a built-in game's"
                f" flag that {'takes a value' if switch else 'is a switch'}; rename the option"
            )
        taken.add(flag)
        help_text = _escaped(f"default {_shown(default)}")
        if switch:
            group.add_argument(
                flag, dest=f"rule_{option}", action="store_const", const="true", help=help_text
            )
        else:
            group.add_argument(
                flag, dest=f"rule_{option}", metavar=_metavar(game, option, default), help=help_text
            )


def _flag(game: Game, option: str) -> str:
    if not FLAG_NAME.match(option):
        raise PluginError(
            f"{_where(game)} has a rule option {option!r}, which cannot be a flag (lower-case"
            " letters, digits and '_', starting with a letter)"
        )
    return "--" + option.replace("_", "-")


def _where(game: Game) -> str:
    return game_origin(game.name) or f"the game {game.name!r}"


def _builtin_kinds(game: Game) -> dict[str, bool]:
    """Each built-in game's rule flag, and whether it is a switch (for a game from
    another package only: built-in flags keep their kind)."""
    if game.name in BUILTIN_GAMES:
        return {}
    kinds: dict[str, bool] = {}
    for name in BUILTIN_GAMES:
        for option, default in load_game(name).options.items():
            kinds.setdefault("--" + option.replace("_", "-"), isinstance(default, bool))
    return kinds


def _metavar(game: Game, option: str, default: object) -> str:
    """``{up,down}`` for an option with choices, ``N`` for a whole number, else VALUE."""
    choices = game.option_choices.get(option)
    if choices and all(_CHOICE.match(choice) for choice in choices):
        return "{" + ",".join(choices) + "}"
    if default is None or type(default) is int:
        return "N"
    return "VALUE"


def add_bots_option(parser: argparse.ArgumentParser, game: Game | None) -> None:
    """The ``--bots`` option; with a game, its help names the game's bots and its default."""
    action = parser.add_argument(
        "--bots",
        metavar="NAMES",
        help="comma-separated bot names by seat",
    )
    lazy_help(parser, action, lambda: _escaped(_bots_help(parser, game)))


def _bots_help(parser: argparse.ArgumentParser, game: Game | None) -> str:
    which = (
        f"{game.name}'s bots: {bots_text(game)}"
        if game is not None
        else f"{listed_by(parser)} bots"
    )
    return (
        "comma-separated bot names by seat; a shorter list fills the remaining seats with"
        " its last name, and no list puts the game's strong bot in every seat (default"
        f" strong; {which}); case does not matter. Your own bot is module:attr, such as"
        " mypkg.bots:MyBot (a class or function of no arguments that makes a bot; the module"
        " is looked up in the current directory first), and a program speaking the engine"
        " protocol is exec:COMMAND, such as 'exec:./mybot --depth 3'"
    )


def bots_text(game: Game) -> str:
    """The names of ``game``'s bots, for a help text: ``random, greedy, solver, strong``."""
    definition = game.definition
    names = definition.bot_names or tuple(game.bots)
    return ", ".join(names)


def add_players_option(
    parser: argparse.ArgumentParser, game: Game | None, what: str = "players"
) -> None:
    """The ``--players`` option; with a game, its help names the game's player counts."""
    if game is None:
        counts = "as the game allows"
    else:
        allowed = game.definition.players
        default = "" if len(allowed) == 1 else f", default {game.num_players}"
        counts = f"{game.name}: {_counts(allowed)}{default}"
    parser.add_argument("--players", type=int, help=_escaped(f"{what} ({counts})"))


def _flag_options(args: argparse.Namespace) -> dict[str, object]:
    options: dict[str, object] = {}
    for key, value in vars(args).items():
        if key.startswith("rule_") and value is not None:
            options[key.removeprefix("rule_")] = value
    if getattr(args, "players", None) is not None:
        options["players"] = args.players
    return options


def given_rules(args: argparse.Namespace) -> dict[str, tuple[str, object]]:
    """The rule options the command line gives, each with where it was given.

    A flag (``--ante 5``) wins over the spec (``'azi(ante=5)'``), as in
    :func:`load_cli_game`; the text says which one the user wrote.
    """
    name, spec_options = parse_spec(args.game)
    given: dict[str, tuple[str, object]] = {
        option: (f"{option}={value} in the spec", value) for option, value in spec_options.items()
    }
    options = load_game(name).options
    switches = {option for option, default in options.items() if isinstance(default, bool)}
    for option, value in _flag_options(args).items():
        flag = "--" + option.replace("_", "-")
        given[option] = (flag if option in switches else f"{flag} {value}", value)
    return given


def load_cli_game(args: argparse.Namespace | str, players: int | None = None) -> Game:
    """The game of a command's GAME argument (a name or a spec) with its rule-option flags.

    ``args`` may also be the spec itself, with ``players`` the only option. Bad
    specs and options are usage errors naming the fault.
    """
    options: dict[str, object]
    if isinstance(args, str):
        spec, options = args, ({} if players is None else {"players": players})
    else:
        spec, options = args.game, _flag_options(args)
    try:
        return load_game(spec, **options)
    except PluginError:
        raise
    except CardRulesError as exc:
        requested = options.get("players")
        if requested is not None:
            try:
                game = load_game(spec)
            except CardRulesError:
                raise UsageError(str(exc)) from None
            allowed = _counts(game.definition.players)
            if requested not in game.definition.players:
                raise UsageError(
                    f"{game.name} is played by {allowed} players, not {requested}"
                ) from None
        raise UsageError(str(exc)) from None


def _counts(counts: tuple[int, ...]) -> str:
    """``4``, ``2, 3``, ``2 to 6``: the player counts a game allows."""
    ordered = sorted(counts)
    if len(ordered) > 2 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]} to {ordered[-1]}"
    return ", ".join(map(str, ordered))


def bot_entries(text: str | None) -> list[str] | None:
    """The entries of a ``--bots`` list, stripped; ``None`` for no list."""
    if text is None:
        return None
    entries = [entry.strip() for entry in text.split(",")]
    if not all(entries):
        raise UsageError(f"--bots {text!r} has an empty name")
    return entries


def parse_bots(
    game: Game, text: str | None, time_limit: float | None = None
) -> tuple[list[str], list[Bot]]:
    """One bot per seat from a comma-separated list of names (see :func:`add_bots_option`),
    with the name of each.

    A game's bot is shown as the user named it (``strong``); your own ``module:attr``
    bot by its ``name`` attribute, as the Python API shows it; an engine
    (``exec:COMMAND``) as written, its decisions limited to ``time_limit`` seconds.
    """
    players = game.num_players
    entries = bot_entries(text) or [game.definition.strong_bot]
    if len(entries) > players:
        raise UsageError(f"--bots names {len(entries)} bots but {game.name} has {players} seats")
    entries += [entries[-1]] * (players - len(entries))
    factories = dict(game.bots)
    chosen: dict[str, tuple[str, Any]] = {}
    for entry in entries:
        if entry not in chosen:
            chosen[entry] = bot_factory(entry, factories, game.name, time_limit)
    return [chosen[entry][0] for entry in entries], [chosen[entry][1]() for entry in entries]


def add_time_limit_option(parser: argparse.ArgumentParser) -> None:
    """The ``--time-limit`` option: seconds per decision for each engine seat."""
    from cardrules.engine import DEFAULT_TIME_LIMIT, MAX_TIME_LIMIT

    parser.add_argument(
        "--time-limit",
        type=float,
        metavar="SECONDS",
        help="seconds an engine seat (--bots 'exec:COMMAND') has for each decision; an engine"
        " that takes longer forfeits the game (default"
        f" {DEFAULT_TIME_LIMIT:g}, at most {MAX_TIME_LIMIT:g})",
    )


def check_time_limit(value: float | None) -> float | None:
    """``value`` if it is a time limit an engine can have (or None); else a usage error."""
    from cardrules.engine import MAX_TIME_LIMIT

    if value is not None and not 0 < value <= MAX_TIME_LIMIT:
        raise UsageError(
            f"--time-limit must be above 0 and at most {MAX_TIME_LIMIT:g}, not {value}"
        )
    return value
