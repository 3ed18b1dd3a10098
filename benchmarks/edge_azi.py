"""Azi: the paired edge of a candidate bot over a baseline bot, in chips per game.

For each pair ``i`` the game with seed ``i`` of the run (report seeds by default,
``benchmarks/seeds.py``) is played twice:
once with the candidate in seat ``s = i % players`` (seats rotate) and the field
everywhere else, and once with the baseline (default HeuristicBot) in seat ``s``
and the same field. Every seat's bot draws from the same
``Rng(derive_seed(game seed, 1, seat))`` in both runs, so the two games differ
only by the bot in seat ``s``. The edge is the mean difference of seat ``s``'s
returns, with a Student t 95% confidence interval.

    python benchmarks/edge_azi.py --pairs 2000 --jobs 2            # PIMC vs heuristic field
    python benchmarks/edge_azi.py --pairs 500 --field random       # vs random field
    python benchmarks/edge_azi.py --pairs 500 --players 6 --bot ismcts --iterations 100
    python benchmarks/edge_azi.py --pairs 4000 --bot heuristic \
        --baseline heuristic-0.1 --field heuristic-0.1             # the heuristic's progress

``--out FILE`` writes the paired differences as JSON; ``--combine A B ...``
reports the differences of several such files (runs with different ``--offset``)
as one sample, without playing. The candidate's decision times (mean and 95th
percentile, decisions with one legal action excluded) are measured in the same run.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from figures import command_line, write_figure

from cardrules.azi.bots import (
    HeuristicBot,
    HeuristicBot01,
    InferenceBot,
    SearchBot,
    TreeSearchBot,
)
from cardrules.azi.inference import ModelResampler
from cardrules.bots import RandomBot
from cardrules.bots.search import DEFAULT_ITERATIONS, DEFAULT_PLAYOUTS
from cardrules.game import LegalActions
from cardrules.registry import load_game
from cardrules.rng import Rng, derive_seed
from cardrules.runner import play_game
from seeds import add_seed_options, game_seed


class Timed:
    """Wraps a bot and records the seconds of every decision with a real choice."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.times: list[float] = []

    def choose(self, observation: Any, legal_actions: LegalActions[Any], rng: Rng) -> Any:
        start = time.perf_counter()
        action = self.bot.choose(observation, legal_actions, rng)
        if len(legal_actions) > 1:
            self.times.append(time.perf_counter() - start)
        return action


def t_quantile(df: int, p: float = 0.975) -> float:
    """Student t quantile by the Cornish-Fisher expansion (exact enough for df >= 10).

    >>> round(t_quantile(1000), 3), round(t_quantile(30), 3)
    (1.962, 2.042)
    """
    z = statistics.NormalDist().inv_cdf(p)
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


class InPhases:
    """The candidate in the named phases, the baseline elsewhere: which decisions gain."""

    def __init__(self, bot: Any, baseline: Any, phases: set[str]) -> None:
        self.bot = bot
        self.baseline = baseline
        self.phases = phases

    def choose(self, observation: Any, legal_actions: LegalActions[Any], rng: Rng) -> Any:
        chooser = self.bot if observation.current.phase.value in self.phases else self.baseline
        return chooser.choose(observation, legal_actions, rng)


def make_candidate(args: argparse.Namespace) -> Any:
    bot = _candidate(args)
    if args.phases:
        return InPhases(bot, simple_bot(args.baseline), set(args.phases.split(",")))
    return bot


def _candidate(args: argparse.Namespace) -> Any:
    if args.bot == "strong":
        return load_game("azi", players=args.players).bots["strong"]()
    if args.bot == "ismcts":
        return TreeSearchBot(
            iterations=args.iterations,
            exploration=args.exploration,
            widening=None if args.widening <= 0 else args.widening,
            search_opponents=args.search_opponents,
        )
    if args.bot in ("pimc", "inference"):
        extra: dict[str, Any] = {}
        kind: type[SearchBot] | type[InferenceBot] = SearchBot
        if args.bot == "inference":
            kind = InferenceBot
            extra["resample"] = ModelResampler(model=HeuristicBot(), tries=args.tries)
        return kind(
            **extra,
            playouts=args.playouts,
            margin=args.margin,
            cutoff=args.cutoff,
            min_worlds=args.min_worlds,
            max_actions=args.max_actions,
        )
    return simple_bot(args.bot)


def simple_bot(name: str) -> Any:
    """``random``, ``heuristic`` or ``heuristic-0.1``."""
    if name == "random":
        return RandomBot()
    if name == "heuristic-0.1":
        return HeuristicBot01()
    return HeuristicBot()


def run_pairs(args: argparse.Namespace, start: int, stop: int) -> tuple[list[int], list[float]]:
    """The differences of pairs ``start .. stop-1``, and the candidate's decision times."""
    n = args.players
    games = load_game("azi", players=n)
    candidate = Timed(make_candidate(args))
    baseline = simple_bot(args.baseline)
    field = simple_bot(args.field)
    diffs: list[int] = []
    for index in range(start, stop):
        seed = game_seed(args, index)
        seat = index % n
        rngs = [Rng(derive_seed(seed, 1, s)) for s in range(n)]
        bots = [field] * n
        bots[seat] = candidate
        trial = play_game(games(seed), bots, rngs)
        rngs = [Rng(derive_seed(seed, 1, s)) for s in range(n)]
        bots[seat] = baseline
        base = play_game(games(seed), bots, rngs)
        diffs.append(trial.returns()[seat] - base.returns()[seat])
    return diffs, candidate.times


