"""Explicit chance: every deal drawn card by card, for every registered game."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from cardrules import Rng, game_names, load_game
from cardrules.chance import CHANCE, ChanceState
from cardrules.errors import IllegalActionError


def play(state: ChanceState, rng: Rng, limit: int = 100_000) -> tuple[ChanceState, int]:
    chance_steps = 0
    for _ in range(limit):
        if state.is_terminal:
            break
        if state.is_chance_node:
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1
            assert state.current_player == CHANCE
            state = state.apply(outcomes[rng.randbelow(len(outcomes))][0])
            chance_steps += 1
        else:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randbelow(len(legal))])
    return state, chance_steps


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("seed", range(3))
def test_chance_games_play_out_and_replay(name: str, seed: int) -> None:
    game = load_game(name)
    state, steps = play(ChanceState.new(game, dealer=seed % game.num_players), Rng(seed))
    assert state.is_terminal and steps > 0
    again = ChanceState.from_json(json.dumps(state.to_json()))
    assert again == state
    assert again.returns() == state.returns()
    seeded = game.state_from_json(state.inner.to_json())
    assert seeded.returns() == state.returns()
    assert len(seeded.history) == len(state.history)


@pytest.mark.parametrize("name", game_names())
def test_a_chance_match_covers_every_deal(name: str) -> None:
    game = load_game(name)
    state, steps = play(ChanceState.new(game, match=True), Rng(9))
    assert state.is_terminal
    assert len(state.decks) > 1
    # one node per card dealt (never more than the deck less its forced last card)
    assert len(state.decks) <= steps <= sum(len(deck) - 1 for deck in state.decks)
    assert len(state.inner.dealing.decks) == len(state.decks)
    seeded = game.state_from_json(state.inner.to_json())
    assert seeded.returns() == state.returns()
    assert ChanceState.from_json(state.to_json()) == state


def test_outcomes_are_uniform_over_the_cards_left() -> None:
    state = ChanceState.new(load_game("azi", players=3))
    first = state.chance_outcomes()
    assert len(first) == 27
    assert {p for _, p in first} == {Fraction(1, 27)}
    state = state.apply(first[5][0])
    second = state.chance_outcomes()
    assert len(second) == 26 and first[5][0] not in {c for c, _ in second}
    with pytest.raises(IllegalActionError):
        state.apply(first[5][0])
    counts: Counter[Any] = Counter(state.sample_chance(Rng(i)) for i in range(2600))
    assert set(counts) == {c for c, _ in second}
    assert max(counts.values()) < 2 * min(counts.values())


def test_a_redeal_in_the_middle_of_a_game_is_a_chance_node() -> None:
    game = load_game("azi", players=3)
    for seed in range(200):
        state, _ = play(ChanceState.new(game), Rng(seed))
        if len(state.decks) > 1:
            break
    else:
        pytest.fail("no Azi re-deal in 200 random three-player games")
    assert len(state.inner.dealing.decks) == len(state.decks)
