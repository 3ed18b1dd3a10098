"""cardrules games as OpenSpiel games: ``import cardrules.integrations.openspiel``.

Importing this module registers ``cardrules_azi`` and ``cardrules_hazari`` with
``pyspiel.register_game``; rule options are game parameters:

.. code-block:: python

    import pyspiel
    import cardrules.integrations.openspiel  # registers the games

    game = pyspiel.load_game("cardrules_azi(players=5,rounding=down)")
    state = game.new_initial_state()          # a chance node: the first card of the deck

Every deal is explicit chance (:class:`cardrules.chance.ChanceState`): a chance
node per card dealt, outcome ``p`` being the card at position ``p`` of the
game's pack, each with probability ``1 / cards left``. A player's action ids are the
game's own (:meth:`~cardrules.game.GameState.action_id`). Seat 0 deals first.

Tensors are the game's (:attr:`cardrules.Game.observation_tensor_size`), strings are
functions of the player's observation: the observation string is ``str(observation)``
and the information-state string its JSON text. ``resample_from_infostate`` draws a
state with the game's resampler. Before the first deal is complete there is no
observation yet: tensors are all zero and strings empty.

One rule exists only here. An Azi game can re-deal without end, and OpenSpiel
needs a finite game, so the parameter ``max_deals`` (default :data:`DEFAULT_MAX_DEALS`,
at most :data:`MAX_DEALS`) bounds it: when deal number ``max_deals`` ends in Azi, the
game ends at that moment, before anyone joins a re-deal, and the pot is shared equally
by all seats (so returns can be fractional). The documentation page "cardrules with
OpenSpiel" derives the utility bounds and the game length.

Every method Python code can call, those inherited from ``pyspiel.State`` and
``pyspiel.Game`` included, checks its arguments before OpenSpiel's C++ classes see
them and raises a :class:`~cardrules.errors.CardRulesError` subclass:
:class:`~cardrules.errors.InvalidRulesError` for game names and parameters,
:class:`~cardrules.errors.InvalidStateError` for states, players and serialized text,
:class:`~cardrules.errors.IllegalActionError` for actions (a terminal state takes
none) and :class:`~cardrules.errors.InvalidSeedError` for seeds.

States serialize as their JSON record (:meth:`CardrulesState.serialize`) and
:meth:`CardrulesGame.deserialize_state` reads nothing else, so no text runs code.
OpenSpiel's own ``pyspiel.deserialize_game_and_state`` unpickles a Python game's state
text before the adapter sees it: use :func:`deserialize_game_and_state` here instead
(the documentation page "cardrules with OpenSpiel" has the details).
"""

from __future__ import annotations

import random
from typing import Any

try:
    import numpy  # noqa: F401  (the state's tensors need it: name the extra here)
    import pyspiel
except ImportError as missing:
    raise ModuleNotFoundError(
        "cardrules.integrations.openspiel needs the openspiel extra:"
        f' pip install "cardrules[openspiel]" ({missing})',
        name=missing.name,
    ) from missing

from cardrules.cards import _show
from cardrules.chance import CHANCE, ChanceState
from cardrules.errors import (
    InvalidRulesError,
    InvalidStateError,
)
from cardrules.integrations import _openspiel_bounds
from cardrules.integrations._openspiel_bounds import (
    FACTS,
    INT_LIMIT,
    Facts,
    azi_facts,
    hazari_facts,
)
from cardrules.integrations._openspiel_guards import (
    NOT_MEAN_FIELD,
    action_limit,
    action_number,
    actor,
    unsupported,
)
from cardrules.integrations._openspiel_records import (
    check_within,
    read_node,
    read_record,
    replay,
)
from cardrules.integrations._openspiel_state import (
    CardrulesState,
    _check_observer_params,
    _context,
    _Hold,
    _Observer,
    _recall,
    _restore,  # noqa: F401  (OpenSpiel's C++ serialization of 0.2.0 states names it here)
    _unmade,
)
from cardrules.record import dump_json
from cardrules.registry import Game, load_game
from cardrules.rng import check_seed

