"""The adapters' fast paths give what the slow ones gave.

- OpenSpiel: ``legal_actions``, ``is_chance_node`` and ``current_player``, answered in
  Python, equal OpenSpiel's own C++ answers for every player at every state of random
  games, chance nodes, terminal states and games cut by ``max_deals`` included;
- PettingZoo: an observation builds its tensor and mask only when read, once per
  state, and equals the game's tensor and mask; as a dict it behaves as a plain one.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed")
np = pytest.importorskip("numpy", reason="numpy comes with the extras")
pytest.importorskip("pettingzoo", reason="PettingZoo is not installed")

import cardrules.integrations.openspiel  # noqa: E402, F401  (registers the games)
from cardrules import load_game  # noqa: E402
from cardrules.integrations import pettingzoo  # noqa: E402

SPECS = [
    "cardrules_azi(players=2)",
    "cardrules_azi(players=5,max_deals=1)",
    "cardrules_azi(players=6,raise_cap=0)",
    "cardrules_hazari",
]


def cpp_answers(state: Any, players: int) -> tuple[Any, ...]:
    """OpenSpiel's C++ answers, called past the adapter's Python overrides (chance
    off a chance node has no legal actions; OpenSpiel raises instead)."""
    base = pyspiel.State
    chance = base.is_chance_node(state)
    return (
        base.current_player(state),
        chance,
        base.is_terminal(state),
        [base.legal_actions(state, -1) if chance else []]
        + [base.legal_actions(state, player) for player in range(players)],
        base.legal_actions(state),
    )


def python_answers(state: Any, players: int) -> tuple[Any, ...]:
    return (
        state.current_player(),
        state.is_chance_node(),
        state.is_terminal(),
        [state.legal_actions(player) for player in range(-1, players)],
        state.legal_actions(),
    )


@pytest.mark.parametrize("spec", SPECS)
def test_openspiel_python_answers_equal_the_cpp_ones(spec: str) -> None:
    game = pyspiel.load_game(spec)
    players = game.num_players()
    rng = random.Random(spec)
    ended, cut = 0, 0
    for _ in range(2 if "hazari" in spec else 30):
        state = game.new_initial_state()
        while True:
            assert python_answers(state, players) == cpp_answers(state, players)
            if state.is_terminal():
                ended += 1
                cut += state._hold.truncated
                break
            state.apply_action(rng.choice(state.legal_actions()))
    assert ended > 0
    assert cut > 0 or "max_deals" not in spec  # a game ended by the adapter's bound


def test_openspiel_chance_outcomes_are_the_cards_left_in_pack_order() -> None:
    game = pyspiel.load_game("cardrules_azi(players=3)")
    state = game.new_initial_state()
    pack = game._context.pack
    while state.is_chance_node():
        left = state.chance_state.legal_actions()
        outcomes = state.chance_outcomes()
        assert [pack[position] for position, _ in outcomes] == list(left)
        assert state.legal_actions() == [position for position, _ in outcomes]
        state.apply_action(outcomes[-1][0])


def counting(monkeypatch: pytest.MonkeyPatch, game: Any) -> list[int]:
    """Count the game's observation-tensor builds (from now on)."""
    calls = [0]
    definition = type(game.definition)
    tensor = definition.observation_tensor

    def counted(self: Any, observation: Any) -> list[float]:
        calls[0] += 1
        values: list[float] = tensor(self, observation)
        return values

    monkeypatch.setattr(definition, "observation_tensor", counted)
    return calls


@pytest.mark.parametrize("spec", ["azi(players=4)", "hazari"])
def test_pettingzoo_builds_what_is_read_once_per_state(
    monkeypatch: pytest.MonkeyPatch, spec: str
) -> None:
    environment = pettingzoo.env(spec)
    game = environment.game
    calls = counting(monkeypatch, game)
    environment.reset(seed=3)
    rng = np.random.default_rng(3)
    steps = 0
    for _agent in environment.agent_iter():
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        mask = observation["action_mask"]
        assert calls[0] == 0  # the mask alone builds no tensor
        state = environment.state
        expected = np.frombuffer(state.legal_action_mask(), dtype=np.int8)
        assert mask.dtype == np.int8 and np.array_equal(mask, expected)
        environment.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
        if steps == 3:
            break
    assert calls[0] == 0
    agent = environment.agent_selection
    seat = environment.possible_agents.index(agent)
    first = environment.observe(agent)["observation"]
    second = environment.observe(agent)["observation"]
    assert calls[0] == 1  # once per state and seat
    reference = game.definition.observation_tensor(environment.state.observation(seat))
    assert np.array_equal(first, np.asarray(reference, dtype=np.float32))
    first[:] = 7.0  # each entry is the caller's own copy
    assert np.array_equal(second, environment.observe(agent)["observation"])
    other = environment.possible_agents[(seat + 1) % len(environment.possible_agents)]
    assert not environment.observe(other)["action_mask"].any()


def test_pettingzoo_observation_behaves_as_a_plain_dict() -> None:
    environment = pettingzoo.env("azi", players=3)
    environment.reset(seed=1)
    agent = environment.agent_selection
    space = environment.observation_space(agent)

    def fresh() -> Any:
        return environment.observe(agent)

    plain = dict(fresh())
    assert sorted(plain) == ["action_mask", "observation"]
    for made in (
        dict(fresh()),
        {**fresh()},
        copy.copy(fresh()),
        copy.deepcopy(fresh()),
        pickle.loads(pickle.dumps(fresh())),
        fresh().copy(),
    ):
        assert type(made) is dict and sorted(made) == sorted(plain)
        for key, value in plain.items():
            assert np.array_equal(made[key], value)
    observation = fresh()
    assert isinstance(observation, dict) and space.contains(observation)
    assert len(fresh()) == 2 and "observation" in fresh() and list(fresh().keys()) == list(plain)
    assert fresh().get("nothing") is None and fresh().get("action_mask") is not None
    assert repr(fresh()).startswith("{'observation': array(")
    with pytest.raises(KeyError):
        fresh()["nothing"]
    changed = fresh()
    changed["extra"] = 1
    assert sorted(changed) == ["action_mask", "extra", "observation"]
    popped = fresh()
    assert popped.pop("action_mask").shape == (load_game("azi", players=3).num_distinct_actions,)
    assert list(popped) == ["observation"]
