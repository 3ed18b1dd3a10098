"""The JSON form of a simulation's result, written and read back with checks.

:meth:`SimulationResult.to_json <cardrules.runner.SimulationResult.to_json>` writes::

    {"kind": "cardrules simulation", "version": 1, "bots": ["greedy", ...],
     "interval": "Student's t, 95% confidence",
     "per_bot": [stat, ...], "per_seat": [stat, ...],
     "games": [{"index": 0, "seed": ..., "seating": [0, 1, 2, 3],
                "returns": [...], "turns": 4, "columns": [{...}, ...]}, ...]}

where each ``stat`` is :meth:`Stat.to_json <cardrules.runner.Stat.to_json>` and
``columns`` holds the game's own columns by seat (an empty list when it has none).
A run with a seated bot (an engine) adds to each game ``"times"``, the seconds each
seat used (``null`` for a plain bot), and to a forfeited game ``"fault"``
(:meth:`Fault.to_json <cardrules.seats.Fault.to_json>`); results without them read
as before.
Reading checks every field and raises :class:`~cardrules.errors.SimulationError`
naming the first one that is wrong.
"""

from __future__ import annotations

import math
from typing import Any, Protocol

from cardrules.cards import _show
from cardrules.errors import SimulationError
from cardrules.seats import Fault
from cardrules.tables import Scalar, check_columns

__all__ = ["KIND", "VERSION", "read_simulation", "simulation_json"]

KIND = "cardrules simulation"
VERSION = 1

_GAME_KEYS = ("index", "seed", "seating", "returns", "turns", "columns")
_ENGINE_KEYS = ("fault", "times")

GameFields = tuple[
    int,
    int,
    tuple[int, ...],
    tuple[int, ...],
    int,
    tuple[tuple[tuple[str, Scalar], ...], ...],
    Fault | None,
    tuple[float | None, ...],
]
"""A game's fields in :class:`~cardrules.runner.GameResult` order."""


class _Stat(Protocol):
    def to_json(self) -> dict[str, Any]: ...


