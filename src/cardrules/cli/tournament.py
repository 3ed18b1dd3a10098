"""``cardrules tournament GAME``: a ladder of bots in paired games, with a table and JSON.

Every bot plays every other over seeded deals, each deal twice with the roles
swapped (see :mod:`cardrules.tournament`).
"""

from __future__ import annotations

import argparse
import json
from typing import IO, Any

from cardrules.cli.bots import bot_factory
from cardrules.cli.games import (
    add_game_argument,
    add_game_command,
    add_jobs_option,
    add_rule_options,
    add_time_limit_option,
    bot_entries,
    bots_text,
    check_jobs,
    check_time_limit,
    listed_by,
    load_cli_game,
)
from cardrules.cli.interrupts import process_pool
from cardrules.cli.parsers import lazy_help
from cardrules.cli.progress import ProgressBar
from cardrules.cli.usage import UsageError
from cardrules.registry import BotFactory, Game
from cardrules.rng import check_seed
from cardrules.runner import MAX_GAMES
from cardrules.tournament import tournament

__all__ = ["register"]

PROG = "cardrules tournament"


def register(commands: Any) -> None:
    """Add the ``tournament`` command."""
    add_game_command(
        commands,
        "tournament",
        _arguments,
        help="a ladder: every bot against every other in paired games",
        description="Play every bot against every other over seeded deals. Each deal is played"
        " twice, the second time with the two bots' seats swapped, so the luck of the deal"
        " cancels; the table shows each bot's mean return per seat and game and the paired"
        " differences, with Student's t 95% confidence intervals (95% CI).",
    )


def _arguments(parser: argparse.ArgumentParser, game: Game | None) -> None:
    add_game_argument(parser, game)
    bots = parser.add_argument("--bots", metavar="NAMES", help="bots")
    which = f"{listed_by(parser)} bots"
    lazy_help(
        parser,
        bots,
        lambda: (
            "comma-separated names of at least two different bots of the game, case does"
            " not matter, your own as module:attr (looked up in the current directory first),"
            " or a program speaking the engine protocol as exec:COMMAND (default: every bot"
            " of the game; "
            + (which if game is None else f"{game.name}'s bots: {bots_text(game)}").replace(
                "%", "%%"
            )
            + ")"
        ),
    )
    add_time_limit_option(parser)
    parser.add_argument(
        "--games",
        type=int,
        default=100,
        help=f"deals per pair of bots, 1 to {MAX_GAMES}; each deal is played twice (default 100)",
    )
    add_jobs_option(parser)
    parser.add_argument("--seed", type=int, default=0, help="the master seed (default 0)")
    parser.add_argument("--json", metavar="OUT", help="also write the result as JSON to this file")
    parser.add_argument(
        "--quiet", action="store_true", help="no progress bar and no warning of a long run"
    )
    add_rule_options(parser, game)
    parser.set_defaults(run=_tournament)


def _bots(game: Game, text: str | None, time_limit: float | None) -> dict[str, BotFactory]:
    factories = dict(game.bots)
    entries = bot_entries(text)
    if entries is None:
        return factories
    chosen: dict[str, BotFactory] = {}
    written: dict[str, str] = {}
    for entry in entries:
        name, factory = bot_factory(entry, factories, game.name, time_limit)
        if name in chosen and written[name].lower() == entry.lower():
            raise UsageError(f"--bots names {name.lower()!r} twice", PROG)
        if name in chosen:  # two of your own bots with one name: call this one as written
            name = entry
        chosen[name] = factory
        written[name] = entry
    if len(chosen) < 2:
        raise UsageError("--bots must name at least two bots", PROG)
    return chosen


def _tournament(args: argparse.Namespace) -> int:
    game = load_cli_game(args)
    bots = _bots(game, args.bots, check_time_limit(args.time_limit))
    seed = check_seed(args.seed)
    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"--games must be from 1 to {MAX_GAMES}, not {args.games}", PROG)
    jobs = check_jobs(args.jobs, PROG)
    out: IO[str] | None = None
    try:
        out = open(args.json, "w", encoding="utf-8") if args.json else None  # noqa: SIM115
    except OSError as exc:
        raise UsageError(f"cannot write {args.json!r}: {exc.strerror}", PROG) from exc
    try:
        with process_pool(jobs) as executor:
            result = tournament(
                game,
                bots,
                args.games,
                seed=seed,
                executor=executor,
                progress=None if args.quiet else ProgressBar(prog=PROG),
            )
        print(result.table())
        if out is not None:
            json.dump(result.to_json(), out, indent=2, ensure_ascii=False)
            out.write("\n")
    finally:
        if out is not None:
            out.close()
    return 0
