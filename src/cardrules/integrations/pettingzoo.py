"""cardrules games as PettingZoo AEC environments: :func:`env`.

.. code-block:: python

    from cardrules.integrations.pettingzoo import env

    environment = env("azi", players=5)            # or env(load_game(...)), env("hazari")
    environment.reset(seed=1)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, info = environment.last()
        if terminated or truncated:
            action = None
        else:
            action = environment.action_space(agent).sample(observation["action_mask"])
        environment.step(action)

Agents are ``player_0`` ... in seat order. An observation is a dict: ``observation``,
the game's observation tensor for that player (a float32 Box, see the game's page),
and ``action_mask``, one int8 per action id, 1 where the action is legal (all zero
for a player not to act). The action space is ``Discrete(num_distinct_actions)``:
an action is the game's action id. Chance is inside the environment: ``reset(seed=s)``
seeds every deal; ``reset()`` without a seed draws the next seed from the last one.
Rewards come at the end, each player's return as a float; a return beyond float range
raises :class:`~cardrules.errors.SimulationError` and that last step changes nothing.
Observation values beyond float32 range are clipped to the largest float32.
``render_mode="ansi"`` renders ``str(state)`` (``render()`` returns it).

After the end, the environment follows PettingZoo's convention for dead agents: each
``step(None)`` removes the selected agent, and rewards and the state no longer change.
Taking an illegal action, an action that is not an integer (a Python or numpy int,
not a bool), or any action but None for an agent that is done raises
:class:`~cardrules.errors.IllegalActionError`; so does stepping once every agent has
left, where ``last()`` raises :class:`~cardrules.errors.InvalidStateError`. A seed
that is not an integer in ``0..2**64-1`` raises
:class:`~cardrules.errors.InvalidSeedError`, an unknown agent
:class:`~cardrules.errors.InvalidStateError`.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as missing:
    raise ModuleNotFoundError(
        "cardrules.integrations.pettingzoo needs the pettingzoo extra:"
        f' pip install "cardrules[pettingzoo]" ({missing})',
        name=missing.name,
    ) from missing

from cardrules.cards import _show
from cardrules.errors import (
    IllegalActionError,
    InvalidRulesError,
    InvalidSeedError,
    InvalidStateError,
    SimulationError,
)
from cardrules.integrations._values import finite_float, whole_number
from cardrules.registry import Game, load_game

__all__ = ["CardrulesEnv", "env"]

_LIMIT = float(np.finfo(np.float32).max)
_SEEDS = 2**64


def _seed(seed: object) -> int:
    """``seed`` as an int in ``0..2**64-1``, or :class:`InvalidSeedError`."""
    number = whole_number(seed)
    if number is None or not 0 <= number < _SEEDS:
        raise InvalidSeedError(f"seed {_show(seed)} is not an integer in 0..2**64-1")
    return number


def env(game: str | Game = "azi", render_mode: str | None = None, **options: Any) -> CardrulesEnv:
    """An AEC environment of ``game`` (a name, an OpenSpiel-style spec or a
    :class:`~cardrules.registry.Game`) with rule ``options`` over the spec's."""
    return CardrulesEnv(game, render_mode=render_mode, **options)


