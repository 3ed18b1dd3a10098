"""``cardrules hazari stats``: how often each kind of combination takes each round, and
each seat's points, over many deals or over the deals of a record file.

``--deals N --seed S --bots NAMES`` plays the deals ``cardrules simulate hazari --games N
--seed S --bots NAMES --no-rotate`` plays (deal ``i`` from seed ``derive_seed(S, i)``,
the seeds of :func:`~cardrules.rng.game_seeds`, seat 0 dealing, bot ``b`` in seat
``b``): the deals ``round_stats(game_seeds(N, S))`` and
``HazariStats.from_batch(game_seeds(N, S))`` count, with the same figures. The
defaults are ``simulate``'s: the game's strong bot in every seat, and the scalar
engine. ``--engine batch`` plays them in numpy arrays when every bot has a batch twin
(``greedy``; ``solver``, and ``strong`` while it names the solver), ``--engine auto``
when it can; every engine gives the same table, deal for deal. ``--records FILE``
counts the finished deals of a file of JSON lines or text records instead, as
``simulate --out`` writes them.
"""

from __future__ import annotations

import argparse
import importlib.util
from collections.abc import Iterator
from typing import Any

from cardrules.bot import bot_name
from cardrules.cli.games import add_jobs_option, check_jobs, parse_bots
from cardrules.cli.interrupts import process_pool
from cardrules.cli.record_files import open_records
from cardrules.cli.usage import UsageError
from cardrules.errors import CardRulesError, InvalidStateError
from cardrules.hazari.state import HazariState
from cardrules.hazari.stats import HazariStats
from cardrules.records.text import TextGame
from cardrules.registry import load_game
from cardrules.rng import check_seed, game_seeds
from cardrules.runner import MAX_GAMES, simulate

__all__ = ["BATCH_TWINS", "register"]

PROG = "cardrules hazari stats"

BATCH_TWINS = {"greedy": "greedy", "solver": "best"}
"""The bots (by :func:`~cardrules.bot.bot_name`) the batch engine plays, and its policy for each."""

CHUNK = 2000
"""Records turned into counts at a time by the scalar engine."""


def register(actions: Any) -> None:
    """Add the ``stats`` action to ``cardrules hazari``."""
    parser = actions.add_parser(
        "stats",
        help="per-round win rates of each kind of combination, and each seat's points",
        description="Count, over many seeded deals (or the deals of a record file), how often"
        " a group of each kind takes each round, and each seat's points per deal. The deals"
        " are those simulate hazari --no-rotate plays, with its defaults.",
    )
    parser.add_argument(
        "--deals", type=int, help=f"how many deals, 1 to {MAX_GAMES} (default 1000)"
    )
    parser.add_argument("--seed", type=int, help="the master seed (default 0)")
    parser.add_argument(
        "--bots",
        metavar="NAMES",
        help="comma-separated Hazari bots by seat, the last filling the rest (default strong,"
        " the solver, as in simulate)",
    )
    parser.add_argument(
        "--engine",
        choices=("scalar", "batch", "auto"),
        help="scalar: the game itself, any bots (the default, as in simulate); batch: the same"
        " table from numpy arrays, faster (the numpy extra), for the bots greedy, solver and"
        " strong; auto: batch when it can",
    )
    add_jobs_option(parser)
    parser.add_argument(
        "--records",
        metavar="FILE",
        help="count the finished deals of this file of JSON lines or text records instead",
    )
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    if args.records is not None:
        given = [f"--{name}" for name in ("deals", "seed", "bots", "engine") if getattr(args, name)]
        if given:
            raise UsageError(f"--records counts a file's deals; drop {', '.join(given)}", PROG)
        stats = HazariStats.from_games(_recorded_deals(args.records))
        print(f"hazari: the {stats.deals} finished deals of {args.records}")
        print(stats)
        return 0
    deals = 1000 if args.deals is None else args.deals
    if not 1 <= deals <= MAX_GAMES:
        raise UsageError(f"--deals must be from 1 to {MAX_GAMES}, not {deals}", PROG)
    seed = check_seed(0 if args.seed is None else args.seed)
    game = load_game("hazari")
    names, bots = parse_bots(game, args.bots)
    policies = [BATCH_TWINS.get(bot_name(bot)) for bot in bots]
    engine = args.engine or "scalar"
    if engine == "auto":
        has_numpy = importlib.util.find_spec("numpy") is not None
        engine = "batch" if has_numpy and None not in policies else "scalar"
    if engine == "batch":
        if None in policies:
            raise UsageError("the batch engine plays only the greedy and solver bots", PROG)
        seeds = game_seeds(deals, seed)  # lazy: read a block at a time, never a list
        stats = HazariStats.from_batch(seeds, [str(policy) for policy in policies])
    else:
        stats = _scalar(game, bots, deals, seed, check_jobs(args.jobs, PROG))
    print(f"hazari: {deals} deals, seed {seed}, seat 0 dealing; bots {', '.join(names)}")
    print(stats)
    return 0


class _Tally:
    """A file for :func:`~cardrules.runner.simulate`'s records that counts them."""

    def __init__(self) -> None:
        self.stats = HazariStats()
        self._lines: list[str] = []

    def write(self, line: str) -> int:
        self._lines.append(line)
        if len(self._lines) >= CHUNK:
            self.flush()
        return len(line)

    def flush(self) -> None:
        self.stats += HazariStats.from_games(self._lines)
        self._lines = []


def _scalar(game: Any, bots: list[Any], deals: int, seed: int, jobs: int) -> HazariStats:
    tally = _Tally()
    records: Any = tally  # a file as far as simulate is concerned
    with process_pool(jobs) as executor:
        simulate(game, bots, deals, seed=seed, executor=executor, records=records)
    tally.flush()
    return tally.stats


def _recorded_deals(path: str) -> Iterator[HazariState]:
    """The deals of a record file, read one at a time; one that does not load names its
    line."""
    with open_records(path, PROG) as entries:
        for entry in entries:
            try:
                if entry.error is not None:
                    raise InvalidStateError(entry.error)
                if isinstance(entry.value, TextGame):
                    yield _deal(entry.value.state(), entry.line)
                else:
                    yield _deal(HazariState.from_json(_object(entry.value)), entry.line)
            except CardRulesError as exc:
                message = str(exc)
                prefix = f"line {entry.line}: "
                raise InvalidStateError(prefix + message.removeprefix(prefix)) from None


def _object(value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise InvalidStateError(f"a record must be a JSON object, got {type(value).__name__}")
    return value


def _deal(state: object, line: int) -> HazariState:
    if not isinstance(state, HazariState):
        raise InvalidStateError(f"line {line}: not a Hazari deal")
    return state
