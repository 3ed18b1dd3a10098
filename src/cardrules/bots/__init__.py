"""Bots that play any game through the shared protocol.

A bot sees one player's observation and the legal actions, never the state;
see :mod:`cardrules.bot` for the interface and a worked example. This package
holds only what works for every game, and names none:

- :class:`RandomBot`, uniform over the legal actions;
- information-set search over a game's resampler and playout policy
  (:mod:`cardrules.bots.search`): :class:`PIMCBot` and :class:`ISMCTSBot`.

Each game's own bots live in its folder (:mod:`cardrules.hazari.bots`,
:mod:`cardrules.hazari.field_bot`, :mod:`cardrules.azi.bots`), and
``load_game(name).bots`` names them all. The names that lived here up to 0.2
raise an :class:`AttributeError` that gives their new home:

>>> import cardrules.bots
>>> cardrules.bots.GreedyBot
Traceback (most recent call last):
...
AttributeError: cardrules.bots.GreedyBot moved in 0.3.0: use cardrules.hazari.bots.GreedyBot
"""

from __future__ import annotations

from cardrules.bot import Bot, LegalView, bot_name, nth_action
from cardrules.bots.random_bot import RandomBot
from cardrules.bots.search import ISMCTSBot, PIMCBot

__all__ = [
    "Bot",
    "ISMCTSBot",
    "LegalView",
    "PIMCBot",
    "RandomBot",
    "bot_name",
    "nth_action",
]

_MOVED: dict[str, str] = {
    "FieldAwareBot": "cardrules.hazari.field_bot",
    "GreedyBot": "cardrules.hazari.bots",
    "SolverBot": "cardrules.hazari.bots",
    "HeuristicBot": "cardrules.azi.bots",
    "HeuristicBot01": "cardrules.azi.bots",
    "SearchBot": "cardrules.azi.bots",
}
"""The game-specific bots that left this package in 0.3.0, and their new modules."""

_REPLACED: dict[str, str] = {
    "AziGames": "load_game('azi', players=N)",
    "HazariDeals": "load_game('hazari')",
}
"""The game factories removed in 0.3.0, and the :func:`cardrules.load_game` call that
replaces each (a game is a factory of its states: ``load_game('azi')(seed)``)."""


def __getattr__(name: str) -> object:
    if name in _MOVED:
        home = _MOVED[name]
        raise AttributeError(f"cardrules.bots.{name} moved in 0.3.0: use {home}.{name}")
    if name in _REPLACED:
        raise AttributeError(
            f"cardrules.bots.{name} was removed in 0.3.0: use cardrules.load_game,"
            f" {_REPLACED[name]}, whose game makes a state per seed and knows its bots"
        )
    raise AttributeError(f"module 'cardrules.bots' has no attribute {name!r}")
