"""The field-aware Hazari bot: legal, deterministic, observation-only, and exact in its scoring."""

from __future__ import annotations

from itertools import combinations

import pytest

from cardrules import load_game
from cardrules.cards import Card
from cardrules.errors import InvalidRulesError, InvalidStateError
from cardrules.hazari.actions import Up
from cardrules.hazari.arrangement import Arrangement
from cardrules.hazari.bots import SolverBot
from cardrules.hazari.evaluator import evaluate
from cardrules.hazari.field_bot import (
    FieldAwareBot,
    arrangement_rounds,
    field_rounds,
    sample_worlds,
    score_candidates,
)
from cardrules.hazari.greedy import greedy_arrangement
from cardrules.hazari.match import HazariMatch
from cardrules.hazari.partitions import valid_arrangements
from cardrules.hazari.points import card_points
from cardrules.hazari.rules import HazariRules, TieRule
from cardrules.hazari.solver import arrangement_value, best_arrangement, top_arrangements
from cardrules.hazari.state import HazariState
from cardrules.rng import Rng, derive_seed
from cardrules.runner import play_game

FAST = FieldAwareBot(candidates=6, worlds=3)


def naive_points(
    arrangements: list[Arrangement], dealer: int, player: int, tie_rule: TieRule
) -> int:
    """The card points ``player`` takes, worked out from the cards alone (H6, H10-H12)."""

    def rank(group: tuple[Card, ...]) -> int:
        return max(evaluate(three).strength for three in combinations(group, 3))

    leader, taken = (dealer + 1) % 4, 0
    for number in range(4):
        seats = [(leader + step) % 4 for step in range(4)]
        groups = [arrangements[seat].groups[number] for seat in seats]
        ranks = [rank(group) for group in groups]
        best = max(ranks)
        tied = [seat for seat, value in zip(seats, ranks, strict=True) if value == best]
        leader = tied[-1] if tie_rule is TieRule.LATEST else tied[0]
        if leader == player:
            taken += sum(card_points(card) for group in groups for card in group)
    return taken


@pytest.mark.parametrize("tie_rule", [TieRule.LATEST, TieRule.FIRST])
def test_scoring_on_the_true_field_is_the_exact_deal(tie_rule: TieRule) -> None:
    rules = HazariRules(tie_rule=tie_rule)
    for game in range(12):
        state = HazariState.new(seed=derive_seed(31, game), dealer=game % 4, rules=rules)
        field = [best_arrangement(hand) for hand in state.hands]
        player = (game * 3 + 1) % 4
        candidates = [a for a, _ in top_arrangements(state.hands[player], 4)]
        candidates.append(greedy_arrangement(state.hands[player]))
        world = tuple(
            None if seat == player else arrangement_rounds(field[seat]) for seat in range(4)
        )
        scores = score_candidates(
            [arrangement_rounds(a) for a in candidates], [world], player, (game + 1) % 4, tie_rule
        )
        for candidate, row in zip(candidates, scores, strict=True):
            arrangements = [candidate if seat == player else field[seat] for seat in range(4)]
            expected = naive_points(arrangements, game % 4, player, tie_rule)
            assert row == [expected]
            final = state
            while not final.is_terminal:
                seat = final.current_player
                assert seat is not None
                final = final.apply(Up(arrangements[seat]))
            assert final.returns()[player] == expected


def test_sampled_worlds_deal_the_unseen_cards_as_the_field_arranges() -> None:
    state = HazariState.new(seed=5)
    hand = state.hands[2]
    for field in ("solver", "greedy"):
        worlds = sample_worlds(hand, 2, 3, field, Rng(9))
        assert worlds == sample_worlds(hand, 2, 3, field, Rng(9))
        rng = Rng(9)
        unseen = [Card.from_index(i) for i in range(52) if Card.from_index(i) not in hand]
        for world in worlds:
            order = rng.shuffled(unseen)
            hands = [tuple(sorted(order[k : k + 13])) for k in (0, 13, 26)]
            expected = [field_rounds(h, field) for h in hands]
            assert world == (expected[0], expected[1], None, expected[2])
            mine = sum(card_points(card) for card in hand)
            assert sum(p for seat in world if seat for _, p in seat) == 360 - mine
    solver_world = sample_worlds(hand, 2, 1, "solver", Rng(9))[0]
    order = Rng(9).shuffled(unseen)
    assert solver_world[0] == arrangement_rounds(best_arrangement(order[:13]))


