"""Benchmark: pgx's Kuhn and Leduc poker beside cardrules' Azi batch, steps per CPU second.

Run as ``python benchmarks/bench_batch_pgx.py [--batch B] [--steps S] [--repeat R]`` in
an environment with pgx (and so JAX) installed next to cardrules and numpy.

Every workload keeps every row live, as a training loop does, and counts ``B`` steps
per call:

- *pgx*: one jitted call per step that draws a uniformly random legal action for each
  row, steps, and starts the finished rows again (``env.init``), vmapped over the batch;
  the call is compiled and run once before the clock starts;
- *cardrules*: ``BatchGame.reset`` then ``BatchGame.step`` with
  :func:`cardrules.batch.random_legal_ids`, for Azi with four players (the "reset" row
  of ``bench_batch_azi.py``, the mask read at every step), the same with the
  observation tensor read at every step too (pgx computes its observation in every
  step), and the scalar engine's Azi decisions, the baseline of every ratio.

Each repetition runs every workload once, interleaved, on fresh seeds, and each figure
is the median over the repetitions of its ratio to the scalar engine in the same
repetition, by process CPU time (JAX may use every core, so CPU time is the figure to
compare per core). The load average is printed before and after.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from cardrules import load_game
from cardrules.batch import BatchGame

_HERE = Path(__file__).resolve().parent


def _cpu_rate(run: Callable[[int], int], rep: int) -> float:
    """Steps per CPU second of one run."""
    start = time.process_time()
    steps = run(rep)
    return steps / max(time.process_time() - start, 1e-9)


def pgx_run(name: str, size: int, steps: int, offset: int = 0) -> Callable[[int], int]:
    """A run of ``steps`` random-legal steps of pgx's ``name`` at batch ``size``, its keys
    drawn from ``offset`` and the repetition."""
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
        current = init(jax.random.split(jax.random.PRNGKey(offset * 2000 + rep + 1), size))
        key = jax.random.PRNGKey(offset * 2000 + 1000 + rep)
        for _ in range(steps):
            key, sub = jax.random.split(key)
            current = step(current, jax.random.split(sub, size))
        jax.block_until_ready(current)
        return size * steps

    return run


def main() -> None:
    import sys

    sys.path.insert(0, str(_HERE))
    from bench_batch_azi import load, reset_run, scalar_run

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=4096)
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--offset", type=int, default=0, help="the first block of seeds")
    args = parser.parse_args()
    size = args.batch
    game = load_game("azi", players=4)
    engine = BatchGame(game)
    block = 10**9

    def seeds(rep: int, workload: int) -> int:
        return (args.offset + rep * 3 + workload) * block

    workloads: dict[str, Callable[[int], int]] = {
        "pgx kuhn_poker": pgx_run("kuhn_poker", size, args.steps, args.offset),
        "pgx leduc_holdem": pgx_run("leduc_holdem", size, args.steps, args.offset),
        "cardrules azi, reset": lambda rep: reset_run(
            engine, size, rep, args.steps, False, seeds(rep, 0)
        ),
        "  tensors read too": lambda rep: reset_run(
            engine, size, rep, args.steps, True, seeds(rep, 1)
        ),
        "cardrules azi, scalar": lambda rep: scalar_run(
            game, range(seeds(rep, 2), seeds(rep, 2) + args.games), rep
        ),
    }
    print(f"load average before: {load()}")
    rates: dict[str, list[float]] = {name: [] for name in workloads}
    for rep in range(args.repeat):
        for name, run in workloads.items():
            rates[name].append(_cpu_rate(run, rep))
    print(f"load average after: {load()}")
    import jax
    import pgx

    print(f"batch {size}, {args.steps} steps, {args.repeat} repetitions; pgx {pgx.__version__},")
    print(f"jax {jax.__version__} on {jax.default_backend()}, numpy {np.__version__}")
    print(f"{'workload':<24}{'steps/CPU s (median)':>22}{'x scalar: median':>18}{'(range)':>14}")
    base = rates["cardrules azi, scalar"]
    for name, values in rates.items():
        ratios = [value / scalar for value, scalar in zip(values, base, strict=True)]
        span = f"{min(ratios):.1f}-{max(ratios):.1f}"
        print(
            f"{name:<24}{statistics.median(values):>22,.0f}"
            f"{statistics.median(ratios):>18.1f}{span:>14}"
        )
    leduc = rates["pgx leduc_holdem"]
    azi = rates["cardrules azi, reset"]
    ahead = [mine / theirs for mine, theirs in zip(azi, leduc, strict=True)]
    print(f"Azi with reset over pgx Leduc, same repetition: median {statistics.median(ahead):.2f}")


if __name__ == "__main__":
    main()
