"""``cardrules tournament GAME``: a ladder of bots in paired games, with a table and JSON.

Every bot plays every other over seeded deals, each deal twice with the roles
swapped (see :mod:`cardrules.tournament`).
"""

from __future__ import annotations

import argparse
import json
from typing import IO, Any

from cardrules.cli.games import add_game_argument, add_players_option, load_cli_game
from cardrules.cli.interrupts import process_pool
from cardrules.cli.simulate import ProgressBar
from cardrules.cli.usage import UsageError
from cardrules.registry import Game
from cardrules.rng import check_seed
from cardrules.runner import MAX_GAMES
from cardrules.tournament import tournament

__all__ = ["register"]

PROG = "cardrules tournament"


def register(commands: Any) -> None:
    """Add the ``tournament`` command."""
    parser = commands.add_parser(
        "tournament",
        help="a ladder: every bot against every other in paired games",
        description="Play every bot against every other over seeded deals. Each deal is played"
        " twice, the second time with the two bots' seats swapped, so the luck of the deal"
        " cancels; the table shows each bot's mean return per seat and game and the paired"
        " differences, with Student's t 95% confidence intervals (95% CI).",
    )
    add_game_argument(parser)
    parser.add_argument(
        "--bots",
        metavar="NAMES",
        help="comma-separated names of at least two different bots of the game, case does not"
        " matter (default: every bot of the game)",
    )
    parser.add_argument(
        "--games",
        type=int,
        default=100,
        help=f"deals per pair of bots, 1 to {MAX_GAMES}; each deal is played twice (default 100)",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="worker processes; above 1 uses a process pool (default 1)",
    )
    parser.add_argument("--seed", type=int, default=0, help="the master seed (default 0)")
    add_players_option(parser, "seats at the table")
    parser.add_argument("--json", metavar="OUT", help="also write the result as JSON to this file")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(run=_tournament)


def _bot_names(game: Game, text: str | None) -> list[str]:
    known = list(game.bots)
    if text is None:
        return known
    names = [name.strip().lower() for name in text.split(",")]
    lowered = {name.lower(): name for name in known}
    for name in names:
        if name not in lowered:
            raise UsageError(
                f"unknown {game.name} bot {name!r}; choose from {', '.join(known)}", PROG
            )
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise UsageError(f"--bots names {repeated[0]!r} twice", PROG)
    if len(names) < 2:
        raise UsageError("--bots must name at least two bots", PROG)
    return [lowered[name] for name in names]


def _tournament(args: argparse.Namespace) -> int:
    game = load_cli_game(args.game, args.players)
    names = _bot_names(game, args.bots)
    seed = check_seed(args.seed)
    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"--games must be from 1 to {MAX_GAMES}, not {args.games}", PROG)
    if args.jobs < 1:
        raise UsageError(f"--jobs must be at least 1, not {args.jobs}", PROG)
    out: IO[str] | None = None
    try:
        out = open(args.json, "w", encoding="utf-8") if args.json else None  # noqa: SIM115
    except OSError as exc:
        raise UsageError(f"cannot write {args.json!r}: {exc.strerror}", PROG) from exc
    try:
        with process_pool(args.jobs) as executor:
            result = tournament(
                game,
                names,
                args.games,
                seed=seed,
                executor=executor,
                progress=None if args.quiet else ProgressBar(),
            )
        print(result.table())
        if out is not None:
            json.dump(result.to_json(), out, indent=2, ensure_ascii=False)
            out.write("\n")
    finally:
        if out is not None:
            out.close()
    return 0
