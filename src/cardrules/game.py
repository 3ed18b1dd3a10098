"""The game-state protocol that both games, the bots and the runner speak.

A game is its rules, plus its :class:`~cardrules.dealing.Dealing`, plus the actions
taken. A *state* is one immutable position of that game:

- :attr:`GameState.current_player` says who must act (``None`` once terminal);
- :meth:`GameState.legal_actions` is a lazy :class:`LegalActions` collection;
- :meth:`GameState.apply` returns a new state and leaves the old one untouched;
- :meth:`GameState.observation` is what one player may know, and nothing more;
- :attr:`GameState.history` and :attr:`GameState.events` record what happened;
- :meth:`GameState.action_id` numbers actions for search and learning tools;
- :meth:`GameState.to_json` and ``from_json`` round-trip any position.

Optionally, a state may offer ``result_columns()``: one mapping per seat of column
names to JSON scalars (ints, floats, text, booleans or ``None``), the game's own
columns in the rows of :meth:`SimulationResult.to_rows
<cardrules.runner.SimulationResult.to_rows>` (Hazari's rounds won, Azi's tricks and
bids). The runner asks a game's final state for it, and checks what it gives.

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
from typing import Any, Generic, Protocol, SupportsIndex, TypeVar, overload, runtime_checkable

import attrs
from typing_extensions import Self

from cardrules.cards import _show
from cardrules.errors import ActionIndexError, IllegalActionError
from cardrules.rng import Rng

__all__ = [
    "Action",
    "ActionTuple",
    "Event",
    "GameState",
    "LegalActions",
    "Observation",
    "Resampler",
    "Turn",
    "check_index",
]

A = TypeVar("A")
A_co = TypeVar("A_co", covariant=True)
O_co = TypeVar("O_co", covariant=True)
O_contra = TypeVar("O_contra", contravariant=True)
S_co = TypeVar("S_co", covariant=True)
JSONObject = dict[str, Any]


@runtime_checkable
class Action(Protocol):
    """A frozen action record. Every action writes itself as JSON and as text."""

    def to_json(self) -> JSONObject:
        """A JSON-ready dict that the game's action parser reads back."""
        ...


@runtime_checkable
class Event(Protocol):
    """A public event: something revealed or won, visible to every player.

    Every event class also has ``from_json(dict | str)``, which reads ``to_json`` back.
    """

    def to_json(self) -> JSONObject:
        """A JSON-ready dict describing the event."""
        ...


@attrs.frozen
class Turn(Generic[A]):
    """One entry of a state's history: who acted, and the action they took."""

    player: int
    action: A