def build_parser() -> argparse.ArgumentParser:
    """The script's options; the seeds come from :mod:`seeds` (report seeds by default)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    simple = ["heuristic", "heuristic-0.1", "random"]
    parser.add_argument("--field", choices=simple, default="heuristic")
    parser.add_argument("--baseline", choices=simple, default="heuristic")
    parser.add_argument(
        "--bot", choices=["strong", "pimc", "inference", "ismcts", *simple], default="strong"
    )
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    parser.add_argument("--exploration", type=float, default=0.5)
    parser.add_argument("--widening", type=float, default=1.0, help="0 for none")
    parser.add_argument("--search-opponents", action="store_true")
    parser.add_argument("--playouts", type=int, default=DEFAULT_PLAYOUTS)
    parser.add_argument("--margin", type=float, default=2.0)
    parser.add_argument("--cutoff", type=float, default=1.0)
    parser.add_argument("--min-worlds", type=int, default=8)
    parser.add_argument("--max-actions", type=int, default=8)
    parser.add_argument(
        "--tries",
        type=int,
        default=8,
        help="inference: draws per world, the first that the heuristic explains kept",
    )
    parser.add_argument(
        "--phases",
        default="",
        help="comma-separated phases (fold,discard,bidding,declarations,play,joining) where"
        " the candidate decides; the baseline decides the others (default: all)",
    )
    add_seed_options(parser)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", metavar="FILE", help="write the paired differences as JSON")
    parser.add_argument(
        "--combine", nargs="+", metavar="FILE", help="report the runs in these --out files as one"
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.combine:
        return combine(args.combine)
    size = max(1, min(50, args.pairs // (4 * args.jobs)))
    chunks = [(a, min(a + size, args.pairs)) for a in range(0, args.pairs, size)]
    began = time.perf_counter()
    diffs: list[int] = []
    times: list[float] = []
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            futures = [pool.submit(run_pairs, args, a, b) for a, b in chunks]
            for future in futures:
                d, t = future.result()
                diffs += d
                times += t
    else:
        for a, b in chunks:
            d, t = run_pairs(args, a, b)
            diffs += d
            times += t
    elapsed = time.perf_counter() - began
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))] if times else math.nan
    label = args.bot
    if args.bot == "strong":
        label += f" ({load_game('azi', players=args.players).bots['strong'].name})"
    if args.bot == "ismcts":
        label += (
            f"(iterations={args.iterations}, exploration={args.exploration},"
            f" widening={args.widening}, search_opponents={args.search_opponents})"
        )
    if args.bot in ("pimc", "inference"):
        label += f"(playouts={args.playouts}, margin={args.margin}, cutoff={args.cutoff},"
        label += f" min_worlds={args.min_worlds}, max_actions={args.max_actions},"
        label += f" tries={args.tries})" if args.bot == "inference" else ")"
    if args.phases:
        label += f" in phases {args.phases} (else {args.baseline})"
    print(f"Azi, {args.players} players, field: {args.field}; candidate: {label}")
    print(
        f"{len(diffs)} paired games, {args.seeds} seeds {game_seed(args, 0)}"
        f" .. {game_seed(args, len(diffs) - 1)}, seats rotated, {args.jobs} job(s)"
    )
    significant = summarize(diffs, args.baseline)
    if times:
        print(
            f"decision time: mean {1000 * statistics.fmean(times):.1f} ms,"
            f" p95 {1000 * p95:.1f} ms over {len(times)} decisions"
        )
    print(f"wall time {elapsed:.0f} s")
    print(f"significant at 95%: {'yes' if significant else 'no'}")
    if args.out:
        write_figure(
            args.out,
            table="azi-edge",
            row=f"{label if args.bot == 'strong' else args.bot} over {args.baseline}",
            command=command_line("edge_azi.py", argv),
            seeds=args.seeds,
            first_seed=game_seed(args, 0),
            values=diffs,
            unit="chips per game",
            label=label,
            bot=args.bot,
            baseline=args.baseline,
            field=args.field,
            players=args.players,
            phases=args.phases,
            decision_ms={
                "mean": 1000 * statistics.fmean(times) if times else None,
                "p95": 1000 * p95 if times else None,
                "count": len(times),
            },
        )
    return 0


def summarize(diffs: list[int], baseline: str) -> bool:
    """Print the mean paired difference and its t interval; True if above 0 at 95%."""
    mean = statistics.fmean(diffs)
    sd = statistics.stdev(diffs)
    half = t_quantile(len(diffs) - 1) * sd / math.sqrt(len(diffs))
    print(f"paired edge over {baseline}: {mean:+.3f} ± {half:.3f} chips/game (t 95% CI)")
    print(f"  CI [{mean - half:+.3f}, {mean + half:+.3f}], sd {sd:.2f}")
    changed = sum(1 for d in diffs if d != 0)
    print(f"  games whose result changed: {changed} ({changed / len(diffs):.1%})")
    return mean - half > 0


def combine(files: list[str]) -> int:
    """The paired differences of several runs (distinct seeds) as one sample."""
    diffs: list[int] = []
    for name in files:
        with open(name, encoding="utf-8") as source:
            record = json.load(source)
        values = record.get("values", record.get("diffs", []))
        print(f"{name}: {len(values)} pairs of {record['command']}")
        diffs += values
    print(f"combined: {len(diffs)} paired games")
    significant = summarize(diffs, "baseline")
    print(f"significant at 95%: {'yes' if significant else 'no'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
