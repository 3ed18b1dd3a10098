"""cardrules games as OpenSpiel games: ``import cardrules.integrations.openspiel``.

Importing this module registers ``cardrules_azi`` and ``cardrules_hazari`` with
``pyspiel.register_game``; rule options are game parameters:

.. code-block:: python

    import pyspiel
    import cardrules.integrations.openspiel  # registers the games

    game = pyspiel.load_game("cardrules_azi(players=5,rounding=down)")
    state = game.new_initial_state()          # a chance node: the first card of the deck

Every deal is explicit chance (:class:`cardrules.chance.ChanceState`): a chance
node per card of the deck, outcome ``p`` being the card at position ``p`` of the
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

import functools
import json
import random
import sys
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import attrs

try:
    import numpy as np
    import pyspiel
except ImportError as missing:
    raise ModuleNotFoundError(
        "cardrules.integrations.openspiel needs the openspiel extra:"
        f' pip install "cardrules[openspiel]" ({missing})',
        name=missing.name,
    ) from missing

from cardrules.cards import Card, _show
from cardrules.chance import ChanceDealing, ChanceState
from cardrules.deck import Deck
from cardrules.errors import (
    CardRulesError,
    IllegalActionError,
    InvalidRulesError,
    InvalidStateError,
)
from cardrules.integrations._openspiel_guards import (
    NOT_MEAN_FIELD,
    StateGuards,
    action_limit,
    action_number,
    actor,
    seat,
    unsupported,
)
from cardrules.integrations._openspiel_records import (
    PICKLED_TEXT,
    check_within,
    read_node,
    read_record,
    replay,
)
from cardrules.integrations._values import finite_float
from cardrules.records import dump_json
from cardrules.registry import Game, load_game
from cardrules.rng import Rng, check_seed

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

GAME_PREFIX = "cardrules_"
"""OpenSpiel's name of a cardrules game is this prefix and the registry name."""

DEFAULT_MAX_DEALS = 8
"""The default bound on the deals of one Azi game (the ``max_deals`` parameter)."""

MAX_DEALS = 100
"""The largest ``max_deals``: far beyond any game played, with finite utility bounds."""

_INT_LIMIT = 2**31 - 1  # OpenSpiel holds int parameters and game lengths in a C++ int
_FLOAT_LIMIT = int(sys.float_info.max)

_ZERO = pyspiel.GameType.Utility.ZERO_SUM
_CONSTANT = pyspiel.GameType.Utility.CONSTANT_SUM


@attrs.frozen
class Facts:
    """What OpenSpiel must know of a game that the rules alone do not say.

    ``utility_sum`` is the sum of every terminal state's returns; ``min_utility`` and
    ``max_utility`` bound each return; ``max_game_length`` bounds the players' actions
    and ``max_chance_nodes`` the chance nodes of one game.
    """

    utility: Any
    utility_sum: float
    min_utility: float
    max_utility: float
    max_game_length: int
    max_chance_nodes: int
    pack_size: int


def _check_max_deals(max_deals: object) -> int:
    """``max_deals`` if it is an int from 1 to :data:`MAX_DEALS`."""
    if type(max_deals) is not int or not 1 <= max_deals <= MAX_DEALS:
        raise InvalidRulesError(
            f"max_deals must be an int from 1 to {MAX_DEALS}, got {_show(max_deals)}"
        )
    return max_deals


def _check_rules(name: str, rules: object) -> None:
    """Refuse ``rules`` unless they are rules of the game ``name``."""
    expected = type(load_game(name).rules)
    if not isinstance(rules, expected):
        raise InvalidRulesError(f"{name} facts need {expected.__name__}, got {_show(rules)}")


def hazari_facts(rules: Any, max_deals: int) -> Facts:
    """Hazari: one deal of 4 actions; each deal hands out exactly 360 points (H2, H12).

    A seat takes 0 to 360 points, and the four scores always add up to 360: a
    constant-sum game. One 52-card deck is 51 chance nodes (the last card is forced).
    """
    _check_rules("hazari", rules)
    _check_max_deals(max_deals)
    return Facts(_CONSTANT, 360.0, 0.0, 360.0, 4, 51, 52)


