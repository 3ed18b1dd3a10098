"""How often each combination takes each round, over many seeded deals (needs numpy).

:func:`round_stats` deals ``seeds`` (as :func:`~cardrules.hazari.batch.deal` does),
arranges every hand with a named policy, plays the deals out, and counts for each
round 1..4 and each of the 741 combination classes how many groups of that class
were played in that round and how many took it (H10, H11; a 4-card group counts as
the class of its best three cards, H6), and each seat's points. Its result is a
:class:`~cardrules.hazari.stats.HazariStats`, the same as
:meth:`HazariStats.from_batch <cardrules.hazari.stats.HazariStats.from_batch>` and
``cardrules hazari stats`` give for the same seeds: for the deals of a run, the seeds
of :func:`~cardrules.rng.game_seeds` (deal ``i`` from ``derive_seed(seed, i)``).

>>> from cardrules.hazari.combination import Kind
>>> from cardrules.rng import game_seeds
>>> stats = round_stats(game_seeds(200), "greedy")
>>> [sum(row) for row in stats.played], [sum(row) for row in stats.won]  # 4 groups, 1 winner
([800, 800, 800, 800], [200, 200, 200, 200])
>>> stats.played[0][Kind.PAIR]  # 13 cards always hold a colour: greedy never leads a pair
0
>>> print(round_stats(game_seeds(20), "greedy").table())  # doctest: +ELLIPSIS
win rate of a group of each kind, by round
kind          round 1  round 2  round 3  round 4
Trio            ...
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.hazari.batch.counts import deal_counts, seed_blocks
from cardrules.hazari.rules import HazariRules
from cardrules.hazari.stats import HazariStats
from cardrules.rng import Rng

__all__ = ["RoundStats", "deal_counts", "round_stats", "seed_blocks"]

RoundStats = HazariStats
"""The result of :func:`round_stats` before 0.4.0: now :class:`~cardrules.hazari.stats.HazariStats`,
the one result of every route to these counts."""


def round_stats(
    seeds: object,
    policy: str | Sequence[str] = "greedy",
    *,
    dealer: int = 0,
    rules: HazariRules | None = None,
    seed: int | Rng | None = None,
) -> HazariStats:
    """Count, for the deals of ``seeds`` arranged by ``policy`` (see
    :func:`~cardrules.hazari.batch.arrange`; ``seed`` is the random policy's; or four
    of ``greedy`` and ``best``, one per seat), how often each combination was played
    and took each round, and each seat's points: exactly
    :meth:`HazariStats.from_batch <cardrules.hazari.stats.HazariStats.from_batch>`."""
    return HazariStats.from_batch(seeds, policy, dealer=dealer, rules=rules, seed=seed)
