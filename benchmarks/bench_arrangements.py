"""Benchmark: Hazari arrangements, in milliseconds per hand.

Run as ``python benchmarks/bench_arrangements.py [--hands N] [--seed S]``.

On the same random 13-card hands, in one run, it times:

- *brute force*: a table-driven walk over all 200,200 splits that checks each one
  (the baseline), once to count the valid ones and once for the best expected points;
- ``count_valid_arrangements`` (the pruned walk behind ``len(valid_arrangements(hand))``);
- iterating ``valid_arrangements(hand)`` (builds every ``Arrangement``);
- ``best_arrangement`` (exact, default objective) and ``greedy_arrangement``.

It checks that the brute force and the library agree on 20 hands, and prints the
median, 90th percentile and maximum per hand, with the ratio of each median to
the brute-force count. The functions take turns on each hand and each hand's time
is the best of ``--repeat`` runs, which filters out most of a shared machine's noise.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable
from typing import Any

from cardrules.cards import Card
from cardrules.hazari import (
    EXPECTED_POINTS,
    arrangement_value,
    best_arrangement,
    count_valid_arrangements,
    greedy_arrangement,
    valid_arrangements,
)
from cardrules.hazari.partitions import (
    quad_strengths,
    sorted_hand,
    split_tables,
    triple_strengths,
)
from cardrules.hazari.solver import group_values
from cardrules.rng import Rng


def brute_force_count(hand: tuple[Card, ...]) -> int:
    """Every one of the 200,200 splits, checked with table lookups and no pruning."""
    cards = sorted_hand(hand)
    s = triple_strengths(cards)
    s4 = quad_strengths(s)
    nine, six_splits = split_tables()
    count = 0
    for q, threshold in enumerate(s4):
        for first, six in nine[q]:
            for a, b in six_splits[six]:
                if s[first] >= threshold and s[a] >= threshold and s[b] >= threshold:
                    count += 1
    return count


def brute_force_best(hand: tuple[Card, ...]) -> float:
    """The best expected points over all 200,200 splits, each checked and scored."""
    cards = sorted_hand(hand)
    s = triple_strengths(cards)
    s4 = quad_strengths(s)
    f1, f2, f3, f4 = group_values(cards, s, s4, EXPECTED_POINTS)
    nine, six_splits = split_tables()
    best = float("-inf")
    for q, threshold in enumerate(s4):
        for first, six in nine[q]:
            for a, b in six_splits[six]:
                if s[first] < threshold or s[a] < threshold or s[b] < threshold:
                    continue
                x, y, z = sorted((first, a, b), key=s.__getitem__, reverse=True)
                value = f1[x] + f2[y] + f3[z] + f4[q]
                if value > best:
                    best = value
    return best


def iterate_all(hand: tuple[Card, ...]) -> int:
    """Build every valid arrangement of the hand."""
    return sum(1 for _ in valid_arrangements(hand))


def timed(
    functions: list[tuple[str, Callable[[Any], Any], int]],
    hands: list[tuple[Card, ...]],
    repeat: int,
) -> dict[str, list[float]]:
    """Milliseconds per hand for each ``(name, function, hands to run)``, sorted.

    The functions take turns on each hand, so a change in the machine's load hits
    them alike; each hand's time is the best of ``repeat`` runs.
    """
    best = {name: [math.inf] * limit for name, _, limit in functions}
    for _ in range(repeat):
        for number, hand in enumerate(hands):
            for name, function, limit in functions:
                if number < limit:
                    start = time.perf_counter()
                    function(hand)
                    elapsed = (time.perf_counter() - start) * 1000.0
                    best[name][number] = min(best[name][number], elapsed)
    return {name: sorted(times) for name, times in best.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=3, help="runs per hand; the best counts")
    args = parser.parse_args()
    rng = Rng(args.seed)
    deck = [Card.from_index(i) for i in range(52)]
    hands = [tuple(rng.shuffled(deck)[:13]) for _ in range(args.hands)]

    best_arrangement(hands[0])  # builds the lazy index tables once, outside the timings
    for hand in hands[:20]:
        assert brute_force_count(hand) == count_valid_arrangements(hand)
        # The brute force plays equal groups in either order; their scores are equal.
        assert abs(brute_force_best(hand) - arrangement_value(best_arrangement(hand))) < 1e-9

    every, few = len(hands), max(1, len(hands) // 4)
    rows = timed(
        [
            ("brute force: count all 200,200", brute_force_count, every),
            ("brute force: best of 200,200", brute_force_best, few),
            ("count_valid_arrangements", count_valid_arrangements, every),
            ("iterate valid_arrangements", iterate_all, few),
            ("best_arrangement", best_arrangement, every),
            ("greedy_arrangement", greedy_arrangement, every),
        ],
        hands,
        args.repeat,
    )
    baseline = statistics.median(rows["brute force: count all 200,200"])
    print(
        f"{len(hands)} random hands, seed {args.seed}; milliseconds per hand, best of {args.repeat}"
    )
    print(f"{'':32} {'median':>8} {'p90':>8} {'max':>8} {'ratio':>8}")
    for name, times in rows.items():
        median = statistics.median(times)
        p90 = times[int(0.9 * (len(times) - 1))]
        print(f"{name:32} {median:8.2f} {p90:8.2f} {times[-1]:8.2f} {median / baseline:8.3f}")


if __name__ == "__main__":
    main()
