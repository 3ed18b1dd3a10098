"""Chi-square goodness of fit for the sampling tests, without SciPy."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Mapping
from fractions import Fraction
from typing import TypeVar

K = TypeVar("K", bound=Hashable)


def chi_square_sf(statistic: float, df: int) -> float:
    """P(X >= statistic) for a chi-square variable with ``df`` (a whole number) degrees
    of freedom: the regularized upper incomplete gamma function Q(df/2, statistic/2)."""
    y = statistic / 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for k in range(1, df // 2):
            term *= y / k
            total += term
        return math.exp(-y) * total
    total = math.erfc(math.sqrt(y))
    term = math.sqrt(y) / math.gamma(1.5)
    for k in range(1, (df + 1) // 2):
        total += math.exp(-y) * term
        term *= y / (k + 0.5)
    return total


def chi_square(counts: Counter[K], expected: Mapping[K, Fraction]) -> tuple[float, int]:
    """The statistic and degrees of freedom of ``counts`` against probabilities
    ``expected``; a draw where the posterior is zero makes the statistic infinite."""
    size = sum(counts.values())
    if any(not expected.get(cell) for cell in counts):
        return math.inf, len(expected) - 1
    cells = [cell for cell, p in expected.items() if p]
    statistic = sum(
        (counts[cell] - size * float(expected[cell])) ** 2 / (size * float(expected[cell]))
        for cell in cells
    )
    return statistic, len(cells) - 1
