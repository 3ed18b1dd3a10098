"""What the adapters keep per position is never stale and never shows hidden cards.

The OpenSpiel state keeps, per position, its legal ids, observations, tensors and
strings once asked (shared by clones); the PettingZoo environment keeps, per state
and seat, the tensor and mask it has built; a Hazari state under ``actions="groups"``
keeps the acting seat's legal groups. Each test takes two positions one action apart
(or two worlds that differ only in cards one player cannot see), fills the caches of
one, and checks every answer against the same answer worked out afresh.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed")
np = pytest.importorskip("numpy", reason="numpy comes with the extras")
pytest.importorskip("pettingzoo", reason="PettingZoo is not installed")

import cardrules.integrations.openspiel  # noqa: E402, F401  (registers the games)
from cardrules.integrations import pettingzoo  # noqa: E402

OPENSPIEL = ["cardrules_azi(players=3)", "cardrules_hazari(actions=groups)"]
PETTINGZOO = ["azi(players=4)", "hazari(actions=groups)"]


def answers(state: Any, players: int) -> tuple[Any, ...]:
    """Everything the OpenSpiel state derives and keeps, for every seat."""
    if state.is_chance_node() or state.is_terminal():
        return (state.legal_actions(), state.history())
    return (
        state.legal_actions(),
        [state.legal_actions(player) for player in range(players)],
        [list(state.observation_tensor(player)) for player in range(players)],
        [list(state.information_state_tensor(player)) for player in range(players)],
        [state.observation_string(player) for player in range(players)],
        [state.information_state_string(player) for player in range(players)],
    )


def afresh(game: Any, state: Any, players: int) -> tuple[Any, ...]:
    """:func:`answers` of the same position rebuilt from its record (nothing kept yet)."""
    return answers(game.deserialize_state(state.serialize()), players)


@pytest.mark.parametrize("spec", OPENSPIEL)
def test_openspiel_positions_one_action_apart_keep_their_own_answers(spec: str) -> None:
    game = pyspiel.load_game(spec)
    players = game.num_players()
    rng = random.Random(spec)
    state = game.new_initial_state()
    differed = 0
    while not state.is_terminal():
        before = state.clone()  # shares the position, and what it keeps, until one moves
        kept = answers(before, players)  # fills what the shared position keeps
        outcomes = state.legal_actions()
        state.apply_action(rng.choice(outcomes))
        after = answers(state, players)
        assert after == afresh(game, state, players)
        assert answers(before, players) == kept == afresh(game, before, players)
        differed += after != kept
    assert differed > 0


def test_openspiel_observations_do_not_show_cards_the_player_cannot_see() -> None:
    """A resampled world differs only in cards the player has not seen: whatever the
    other seats' answers kept first, the player's own observations are the same."""
    game = pyspiel.load_game("cardrules_azi(players=3)")
    game.seed_resampling(5)
    rng = random.Random(5)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        if not state.is_chance_node():
            player = state.current_player()
            world = state.resample_from_infostate(player)
            others = [seat for seat in range(3) if seat != player]
            for seat in others:  # the other seats' answers are kept first, in both
                state.observation_tensor(seat)
                world.information_state_string(seat)
            for view in ("observation_tensor", "information_state_tensor"):
                assert list(getattr(world, view)(player)) == list(getattr(state, view)(player))
            for view in ("observation_string", "information_state_string"):
                assert getattr(world, view)(player) == getattr(state, view)(player)
            checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 0


@pytest.mark.parametrize("spec", PETTINGZOO)
def test_pettingzoo_observations_one_action_apart_keep_their_own_mask(spec: str) -> None:
    """An observation read after the next step still shows the state it was made for,
    and the new one shows the new state: each equals the state's own mask and tensor."""
    environment = pettingzoo.env(spec)
    game = environment.game
    environment.reset(seed=8)
    rng = np.random.default_rng(8)
    differed = 0
    for _agent in environment.agent_iter():
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        state = environment.state
        seat = environment.possible_agents.index(environment.agent_selection)
        mask = observation["action_mask"]  # built now; the tensor is built after the step
        environment.step(int(rng.choice(np.flatnonzero(mask))))
        assert np.array_equal(mask, np.frombuffer(state.legal_action_mask(), dtype=np.int8))
        tensor = np.asarray(game.observation_tensor(state, seat), dtype=np.float32)
        assert np.array_equal(observation["observation"], tensor)
        if not environment.state.is_terminal:
            now = environment.observe(environment.agent_selection)["action_mask"]
            expected = np.frombuffer(environment.state.legal_action_mask(), dtype=np.int8)
            assert np.array_equal(now, expected)
            differed += not np.array_equal(now, mask)
    assert differed > 0


@pytest.mark.parametrize("spec", PETTINGZOO)
def test_pettingzoo_observations_of_other_seats_show_only_their_own_cards(spec: str) -> None:
    """Observing every seat of one state, in turn, gives each seat its own view: what is
    kept for one seat never answers for another."""
    environment = pettingzoo.env(spec)
    game = environment.game
    environment.reset(seed=2)
    agents = environment.possible_agents
    for order in (agents, agents[::-1]):
        views = {agent: environment.observe(agent)["observation"] for agent in order}
        for seat, agent in enumerate(agents):
            own = np.asarray(game.observation_tensor(environment.state, seat), dtype=np.float32)
            assert np.array_equal(views[agent], own)
    tensors = {agent: environment.observe(agent)["observation"].tobytes() for agent in agents}
    assert len(set(tensors.values())) == len(agents)


def test_a_groups_state_keeps_its_own_legal_groups() -> None:
    """Hazari under ``actions="groups"``: each state's mask, ids and legal actions are
    its own, whichever state of the deal asked first."""
    from cardrules import Rng, load_game

    game = load_game("hazari(actions=groups)")
    rng = Rng(4)
    states = [game.new_state(4)]
    while not states[-1].is_terminal:
        state = states[-1]
        ids = state.legal_action_ids()
        states.append(state.apply(state.action_from_id(ids[rng.randbelow(len(ids))])))
    for state in reversed(states):  # the later states ask first
        state.legal_action_mask()
    for state in states[:-1]:
        fresh = game.state_from_json(state.to_json())  # nothing kept yet
        assert state.legal_action_mask() == fresh.legal_action_mask()
        assert state.legal_action_ids() == fresh.legal_action_ids()
        assert list(state.legal_actions()) == list(fresh.legal_actions())
        assert [i for i, flag in enumerate(state.legal_action_mask()) if flag] == (
            state.legal_action_ids()
        )