class LegalActions(Collection[A_co], abc.ABC):
    """The legal actions of one state: a lazy, deterministic, read-only sequence.

    Supports ``action in legal``, ``len(legal)``, iteration and ``legal[i]``, all in
    one fixed order. ``action in legal`` is True exactly when the state's ``apply``
    accepts ``action``. Subclasses compute only what is asked for.

    Optional: a collection may also offer ``sample(rng)``, one action drawn uniformly
    with a :class:`~cardrules.rng.Rng` and the same for the same ``rng`` state, for
    collections where a uniform draw costs less than ``len`` (Hazari's arrangements).
    Generic code looks for it (``getattr(legal, "sample", None)``) and otherwise draws
    ``legal[rng.randbelow(len(legal))]``, as :class:`~cardrules.bots.RandomBot` does.
    """

    __slots__ = ()

    @abc.abstractmethod
    def __contains__(self, action: object) -> bool: ...

    @abc.abstractmethod
    def __len__(self) -> int: ...

    @abc.abstractmethod
    def __iter__(self) -> Iterator[A_co]: ...

    @abc.abstractmethod
    def __getitem__(self, index: int) -> A_co:
        """The ``index``-th action in iteration order (negative indices count from the end)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {len(self)} actions>"


def check_index(index: object, size: int) -> int:
    """``index`` as a position in ``range(size)``, counting negative ones from the end.

    An index that is not an ``int`` raises :class:`~cardrules.errors.IllegalActionError`;
    one out of range raises :class:`~cardrules.errors.ActionIndexError`, which is both
    a package error and an :class:`IndexError` (so ``except IndexError`` and Python's
    sequence protocol keep working).

    >>> check_index(-1, 3)
    2
    >>> check_index(3, 3)
    Traceback (most recent call last):
    ...
    cardrules.errors.ActionIndexError: action index 3 out of range for 3 legal actions
    """
    if type(index) is not int:
        raise IllegalActionError(
            f"legal action indices must be integers, got {_show(index)}"
            f" of type {type(index).__name__}"
        )
    if type(size) is not int or size < 0:
        raise IllegalActionError(
            f"the number of legal actions must be a non-negative int, got {_show(size)}"
        )
    position = index + size if index < 0 else index
    if not 0 <= position < size:
        raise ActionIndexError(f"action index {_show(index)} out of range for {size} legal actions")
    return position


class ActionTuple(tuple[A_co, ...], LegalActions[A_co]):
    """Legal actions held in an immutable tuple: for phases with few choices.

    >>> legal = ActionTuple(["pass", "raise"])
    >>> "pass" in legal, len(legal), list(legal), legal[1]
    (True, 2, ['pass', 'raise'], 'raise')
    >>> legal
    ActionTuple(['pass', 'raise'])

    Indexing follows :func:`check_index` (an ``int``, not merely an index-like
    value), so a bad index raises a package error; a slice gives a plain tuple.
    """

    __slots__ = ()

    @overload
    def __getitem__(self, index: SupportsIndex) -> A_co: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[A_co, ...]: ...
    def __getitem__(self, index: SupportsIndex | slice) -> A_co | tuple[A_co, ...]:
        if type(index) is int:
            try:
                return tuple.__getitem__(self, index)
            except IndexError:
                pass
        elif type(index) is slice:
            return tuple.__getitem__(self, index)
        return tuple.__getitem__(self, check_index(index, len(self)))

    def __new__(cls, actions: Iterable[A_co] = ()) -> Self:
        """The actions of ``actions`` (any iterable) in order."""
        try:
            return super().__new__(cls, actions)
        except TypeError as exc:
            raise IllegalActionError(
                f"legal actions must be an iterable of actions, got {_show(actions)}"
            ) from exc

    def __repr__(self) -> str:
        return f"ActionTuple({list(self)!r})"


@runtime_checkable
class Observation(Protocol):
    """What one player may know of a state: an immutable value with no hidden cards.

    Every observation class also has ``from_json(dict | str)``, and ``str`` renders it
    for a terminal.
    """

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

    def action_id(self, action: A) -> int:
        """The integer id of ``action`` in ``range(num_distinct_actions)``."""
        ...

    def action_from_id(self, action_id: int) -> A:
        """The action whose id is ``action_id`` in this state."""
        ...

    def legal_action_ids(self) -> list[int]:
        """The ids of the legal actions, sorted."""
        ...

    def legal_action_mask(self) -> bytes:
        """One byte per action id: 1 where the action is legal, else 0."""
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

    def to_json(self) -> JSONObject:
        """The whole game (rules, dealing, actions) as a JSON-ready dict."""
        ...

    @classmethod
    def from_json(cls, data: JSONObject | str | bytes) -> Self:
        """Rebuild and validate a state; bad input raises ``InvalidStateError``."""
        ...


class Resampler(Protocol[O_contra, S_co]):
    """Draws full states consistent with one player's observation, for search bots.

    ``resample(observation, rng)`` redraws every card the observer cannot see,
    uniformly among the deals consistent with what it has seen.
    """

    def __call__(self, observation: O_contra, rng: Rng, /) -> S_co:
        """A state consistent with ``observation``."""
        ...
