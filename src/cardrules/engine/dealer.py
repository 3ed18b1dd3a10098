"""The dealer's side: :class:`EngineBot`, a bot that is a program speaking the protocol.

An :class:`EngineBot` is a :class:`~cardrules.seats.SeatedBot`: it plays through
:func:`~cardrules.runner.simulate`, :func:`~cardrules.tournament.tournament` and
:func:`~cardrules.runner.play_game` like any bot, on any executor. It pickles as its
command and settings, and starts its program only when a game first asks it to
decide, in whichever process plays that game. A process that has played a game waits
for the next one; each process keeps its own engines, and :meth:`EngineBot.close`
(called by ``simulate`` at the end of a run) or the process's exit stops them.

An engine that crashes, hangs past its time, writes an endless line or garbage,
answers an illegal action or speaks another protocol version forfeits that game
(:class:`~cardrules.seats.Forfeit`): its process is killed, and the next game starts
a new one.

>>> import sys
>>> bot = EngineBot([sys.executable, "-m", "cardrules", "engine", "serve", "random"])
>>> bot.name, bot.time_limit
('exec:... -m cardrules engine serve random', 10.0)
>>> import pickle
>>> pickle.loads(pickle.dumps(bot)) == bot
True
"""

from __future__ import annotations

import functools
import logging
import math
import os
import shlex
import shutil
import threading
import time
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from cardrules.cards import _show
from cardrules.engine.process import EngineProcess
from cardrules.engine.protocol import (
    EngineInfo,
    check_option,
    encode,
    engine_info,
    hello,
    read_answer,
    read_line,
    visible,
)
from cardrules.errors import EngineError
from cardrules.game import LegalActions
from cardrules.registry import Game, load_game
from cardrules.seats import Decision, Fault, Forfeit, Sitting
from cardrules.tables import Scalar

__all__ = [
    "DEFAULT_START_LIMIT",
    "DEFAULT_TIME_LIMIT",
    "MAX_TIME_LIMIT",
    "EngineBot",
    "EngineSeat",
]

DEFAULT_TIME_LIMIT = 10.0
"""Seconds an engine has for each decision, unless told otherwise."""

DEFAULT_START_LIMIT = 30.0
"""Seconds an engine has to start and answer the handshake."""

MAX_TIME_LIMIT = 86_400.0
"""The longest time limit, in seconds (a day)."""

_LOG = logging.getLogger("cardrules.engine")

_Listed = tuple[list[Any], list[int], list[str]]
"""The legal actions a decision listed, with their ids and texts."""

_Key = tuple[tuple[str, ...], tuple[tuple[str, Scalar], ...], str | None]
_IDLE: dict[_Key, list[tuple[EngineProcess, EngineInfo]]] = {}
_IDLE_LOCK = threading.Lock()


def _argv(command: object) -> tuple[str, ...]:
    if isinstance(command, str):
        try:
            argv = tuple(shlex.split(command))
        except ValueError as exc:
            raise EngineError(f"cannot read the engine command {_show(command)}: {exc}") from None
    elif isinstance(command, Sequence) and all(isinstance(part, str) for part in command):
        argv = tuple(command)
    else:
        raise EngineError(f"an engine command is text or a list of arguments, got {_show(command)}")
    if not argv or not argv[0]:
        raise EngineError(f"an engine command names a program, got {_show(command)}")
    return argv


