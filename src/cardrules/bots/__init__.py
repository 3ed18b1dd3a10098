"""Bots that play either game through the shared protocol.

A bot sees one player's observation and the legal actions, never the state;
see :mod:`cardrules.bots.base` for the interface and a worked example.

- any game: :class:`RandomBot`;
- Hazari (:mod:`cardrules.bots.hazari`): :class:`GreedyBot`, :class:`SolverBot`;
- Azi (:mod:`cardrules.bots.azi`): :class:`HeuristicBot`, :class:`SearchBot`.

:class:`HazariDeals` and :class:`AziGames` are game factories for
:func:`cardrules.runner.simulate`. The game-specific names load their game on
first use, so the interface and the runner never import a game themselves.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from cardrules.bots.base import Bot, LegalView, bot_name, nth_action
from cardrules.bots.random_bot import RandomBot

if TYPE_CHECKING:
    from cardrules.bots.azi import AziGames, HeuristicBot, SearchBot
    from cardrules.bots.hazari import GreedyBot, HazariDeals, SolverBot

__all__ = [
    "AziGames",
    "Bot",
    "GreedyBot",
    "HazariDeals",
    "HeuristicBot",
    "LegalView",
    "RandomBot",
    "SearchBot",
    "SolverBot",
    "bot_name",
    "nth_action",
]

_LAZY = {
    "AziGames": "azi",
    "HeuristicBot": "azi",
    "SearchBot": "azi",
    "GreedyBot": "hazari",
    "HazariDeals": "hazari",
    "SolverBot": "hazari",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        module = importlib.import_module(f"cardrules.bots.{_LAZY[name]}")
        return getattr(module, name)
    raise AttributeError(f"module 'cardrules.bots' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})
