"""Bots that play either game through the shared protocol.

A bot sees one player's observation and the legal actions, never the state;
see :mod:`cardrules.bots.base` for the interface and a worked example.

- any game: :class:`RandomBot`;
- Hazari (:mod:`cardrules.bots.hazari`): :class:`GreedyBot`, :class:`SolverBot`;
  (:mod:`cardrules.bots.hazari_field`): :class:`FieldAwareBot`;
- Azi (:mod:`cardrules.bots.azi`): :class:`HeuristicBot` and the 0.1.0 rules of
  thumb kept as a baseline, :class:`HeuristicBot01`;
- information-set search over a game's resampler (:mod:`cardrules.bots.search`,
  Azi by default): :class:`PIMCBot` (also named :class:`SearchBot`, Azi's strong
  bot) and :class:`ISMCTSBot`.

:class:`HazariDeals` and :class:`AziGames` are game factories for
:func:`cardrules.runner.simulate`. The game-specific names load their game on
first use, so the interface and the runner never import a game themselves.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from cardrules.bot import Bot, LegalView, bot_name, nth_action
from cardrules.bots.random_bot import RandomBot

if TYPE_CHECKING:
    from cardrules.azi.bots import AziGames, HeuristicBot, HeuristicBot01
    from cardrules.bots.search import ISMCTSBot, PIMCBot, SearchBot
    from cardrules.hazari.bots import GreedyBot, HazariDeals, SolverBot
    from cardrules.hazari.field_bot import FieldAwareBot

__all__ = [
    "AziGames",
    "Bot",
    "FieldAwareBot",
    "GreedyBot",
    "HazariDeals",
    "HeuristicBot",
    "HeuristicBot01",
    "ISMCTSBot",
    "LegalView",
    "PIMCBot",
    "RandomBot",
    "SearchBot",
    "SolverBot",
    "bot_name",
    "nth_action",
]

_LAZY = {
    "AziGames": "cardrules.azi.bots",
    "HeuristicBot": "cardrules.azi.bots",
    "HeuristicBot01": "cardrules.azi.bots",
    "ISMCTSBot": "cardrules.bots.search",
    "PIMCBot": "cardrules.bots.search",
    "SearchBot": "cardrules.bots.search",
    "FieldAwareBot": "cardrules.hazari.field_bot",
    "GreedyBot": "cardrules.hazari.bots",
    "HazariDeals": "cardrules.hazari.bots",
    "SolverBot": "cardrules.hazari.bots",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        module = importlib.import_module(_LAZY[name])
        return getattr(module, name)
    raise AttributeError(f"module 'cardrules.bots' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})
