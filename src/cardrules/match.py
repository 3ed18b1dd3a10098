"""What every match shares: a series of games that is itself one game state.

A match is the game in progress (``current``) after the games already played
(``finished``). :class:`Match` is the bookkeeping of both games' matches: it plays
an action in the current game, keeps a game that ends and starts the next one, and
answers the state protocol from the current game. A game's match class says only
what is its own, through three hooks: which game follows a finished one (or none:
the match is over), how to build a position, and the events that open a game and
close the match.

The finished games are a :class:`History`, a persistent list: the position after a
game ends shares the history of the position before it, so a match costs O(1)
memory per game played, however many of its positions are kept.

>>> played = History().add("first")
>>> longer = played.add("second")
>>> len(longer), tuple(longer), tuple(played)
(2, ('first', 'second'), ('first',))
>>> longer == History(["first", "second"]), longer[-1]
(True, 'second')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar, overload

from typing_extensions import Self

from cardrules import svg
from cardrules.dealing import Dealing
from cardrules.errors import InvalidStateError, _short
from cardrules.game import LegalActions, Turn
from cardrules.record import GameRecord, record_of

__all__ = ["History", "Match"]

T = TypeVar("T")
A = TypeVar("A")
E = TypeVar("E")

_Cell = Any
"""``None`` (no games), or a plain tuple ``(previous cell, game, length)``."""


class History(Sequence[T]):
    """Games in the order they were played, as a persistent list.

    :meth:`add` returns a new history that shares this one, so it costs one link
    (a few dozen bytes) whatever the length; the games are put in a tuple only
    when they are read. Histories are equal when their games are, and hash as the
    tuple of their games does.

    >>> History(("a", "b")).add("c")
    History(('a', 'b', 'c'))
    """

    __slots__ = ("_cell",)

    _cell: _Cell

    def __init__(self, games: Iterable[T] = ()) -> None:
        if isinstance(games, History):
            self._cell = games._cell
            return
        if not isinstance(games, Iterable):
            raise InvalidStateError(
                f"finished games must be an iterable of games, not {_short(games)}"
            )
        cell: _Cell = None
        for length, game in enumerate(games, 1):
            cell = (cell, game, length)
        self._cell = cell

    def add(self, game: T) -> History[T]:
        """This history with ``game`` played after its games (this one is unchanged)."""
        longer: History[T] = History()
        longer._cell = (self._cell, game, len(self) + 1)
        return longer

    def __len__(self) -> int:
        return 0 if self._cell is None else int(self._cell[2])

    def _games(self) -> tuple[T, ...]:
        found: list[T] = []
        cell = self._cell
        while cell is not None:
            cell, game, _ = cell
            found.append(game)
        found.reverse()
        return tuple(found)

    def __iter__(self) -> Iterator[T]:
        return iter(self._games())

    def __reversed__(self) -> Iterator[T]:
        cell = self._cell
        while cell is not None:
            cell, game, _ = cell
            yield game

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        return self._games()[index]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, History):
            return NotImplemented
        mine, theirs = self._cell, other._cell
        if len(self) != len(other):
            return False
        while mine is not theirs:  # a shared tail is equal without a look
            if not (mine[1] is theirs[1] or mine[1] == theirs[1]):
                return False
            mine, theirs = mine[0], theirs[0]
        return True

    def __hash__(self) -> int:
        return hash(self._games())

    def __reduce__(self) -> tuple[type[History[T]], tuple[tuple[T, ...]]]:
        # a flat tuple, so that a long history pickles and copies without deep recursion
        return (History, (self._games(),))

    def __repr__(self) -> str:
        return f"History({self._games()!r})"


class _Game(Protocol):
    """The part of a game state a match uses."""

    @property
    def is_terminal(self) -> bool: ...

    @property
    def current_player(self) -> int | None: ...

    def forfeit_returns(self, seat: int) -> tuple[int, ...]: ...

    @property
    def history(self) -> tuple[Turn[Any], ...]: ...

    @property
    def events(self) -> tuple[Any, ...]: ...

    def legal_actions(self) -> LegalActions[Any]: ...

    def apply(self, action: Any) -> Self: ...

    def action_id(self, action: Any) -> int: ...

    def action_from_id(self, action_id: int) -> Any: ...

    def legal_action_ids(self) -> list[int]: ...

    def legal_action_mask(self) -> bytes: ...


G = TypeVar("G", bound=_Game)


class Match(Generic[G, A, E]):
    """The bookkeeping of a match of games ``G`` with actions ``A`` and events ``E``.

    A subclass holds ``rules``, ``dealing``, ``first_dealer``, ``current`` and its
    :class:`History` as ``_history``, names its record kind ``_record_game``, and
    defines :meth:`_next`, :meth:`_replace`, :meth:`_started` and :meth:`_over`.
    """

    __slots__ = ()

    _record_game: ClassVar[str]
    rules: Any
    dealing: Dealing
    first_dealer: int
    current: G
    _history: History[G]

    # ------------------------------------------------------------------ the hooks

    def _next(self, ended: G) -> G | None:
        """The start of the game after ``ended``, or ``None`` if the match ends with it."""
        raise NotImplementedError

    def _replace(self, history: History[G], current: G, ended: G | None) -> Self:
        """This match with ``history`` and ``current``; ``ended`` is the game that has
        just ended, if one has."""
        raise NotImplementedError

    def _started(self, number: int, game: G) -> E:
        """The event that opens ``game``, game number ``number`` (from 0)."""
        raise NotImplementedError

    def _over(self) -> E:
        """The event that closes the match."""
        raise NotImplementedError

    def summary(self) -> dict[str, Any]:
        """The derived facts a record stores to detect tampering."""
        raise NotImplementedError

    # --------------------------------------------------------------- the games

    @property
    def finished(self) -> tuple[G, ...]:
        """The games already played, first to last (a tuple made when asked for)."""
        return tuple(self._history)

    def _games(self) -> tuple[G, ...]:
        return (*self._history, self.current)

    def apply(self, action: A) -> Self:
        """Apply ``action`` to the current game; start the next game when it ends.

        Raises :class:`~cardrules.errors.IllegalActionError` like a game does.
        """
        game = self.current.apply(action)
        if not game.is_terminal:
            return self._replace(self._history, game, None)
        following = self._next(game)
        if following is None:
            return self._replace(self._history, game, game)
        return self._replace(self._history.add(game), following, game)

    def forfeit_returns(self, seat: int) -> tuple[int, ...]:
        """Each seat's returns if ``seat`` forfeits here: the games already played stand,
        and the current game is forfeited by its own rule (see its rules page)."""
        current = self.current.forfeit_returns(seat)
        played: tuple[int, ...] = self.returns()  # type: ignore[attr-defined]
        return tuple(a + b for a, b in zip(played, current, strict=True))

    # ----------------------------------------------------- the state protocol

    @property
    def is_terminal(self) -> bool:
        """True once the last game of the match is over."""
        return self.current.is_terminal

    @property
    def current_player(self) -> int | None:
        """Who must act in the current game, or ``None`` once the match is over."""
        return self.current.current_player

    def legal_actions(self) -> LegalActions[A]:
        """The legal actions of the current game."""
        return self.current.legal_actions()

    def action_id(self, action: A) -> int:
        """The id of ``action`` in the current game."""
        return self.current.action_id(action)

    def action_from_id(self, action_id: int) -> A:
        """The action of the current game whose id is ``action_id``."""
        action: A = self.current.action_from_id(action_id)
        return action

    def legal_action_ids(self) -> list[int]:
        """The ids of the current game's legal actions, sorted."""
        return self.current.legal_action_ids()

    def legal_action_mask(self) -> bytes:
        """One byte per action id of the current game: 1 where the action is legal."""
        return self.current.legal_action_mask()

    @property
    def history(self) -> tuple[Turn[A], ...]:
        """Every action of every game, in order."""
        return tuple(turn for game in self._games() for turn in game.history)

    @property
    def events(self) -> tuple[E, ...]:
        """Each game's events after the event that opens it, then the one that closes
        the match once it is over."""
        events: list[E] = []
        for number, game in enumerate(self._games()):
            events.append(self._started(number, game))
            events.extend(game.events)
        if self.is_terminal:
            events.append(self._over())
        return tuple(events)

    # -------------------------------------------------------------------- JSON

    def record(self) -> GameRecord:
        """The match as a :class:`~cardrules.record.GameRecord`."""
        return record_of(self._record_game, self)

    def to_json(self) -> dict[str, Any]:
        """The match (rules, dealing, actions and a summary) as a JSON-ready dict."""
        data: dict[str, Any] = self.record().to_json()
        return data

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows; see :func:`cardrules.svg.render`."""
        return svg.render(self)
