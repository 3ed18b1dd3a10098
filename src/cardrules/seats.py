"""Seated bots: bots told of each game they play, that number its actions and may forfeit.

Most bots are a ``choose`` method and nothing more (:mod:`cardrules.bot`). A bot that
plays from elsewhere, such as an engine in another process (:mod:`cardrules.engine`),
needs more: to hear which game it sits down to, in which seat and with which seed
for its own randomness; to number the legal actions as the game does; to be told the
result; and a way to give up a game it cannot finish. Such a bot is a
:class:`SeatedBot`: for each game the runner calls ``bot.sit(sitting)`` and plays
that game with the :class:`Seat` it returns.

- ``seat.decide(decision)`` chooses an action from a :class:`Decision`: the seat's
  observation, a read-only view of the legal actions, and the game's action ids;
- a seat that cannot go on raises :class:`Forfeit`: the game stops there, that seat
  *forfeits*, and each seat gets the game's forfeit returns (the state's
  ``forfeit_returns(seat)``, written down on each game's rules page); the run goes on
  with the next game;
- ``seat.stand(returns, fault)`` ends the seat's game (``returns`` is ``None`` when the
  game was abandoned) and gives the seconds it used deciding, or ``None``.

The runner records a forfeit as a :class:`Fault`: its kind and detail, the bot, its
seat, the game's number and its seed, so that the game can be replayed.

>>> from cardrules import load_game
>>> from cardrules.rng import Rng
>>> class Quitter:
...     name = "quitter"
...     def choose(self, observation, legal_actions, rng): ...
...     def sit(self, sitting):
...         return self
...     def decide(self, decision):
...         raise Forfeit("crash", "gave up at once")
...     def stand(self, returns, fault):
...         return 0.0
>>> from cardrules.bots import RandomBot
>>> played = play_seated(load_game("hazari").new_state(1), [Quitter()] + [RandomBot()] * 3,
...                      [Rng(seat) for seat in range(4)], game="hazari", seed=1)
>>> played.returns, str(played.fault)
((0, 120, 120, 120), 'quitter in seat 0 forfeits game 0 (seed 1): crash: gave up at once')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

from cardrules.bot import LegalView, bot_name
from cardrules.cards import _show
from cardrules.errors import CardRulesError, IllegalActionError, SimulationError
from cardrules.game import GameState, LegalActions, Turn
from cardrules.rng import Rng

__all__ = [
    "MAX_DETAIL",
    "Decision",
    "Fault",
    "Forfeit",
    "ForfeitedGame",
    "Played",
    "Seat",
    "SeatedBot",
    "Sitting",
    "forfeit_returns",
    "play_seated",
]

MAX_DETAIL = 500
"""The longest detail a :class:`Fault` keeps, in characters."""

Ask = Callable[[Any, int, GameState[Any, Any], LegalActions[Any], Rng], Any]
"""How the runner asks a plain bot for its action (with its checks)."""


@attrs.frozen
class Sitting:
    """What a seated bot hears when it sits down to a game.

    ``seed`` is the state of the seat's :class:`~cardrules.rng.Rng` as the game starts:
    ``Rng(seed)`` draws exactly what the seat's generator would, so a bot elsewhere
    plays as it would in process. ``game`` is the game as spec text
    (``load_game(game)`` makes it), or ``None`` if the run's game factory is not a
    registered game.
    """

    game: str | None
    players: int
    seat: int
    seed: int


@attrs.frozen(repr=False)
class Decision:
    """One turn of a seated bot: its seat, its observation, a read-only view of the legal
    actions, and the game's numbering of actions (the acting seat's own).

    It holds the position, but gives out nothing the seat may not know: the
    observation, and the ids of the acting seat's own actions.
    """

    _state: GameState[Any, Any]
    seat: int
    observation: Any
    legal: LegalView[Any]

    def action_id(self, action: Any) -> int:
        """The game's id of ``action`` (one of the legal actions)."""
        return self._state.action_id(action)

    def action_from_id(self, action_id: int) -> Any:
        """The action whose id is ``action_id``; a bad id raises a package error."""
        return self._state.action_from_id(action_id)

    @property
    def turn(self) -> int:
        """How many actions the game has seen before this one."""
        return len(self._state.history)

    def __repr__(self) -> str:
        return f"<Decision: seat {self.seat}, turn {self.turn}, {len(self.legal)} legal actions>"


