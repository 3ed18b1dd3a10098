"""Bots named on the command line: the game's own by name, or your own as ``module:attr``.

``--bots random,mypkg.bots:MyBot`` puts the game's random bot in seat 0 and a bot
of your own in seat 1. :func:`import_user_bot` is the one place where the command
line takes a module it is given, through :func:`cardrules.registry.load_reference`:
only in the explicit ``module:attr`` form, with both parts checked as Python names
first, so ordinary bot names never import anything.
"""

from __future__ import annotations

import keyword
from collections.abc import Callable
from typing import Any

from cardrules.bot import Bot
from cardrules.cli.usage import UsageError
from cardrules.errors import PluginError
from cardrules.registry import load_reference

__all__ = ["bot_factory", "import_user_bot", "is_user_bot"]

MAX_NAME = 200
"""The longest ``module:attr`` text accepted."""


def is_user_bot(text: str) -> bool:
    """True if ``text`` names your own bot (``module:attr``) rather than a game's bot."""
    return ":" in text


def _python_name(text: str, dotted: bool) -> bool:
    parts = text.split(".") if dotted else [text]
    return all(part.isidentifier() and not keyword.iskeyword(part) for part in parts)


def import_user_bot(text: str) -> Callable[[], Any]:
    """The bot factory named by ``module:attr`` (a class or a function of no arguments).

    The module is imported and the attribute read; the factory is called once to
    check that it makes a bot (an object with a ``choose`` method). Any failure is
    a :class:`~cardrules.cli.UsageError` saying what went wrong, not a traceback.
    """
    module_name, _, attr = text.partition(":")
    if (
        len(text) > MAX_NAME
        or not _python_name(module_name, dotted=True)
        or not _python_name(attr, dotted=False)
    ):
        raise UsageError(
            f"--bots {text[:MAX_NAME]!r}: your own bot is written module:attr with Python names,"
            " such as mypkg.bots:MyBot"
        )
    try:
        factory: Callable[[], Any] = load_reference(text)
    except PluginError as exc:
        raise UsageError(f"--bots {text!r}: {exc}") from None
    if not callable(factory):
        raise UsageError(f"--bots {text!r}: {attr!r} is not a class or a function")
    _check_makes_bot(text, factory)
    return factory


def _check_makes_bot(text: str, factory: Callable[[], Any]) -> None:
    try:
        bot = factory()
    except Exception as exc:
        raise UsageError(
            f"--bots {text!r}: calling it with no arguments failed: {type(exc).__name__}: {exc}"
        ) from None
    if isinstance(bot, type) or not isinstance(bot, Bot):
        raise UsageError(
            f"--bots {text!r} is not a bot: it must make an object with a"
            " choose(observation, legal_actions, rng) method"
        )


def bot_factory(name: str, factories: dict[str, Callable[[], Any]], game: str) -> tuple[str, Any]:
    """The display name and factory for one ``--bots`` entry: a game's bot (any case) or
    ``module:attr``."""
    if is_user_bot(name):
        return name, import_user_bot(name)
    by_lower = {known.lower(): known for known in factories}
    known = by_lower.get(name.lower())
    if known is None:
        raise UsageError(
            f"unknown {game} bot {name!r}; choose from {', '.join(factories)},"
            " or name your own as module:attr"
        )
    return known, factories[known]
