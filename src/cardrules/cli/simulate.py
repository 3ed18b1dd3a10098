"""``cardrules simulate hazari|azi``: many seeded games between bots, with a summary table.

Also holds the catalog of games and bots shared with ``cardrules play``.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import IO, Any

import attrs

from cardrules.bots.base import Bot
from cardrules.bots.random_bot import RandomBot
from cardrules.cli import UsageError
from cardrules.rng import check_seed
from cardrules.runner import GameFactory, simulate

__all__ = ["GameEntry", "ProgressBar", "game_entry", "parse_bots", "register"]


@attrs.frozen
class GameEntry:
    """A game as the command line knows it: its factory, its seats and its bots by name."""

    name: str
    players: tuple[int, ...]
    default_players: int
    factory: Callable[[int], GameFactory]
    bots: dict[str, Callable[[], Bot]]
    strong: str
    view: str
    """The module narrating the game and prompting a person (see :mod:`cardrules.cli.narrate`)."""

    def check_players(self, players: int | None) -> int:
        """``players`` (or the default) if this game allows it, else :class:`UsageError`."""
        count = self.default_players if players is None else players
        if count not in self.players:
            allowed = ", ".join(map(str, self.players))
            raise UsageError(f"{self.name} is played by {allowed} players, not {count}")
        return count


def _hazari() -> GameEntry:
    hazari = importlib.import_module("cardrules.bots.hazari")
    return GameEntry(
        name="hazari",
        players=(4,),
        default_players=4,
        factory=lambda players: hazari.HazariDeals(),
        bots={"random": RandomBot, "greedy": hazari.GreedyBot, "solver": hazari.SolverBot},
        strong="solver",
        view="cardrules.cli.hazari_view",
    )


def _azi() -> GameEntry:
    azi = importlib.import_module("cardrules.bots.azi")
    return GameEntry(
        name="azi",
        players=(2, 3, 4, 5, 6),
        default_players=4,
        factory=lambda players: azi.AziGames(players=players),
        bots={"random": RandomBot, "heuristic": azi.HeuristicBot, "search": azi.SearchBot},
        strong="search",
        view="cardrules.cli.azi_view",
    )


_ENTRIES: dict[str, Callable[[], GameEntry]] = {"hazari": _hazari, "azi": _azi}


def game_entry(name: str) -> GameEntry:
    """The catalog entry of game ``name``."""
    if name not in _ENTRIES:
        raise UsageError(f"unknown game {name!r}; choose from {', '.join(_ENTRIES)}")
    return _ENTRIES[name]()


def parse_bots(entry: GameEntry, text: str | None, players: int) -> list[Bot]:
    """Bots from a comma-separated list of names, one per seat; one name fills every seat.

    No list gives one strong bot in seat 0 and random bots elsewhere.
    """
    if text is None:
        names = [entry.strong] + ["random"] * (players - 1)
    else:
        names = [name.strip() for name in text.split(",")]
        if len(names) == 1:
            names *= players
    if len(names) != players:
        raise UsageError(f"--bots names {len(names)} bots but {entry.name} has {players} seats")
    unknown = [name for name in names if name not in entry.bots]
    if unknown:
        raise UsageError(
            f"unknown {entry.name} bot {unknown[0]!r}; choose from {', '.join(entry.bots)}"
        )
    return [entry.bots[name]() for name in names]


class ProgressBar:
    """A one-line progress bar redrawn on a text stream (standard error by default)."""

    def __init__(self, stream: IO[str] | None = None, width: int = 30) -> None:
        self.stream = sys.stderr if stream is None else stream
        self.width = width
        self.start = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        """Redraw the bar for ``done`` of ``total`` games."""
        filled = self.width * done // total if total else self.width
        bar = "#" * filled + "-" * (self.width - filled)
        elapsed = time.monotonic() - self.start
        percent = 100 * done // total if total else 100
        self.stream.write(f"\r[{bar}] {percent:3d}% {done}/{total} games {elapsed:6.1f}s")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def register(commands: Any) -> None:
    """Add the ``simulate`` command."""
    parser = commands.add_parser("simulate", help="play many seeded games between bots")
    parser.add_argument("game", choices=tuple(_ENTRIES), help=" or ".join(_ENTRIES))
    parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--players", type=int, help="players (Hazari: 4; Azi: 2-6, default 4)")
    parser.add_argument(
        "--bots",
        help="comma-separated bot names by seat, or one name for every seat"
        " (hazari: random, greedy, solver; azi: random, heuristic, search)",
    )
    parser.add_argument("--seed", type=int, default=0, help="the master seed (default 0)")
    parser.add_argument(
        "--no-rotate", action="store_true", help="keep each bot in its seat (default: rotate)"
    )
    parser.add_argument("--out", help="write each game's record to this JSON-lines file")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(run=_simulate)


def _simulate(args: argparse.Namespace) -> int:
    entry = game_entry(args.game)
    players = entry.check_players(args.players)
    bots = parse_bots(entry, args.bots, players)
    seed = check_seed(args.seed)
    if args.games < 0:
        raise UsageError(f"--games must be at least 0, not {args.games}")
    if args.jobs < 1:
        raise UsageError(f"--jobs must be at least 1, not {args.jobs}")
    progress = None if args.quiet else ProgressBar()
    out = None
    try:
        out = open(args.out, "w", encoding="utf-8") if args.out else None  # noqa: SIM115
    except OSError as exc:
        raise UsageError(f"cannot write {args.out!r}: {exc.strerror}") from exc
    executor: Executor | None = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        result = simulate(
            entry.factory(players),
            bots,
            args.games,
            seed=seed,
            rotate_seats=not args.no_rotate,
            executor=executor,
            records=out,
            progress=progress,
        )
    finally:
        if executor is not None:
            executor.shutdown(cancel_futures=True)
        if out is not None:
            out.close()
    rotation = "rotated" if not args.no_rotate else "fixed"
    print(f"{entry.name}, {players} players, seed {seed}, seats {rotation}")
    print(result.table())
    return 0