def azi_facts(rules: Any, max_deals: int) -> Facts:
    """Azi: returns are net chips, so the game is zero-sum; bounds over ``max_deals`` deals.

    With ``n`` seats, ante ``a``, ``c = raise_cap`` and ``m = max_raise``:

    - one bidding adds at most ``B = c * a + m * c * (c + 1) / 2`` chips (the ``i``-th
      raise names a stake of at most ``a + i * m`` and pays it in full, A7);
    - the pot starts at ``P0 = n * a``; deal ``k`` ends with at most ``Qk = Pk + B``;
      an Azi lets every seat but one who took a trick join for at most the whole pot
      (A12), so ``Pk+1 <= n * Qk``;
    - a winner nets at most the last pot less their own ante: ``max = Q(D-1) - a``;
    - a seat pays at most its ante, every bidding and a fee after each Azi but the
      last (the game ends there): ``min = -(a + D * B + Q0 + ... + Q(D-2))``;
    - a deal has at most ``9 * n - 1 + c`` actions: ``n`` fold choices, ``n`` discards,
      ``n - 1`` passes and ``c`` raises, ``n`` declarations, ``n`` answers, ``3 * n``
      cards and ``n`` join choices; one deck is 26 chance nodes.

    Two players never reach an Azi (it needs three players with a trick each, or a
    pair and a third player, A12 and A14), so their game is one deal whatever
    ``max_deals`` says. Bounds beyond a float, or a length beyond OpenSpiel's int,
    raise :class:`~cardrules.errors.InvalidRulesError`.
    """
    _check_rules("azi", rules)
    _check_max_deals(max_deals)
    n, ante, cap, step = rules.players, rules.ante, rules.raise_cap, rules.max_raise
    if n < 3:
        max_deals = 1  # an Azi needs three players with a trick each, or a pair and a third
    bidding = cap * ante + step * cap * (cap + 1) // 2
    pot = n * ante
    paid = ante
    ends: list[int] = []
    for deal in range(max_deals):
        end = pot + bidding
        ends.append(end)
        paid += bidding
        if deal < max_deals - 1:
            paid += end
            pot = n * end
    length = max_deals * (9 * n - 1 + cap)
    _check_bounds(max_deals, max(paid, ends[-1]), length)
    return Facts(
        _ZERO,
        0.0,
        float(-paid),
        float(ends[-1] - ante),
        length,
        max_deals * (len(rules.pack) - 1),
        len(rules.pack),
    )


def _check_bounds(max_deals: int, chips: int, length: int) -> None:
    """Refuse bounds OpenSpiel cannot hold: ``chips`` beyond a float, ``length`` beyond an int."""
    if chips > _FLOAT_LIMIT:
        raise InvalidRulesError(
            f"with max_deals={max_deals} these rules bound returns beyond float range"
        )
    if length > _INT_LIMIT:
        raise InvalidRulesError(
            f"with max_deals={max_deals} these rules allow a game length of {_show(length)},"
            f" over OpenSpiel's limit {_INT_LIMIT}"
        )


_FACTS: dict[str, Callable[[Any, int], Facts]] = {"azi": azi_facts, "hazari": hazari_facts}
_LONG_NAMES = {"azi": "Azi (cardrules)", "hazari": "Hazari, one deal (cardrules)"}
_REDEALS = {"azi"}


def _azi_cut(node: ChanceState, max_deals: int) -> bool:
    """True when deal number ``max_deals`` has ended in Azi (the adapter's bound)."""
    inner = node.inner
    if inner is None:
        return False
    if node.is_chance_node:
        return len(node.decks) >= max_deals
    return inner.phase is _joining() and inner.deal_number >= max_deals - 1


@functools.cache
def _joining() -> Any:
    from cardrules.azi.phases import Phase

    return Phase.JOINING


_CUTS: dict[str, Callable[[ChanceState, int], bool]] = {"azi": _azi_cut}


def _parameters(name: str) -> dict[str, Any]:
    """The OpenSpiel parameters of a game: its rule options (without ``None`` defaults)."""
    definition = load_game(name).definition
    defaults = definition.rules_json(definition.make_rules({}))
    params: dict[str, Any] = {"players": load_game(name).num_players}
    params.update({key: value for key, value in defaults.items() if value is not None})
    if name in _REDEALS:
        params["max_deals"] = DEFAULT_MAX_DEALS
    return params


class _Context:
    """Everything one OpenSpiel game instance needs, shared by all its states."""

    def __init__(self, key: tuple[tuple[str, Any], ...]) -> None:
        params = dict(key)
        name = params.pop("game")
        max_deals = _check_max_deals(params.pop("max_deals", 1))
        self.key = key
        self.name: str = name
        self.max_deals: int = max_deals
        self.game: Game = load_game(name, **params)
        self.players = self.game.num_players
        self.facts = _FACTS[name](self.game.rules, max_deals)
        self.cut = _CUTS.get(name)
        start = ChanceState.new(self.game, dealer=0)
        pack = start.pack
        if pack is None or len(pack) != self.facts.pack_size:
            raise InvalidRulesError(f"the game {name!r} does not start with a deal")
        self.deck: Deck = pack
        self.pack: tuple[Card, ...] = tuple(pack)
        self.position: dict[Card, int] = {card: p for p, card in enumerate(self.pack)}
        self.initial = _Hold(self, start)
        self.observation_size = self.game.observation_tensor_size
        self.information_state_size = self.game.information_state_tensor_size