__all__ = [
    "DEFAULT_MAX_DEALS",
    "GAME_PREFIX",
    "MAX_DEALS",
    "CardrulesGame",
    "CardrulesState",
    "Facts",
    "azi_facts",
    "cardrules_game",
    "deserialize_game_and_state",
    "hazari_facts",
    "serialize_game_and_state",
]

DEFAULT_MAX_DEALS = _openspiel_bounds.DEFAULT_MAX_DEALS
"""The default bound on the deals of one Azi game (the ``max_deals`` parameter): 8."""

MAX_DEALS = _openspiel_bounds.MAX_DEALS
"""The largest ``max_deals`` (100): far beyond any game played, with finite utility bounds."""

GAME_PREFIX = "cardrules_"
"""OpenSpiel's name of a cardrules game is this prefix and the registry name."""

_LONG_NAMES = {"azi": "Azi (cardrules)", "hazari": "Hazari, one deal (cardrules)"}
_REDEALS = {"azi"}


def _parameters(name: str) -> dict[str, Any]:
    """The OpenSpiel parameters of a game: its rule options (without ``None`` defaults)."""
    definition = load_game(name).definition
    defaults = definition.rules_json(definition.make_rules({}))
    params: dict[str, Any] = {"players": load_game(name).num_players}
    params.update({key: value for key, value in defaults.items() if value is not None})
    if name in _REDEALS:
        params["max_deals"] = DEFAULT_MAX_DEALS
    return params


def _replay(game: CardrulesGame, node: ChanceState) -> CardrulesState:
    """The OpenSpiel state of ``game`` at ``node``, reached from the start: history rebuilt."""
    context = game._context
    start = context.initial
    if node.dealer != start.node.dealer:
        start = _Hold(context, ChanceState.new(context.game, dealer=node.dealer))
    state: CardrulesState = replay(CardrulesState(game, start), node)
    return state


