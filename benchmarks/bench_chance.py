"""Benchmark: Azi through explicit chance (``ChanceState``) against the native state.

Run as ``python benchmarks/bench_chance.py [--games N] [--players P] [--repeat R]
[--clock cpu|wall]``.

Random Azi games, every seat choosing uniformly with ``legal_actions()[i]`` and
``apply``, timed in the same run, round robin:

- *native*: ``AziState`` with seeded deals (no chance nodes);
- *chance*: :class:`cardrules.chance.ChanceState`, every deal drawn card by card
  with ``sample_chance``.

Each decision (``legal_actions`` plus ``apply``) and each chance step is timed on its
own, in both loops alike, so the per-decision ratio never mixes in chance steps;
the cost of reading the clock twice is measured and taken off each figure.
Every repetition plays fresh games (new seeds and new choices), and the best
repetition of each figure is reported. By default steps are timed in this process's
CPU time (``--clock cpu``), so time spent waiting for a core on a busy machine is not
counted; ``--clock wall`` times wall time.
"""

from __future__ import annotations

import argparse
import time

from cardrules import load_game
from cardrules.chance import ChanceState
from cardrules.rng import Rng

CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}
clock = CLOCKS["cpu"]


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


def timer_cost(samples: int = 20_000) -> float:
    """Seconds one empty timed section costs (two clock reads), the best of 5 runs.

    Both loops pay it once per step; it is taken off every per-step figure so that
    it does not pull the ratio towards 1.
    """
    best = float("inf")
    for _ in range(5):
        spent = 0.0
        for _ in range(samples):
            start = clock()
            spent += clock() - start
        best = min(best, spent / samples)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per repetition")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu")
    args = parser.parse_args()
    global clock
    clock = CLOCKS[args.clock]
    best_native = best_chance = best_step = float("inf")
    overhead = timer_cost()
    games = steps_per_game = 0.0
    for round_ in range(args.repeat):
        seeds = range(round_ * args.games, (round_ + 1) * args.games)  # fresh every round
        spent, decisions = native(args.players, seeds)
        best_native = min(best_native, (spent / decisions - overhead) * 1e6)
        spent, decisions, dealing, steps = chance(args.players, seeds)
        best_chance = min(best_chance, (spent / decisions - overhead) * 1e6)
        best_step = min(best_step, (dealing / steps - overhead) * 1e6)
        games += args.games
        steps_per_game = steps / args.games
    print(f"Azi, {args.players} players, {int(games)} distinct games per loop, random play")
    print(f"(timer cost {overhead * 1e6:.2f} µs a step, taken off every figure)")
    print(f"native AziState      {best_native:7.2f} µs/decision")
    print(f"ChanceState          {best_chance:7.2f} µs/decision   {best_chance / best_native:.2f}×")
    print(f"ChanceState chance   {best_step:7.2f} µs/chance step, {steps_per_game:.1f} steps/game")


if __name__ == "__main__":
    main()
