"""Bots in any language: the ``cardrules-engine`` protocol, both of its sides.

An *engine* is a program that plays by reading JSON lines on its standard input and
answering on its standard output; a *dealer* runs the game and asks it for each
decision. The docs page "Engines in any language" describes every message.

- :class:`EngineBot` is the dealer's side: a bot, for :func:`~cardrules.runner.simulate`,
  :func:`~cardrules.tournament.tournament` or ``--bots 'exec:COMMAND'``, that runs a
  program and survives it: a crash, a hang, garbage or an illegal action forfeits that
  game only (:mod:`cardrules.seats`).
- :func:`serve` is the engine's side: it plays any bot of this package through the
  protocol (``cardrules engine serve BOT``), exactly as in process.
"""

from __future__ import annotations

from cardrules.engine.dealer import (
    DEFAULT_START_LIMIT,
    DEFAULT_TIME_LIMIT,
    MAX_TIME_LIMIT,
    EngineBot,
    EngineSeat,
)
from cardrules.engine.process import EngineProcess, live_engines, stop_all
from cardrules.engine.protocol import FAULT_KINDS, PROTOCOL, VERSION, EngineInfo
from cardrules.engine.serve import serve

__all__ = [
    "DEFAULT_START_LIMIT",
    "DEFAULT_TIME_LIMIT",
    "FAULT_KINDS",
    "MAX_TIME_LIMIT",
    "PROTOCOL",
    "VERSION",
    "EngineBot",
    "EngineInfo",
    "EngineProcess",
    "EngineSeat",
    "live_engines",
    "serve",
    "stop_all",
]