def _key(name: str, params: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    return (("game", name), *sorted(params.items()))


def _spec(name: str, params: object) -> dict[str, Any]:
    """The parameters of the game ``name``: ``params`` (a dict) over the defaults.

    Each value must have its default's type (ints fit a C++ int), so OpenSpiel can
    hold it and equal keys mean equal parameters.
    """
    spec = _parameters(name)
    if params is None:
        return spec
    if not isinstance(params, dict):
        raise InvalidRulesError(
            f"the parameters of {GAME_PREFIX}{name} must be a dict, got {_show(params)}"
        )
    for key, value in params.items():
        if key not in spec:
            raise InvalidRulesError(
                f"{_show(key)} is not a parameter of {GAME_PREFIX}{name};"
                f" the parameters are {', '.join(spec)}"
            )
        _check_value(key, value, spec[key])
    return {**spec, **params}


def _check_value(key: str, value: object, default: object) -> None:
    """Refuse a parameter ``value`` not of its ``default``'s type, or an int beyond C++."""
    kind = type(default)
    fits = not isinstance(value, int) or -INT_LIMIT - 1 <= value <= INT_LIMIT
    if type(value) is not kind or not fits:
        wanted = "a 32-bit int" if kind is int else f"a {kind.__name__}"
        raise InvalidRulesError(f"parameter {key} must be {wanted}, got {_show(value)}")


def _load(name: object, params: object) -> CardrulesGame:
    """``pyspiel.load_game`` of the cardrules game ``name``, its parameters checked first."""
    if not isinstance(name, str) or name not in FACTS:
        raise InvalidRulesError(
            f"a cardrules OpenSpiel game is one of {', '.join(FACTS)}, got {_show(name)}"
        )
    game: CardrulesGame = pyspiel.load_game(GAME_PREFIX + name, _spec(name, params))
    return game


class CardrulesGame(pyspiel.Game):  # type: ignore[misc]
    """A cardrules game as an OpenSpiel game. Load it with ``pyspiel.load_game``."""

    name: str = ""
    """The registry name of the cardrules game (set by :func:`cardrules_game`)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.name
        if name not in FACTS:
            raise InvalidRulesError(
                f"{type(self).__name__} is not a game: use cardrules_game(name) or"
                " pyspiel.load_game"
            )
        spec = _spec(name, params)
        context = _context(_key(name, spec))
        facts = context.facts
        info = pyspiel.GameInfo(
            num_distinct_actions=context.game.num_distinct_actions,
            max_chance_outcomes=facts.pack_size,
            num_players=context.players,
            min_utility=facts.min_utility,
            max_utility=facts.max_utility,
            utility_sum=facts.utility_sum,
            max_game_length=facts.max_game_length,
        )
        super().__init__(_game_type(name), info, spec)
        self._context = context
        self._resampling = random.Random(0)

    def __str__(self) -> str:
        return str(super().__str__()) if "_context" in vars(self) else _unmade(self)

    __repr__ = __str__

    def __reduce__(self) -> tuple[Any, ...]:
        return (_load, (self.name, dict(self.get_parameters())))

    @property
    def cardrules_game(self) -> Game:
        """The cardrules :class:`~cardrules.registry.Game` behind this game."""
        return self._context.game

    @property
    def max_deals(self) -> int:
        """The adapter's bound on the deals of one game (1 for games without re-deals)."""
        return self._context.max_deals

    def seed_resampling(self, seed: int) -> None:
        """Seed the draws of :meth:`CardrulesState.resample_from_infostate` (default 0)."""
        self._resampling.seed(check_seed(seed))

    def new_initial_state(self, *args: object) -> CardrulesState:
        """The start of a game: a chance node for the first card (no arguments)."""
        if args:
            raise InvalidStateError(
                f"new_initial_state takes no arguments (a cardrules game starts one way),"
                f" got {_show(args)}; to load a state use deserialize_state"
            )
        return CardrulesState(self)

    def deserialize_state(self, text: object) -> CardrulesState:
        """The state whose :meth:`CardrulesState.serialize` text is ``text``.

        Only that JSON record is read, by the package's JSON parser: nothing in it can
        run code. The record is replayed through the rules from the game's start, so
        the state's OpenSpiel ``history()`` is rebuilt, and it must be a game of these
        rules within ``max_deals``. Any other text (OpenSpiel's own pickle-bearing
        format included) raises :class:`~cardrules.errors.InvalidStateError`.
        """
        node = read_node(read_record(text, "a serialized cardrules state"), self._context)
        return _replay(self, node)

    def state_from_chance_state(self, node: ChanceState) -> CardrulesState:
        """An OpenSpiel state holding ``node``, a chance state of this game.

        Its OpenSpiel ``history()`` is empty: the position is all in ``node``. A node
        past the game's ``max_deals`` raises :class:`~cardrules.errors.InvalidStateError`.
        """
        if not isinstance(node, ChanceState):
            raise InvalidStateError(f"expected a cardrules ChanceState, got {_show(node)}")
        check_within(self._context, node)
        return CardrulesState(self, _Hold(self._context, node))

    def max_chance_nodes_in_history(self) -> int:
        """The most chance nodes of one game."""
        return self._context.facts.max_chance_nodes

    def action_to_string(self, player: object, action: object) -> str:
        """OpenSpiel's text for ``action`` of ``player`` (a seat or chance) without a state."""
        who = actor(player, self._context.players)
        number = action_number(action, action_limit(self._context, who == CHANCE))
        return str(super().action_to_string(who, number))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer:
        """The observer for the observation (default) or the information state (perfect recall)."""
        _check_observer_params(params)
        return _Observer(self._context, _recall(iig_obs_type))

    def make_observer(self, *args: object) -> Any:
        """OpenSpiel's observer: ``make_observer(params)`` or
        ``make_observer(iig_obs_type, params)``, checked as :meth:`make_py_observer`."""
        if len(args) not in (1, 2):
            raise InvalidRulesError(
                f"make_observer takes (params) or (iig_obs_type, params), got {len(args)} arguments"
            )
        _check_observer_params(args[-1])
        iig_obs_type = args[0] if len(args) == 2 else None
        _recall(iig_obs_type)
        if iig_obs_type is None:
            return super().make_observer({})
        return super().make_observer(iig_obs_type, {})

    new_initial_state_for_population = unsupported(
        "new_initial_state_for_population", NOT_MEAN_FIELD
    )


def serialize_game_and_state(game: CardrulesGame, state: CardrulesState) -> str:
    """``game`` and ``state`` as one JSON text: the game's name and parameters and the
    state's record. :func:`deserialize_game_and_state` reads it back.

    Use this pair, not ``pyspiel.serialize_game_and_state``, whose text for a Python
    game holds a pickle (see the OpenSpiel page of the documentation).
    """
    if not isinstance(game, CardrulesGame) or "_context" not in vars(game):
        raise InvalidRulesError(f"expected a cardrules OpenSpiel game, got {_show(game)}")
    if not isinstance(state, CardrulesState) or "_hold" not in vars(state):
        raise InvalidStateError(f"expected a cardrules OpenSpiel state, got {_show(state)}")
    if state._hold.context.key != game._context.key:
        raise InvalidStateError(f"that state is not a state of {game}")
    return dump_json(
        {
            "format": _FORMAT,
            "game": GAME_PREFIX + game.name,
            "parameters": dict(game.get_parameters()),
            "state": state._hold.node.to_json(),
        }
    )


def deserialize_game_and_state(text: object) -> tuple[CardrulesGame, CardrulesState]:
    """The game and state of :func:`serialize_game_and_state` text.

    The text is read as JSON only (nothing in it can run code): the game is loaded
    from its name and checked parameters, and the state replayed from its record as
    :meth:`CardrulesGame.deserialize_state` does. Other text raises a package error.
    """
    record = read_record(text, "a serialized cardrules game and state")
    if record.get("format") != _FORMAT:
        raise InvalidStateError(
            f"expected text of serialize_game_and_state (format {_FORMAT!r}),"
            f" got format {_show(record.get('format'))}"
        )
    name = record.get("game")
    if not (isinstance(name, str) and name.startswith(GAME_PREFIX)):
        raise InvalidRulesError(f"expected the name of a cardrules game, got {_show(name)}")
    game = _load(name.removeprefix(GAME_PREFIX), record.get("parameters"))
    state = record.get("state")
    if not isinstance(state, dict):
        raise InvalidStateError(f"the state must be a JSON object, got {_show(state)}")
    return game, _replay(game, read_node(state, game._context))


_FORMAT = "cardrules-openspiel"


def _game_type(name: str) -> Any:
    facts = FACTS[name]
    players = load_game(name).definition.players
    utility = facts(load_game(name).rules, 1).utility
    return pyspiel.GameType(
        short_name=GAME_PREFIX + name,
        long_name=_LONG_NAMES.get(name, name),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(players),
        min_num_players=min(players),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(name),
    )


def cardrules_game(name: str) -> type[CardrulesGame]:
    """The :class:`CardrulesGame` subclass OpenSpiel calls to make the game ``name``.

    OpenSpiel keeps the factory until the interpreter exits; a class (unlike a
    closure) is never freed before that, which OpenSpiel needs.
    """
    if not isinstance(name, str) or name not in FACTS:
        raise InvalidRulesError(
            f"cardrules_game takes one of {', '.join(FACTS)}, got {_show(name)}"
        )
    known = _CLASSES.get(name)
    if known is None:
        known = _CLASSES[name] = type(
            f"{name.capitalize()}OpenSpielGame", (CardrulesGame,), {"name": name}
        )
    return known


_CLASSES: dict[str, type[CardrulesGame]] = {}


def _register() -> None:
    known = set(pyspiel.registered_names())
    for name in FACTS:
        if GAME_PREFIX + name not in known:
            pyspiel.register_game(_game_type(name), cardrules_game(name))


_register()
