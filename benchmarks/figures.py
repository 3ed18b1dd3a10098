"""Measured figures as JSON files, for ``bots_page.py`` to turn into the docs' tables.

A strength script given ``--out FILE`` writes one figure: what was measured (its
``table`` and ``row``), the command, the seed range and first seed, and the
sample (``values``) with its mean and Student t 95% interval.

>>> figure = summary([1.0, 2.0, 3.0])
>>> figure["count"], figure["mean"], round(figure["low"], 3), round(figure["high"], 3)
(3, 2.0, -0.484, 4.484)
"""

from __future__ import annotations

import json
import math
import shlex
import statistics
import sys
from collections.abc import Sequence
from typing import Any

__all__ = ["command_line", "summary", "t_quantile", "write_figure"]


def t_quantile(df: int, p: float = 0.975) -> float:
    """Student t quantile: exact for 1 and 2 degrees of freedom, else the
    Cornish-Fisher expansion (within 0.002 from 3 on).

    >>> round(t_quantile(1000), 3), round(t_quantile(30), 3), round(t_quantile(2), 3)
    (1.962, 2.042, 4.303)
    """
    if df == 1:
        return math.tan(math.pi * (p - 0.5))
    if df == 2:
        a = 4 * p * (1 - p)
        return (2 * p - 1) * math.sqrt(2 / a)
    z = statistics.NormalDist().inv_cdf(p)
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


def summary(values: Sequence[float]) -> dict[str, Any]:
    """Count, mean, sd and the t 95% interval of ``values`` (at least two)."""
    mean = statistics.fmean(values)
    sd = statistics.stdev(values)
    half = t_quantile(len(values) - 1) * sd / math.sqrt(len(values))
    return {"count": len(values), "mean": mean, "sd": sd, "low": mean - half, "high": mean + half}


def command_line(script: str, argv: Sequence[str] | None) -> str:
    """The command that ran ``script``, as it would be typed (without ``--out``)."""
    words = list(sys.argv[1:] if argv is None else argv)
    kept: list[str] = []
    skip = False
    for word in words:
        if skip:
            skip = False
            continue
        if word in ("--out", "--json"):
            skip = True
            continue
        if word.startswith(("--out=", "--json=")):
            continue
        kept.append(word)
    return " ".join(["python", f"benchmarks/{script}", *map(shlex.quote, kept)])


def write_figure(
    path: str,
    *,
    table: str,
    row: str,
    command: str,
    seeds: str,
    first_seed: int,
    values: Sequence[float],
    unit: str,
    **extra: Any,
) -> None:
    """Write one figure (see the module docs) to ``path`` as JSON."""
    record = {
        "table": table,
        "row": row,
        "command": command,
        "seeds": seeds,
        "first_seed": first_seed,
        "unit": unit,
        **summary(values),
        **extra,
        "values": list(values),
    }
    with open(path, "w", encoding="utf-8") as out:
        json.dump(record, out)
        out.write("\n")
