"""The games, rule options, bots and worker counts as the command line offers them.

Nothing here lists the games: :func:`cardrules.game_names` does, and each game's
definition names its rule options, its bots, its strongest bot and the view that
narrates it. Wherever a command takes a game it takes a spec too
(``'azi(ante=5)'``), and every rule option of every game is also a flag
(``--ante 5``); flags win over the spec.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from cardrules.bot import Bot
from cardrules.cli.bots import bot_factory
from cardrules.cli.usage import UsageError
from cardrules.errors import CardRulesError, PluginError
from cardrules.options import parse_spec
from cardrules.registry import Game, game_names, load_game

__all__ = [
    "JOBS_PER_CPU",
    "add_bots_option",
    "add_game_argument",
    "add_jobs_option",
    "add_players_option",
    "add_rule_options",
    "add_time_limit_option",
    "check_jobs",
    "check_time_limit",
    "given_rules",
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


def add_game_argument(parser: argparse.ArgumentParser) -> None:
    """The positional GAME argument: a registered game's name or a spec with rule options."""
    names = game_names()
    parser.add_argument(
        "game",
        metavar="GAME",
        help=f"the game: {', '.join(names)}, or a spec with rule options such as"
        f" '{names[0]}(players=5)'",
    )


def _option_defaults() -> dict[str, dict[str, object]]:
    """Each rule option (but ``players``) with each game's default for it."""
    found: dict[str, dict[str, object]] = {}
    for name, game in _loadable_games():
        for option, default in game.options.items():
            if option != "players":
                found.setdefault(option, {})[name] = default
    return found


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    return "none" if value is None else str(value)


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    """``--players`` and a flag for every rule option of every game (``--ante 5``).

    A flag of an option the chosen game lacks is refused when the game loads.
    """
    add_players_option(parser)
    group = parser.add_argument_group("rule options (they override the game spec's)")
    for option, defaults in _option_defaults().items():
        flag = "--" + option.replace("_", "-")
        where = "; ".join(f"{game} default {_shown(value)}" for game, value in defaults.items())
        if all(isinstance(value, bool) for value in defaults.values()):
            group.add_argument(
                flag, dest=f"rule_{option}", action="store_const", const="true", help=where
            )
        else:
            group.add_argument(flag, dest=f"rule_{option}", metavar="VALUE", help=where)


def add_bots_option(parser: argparse.ArgumentParser) -> None:
    """The ``--bots`` option, naming each game's bots and its default in the help."""
    lines = []
    for name, game in _loadable_games():
        definition = game.definition
        names = definition.bot_names or tuple(definition.bots())
        lines.append(f"{name}: {', '.join(names)} (default {definition.strong_bot})")
    parser.add_argument(
        "--bots",
        metavar="NAMES",
        help="comma-separated bot names by seat; a shorter list fills the remaining seats with"
        " its last name, and no list puts the game's strong bot in every seat ("
        + "; ".join(lines)
        + "); case does not matter. Your own bot is module:attr, such as mypkg.bots:MyBot"
        " (a class or function of no arguments that makes a bot; the module is looked up in"
        " the current directory first), and a program speaking the engine protocol is"
        " exec:COMMAND, such as 'exec:./mybot --depth 3'",
    )


def add_players_option(parser: argparse.ArgumentParser, what: str = "players") -> None:
    """The ``--players`` option, naming each registered game's player counts in the help."""
    lines = []
    for name, game in _loadable_games():
        allowed = game.definition.players
        default = "" if len(allowed) == 1 else f", default {game.num_players}"
        lines.append(f"{name}: {_counts(allowed)}{default}")
    parser.add_argument("--players", type=int, help=f"{what} ({'; '.join(lines)})")


def _loadable_games() -> list[tuple[str, Game]]:
    """Every game that loads, for the help texts: an installed game that is broken
    reports its error when it is asked for, and the others keep working."""
    games = []
    for name in game_names():
        try:
            games.append((name, load_game(name)))
        except CardRulesError:
            continue
    return games


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
    _, spec_options = parse_spec(args.game)
    given: dict[str, tuple[str, object]] = {
        option: (f"{option}={value} in the spec", value) for option, value in spec_options.items()
    }
    switches = {
        option
        for option, defaults in _option_defaults().items()
        if all(isinstance(value, bool) for value in defaults.values())
    }
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
