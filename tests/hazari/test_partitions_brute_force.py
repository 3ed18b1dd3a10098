"""Enumeration, count and best arrangements against one brute-force walk of all 200,200 splits.

Each hand is walked once by ``brute_force.Survey`` with the naive reference
evaluator; the walk gives the valid set and the optimum of two objectives (the
shipped expected-points model and a bumpy toy objective with many ties).
"""

from __future__ import annotations

import functools
from typing import Any

import pytest
from hypothesis import given, settings

from cardrules import Card, parse_cards
from cardrules.hazari import (
    EXPECTED_POINTS,
    Arrangement,
    arrangement_value,
    best_arrangement,
    count_valid_arrangements,
    valid_arrangements,
)
from tests.hazari.brute_force import Survey, all_splits, index_of
from tests.hazari.hands import SPECIAL_HANDS, hands
from tests.hazari.reference import ref_best4, ref_key


@functools.cache
def toy_objective(round_number: int, cards: tuple[Card, ...]) -> float:
    """A bumpy objective with many ties, scoring rounds differently, built from reference keys."""
    key = ref_key(cards) if len(cards) == 3 else ref_best4(cards)
    spread = sum(index_of(card) for card in cards) % 5
    return float((key[0] * 3 + (key[1] % 7) * round_number + spread) * 0.25)


OBJECTIVES: dict[str, Any] = {"expected points": EXPECTED_POINTS, "toy": toy_objective}


def group_key(group: tuple[Any, ...]) -> tuple[Any, ...]:
    """The play order of H7 with the library's documented tie-break (highest indices first)."""
    return ref_key(group), sorted((index_of(card) for card in group), reverse=True)


def as_partition(arrangement: Arrangement) -> frozenset[frozenset[int]]:
    return frozenset(frozenset(card.index for card in group) for group in arrangement.groups)


def check_hand(hand: tuple[Card, ...]) -> None:
    survey = Survey(hand, OBJECTIVES)
    assert survey.splits == 200_200
    assert len(set(survey.valid)) == len(survey.valid)

    legal = valid_arrangements(hand)
    produced = [as_partition(arrangement) for arrangement in legal]
    assert len(produced) == len(set(produced)), "a partition was listed twice"
    assert set(produced) == set(survey.valid)
    assert len(legal) == count_valid_arrangements(hand) == len(survey.valid)
    for arrangement in produced[:: max(1, len(produced) // 40)]:
        groups = [[Card.from_index(i) for i in group] for group in arrangement]
        assert Arrangement(groups) in legal

    for name, objective in OBJECTIVES.items():
        chosen = best_arrangement(hand, objective)
        assert arrangement_value(chosen, objective) == survey.best[name]
        expected = max(survey.winners[name], key=lambda w: [group_key(g) for g in w[:3]])
        assert [set(g) for g in chosen.groups] == [set(g) for g in expected], name


@settings(max_examples=3)
@given(hands)
def test_random_hands(hand: tuple[Card, ...]) -> None:
    check_hand(hand)


@pytest.mark.parametrize("name", ["three trios", "one suit", "several runs"])
def test_special_hands(name: str) -> None:
    check_hand(parse_cards(SPECIAL_HANDS[name]))


@pytest.mark.soak
@pytest.mark.parametrize("name", sorted(SPECIAL_HANDS))
def test_all_special_hands(name: str) -> None:
    check_hand(parse_cards(SPECIAL_HANDS[name]))


@pytest.mark.soak
@settings(max_examples=100)
@given(hands)
def test_many_random_hands(hand: tuple[Card, ...]) -> None:
    check_hand(hand)


@pytest.mark.soak
def test_the_brute_force_walks_every_split_once() -> None:
    hand = parse_cards(SPECIAL_HANDS["several runs"])
    splits = {frozenset(frozenset(group) for group in split) for split in all_splits(hand)}
    assert len(splits) == 200_200
    assert all(sorted(len(group) for group in split) == [3, 3, 3, 4] for split in splits)
