"""arrangement_equity: determinism, a naive replay of its deals, and bad input."""

from __future__ import annotations

import math
from itertools import combinations
from typing import Any

import pytest

from cardrules import Card, parse_cards
from cardrules.errors import InvalidArrangementError, InvalidRulesError
from cardrules.hazari import (
    Arrangement,
    TieRule,
    arrangement_equity,
    arrangement_value,
    best_arrangement,
    greedy_arrangement,
)
from cardrules.rng import Rng, derive_seed
from tests.hazari.brute_force import index_of
from tests.hazari.reference import ref_best4, ref_key

HAND = parse_cards("AS KS QS JS 9H 9D 9C 7C 5D 4H 3S 2C 2D")
POINTS = {rank: 10 if rank >= 10 else 5 for rank in range(2, 15)}


def naive_greedy(hand: list[Card]) -> list[tuple[Card, ...]]:
    rest = list(hand)
    groups = []
    for _ in range(3):
        pick = max(
            combinations(rest, 3),
            key=lambda g: (ref_key(g), sorted((index_of(c) for c in g), reverse=True)),
        )
        groups.append(pick)
        rest = [card for card in rest if card not in pick]
    return [*groups, tuple(rest)]


def naive_equity(
    hand: tuple[Card, ...],
    groups: list[tuple[Card, ...]],
    deals: int,
    seed: int,
    latest: bool,
    leader: int | None,
) -> tuple[list[int], int, int]:
    """Replay the documented deals: seat 0 holds ``groups``; play goes 0, 1, 2, 3 from a leader."""
    others = [Card.from_index(i) for i in range(52) if Card.from_index(i) not in hand]
    wins, total, total_sq = [0, 0, 0, 0], 0, 0
    for deal in range(deals):
        rng = Rng(derive_seed(seed, deal))
        order = rng.shuffled(others)
        seats = [groups] + [naive_greedy(sorted(order[i * 13 : i * 13 + 13])) for i in range(3)]
        lead = rng.randbelow(4) if leader is None else leader
        points = 0
        for r in range(4):
            played = [(lead + step) % 4 for step in range(4)]
            keys = {s: ref_key(seats[s][r]) if r < 3 else ref_best4(seats[s][r]) for s in played}
            top = max(keys.values())
            tied = [s for s in played if keys[s] == top]
            lead = tied[-1] if latest else tied[0]
            if lead == 0:
                wins[r] += 1
                points += sum(POINTS[int(c.rank)] for s in played for c in seats[s][r])
        total += points
        total_sq += points * points
    return wins, total, total_sq


@pytest.mark.parametrize(
    ("tie_rule", "leader"), [(TieRule.LATEST, None), (TieRule.FIRST, None), (TieRule.LATEST, 2)]
)
def test_equity_replays_like_a_naive_simulation(tie_rule: TieRule, leader: int | None) -> None:
    hand = parse_cards("QC QD 8H 8S 4C 4D 6H 6S 2C 3C TD TH 5S")
    arrangement = greedy_arrangement(hand)
    deals, seed = 40, 11
    eq = arrangement_equity(
        hand, arrangement, deals=deals, seed=seed, tie_rule=tie_rule, leader=leader
    )
    groups = [tuple(g) for g in arrangement.groups]
    wins, total, total_sq = naive_equity(
        tuple(hand), groups, deals, seed, tie_rule is TieRule.LATEST, leader
    )
    assert eq.win_probability == tuple(w / deals for w in wins)
    assert eq.expected_points == pytest.approx(total / deals)
    variance = (total_sq - total * total / deals) / (deals - 1)
    assert eq.points_stderr == pytest.approx(math.sqrt(variance / deals))
    for p, se in zip(eq.win_probability, eq.win_stderr, strict=True):
        assert se == pytest.approx(math.sqrt(p * (1 - p) / deals))


def test_deterministic_per_seed_and_close_to_the_model() -> None:
    best = best_arrangement(HAND)
    small = arrangement_equity(HAND, best, deals=300, seed=3)
    assert small == arrangement_equity(reversed(HAND), best, deals=300, seed=3)
    assert small != arrangement_equity(HAND, best, deals=300, seed=4)
    eq = arrangement_equity(HAND, best, deals=1500, seed=3)
    assert eq.deals == 1500 and eq.seed == 3
    assert sum(eq.round_points) == pytest.approx(eq.expected_points)
    # The value model ignores card removal, so allow a few points beyond the noise.
    assert abs(eq.expected_points - arrangement_value(best)) < 4 * eq.points_stderr + 8


def test_custom_opponent_policy() -> None:
    calls: list[int] = []

    def policy(cards: tuple[Card, ...]) -> Arrangement:
        calls.append(len(cards))
        return best_arrangement(cards)

    eq = arrangement_equity(HAND, greedy_arrangement(HAND), opponents=policy, deals=5, seed=1)
    assert calls == [13] * 15
    assert 0 <= eq.expected_points <= 360

    def cheat(cards: tuple[Card, ...]) -> Any:
        return greedy_arrangement(HAND)

    with pytest.raises(InvalidArrangementError, match="not an arrangement of its hand"):
        arrangement_equity(HAND, greedy_arrangement(HAND), opponents=cheat, deals=2)


def test_bad_input() -> None:
    greedy = greedy_arrangement(HAND)
    other = greedy_arrangement(parse_cards("AC AD AH KC KD KH QC QD QH 2S 3S 4S 7D"))
    with pytest.raises(InvalidArrangementError, match="is not an arrangement of the hand"):
        arrangement_equity(HAND, other)
    with pytest.raises(InvalidRulesError, match="deals must be a positive int, got 0"):
        arrangement_equity(HAND, greedy, deals=0)
    with pytest.raises(InvalidRulesError, match=r"leader 4 is not a seat in 0\.\.3"):
        arrangement_equity(HAND, greedy, leader=4)
    with pytest.raises(InvalidRulesError, match="tie_rule must be a TieRule"):
        arrangement_equity(HAND, greedy, tie_rule="latest")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed -1"):
        arrangement_equity(HAND, greedy, seed=-1)
