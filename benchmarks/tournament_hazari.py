"""Hazari tournament: the solver bot against three greedy bots, seats rotated.

Every deal is seeded from one master seed, so the figures are reproducible. The
fair share of a deal's 360 points is 90; the goal for the solver is a mean of
at least 100 points per deal. A second lineup of four greedy bots, on the same
deals, is the baseline measured in the same run.

    python benchmarks/tournament_hazari.py --deals 2000 --jobs 2
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import Executor, ProcessPoolExecutor

from figures import command_line, summary, write_figure

from cardrules.bots import Bot
from cardrules.hazari.bots import GreedyBot, SolverBot
from cardrules.registry import load_game
from cardrules.runner import SimulationResult, simulate
from seeds import add_seed_options, game_seed

FAIR_SHARE = 90
GOAL = 100


def run(lineup: list[Bot], deals: int, seed: int, executor: Executor | None) -> SimulationResult:
    return simulate(
        load_game("hazari"), lineup, deals, seed=seed, rotate_seats=True, executor=executor
    )


def build_parser() -> argparse.ArgumentParser:
    """The script's options; the seeds come from :mod:`seeds` (report seeds by default)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    add_seed_options(parser)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", metavar="FILE", help="write the figure as JSON (figures.py)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    executor = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        start = time.perf_counter()
        lineup: list[Bot] = [SolverBot(), GreedyBot(), GreedyBot(), GreedyBot()]
        solver = run(lineup, args.deals, game_seed(args, 0), executor)
        elapsed = time.perf_counter() - start
        baseline = run([GreedyBot()] * 4, args.deals, game_seed(args, 0), executor)
    finally:
        if executor is not None:
            executor.shutdown()
    print(
        f"Hazari: solver vs 3 greedy, {args.deals} deals, seed {game_seed(args, 0)}, seats rotated"
    )
    print(solver.table())
    stat = solver.per_bot[0]
    greedy = baseline.per_bot[0]
    print()
    print(f"solver mean points per deal: {stat.mean:.2f}, 95% CI [{stat.low:.2f}, {stat.high:.2f}]")
    print(f"baseline (greedy in the same seat): {greedy.mean:.2f} ± {greedy.half_width:.2f}")
    print(f"fair share {FAIR_SHARE}; goal >= {GOAL}: {'met' if stat.mean >= GOAL else 'NOT met'}")
    print(f"{args.deals / elapsed:.0f} deals/s with {args.jobs} job(s)")
    if args.out:
        write_figure(
            args.out,
            table="hazari",
            row="solver against 3 greedy bots",
            command=command_line("tournament_hazari.py", argv),
            seeds=args.seeds,
            first_seed=game_seed(args, 0),
            values=[game.bot_return(0) for game in solver.games],
            unit="points per deal",
            seeding="master",
            baseline=summary([game.bot_return(0) for game in baseline.games]),
        )
    return 0 if stat.mean >= GOAL else 1


if __name__ == "__main__":
    sys.exit(main())
