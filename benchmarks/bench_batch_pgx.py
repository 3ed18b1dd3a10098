"""Benchmark: pgx's Kuhn and Leduc poker beside cardrules' Azi batch, steps per second.

Run as ``python benchmarks/bench_batch_pgx.py [--batch B] [--steps S] [--repeat R]`` in
an environment with pgx (and so JAX) installed next to cardrules and numpy.

Every workload keeps every row live, as a training loop does, and counts ``B`` steps
per call:

- *pgx*: one jitted call per step that draws a uniformly random legal action for each
  row, steps, and starts the finished rows again (``env.init``), vmapped over the batch;
  the call is compiled and run once before the clock starts;
- *cardrules*: ``BatchGame.reset`` then ``BatchGame.step`` with
  :func:`cardrules.batch.random_legal_ids`, for Azi with four players (the "batch,
  reset" row of ``bench_batch_azi.py``), and the scalar engine's Azi decisions in the
  same run, as the baseline of every ratio.

Wall time and process CPU time are both given (best of ``--repeat``); JAX may use every
core, so the CPU-time figure is the one to compare per core.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from cardrules import load_game
from cardrules.batch import BatchGame

_HERE = Path(__file__).resolve().parent


def _timed(run: Callable[[int], int], repeat: int) -> tuple[float, float]:
    """The best steps/s by wall clock and by CPU time over ``repeat`` runs."""
    wall = cpu = 0.0
    for rep in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        steps = run(rep)
        wall = max(wall, steps / (time.perf_counter() - start))
        cpu = max(cpu, steps / max(time.process_time() - start_cpu, 1e-9))
    return wall, cpu


def pgx_run(name: str, size: int, steps: int) -> Callable[[int], int]:
    """A run of ``steps`` random-legal steps of pgx's ``name`` at batch ``size``."""
    import jax
    import jax.numpy as jnp
    import pgx

    env = pgx.make(name)

    def one(state: Any, key: Any) -> Any:
        pick, again, chance = jax.random.split(key, 3)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        action = jax.random.categorical(pick, logits)
        state = env.step(state, action, chance)
        fresh = env.init(again)
        done = state.terminated | state.truncated
        return jax.tree_util.tree_map(lambda new, old: jnp.where(done, new, old), fresh, state)

    init = jax.jit(jax.vmap(env.init))
    step = jax.jit(jax.vmap(one))
    keys = jax.random.split(jax.random.PRNGKey(0), size)
    state = step(init(keys), keys)
    jax.block_until_ready(state)

    def run(rep: int) -> int:
        current = init(jax.random.split(jax.random.PRNGKey(rep + 1), size))
        key = jax.random.PRNGKey(1000 + rep)
        for _ in range(steps):
            key, sub = jax.random.split(key)
            current = step(current, jax.random.split(sub, size))
        jax.block_until_ready(current)
        return size * steps

    return run


def main() -> None:
    import sys

    sys.path.insert(0, str(_HERE))
    from bench_batch_azi import reset_run, scalar_run

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=4096)
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--games", type=int, default=500)
    args = parser.parse_args()
    size = args.batch
    game = load_game("azi", players=4)
    engine = BatchGame(game)
    figures: dict[str, tuple[float, float]] = {}
    for name in ("kuhn_poker", "leduc_holdem"):
        figures[f"pgx {name}"] = _timed(pgx_run(name, size, args.steps), args.repeat)
    figures["cardrules azi, reset"] = _timed(
        lambda rep: reset_run(engine, size, rep + 1, args.steps), args.repeat
    )
    figures["cardrules azi, scalar"] = _timed(
        lambda rep: scalar_run(game, range(rep * args.games, (rep + 1) * args.games), rep),
        args.repeat,
    )
    import jax
    import pgx

    print(f"batch {size}, {args.steps} steps, best of {args.repeat}; pgx {pgx.__version__},")
    print(f"jax {jax.__version__} on {jax.default_backend()}, numpy {np.__version__}")
    print(f"{'workload':<24}{'steps/s (wall)':>16}{'steps/s (CPU)':>16}{'x scalar (CPU)':>16}")
    scalar_cpu = figures["cardrules azi, scalar"][1]
    for name, (wall, cpu) in figures.items():
        print(f"{name:<24}{wall:>16,.0f}{cpu:>16,.0f}{cpu / scalar_cpu:>16.1f}")


if __name__ == "__main__":
    main()