def test_top_arrangements_are_the_best_by_value() -> None:
    hand = HazariState.new(seed=12).hands[0]
    values = sorted((arrangement_value(a) for a in valid_arrangements(hand)), reverse=True)
    top = top_arrangements(hand, 10)
    assert top[0][0] == best_arrangement(hand)
    assert len({a for a, _ in top}) == 10
    assert [v for _, v in top] == pytest.approx(values[:10])
    assert all(v == pytest.approx(arrangement_value(a)) for a, v in top)


def test_legal_choices_in_deals() -> None:
    for game in range(6):
        seed = derive_seed(17, game)
        state = HazariState.new(seed=seed, dealer=game % 4)
        bots = [FAST, SolverBot(), FieldAwareBot(field="greedy", worlds=4), FAST]
        final = play_game(state, bots, [Rng(seed + seat) for seat in range(4)])
        assert final.is_terminal and sum(final.returns()) == 360
        for turn in final.history:
            assert isinstance(turn.action, Up)
            assert turn.action.arrangement.cards == final.hands[turn.player]


def test_legal_choices_in_a_match() -> None:
    match = load_game("hazari", target=300).new_match(seed=3)
    assert isinstance(match, HazariMatch)
    final = play_game(match, [FAST, SolverBot(), FAST, SolverBot()], [Rng(s) for s in range(4)])
    assert final.is_terminal
    assert len(final.history) >= 4


def test_deterministic_for_a_seed() -> None:
    state = HazariState.new(seed=44, dealer=3)
    state = state.apply(SolverBot().choose(state.observation(0), state.legal_actions(), Rng(0)))
    seat = state.current_player
    assert seat is not None
    view = state.observation(seat)
    bot = FieldAwareBot(candidates=8, worlds=6, margin=0.0)
    first = bot.choose(view, state.legal_actions(), Rng(123))
    assert first == bot.choose(view, state.legal_actions(), Rng(123))
    assert bot.assess(view, Rng(5)) == bot.assess(view, Rng(5))
    assert first in state.legal_actions()


def two_up(state: HazariState) -> HazariState:
    """The deal after its first two players are up, each with the solver's arrangement."""
    for _ in range(2):
        seat = state.current_player
        assert seat is not None
        state = state.apply(Up(best_arrangement(state.hands[seat])))
    return state


def test_uses_only_the_observation() -> None:
    base = HazariState.new(seed=61, dealer=1)
    hands = [list(hand) for hand in base.hands]
    # Swap half of two opponents' cards: seat 0 keeps its hand, the others' differ.
    hands[2][:6], hands[3][:6] = hands[3][:6], hands[2][:6]
    other = HazariState.new(hands=[sorted(h) for h in hands], dealer=1)
    assert other.hands[0] == base.hands[0] and other.hands[2] != base.hands[2]
    first, second = two_up(base), two_up(other)  # seats 2 and 3 are up, differently
    assert first.arrangements[2] != second.arrangements[2]
    assert first.current_player == second.current_player == 0
    assert first.observation(0) == second.observation(0)
    bot = FieldAwareBot(candidates=8, worlds=6, margin=0.0)
    for seed in range(3):
        assert bot.choose(first.observation(0), first.legal_actions(), Rng(seed)) == bot.choose(
            second.observation(0), second.legal_actions(), Rng(seed)
        )


def test_refuses_bad_options_and_other_observations() -> None:
    with pytest.raises(InvalidRulesError):
        FieldAwareBot(field="random")
    with pytest.raises(InvalidRulesError):
        FieldAwareBot(worlds=0)
    with pytest.raises(InvalidRulesError):
        FieldAwareBot(margin=-1.0)
    with pytest.raises(InvalidRulesError):
        top_arrangements(HazariState.new(seed=1).hands[0], 0)
    state = HazariState.new(seed=2)
    with pytest.raises(InvalidStateError):
        FAST.choose(state.observation(3), state.legal_actions(), Rng(0))  # not seat 3's turn
