"""What the speed benchmarks that compare two loops in one run share.

Each such script runs its loops in *rounds*: every round plays fresh inputs (new seeds,
never replayed) through every loop, one after the other, the order turning each round,
so that a change in the machine's load falls on all the loops alike. A ratio is taken
within each round, against the baseline measured in that round, and the script reports
the median of the rounds' ratios with their range, the goal met or missed, and the load
average of the machine (the ratios hold under load better than the times do, but a
loaded machine still needs a quiet re-run before a figure is final).

>>> median_ratio([2.0, 1.0, 4.0])
2.0
>>> verdict(1.9, 2.0), verdict(2.1, 2.0)
('met', 'missed')
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

__all__ = ["CLOCKS", "load_average", "median_ratio", "order", "summary", "timer_cost", "verdict"]

T = TypeVar("T")

CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}


def load_average() -> str:
    """The machine's 1, 5 and 15 minute load averages, as text."""
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:  # pragma: no cover - not on every platform
        return "unknown"
    return f"{one:.1f}, {five:.1f}, {fifteen:.1f}"


def timer_cost(clock: Callable[[], float], samples: int = 20_000) -> float:
    """Seconds one empty timed section costs (two clock reads), the best of 5 runs.

    Every loop pays it once per timed step; it is taken off every per-step figure so
    that it does not pull a ratio towards 1.
    """
    best = float("inf")
    for _ in range(5):
        spent = 0.0
        for _ in range(samples):
            start = clock()
            spent += clock() - start
        best = min(best, spent / samples)
    return best


def order(loops: Sequence[T], round_: int) -> list[T]:
    """The loops in the order round ``round_`` runs them: turned by one each round.

    >>> order(["a", "b", "c"], 0), order(["a", "b", "c"], 1)
    (['a', 'b', 'c'], ['b', 'c', 'a'])
    """
    shift = round_ % len(loops)
    return [*loops[shift:], *loops[:shift]]


def median_ratio(ratios: Sequence[float]) -> float:
    """The median of the rounds' ratios."""
    return float(statistics.median(ratios))


def verdict(ratio: float, goal: float) -> str:
    """``"met"`` when ``ratio`` is at most ``goal``, else ``"missed"``."""
    return "met" if ratio <= goal else "missed"


def summary(name: str, ratios: Sequence[float], goal: float) -> str:
    """One line: the median ratio of the rounds, their range, and the goal met or missed."""
    middle = median_ratio(ratios)
    return (
        f"{name}: median {middle:.2f}x over {len(ratios)} rounds"
        f" ({min(ratios):.2f}x to {max(ratios):.2f}x); goal at most {goal:g}x:"
        f" {verdict(middle, goal)}"
    )