@functools.lru_cache(maxsize=64)
def _context(key: tuple[tuple[str, Any], ...]) -> _Context:
    """The shared context of one parameter set (a game keeps its own, so eviction is safe)."""
    return _Context(key)


class _Hold:
    """An immutable chance state and what is derived from it, shared by clones.

    OpenSpiel's C++ code clones a Python state by deep-copying its attributes and
    serializes it by pickling them; this holder is immutable, so a copy is the holder
    itself, and it pickles as the chance state's JSON record.
    """

    __slots__ = ("cache", "context", "node", "over", "truncated")

    def __init__(self, context: _Context, node: ChanceState) -> None:
        self.context = context
        self.node = node
        cut = context.cut
        self.truncated = bool(
            cut is not None and not node.is_terminal and cut(node, context.max_deals)
        )
        self.over = self.truncated or node.is_terminal
        self.cache: dict[tuple[str, int], Any] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Hold:
        return self

    def __copy__(self) -> _Hold:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (self.context.key, dump_json(self.node.to_json())))

    def observation(self, player: int) -> Any:
        """The player's observation (``None`` before the first deal is complete)."""
        key = ("observation", player)
        if key not in self.cache:
            inner = self.node.inner
            self.cache[key] = None if inner is None else inner.observation(player)
        return self.cache[key]

    def returns(self) -> list[float]:
        """The final returns; zero before the end (OpenSpiel's terminal reward model).

        Each is exact until one final rounding to a float; a return beyond float range
        raises :class:`~cardrules.errors.SimulationError` (the utility bounds keep
        every return of a loadable game within range).
        """
        n = self.context.players
        if not self.over:
            return [0.0] * n
        inner = self.node.inner
        share = Fraction(inner.pot, n) if self.truncated else Fraction(0)
        return [finite_float(value + share, "a return") for value in inner.returns()]


def _restore(key: tuple[tuple[str, Any], ...], text: str) -> _Hold:
    """Unpickle a holder: only OpenSpiel's own C++ serialization (which pickles) calls it."""
    return _Hold(_context(key), ChanceState.from_json(text))


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
    fits = not isinstance(value, int) or -_INT_LIMIT - 1 <= value <= _INT_LIMIT
    if type(value) is not kind or not fits:
        wanted = "a 32-bit int" if kind is int else f"a {kind.__name__}"
        raise InvalidRulesError(f"parameter {key} must be {wanted}, got {_show(value)}")


def _load(name: object, params: object) -> CardrulesGame:
    """``pyspiel.load_game`` of the cardrules game ``name``, its parameters checked first."""
    if not isinstance(name, str) or name not in _FACTS:
        raise InvalidRulesError(
            f"a cardrules OpenSpiel game is one of {', '.join(_FACTS)}, got {_show(name)}"
        )
    game: CardrulesGame = pyspiel.load_game(GAME_PREFIX + name, _spec(name, params))
    return game


def _unpickle_state(name: str, params: dict[str, Any], text: str) -> CardrulesState:
    return _load(name, params).deserialize_state(text)


def _unmade(value: object) -> str:
    """The text of a game or state whose OpenSpiel part was never made (safe to print)."""
    return f"<{type(value).__name__}, not initialized>"


class CardrulesGame(pyspiel.Game):  # type: ignore[misc]
    """A cardrules game as an OpenSpiel game. Load it with ``pyspiel.load_game``."""

    name: str = ""
    """The registry name of the cardrules game (set by :func:`cardrules_game`)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.name
        if name not in _FACTS:
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
        number = action_number(action, action_limit(self._context, who == _CHANCE))
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


def _check_observer_params(params: object) -> None:
    if params is not None and (not isinstance(params, dict) or params):
        raise InvalidRulesError(f"observation parameters are not supported, got {_show(params)}")


def _recall(iig_obs_type: object) -> bool:
    """Whether the observer of ``iig_obs_type`` keeps perfect recall (None: no)."""
    if iig_obs_type is None:
        return False
    if not isinstance(iig_obs_type, pyspiel.IIGObservationType):
        raise InvalidRulesError(
            f"iig_obs_type must be a pyspiel.IIGObservationType or None, got {_show(iig_obs_type)}"
        )
    single = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
    if not (iig_obs_type.public_info and single):
        raise InvalidRulesError(
            "cardrules games provide one player's view only (public information and"
            " that player's private information)"
        )
    return bool(iig_obs_type.perfect_recall)


def _context_of(game: object) -> _Context:
    """The context of ``game``, checked before OpenSpiel's C++ code sees ``game``."""
    context = getattr(game, "_context", None) if isinstance(game, CardrulesGame) else None
    if not isinstance(context, _Context):
        raise InvalidStateError(f"a CardrulesState needs a CardrulesGame, got {_show(game)}")
    return context


