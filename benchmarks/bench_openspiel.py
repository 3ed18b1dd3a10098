"""Benchmark: Azi through the OpenSpiel adapter against the native state.

Run as ``python benchmarks/bench_openspiel.py [--games N] [--players P] [--rounds R]
[--first-seed S] [--clock cpu|wall] [--no-sim]`` (needs ``pip install "cardrules[openspiel]"``).

Random Azi games, every seat choosing uniformly among its legal actions, in rounds:
each round plays ``--games`` fresh games (new seeds, never replayed) through each loop,
the loops taking turns (the order turning each round):

- *native*: ``AziState`` with seeded deals (no chance nodes): ``legal_actions()``,
  a draw, ``apply``;
- *ChanceState*: :class:`cardrules.chance.ChanceState`, every deal drawn card by card
  (``sample_chance``), decisions as native;
- *adapter*: the same game through pyspiel: ``is_terminal()``, ``is_chance_node()``,
  then ``chance_outcomes()`` or ``legal_actions()``, a draw and ``apply_action``.

Each step is timed on its own (the cost of reading the clock measured and taken off),
and decisions and chance steps are reported apart, never mixed into one per-step
ratio: a game has about 18 decisions, and 16 to 20 chance steps in the chance loops
against none in the seeded one. Per game counts everything a game costs: its start
(``new_state``, ``new_initial_state``), every chance step and every decision.

Each loop's ratio to the native state is taken within each round; the figures are the
medians of the rounds, with the goals (per decision: the adapter at most 2x the native
state, ``ChanceState`` at most 1.5x) met or missed and the machine's load average.
Then, unless ``--no-sim``, the games per second of ``pyspiel.random_sim_test`` (which
also clones, serializes and checks every state).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import pyspiel
from interleaved import CLOCKS, load_average, order, summary, timer_cost

import cardrules.integrations.openspiel  # noqa: F401  (registers the games)
from cardrules import load_game
from cardrules.chance import ChanceState
from cardrules.rng import Rng

clock: Callable[[], float] = CLOCKS["cpu"]
GOALS = {"adapter": 2.0, "ChanceState": 1.5}
"""The goals, per decision against the native state."""


class Tally:
    """Seconds and counts of one loop over a batch of games."""

    def __init__(self) -> None:
        self.decisions = self.chance = self.starts = 0
        self.in_decisions = self.in_chance = self.in_starts = 0.0

    def per_decision(self, overhead: float) -> float:
        return self.in_decisions / self.decisions - overhead

    def per_chance(self, overhead: float) -> float:
        return self.in_chance / self.chance - overhead if self.chance else 0.0

    def per_game(self, overhead: float) -> float:
        steps = self.decisions + self.chance + self.starts
        total = self.in_decisions + self.in_chance + self.in_starts - steps * overhead
        return total / self.starts


def native(players: int, seeds: range) -> Tally:
    game = load_game("azi", players=players)
    tally = Tally()
    for seed in seeds:
        rng = Rng(seed)
        start = clock()
        state = game.new_state(seed)
        tally.in_starts += clock() - start
        tally.starts += 1
        while True:
            start = clock()
            if state.is_terminal:
                break
            legal = state.legal_actions()
            state = state.apply(legal[rng.randbelow(len(legal))])
            tally.in_decisions += clock() - start
            tally.decisions += 1
    return tally


def chance_state(players: int, seeds: range) -> Tally:
    game = load_game("azi", players=players)
    tally = Tally()
    for seed in seeds:
        rng = Rng(seed)
        start = clock()
        state = ChanceState.new(game)
        tally.in_starts += clock() - start
        tally.starts += 1
        while True:
            start = clock()
            if state.is_terminal:
                break
            if state.is_chance_node:
                state = state.apply(state.sample_chance(rng))
                tally.in_chance += clock() - start
                tally.chance += 1
            else:
                legal = state.legal_actions()
                state = state.apply(legal[rng.randbelow(len(legal))])
                tally.in_decisions += clock() - start
                tally.decisions += 1
    return tally


def adapter(players: int, seeds: range) -> Tally:
    game = pyspiel.load_game(f"cardrules_azi(players={players})")
    tally = Tally()
    for seed in seeds:
        rng = random.Random(seed)
        start = clock()
        state = game.new_initial_state()
        tally.in_starts += clock() - start
        tally.starts += 1
        while True:
            start = clock()
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                tally.in_chance += clock() - start
                tally.chance += 1
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                tally.in_decisions += clock() - start
                tally.decisions += 1
    return tally


def random_sim(players: int, games: int) -> float:
    game = pyspiel.load_game(f"cardrules_azi(players={players})")
    start = time.perf_counter()
    pyspiel.random_sim_test(game, num_sims=games, serialize=True, verbose=False)
    return time.perf_counter() - start


LOOPS = {"native": native, "ChanceState": chance_state, "adapter": adapter}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per loop and round")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", "--repeat", dest="rounds", type=int, default=5)
    parser.add_argument("--first-seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu")
    parser.add_argument("--no-sim", action="store_true", help="skip random_sim_test")
    args = parser.parse_args()
    global clock
    clock = CLOCKS[args.clock]
    overhead = timer_cost(clock)
    load_before = load_average()
    figures: dict[str, list[tuple[float, float, float]]] = {name: [] for name in LOOPS}
    counts: dict[str, tuple[float, float]] = {}
    for round_ in range(args.rounds):
        first = args.first_seed + round_ * args.games
        seeds = range(first, first + args.games)  # fresh every round
        for name in order(list(LOOPS), round_):
            tally = LOOPS[name](args.players, seeds)
            figures[name].append(
                (tally.per_decision(overhead), tally.per_chance(overhead), tally.per_game(overhead))
            )
            counts[name] = (tally.decisions / tally.starts, tally.chance / tally.starts)
    print(
        f"Azi, {args.players} players, random play, {args.games} fresh games per loop and"
        f" round, {args.rounds} rounds taking turns ({args.clock} time, timer cost"
        f" {overhead * 1e6:.2f} µs a step taken off)"
    )
    print(f"load average {load_before} before, {load_average()} after")
    print(
        f"{'loop (medians)':<14} {'µs/decision':>11} {'× native':>9} {'µs/chance':>10}"
        f" {'µs/game':>9} {'× native':>9} {'decisions':>10} {'chance':>7}"
    )
    base = figures["native"]
    ratios: dict[str, list[float]] = {}
    for name in LOOPS:
        rows = figures[name]
        ratios[name] = [row[0] / native[0] for row, native in zip(rows, base, strict=True)]
        per_game = [row[2] / native[2] for row, native in zip(rows, base, strict=True)]
        decision, chance, game = (statistics.median(column) for column in zip(*rows, strict=True))
        per_game_decisions, per_game_chance = counts[name]
        print(
            f"{name:<14} {decision * 1e6:>11.2f} {statistics.median(ratios[name]):>9.2f}"
            f" {chance * 1e6:>10.2f} {game * 1e6:>9.1f} {statistics.median(per_game):>9.2f}"
            f" {per_game_decisions:>10.1f} {per_game_chance:>7.1f}"
        )
    for name, goal in GOALS.items():
        print(summary(f"{name} / native per decision", ratios[name], goal))
    if not args.no_sim:
        sims = max(1, args.games // 10)
        checked = min(random_sim(args.players, sims) for _ in range(args.rounds))
        print(f"pyspiel.random_sim_test (serialize=True): {sims / checked:.1f} games/s")


if __name__ == "__main__":
    main()
