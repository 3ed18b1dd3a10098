"""Observations from JSON: every real one loads back, and only real ones load.

Round trips: every observation of real games and matches of both games (random
rule options and player counts, every seat, every step; CI takes a stride through
long games, ``pytest --soak`` takes every step of many more) loads back equal, from
the dict and from its JSON text.

Mutations: an observation's JSON edited one to three times (see
:mod:`tests.hardening.observation_support`) either raises InvalidStateError, or
loads into an observation that ``str``, both tensors, ``to_json`` and ``resample``
all handle, and that is real: a world resampled from it (with a seed other than
the loader's) gives its player exactly that observation.
"""

from __future__ import annotations

import functools
import math
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules.azi import AziMatchObservation, AziObservation, resample, resample_match
from cardrules.azi import observation as azi_observation
from cardrules.azi.tensors import information_state_tensor as azi_information_tensor
from cardrules.azi.tensors import observation_tensor as azi_observation_tensor
from cardrules.azi.tensors import tensor_layout
from cardrules.errors import InvalidStateError
from cardrules.hazari import HazariMatchObservation, HazariObservation
from cardrules.hazari import observation as hazari_observation
from cardrules.hazari import resample as hazari_resample
from cardrules.hazari import resample_match as hazari_resample_match
from cardrules.hazari.tensors import TENSOR_SIZE
from cardrules.hazari.tensors import observation_tensor as hazari_tensor
from cardrules.record import dump_json
from cardrules.rng import Rng
from tests.hardening.hardening_support import (
    SOAKING,
    azi_match_positions,
    azi_positions,
    examples,
    hazari_deal_positions,
    hazari_match_positions,
)
from tests.hardening.observation_support import mutate

GAME_SEEDS = range(400) if SOAKING else (0, 1, 3, 4, 5, 6)  # CI: short games
MATCH_SEEDS = range(60) if SOAKING else range(2)
STEPS = 10**9 if SOAKING else 15
"""The most positions of one game whose observations CI loads (a stride through it)."""


