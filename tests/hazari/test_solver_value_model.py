"""The value model: shipped tables, regeneration, and a naive recount of the generator."""

from __future__ import annotations

import math
from itertools import combinations, pairwise
from typing import Any

import pytest

from cardrules import Card, parse_cards
from cardrules.errors import InvalidCardsError, InvalidRulesError
from cardrules.hazari import EXPECTED_POINTS, Combination, ValueModel, evaluate
from cardrules.hazari.value_model import (
    DEALS,
    SEED,
    generate_tables,
    model_from_json,
    model_to_json,
)
from cardrules.rng import Rng, derive_seed
from tests.hazari.brute_force import index_of
from tests.hazari.reference import ref_best4, ref_key

POINTS = {rank: 10 if rank >= 10 else 5 for rank in range(2, 15)}


def test_shipped_tables() -> None:
    model = EXPECTED_POINTS
    assert isinstance(model, ValueModel)
    assert model.deals == DEALS >= 100_000 and model.seed == SEED
    assert model.samples == 4 * model.deals
    for r in range(4):
        assert sum(model.rounds[r].top) == model.samples
        wins = model.win[r]
        assert all(0.0 <= p <= 1.0 for p in wins)
        assert all(a <= b + 1e-12 for a, b in pairwise(wins))
    assert model.win_probability(1, Combination.parse("Trio A-A-A")) == 1.0
    assert model.win_probability(4, 0) == 0.0
    # Later rounds meet weaker opponent groups.
    pair = Combination.parse("Pair Q-Q-8")
    chances = [model.win_probability(r, pair) for r in (1, 2, 3, 4)]
    assert chances == sorted(chances) and chances[0] < 0.01 < 0.3 < chances[3]


def test_a_small_regeneration_agrees_with_the_shipped_tables() -> None:
    small = generate_tables(1500, 12345)
    n = small.samples
    for r in range(4):
        for s in range(741):
            p = EXPECTED_POINTS.win[r][s]
            tolerance = 5 * math.sqrt(max(p * (1 - p), 1 / n) / n) + 0.003
            assert abs(small.win[r][s] - p) <= tolerance, (r, s, small.win[r][s], p)


def test_generation_is_deterministic_and_round_trips() -> None:
    one = generate_tables(40, 99)
    two = generate_tables(40, 99, workers=2)
    assert one.rounds == two.rounds
    again = model_from_json(model_to_json(one))
    assert again.rounds == one.rounds and again.win == one.win


def naive_rounds(hand: list[Card]) -> list[tuple[tuple[Any, ...], int]]:
    """Greedy by the reference evaluator: (key, card points) per round."""
    rest = list(hand)
    rounds = []
    for _ in range(3):
        key = lambda g: (ref_key(g), sorted((index_of(c) for c in g), reverse=True))  # noqa: E731
        pick = max(combinations(rest, 3), key=key)
        rounds.append((ref_key(pick), sum(POINTS[int(c.rank)] for c in pick)))
        rest = [card for card in rest if card not in pick]
    rounds.append((ref_best4(rest), sum(POINTS[int(c.rank)] for c in rest)))
    return rounds


@pytest.mark.parametrize(
    "text", ["Pair 9-9-K", "Indi A-K-J", "Colour Q-8-4", "Run 7-6-5", "Trio 2-2-2"]
)
def test_generator_against_a_naive_recount(text: str) -> None:
    deals, seed = 12, 7
    model = generate_tables(deals, seed)
    combination = Combination.parse(text)
    example = _cards_of(text)
    mine = ref_key(example)
    for r in range(4):
        win = taken = 0.0
        for deal in range(deals):
            order = Rng(derive_seed(seed, deal)).shuffled(range(52))
            seats = [
                naive_rounds([Card.from_index(i) for i in order[p * 13 : p * 13 + 13]])
                for p in range(4)
            ]
            for me in range(4):
                others = [seats[p][r] for p in range(4) if p != me]
                top = max(key for key, _ in others)
                holders = sum(1 for key, _ in others if key == top)
                share = 1.0 if mine > top else 1 / (holders + 1) if mine == top else 0.0
                win += share
                taken += share * sum(points for _, points in others)
        if combination.kind.name == "TRIO":
            continue  # trios leave out the impossible ties; checked in test_shipped_tables
        assert model.win_probability(r + 1, combination) == pytest.approx(win / (4 * deals))
        assert model.expected_taken(r + 1, combination) == pytest.approx(taken / (4 * deals))


def _cards_of(text: str) -> list[Card]:
    spelled = {"Pair 9-9-K": "9C 9D KH", "Indi A-K-J": "AC KD JH", "Colour Q-8-4": "QS 8S 4S"}
    spelled |= {"Run 7-6-5": "7C 6D 5H", "Trio 2-2-2": "2C 2D 2H"}
    cards = list(parse_cards(spelled[text]))
    assert evaluate(cards) == Combination.parse(text)
    return cards


def test_scores_and_bad_input() -> None:
    group = parse_cards("AS KS QS")
    expected = EXPECTED_POINTS.win[0][727] * 30 + EXPECTED_POINTS.taken[0][727]
    assert EXPECTED_POINTS(1, group) == expected
    with pytest.raises(InvalidCardsError, match="round 5 is not one of 1, 2, 3, 4"):
        EXPECTED_POINTS(5, group)
    with pytest.raises(InvalidCardsError, match="strength 741"):
        EXPECTED_POINTS.win_probability(1, 741)
    assert repr(EXPECTED_POINTS) == f"<ValueModel: {DEALS} deals, seed {SEED}>"


def test_tables_of_the_wrong_shape_are_rejected() -> None:
    data = model_to_json(generate_tables(3, 1))
    model_from_json(data)
    with pytest.raises(InvalidRulesError, match="positive sample count"):
        model_from_json({**data, "samples": 0})
    with pytest.raises(InvalidRulesError, match="counts 12 samples, not 13"):
        model_from_json({**data, "samples": 13})
    with pytest.raises(InvalidRulesError, match="need 4 rounds of counts, got 3"):
        model_from_json({**data, "rounds": data["rounds"][:3]})
    short = [[column[:740] for column in table] for table in data["rounds"]]
    with pytest.raises(InvalidRulesError, match="round 1 of the value tables is not 741 classes"):
        model_from_json({**data, "rounds": short})
