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
for a player not to act). The observation is a ``dict`` (of a private subclass)
whose entries are built the first time they are read, and kept for that state: a
loop that reads only ``action_mask`` never builds a tensor. The action space is
``Discrete(num_distinct_actions)``: an action is the game's action id. Chance is
inside the environment: ``reset(seed=s)`` seeds every deal; ``reset()`` without a
seed draws the next seed from the last one.
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


_SMALL_MASK = 64  # up to this many legal ids a byte loop beats numpy's fancy indexing
_STATE_MASK = 4096  # up to this many action ids the state's byte mask is built whole


class _Seen:
    """What one seat sees of one state: the tensor and the mask, each built once."""

    __slots__ = ("env", "mask", "seat", "state", "tensor")

    def __init__(self, env: CardrulesEnv, state: Any, seat: int) -> None:
        self.env = env
        self.state = state
        self.seat = seat
        self.tensor: Any = None
        self.mask: bytes | bytearray | None = None  # kept, never handed out

    def observation(self) -> Any:
        """A new copy of the seat's observation tensor (float32, clipped to its range)."""
        if self.tensor is None:
            tensor = self.env.game.definition.observation_tensor(self.state.observation(self.seat))
            values = np.asarray(tensor, dtype=np.float64)
            self.tensor = np.clip(values, -_LIMIT, _LIMIT, out=values).astype(np.float32)
        return self.tensor.copy()

    def action_mask(self) -> Any:
        """A new copy of the seat's action mask (a writable array over fresh bytes)."""
        mask = self.mask
        if mask is None:
            mask = self.mask = self._mask()
        return np.frombuffer(bytearray(mask), dtype=np.int8)

    def _mask(self) -> bytes | bytearray:
        state = self.state
        size = self.env._actions
        if state.current_player != self.seat:  # None once the game is over
            return bytes(size)
        if size <= _STATE_MASK:
            # The state's own mask: Hazari's groups make it from the bit set of legal
            # groups at once (a list of ~250 ids cost ~8 µs more, then numpy's copy).
            mask: bytes = state.legal_action_mask()
            return mask
        # From the ids: a long list of ids is set by numpy at once.
        ids = state.legal_action_ids()
        if len(ids) <= _SMALL_MASK:
            buffer = bytearray(size)
            for number in ids:
                buffer[number] = 1
            return buffer
        array = np.zeros(size, dtype=np.int8)
        array[np.asarray(ids, dtype=np.intp)] = 1
        return array.tobytes()


_ENTRIES = ("observation", "action_mask")


class _Observation(dict[str, Any]):
    """An agent's observation: ``{"observation": tensor, "action_mask": mask}``.

    A ``dict`` whose two entries are built the first time they are read: reading
    ``obs["action_mask"]`` builds the mask only. Any other use (iteration, ``len``,
    ``keys``, comparison, copying, pickling, changing it) builds both first, so the
    dict then holds both arrays, as a plain dict would. Copies and pickles are plain
    dicts. Each entry is a new array, the caller's to change.
    """

    __slots__ = ("_seen",)

    def __init__(self, seen: _Seen | None = None) -> None:
        # Starts empty, as dict.__init__() would leave it (one call less per decision).
        self._seen: _Seen | None = seen  # None: a plain dict (as dict.fromkeys makes)

    def __missing__(self, key: str) -> Any:
        seen = self._seen
        if seen is None:
            raise KeyError(key)
        if key == "action_mask":
            value = seen.action_mask()
        elif key == "observation":
            value = seen.observation()
        else:
            raise KeyError(key)
        dict.__setitem__(self, key, value)
        return value

    def _complete(self) -> None:
        """Build every entry not built yet; from then on this is a plain dict."""
        seen = self._seen
        if seen is not None:
            for key in _ENTRIES:
                if not dict.__contains__(self, key):
                    self.__missing__(key)
            self._seen = None

    def __reduce__(self) -> tuple[Any, ...]:
        self._complete()
        return (dict, (dict(self),))

    def __reduce_ex__(self, protocol: Any) -> tuple[Any, ...]:
        return self.__reduce__()

    def __repr__(self) -> str:
        self._complete()
        return dict.__repr__(self)


def _completing(name: str) -> Any:
    method = getattr(dict, name)

    def complete_first(self: _Observation, *args: Any, **kwargs: Any) -> Any:
        self._complete()
        return method(self, *args, **kwargs)

    complete_first.__name__ = complete_first.__qualname__ = name
    complete_first.__doc__ = method.__doc__
    return complete_first


for _name in (
    "__contains__", "__delitem__", "__eq__", "__ior__", "__iter__", "__len__", "__ne__",
    "__or__", "__reversed__", "__ror__", "__setitem__", "clear", "copy", "get", "items",
    "keys", "pop", "popitem", "setdefault", "update", "values",
):  # fmt: skip
    setattr(_Observation, _name, _completing(_name))
del _name


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
        actions = self._actions = self.game.num_distinct_actions
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
        self._seen: dict[int, _Seen] = {}

    def observe(self, agent: str) -> _Observation:
        """The observation tensor and action mask of ``agent`` (each built when read)."""
        seat = self._seats.get(agent) if agent.__class__ is str else None
        if seat is None:
            seat = self._seat(agent)  # a subclass of str, or an error
        seen = self._seen.get(seat)
        if seen is None:
            seen = self._seen[seat] = _Seen(self, self.state, seat)
        return _Observation(seen)

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
        self._act(agent, action if type(action) is int else self._action_id(agent, action))

    def _action_id(self, agent: str, action: object) -> int:
        """``action`` as an action id (range checked by the game)."""
        if type(action) is int:
            return action
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
        self._seen = {}
        self._cumulative_rewards[agent] = 0.0
        if rewards is not None:
            for name, reward in zip(self.possible_agents, rewards, strict=True):
                self.rewards[name] = reward
                self.terminations[name] = True
            self._accumulate_rewards()
        else:
            # No _clear_rewards(): rewards stay zero until the end, where the game ends.
            self.agent_selection = self.possible_agents[state.current_player]

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation (None unless ``observe``), cumulative reward,
        termination, truncation and info."""
        if type(observe) is not bool:
            raise InvalidStateError(f"observe must be True or False, got {_show(observe)}")
        agent = self.agent_selection
        if agent not in self.terminations:
            raise InvalidStateError("the game is over and every agent has left: reset() first")
        # AECEnv.last, inlined: it is called once per decision.
        seen = None
        if observe:
            seat = self._seats[agent]
            seen = self._seen.get(seat)
            if seen is None:
                seen = self._seen[seat] = _Seen(self, self.state, seat)
        return (
            None if seen is None else _Observation(seen),
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

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
