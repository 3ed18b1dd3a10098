"""Benchmark: the peak memory of a batch of Azi games played out, tensors read each step.

Run as ``python benchmarks/bench_batch_memory.py [--sizes B ...] [--players P]``.

Each batch size runs in a fresh child process, which plays ``B`` four-player games
from fresh seeds to their end with :func:`cardrules.batch.random_legal_ids`, reading
the observation tensor and the legal-action mask at every step and keeping only the
current state (and so the history of every game's ids). It reports two peaks:

- *traced*: the peak of ``tracemalloc`` over the run (numpy reports its arrays to it),
  the memory the batch itself allocates;
- *resident*: the growth of the child's peak resident set (``ru_maxrss``) over the
  run, after the imports and a warm-up batch of 8 games: what the operating system saw.

Both are given per game; the goal is at most 1 GiB for 65,536 games, and a per-game
figure that does not grow with the batch (linear in ``B``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

GOAL = 2**30
"""1 GiB for the largest batch."""


def child(size: int, players: int) -> dict[str, float]:
    """Play one batch of ``size`` games in this process; its peaks, in bytes."""
    import resource
    import tracemalloc

    import numpy as np

    from cardrules import load_game
    from cardrules.batch import BatchGame, random_legal_ids

    engine = BatchGame(load_game("azi", players=players))

    def play(count: int, first: int) -> int:
        generator = np.random.default_rng(first)
        state = engine.init(np.arange(first, first + count, dtype=np.uint64))
        steps = 0
        while not state.terminated.all():
            assert state.observation_tensor.shape[0] == count
            state = engine.step(state, random_legal_ids(state.legal_action_mask, generator))
            steps += 1
        return steps

    play(8, 0)  # imports and first calls done before the baseline
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # KiB on Linux
    tracemalloc.start()
    start = time.process_time()
    steps = play(size, 10**9)
    cpu = time.process_time() - start
    traced = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    return {"traced": traced, "resident": max(after - before, 0), "steps": steps, "cpu": cpu}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1024, 4096, 16384, 65536])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        print(json.dumps(child(args.child, args.players)))
        return
    print(f"Azi, {args.players} players; load average before: {os.getloadavg()[0]:.1f}")
    print(
        f"{'games':>8}{'steps':>7}{'traced MiB':>12}{'KiB/game':>10}"
        f"{'resident MiB':>14}{'KiB/game':>10}"
    )
    per_game: list[float] = []
    largest = 0.0
    for size in args.sizes:
        command = [sys.executable, __file__, "--child", str(size), "--players", str(args.players)]
        result = subprocess.run(command, capture_output=True, text=True, check=True)
        figures = json.loads(result.stdout.strip().splitlines()[-1])
        traced, resident = figures["traced"], figures["resident"]
        per_game.append(traced / size)
        largest = max(traced, resident)
        steps = int(figures["steps"])
        print(
            f"{size:>8,}{steps:>7}{traced / 2**20:>12.1f}{traced / size / 1024:>10.2f}"
            f"{resident / 2**20:>14.1f}{resident / size / 1024:>10.2f}"
        )
    spread = max(per_game) / min(per_game)
    print(f"traced per game, largest over smallest: {spread:.2f} (1.00 is exactly linear)")
    verdict = "met" if largest <= GOAL else "missed"
    print(f"goal: at most 1 GiB for the largest batch: {largest / 2**20:.0f} MiB, {verdict}")


if __name__ == "__main__":
    main()
