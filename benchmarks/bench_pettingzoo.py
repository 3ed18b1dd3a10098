"""Benchmark: Azi through the PettingZoo environment against the native state.

Run as ``python benchmarks/bench_pettingzoo.py [--games N] [--players P] [--rounds R]
[--first-seed S] [--clock cpu|wall]`` (needs ``pip install "cardrules[pettingzoo]"``).

Random Azi games, every seat choosing uniformly among its legal actions, in rounds:
each round plays ``--games`` fresh games (new seeds, never replayed) through each loop,
the loops taking turns (the order turning each round):

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
``new_state`` or ``reset``, every decision and the finished agents' steps.

Each loop's ratio to the native loop is taken within each round (the tensor loops
against native + tensor); the figures are the medians of the rounds, with the goal
(PettingZoo at most 2x the native state per decision) met or missed and the
machine's load average.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable

from interleaved import CLOCKS, load_average, order, summary, timer_cost

from cardrules import load_game
from cardrules.integrations.pettingzoo import env
from cardrules.rng import Rng

clock: Callable[[], float] = CLOCKS["cpu"]
GOAL = 2.0
"""The goal: a PettingZoo decision costs at most this many native decisions."""


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


LOOPS = {
    "native": (native, False),
    "PettingZoo": (pettingzoo, False),
    "native + tensor": (native, True),
    "PettingZoo + tensor": (pettingzoo, True),
}


BASELINE = {
    "native": "native",
    "PettingZoo": "native",
    "native + tensor": "native + tensor",
    "PettingZoo + tensor": "native + tensor",
}
"""The loop each loop's ratio is taken against."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per loop and round")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", "--repeat", dest="rounds", type=int, default=5)
    parser.add_argument("--first-seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu")
    args = parser.parse_args()
    global clock
    clock = CLOCKS[args.clock]
    overhead = timer_cost(clock)
    load_before = load_average()
    per_decision: dict[str, list[float]] = {name: [] for name in LOOPS}
    per_game: dict[str, list[float]] = {name: [] for name in LOOPS}
    decisions_per_game = 0.0
    for round_ in range(args.rounds):
        first = args.first_seed + round_ * args.games
        seeds = range(first, first + args.games)  # fresh every round
        for name in order(list(LOOPS), round_):
            loop, tensor = LOOPS[name]
            spent, decisions, other = loop(args.players, seeds, tensor)
            per_decision[name].append(spent / decisions - overhead)
            # about one timed section per decision and one per start or finished agent
            sections = decisions + args.games * (1 + (args.players if loop is pettingzoo else 0))
            per_game[name].append((spent + other - sections * overhead) / args.games)
            decisions_per_game = decisions / args.games
    print(
        f"Azi, {args.players} players, random play, {args.games} fresh games per loop and"
        f" round, {args.rounds} rounds taking turns ({args.clock} time, timer cost"
        f" {overhead * 1e6:.2f} µs a step taken off), {decisions_per_game:.1f} decisions/game"
    )
    print(f"load average {load_before} before, {load_average()} after")
    print(f"{'loop (medians)':<20} {'µs/decision':>11} {'× base':>9} {'µs/game':>9} {'× base':>9}")
    ratios: dict[str, list[float]] = {}
    for name in LOOPS:
        base = BASELINE[name]
        ratios[name] = [a / b for a, b in zip(per_decision[name], per_decision[base], strict=True)]
        games = [a / b for a, b in zip(per_game[name], per_game[base], strict=True)]
        print(
            f"{name:<20} {statistics.median(per_decision[name]) * 1e6:>11.2f}"
            f" {statistics.median(ratios[name]):>9.2f}"
            f" {statistics.median(per_game[name]) * 1e6:>9.1f} {statistics.median(games):>9.2f}"
        )
    print(summary("PettingZoo / native per decision", ratios["PettingZoo"], GOAL))


if __name__ == "__main__":
    main()
