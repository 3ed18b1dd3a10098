"""Benchmark: Azi through the PettingZoo environment against the native state.

Run as ``python benchmarks/bench_pettingzoo.py [--games N] [--players P] [--repeat R]
[--clock cpu|wall]`` (needs ``pip install "cardrules[pettingzoo]"``).

Random Azi games, every seat choosing uniformly among its legal actions, timed in the
same run, round robin, with fresh seeds every repetition:

- *native*: ``AziState`` with seeded deals: ``legal_actions()``, a draw, ``apply``;
- *PettingZoo*: the AEC loop, ``last()``, the ``action_mask`` read and turned into the
  legal ids (``mask.nonzero()``), a draw and ``step``;
- *PettingZoo + tensor*: the same, also reading ``observation`` (the tensor), as a
  learner does;
- *native + tensor*: native, also building the player's observation tensor
  (``game.observation_tensor(state, player)``), for scale.

The environment deals with seeds (no chance steps). Each decision is timed on its
own (the cost of reading the clock measured and taken off); the steps where a
finished agent steps with ``None`` are not decisions. Per game counts everything:
``new_state`` or ``reset``, every decision and the finished agents' steps. Each figure
is the best repetition.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from cardrules import load_game
from cardrules.integrations.pettingzoo import env
from cardrules.rng import Rng

CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}
clock = CLOCKS["cpu"]


def native(players: int, seeds: range, tensor: bool) -> tuple[float, int, float]:
    """Seconds in decisions, decisions, and seconds in everything else."""
    game = load_game("azi", players=players)
    spent = other = 0.0
    decisions = 0
    for seed in seeds:
        rng = Rng(seed)
        start = clock()
        state = game.new_state(seed)
        other += clock() - start
        while True:
            start = clock()
            player = state.current_player
            if player is None:
                break
            if tensor:
                game.observation_tensor(state, player)
            legal = state.legal_actions()
            state = state.apply(legal[rng.randbelow(len(legal))])
            spent += clock() - start
            decisions += 1
    return spent, decisions, other


def pettingzoo(players: int, seeds: range, tensor: bool) -> tuple[float, int, float]:
    """Seconds in decisions, decisions, and seconds in everything else."""
    environment = env("azi", players=players)
    spent = other = 0.0
    decisions = 0
    for seed in seeds:
        rng = Rng(seed)
        start = clock()
        environment.reset(seed=seed)
        other += clock() - start
        for _ in environment.agent_iter():
            start = clock()
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                other += clock() - start
                continue
            if tensor:
                observation["observation"]
            legal = observation["action_mask"].nonzero()[0]
            environment.step(int(legal[rng.randbelow(len(legal))]))
            spent += clock() - start
            decisions += 1
    return spent, decisions, other


def timer_cost(samples: int = 20_000) -> float:
    """Seconds one empty timed section costs (two clock reads), the best of 5 runs."""
    best = float("inf")
    for _ in range(5):
        spent = 0.0
        for _ in range(samples):
            start = clock()
            spent += clock() - start
        best = min(best, spent / samples)
    return best


LOOPS = {
    "native": (native, False),
    "PettingZoo": (pettingzoo, False),
    "native + tensor": (native, True),
    "PettingZoo + tensor": (pettingzoo, True),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per repetition")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu")
    args = parser.parse_args()
    global clock
    clock = CLOCKS[args.clock]
    overhead = timer_cost()
    per_decision = dict.fromkeys(LOOPS, float("inf"))
    per_game = dict.fromkeys(LOOPS, float("inf"))
    decisions_per_game = 0.0
    for round_ in range(args.repeat):
        seeds = range(round_ * args.games, (round_ + 1) * args.games)  # fresh every round
        for name, (loop, tensor) in LOOPS.items():
            spent, decisions, other = loop(args.players, seeds, tensor)
            per_decision[name] = min(per_decision[name], spent / decisions - overhead)
            # about one timed section per decision and one per start or finished agent
            sections = decisions + args.games * (1 + (args.players if loop is pettingzoo else 0))
            per_game[name] = min(per_game[name], (spent + other - sections * overhead) / args.games)
            decisions_per_game = decisions / args.games
    print(
        f"Azi, {args.players} players, random play, {args.games * args.repeat} distinct"
        f" games per loop, best of {args.repeat} ({args.clock} clock, timer cost"
        f" {overhead * 1e6:.2f} µs a step taken off), {decisions_per_game:.1f} decisions/game"
    )
    print(f"{'loop':<20} {'µs/decision':>11} {'× native':>9} {'µs/game':>9} {'× native':>9}")
    for name in LOOPS:
        print(
            f"{name:<20} {per_decision[name] * 1e6:>11.2f}"
            f" {per_decision[name] / per_decision['native']:>9.2f}"
            f" {per_game[name] * 1e6:>9.1f} {per_game[name] / per_game['native']:>9.2f}"
        )


if __name__ == "__main__":
    main()