_FLOAT32 = float(np.finfo(np.float32).max)
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


class _Observer:
    """OpenSpiel's Python observer: a tensor and a string, both from the observation."""

    def __init__(self, context: _Context, recall: bool) -> None:
        self.context = context
        self.recall = recall
        size = context.information_state_size if recall else context.observation_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"info_state" if recall else "observation": self.tensor}

    def set_from(self, state: CardrulesState, player: int) -> None:
        """Write what ``player`` knows of ``state`` into :attr:`tensor`."""
        self.tensor[:] = self._check(state, player)._tensor(player, self.recall)

    def string_from(self, state: CardrulesState, player: int) -> str:
        """What ``player`` knows of ``state`` as text."""
        return self._check(state, player)._string(player, self.recall)

    def _check(self, state: object, player: object) -> CardrulesState:
        """``state`` if it is a state of this observer's game and ``player`` a seat."""
        if isinstance(state, CardrulesState):
            hold = getattr(state, "_hold", None)
            if isinstance(hold, _Hold) and hold.context.key == self.context.key:
                seat(player, self.context.players)
                return state
        raise InvalidStateError(f"{_show(state)} is not a state of this observer's game")


@functools.lru_cache(maxsize=64)
def _uniform(count: int) -> float:
    return float(Fraction(1, count))


