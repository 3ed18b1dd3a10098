"""The seeds of the strength benchmarks: a tuning range and a report range.

The two ranges were fixed here before any bot was tuned on them:

- ``TUNING``: seeds ``0 .. 2**40 - 1``, for exploring and choosing parameters;
- ``REPORT``: seeds ``2**40 .. 2**41 - 1``, only for the figures the docs report.
  No parameter is chosen by looking at results on these seeds.

Every strength script in ``benchmarks/`` takes ``--seeds report|tuning``
(default ``report``) and ``--offset N`` (the index of its first seed in the
range, default 0), and gets its seeds from :func:`game_seed`: seed ``i`` of a
run is ``range.start + offset + i``. A script that hands a master seed to the
runner or the tournament (which derive each game's seed from it) uses
``game_seed(args, 0)`` as that master seed.

>>> REPORT.seed(0) == 2**40, TUNING.seed(5)
(True, 5)
>>> 2**40 in REPORT, 2**40 in TUNING
(True, False)
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

__all__ = ["RANGES", "REPORT", "TUNING", "SeedRange", "add_seed_options", "game_seed", "seed_range"]


@dataclass(frozen=True)
class SeedRange:
    """The seeds ``start .. stop - 1`` under a name."""

    name: str
    start: int
    stop: int

    def seed(self, index: int) -> int:
        """The ``index``-th seed of the range.

        >>> TUNING.seed(2**40)
        Traceback (most recent call last):
        ...
        ValueError: seed index 1099511627776 is outside the tuning range (2**40 seeds)
        """
        if not 0 <= index < self.stop - self.start:
            size = (self.stop - self.start).bit_length() - 1
            raise ValueError(
                f"seed index {index} is outside the {self.name} range (2**{size} seeds)"
            )
        return self.start + index

    def __contains__(self, seed: object) -> bool:
        return isinstance(seed, int) and self.start <= seed < self.stop


TUNING = SeedRange("tuning", 0, 2**40)
REPORT = SeedRange("report", 2**40, 2**41)
RANGES = {r.name: r for r in (TUNING, REPORT)}


def add_seed_options(parser: argparse.ArgumentParser) -> None:
    """``--seeds report|tuning`` (default report) and ``--offset N`` (default 0)."""
    parser.add_argument(
        "--seeds",
        choices=sorted(RANGES),
        default=REPORT.name,
        help="the seed range: report (default; for published figures) or tuning",
    )
    parser.add_argument(
        "--offset",
        type=int,
        default=0,
        help="index of the first seed in the range (default 0); disjoint runs use disjoint offsets",
    )


def seed_range(args: argparse.Namespace) -> SeedRange:
    """The range named by ``--seeds``."""
    return RANGES[args.seeds]


def game_seed(args: argparse.Namespace, index: int) -> int:
    """Seed ``index`` of the run: ``range.start + offset + index``."""
    return seed_range(args).seed(args.offset + index)
