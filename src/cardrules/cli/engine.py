"""``cardrules engine serve BOT``: any bot of this package as an engine on standard I/O.

``BOT`` is a bot name of the games (``heuristic``, ``greedy``, ``strong``: each game
picks its own bot of that name when a game starts) or your own as ``module:attr``.
Standard output carries the protocol alone: whatever the bot prints goes to
standard error. See :mod:`cardrules.engine` and the docs page "Engines in any language".
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from typing import Any

from cardrules.bot import bot_name
from cardrules.cli.bots import import_user_bot, is_user_bot
from cardrules.cli.usage import UsageError
from cardrules.engine import PROTOCOL, VERSION, serve
from cardrules.errors import CardRulesError, EngineError
from cardrules.registry import BUILTIN_GAMES, Game, game_names, load_game

__all__ = ["register"]

PROG = "cardrules engine"


def register(commands: Any) -> None:
    """Add the ``engine`` command and its ``serve`` sub-command."""
    parser = commands.add_parser(
        "engine",
        help="bots in any language: serve a bot as an engine",
        description=f"Engines are programs that play by the {PROTOCOL} protocol (version"
        f" {VERSION}) on standard input and output; --bots 'exec:COMMAND' seats one."
        " 'cardrules engine serve BOT' is such a program for any bot of this package.",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    serve_parser = actions.add_parser(
        "serve",
        help="play a bot through the protocol on standard input and output",
        description="Play BOT as an engine: read the dealer's messages on standard input"
        " and answer on standard output until it says quit. It plays exactly as the bot"
        " does in process: the same seed gives the same games.",
    )
    serve_parser.add_argument(
        "bot",
        metavar="BOT",
        help="a bot name of the games (each game plays its own bot of that name) or your"
        " own as module:attr, looked up from the current directory first",
    )
    parser.set_defaults(run=_serve)


def _serve(args: argparse.Namespace) -> int:
    text = args.bot.strip()
    if is_user_bot(text):
        factory = import_user_bot(text)
        name = bot_name(factory())

        def bot_for(game: Game) -> Any:
            return factory()

    else:
        name = _game_bot_name(text)

        def bot_for(game: Game) -> Any:
            known = {key.lower(): value for key, value in game.bots.items()}
            if name not in known:
                raise EngineError(
                    f"{name!r} is not a bot of {game.name}; its bots: {', '.join(known)}"
                )
            return known[name]()

    protocol = sys.stdout.buffer
    with contextlib.redirect_stdout(sys.stderr):  # what the bot prints stays off the protocol
        return serve(bot_for, name=name, output=protocol)


def _game_bot_name(text: str) -> str:
    """``text`` in lower case if it names a bot of some game; else a usage error.

    The built-in games are asked first: an installed game's module is imported only
    when they have no bot of that name.
    """
    known: dict[str, list[str]] = {}
    for installed in (False, True):
        for game in game_names() if installed else sorted(BUILTIN_GAMES):
            if installed == (game in BUILTIN_GAMES):
                continue
            try:
                bots = load_game(game).bots
            except CardRulesError:
                continue
            for bot in bots:
                known.setdefault(bot.lower(), []).append(game)
        if text.lower() in known:
            return text.lower()
    raise UsageError(
        f"unknown bot {text!r}; the games' bots are {', '.join(sorted(known))},"
        " or name your own as module:attr",
        f"{PROG} serve",
    )