class CardrulesState(StateGuards, pyspiel.State):  # type: ignore[misc]
    """One position of a cardrules game in OpenSpiel, backed by a :class:`ChanceState`.

    Every method called from Python checks its arguments before OpenSpiel sees them
    and raises a :class:`~cardrules.errors.CardRulesError` subclass: a player that is
    not a seat an :class:`~cardrules.errors.InvalidStateError`, an action that is not
    legal here (at a terminal state, any action) an
    :class:`~cardrules.errors.IllegalActionError`, which changes nothing. OpenSpiel's
    struct, mean-field, undo and simultaneous-move methods raise
    :class:`~cardrules.errors.InvalidStateError`.
    """

    _hold: _Hold

    def __init__(self, game: CardrulesGame, hold: _Hold | None = None) -> None:
        context = _context_of(game)
        if hold is not None and not (isinstance(hold, _Hold) and hold.context.key == context.key):
            raise InvalidStateError(f"{_show(hold)} is not a position of {_show(game)}")
        super().__init__(game)
        self._hold = context.initial if hold is None else hold

    @property
    def chance_state(self) -> ChanceState:
        """The cardrules chance state at this position."""
        return self._hold.node

    def current_player(self) -> int:
        """The seat to act; ``PlayerId.CHANCE`` at a chance node, ``TERMINAL`` at the end."""
        hold = self._hold
        if hold.over:
            return _TERMINAL
        player = hold.node.current_player
        return _TERMINAL if player is None else int(player)

    def is_terminal(self) -> bool:
        """True once the game is over (or the adapter's deal bound is reached)."""
        return self._hold.over

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._hold.node.inner.legal_action_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that may come next as ``(position in the pack, probability)``, sorted.

        Each card left is equally likely (:meth:`ChanceState.chance_outcomes`): the
        probability is ``float(Fraction(1, cards left))``, the exact fraction rounded once.
        Anywhere but at a chance node this raises :class:`~cardrules.errors.InvalidStateError`.
        """
        hold = self._hold
        if hold.over or not hold.node.is_chance_node:
            raise InvalidStateError("chance_outcomes is only defined at a chance node")
        position = hold.context.position
        left = hold.node.legal_actions()
        chance = _uniform(len(left))
        return sorted([(position[card], chance) for card in left])

    def _apply_action(self, action: int) -> None:
        hold = self._hold
        node = hold.node
        if hold.over:
            raise IllegalActionError(f"the game is over: no action is legal ({action})")
        if node.is_chance_node:
            pack = hold.context.pack
            if not 0 <= action < len(pack):
                raise IllegalActionError(
                    f"chance outcome {_show(action)} is not a position in the pack"
                    f" (0..{len(pack) - 1})"
                )
            node = node.apply(pack[action])
        else:
            node = node.apply(node.inner.action_from_id(int(action)))
        self._hold = _Hold(hold.context, node)

    def _action_to_string(self, player: int, action: int) -> str:
        hold = self._hold
        if player == _CHANCE:
            pack = hold.context.pack
            return f"deal {pack[action]}" if 0 <= action < len(pack) else f"deal {action}"
        inner = hold.node.inner
        if inner is not None and inner.current_player == player and not hold.over:
            try:
                return str(inner.action_from_id(int(action)))
            except CardRulesError:
                pass
        return f"action {action}"

    def returns(self) -> list[float]:
        """Each seat's final return (zero before the end)."""
        return self._hold.returns()

    def resample_from_infostate(self, player: int, sampler: Any = None) -> CardrulesState:
        """A state ``player`` cannot tell from this one, drawn by the game's resampler.

        Every card ``player`` has not seen is redrawn (seeded by the game's
        :meth:`CardrulesGame.seed_resampling`); the result holds explicit decks that
        deal the drawn cards. At a chance node or the end, a clone.
        """
        hold = self._hold
        player = seat(player, hold.context.players)
        node = hold.node
        game: CardrulesGame = self.get_game()
        if node.inner is None or node.is_chance_node or hold.over:
            clone: CardrulesState = self.clone()
            return clone
        context = hold.context
        sampled: Any = context.game.resample(
            hold.observation(player), Rng(game._resampling.getrandbits(63))
        )
        decks = tuple(sampled.dealing.deck(k, context.deck) for k in range(len(node.decks)))
        rules_game = context.game
        inner = rules_game.definition.new_state(
            rules_game.rules, seed=None, dealer=node.dealer, dealing=ChanceDealing(decks=decks)
        )
        for turn in sampled.history:
            inner = inner.apply(turn.action)
        drawn = ChanceState(rules_game, False, node.dealer, decks, tuple(sampled.history), inner)
        return CardrulesState(game, _Hold(context, drawn))

    def _tensor(self, player: int, recall: bool) -> Any:
        hold = self._hold
        key = ("info_tensor" if recall else "tensor", player)
        cached = hold.cache.get(key)
        if cached is None:
            observation = hold.observation(player)
            context = hold.context
            if observation is None:
                size = context.information_state_size if recall else context.observation_size
                values: Any = [0.0] * size
            elif recall:
                values = context.game.definition.information_state_tensor(observation)
            else:
                values = context.game.definition.observation_tensor(observation)
            cached = hold.cache[key] = _clipped(values)
        return cached

    def _string(self, player: int, recall: bool) -> str:
        hold = self._hold
        key = ("info_string" if recall else "string", player)
        cached = hold.cache.get(key)
        if cached is None:
            observation = hold.observation(player)
            if observation is None:
                cached = ""
            elif recall:
                cached = json.dumps(observation.to_json(), sort_keys=True, separators=(",", ":"))
            else:
                cached = str(observation)
            hold.cache[key] = cached
        return str(cached)

    # ------------------------------------------------------------ serialization

    def serialize(self) -> str:
        """This position as the JSON record of :attr:`chance_state`, the only text
        :meth:`CardrulesGame.deserialize_state` reads."""
        return dump_json(self._hold.node.to_json())

    def __reduce__(self) -> tuple[Any, ...]:
        game = self.get_game()
        return (_unpickle_state, (game.name, dict(game.get_parameters()), self.serialize()))

    def __setstate__(self, state: object) -> None:
        raise InvalidStateError(PICKLED_TEXT)

    def __copy__(self) -> CardrulesState:
        clone: CardrulesState = self.clone()
        return clone

    def __deepcopy__(self, memo: dict[int, Any]) -> CardrulesState:
        return self.__copy__()

    def __str__(self) -> str:
        hold = vars(self).get("_hold")
        if hold is None:
            return _unmade(self)
        text = str(hold.node)
        if hold.truncated:
            text += f"\nended by the adapter's bound of {hold.context.max_deals} deals"
        return text

    __repr__ = __str__


def _clipped(values: Any) -> Any:
    """``values`` as float32, each clipped to the float32 range (never ``inf``)."""
    return np.clip(np.asarray(values, dtype=np.float64), -_FLOAT32, _FLOAT32).astype(np.float32)


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
    facts = _FACTS[name]
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
    if not isinstance(name, str) or name not in _FACTS:
        raise InvalidRulesError(
            f"cardrules_game takes one of {', '.join(_FACTS)}, got {_show(name)}"
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
    for name in _FACTS:
        if GAME_PREFIX + name not in known:
            pyspiel.register_game(_game_type(name), cardrules_game(name))


_register()
