"""The game-state protocol that both games, the bots and the runner speak.

A game is its rules, plus its :class:`~cardrules.dealing.Dealing`, plus the actions
taken. A *state* is one immutable position of that game:

- :attr:`GameState.current_player` says who must act (``None`` once terminal);
- :meth:`GameState.legal_actions` is a lazy :class:`LegalActions` collection;
- :meth:`GameState.apply` returns a new state and leaves the old one untouched;
- :meth:`GameState.observation` is what one player may know, and nothing more;
- :attr:`GameState.history` and :attr:`GameState.events` record what happened;
- :meth:`GameState.to_json` and ``from_json`` round-trip any position.

Both :class:`cardrules.hazari.HazariState` and :class:`cardrules.azi.AziState`
implement it, so a loop like this runs either game:

.. code-block:: python

    while not state.is_terminal:
        player = state.current_player
        action = bot.choose(state.observation(player), state.legal_actions(), rng)
        state = state.apply(action)
"""

from __future__ import annotations

import abc
from collections.abc import Collection, Iterable, Iterator
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

import attrs
from typing_extensions import Self

from cardrules.rng import Rng

__all__ = [
    "Action",
    "ActionTuple",
    "Event",
    "GameState",
    "LegalActions",
    "Observation",
    "Turn",
]

A = TypeVar("A")
A_co = TypeVar("A_co", covariant=True)
O_co = TypeVar("O_co", covariant=True)
JSONObject = dict[str, Any]


@runtime_checkable
class Action(Protocol):
    """A frozen action record. Every action writes itself as JSON and as text."""

    def to_json(self) -> JSONObject:
        """A JSON-ready dict that the game's action parser reads back."""
        ...


@runtime_checkable
class Event(Protocol):
    """A public event: something revealed or won, visible to every player."""

    def to_json(self) -> JSONObject:
        """A JSON-ready dict describing the event."""
        ...


@attrs.frozen
class Turn(Generic[A]):
    """One entry of a state's history: who acted, and the action they took."""

    player: int
    action: A


class LegalActions(Collection[A_co], abc.ABC):
    """The legal actions of one state: a lazy, deterministic collection.

    Supports ``action in legal``, ``len(legal)`` and iteration in a fixed order.
    Subclasses compute only what is asked for.
    """

    __slots__ = ()

    @abc.abstractmethod
    def __contains__(self, action: object) -> bool: ...

    @abc.abstractmethod
    def __len__(self) -> int: ...

    @abc.abstractmethod
    def __iter__(self) -> Iterator[A_co]: ...

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {len(self)} actions>"


class ActionTuple(LegalActions[A_co]):
    """Legal actions held in a tuple: for phases with few choices.

    >>> legal = ActionTuple(["pass", "raise"])
    >>> "pass" in legal, len(legal), list(legal), legal[1]
    (True, 2, ['pass', 'raise'], 'raise')
    """

    __slots__ = ("_items", "_set")

    def __init__(self, items: Iterable[A_co]) -> None:
        self._items: tuple[A_co, ...] = tuple(items)
        self._set: frozenset[object] | None = None

    def __contains__(self, action: object) -> bool:
        if len(self._items) <= 8:
            return action in self._items
        if self._set is None:
            self._set = frozenset(self._items)
        return action in self._set

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[A_co]:
        return iter(self._items)

    def __getitem__(self, index: int) -> A_co:
        return self._items[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ActionTuple):
            return self._items == other._items
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._items)

    def __repr__(self) -> str:
        return f"ActionTuple({list(self._items)!r})"


@runtime_checkable
class Observation(Protocol):
    """What one player may know of a state: an immutable value with no hidden cards."""

    @property
    def player(self) -> int:
        """The seat this observation belongs to."""
        ...

    def to_json(self) -> JSONObject:
        """A JSON-ready dict of everything in the observation."""
        ...


class GameState(Protocol[A, O_co]):
    """One immutable position of a game. See the module documentation."""

    @property
    def num_players(self) -> int:
        """The number of seats, numbered ``0 .. num_players-1`` in the order of play."""
        ...

    @property
    def current_player(self) -> int | None:
        """The seat that must act now, or ``None`` when the state is terminal."""
        ...

    @property
    def is_terminal(self) -> bool:
        """True once the game is over and :meth:`returns` is final."""
        ...

    def legal_actions(self) -> LegalActions[A]:
        """The current player's legal actions (empty when terminal)."""
        ...

    def apply(self, action: A) -> Self:
        """The state after ``action``; raises :class:`~cardrules.errors.IllegalActionError`."""
        ...

    def observation(self, player: int) -> O_co:
        """Exactly what ``player`` may know of this state."""
        ...

    def returns(self) -> tuple[int, ...]:
        """Each seat's payoff so far (final once terminal)."""
        ...

    @property
    def history(self) -> tuple[Turn[A], ...]:
        """Every action taken, in order, with the seat that took it."""
        ...

    @property
    def events(self) -> tuple[Event, ...]:
        """The public events so far: reveals, trick and round winners, payouts."""
        ...

    def to_json(self) -> str:
        """The whole game (rules, dealing, actions) as canonical JSON."""
        ...

    @classmethod
    def from_json(cls, text: str) -> Self:
        """Rebuild and validate a state; bad input raises ``InvalidStateError``."""
        ...

    @classmethod
    def resample(cls, observation: Any, rng: Rng) -> Self:
        """A state consistent with ``observation``, other players' hidden cards redrawn."""
        ...
