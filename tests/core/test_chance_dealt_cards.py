"""Chance over the dealt cards only: a deal's chance nodes are the cards it hands out."""

from __future__ import annotations

import itertools
import json
import math
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import Dealing, Deck, Rng, load_game
from cardrules.azi.deal import CARDS_EACH
from cardrules.chance import ChanceState
from cardrules.errors import InvalidStateError


def line(state: ChanceState, rng: Rng) -> list[ChanceState]:
    states = [state]
    while not states[-1].is_terminal:
        state = states[-1]
        if state.is_chance_node:
            states.append(state.apply(state.sample_chance(rng)))
        else:
            legal = state.legal_actions()
            states.append(state.apply(legal[rng.randbelow(len(legal))]))
    return states


def record_of(state: ChanceState) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(json.dumps(state.to_json()))
    return record


def chance_steps(states: list[ChanceState]) -> list[int]:
    """The number of chance steps before each completed deck."""
    counts, run = [], 0
    for before, after in itertools.pairwise(states):
        if before.is_chance_node:
            run += 1
            if len(after.decks) > len(before.decks):
                counts.append(run)
                run = 0
    return counts


@pytest.mark.parametrize("players", range(2, 7))
def test_an_azi_deal_has_one_chance_node_per_card_dealt(players: int) -> None:
    game = load_game("azi", players=players)
    for seed in range(12):
        states = line(ChanceState.new(game), Rng(seed))
        steps = chance_steps(states)
        assert steps[0] == CARDS_EACH * players  # 8 for two players, not 26
        assert len(steps) == len(states[-1].decks)
        # each re-deal: 4 cards to each seat dealt in, as the game's own deal says
        for before, after in itertools.pairwise(states):
            number = len(before.decks)
            if len(after.decks) > number:
                assert after.inner.deal_number == number
                assert steps[number] == CARDS_EACH * len(after.inner.seats)


def test_a_hazari_deal_is_51_chance_nodes() -> None:
    states = line(ChanceState.new(load_game("hazari")), Rng(1))
    assert chance_steps(states) == [51]


def test_the_undealt_cards_follow_in_pack_order() -> None:
    game = load_game("azi", players=3)
    for seed in range(20):
        end = line(ChanceState.new(game), Rng(seed))[-1]
        pack = list(game.rules.pack)
        for deck in end.decks:
            dealt = deck.cards[: CARDS_EACH * 3]
            rest = [card for card in pack if card not in dealt]
            assert list(deck.cards[len(deck) - len(rest) :]) == rest or len(dealt) < 12


@pytest.mark.parametrize("players", [2, 4])
def test_outcome_probabilities_are_exact_and_sum_to_one(players: int) -> None:
    state = ChanceState.new(load_game("azi", players=players))
    # Every chance node: the outcomes are the cards left, each exactly 1/len, summing to 1.
    path = Fraction(1)
    nodes = 0
    while state.is_chance_node:
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == 1
        assert {p for _, p in outcomes} == {Fraction(1, 27 - nodes)}
        path *= outcomes[0][1]
        state = state.apply(outcomes[0][0])
        nodes += 1
    # One deal of n*4 cards: perm(27, 4n) equally likely paths, each of probability 1/perm.
    assert nodes == 4 * players
    assert path * math.perm(27, 4 * players) == 1
    # The first three levels enumerated outright sum to exactly 1.
    start = ChanceState.new(load_game("azi", players=players))
    total = Fraction(0)
    for a, pa in start.chance_outcomes():
        one = start.apply(a)
        for b, pb in one.chance_outcomes():
            two = one.apply(b)
            total += sum((pa * pb * pc for _, pc in two.chance_outcomes()), Fraction(0))
    assert total == 1


def test_the_inner_record_replays_in_seeded_mode() -> None:
    game = load_game("azi", players=3)
    for seed in range(30):
        end = line(ChanceState.new(game), Rng(seed))[-1]
        seeded = game.state_from_json(end.inner.to_json())
        assert seeded.returns() == end.returns() and seeded.history == end.history
        assert len(end.inner.dealing.decks) == len(end.decks)


def test_replay_of_a_world_with_other_undealt_cards_gives_the_canonical_game() -> None:
    game = load_game("azi", players=2)
    seeded: Any = game.new_state(8, dealer=0)
    deck = seeded.dealing.deck(0, game.rules.pack)
    dealt, rest = deck.cards[:8], deck.cards[8:]
    reordered = Deck((*dealt, *reversed(rest)))
    rng = Rng(8)
    actions: list[Any] = []
    state: Any = seeded
    while not state.is_terminal:
        legal = state.legal_actions()
        actions.append(legal[rng.randbelow(len(legal))])
        state = state.apply(actions[-1])
    one = ChanceState.replay(game, [deck], actions)
    two = ChanceState.replay(game, [reordered], actions)
    assert one == two and one.returns() == state.returns()
    assert ChanceState.from_json(one.to_json()) == one
    # The undealt cards never matter: a seeded game on either deck plays the same.
    other = game.new_state(dealing=Dealing(decks=(reordered,)), dealer=0)
    for action in actions:
        other = other.apply(action)
    assert other.returns() == state.returns() and other.events == state.events


def test_a_deck_whose_undealt_cards_are_out_of_order_is_refused() -> None:
    end = line(ChanceState.new(load_game("azi", players=2)), Rng(3))[-1]
    record = record_of(end)
    cards = record["decks"][0].split()
    cards[-2], cards[-1] = cards[-1], cards[-2]  # two undealt cards swapped
    record["decks"][0] = " ".join(cards)
    with pytest.raises(InvalidStateError, match="pack order"):
        ChanceState.from_json(record)


def test_drawn_cards_must_fit_the_deal_in_progress() -> None:
    start = ChanceState.new(load_game("azi", players=2))
    record = record_of(start)
    record["drawn"] = ["6D", "6D"]
    with pytest.raises(InvalidStateError, match="drawn"):
        ChanceState.from_json(record)
    record["drawn"] = [str(card) for card in list(start.legal_actions())[:8]]  # a whole deal
    with pytest.raises(InvalidStateError, match="whole deal"):
        ChanceState.from_json(record)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), where=st.integers(0, 6), junk=st.sampled_from([None, 0, "", ()]))
def test_replay_refuses_a_non_action_wherever_it_stands(
    seed: int, where: int, junk: object
) -> None:
    """A None (or any non-action) among the actions is refused by its index; the
    actions after it are never silently dropped."""
    game = load_game("azi", players=3)
    state: Any = game.new_state(seed, dealer=0)
    actions: list[Any] = []
    while len(actions) < 8 and not state.is_terminal:
        action = state.legal_actions()[0]
        actions.append(action)
        state = state.apply(action)
    decks = [state.dealing.deck(0, state.rules.pack)]
    where = min(where, len(actions))
    with pytest.raises(InvalidStateError, match=rf"^action {where} "):
        ChanceState.replay(game, decks, [*actions[:where], junk, *actions[where:]])
    assert ChanceState.replay(game, decks, actions).inner.history == state.history
