"""Benchmark: Azi decisions per second in the batch engine and in the scalar engine.

Run as ``python benchmarks/bench_batch_azi.py [--batch B] [--players P] [--repeat R]
[--games G]``.

Both engines play random legal ids from fresh seeds in every repetition, in one run,
so the ratio holds on a busy machine:

- *batch*: ``BatchGame.init`` of ``B`` new seeds, then ``BatchGame.step`` with
  :func:`cardrules.batch.random_legal_ids` until every game is over (the tail, where
  few games are still live, is counted: decisions are the live games of each step);
- *batch, reset*: ``--steps`` steps with :meth:`BatchGame.reset` starting every finished
  game again from a fresh seed before each step (every game is always live, as in a
  training loop);
- *scalar*: ``G`` games of ``game.new_state(seed)``, each decision a uniform choice
  from ``legal_action_ids()`` applied with ``action_from_id``.

Wall time and process CPU time are both reported (the best of ``--repeat`` each), and
the peak memory (tracemalloc) of a batch of ``B / 4`` and of ``B`` games played out with
their observation tensors read at every step, history included.
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


def batch_run(engine: BatchGame, seeds: np.ndarray, seed: int, steps: int | None) -> int:
    generator = np.random.default_rng(seed)
    state = engine.init(seeds)
    decisions = 0
    while steps is None or state.steps < steps:
        live = int(len(state) - state.terminated.sum())
        if not live:
            break
        decisions += live
        state = engine.step(state, random_legal_ids(state.legal_action_mask, generator))
    return decisions


def reset_run(engine: BatchGame, size: int, seed: int, steps: int) -> int:
    generator = np.random.default_rng(seed)
    state = engine.init(np.arange(size, dtype=np.uint64) + np.uint64(seed * size * steps))
    decisions = 0
    for number in range(steps):
        fresh = np.arange(size, dtype=np.uint64) + np.uint64((seed * steps + number + 1) * size)
        state = engine.reset(state, fresh)
        decisions += size
        state = engine.step(state, random_legal_ids(state.legal_action_mask, generator))
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


def best(run: Callable[[int], int], repeat: int) -> tuple[float, float, int]:
    """The best decisions/s by wall clock and by CPU time over ``repeat`` runs."""
    wall = cpu = 0.0
    decisions = 0
    for rep in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        decisions = run(rep)
        wall = max(wall, decisions / (time.perf_counter() - start))
        cpu = max(cpu, decisions / max(time.process_time() - start_cpu, 1e-9))
    return wall, cpu, decisions


def peak_memory(engine: BatchGame, size: int) -> int:
    """The peak traced memory of one batch played to its end, observation tensors read
    at every step, the final state (and so the whole history) kept."""
    generator = np.random.default_rng(0)
    tracemalloc.start()
    state = engine.init(np.arange(size, dtype=np.uint64))
    while not state.terminated.all():
        assert state.observation_tensor.dtype == np.float32
        state = engine.step(state, random_legal_ids(state.legal_action_mask, generator))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=4096)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--steps", type=int, default=100)
    args = parser.parse_args()
    game = load_game("azi", players=args.players)
    engine = BatchGame(game)
    size = args.batch

    def fresh(rep: int) -> np.ndarray:
        return np.arange(rep * size, (rep + 1) * size, dtype=np.uint64)

    figures = {
        "batch": best(lambda rep: batch_run(engine, fresh(rep), rep, None), args.repeat),
        "batch, reset": best(lambda rep: reset_run(engine, size, rep + 1, args.steps), args.repeat),
        "scalar": best(
            lambda rep: scalar_run(game, range(rep * args.games, (rep + 1) * args.games), rep),
            args.repeat,
        ),
    }
    peaks = {count: peak_memory(engine, count) for count in (size // 4, size)}
    print(f"Azi, {args.players} players, batch {size}, best of {args.repeat}")
    print(f"{'engine':<14}{'decisions/s (wall)':>20}{'decisions/s (CPU)':>20}{'decisions':>11}")
    for name, (wall, cpu, decisions) in figures.items():
        print(f"{name:<14}{wall:>20,.0f}{cpu:>20,.0f}{decisions:>11,}")
    scalar_wall, scalar_cpu, _ = figures["scalar"]
    for name in ("batch", "batch, reset"):
        wall, cpu, _ = figures[name]
        print(f"ratio {name} / scalar: {wall / scalar_wall:.1f}x wall, {cpu / scalar_cpu:.1f}x CPU")
    for count, peak in peaks.items():
        print(f"peak memory of a batch of {count} played out, tensors read: {peak / 2**20:.1f} MiB")


if __name__ == "__main__":
    main()
