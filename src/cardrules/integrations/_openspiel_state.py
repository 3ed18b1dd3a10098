"""One position of a cardrules game in OpenSpiel: the adapter's state and observer.

:class:`CardrulesState` holds an immutable :class:`~cardrules.chance.ChanceState`
(in a ``_Hold`` shared by clones, with what is derived from it); ``_Observer`` is
OpenSpiel's Python observer of tensors and strings. Everything one game instance
shares is its ``_Context``. Re-exported by :mod:`cardrules.integrations.openspiel`,
which holds the game.
"""

from __future__ import annotations

import functools
import json
from fractions import Fraction
from typing import Any

import numpy as np
import pyspiel

from cardrules.cards import Card, _show
from cardrules.chance import CHANCE, ChanceState
from cardrules.deck import Deck
from cardrules.errors import (
    CardRulesError,
    IllegalActionError,
    InvalidRulesError,
    InvalidStateError,
)
from cardrules.integrations._openspiel_bounds import CUTS, FACTS, check_max_deals
from cardrules.integrations._openspiel_guards import StateGuards, seat
from cardrules.integrations._openspiel_records import PICKLED_TEXT
from cardrules.integrations._values import finite_float
from cardrules.record import dump_json
from cardrules.registry import Game, load_game
from cardrules.rng import Rng

CardrulesGame = Any
"""The adapter's game (:class:`cardrules.integrations.openspiel.CardrulesGame`), which
builds these states: named here without importing it, which would make a circle."""

__all__ = ["CardrulesState"]


class _Context:
    """Everything one OpenSpiel game instance needs, shared by all its states."""

    def __init__(self, key: tuple[tuple[str, Any], ...]) -> None:
        params = dict(key)
        name = params.pop("game")
        max_deals = check_max_deals(params.pop("max_deals", 1))
        self.key = key
        self.name: str = name
        self.max_deals: int = max_deals
        self.game: Game = load_game(name, **params)
        self.players = self.game.num_players
        self.facts = FACTS[name](self.game.rules, max_deals)
        self.cut = CUTS.get(name)
        start = ChanceState.new(self.game, dealer=0)
        pack = start.pack
        if pack is None or len(pack) != self.facts.pack_size:
            raise InvalidRulesError(f"the game {name!r} does not start with a deal")
        self.deck: Deck = pack
        self.pack: tuple[Card, ...] = tuple(pack)
        self.position: dict[Card, int] = {card: p for p, card in enumerate(self.pack)}
        # Pack positions by card index: Card hashes in Python, a list lookup does not.
        self.where: list[int] = [-1] * 52
        for p, card in enumerate(self.pack):
            self.where[card.index] = p
        self.chance_limit = len(self.pack)
        self.action_limit = self.game.num_distinct_actions
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
    itself, and it pickles as the chance state's JSON record. What is derived on
    demand is kept: the legal ids in ``ids``, observations, tensors and strings in
    ``cache``, made the first time one is asked for.
    """

    __slots__ = (
        "cache",
        "chance",
        "context",
        "ids",
        "limit",
        "node",
        "over",
        "player",
        "truncated",
    )

    def __init__(self, context: _Context, node: ChanceState) -> None:
        self.context = context
        self.node = node
        # Kept, not recomputed: OpenSpiel's C++ code asks current_player() about three
        # times a step (is_chance_node, apply_action), each a call into Python.
        chance = node.is_chance_node
        terminal = not chance and node.inner.is_terminal
        cut = context.cut
        self.truncated = bool(cut is not None and not terminal and cut(node, context.max_deals))
        self.over = over = self.truncated or terminal
        self.chance = chance = chance and not over
        self.player: int = TERMINAL if over else CHANCE if chance else node.inner.current_player
        self.limit = context.chance_limit if chance else context.action_limit
        self.cache: dict[tuple[str, int], Any] | None = None
        self.ids: list[int] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Hold:
        return self

    def __copy__(self) -> _Hold:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (self.context.key, dump_json(self.node.to_json())))

    def kept(self) -> dict[tuple[str, int], Any]:
        """What is derived from this position so far, by kind and player."""
        cache = self.cache
        if cache is None:
            cache = self.cache = {}
        return cache

    def legal_ids(self) -> list[int]:
        """The player to act's legal action ids (worked out once; a new list each time)."""
        ids = self.ids
        if ids is None:
            ids = self.ids = list(self.node.inner.legal_action_ids())
        return list(ids)

    def observation(self, player: int) -> Any:
        """The player's observation (``None`` before the first deal is complete)."""
        key = ("observation", player)
        cache = self.kept()
        if key not in cache:
            inner = self.node.inner
            cache[key] = None if inner is None else inner.observation(player)
        return cache[key]

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


