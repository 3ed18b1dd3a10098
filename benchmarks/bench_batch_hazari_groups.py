"""Benchmark: Hazari decisions per second under ``actions="groups"``, batch against scalar.

Run as ``python benchmarks/bench_batch_hazari_groups.py [--batch B] [--repeat R]
[--games G]``.

Both engines play random legal ids from fresh seeds in every repetition (no seed is
dealt twice in a run, so no hand table of the scalar engine is reused), in one run, so
the ratio holds on a busy machine:

- *batch*: ``BatchGame.init`` of ``B`` new seeds, then ``BatchGame.step`` with
  :func:`cardrules.batch.random_legal_ids` until every deal is over: twelve steps of
  ``B`` decisions (every deal takes exactly twelve);
- *scalar*: ``G`` deals of ``game.new_state(seed)``, each decision a uniform choice
  from ``legal_action_ids()`` applied with ``action_from_id``.

Each of ``--repeat`` rounds runs both engines in turn; wall time and process CPU time
are both reported (the best round of each), with the time per decision of each of
the three groups of a seat in the batch, and the peak memory (tracemalloc) of a batch
of ``B / 4`` and of ``B`` deals played out with their observation tensors read at every
step, history included.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
from collections.abc import Callable

import numpy as np

from cardrules import Rng, load_game
from cardrules.batch import BatchGame, random_legal_ids
from cardrules.registry import Game

GAME = load_game("hazari", actions="groups")


def batch_run(engine: BatchGame, seeds: np.ndarray, seed: int, split: list[float]) -> int:
    """Play a batch out; ``split[k]`` gathers the CPU time of the steps of group ``k + 1``."""
    generator = np.random.default_rng(seed)
    state = engine.init(seeds)
    decisions = 0
    while not state.terminated.all():
        start = time.process_time()
        decisions += int(len(state) - state.terminated.sum())
        state = engine.step(state, random_legal_ids(state.legal_action_mask, generator))
        split[(state.steps - 1) % 3] += time.process_time() - start
    return decisions


def scalar_run(game: Game, seeds: range, seed: int) -> int:
    rng = Rng(seed)
    decisions = 0
    for number in seeds:
        state = game.new_state(seed=number)
        while not state.is_terminal:
            legal = state.legal_action_ids()
            state = state.apply(state.action_from_id(legal[rng.next_u64() % len(legal)]))
            decisions += 1
    return decisions


def best(runs: dict[str, Callable[[int], int]], repeat: int) -> dict[str, tuple[float, float, int]]:
    """The best decisions/s by wall clock and by CPU time of each run over ``repeat``
    rounds; each round runs every engine once, in turn, so both see the same load."""
    figures = dict.fromkeys(runs, (0.0, 0.0, 0))
    for rep in range(repeat):
        for name, run in runs.items():
            start, start_cpu = time.perf_counter(), time.process_time()
            decisions = run(rep)
            wall = decisions / (time.perf_counter() - start)
            cpu = decisions / max(time.process_time() - start_cpu, 1e-9)
            old_wall, old_cpu, _ = figures[name]
            figures[name] = (max(old_wall, wall), max(old_cpu, cpu), decisions)
    return figures


def peak_memory(engine: BatchGame, size: int) -> int:
    """The peak traced memory of one batch played to its end, observation tensors read
    at every step, the final state (and so the whole history) kept."""
    generator = np.random.default_rng(0)
    tracemalloc.start()
    state = engine.init(np.arange(size, dtype=np.uint64) + np.uint64(2**40))
    while not state.terminated.all():
        assert state.observation_tensor.dtype == np.float32
        state = engine.step(state, random_legal_ids(state.legal_action_mask, generator))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=4096)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    engine = BatchGame(GAME)
    size, games = args.batch, args.games
    split = [0.0, 0.0, 0.0]

    def fresh(rep: int) -> np.ndarray:
        return np.arange(rep * size, (rep + 1) * size, dtype=np.uint64)

    scalar_base = 2**32  # scalar seeds never meet the batch's
    figures = best(
        {
            "batch": lambda rep: batch_run(engine, fresh(rep), rep, split),
            "scalar": lambda rep: scalar_run(
                GAME, range(scalar_base + rep * games, scalar_base + (rep + 1) * games), rep
            ),
        },
        args.repeat,
    )
    peaks = {count: peak_memory(engine, count) for count in (size // 4, size)}
    print(f"Hazari, actions=groups, batch {size}, scalar {games} deals, best of {args.repeat}")
    print(f"{'engine':<10}{'decisions/s (wall)':>20}{'decisions/s (CPU)':>20}{'decisions':>11}")
    for name, (wall, cpu, decisions) in figures.items():
        print(f"{name:<10}{wall:>20,.0f}{cpu:>20,.0f}{decisions:>11,}")
    (batch_wall, batch_cpu, _), (scalar_wall, scalar_cpu, _) = figures.values()
    print(
        f"ratio batch / scalar: {batch_wall / scalar_wall:.1f}x wall,"
        f" {batch_cpu / scalar_cpu:.1f}x CPU"
    )
    per_step = [1e6 * seconds / (args.repeat * size * 4) for seconds in split]
    print(
        "batch CPU per decision by group: "
        + ", ".join(f"group {k + 1} {us:.1f} us" for k, us in enumerate(per_step))
    )
    for count, peak in peaks.items():
        print(f"peak memory of a batch of {count} played out, tensors read: {peak / 2**20:.1f} MiB")


if __name__ == "__main__":
    main()