class _Game(Protocol):
    @property
    def index(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def seating(self) -> tuple[int, ...]: ...
    @property
    def returns(self) -> tuple[int, ...]: ...
    @property
    def turns(self) -> int: ...
    @property
    def columns(self) -> tuple[tuple[tuple[str, Scalar], ...], ...]: ...
    @property
    def fault(self) -> Fault | None: ...
    @property
    def times(self) -> tuple[float | None, ...]: ...


class _Result(Protocol):
    @property
    def bot_names(self) -> tuple[str, ...]: ...
    @property
    def games(self) -> tuple[_Game, ...]: ...
    @property
    def per_bot(self) -> tuple[_Stat, ...]: ...
    @property
    def per_seat(self) -> tuple[_Stat, ...]: ...


def simulation_json(result: _Result) -> dict[str, Any]:
    """``result`` (a :class:`~cardrules.runner.SimulationResult`) as JSON-ready data."""
    try:
        return _json(result)
    except (AttributeError, TypeError) as exc:
        raise SimulationError(f"expected a simulation result, got {_show(result)}") from exc


def _json(result: _Result) -> dict[str, Any]:
    return {
        "kind": KIND,
        "version": VERSION,
        "bots": list(result.bot_names),
        "interval": "Student's t, 95% confidence",
        "per_bot": [stat.to_json() for stat in result.per_bot],
        "per_seat": [stat.to_json() for stat in result.per_seat],
        "games": [_game_json(game) for game in result.games],
    }


def _game_json(game: _Game) -> dict[str, Any]:
    data: dict[str, Any] = {
        "index": game.index,
        "seed": game.seed,
        "seating": list(game.seating),
        "returns": list(game.returns),
        "turns": game.turns,
        "columns": [dict(columns) for columns in game.columns],
    }
    if game.times:
        data["times"] = list(game.times)
    if game.fault is not None:
        data["fault"] = game.fault.to_json()
    return data


def read_simulation(data: dict[str, Any]) -> tuple[tuple[str, ...], list[GameFields]]:
    """The bot names and the games' fields of a parsed :func:`simulation_json` dict."""
    if not isinstance(data, dict):
        raise SimulationError(f"a simulation result must be a JSON object, got {_show(data)}")
    if data.get("kind") != KIND or data.get("version") != VERSION:
        raise SimulationError(
            f"not a simulation result (kind {KIND!r}, version {VERSION}): {_show(data)}"
        )
    bots = _list(data.get("bots"), "the bots")
    if not bots or not all(isinstance(name, str) for name in bots):
        raise SimulationError(f"the bots must be a non-empty list of names, got {_show(bots)}")
    games = [
        _game(game, number, len(bots))
        for number, game in enumerate(_list(data.get("games"), "the games"))
    ]
    seen: set[int] = set()
    for number, game in enumerate(games):
        if game[0] in seen:
            raise SimulationError(f"game {number} repeats the index {game[0]}")
        seen.add(game[0])
    return tuple(bots), games


def _list(value: object, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise SimulationError(f"{what} must be a list, got {_show(value)}")
    return value


_SEEDS = 1 << 64
"""Seeds are 64-bit: ``0 .. 2**64 - 1``."""


def _int(value: object, what: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` if it is an int in ``low .. high - 1`` (either bound optional)."""
    if type(value) is not int:
        raise SimulationError(f"{what} must be an int, got {_show(value)}")
    if (low is not None and value < low) or (high is not None and value >= high):
        shown = f"{low if low is not None else ''}..{'' if high is None else high - 1}"
        raise SimulationError(f"{what} must be in {shown}, got {_show(value)}")
    return value


def _ints(value: object, what: str) -> tuple[int, ...]:
    return tuple(_int(item, f"each of {what}") for item in _list(value, what))


def _game(data: object, number: int, players: int) -> GameFields:
    where = f"game {number}"
    if not isinstance(data, dict) or not set(_GAME_KEYS) <= set(data) <= {
        *_GAME_KEYS,
        *_ENGINE_KEYS,
    }:
        raise SimulationError(
            f"{where} must have exactly the keys {list(_GAME_KEYS)}, and may have"
            f" {list(_ENGINE_KEYS)}"
        )
    index = _int(data["index"], f"the index of {where}", 0)
    seed = _int(data["seed"], f"the seed of {where}", 0, _SEEDS)
    seating = _ints(data["seating"], f"the seating of {where}")
    if sorted(seating) != list(range(players)):
        raise SimulationError(
            f"the seating of {where} must place each of the {players} bots once,"
            f" got {_show(list(seating))}"
        )
    returns = _ints(data["returns"], f"the returns of {where}")
    if len(returns) != players:
        raise SimulationError(f"{where} has {len(returns)} returns for {players} seats")
    turns = _int(data["turns"], f"the turns of {where}", 0)
    columns = _list(data["columns"], f"the columns of {where}")
    if columns and len(columns) != players:
        raise SimulationError(f"{where} has columns for {len(columns)} of {players} seats")
    seats = tuple(
        check_columns(value, f"the columns of {where}, seat {seat}")
        for seat, value in enumerate(columns)
    )
    fault = None
    if data.get("fault") is not None:
        fault = Fault.from_json(data["fault"])
        if fault.seat >= players or fault.game != index or fault.seed != seed:
            raise SimulationError(f"the fault of {where} does not match its game: {fault}")
    return index, seed, seating, returns, turns, seats, fault, _times(data, where, players)


def _times(data: dict[str, Any], where: str, players: int) -> tuple[float | None, ...]:
    if "times" not in data:
        return ()
    times = _list(data["times"], f"the times of {where}")
    if len(times) != players or not all(
        time is None or (type(time) in (int, float) and math.isfinite(time) and time >= 0)
        for time in times
    ):
        raise SimulationError(
            f"the times of {where} must be {players} non-negative numbers or nulls,"
            f" got {_show(times)}"
        )
    return tuple(None if time is None else float(time) for time in times)
