"""The PettingZoo environment, checked with PettingZoo's own tests.

These tests need the ``pettingzoo`` extra (``pip install "cardrules[pettingzoo]"``)
and skip without it.
"""

from __future__ import annotations

import warnings
from typing import Any

import pytest

pytest.importorskip(
    "pettingzoo", reason="PettingZoo is not installed: pip install 'cardrules[pettingzoo]'"
)
np = pytest.importorskip("numpy", reason="numpy comes with the pettingzoo extra")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from cardrules import load_game  # noqa: E402
from cardrules.errors import IllegalActionError, InvalidRulesError  # noqa: E402
from cardrules.integrations.pettingzoo import env  # noqa: E402

GAMES = [("azi", {"players": 2}), ("azi", {"players": 4}), ("azi", {"players": 6}), ("hazari", {})]


def quiet(check: Any, *args: Any, **kwargs: Any) -> None:
    # PettingZoo warns that a dict observation (observation plus action mask) is
    # not a Box; that is the layout its own card games use.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check(*args, **kwargs)


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_api_test_passes(name: str, options: dict[str, Any]) -> None:
    environment = env(name, **options)
    for _ in range(3 if name == "azi" else 1):
        quiet(api_test, environment, num_cycles=200)


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_seed_test_passes(name: str, options: dict[str, Any]) -> None:
    quiet(seed_test, lambda: env(name, **options), num_cycles=200)


def play(environment: Any, seed: int) -> dict[str, float]:
    environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals: dict[str, float] = {}
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        totals[agent] = reward
        if terminated or truncated:
            environment.step(None)
            continue
        assert observation["observation"].dtype == np.float32
        legal = np.flatnonzero(observation["action_mask"])
        environment.step(int(rng.choice(legal)))
    return totals


def test_a_game_plays_to_the_library_returns_and_reseeds_exactly() -> None:
    environment = env("azi(players=5)")
    first = play(environment, 7)
    assert sum(first.values()) == 0.0
    assert play(environment, 7) == first
    game = load_game("azi", players=5)
    again = env(game)
    assert play(again, 7) == first


def test_observations_are_the_game_tensor_and_mask() -> None:
    environment = env("hazari")
    environment.reset(seed=3)
    agent = environment.agent_selection
    seat = int(agent.split("_")[1])
    observation = environment.observe(agent)
    state = environment.state
    expected = load_game("hazari").definition.observation_tensor(state.observation(seat))
    assert observation["observation"].tolist() == pytest.approx(expected)
    assert observation["action_mask"].sum() == len(state.legal_actions())
    other = f"player_{(seat + 1) % 4}"
    assert environment.observe(other)["action_mask"].sum() == 0
    space = environment.action_space(agent)
    assert space.n == 200_200


def test_render_ansi_and_bad_input() -> None:
    environment = env("azi", render_mode="ansi", players=3)
    environment.reset(seed=1)
    assert environment.render() == str(environment.state)
    assert env("azi", players=3).render() is None
    mask = environment.observe(environment.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError):
        environment.step(illegal)
    with pytest.raises(InvalidRulesError):
        env("azi", render_mode="human")
    with pytest.raises(InvalidRulesError):
        env(load_game("azi"), players=3)
