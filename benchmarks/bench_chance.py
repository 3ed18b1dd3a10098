"""Benchmark: Azi through explicit chance (``ChanceState``) against the native state.

Run as ``python benchmarks/bench_chance.py [--games N] [--players P] [--rounds R]
[--first-seed S] [--clock cpu|wall]``.

Random Azi games, every seat choosing uniformly with ``legal_actions()[i]`` and
``apply``, in rounds: each round plays ``--games`` fresh games (new seeds and new
choices, never replayed) through both loops, taking turns (the order turning each
round):

- *native*: ``AziState`` with seeded deals (no chance nodes);
- *chance*: :class:`cardrules.chance.ChanceState`, every deal drawn card by card
  with ``sample_chance``.

Each decision (``legal_actions`` plus ``apply``) and each chance step is timed on its
own, in both loops alike, so the per-decision ratio never mixes in chance steps;
the cost of reading the clock twice is measured and taken off each figure. The ratio
is taken within each round; the figure is the median of the rounds, with the goal (at
most 1.5x the native state per decision) met or missed and the machine's load
average. By default steps are timed in this process's CPU time (``--clock cpu``), so
time spent waiting for a core on a busy machine is not counted; ``--clock wall`` times
wall time.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable

from interleaved import CLOCKS, load_average, order, summary, timer_cost

from cardrules import load_game
from cardrules.chance import ChanceState
from cardrules.rng import Rng

clock: Callable[[], float] = CLOCKS["cpu"]
GOAL = 1.5
"""The goal: a ChanceState decision costs at most this many native decisions."""


def native(players: int, seeds: range) -> tuple[float, int]:
    """Seconds spent in decisions, and the decisions, over seeded games from ``seeds``."""
    game = load_game("azi", players=players)
    spent, decisions = 0.0, 0
    for seed in seeds:
        rng = Rng(seed)
        state = game.new_state(seed)
        while not state.is_terminal:
            start = clock()
            legal = state.legal_actions()
            state = state.apply(legal[rng.randbelow(len(legal))])
            spent += clock() - start
            decisions += 1
    return spent, decisions


def chance(players: int, seeds: range) -> tuple[float, int, float, int]:
    """Seconds in decisions, decisions, seconds in chance steps and chance steps."""
    game = load_game("azi", players=players)
    spent, decisions, dealing, steps = 0.0, 0, 0.0, 0
    for seed in seeds:
        rng = Rng(seed)
        state = ChanceState.new(game)
        while not state.is_terminal:
            if state.is_chance_node:
                start = clock()
                state = state.apply(state.sample_chance(rng))
                dealing += clock() - start
                steps += 1
            else:
                start = clock()
                legal = state.legal_actions()
                state = state.apply(legal[rng.randbelow(len(legal))])
                spent += clock() - start
                decisions += 1
    return spent, decisions, dealing, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per loop and round")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", "--repeat", dest="rounds", type=int, default=5)
    parser.add_argument("--first-seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu")
    args = parser.parse_args()
    global clock
    clock = CLOCKS[args.clock]
    overhead = timer_cost(clock)
    load_before = load_average()
    natives, chances, steps_each, ratios = [], [], [], []
    steps_per_game = 0.0
    for round_ in range(args.rounds):
        first = args.first_seed + round_ * args.games
        seeds = range(first, first + args.games)  # fresh every round
        for name in order(["native", "chance"], round_):
            if name == "native":
                spent, decisions = native(args.players, seeds)
                natives.append((spent / decisions - overhead) * 1e6)
            else:
                spent, decisions, dealing, steps = chance(args.players, seeds)
                chances.append((spent / decisions - overhead) * 1e6)
                steps_each.append((dealing / steps - overhead) * 1e6)
                steps_per_game = steps / args.games
        ratios.append(chances[-1] / natives[-1])
    print(
        f"Azi, {args.players} players, {args.games} fresh games per loop and round,"
        f" {args.rounds} rounds taking turns, random play ({args.clock} time)"
    )
    print(f"(timer cost {overhead * 1e6:.2f} µs a step, taken off every figure)")
    print(f"load average {load_before} before, {load_average()} after")
    print(f"native AziState      {statistics.median(natives):7.2f} µs/decision (median)")
    print(
        f"ChanceState          {statistics.median(chances):7.2f} µs/decision"
        f"   {statistics.median(ratios):.2f}×"
    )
    print(
        f"ChanceState chance   {statistics.median(steps_each):7.2f} µs/chance step,"
        f" {steps_per_game:.1f} steps/game"
    )
    print(summary("ChanceState / native per decision", ratios, GOAL))


if __name__ == "__main__":
    main()
