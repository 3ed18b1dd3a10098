"""Azi: which decisions of the heuristic lose chips, by phase (a tuning tool).

Four heuristic bots play seeded games; at every decision of one seat (rotated)
with more than one legal action, each legal action (``--max-actions`` at most) is
tried in the game's true state and the rest of the game is played out by the
heuristic, which is the real continuation (the heuristic draws no randomness).
Two gains over the heuristic's own choice are recorded per decision, in chips:

- *oracle*: the best action's true gain, which only a bot seeing every card
  could have: an upper bound of what the phase can give;
- *search*: the true gain of the action that a fair search picks from the seat's
  observation (``--worlds`` resampled worlds, every action played out by the
  heuristic in each; the best mean, or the heuristic's choice unless another one
  is better by ``--margin`` standard errors).

The table sums them per game and phase (mean and Student t 95% interval over
games). The tool runs on tuning seeds by default (``benchmarks/seeds.py``).

    python benchmarks/azi_decisions.py --games 200 --worlds 64 --jobs 2
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cardrules.azi import resample
from cardrules.azi.bots import HeuristicBot
from cardrules.bots.search import playout
from cardrules.registry import load_game
from cardrules.rng import Rng, derive_seed
from cardrules.runner import Stat
from seeds import TUNING, add_seed_options, game_seed

PHASES = ("fold", "discard", "bidding", "declarations", "answer", "play", "joining")


def pick(
    observation: Any, actions: list[Any], default: Any, worlds: int, margin: float, rng: Rng
) -> Any:
    """The search's choice among ``actions`` from ``worlds`` resampled worlds."""
    policy = HeuristicBot()
    me = observation.player
    totals: dict[int, list[float]] = {index: [] for index in range(len(actions))}
    for _ in range(worlds):
        world = resample(observation, rng)
        for index, action in enumerate(actions):
            final, _ = playout(world.apply(action), policy, rng)
            totals[index].append(final.returns()[me])
    base = actions.index(default)
    best, best_gain = default, 0.0
    for index, values in totals.items():
        gains = [v - b for v, b in zip(values, totals[base], strict=True)]
        mean = statistics.fmean(gains)
        error = statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else math.inf
        if mean > best_gain and mean > margin * error:
            best, best_gain = actions[index], mean
    return best


def analyse(args: argparse.Namespace, start: int, stop: int) -> list[dict[str, list[float]]]:
    """Per game: each phase's oracle and search gains (summed over the seat's decisions)."""
    n = args.players
    games = load_game("azi", players=n)
    policy = HeuristicBot()
    out = []
    for index in range(start, stop):
        seed = game_seed(args, index)
        seat = index % n
        rngs = [Rng(derive_seed(seed, 1, s)) for s in range(n)]
        state = games(seed)
        search_rng = Rng(derive_seed(seed, 9))
        sums: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0.0])
        while not state.is_terminal:
            player = state.current_player
            legal = state.legal_actions()
            if len(legal) == 1:
                state = state.apply(legal[0])
                continue
            observation = state.observation(player)
            action = policy.choose(observation, legal, rngs[player])
            if player == seat:
                actions = list(legal)[: args.max_actions]
                if action not in actions:
                    actions.append(action)
                true = {}
                for alternative in actions:
                    final, _ = playout(state.apply(alternative), policy, Rng(0))
                    true[alternative] = final.returns()[seat]
                base = true[action]
                chosen = pick(observation, actions, action, args.worlds, args.margin, search_rng)
                row = sums[observation.phase.value]
                row[0] += max(true.values()) - base
                row[1] += true[chosen] - base
                row[2] += 1
                row[3] += chosen != action
            state = state.apply(action)
        out.append(dict(sums))
    return out


def build_parser() -> argparse.ArgumentParser:
    """The tool's options; it runs on tuning seeds by default."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--worlds", type=int, default=64)
    parser.add_argument("--margin", type=float, default=0.0)
    parser.add_argument("--max-actions", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=2)
    add_seed_options(parser)
    parser.set_defaults(seeds=TUNING.name)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    size = max(1, min(20, args.games // (4 * args.jobs)))
    chunks = [(a, min(a + size, args.games)) for a in range(0, args.games, size)]
    rows: list[dict[str, list[float]]] = []
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            for future in [pool.submit(analyse, args, a, b) for a, b in chunks]:
                rows += future.result()
    else:
        for a, b in chunks:
            rows += analyse(args, a, b)
    print(
        f"Azi, {args.players} players, heuristic field; {len(rows)} games, {args.seeds} seeds"
        f" from {game_seed(args, 0)}; search: {args.worlds} worlds, margin {args.margin}"
    )
    print(f"{'phase':<13} {'decisions':>9} {'changed':>8} {'oracle/game':>22} {'search/game':>22}")
    for phase in PHASES:
        if not any(phase in row for row in rows):
            continue
        oracle = Stat.of([row.get(phase, [0.0] * 4)[0] for row in rows])
        search = Stat.of([row.get(phase, [0.0] * 4)[1] for row in rows])
        decisions = sum(row.get(phase, [0.0] * 4)[2] for row in rows)
        changed = sum(row.get(phase, [0.0] * 4)[3] for row in rows)
        print(
            f"{phase:<13} {decisions:>9.0f} {changed:>8.0f}"
            f" {oracle.mean:>+9.3f} ± {oracle.half_width:<10.3f}"
            f" {search.mean:>+9.3f} ± {search.half_width:<10.3f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
