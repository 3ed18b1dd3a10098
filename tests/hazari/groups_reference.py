"""A naive reference for ``actions="groups"``: the legal groups by walking every split.

A group is legal when some valid split (H7, judged by the reference evaluator of
``reference.py``) has it and every chosen group among its 3-card groups. The splits
are enumerated with plain ``itertools`` (``brute_force.all_splits``); nothing here
shares tables with ``cardrules.hazari``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from tests.hazari.brute_force import Judge, all_splits

Group = frozenset[Any]


def legal_groups(hand: Sequence[Any], chosen: Sequence[Group]) -> set[Group]:
    """The 3-card groups (as card sets) that can still complete a valid arrangement."""
    judge = Judge()
    cards = sorted(hand, key=lambda card: card.index)
    picked = [frozenset(group) for group in chosen]
    used = set().union(*picked)
    rest = [card for card in cards if card not in used]
    result: set[Group] = set()
    if not picked:
        for split in all_splits(cards):
            if judge.is_valid(split):
                result.update(frozenset(group) for group in split[:3])
        return result
    chosen_tuples = [tuple(card for card in cards if card in group) for group in picked]
    for four in combinations(rest, 4):
        left = [card for card in rest if card not in four]
        for threes in _splits(left):
            a, b, c = (*chosen_tuples, *threes)
            if judge.is_valid((a, b, c, four)):
                result.update(frozenset(group) for group in threes)
    return result


def _splits(cards: list[Any]) -> list[list[tuple[Any, ...]]]:
    """Every split of ``cards`` (0, 3 or 6 of them) into unordered triples."""
    if not cards:
        return [[]]
    head, tail = cards[0], cards[1:]
    result = []
    for pair in combinations(tail, 2):
        left = [card for card in tail if card not in pair]
        for more in _splits(left):
            result.append([(head, *pair), *more])
    return result