def _limit(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise EngineError(f"{what} is a number of seconds, got {_show(value)}")
    if not 0 < value <= MAX_TIME_LIMIT or math.isnan(value):
        raise EngineError(
            f"{what} must be above 0 and at most {MAX_TIME_LIMIT:g} s, got {_show(value)}"
        )
    return float(value)


def _time_limit(value: object) -> float | None:
    return None if value is None else _limit(value, "an engine's time limit")


def _start_limit(value: object) -> float:
    return _limit(value, "an engine's start limit")


def _options(value: object) -> tuple[tuple[str, Scalar], ...]:
    if value is None:
        return ()
    if isinstance(value, tuple) and all(isinstance(item, tuple) for item in value):
        value = dict(value)
    if not isinstance(value, Mapping) or not all(
        isinstance(name, str) and isinstance(item, (bool, int, float, str))
        for name, item in value.items()
    ):
        raise EngineError(f"engine options map names to numbers, text or bools, got {_show(value)}")
    return tuple(sorted(value.items()))


@attrs.frozen
class EngineBot:
    """A bot that is a program: ``command`` (text, split as a shell would but never run by
    one, or a list of arguments) speaking the ``cardrules-engine`` protocol.

    ``time_limit`` is the seconds per decision (``None``: no limit), ``start_limit`` the
    seconds to start and answer the handshake, ``options`` the engine options to set
    (names the engine declares), ``cwd`` the directory to run it in, and ``name`` its
    name in tables (by default ``"exec:"`` and the command).
    """

    command: tuple[str, ...] = attrs.field(converter=_argv)
    time_limit: float | None = attrs.field(default=DEFAULT_TIME_LIMIT, converter=_time_limit)
    start_limit: float = attrs.field(default=DEFAULT_START_LIMIT, converter=_start_limit)
    options: tuple[tuple[str, Scalar], ...] = attrs.field(default=(), converter=_options)
    cwd: str | None = None
    name: str = attrs.field(default="")

    def __attrs_post_init__(self) -> None:
        if not self.name:
            object.__setattr__(self, "name", "exec:" + shlex.join(self.command))
        program = self.command[0]
        where = os.path.join(self.cwd or os.getcwd(), program) if os.sep in program else None
        found = os.access(where, os.X_OK) if where else shutil.which(program) is not None
        if not found:
            raise EngineError(
                f"cannot find the program {_show(program)} of the engine {_show(self.name)}"
            )

    @property
    def _key(self) -> _Key:
        return self.command, self.options, self.cwd

    def choose(self, observation: Any, legal_actions: LegalActions[Any], rng: Any) -> Any:
        """Refused: an engine plays through the runner, which seats it for each game."""
        raise EngineError(
            f"the engine {self.name} plays through simulate, tournament or play_game,"
            " which seat it for each game; it has no choose of its own"
        )

    def sit(self, sitting: Sitting) -> EngineSeat:
        """The seat that plays one game (the engine starts at its first decision)."""
        return EngineSeat(self, sitting)

    def close(self) -> None:
        """Say ``quit`` to this engine's waiting processes in this process, and stop them
        (a new game starts one)."""
        with _IDLE_LOCK:
            idle = _IDLE.pop(self._key, [])
        for process, _ in idle:
            process.quit()

    def _acquire(self) -> tuple[EngineProcess, EngineInfo]:
        with _IDLE_LOCK:
            idle = _IDLE.get(self._key)
            while idle:
                process, info = idle.pop()
                if process.running:
                    return process, info
                process.stop()
        return self._start()

    def _release(self, process: EngineProcess, info: EngineInfo) -> None:
        with _IDLE_LOCK:
            _IDLE.setdefault(self._key, []).append((process, info))

    def _start(self) -> tuple[EngineProcess, EngineInfo]:
        process = EngineProcess(self.command, self.cwd)
        try:
            deadline = time.monotonic() + self.start_limit
            process.send(encode(hello()), deadline)
            info = engine_info(read_line(process.receive(deadline, self.start_limit)))
            for option, value in self.options:
                check_option(info, option, value)
            if self.options:
                message = {"type": "options", "values": dict(self.options)}
                process.send(encode(message), deadline)
        except BaseException:
            process.stop()
            raise
        return process, info


@functools.lru_cache(maxsize=64)
def _game(spec: str) -> Game:
    return load_game(spec)


class EngineSeat:
    """One engine's game: it starts or reuses the engine, asks it each decision, and
    tells it the result. See :class:`~cardrules.seats.Seat`."""

    def __init__(self, bot: EngineBot, sitting: Sitting) -> None:
        if not isinstance(bot, EngineBot) or not isinstance(sitting, Sitting):
            raise EngineError(
                f"an engine seat needs an EngineBot and a Sitting, got {_show(bot)}"
                f" and {_show(sitting)}"
            )
        if sitting.game is None:
            raise EngineError(
                f"the engine {bot.name} plays a registered game: give the runner a game"
                " from load_game as its game factory"
            )
        self.bot = bot
        self.sitting = sitting
        self.game = _game(sitting.game)
        self.used = 0.0
        self._engine: tuple[EngineProcess, EngineInfo] | None = None

    def decide(self, decision: Decision) -> Any:
        """Ask the engine; a fault kills it and raises :class:`~cardrules.seats.Forfeit`."""
        try:
            if self._engine is None:
                self._engine = self.bot._acquire()
                self._engine[0].clear_stderr()
                self._send(self._new_game())
            process, info = self._engine
            message, listed = self._decision(decision, info.legal_limit)
            limit = self.bot.time_limit
            start = time.perf_counter()
            deadline = time.monotonic() + (limit if limit is not None else math.inf)
            try:
                process.send(encode(message), deadline)
                answer = read_answer(read_line(process.receive(deadline, limit)))
            finally:
                self.used += time.perf_counter() - start
            action = self._action(answer.id, answer.text, decision, listed)
        except BaseException:
            self._drop()
            raise
        if answer.info:
            _LOG.info("%s, seat %d: %s", self.bot.name, self.sitting.seat, answer.info)
        return action

    def stand(self, returns: tuple[int, ...] | None, fault: Fault | None) -> float:
        """Tell the engine the result and keep it for the next game (or, if the game was
        abandoned, stop it); the seconds it used deciding."""
        if self._engine is not None:
            if returns is None:
                self._drop()
            else:
                forfeit = None if fault is None else {"seat": fault.seat, "kind": fault.kind}
                message = {"type": "game_over", "returns": list(returns), "forfeit": forfeit}
                try:
                    self._send(message)
                except Forfeit:
                    self._drop()
                else:
                    self.bot._release(*self._engine)
                    self._engine = None
        return self.used

    def _send(self, message: dict[str, Any]) -> None:
        assert self._engine is not None
        self._engine[0].send(encode(message), time.monotonic() + self.bot.start_limit)

    def _drop(self) -> None:
        if self._engine is not None:
            self._engine[0].stop()
            self._engine = None

    def _new_game(self) -> dict[str, Any]:
        sitting = self.sitting
        return {
            "type": "new_game",
            "game": sitting.game,
            "rules": self.game.options,
            "players": sitting.players,
            "seat": sitting.seat,
            "seed": sitting.seed,
            "time_limit": self.bot.time_limit,
        }

    def _decision(self, decision: Decision, limit: int) -> tuple[dict[str, Any], _Listed]:
        legal = decision.legal
        count = len(legal)
        picks = range(count) if count <= limit else (i * count // limit for i in range(limit))
        actions = [legal[index] for index in picks]
        ids = [decision.action_id(action) for action in actions]
        texts = [str(action) for action in actions]
        message = {
            "type": "decide",
            "seat": decision.seat,
            "turn": decision.turn,
            "observation": decision.observation.to_json(),
            "legal": {"count": count, "ids": ids, "text": texts},
            "time_limit": self.bot.time_limit,
        }
        return message, (actions, ids, texts)

    def _action(
        self, number: int | None, text: str | None, decision: Decision, listed: _Listed
    ) -> Any:
        shown = f"action id {number}" if number is not None else f"action {visible(text)!r}"
        actions, ids, texts = listed
        known = ids if number is not None else texts
        if (number if number is not None else text) in known:
            return actions[known.index(number if number is not None else text)]  # type: ignore[arg-type]
        try:
            if number is not None:
                action = decision.action_from_id(number)
            else:
                action = self.game.parse_action(text)
            legal = action in decision.legal
        except Exception as exc:  # whatever the game says of what the engine wrote
            raise Forfeit("illegal", f"{shown} is not legal here: {visible(str(exc))}") from None
        if not legal:
            raise Forfeit("illegal", f"{shown} ({visible(str(action))}) is not legal here")
        return action