def _stride(positions: list[Any]) -> list[Any]:
    step = max(1, len(positions) // STEPS)
    return [*positions[::step], positions[-1]]


def _round_trip(cls: Any, observation: Any) -> None:
    data = observation.to_json()
    assert cls.from_json(data) == observation
    assert cls.from_json(dump_json(data)) == observation


# ------------------------------------------------------------------ round trips


@pytest.mark.parametrize("seed", GAME_SEEDS)
def test_every_azi_game_observation_loads_back(seed: int) -> None:
    for state in _stride(azi_positions(seed)):
        for player in range(state.num_players):
            _round_trip(AziObservation, state.observation(player))


@pytest.mark.parametrize("seed", MATCH_SEEDS)
def test_every_azi_match_observation_loads_back(seed: int) -> None:
    for match in _stride(azi_match_positions(seed, limit=None if SOAKING else 150)):
        for player in range(match.rules.players):
            _round_trip(AziMatchObservation, match.observation(player))


@pytest.mark.parametrize("seed", GAME_SEEDS)
def test_every_hazari_observation_loads_back(seed: int) -> None:
    for state in hazari_deal_positions(seed):
        for player in range(4):
            _round_trip(HazariObservation, state.observation(player))


@pytest.mark.parametrize("seed", MATCH_SEEDS)
def test_every_hazari_match_observation_loads_back(seed: int) -> None:
    for match in _stride(hazari_match_positions(seed, limit=10**6 if SOAKING else 12)):
        for player in range(4):
            _round_trip(HazariMatchObservation, match.observation(player))


# -------------------------------------------------------------------- mutations

_POOL_SEEDS = range(1000, 1040) if SOAKING else range(1000, 1006)


@functools.cache
def _azi_games() -> list[list[dict[str, Any]]]:
    return [
        [state.observation(p).to_json() for state in _stride(azi_positions(seed)) for p in (0, 1)]
        for seed in _POOL_SEEDS
    ]


@functools.cache
def _azi_matches() -> list[list[dict[str, Any]]]:
    return [
        [
            match.observation(p).to_json()
            for match in _stride(azi_match_positions(seed, limit=60))
            for p in (0, 1)
        ]
        for seed in _POOL_SEEDS[:2]
    ]


@functools.cache
def _hazari_deals() -> list[list[dict[str, Any]]]:
    return [
        [state.observation(p).to_json() for state in hazari_deal_positions(seed) for p in range(4)]
        for seed in _POOL_SEEDS
    ]


@functools.cache
def _hazari_matches() -> list[list[dict[str, Any]]]:
    return [
        [
            match.observation(p).to_json()
            for match in hazari_match_positions(seed, limit=10)
            for p in range(4)
        ]
        for seed in _POOL_SEEDS[:2]
    ]


def _mutated(data: st.DataObject, games: list[list[dict[str, Any]]]) -> Any:
    game = data.draw(st.sampled_from(games), label="game")
    return mutate(data, data.draw(st.sampled_from(game), label="observation"), game)


def _load(cls: Any, data: Any) -> Any:
    """The loaded observation, or None when the loader refused it with InvalidStateError."""
    try:
        return cls.from_json(data)
    except InvalidStateError:
        return None


def _finite(vector: list[float], size: int) -> None:
    assert len(vector) == size
    assert all(isinstance(value, float) and math.isfinite(value) for value in vector)


def _check_azi_loaded(observation: Any, seed: int) -> None:
    assert str(observation)
    layout = tensor_layout(observation.rules)
    _finite(azi_observation_tensor(observation), layout.observation_size)
    _finite(azi_information_tensor(observation), layout.information_state_size)
    assert type(observation).from_json(observation.to_json()) == observation
    if isinstance(observation, AziMatchObservation):
        world: Any = resample_match(observation, Rng(seed))
    else:
        world = resample(observation, Rng(seed))
    assert world.observation(observation.player) == observation


def _check_hazari_loaded(observation: Any, seed: int) -> None:
    assert str(observation)
    _finite(hazari_tensor(observation), TENSOR_SIZE)
    assert type(observation).from_json(observation.to_json()) == observation
    if isinstance(observation, HazariMatchObservation):
        world: Any = hazari_resample_match(observation, Rng(seed))
    else:
        world = hazari_resample(observation, Rng(seed))
    assert world.observation(observation.player) == observation


@examples(120)
@given(st.data(), st.integers(1, 2**32))
def test_a_mutated_azi_observation_loads_only_if_a_game_gives_it(
    data: st.DataObject, seed: int
) -> None:
    observation = _load(AziObservation, _mutated(data, _azi_games()))
    if observation is not None:
        _check_azi_loaded(observation, seed)


@examples(30)
@given(st.data(), st.integers(1, 2**32))
def test_a_mutated_azi_match_observation_loads_only_if_a_match_gives_it(
    data: st.DataObject, seed: int
) -> None:
    observation = _load(AziMatchObservation, _mutated(data, _azi_matches()))
    if observation is not None:
        _check_azi_loaded(observation, seed)


@examples(120)
@given(st.data(), st.integers(1, 2**32))
def test_a_mutated_hazari_observation_loads_only_if_a_deal_gives_it(
    data: st.DataObject, seed: int
) -> None:
    observation = _load(HazariObservation, _mutated(data, _hazari_deals()))
    if observation is not None:
        _check_hazari_loaded(observation, seed)


@examples(30)
@given(st.data(), st.integers(1, 2**32))
def test_a_mutated_hazari_match_observation_loads_only_if_a_match_gives_it(
    data: st.DataObject, seed: int
) -> None:
    observation = _load(HazariMatchObservation, _mutated(data, _hazari_matches()))
    if observation is not None:
        _check_hazari_loaded(observation, seed)


# ------------------------------------------------------------ the reported cases


def _azi_view() -> dict[str, Any]:
    positions = azi_positions(3)
    return positions[len(positions) // 2].observation(0).to_json()


@pytest.mark.parametrize(
    ("field", "value", "named"),
    [
        ("player", 7, "player 7"),
        ("trump_card", "2C", "trump_card 2C"),
        ("tricks", [0], "tricks [0]"),
        ("balances", [0, 0, 0, 0, 0, 0, 0, 0], "balances"),
        ("pot", 1, "pot 1"),
        ("deal", 5, "deal 5"),
        ("trick", [[0, "AS"], [1, "KS"], [2, "QS"], [0, "JS"]], "trick [0, 1, 2, 0]"),
    ],
)
def test_an_impossible_azi_observation_is_refused_naming_the_value(
    field: str, value: Any, named: str
) -> None:
    data = _azi_view()
    data[field] = value
    with pytest.raises(InvalidStateError, match=re.escape(named)):
        AziObservation.from_json(data)


def test_hazari_observations_with_the_wrong_seats_up_are_refused() -> None:
    state = hazari_deal_positions(5)[1]  # one seat is up
    seen = state.observation(state.up[0]).to_json()
    to_act = state.current_player
    assert to_act is not None
    changes: list[dict[str, Any]] = [
        {"up": [*seen["up"], to_act]},  # the seat to act already up
        {"up": []},  # up disagreeing with the events
        {"scores": [90, 90, 90, 90]},  # points before the end
        {"current_player": (to_act + 1) % 4},
    ]
    for changed in changes:
        with pytest.raises(InvalidStateError, match="no Hazari deal gives"):
            HazariObservation.from_json({**seen, **changed})


@pytest.mark.parametrize(
    ("module", "cls", "observation"),
    [
        (azi_observation, AziObservation, lambda: azi_positions(0)[0].observation(0)),
        (hazari_observation, HazariObservation, lambda: hazari_deal_positions(0)[0].observation(0)),
    ],
)
def test_without_its_checks_no_observation_loads(
    monkeypatch: pytest.MonkeyPatch, module: Any, cls: Any, observation: Any
) -> None:
    data = observation().to_json()
    monkeypatch.setattr(module._CHECKS, "_checks", {})  # as before witness installs them
    with pytest.raises(InvalidStateError, match="witness"):
        cls.from_json(data)
