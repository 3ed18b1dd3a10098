"""The games and bots as the command line offers them, read from the game registry.

Nothing here lists the games: :func:`cardrules.game_names` does, and each game's
definition names its bots, its strongest bot and the view that narrates it.
"""

from __future__ import annotations

import argparse

from cardrules.bot import Bot
from cardrules.cli.usage import UsageError
from cardrules.errors import CardRulesError, PluginError
from cardrules.registry import Game, game_names, load_game

__all__ = [
    "add_bots_option",
    "add_game_argument",
    "add_players_option",
    "load_cli_game",
    "parse_bots",
]


def add_game_argument(parser: argparse.ArgumentParser) -> None:
    """The positional GAME argument, with every registered game as a choice."""
    names = game_names()
    parser.add_argument("game", choices=names, help="the game: " + ", ".join(names))


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
        + "); case does not matter",
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


def load_cli_game(name: str, players: int | None) -> Game:
    """The game ``name`` with ``players`` seats (or its default); bad counts are usage errors."""
    try:
        return load_game(name) if players is None else load_game(name, players=players)
    except PluginError:
        raise
    except CardRulesError as exc:
        allowed = _counts(load_game(name).definition.players)
        raise UsageError(f"{name} is played by {allowed} players, not {players}") from exc


def _counts(counts: tuple[int, ...]) -> str:
    """``4``, ``2, 3``, ``2 to 6``: the player counts a game allows."""
    ordered = sorted(counts)
    if len(ordered) > 2 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]} to {ordered[-1]}"
    return ", ".join(map(str, ordered))


def parse_bots(game: Game, text: str | None) -> tuple[list[str], list[Bot]]:
    """One bot per seat from a comma-separated list of names (see :func:`add_bots_option`),
    with the registry name of each.

    The command line shows these names, the ones the user chose (``strong``), rather
    than the names the bots give themselves.
    """
    players = game.num_players
    strong = game.definition.strong_bot
    names = [strong] if text is None else [name.strip().lower() for name in text.split(",")]
    if len(names) > players:
        raise UsageError(f"--bots names {len(names)} bots but {game.name} has {players} seats")
    names += [names[-1]] * (players - len(names))
    factories = game.bots
    by_lower = {name.lower(): name for name in factories}
    unknown = [name for name in names if name not in by_lower]
    if unknown:
        raise UsageError(
            f"unknown {game.name} bot {unknown[0]!r}; choose from {', '.join(factories)}"
        )
    chosen = [by_lower[name] for name in names]
    return chosen, [factories[name]() for name in chosen]
