"""Bot speed: decisions per second of every bot, and playouts per second of the search bots.

Each bot plays seat 0 of seeded games (the other seats are heuristic in Azi and
greedy in Hazari); only its decisions with more than one legal action are timed.
For the search bots the playouts of those decisions are counted too (for the
tree search one iteration is one playout).

    python benchmarks/bench_bots.py --games 90      # every bot, 4-player Azi
    python benchmarks/bench_bots.py --games 30 --players 6 --game azi

The Azi search bots play ``3 * (games // 3)`` games, the other Azi bots
``3 * games``, the Hazari bots ``games`` deals. The mean decision time comes with
its 95% t-interval.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import time
from collections.abc import Callable
from typing import Any

from figures import command_line

from cardrules.azi.bots import (
    DiscardSearchBot,
    HeuristicBot,
    HeuristicBot01,
    InferenceBot,
    SearchBot,
    TreeSearchBot,
)
from cardrules.bots import RandomBot
from cardrules.game import GameState, LegalActions
from cardrules.hazari.bots import GreedyBot, SolverBot
from cardrules.hazari.field_bot import FieldAwareBot
from cardrules.registry import load_game
from cardrules.rng import Rng, derive_seed
from cardrules.runner import Stat, play_game
from seeds import add_seed_options, game_seed


class Timed:
    """Wraps a bot, timing each decision with a real choice and counting its playouts."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.times: list[float] = []
        self.playouts = 0

    def choose(self, observation: Any, legal_actions: LegalActions[Any], rng: Rng) -> Any:
        start = time.perf_counter()
        action = self.bot.choose(observation, legal_actions, rng)
        if len(legal_actions) > 1:
            self.times.append(time.perf_counter() - start)
            stats = getattr(self.bot, "stats", None)
            self.playouts += getattr(stats, "playouts", 0)
        return action


def measure(
    bot: Any,
    games: Callable[[int], GameState[Any, Any]],
    others: Any,
    count: int,
    players: int,
    seeds: Callable[[int], int],
) -> Timed:
    timed = Timed(bot)
    for index in range(count):
        seed = seeds(index)
        bots = [timed, *([others] * (players - 1))]
        play_game(games(seed), bots, [Rng(derive_seed(seed, 1, s)) for s in range(players)])
    return timed


ROWS: list[dict[str, object]] = []


def report(game: str, name: str, timed: Timed) -> None:
    times = sorted(timed.times)
    total = sum(times)
    mean = Stat.of([1000 * t for t in times])
    p95 = 1000 * times[int(0.95 * (len(times) - 1))]
    interval = f"[{mean.low:.3f}, {mean.high:.3f}]"
    line = (
        f"{game:<7} {name:<24} {len(times):>6} {len(times) / total:>12.1f}"
        f" {mean.mean:>9.3f} {interval:>20} {p95:>9.3f}"
    )
    if timed.playouts:
        line += f" {timed.playouts / total:>11.0f}"
    print(line)
    ROWS.append(
        {
            "game": game,
            "bot": name,
            "timed": len(times),
            "per_second": len(times) / total,
            "mean": mean.mean,
            "low": mean.low,
            "high": mean.high,
            "p95": p95,
            "playouts_per_second": timed.playouts / total if timed.playouts else None,
        }
    )


def build_parser() -> argparse.ArgumentParser:
    """The script's options; the seeds come from :mod:`seeds` (report seeds by default)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games per bot")
    parser.add_argument("--players", type=int, default=4, help="Azi seats")
    parser.add_argument("--game", choices=["azi", "hazari", "both"], default="both")
    add_seed_options(parser)
    parser.add_argument("--out", metavar="FILE", help="write the table as JSON")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    seeds = functools.partial(game_seed, args)
    print(
        f"{'game':<7} {'bot':<24} {'timed':>6} {'decisions/s':>12} {'mean ms':>9}"
        f" {'95% CI of mean':>20} {'p95 ms':>9} {'playouts/s':>11}"
    )
    if args.game in ("azi", "both"):
        measure_azi(args.games, args.players, seeds)
    if args.game in ("hazari", "both"):
        measure_hazari(args.games, seeds)
    if args.out:
        record = {
            "table": "bot-speed",
            "command": command_line("bench_bots.py", argv),
            "seeds": args.seeds,
            "first_seed": game_seed(args, 0),
            "players": args.players,
            "rows": ROWS,
        }
        with open(args.out, "w", encoding="utf-8") as out:
            json.dump(record, out)
            out.write("\n")
    return 0


def measure_azi(games: int, players: int, seeds: Callable[[int], int]) -> None:
    azi = load_game("azi", players=players)
    azi_bots: list[tuple[str, Any]] = [
        ("random", RandomBot()),
        ("heuristic", HeuristicBot()),
        ("heuristic-0.1", HeuristicBot01()),
        ("ismcts (default)", TreeSearchBot()),
        ("search: pimc (default)", SearchBot()),
        ("inference (default)", InferenceBot()),
        ("strong: discard-search (default)", DiscardSearchBot()),
    ]
    for name, bot in azi_bots:
        count = games if name.startswith(("random", "heuristic")) else max(1, games // 3)
        report("azi", name, measure(bot, azi, HeuristicBot(), count * 3, players, seeds))


def measure_hazari(games: int, seeds: Callable[[int], int]) -> None:
    hazari = load_game("hazari")
    hazari_bots: list[tuple[str, Any]] = [
        ("random", RandomBot()),
        ("greedy", GreedyBot()),
        ("solver (strong)", SolverBot()),
        ("field", FieldAwareBot()),
    ]
    for name, bot in hazari_bots:
        report("hazari", name, measure(bot, hazari, GreedyBot(), games, 4, seeds))


if __name__ == "__main__":
    sys.exit(main())
