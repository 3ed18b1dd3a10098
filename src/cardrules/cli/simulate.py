"""``cardrules simulate GAME``: many seeded games between bots, with a summary table."""

from __future__ import annotations

import argparse
from typing import Any

from cardrules.cli.formats import SeatedRecords, add_format_option, print_result
from cardrules.cli.games import (
    add_bots_option,
    add_game_argument,
    add_game_command,
    add_jobs_option,
    add_rule_options,
    add_time_limit_option,
    check_jobs,
    check_time_limit,
    load_cli_game,
    parse_bots,
)
from cardrules.cli.interrupts import process_pool
from cardrules.cli.progress import ProgressBar
from cardrules.cli.simulate_batch import add_engine_option, batch_runner
from cardrules.cli.usage import UsageError
from cardrules.registry import Game
from cardrules.rng import check_seed
from cardrules.runner import MAX_GAMES, simulate

__all__ = ["ProgressBar", "register"]

PROG = "cardrules simulate"

PROBE_FROM = 200
"""From this many games on, one game is timed first, to warn at once of a long run."""


def register(commands: Any) -> None:
    """Add the ``simulate`` command."""
    add_game_command(
        commands,
        "simulate",
        _arguments,
        help="play many seeded games between bots",
        description="Play many seeded games between bots and print each bot's and each seat's"
        " mean return. The progress bar shows the rate and the time left, and a run expected"
        " to take more than a few minutes says so when it starts.",
    )


def _arguments(parser: argparse.ArgumentParser, game: Game | None) -> None:
    add_game_argument(parser, game)
    parser.add_argument(
        "--games", type=int, default=100, help=f"how many games, 1 to {MAX_GAMES} (default 100)"
    )
    add_jobs_option(parser)
    add_bots_option(parser, game)
    add_time_limit_option(parser)
    parser.add_argument("--seed", type=int, default=0, help="the master seed (default 0)")
    parser.add_argument(
        "--no-rotate", action="store_true", help="keep each bot in its seat (default: rotate)"
    )
    parser.add_argument(
        "--out",
        help="write each game's record to this file, naming each seat's bot: the text record"
        " format if the name ends in .crec, else JSON lines",
    )
    add_format_option(parser)
    parser.add_argument(
        "--quiet", action="store_true", help="no progress bar and no warning of a long run"
    )
    add_engine_option(parser, game)
    add_rule_options(parser, game)
    parser.set_defaults(run=_simulate)


def _simulate(args: argparse.Namespace) -> int:
    game = load_cli_game(args)
    batch = batch_runner(game, args.bots) if args.engine == "batch" else None
    time_limit = check_time_limit(args.time_limit)
    names, bots = (batch[0], []) if batch else parse_bots(game, args.bots, time_limit)
    seed = check_seed(args.seed)
    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"--games must be from 1 to {MAX_GAMES}, not {args.games}")
    jobs = check_jobs(args.jobs)
    if batch and jobs > 1:
        raise UsageError("--engine batch runs on one core; leave out --jobs")
    if batch and args.format != "summary":
        raise UsageError(
            f"--engine batch keeps no rows per game, so it prints only the summary; use"
            f" --engine scalar for --format {args.format} (or --out FILE for each game's record)"
        )
    progress = None if args.quiet else ProgressBar(prog=PROG)
    if progress is not None and args.games >= PROBE_FROM and not batch:
        start = progress.clock()
        simulate(game, bots, 1, seed=seed, rotate_seats=not args.no_rotate)
        progress.forecast(progress.clock() - start, args.games, jobs)
    out: Any = None
    try:
        out = open(args.out, "w", encoding="utf-8") if args.out else None  # noqa: SIM115
    except OSError as exc:
        raise UsageError(f"cannot write {args.out!r}: {exc.strerror}") from exc
    records: Any = None
    if out is not None:
        records = SeatedRecords(
            out, tuple(names), rotate=not args.no_rotate, text=args.out.endswith(".crec")
        )
    run = batch[1] if batch else simulate
    try:
        with process_pool(jobs) as executor:
            result = run(
                game,
                bots,
                args.games,
                seed=seed,
                rotate_seats=not args.no_rotate,
                executor=executor,
                records=records,
                progress=progress,
            )
    finally:
        if out is not None:
            out.close()
    rotation = "rotated" if not args.no_rotate else "fixed"
    title = f"{game}, {game.num_players} players, seed {seed}, seats {rotation}"
    print_result(result, tuple(names), args.format, title)
    return 0