class CardrulesEnv(AECEnv):  # type: ignore[misc]
    """One cardrules game as an AEC environment; see the module documentation."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "cardrules_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self, game: str | Game = "azi", render_mode: str | None = None, **options: Any
    ) -> None:
        super().__init__()
        if isinstance(game, Game):
            if options:
                raise InvalidRulesError("give rule options to load_game, not with a Game")
            self.game = game
        else:
            self.game = load_game(game, **options)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidRulesError(f"render_mode must be None or 'ansi', got {_show(render_mode)}")
        self.render_mode = render_mode
        players = self.game.num_players
        actions = self.game.num_distinct_actions
        size = self.game.observation_tensor_size
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = self.possible_agents[:]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-_LIMIT, _LIMIT, shape=(size,), dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self._seeds = random.Random()
        self.state: Any = None
        self.reset()

    def observation_space(self, agent: str) -> spaces.Dict:
        """The observation space of ``agent`` (the same object every time)."""
        self._seat(agent)
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """``Discrete(num_distinct_actions)``: actions are the game's action ids."""
        self._seat(agent)
        return self.action_spaces[agent]

    def _seat(self, agent: object) -> int:
        """The seat of ``agent``, one of :attr:`possible_agents`."""
        seat = self._seats.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise InvalidStateError(
                f"agent {_show(agent)} is not one of {', '.join(self.possible_agents)}"
            )
        return seat

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` seeds its deals (``options``, None or a dict, are
        not used)."""
        if options is not None and not isinstance(options, dict):
            raise InvalidRulesError(f"options must be None or a dict, got {_show(options)}")
        if seed is not None:
            self._seeds.seed(_seed(seed))
        self.state = self.game.new_state(self._seeds.getrandbits(63))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player]

    def observe(self, agent: str) -> dict[str, Any]:
        """The observation tensor and action mask of ``agent``."""
        seat = self._seat(agent)
        state = self.state
        tensor = self.game.definition.observation_tensor(state.observation(seat))
        if not state.is_terminal and state.current_player == seat:
            mask = np.frombuffer(state.legal_action_mask(), dtype=np.int8).copy()
        else:
            mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        clipped = np.clip(np.asarray(tensor, dtype=np.float64), -_LIMIT, _LIMIT)
        return {"observation": clipped.astype(np.float32), "action_mask": mask}

    def step(self, action: Any) -> None:
        """The selected agent takes the action whose id is ``action`` (None once it is done)."""
        agent = self.agent_selection
        if agent not in self.terminations:
            raise IllegalActionError(
                f"the game is over and every agent has left: reset() first, got {_show(action)}"
            )
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise IllegalActionError(
                    f"{agent} is done: its only action is None, got {_show(action)}"
                )
            self._was_dead_step(action)
            return
        self._act(agent, self._action_id(agent, action))

    def _action_id(self, agent: str, action: object) -> int:
        """``action`` as an action id (range checked by the game)."""
        if action is None:
            raise IllegalActionError(f"{agent} must act: None is no action")
        number = whole_number(action)
        if number is None:
            raise IllegalActionError(
                f"{_show(action)} is not an action id (an integer in"
                f" 0..{self.game.num_distinct_actions - 1})"
            )
        return number

    def _act(self, agent: str, action_id: int) -> None:
        """Apply ``action_id`` for ``agent`` and hand out the rewards at the end.

        Everything that can fail (an illegal action, a return beyond float range) is
        computed before anything changes.
        """
        state = self.state.apply(self.state.action_from_id(action_id))
        rewards = None
        if state.is_terminal:
            rewards = [finite_float(value, "a reward") for value in state.returns()]
        self.state = state
        self._cumulative_rewards[agent] = 0.0
        if rewards is not None:
            for name, reward in zip(self.possible_agents, rewards, strict=True):
                self.rewards[name] = reward
                self.terminations[name] = True
            self._accumulate_rewards()
        else:
            self._clear_rewards()
            self.agent_selection = self.possible_agents[state.current_player]

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation (None unless ``observe``), cumulative reward,
        termination, truncation and info."""
        if type(observe) is not bool:
            raise InvalidStateError(f"observe must be True or False, got {_show(observe)}")
        if self.agent_selection not in self.terminations:
            raise InvalidStateError("the game is over and every agent has left: reset() first")
        return super().last(observe)  # type: ignore[no-any-return]

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        """The agents in turn until the game ends (at most ``max_iter`` turns)."""
        count = whole_number(max_iter)
        if count is None or count < 0:
            raise SimulationError(f"max_iter must be a non-negative integer, got {_show(max_iter)}")
        return super().agent_iter(count)

    def render(self) -> str | None:
        """``str(state)`` when ``render_mode`` is ``"ansi"``, else None."""
        if self.render_mode is None:
            return None
        return str(self.state)

    def close(self) -> None:
        """Nothing to release."""

    def __str__(self) -> str:
        return f"cardrules_{self.game.name}_v0"
