"""``cardrules simulate GAME``: many seeded games between bots, with a summary table."""

from __future__ import annotations

import argparse
import sys
import time
from typing import IO, Any

import attrs

from cardrules.cli.games import (
    add_bots_option,
    add_game_argument,
    add_players_option,
    load_cli_game,
    parse_bots,
)
from cardrules.cli.interrupts import process_pool
from cardrules.cli.usage import UsageError
from cardrules.rng import check_seed
from cardrules.runner import MAX_GAMES, simulate

__all__ = ["ProgressBar", "register"]


class ProgressBar:
    """A one-line progress bar redrawn on a text stream (standard error by default).

    It draws only when the stream is a terminal, unless ``force`` is set.
    """

    def __init__(self, stream: IO[str] | None = None, width: int = 30, force: bool = False) -> None:
        self.stream = sys.stderr if stream is None else stream
        self.width = width
        self.start = time.monotonic()
        self.enabled = force or _is_terminal(self.stream)

    def __call__(self, done: int, total: int) -> None:
        """Redraw the bar for ``done`` of ``total`` games."""
        if not self.enabled:
            return
        filled = self.width * done // total if total else self.width
        bar = "#" * filled + "-" * (self.width - filled)
        elapsed = time.monotonic() - self.start
        percent = 100 * done // total if total else 100
        self.stream.write(f"\r[{bar}] {percent:3d}% {done}/{total} games {elapsed:6.1f}s")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def _is_terminal(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def register(commands: Any) -> None:
    """Add the ``simulate`` command."""
    parser = commands.add_parser("simulate", help="play many seeded games between bots")
    add_game_argument(parser)
    parser.add_argument(
        "--games", type=int, default=100, help=f"how many games, 1 to {MAX_GAMES} (default 100)"
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="worker processes; above 1 uses a process pool (default 1)",
    )
    add_players_option(parser)
    add_bots_option(parser)
    parser.add_argument("--seed", type=int, default=0, help="the master seed (default 0)")
    parser.add_argument(
        "--no-rotate", action="store_true", help="keep each bot in its seat (default: rotate)"
    )
    parser.add_argument("--out", help="write each game's record to this JSON-lines file")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(run=_simulate)


def _simulate(args: argparse.Namespace) -> int:
    game = load_cli_game(args.game, args.players)
    names, bots = parse_bots(game, args.bots)
    seed = check_seed(args.seed)
    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"--games must be from 1 to {MAX_GAMES}, not {args.games}")
    if args.jobs < 1:
        raise UsageError(f"--jobs must be at least 1, not {args.jobs}")
    progress = None if args.quiet else ProgressBar()
    out = None
    try:
        out = open(args.out, "w", encoding="utf-8") if args.out else None  # noqa: SIM115
    except OSError as exc:
        raise UsageError(f"cannot write {args.out!r}: {exc.strerror}") from exc
    try:
        with process_pool(args.jobs) as executor:
            result = simulate(
                game,
                bots,
                args.games,
                seed=seed,
                rotate_seats=not args.no_rotate,
                executor=executor,
                records=out,
                progress=progress,
            )
    finally:
        if out is not None:
            out.close()
    rotation = "rotated" if not args.no_rotate else "fixed"
    print(f"{game}, {game.num_players} players, seed {seed}, seats {rotation}")
    print(attrs.evolve(result, bot_names=tuple(names)).table())
    return 0
