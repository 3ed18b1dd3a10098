"""Azi tournament: the search bot against heuristic and random bots, 4 players, seats rotated.

Lineup: search, heuristic, heuristic, random. Each game runs from the ante to
the pot won (re-deals included), seeded from one master seed. The goal is a
positive mean of net chips per game for the search bot, significant at 95%
(the lower end of its confidence interval above 0). The baseline, measured in
the same run on the same seeds, puts a heuristic bot in the search bot's place;
the paired difference, game by game, is the search bot's own edge. The mixed
field's figure mostly measures the random seat's losses, which every other seat
shares: see ``edge_azi.py`` for the edge in a field of heuristic bots.

    python benchmarks/tournament_azi.py --games 1000 --jobs 2
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import Executor, ProcessPoolExecutor

from cardrules import load_game
from cardrules.azi.bots import HeuristicBot, SearchBot
from cardrules.bots import Bot, RandomBot
from cardrules.bots.search import DEFAULT_PLAYOUTS
from cardrules.runner import SimulationResult, Stat, simulate
from seeds import add_seed_options, game_seed


def run(lineup: list[Bot], games: int, seed: int, executor: Executor | None) -> SimulationResult:
    game = load_game("azi", players=4)
    return simulate(game, lineup, games, seed=seed, rotate_seats=True, executor=executor)


def build_parser() -> argparse.ArgumentParser:
    """The script's options; the seeds come from :mod:`seeds` (report seeds by default)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument(
        "--playouts", type=int, default=DEFAULT_PLAYOUTS, help="search playouts per decision"
    )
    add_seed_options(parser)
    parser.add_argument("--jobs", type=int, default=2)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    others: list[Bot] = [HeuristicBot(), HeuristicBot(), RandomBot()]
    executor = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        start = time.perf_counter()
        search = run(
            [SearchBot(playouts=args.playouts), *others], args.games, game_seed(args, 0), executor
        )
        elapsed = time.perf_counter() - start
        baseline = run([HeuristicBot(), *others], args.games, game_seed(args, 0), executor)
    finally:
        if executor is not None:
            executor.shutdown()
    print(
        f"Azi: search ({args.playouts} playouts/decision) vs heuristic, heuristic, random;"
        f" {args.games} games, seed {game_seed(args, 0)}, seats rotated"
    )
    print(search.table())
    stat = search.per_bot[0]
    base = baseline.per_bot[0]
    print()
    print(f"search net chips per game: {stat.mean:.2f}, 95% CI [{stat.low:.2f}, {stat.high:.2f}]")
    print(f"baseline (heuristic in the same seat): {base.mean:.2f} ± {base.half_width:.2f}")
    paired = Stat.of(
        [
            a.bot_return(0) - b.bot_return(0)
            for a, b in zip(search.games, baseline.games, strict=True)
        ]
    )
    print(f"paired edge over the baseline: {paired.mean:+.2f}, 95% CI {paired.interval_text()}")
    print(f"goal: positive and significant at 95%: {'met' if stat.low > 0 else 'NOT met'}")
    print(f"{args.games / elapsed:.2f} games/s with {args.jobs} job(s)")
    return 0 if stat.low > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
