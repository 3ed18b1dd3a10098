"""Bot speed: decisions per second of every bot, and playouts per second of the search bots.

Each bot plays seat 0 of seeded games (the other seats are heuristic in Azi and
greedy in Hazari); only its decisions with more than one legal action are timed.
For the search bots the playouts of those decisions are counted too (for the
tree search one iteration is one playout).

    python benchmarks/bench_bots.py                 # all bots, 4-player Azi
    python benchmarks/bench_bots.py --games 40 --players 6

The Azi search bots play ``3 * (games // 3)`` games, the others ``3 * games``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from cardrules.bots import (
    AziGames,
    GreedyBot,
    HazariDeals,
    HeuristicBot,
    HeuristicBot01,
    ISMCTSBot,
    RandomBot,
    SearchBot,
    SolverBot,
)
from cardrules.game import GameState, LegalActions
from cardrules.rng import Rng, derive_seed
from cardrules.runner import play_game


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
    bot: Any, games: Callable[[int], GameState[Any, Any]], others: Any, count: int, players: int
) -> Timed:
    timed = Timed(bot)
    for index in range(count):
        seed = derive_seed(99, index)
        bots = [timed, *([others] * (players - 1))]
        play_game(games(seed), bots, [Rng(derive_seed(seed, 1, s)) for s in range(players)])
    return timed


def report(game: str, name: str, timed: Timed) -> None:
    times = sorted(timed.times)
    total = sum(times)
    mean = 1000 * statistics.fmean(times)
    p95 = 1000 * times[int(0.95 * (len(times) - 1))]
    line = (
        f"{game:<7} {name:<24} {len(times):>6} {len(times) / total:>12.1f} {mean:>9.3f} {p95:>9.3f}"
    )
    if timed.playouts:
        line += f" {timed.playouts / total:>11.0f}"
    print(line)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games per bot")
    parser.add_argument("--players", type=int, default=4, help="Azi seats")
    args = parser.parse_args()
    azi = AziGames(args.players)
    print(
        f"{'game':<7} {'bot':<24} {'timed':>6} {'decisions/s':>12} {'mean ms':>9} {'p95 ms':>9}"
        f" {'playouts/s':>11}"
    )
    azi_bots: list[tuple[str, Any]] = [
        ("random", RandomBot()),
        ("heuristic", HeuristicBot()),
        ("heuristic-0.1", HeuristicBot01()),
        ("ismcts (default)", ISMCTSBot()),
        ("search: pimc (default)", SearchBot()),
    ]
    for name, bot in azi_bots:
        count = args.games if name.startswith(("random", "heuristic")) else max(1, args.games // 3)
        report("azi", name, measure(bot, azi, HeuristicBot(), count * 3, args.players))
    hazari = HazariDeals()
    for name, bot in [("random", RandomBot()), ("greedy", GreedyBot()), ("solver", SolverBot())]:
        report("hazari", name, measure(bot, hazari, GreedyBot(), args.games, 4))
    return 0


if __name__ == "__main__":
    sys.exit(main())
