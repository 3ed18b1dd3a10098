"""greedy_arrangement and best_arrangement against naive references and the brute force."""

from __future__ import annotations

import functools
import math
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings

from cardrules import Card, parse_cards
from cardrules.errors import InvalidCardsError, InvalidRulesError
from cardrules.hazari import (
    EXPECTED_POINTS,
    Arrangement,
    arrangement_value,
    best_arrangement,
    greedy_arrangement,
    valid_arrangements,
)
from tests.hazari.brute_force import index_of
from tests.hazari.hands import SPECIAL_HANDS, hands
from tests.hazari.reference import ref_best4, ref_key


def group_key(group: tuple[Any, ...]) -> tuple[Any, ...]:
    """The play order of H7 with the library's documented tie-break (highest indices first)."""
    return ref_key(group), sorted((index_of(card) for card in group), reverse=True)


def naive_greedy(hand: tuple[Card, ...]) -> list[set[Card]]:
    rest = list(hand)
    picks = []
    for _ in range(3):
        pick = max(combinations(rest, 3), key=group_key)
        picks.append(set(pick))
        rest = [card for card in rest if card not in pick]
    return [*picks, set(rest)]


@functools.cache
def toy_objective(round_number: int, cards: tuple[Card, ...]) -> float:
    """A bumpy objective with many ties, scoring rounds differently, built from reference keys."""
    key = ref_key(cards) if len(cards) == 3 else ref_best4(cards)
    spread = sum(index_of(card) for card in cards) % 5
    return float((key[0] * 3 + (key[1] % 7) * round_number + spread) * 0.25)


@settings(max_examples=200)
@given(hands)
def test_greedy_matches_the_naive_greedy(hand: tuple[Card, ...]) -> None:
    arrangement = greedy_arrangement(hand)
    assert [set(group) for group in arrangement.groups] == naive_greedy(hand)
    rebuilt = Arrangement(arrangement.groups)
    assert rebuilt == arrangement and rebuilt.groups == arrangement.groups
    assert rebuilt.strengths == arrangement.strengths
    assert greedy_arrangement(reversed(hand)) == arrangement


@pytest.mark.parametrize("name", sorted(SPECIAL_HANDS))
def test_greedy_on_special_hands(name: str) -> None:
    hand = parse_cards(SPECIAL_HANDS[name])
    assert [set(group) for group in greedy_arrangement(hand).groups] == naive_greedy(hand)


def test_best_beats_or_equals_greedy_and_every_listed_arrangement() -> None:
    hand = parse_cards("KH QH 8C 8S 8D 5S 5H 4C 3D TD JS 2C 6H")
    best = best_arrangement(hand)
    assert best_arrangement(reversed(hand)) == best
    value = arrangement_value(best)
    assert value >= arrangement_value(greedy_arrangement(hand))
    assert all(arrangement_value(a) <= value for a in list(valid_arrangements(hand))[::97])


def test_objective_sees_rounds_and_groups() -> None:
    calls: set[tuple[int, int]] = set()

    def spy(round_number: int, cards: tuple[Card, ...]) -> float:
        assert isinstance(cards, tuple) and all(type(card) is Card for card in cards)
        calls.add((round_number, len(cards)))
        return 0.0

    hand = parse_cards(SPECIAL_HANDS["two colours"])
    chosen = best_arrangement(hand, spy)
    assert calls == {(1, 3), (2, 3), (3, 3), (4, 4)}
    # Everything ties at 0, so the tie-break picks the strongest groups in play order.
    assert chosen == max(
        valid_arrangements(hand),
        key=lambda a: [group_key(g) for g in a.threes],
    )


def test_bad_hands() -> None:
    with pytest.raises(InvalidCardsError, match="13 cards, got 3"):
        best_arrangement(parse_cards("AS KS QS"))
    with pytest.raises(InvalidCardsError, match="13 cards, got 12"):
        greedy_arrangement(parse_cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S"))


@pytest.mark.parametrize("bad", [math.nan, math.inf, "1", None])
def test_objective_must_give_finite_numbers(bad: Any) -> None:
    def objective(round_number: int, cards: tuple[Card, ...]) -> Any:
        return bad if round_number == 3 else 1.0

    hand = parse_cards(SPECIAL_HANDS["two colours"])
    with pytest.raises(
        InvalidRulesError, match=r"the objective scored round 3 group .* not a finite"
    ):
        best_arrangement(hand, objective)


def test_arrangement_value_sums_the_rounds() -> None:
    a = Arrangement.parse("9H 9D 9C | KS QS JS | AS 3S 2D | 7C 5D 4H 2C")
    total = sum(EXPECTED_POINTS(r + 1, group) for r, group in enumerate(a.groups))
    assert arrangement_value(a) == pytest.approx(total)
    assert arrangement_value(a, toy_objective) == sum(
        toy_objective(r + 1, group) for r, group in enumerate(a.groups)
    )