def _unmade(value: object) -> str:
    """The text of a game or state whose OpenSpiel part was never made (safe to print)."""
    return f"<{type(value).__name__}, not initialized>"


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
    context = getattr(game, "_context", None) if isinstance(game, pyspiel.Game) else None
    if not isinstance(context, _Context):
        raise InvalidStateError(f"a CardrulesState needs a CardrulesGame, got {_show(game)}")
    return context


_FLOAT32 = float(np.finfo(np.float32).max)
TERMINAL = -4
"""OpenSpiel's ``PlayerId.TERMINAL`` (a constant, so the documentation builds without it)."""


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


_APPLY = pyspiel.State.apply_action


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
        return self._hold.player

    def is_terminal(self) -> bool:
        """True once the game is over (or the adapter's deal bound is reached)."""
        return self._hold.over

    def _legal_actions(self, player: int) -> list[int]:
        return self._hold.legal_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that may come next as ``(position in the pack, probability)``, sorted.

        Each card left is equally likely (:meth:`ChanceState.chance_outcomes`): the
        probability is ``float(Fraction(1, cards left))``, the exact fraction rounded once.
        Anywhere but at a chance node this raises :class:`~cardrules.errors.InvalidStateError`.
        """
        hold = self._hold
        if not hold.chance:
            raise InvalidStateError("chance_outcomes is only defined at a chance node")
        where = hold.context.where
        left = hold.node.legal_actions()
        chance = _uniform(len(left))
        return sorted([(where[card.index], chance) for card in left])

    def apply_action(self, action: object) -> None:
        """Take ``action``: a chance outcome at a chance node, else an action id.

        An action that is not legal here raises :class:`~cardrules.errors.IllegalActionError`
        and changes nothing; a terminal state takes no action at all.
        """
        hold = self._hold
        if type(action) is int and 0 <= action < hold.limit and not hold.over:
            _APPLY(self, action)  # the common case, checked here without another call
        else:
            StateGuards.apply_action(self, action)

    def _apply_action(self, action: int) -> None:
        hold = self._hold
        node = hold.node
        if hold.over:
            raise IllegalActionError(f"the game is over: no action is legal ({action})")
        if hold.chance:
            pack = hold.context.pack
            if not 0 <= action < len(pack):
                raise IllegalActionError(
                    f"chance outcome {_show(action)} is not a position in the pack"
                    f" (0..{len(pack) - 1})"
                )
            node = node.apply(pack[action])
        else:
            node = node.apply(node.inner.action_from_id(action))
        self._hold = _Hold(hold.context, node)

    def _action_to_string(self, player: int, action: int) -> str:
        hold = self._hold
        if player == CHANCE:
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
        decks = [sampled.dealing.deck(k, context.deck) for k in range(len(node.decks))]
        actions = [turn.action for turn in sampled.history]
        drawn = ChanceState.replay(context.game, decks, actions, dealer=node.dealer)
        return CardrulesState(game, _Hold(context, drawn))

    def _tensor(self, player: int, recall: bool) -> Any:
        hold = self._hold
        key = ("info_tensor" if recall else "tensor", player)
        cache = hold.kept()
        cached = cache.get(key)
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
            cached = cache[key] = _clipped(values)
        return cached

    def _string(self, player: int, recall: bool) -> str:
        hold = self._hold
        key = ("info_string" if recall else "string", player)
        cache = hold.kept()
        cached = cache.get(key)
        if cached is None:
            observation = hold.observation(player)
            if observation is None:
                cached = ""
            elif recall:
                cached = json.dumps(observation.to_json(), sort_keys=True, separators=(",", ":"))
            else:
                cached = str(observation)
            cache[key] = cached
        return str(cached)

    # ------------------------------------------------------------ serialization

    def serialize(self) -> str:
        """This position as the JSON record of :attr:`chance_state`, the only text
        :meth:`CardrulesGame.deserialize_state` reads."""
        return dump_json(self._hold.node.to_json())

    def __reduce__(self) -> tuple[Any, ...]:
        return (_load_state, (self.get_game(), self.serialize()))

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
    array = np.asarray(values, dtype=np.float64)
    return np.clip(array, -_FLOAT32, _FLOAT32, out=array).astype(np.float32)


def _load_state(game: CardrulesGame, text: str) -> CardrulesState:
    """Unpickle a state: its game (pickled by name and parameters) reads its record."""
    state: CardrulesState = game.deserialize_state(text)
    return state
