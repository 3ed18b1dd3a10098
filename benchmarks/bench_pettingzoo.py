"""Benchmark: Hazari with ``actions="groups"`` through PettingZoo against Azi, per decision.

Run as ``python benchmarks/bench_pettingzoo.py [--games N] [--repeat R]`` (needs
``pip install "cardrules[pettingzoo]"``).

Random play through :func:`cardrules.integrations.pettingzoo.env`, timed in the same run,
round robin: Hazari under ``actions="groups"`` (12 decisions a deal, 286 action ids) and
Azi for 4 players. A *decision* is what an agent loop pays per move: ``last()`` (the
observation tensor and the action mask), picking a legal id from the mask, and
``step``. The deal is chance, inside ``reset``; it is timed apart, per game, and never
enters the per-decision figure. Every repetition plays fresh seeds (``--games`` new
games each), so every Hazari hand is new: ``--games * 4`` hands a repetition, more
than the hand caches of :mod:`cardrules.hazari.groups` hold.

Each row is the best of ``--repeat`` repetitions; the ratio Hazari / Azi per decision
is the figure the goal (at most 3x) speaks of. Then where a decision's time goes, on the
game states without the environment (fresh seeds again, CPU time): the legal mask, the
observation tensor, and ``action_from_id`` plus ``apply``.
"""

from __future__ import annotations

import argparse
import time

from cardrules import load_game
from cardrules.integrations.pettingzoo import env
from cardrules.rng import Rng

GAMES = 100
"""Games a repetition by default: 400 distinct Hazari hands."""


def play(spec: str, seeds: range, rng: Rng) -> tuple[float, int, float]:
    """Decision seconds, decisions and reset seconds over one game per seed."""
    environment = env(spec)
    decisions = 0
    deciding = resetting = 0.0
    clock = time.perf_counter
    for seed in seeds:
        start = clock()
        environment.reset(seed=seed)
        resetting += clock() - start
        while True:
            start = clock()
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                deciding += clock() - start
                break
            legal = observation["action_mask"].nonzero()[0]
            environment.step(int(legal[rng.randbelow(len(legal))]))
            deciding += clock() - start
            decisions += 1
    return deciding, decisions, resetting


def breakdown(spec: str, seeds: range, rng: Rng) -> tuple[float, float, float]:
    """Mask, tensor and apply microseconds per decision, on the game state itself."""
    game = load_game(spec)
    clock = time.process_time
    masks = tensors = applies = 0.0
    decisions = 0
    for seed in seeds:
        state = game.new_state(seed)
        while not state.is_terminal:
            player = state.current_player
            assert player is not None
            start = clock()
            mask = state.legal_action_mask()
            masked = clock()
            game.definition.observation_tensor(state.observation(player))
            observed = clock()
            ids = [number for number, legal in enumerate(mask) if legal]
            chosen = ids[rng.randbelow(len(ids))]
            before = clock()
            state = state.apply(state.action_from_id(chosen))
            applies += clock() - before
            masks += masked - start
            tensors += observed - masked
            decisions += 1
    return masks / decisions * 1e6, tensors / decisions * 1e6, applies / decisions * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    specs = {"hazari(actions=groups)": "hazari(actions=groups)", "azi, 4 players": "azi(players=4)"}
    runs: dict[str, list[tuple[float, int, float]]] = {name: [] for name in specs}
    for spec in specs.values():  # builds the tables every hand shares, not timed
        play(spec, range(2**40, 2**40 + 2), Rng(0))
    for repetition in range(args.repeat):
        seeds = range(repetition * args.games, (repetition + 1) * args.games)
        for name, spec in specs.items():
            runs[name].append(play(spec, seeds, Rng(repetition)))
    print(
        f"PettingZoo random play, {args.games} fresh games a repetition, best of {args.repeat}"
        f" ({args.games * 4 * args.repeat} distinct Hazari hands in all)"
    )
    print(f"{'game':<24} {'µs/decision':>12} {'decisions/game':>15} {'reset µs/game':>14}")
    best = {}
    for name, values in runs.items():
        best[name] = min(seconds / decisions for seconds, decisions, _ in values) * 1e6
        per_game = values[0][1] / args.games
        reset = min(resetting for _, _, resetting in values) / args.games * 1e6
        print(f"{name:<24} {best[name]:>12.1f} {per_game:>15.1f} {reset:>14.0f}")
    ratio = best["hazari(actions=groups)"] / best["azi, 4 players"]
    print(f"Hazari groups / Azi per decision: {ratio:.2f}x (goal: at most 3x)")
    print(f"{'per decision, CPU µs':<24} {'mask':>8} {'tensor':>8} {'apply':>8}")
    first = args.repeat * args.games
    for name, spec in specs.items():
        mask, tensor, apply = breakdown(spec, range(first, first + args.games), Rng(0))
        print(f"{name:<24} {mask:>8.0f} {tensor:>8.0f} {apply:>8.0f}")


if __name__ == "__main__":
    main()
