"""A naive brute force over all 200,200 splits of a 13-card hand (H6, H7 on the Hazari rules page).

It walks every split with plain ``itertools`` and judges groups with the naive
reference evaluator of ``reference.py``; it shares no tables or helpers with
``cardrules.hazari``. A split is four tuples of cards: three 3-card groups and the
4-card group. Card indices ``(rank - 2) * 4 + suit`` are written out here again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations
from typing import Any

from tests.hazari.reference import ref_best4, ref_key

Split = tuple[tuple[Any, ...], tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]]


def all_splits(hand: Sequence[Any]) -> Iterator[Split]:
    """Every way to split 13 cards into three unordered 3-card groups and a 4-card group."""
    cards = list(hand)
    for four in combinations(cards, 4):
        rest = [card for card in cards if card not in four]
        head, tail = rest[0], rest[1:]
        for pair in combinations(tail, 2):
            left = [card for card in tail if card not in pair]
            head2, tail2 = left[0], left[1:]
            for pair2 in combinations(tail2, 2):
                last = tuple(card for card in tail2 if card not in pair2)
                yield (head, *pair), (head2, *pair2), last, four


def index_of(card: Any) -> int:
    return (int(card.rank) - 2) * 4 + int(card.suit)


class Judge:
    """Reference keys of a hand's groups, remembered per set of cards."""

    def __init__(self) -> None:
        self._keys: dict[tuple[Any, ...], tuple[Any, ...]] = {}

    def key(self, group: tuple[Any, ...]) -> tuple[Any, ...]:
        """The reference key of a group (its best three for four cards).

        Groups come out of :func:`all_splits` with their cards in hand order, so the
        tuple itself identifies the set.
        """
        found = self._keys.get(group)
        if found is None:
            found = ref_key(group) if len(group) == 3 else ref_best4(group)
            self._keys[group] = found
        return found

    def is_valid(self, split: Split) -> bool:
        """H7: the 4-card group's best three is no higher than each 3-card group."""
        four_key = self.key(split[3])
        key = self.key
        return four_key <= key(split[0]) and four_key <= key(split[1]) and four_key <= key(split[2])

    def play_order(self, split: Split) -> list[tuple[Any, ...]]:
        """The 3-card groups strongest first, equal ones by their highest card indices."""
        return sorted(
            split[:3],
            key=lambda group: (self.key(group), sorted((index_of(c) for c in group), reverse=True)),
            reverse=True,
        )


Score = Callable[[int, tuple[Any, ...]], float]


class Survey:
    """One walk over all splits of a hand: the valid partitions and each objective's optimum.

    ``splits`` counts every split walked (200,200 for 13 cards); ``valid`` lists the
    valid ones as sets of groups of card indices; ``best[name]`` is the highest total
    of objective ``name`` and ``winners[name]`` every split (in play order) reaching it.
    """

    def __init__(self, hand: Sequence[Any], objectives: dict[str, Score]) -> None:
        judge = Judge()
        self.splits = 0
        self.valid: list[frozenset[frozenset[int]]] = []
        self.best = dict.fromkeys(objectives, float("-inf"))
        self.winners: dict[str, list[tuple[Any, ...]]] = {name: [] for name in objectives}
        for split in all_splits(hand):
            self.splits += 1
            if not judge.is_valid(split):
                continue
            self.valid.append(
                frozenset(frozenset(index_of(card) for card in group) for group in split)
            )
            ordered = (*judge.play_order(split), split[3])
            for name, score in objectives.items():
                total = score(1, ordered[0]) + score(2, ordered[1]) + score(3, ordered[2])
                total += score(4, ordered[3])
                if total > self.best[name]:
                    self.best[name], self.winners[name] = total, [ordered]
                elif total == self.best[name]:
                    self.winners[name].append(ordered)
