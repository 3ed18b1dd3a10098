"""Benchmark: Azi decisions per CPU second in the batch engine against the scalar engine.

Run as ``python benchmarks/bench_batch_azi.py [--batch B] [--players P] [--repeat R]
[--games G] [--steps S] [--offset O]``.

Every repetition runs each workload once, interleaved, on seeds no other repetition
(or run with another ``--offset``) uses, and divides each batch workload's decisions per
CPU second (``time.process_time``) by the scalar engine's in the same repetition; the
figure is the median of those ratios over the repetitions, so a machine that is busy
for part of the run moves the baseline and the candidate together:

- *scalar*: ``G`` games of ``game.new_state(seed)``, each decision a uniform choice
  from ``legal_action_ids()`` applied with ``action_from_id`` (the baseline);
- *played out*: ``BatchGame.init`` of ``B`` new seeds, then ``BatchGame.step`` with
  :func:`cardrules.batch.random_legal_ids` until every game is over (the tail, where
  few games are still live, is counted: decisions are the live games of each step);
- *reset*: ``S`` steps with :meth:`BatchGame.reset` starting every finished game again
  from a fresh seed before each step, so every row is always live, as in a training
  loop; the mask is read at every step;
- *reset, tensors*: the same, the observation tensor read at every step too.

The load average is printed before and after: the ratios hold under load, the absolute
figures do not. The peak memory is :file:`bench_batch_memory.py`'s.
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import time
from collections.abc import Callable

import numpy as np

from cardrules import Rng, load_game
from cardrules.batch import BatchGame, random_legal_ids
from cardrules.registry import Game

_SEED_BLOCK = 10**9
"""Seeds of one workload of one repetition come from a block of their own."""


def batch_run(engine: BatchGame, seeds: np.ndarray, seed: int, steps: int | None) -> int:
    """Play ``seeds`` to their end (or ``steps`` steps); the decisions taken."""
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


def reset_run(
    engine: BatchGame, size: int, seed: int, steps: int, tensors: bool = False, offset: int = 0
) -> int:
    """``steps`` steps of ``size`` always-live games, finished ones reset from fresh
    seeds before each step; the decisions taken (``size`` a step)."""
    generator = np.random.default_rng(seed)
    first = np.uint64(offset + seed * size * (steps + 1))
    state = engine.init(np.arange(size, dtype=np.uint64) + first)
    decisions = 0
    for number in range(steps):
        fresh = np.arange(size, dtype=np.uint64) + first + np.uint64((number + 1) * size)
        state = engine.reset(state, fresh)
        decisions += size
        if tensors:
            assert state.observation_tensor.dtype == np.float32
        state = engine.step(state, random_legal_ids(state.legal_action_mask, generator))
    return decisions


def scalar_run(game: Game, seeds: range, seed: int) -> int:
    """Random legal ids in the scalar engine, game by game; the decisions taken."""
    rng = Rng(seed)
    decisions = 0
    for number in seeds:
        state = game.new_state(seed=number)
        while not state.is_terminal:
            legal = state.legal_action_ids()
            state = state.apply(state.action_from_id(legal[rng.next_u64() % len(legal)]))
            decisions += 1
    return decisions


def cpu_rate(run: Callable[[], int]) -> float:
    """Decisions per CPU second of one run."""
    start = time.process_time()
    decisions = run()
    return decisions / max(time.process_time() - start, 1e-9)


def load() -> str:
    """The load averages over 1, 5 and 15 minutes, or "unknown"."""
    try:
        return ", ".join(f"{value:.1f}" for value in os.getloadavg())
    except OSError:  # pragma: no cover - not every platform has it
        return "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=4096)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--offset", type=int, default=0, help="the first block of seeds")
    args = parser.parse_args()
    game = load_game("azi", players=args.players)
    engine = BatchGame(game)
    size = args.batch

    def seeds(rep: int, workload: int) -> int:
        return (args.offset + rep * 4 + workload) * _SEED_BLOCK

    workloads: dict[str, Callable[[int], int]] = {
        "scalar": lambda rep: scalar_run(
            game, range(seeds(rep, 0), seeds(rep, 0) + args.games), rep
        ),
        "played out": lambda rep: batch_run(
            engine, np.arange(size, dtype=np.uint64) + np.uint64(seeds(rep, 1)), rep, None
        ),
        "reset": lambda rep: reset_run(engine, size, rep, args.steps, False, seeds(rep, 2)),
        "reset, tensors": lambda rep: reset_run(engine, size, rep, args.steps, True, seeds(rep, 3)),
    }
    print(f"Azi, {args.players} players, batch {size}, {args.repeat} repetitions")
    print(f"load average before: {load()}")
    rates: dict[str, list[float]] = {name: [] for name in workloads}
    for rep in range(args.repeat):
        for name, run in workloads.items():
            rates[name].append(cpu_rate(functools.partial(run, rep)))
    print(f"load average after: {load()}")
    print(f"{'workload':<16}{'decisions/CPU s':>18}{'x scalar: median':>18}{'(range)':>14}")
    for name, values in rates.items():
        ratios = [value / base for value, base in zip(values, rates["scalar"], strict=True)]
        span = f"{min(ratios):.2f}-{max(ratios):.2f}"
        print(
            f"{name:<16}{statistics.median(values):>18,.0f}"
            f"{statistics.median(ratios):>18.2f}{span:>14}"
        )


if __name__ == "__main__":
    main()
