"""How often each combination takes each round, over many seeded deals: the batch
engine's counts (needs numpy).

:func:`deal_counts` deals ``seeds`` (as :func:`~cardrules.hazari.batch.deal` does),
arranges every hand with a policy, plays the deals out, and counts for each round
1..4 and each of the 741 combination classes how many groups of that class were
played in that round and how many took it (H10, H11; a 4-card group counts as the
class of its best three cards, H6), and each seat's points. It reads the seeds a
block at a time (:func:`seed_blocks`), so memory stays flat for any count.
:meth:`HazariStats.from_batch <cardrules.hazari.stats.HazariStats.from_batch>` and
:func:`~cardrules.hazari.stats.round_stats` give these counts as a
:class:`~cardrules.hazari.stats.HazariStats`, the one result of every route.

>>> deals, played, won, points = deal_counts(range(200), "greedy")
>>> deals, [sum(row) for row in played], [sum(row) for row in won]  # 4 groups, 1 winner
(200, [800, 800, 800, 800], [200, 200, 200, 200])
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator, Sequence

import numpy as np
import numpy.typing as npt

from cardrules.cards import _show
from cardrules.errors import InvalidRulesError, InvalidSeedError
from cardrules.hazari.batch import (
    POLICIES,
    _allowed_rules,
    _play_block,
    _seat,
    _seed_array,
    _sorted_hands,
    arrange,
    deal,
)
from cardrules.hazari.batch.uniform import random_positions
from cardrules.hazari.combination import COMBINATIONS
from cardrules.hazari.policies import check_policies
from cardrules.hazari.rules import HazariRules
from cardrules.rng import Rng, check_seed

__all__ = ["POINT_BINS", "deal_counts", "seed_blocks"]

CLASSES = len(COMBINATIONS)
ROUNDS = 4
_BLOCK = 8192
"""Deals dealt, arranged and played per pass, so memory stays flat for any count."""

POINT_BINS = 73
"""Scores 0, 5, ..., 360: the bins of :func:`deal_counts`' points."""

Counts = tuple[tuple[int, ...], ...]


def seed_blocks(seeds: object, size: int = _BLOCK) -> Iterator[tuple[int, npt.NDArray[np.uint64]]]:
    """``(start, block)`` for the seeds in blocks of ``size``, checked block by block
    as :func:`~cardrules.hazari.batch.deal` checks them: a range, an array or an
    iterator is read a block at a time, never whole.

    >>> [(start, block.tolist()) for start, block in seed_blocks(range(5), 2)]
    [(0, [0, 1]), (2, [2, 3]), (4, [4])]
    >>> next(seed_blocks(iter([1, -1])))
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidSeedError: seeds[1]: seed -1 is not an integer in 0..2**64-1
    """
    if isinstance(seeds, (range, np.ndarray)):
        if isinstance(seeds, np.ndarray) and seeds.ndim != 1:
            _seed_array(seeds)  # the shape's error
        parts: Iterator[object] = (
            seeds[start : start + size] for start in range(0, len(seeds), size)
        )
    elif isinstance(seeds, (str, bytes, dict)) or not isinstance(seeds, Iterable):
        parts = iter([seeds])  # the type's error
    else:
        values = iter(seeds)
        parts = iter(lambda: list(itertools.islice(values, size)), [])
    start = 0
    for part in parts:
        block = _offset_checked(part, start)
        yield start, block
        start += len(block)


_AT = re.compile(r"seeds\[(\d+)\]")


def _offset_checked(part: object, start: int) -> npt.NDArray[np.uint64]:
    """``_seed_array(part)``, an error naming the seed's place in the whole."""
    try:
        return _seed_array(part)
    except InvalidSeedError as exc:
        text = _AT.sub(lambda m: f"seeds[{int(m.group(1)) + start}]", str(exc), count=1)
        raise InvalidSeedError(text) from None


def _policy_seed(policy: object, seed: int | Rng | None) -> int | None:
    """The random policy's base seed (None for the others), checked as :func:`arrange` does."""
    if policy not in POLICIES:
        raise InvalidRulesError(
            f"unknown policy {_show(policy)} (expected one of {', '.join(POLICIES)})"
        )
    if policy != "random":
        if seed is not None:
            raise InvalidRulesError(
                f"only the random policy takes a seed; {policy!r} got {_show(seed)}"
            )
        return None
    if seed is None:
        raise InvalidSeedError("the random policy needs a seed (an int or an Rng)")
    return seed.next_u64() if isinstance(seed, Rng) else check_seed(seed)


def _arranged_random(hands: npt.NDArray[np.int8], seed: int, start: int) -> npt.NDArray[np.int8]:
    """``arrange(hands, "random", seed=seed)`` for deals numbered from ``start``."""
    flat, shape = _sorted_hands(hands)
    order = random_positions(flat, seed, start * 4)
    result: npt.NDArray[np.int8] = np.take_along_axis(flat, order, axis=1).astype(np.int8)
    return result.reshape(*shape, 13)


def deal_counts(
    seeds: object,
    policy: str | Sequence[str] = "greedy",
    *,
    dealer: int = 0,
    rules: HazariRules | None = None,
    seed: int | Rng | None = None,
) -> tuple[int, Counts, Counts, Counts]:
    """The counts of :class:`~cardrules.hazari.stats.HazariStats` for the deals of
    ``seeds``: the number of deals, groups played and won by round and class (strength
    0..740), and each seat's scores in steps of 5. ``policy`` arranges every seat, or is
    four of ``greedy`` and ``best``, one per seat; ``seed`` is the random policy's."""
    rules = _allowed_rules(rules)
    _seat(dealer)
    per_seat = not isinstance(policy, str)
    policies = check_policies(policy) if per_seat else ()
    if per_seat and seed is not None:
        raise InvalidRulesError(f"only the random policy takes a seed; got {_show(seed)}")
    base = None if per_seat else _policy_seed(policy, seed)
    size = ROUNDS * CLASSES
    rounds = np.arange(ROUNDS) * CLASSES
    played = np.zeros(size, dtype=np.int64)
    won = np.zeros(size, dtype=np.int64)
    points = np.zeros((4, POINT_BINS), dtype=np.int64)
    deals = 0
    for start, block in seed_blocks(seeds):
        deals += len(block)
        hands = deal(block, dealer)
        if per_seat:
            arranged = np.stack([arrange(hands[:, s], p) for s, p in enumerate(policies)], axis=1)
        elif base is not None:
            # Hand numbers run on across blocks: the same draws as one call for all.
            arranged = _arranged_random(hands, base, start)
        else:
            arranged = arrange(hands, str(policy))
        strength, winners, _, scores = _play_block(
            np.asarray(arranged, dtype=np.intp), start, dealer, rules.tie_rule
        )
        by_round = np.stack(strength, axis=2)  # (k, seat, round)
        played += np.bincount((by_round + rounds).reshape(-1), minlength=size)
        taken = np.take_along_axis(by_round, winners[:, None, :], axis=1)[:, 0, :]
        won += np.bincount((taken + rounds).reshape(-1), minlength=size)
        for s in range(4):
            points[s] += np.bincount(scores[:, s] // 5, minlength=POINT_BINS)
    return (
        deals,
        _tuples(played.reshape(ROUNDS, CLASSES)),
        _tuples(won.reshape(ROUNDS, CLASSES)),
        _tuples(points),
    )


def _tuples(counts: npt.NDArray[np.int64]) -> Counts:
    return tuple(tuple(int(n) for n in row) for row in counts.tolist())
