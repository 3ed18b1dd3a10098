"""Hazari analytics on arrays against the scalar engine, measured in one run.

Run as ``python benchmarks/bench_batch_hazari.py [--deals N] [--repeat R] [--clock cpu]``.
Each workload is timed ``R`` times (best of ``R``) on fresh seeds every time, so no
cache holds an earlier input; each ratio compares the batch with the scalar engine
doing the same job on other fresh seeds in the same run.

- ``deal -> arrange greedy -> play``: ``deal``, ``arrange(hands, "greedy")`` and
  ``play`` for ``N`` deals, against complete scalar greedy deals
  (``HazariState.new``, ``greedy_arrangement`` for each seat, ``apply``);
- ``strengths of random splits``: four players' random splits (a shuffled pack, each
  hand cut 3/3/3/4), every 3-card group and the best three of every 4-card group,
  against ``strength_of`` and ``strength4_of`` on the same job (the splits are made
  before the clock starts, different ones for each run);
- ``arrange best``: ``arrange(hands, "best")`` per hand against ``best_arrangement``;
- ``arrange random``: ``arrange(hands, "random")`` per hand, for information.

``--clock cpu`` times the process's CPU time instead of wall time, for a busy machine.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Iterator
from itertools import count

import numpy as np

from cardrules import Card
from cardrules.batch import derive_seeds
from cardrules.hazari import HazariState, Up, best_arrangement, greedy_arrangement
from cardrules.hazari import batch as hb
from cardrules.hazari.batch.shuffle import shuffled_decks
from cardrules.hazari.evaluator import strength4_of, strength_of

CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
clock = CLOCKS["wall"]


def best_of(repeat: int, job: Callable[[int], object]) -> float:
    """The fastest of ``repeat`` runs of ``job(run)``, in seconds; each run gets its number."""
    best = float("inf")
    for run in range(repeat):
        start = clock()
        job(run)
        best = min(best, clock() - start)
    return best


def seeds(run: int, n: int, salt: int) -> np.ndarray:
    """Fresh seeds for run ``run`` of a workload (never repeated across runs or workloads)."""
    result: np.ndarray = np.arange(n, dtype=np.uint64) + np.uint64((salt << 40) + (run << 28))
    return result


def scalar_greedy_deal(seed: int) -> HazariState:
    state = HazariState.new(seed=seed)
    while not state.is_terminal:
        player = state.current_player
        assert player is not None
        state = state.apply(Up(greedy_arrangement(state.observation(player).hand)))
    return state


def random_splits(run: int, n: int) -> np.ndarray:
    """``(n, 4, 13)`` card indices: shuffled packs, each hand in its shuffled order."""
    decks = shuffled_decks(derive_seeds(seeds(run, n, 2), 1))
    result: np.ndarray = decks.reshape(n, 4, 13)
    return result


def batch_strengths(cards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    threes = hb.strengths(cards[:, :, :9].reshape(len(cards), 4, 3, 3))
    fours = hb.strengths(cards[:, :, 9:])
    return threes, fours


def scalar_strengths(cards: list[list[int]]) -> list[int]:
    out = []
    for hand in cards:
        out += [strength_of(*hand[i : i + 3]) for i in (0, 3, 6)]
        out.append(strength4_of(*hand[9:]))
    return out


def main() -> None:
    global clock
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000, help="deals per batch run")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (best of)")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall")
    parser.add_argument("--best-hands", type=int, default=2000, help="hands per best run")
    args = parser.parse_args()
    clock = CLOCKS[args.clock]
    n, repeat = args.deals, args.repeat
    scalar_n = max(200, n // 200)
    fresh: Iterator[int] = count(10**12)

    rows: list[tuple[str, float, float]] = []

    def pipeline(run: int) -> object:
        return hb.play(hb.arrange(hb.deal(seeds(run, n, 1)), "greedy"))

    batch = best_of(repeat, pipeline) / n
    scalar = best_of(repeat, lambda _: [scalar_greedy_deal(next(fresh)) for _ in range(scalar_n)])
    rows.append(("deal -> arrange greedy -> play", batch, scalar / scalar_n))

    stage_n = n
    t_deal = best_of(repeat, lambda run: hb.deal(seeds(run, stage_n, 3))) / stage_n
    hands = hb.deal(seeds(0, stage_n, 4))
    t_arrange = best_of(repeat, lambda run: hb.arrange(hb.deal(seeds(run, stage_n, 5)), "greedy"))
    t_arrange = t_arrange / stage_n - t_deal
    arranged = hb.arrange(hands, "greedy")
    t_play = best_of(repeat, lambda _: hb.play(arranged)) / stage_n

    splits_n = n
    inputs = [random_splits(run, splits_n) for run in range(repeat)]  # fresh for each run
    strengths_batch = best_of(repeat, lambda run: batch_strengths(inputs[run])) / splits_n
    sample = [random_splits(run, scalar_n * 5).tolist() for run in range(repeat)]
    scalar_eval = best_of(repeat, lambda run: [scalar_strengths(deal) for deal in sample[run]])
    rows.append(
        ("strengths of random splits (4 players)", strengths_batch, scalar_eval / (scalar_n * 5))
    )

    best_n = args.best_hands
    t_best = best_of(repeat, lambda run: hb.arrange(hb.deal(seeds(run, best_n // 4, 6)), "best"))
    t_best = (t_best - t_deal * best_n / 4) / best_n
    scalar_hands = [
        [
            tuple(Card.from_index(int(i)) for i in hand)
            for hand in hb.deal(seeds(run, 50, 7)).reshape(-1, 13)
        ]
        for run in range(repeat)
    ]
    t_best_scalar = best_of(repeat, lambda run: [best_arrangement(h) for h in scalar_hands[run]])
    rows.append(("arrange best (per hand)", t_best, t_best_scalar / 200))

    t_random = best_of(repeat, lambda run: hb.arrange(hands, "random", seed=run)) / (4 * stage_n)

    print(f"clock: {args.clock}; best of {repeat}; {n:,} deals per batch run")
    print(f"{'workload':40} {'batch':>12} {'scalar':>12} {'ratio':>8}")
    for name, fast, slow in rows:
        print(f"{name:40} {fast * 1e6:9.2f} us {slow * 1e6:9.2f} us {slow / fast:7.1f}x")
    print(f"greedy pipeline: {1 / batch:,.0f} deals/s (scalar {scalar_n / scalar:,.0f} deals/s)")
    print(
        f"  of which deal {t_deal * 1e6:.2f} us, arrange {t_arrange * 1e6:.2f} us,"
        f" play {t_play * 1e6:.2f} us per deal"
    )
    print(f"strengths of random splits: {1 / strengths_batch:,.0f} deals/s")
    print(f"arrange random: {t_random * 1e6:.2f} us per hand")


if __name__ == "__main__":
    main()