class Forfeit(CardRulesError):
    """Raised by a seat to give up its game: ``kind`` names the fault (one word, such as
    ``"timeout"``), ``detail`` says what happened."""

    def __init__(self, kind: str, detail: str) -> None:
        self.kind = kind if isinstance(kind, str) else _show(kind)
        self.detail = (detail if isinstance(detail, str) else _show(detail))[:MAX_DETAIL]
        super().__init__(f"{self.kind}: {self.detail}")


@attrs.frozen
class Fault:
    """A forfeit as a result records it: the fault's ``kind`` and ``detail``, the ``bot``
    (its name), its ``seat``, and the ``game`` (its number in the run) with its ``seed``.

    >>> fault = Fault("timeout", "no answer in 1.0 s", "exec:./mybot", 2, 17, 99)
    >>> print(fault)
    exec:./mybot in seat 2 forfeits game 17 (seed 99): timeout: no answer in 1.0 s
    >>> Fault.from_json(fault.to_json()) == fault
    True
    """

    kind: str
    detail: str
    bot: str
    seat: int
    game: int
    seed: int

    def __str__(self) -> str:
        return (
            f"{self.bot} in seat {self.seat} forfeits game {self.game} (seed {self.seed}):"
            f" {self.kind}: {self.detail}"
        )

    def to_json(self) -> dict[str, Any]:
        """The fault as a JSON-ready dict."""
        return attrs.asdict(self)

    @classmethod
    def from_json(cls, data: object) -> Fault:
        """Read what :meth:`to_json` wrote; anything else raises SimulationError."""
        fields = ("kind", "detail", "bot", "seat", "game", "seed")
        if not isinstance(data, dict) or set(data) != set(fields):
            raise SimulationError(f"a fault needs exactly {', '.join(fields)}, got {_show(data)}")
        texts = [data[key] for key in fields[:3]]
        numbers = [data[key] for key in fields[3:]]
        if not all(isinstance(text, str) for text in texts) or not all(
            type(number) is int and number >= 0 for number in numbers
        ):
            raise SimulationError(f"a malformed fault: {_show(data)}")
        return cls(*texts, *numbers)


class ForfeitedGame(SimulationError):
    """Raised by :func:`~cardrules.runner.play_game` when a seat forfeits: ``fault``, the
    position where it happened (``state``) and each seat's forfeit ``returns``."""

    def __init__(self, fault: Fault, state: Any, returns: tuple[int, ...]) -> None:
        self.fault = fault
        self.state = state
        self.returns = returns
        super().__init__(str(fault) if isinstance(fault, Fault) else _show(fault))


@runtime_checkable
class Seat(Protocol):
    """One seated bot's game: it decides, then stands up. See the module docs."""

    def decide(self, decision: Decision) -> Any:
        """One of ``decision.legal``; or raise :class:`Forfeit`."""
        ...

    def stand(self, returns: tuple[int, ...] | None, fault: Fault | None) -> float | None:
        """End the game (``returns`` is ``None`` if it was abandoned); the seconds used."""
        ...


@runtime_checkable
class SeatedBot(Protocol):
    """A bot that sits down to each game (see the module docs)."""

    def sit(self, sitting: Sitting) -> Seat:
        """The seat that plays one game."""
        ...


@attrs.frozen
class Played:
    """A game played by :func:`play_seated`: the last position, each seat's returns (the
    forfeit returns if a seat forfeited), the fault if one did, and each seat's seconds
    (``None`` for a plain bot)."""

    state: Any
    returns: tuple[int, ...]
    fault: Fault | None
    times: tuple[float | None, ...]


def forfeit_returns(state: Any, seat: int) -> tuple[int, ...]:
    """Each seat's returns when ``seat`` forfeits at ``state``: the state's own
    ``forfeit_returns(seat)``, checked. A game that defines none raises SimulationError."""
    hook = getattr(state, "forfeit_returns", None)
    if hook is None:
        raise SimulationError(
            f"{type(state).__name__} defines no forfeit_returns, so a seat cannot forfeit it"
        )
    returns = tuple(hook(seat))
    if len(returns) != state.num_players or not all(type(value) is int for value in returns):
        raise SimulationError(
            f"{type(state).__name__}.forfeit_returns({seat}) must give one int per seat,"
            f" got {_show(returns)}"
        )
    return returns


