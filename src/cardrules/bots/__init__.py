"""Bots that play either game through the shared protocol.

A bot sees one player's observation and the legal actions, never the state;
see :mod:`cardrules.bots.base` for the interface and a worked example.
"""

from cardrules.bots.base import Bot, LegalView, bot_name, nth_action
from cardrules.bots.random_bot import RandomBot

__all__ = ["Bot", "LegalView", "RandomBot", "bot_name", "nth_action"]
