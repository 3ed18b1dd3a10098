"""How often each combination takes each round, over many seeded deals (needs numpy).

:func:`round_stats` deals ``seeds`` (as :func:`~cardrules.hazari.batch.deal` does),
arranges every hand with a named policy, plays the deals out, and counts for each
round 1..4 and each of the 741 combination classes how many groups of that class
were played in that round and how many took it (H10, H11). A 4-card group counts as
the class of its best three cards (H6).

>>> from cardrules.hazari.combination import Kind
>>> stats = round_stats(range(200), "greedy")
>>> stats.played.sum(axis=1).tolist(), stats.won.sum(axis=1).tolist()  # 4 groups, 1 winner
([800, 800, 800, 800], [200, 200, 200, 200])
>>> played, won = stats.by_kind()
>>> int(played[0, Kind.PAIR])  # 13 cards always hold a colour: greedy never leads a pair
0
>>> print(round_stats(range(20), "greedy").table())  # doctest: +ELLIPSIS
kind          round 1  round 2  round 3  round 4
Trio            ...
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator

import attrs
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
from cardrules.hazari.combination import COMBINATIONS, Kind
from cardrules.hazari.policies import check_policies
from cardrules.hazari.rules import HazariRules
from cardrules.rng import Rng, check_seed

__all__ = ["RoundStats", "deal_counts", "round_stats", "seed_blocks"]

CLASSES = len(COMBINATIONS)
ROUNDS = 4
_KIND_OF: npt.NDArray[np.intp] = np.array([c.kind for c in COMBINATIONS], dtype=np.intp)
_BLOCK = 8192
"""Deals dealt, arranged and played per pass, so memory stays flat for any count."""

Counts = npt.NDArray[np.int64]


@attrs.frozen(eq=False)
class RoundStats:
    """Counts by round (rows 0..3 for rounds 1..4) and combination strength (0..740):
    ``played[r, s]`` groups of strength ``s`` were played in round ``r + 1``, and
    ``won[r, s]`` of them took the round. ``deals`` is the number of deals counted."""

    deals: int
    played: Counts
    won: Counts

    def rates(self) -> npt.NDArray[np.float64]:
        """``won / played`` per round and strength; NaN where no group was played."""
        with np.errstate(invalid="ignore", divide="ignore"):
            result: npt.NDArray[np.float64] = self.won / self.played
        return result

    def by_kind(self) -> tuple[Counts, Counts]:
        """``(played, won)`` summed by combination kind: two ``(4, 6)`` arrays, columns in
        :class:`~cardrules.hazari.combination.Kind` order (Indi first)."""
        played = np.zeros((ROUNDS, len(Kind)), dtype=np.int64)
        won = np.zeros((ROUNDS, len(Kind)), dtype=np.int64)
        for r in range(ROUNDS):
            played[r] = np.bincount(_KIND_OF, weights=self.played[r], minlength=len(Kind))
            won[r] = np.bincount(_KIND_OF, weights=self.won[r], minlength=len(Kind))
        return played, won

    def table(self) -> str:
        """Each kind's round win rate, strongest kind first, as text for people."""
        played, won = self.by_kind()
        lines = ["kind          round 1  round 2  round 3  round 4"]
        for kind in sorted(Kind, reverse=True):
            cells = []
            for r in range(ROUNDS):
                n = int(played[r, kind])
                cells.append(f"{won[r, kind] / n:8.1%}" if n else f"{'-':>8}")
            lines.append(f"{kind!s:12} " + " ".join(cells))
        return "\n".join(lines)


