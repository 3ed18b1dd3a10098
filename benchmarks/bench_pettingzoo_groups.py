"""Benchmark: Hazari with ``actions="groups"`` through PettingZoo against Azi, per decision.

Run as ``python benchmarks/bench_pettingzoo_groups.py [--games N] [--rounds R]
[--first-seed S] [--clock cpu|wall]`` (needs ``pip install "cardrules[pettingzoo]"``).

Random play through :func:`cardrules.integrations.pettingzoo.env`: Hazari under
``actions="groups"`` (12 decisions a deal, 286 action ids) and Azi for 4 players. A
*decision* is what an agent loop pays per move: ``last()``, the action mask read,
picking a legal id from it, and ``step``; the cost of reading the clock is taken off.
The deal is chance, inside ``reset``; it is timed apart, per game, and never enters
the per-decision figure.

The two loops take turns in each of ``--rounds`` rounds (the order turning each round),
each round on fresh seeds: ``--games`` new games each, so every Hazari hand is new
(``--games * 4`` hands a round, more than the hand caches of
``cardrules.hazari.groups`` keep). The ratio Hazari / Azi per decision is
taken within each round; the figure is the median of the rounds, with the goal (at
most 3x) met or missed and the machine's load average.

Then where a decision's time goes, on the game states without the environment (fresh
seeds again, CPU time): the legal mask, the observation tensor, and ``action_from_id``
plus ``apply``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from interleaved import CLOCKS, load_average, order, summary, timer_cost

from cardrules import load_game
from cardrules.integrations.pettingzoo import env
from cardrules.rng import Rng

GAMES = 100
"""Games a round by default: 400 distinct Hazari hands."""
GOAL = 3.0
"""The goal: a Hazari decision costs at most this many Azi decisions."""
SPECS = {"hazari(actions=groups)": "hazari(actions=groups)", "azi, 4 players": "azi(players=4)"}


def play(spec: str, seeds: range, rng: Rng, clock: Callable[[], float]) -> tuple[float, int, float]:
    """Decision seconds, decisions and reset seconds over one game per seed."""
    environment = env(spec)
    decisions = 0
    deciding = resetting = 0.0
    for seed in seeds:
        start = clock()
        environment.reset(seed=seed)
        resetting += clock() - start
        while True:
            start = clock()
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                break
            legal = observation["action_mask"].nonzero()[0]
            environment.step(int(legal[rng.randbelow(len(legal))]))
            deciding += clock() - start
            decisions += 1
    return deciding, decisions, resetting


def breakdown(spec: str, seeds: range, rng: Rng) -> tuple[float, float, float]:
    """Mask, tensor and apply microseconds per decision, on the game state itself."""
    game = load_game(spec)
    clock = CLOCKS["cpu"]
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
    parser.add_argument("--games", type=int, default=GAMES, help="games per loop and round")
    parser.add_argument("--rounds", "--repeat", dest="rounds", type=int, default=5)
    parser.add_argument("--first-seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu")
    args = parser.parse_args()
    clock = CLOCKS[args.clock]
    overhead = timer_cost(clock)
    load_before = load_average()
    for spec in SPECS.values():  # builds the tables every hand shares, not timed
        play(spec, range(2**40, 2**40 + 2), Rng(0), clock)
    per_decision: dict[str, list[float]] = {name: [] for name in SPECS}
    per_reset: dict[str, list[float]] = {name: [] for name in SPECS}
    decisions_per_game: dict[str, float] = {}
    ratios = []
    for round_ in range(args.rounds):
        first = args.first_seed + round_ * args.games
        seeds = range(first, first + args.games)  # fresh every round
        for name in order(list(SPECS), round_):
            deciding, decisions, resetting = play(SPECS[name], seeds, Rng(round_), clock)
            per_decision[name].append((deciding / decisions - overhead) * 1e6)
            per_reset[name].append(resetting / args.games * 1e6)
            decisions_per_game[name] = decisions / args.games
        hazari, azi = (per_decision[name][-1] for name in SPECS)
        ratios.append(hazari / azi)
    print(
        f"PettingZoo random play, {args.games} fresh games per loop and round, {args.rounds}"
        f" rounds taking turns ({args.games * 4 * args.rounds} distinct Hazari hands),"
        f" {args.clock} time, timer cost {overhead * 1e6:.2f} µs a decision taken off"
    )
    print(f"load average {load_before} before, {load_average()} after")
    print(
        f"{'µs per decision, round':<36} " + " ".join(f"{r:>8}" for r in range(1, args.rounds + 1))
    )
    for name in SPECS:
        print(f"{name:<36} " + " ".join(f"{t:>8.1f}" for t in per_decision[name]))
    print(f"{'ratio':<36} " + " ".join(f"{r:>7.2f}x" for r in ratios))
    for name in SPECS:
        resets = sorted(per_reset[name])
        print(
            f"{name}: {decisions_per_game[name]:.1f} decisions a game,"
            f" reset (the deal) {resets[len(resets) // 2]:.0f} µs a game (median)"
        )
    print(summary("Hazari groups / Azi per decision", ratios, GOAL))
    print(f"{'per decision, CPU µs':<24} {'mask':>8} {'tensor':>8} {'apply':>8}")
    first = args.first_seed + args.rounds * args.games
    for name, spec in SPECS.items():
        mask, tensor, apply = breakdown(spec, range(first, first + args.games), Rng(0))
        print(f"{name:<24} {mask:>8.1f} {tensor:>8.1f} {apply:>8.1f}")


if __name__ == "__main__":
    main()