def play_seated(
    state: Any,
    bots: Sequence[Any],
    rngs: Sequence[Rng],
    *,
    game: str | None,
    ask: Ask | None = None,
    on_turn: Callable[[Any, Turn[Any]], None] | None = None,
    index: int = 0,
    seed: int = 0,
    names: Sequence[str] | None = None,
) -> Played:
    """Play ``state`` to the end or to a forfeit, seating every :class:`SeatedBot`.

    Plain bots are asked through ``ask`` (the runner's checked call; by default a
    plain ``choose``). ``index`` and ``seed`` name the game in a :class:`Fault`, and
    ``names`` the bots (by default :func:`~cardrules.bot.bot_name`). Every seat
    stands up however the game ends, an exception included.
    """
    players = _check_table(state, bots, rngs, game, names)
    for what, function in (("ask", ask), ("on_turn", on_turn)):
        if function is not None and not callable(function):
            raise SimulationError(f"{what} must be a callable or None, got {_show(function)}")
    for what, number in (("index", index), ("seed", seed)):
        if type(number) is not int or number < 0:
            raise SimulationError(f"{what} must be a non-negative int, got {_show(number)}")
    labels = list(names) if names is not None else [bot_name(bot) for bot in bots]
    seats: list[Seat | None] = []
    fault: Fault | None = None
    done: tuple[int, ...] | None = None
    try:
        for seat, bot in enumerate(bots):
            sitting = Sitting(game, players, seat, rngs[seat].state)
            seats.append(bot.sit(sitting) if isinstance(bot, SeatedBot) else None)
        while not state.is_terminal:
            player = state.current_player
            if player is None:
                break
            legal: LegalActions[Any] = state.legal_actions()
            seated = seats[player]
            if seated is None:
                action = (ask or _plain)(bots[player], player, state, legal, rngs[player])
            else:
                try:
                    action = _decide(seated, labels[player], player, state, legal)
                except Forfeit as lost:
                    fault = Fault(lost.kind, lost.detail, labels[player], player, index, seed)
                    break
            state = state.apply(action)
            if on_turn is not None:
                on_turn(state, Turn(player, action))
        done = forfeit_returns(state, fault.seat) if fault else tuple(state.returns())
    finally:
        times = tuple(None if seated is None else seated.stand(done, fault) for seated in seats)
    return Played(state, done, fault, times)


_STATE = ("num_players", "current_player", "is_terminal", "legal_actions", "apply", "observation")


def _check_table(state: object, bots: object, rngs: object, game: object, names: object) -> int:
    """The number of seats, once the arguments of :func:`play_seated` are checked."""
    if isinstance(state, type) or not all(hasattr(state, name) for name in _STATE):
        raise SimulationError(f"play_seated needs a game state, got {_show(state)}")
    players = state.num_players  # type: ignore[attr-defined]
    for what, items in (("bots", bots), ("rngs", rngs), ("names", names)):
        if what == "names" and items is None:
            continue
        if isinstance(items, (str, bytes)) or not isinstance(items, Sequence):
            raise SimulationError(f"{what} must be a sequence, got {_show(items)}")
        if len(items) != players:
            raise SimulationError(f"the game has {players} seats but {len(items)} {what}")
    for bot in bots:  # type: ignore[attr-defined]
        if not isinstance(bot, SeatedBot) and not callable(getattr(bot, "choose", None)):
            raise SimulationError(f"{_show(bot)} is not a bot: it has no choose method")
    if not all(isinstance(rng, Rng) for rng in rngs):  # type: ignore[attr-defined]
        raise SimulationError(f"each seat draws from an Rng, got {_show(rngs)}")
    if names is not None and not all(isinstance(name, str) for name in names):  # type: ignore[attr-defined]
        raise SimulationError(f"names must be text, got {_show(names)}")
    if game is not None and not isinstance(game, str):
        raise SimulationError(f"game must be spec text or None, got {_show(game)}")
    return int(players)


def _plain(bot: Any, seat: int, state: Any, legal: LegalActions[Any], rng: Rng) -> Any:
    return bot.choose(state.observation(seat), LegalView(legal), rng)


def _decide(seated: Seat, name: str, seat: int, state: Any, legal: LegalActions[Any]) -> Any:
    decision = Decision(state, seat, state.observation(seat), LegalView(legal))
    try:
        action = seated.decide(decision)
    except Forfeit:
        raise
    except Exception as exc:
        raise SimulationError(
            f"bot {_show(name)} in seat {seat} failed in {type(state).__name__}"
            f" after {len(state.history)} actions: {type(exc).__name__}: {exc}"
        ) from exc
    try:
        legal_choice = action in legal
    except Exception:
        legal_choice = False
    if not legal_choice:
        raise IllegalActionError(
            f"bot {_show(name)} in seat {seat} chose {_show(action)}, which is not legal"
        )
    return action