def round_stats(
    seeds: object,
    policy: str = "greedy",
    *,
    dealer: int = 0,
    rules: HazariRules | None = None,
    seed: int | Rng | None = None,
) -> RoundStats:
    """Count, for the deals of ``seeds`` arranged by ``policy`` (see
    :func:`~cardrules.hazari.batch.arrange`; ``seed`` is the random policy's), how often
    each combination was played and took each round."""
    rules = _allowed_rules(rules)
    _seat(dealer)
    base = _policy_seed(policy, seed)
    played = np.zeros(ROUNDS * CLASSES, dtype=np.int64)
    won = np.zeros(ROUNDS * CLASSES, dtype=np.int64)
    rounds = np.arange(ROUNDS) * CLASSES
    deals = 0
    for start, block in seed_blocks(seeds):
        deals += len(block)
        hands = deal(block, dealer)
        if base is not None:
            # Hand numbers run on across blocks: the same draws as one call for all.
            arranged = _arranged_random(hands, base, start)
        else:
            arranged = arrange(hands, policy)
        strength, winners, _, _ = _play_block(
            np.asarray(arranged, dtype=np.intp), start, dealer, rules.tie_rule
        )
        by_round = np.stack(strength, axis=2)  # (k, seat, round)
        played += np.bincount((by_round + rounds).reshape(-1), minlength=ROUNDS * CLASSES)
        taken = np.take_along_axis(by_round, winners[:, None, :], axis=1)[:, 0, :]
        won += np.bincount((taken + rounds).reshape(-1), minlength=ROUNDS * CLASSES)
    return RoundStats(deals, played.reshape(ROUNDS, CLASSES), won.reshape(ROUNDS, CLASSES))


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


POINT_BINS = 73
"""Scores 0, 5, ..., 360: the bins of :func:`deal_counts`' points."""

KindCounts = tuple[tuple[int, ...], ...]


def deal_counts(
    seeds: object,
    policy: str | tuple[str, ...] = "greedy",
    *,
    dealer: int = 0,
    rules: HazariRules | None = None,
    seed: int | Rng | None = None,
) -> tuple[int, KindCounts, KindCounts, KindCounts]:
    """The counts of :class:`~cardrules.hazari.stats.HazariStats` for the deals of
    ``seeds``: the number of deals, groups played and won by round and kind, and each
    seat's scores in steps of 5. ``policy`` arranges every seat, or is four of
    ``greedy`` and ``best``, one per seat."""
    rules = _allowed_rules(rules)
    _seat(dealer)
    per_seat = not isinstance(policy, str)
    if per_seat:
        policy = check_policies(policy)
    base = None if per_seat else _policy_seed(policy, seed)
    if per_seat and seed is not None:
        raise InvalidRulesError(f"only the random policy takes a seed; got {_show(seed)}")
    played = np.zeros((ROUNDS, len(Kind)), dtype=np.int64)
    won = np.zeros((ROUNDS, len(Kind)), dtype=np.int64)
    points = np.zeros((4, POINT_BINS), dtype=np.int64)
    deals = 0
    for start, block in seed_blocks(seeds):
        deals += len(block)
        hands = deal(block, dealer)
        if per_seat:
            arranged = np.stack([arrange(hands[:, s], p) for s, p in enumerate(policy)], axis=1)
        elif base is not None:
            arranged = _arranged_random(hands, base, start)
        else:
            arranged = arrange(hands, str(policy))
        strength, winners, _, scores = _play_block(
            np.asarray(arranged, dtype=np.intp), start, dealer, rules.tie_rule
        )
        kinds = _KIND_OF[np.stack(strength, axis=1)]  # (k, round, seat)
        taken = np.take_along_axis(kinds, winners[:, :, None], axis=2)[:, :, 0]
        for r in range(ROUNDS):
            played[r] += np.bincount(kinds[:, r].reshape(-1), minlength=len(Kind))
            won[r] += np.bincount(taken[:, r], minlength=len(Kind))
        for s in range(4):
            points[s] += np.bincount(scores[:, s] // 5, minlength=POINT_BINS)
    return deals, _tuples(played), _tuples(won), _tuples(points)


def _tuples(counts: Counts) -> KindCounts:
    return tuple(tuple(int(n) for n in row) for row in counts.tolist())
