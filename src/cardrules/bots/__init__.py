"""Bots that play either game through the shared protocol.

A bot sees one player's observation and the legal actions, never the state;
see :mod:`cardrules.bots.base` for the interface and a worked example.

- any game: :class:`RandomBot`;
- Hazari (:mod:`cardrules.bots.hazari`): :class:`GreedyBot`, :class:`SolverBot`;
- Azi (:mod:`cardrules.bots.azi`): :class:`HeuristicBot`, :class:`SearchBot`.

:class:`HazariDeals` and :class:`AziGames` are game factories for
:func:`cardrules.runner.simulate`.
"""

from cardrules.bots.azi import AziGames, HeuristicBot, SearchBot
from cardrules.bots.base import Bot, LegalView, bot_name, nth_action
from cardrules.bots.hazari import GreedyBot, HazariDeals, SolverBot
from cardrules.bots.random_bot import RandomBot

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
