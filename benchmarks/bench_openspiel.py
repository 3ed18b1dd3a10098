"""Benchmark: the OpenSpiel adapter's cost per step against the library's own loop.

Run as ``python benchmarks/bench_openspiel.py [--games N] [--players P] [--repeat R]``
(needs ``pip install "cardrules[openspiel]"``).

Random playouts of Azi with explicit chance, timed in the same run, round robin:

- *library*: :class:`cardrules.chance.ChanceState`, ``sample_chance`` at chance nodes,
  ``legal_actions()[i]`` and ``apply`` at decisions;
- *adapter*: the same through pyspiel: ``chance_outcomes()`` and ``legal_actions()``
  (ids), ``apply_action``;
- *seeded library*: ``AziState`` with seeded deals (no chance nodes), for scale.

Each row is microseconds per step (chance and decision steps together), the best of
``--repeat`` batches; the ratio adapter / library is the overhead. Then the random
games per second through pyspiel, plain and under ``pyspiel.random_sim_test`` (which
also clones, serializes and checks every state).
"""

from __future__ import annotations

import argparse
import random
import time

import pyspiel

import cardrules.integrations.openspiel  # noqa: F401  (registers the games)
from cardrules import load_game
from cardrules.chance import ChanceState
from cardrules.rng import Rng


def library(players: int, games: int) -> tuple[float, int]:
    game = load_game("azi", players=players)
    rng = Rng(1)
    steps = 0
    start = time.perf_counter()
    for _ in range(games):
        state = ChanceState.new(game)
        while not state.is_terminal:
            if state.is_chance_node:
                state = state.apply(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state = state.apply(legal[rng.randbelow(len(legal))])
            steps += 1
    return time.perf_counter() - start, steps


def adapter(players: int, games: int) -> tuple[float, int]:
    game = pyspiel.load_game(f"cardrules_azi(players={players})")
    rng = random.Random(1)
    steps = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
    return time.perf_counter() - start, steps


def seeded(players: int, games: int) -> tuple[float, int]:
    game = load_game("azi", players=players)
    rng = Rng(1)
    steps = 0
    start = time.perf_counter()
    for seed in range(games):
        state = game.new_state(seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randbelow(len(legal))])
            steps += 1
    return time.perf_counter() - start, steps


def random_sim(players: int, games: int) -> float:
    game = pyspiel.load_game(f"cardrules_azi(players={players})")
    start = time.perf_counter()
    pyspiel.random_sim_test(game, num_sims=games, serialize=True, verbose=False)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    runs: dict[str, list[tuple[float, int]]] = {"library": [], "adapter": [], "seeded": []}
    for _ in range(args.repeat):
        runs["library"].append(library(args.players, args.games))
        runs["adapter"].append(adapter(args.players, args.games))
        runs["seeded"].append(seeded(args.players, args.games))
    per_step = {name: min(t / n for t, n in values) * 1e6 for name, values in runs.items()}
    games_per_second = max(args.games / t for t, _ in runs["adapter"])
    steps = {name: values[0][1] / args.games for name, values in runs.items()}
    print(f"Azi, {args.players} players, {args.games} random games a batch, best of {args.repeat}")
    print(f"{'loop':<16} {'µs/step':>9} {'steps/game':>11} {'× library':>10}")
    for name in ("library", "adapter", "seeded"):
        ratio = per_step[name] / per_step["library"]
        print(f"{name:<16} {per_step[name]:>9.1f} {steps[name]:>11.1f} {ratio:>10.2f}")
    print(f"pyspiel random playouts: {games_per_second:.0f} games/s")
    sims = max(1, args.games // 10)
    checked = min(random_sim(args.players, sims) for _ in range(args.repeat))
    print(f"pyspiel.random_sim_test (serialize=True): {sims / checked:.1f} games/s")


if __name__ == "__main__":
    main()
