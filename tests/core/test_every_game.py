"""Every registered game, driven only through the registry and the shared protocol.

For many seeded games, at every step: action ids both ways, the legal-action mask,
``legal[i]``, the action and observation JSON round trips (from the dict and from
JSON text); at the end, the state, event and rules JSON round trips. Nothing here
names a game's classes, so a newly registered game is covered as is.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardrules import Rng, game_names, load_game
from cardrules.errors import CardRulesError, IllegalActionError, InvalidRulesError
from cardrules.game import GameState

SAMPLE = 12
"""How many legal actions per step are checked one by one (all of them if fewer)."""


def sample_indices(size: int, rng: Rng) -> list[int]:
    if size <= SAMPLE:
        return list(range(size))
    return sorted({0, size - 1, *(rng.randbelow(size) for _ in range(SAMPLE - 2))})


def check_step(game: Any, state: GameState[Any, Any], rng: Rng) -> Any:
    legal = state.legal_actions()
    size = len(legal)
    assert size > 0
    ids = state.legal_action_ids()
    assert ids == sorted(set(ids))
    assert len(ids) == size
    assert all(0 <= i < game.num_distinct_actions for i in ids)
    mask = state.legal_action_mask()
    assert len(mask) == game.num_distinct_actions
    assert [i for i, bit in enumerate(mask) if bit] == ids
    for index in sample_indices(size, rng):
        action = legal[index]
        assert action in legal
        assert legal[index - size] == action
        action_id = state.action_id(action)
        assert action_id in ids
        assert state.action_from_id(action_id) == action
        assert game.parse_action(str(action)) == action
        assert game.parse_action(action.to_json()) == action
        assert type(action).from_json(json.dumps(action.to_json())) == action
    if size <= SAMPLE:
        assert list(legal) == [legal[i] for i in range(size)]
    with pytest.raises(IndexError):
        legal[size]
    for bad in (size, -size - 1, "0", 1.0, True, None):
        with pytest.raises(CardRulesError):
            legal[bad]  # type: ignore[index]
    player = state.current_player
    assert player is not None
    observation = state.observation(player)
    data = observation.to_json()
    assert json.loads(json.dumps(data)) == data
    assert type(observation).from_json(data) == observation
    assert type(observation).from_json(json.dumps(data)) == observation
    assert str(observation)
    return legal[rng.randbelow(size)]


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("seed", range(6))
def test_random_games_keep_every_protocol_promise(name: str, seed: int) -> None:
    game = load_game(name)
    rng = Rng(seed)
    state = game.new_state(seed=seed)
    assert state.num_players == game.num_players
    steps = 0
    while not state.is_terminal:
        action = check_step(game, state, rng)
        state = state.apply(action)
        steps += 1
    assert state.current_player is None
    assert len(state.legal_actions()) == 0
    assert state.legal_action_ids() == []
    data = state.to_json()
    assert json.loads(json.dumps(data)) == data
    assert game.state_from_json(data) == state
    assert game.state_from_json(json.dumps(data)) == state
    assert type(state).from_json(data) == state
    assert state.events
    for event in state.events:
        text = json.dumps(event.to_json())
        event_type: Any = type(event)
        assert event_type.from_json(text) == event
    rules = game.rules
    assert type(rules).from_json(json.dumps(rules.to_json())) == rules
    assert len(state.history) == steps
    assert str(state)
    assert eval(repr(state), {"load_game": load_game, type(state).__name__: type(state)}) == state


@pytest.mark.parametrize("name", game_names())
def test_a_match_is_a_game_state_too(name: str) -> None:
    game = load_game(name)
    rng = Rng(5)
    match = game.new_match(seed=3)
    for _ in range(40):
        if match.is_terminal:
            break
        match = match.apply(check_step(game, match, rng))
    data = match.to_json()
    assert game.state_from_json(data) == match


@pytest.mark.parametrize("name", game_names())
def test_illegal_ids_and_actions_are_refused(name: str) -> None:
    game = load_game(name)
    state = game.new_state(seed=1)
    for bad in (-1, game.num_distinct_actions, 2**70, "3", None, 1.0, True):
        with pytest.raises(CardRulesError):
            state.action_from_id(bad)  # type: ignore[arg-type]
    mask, legal = state.legal_action_mask(), state.legal_actions()
    illegal = [i for i in range(min(game.num_distinct_actions, 2000)) if not mask[i]]
    for action_id in illegal[:50]:
        try:
            action = state.action_from_id(action_id)
        except IllegalActionError:
            continue
        assert action not in legal
        with pytest.raises(IllegalActionError):
            state.apply(action)


@pytest.mark.parametrize("name", game_names())
def test_games_are_values(name: str) -> None:
    game = load_game(name)
    assert load_game(str(game)) == game
    assert hash(load_game(str(game))) == hash(game)
    assert len({game, load_game(str(game))}) == 1
    assert eval(repr(game), {"load_game": load_game}) == game
    assert type(game).from_json(game.to_json()) == game
    assert set(game.bots) >= {"random", "strong"}
    assert game.definition.strong_bot in game.bots
    assert tuple(game.bots) == (game.definition.bot_names or tuple(game.bots))
    with pytest.raises(InvalidRulesError, match="options are"):
        load_game(name, no_such_option=1)
    with pytest.raises(InvalidRulesError, match="the games are"):
        load_game(name + "x")
