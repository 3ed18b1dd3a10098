"""Bots named on the command line: the game's own by name, your own as ``module:attr``,
or a program as ``exec:COMMAND``.

``--bots random,mypkg.bots:MyBot`` puts the game's random bot in seat 0 and a bot
of your own in seat 1. :func:`import_user_bot` is the one place where the command
line takes a module it is given, through :func:`cardrules.registry.load_reference`:
only in the explicit ``module:attr`` form, with both parts checked as Python names
first, so ordinary bot names never import anything. The module is looked up as
``python -m`` does: in the current directory first, so ``--bots mybot:TrumpKeeper``
finds ``mybot.py`` where the command runs. A table names such a bot by its ``name``
attribute, as the Python API does (:func:`cardrules.bot.bot_name`).

``--bots 'exec:./mybot --depth 3'`` seats an engine (:class:`cardrules.engine.EngineBot`):
the command is split as a shell would split it, but no shell runs it; it cannot
hold a comma, which separates the seats.
"""

from __future__ import annotations

import functools
import keyword
import os
import sys
from collections.abc import Callable
from typing import Any

from cardrules.bot import Bot, bot_name
from cardrules.cli.usage import UsageError
from cardrules.errors import CardRulesError, PluginError
from cardrules.registry import load_reference

__all__ = [
    "ENGINE_PREFIX",
    "bot_factory",
    "engine_factory",
    "import_user_bot",
    "is_engine",
    "is_user_bot",
    "user_bot_name",
]

ENGINE_PREFIX = "exec:"
"""The start of a ``--bots`` entry that runs a program as an engine."""

MAX_NAME = 200
"""The longest ``module:attr`` text accepted."""


def is_engine(text: str) -> bool:
    """True if ``text`` seats a program (``exec:COMMAND``)."""
    return text.startswith(ENGINE_PREFIX)


def is_user_bot(text: str) -> bool:
    """True if ``text`` names your own bot (``module:attr``) rather than a game's bot."""
    return ":" in text and not is_engine(text)


def _current_directory_first() -> None:
    """Put the current directory first on the module path, as ``python -m`` does."""
    here = os.getcwd()
    if not sys.path or sys.path[0] not in ("", here):
        sys.path.insert(0, here)


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
    _current_directory_first()
    try:
        factory: Callable[[], Any] = load_reference(text)
    except PluginError as exc:
        raise UsageError(f"--bots {text!r}: {exc}") from None
    if not callable(factory):
        raise UsageError(f"--bots {text!r}: {attr!r} is not a class or a function")
    _check_makes_bot(text, factory)
    return factory


def user_bot_name(text: str, factory: Callable[[], Any]) -> str:
    """The name of the bot ``factory`` makes (its ``name`` attribute, else its class name),
    or ``text`` if making one fails."""
    try:
        return bot_name(factory())
    except Exception:
        return text


def engine_factory(text: str, time_limit: float | None = None) -> Callable[[], Any]:
    """The factory of the engine ``exec:COMMAND`` names, with ``time_limit`` per decision
    (``None``: the engine default). A command that names no program is a usage error."""
    from cardrules.engine import DEFAULT_TIME_LIMIT, EngineBot  # the engines load on use

    command = text.removeprefix(ENGINE_PREFIX).strip()
    try:
        bot = EngineBot(
            command, time_limit=DEFAULT_TIME_LIMIT if time_limit is None else time_limit, name=text
        )
    except CardRulesError as exc:
        raise UsageError(f"--bots {text[:MAX_NAME]!r}: {exc}") from None
    return functools.partial(_same, bot)


def _same(bot: Any) -> Any:
    return bot


def _check_makes_bot(text: str, factory: Callable[[], Any]) -> Any:
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
    return bot


def bot_factory(
    name: str,
    factories: dict[str, Callable[[], Any]],
    game: str,
    time_limit: float | None = None,
) -> tuple[str, Any]:
    """The display name and factory for one ``--bots`` entry: a game's bot (any case),
    ``module:attr`` (named by its bot's ``name``) or ``exec:COMMAND`` (named as written,
    its decisions limited to ``time_limit`` seconds)."""
    if is_engine(name):
        return name, engine_factory(name, time_limit)
    if is_user_bot(name):
        factory = import_user_bot(name)
        return user_bot_name(name, factory), factory
    by_lower = {known.lower(): known for known in factories}
    known = by_lower.get(name.lower())
    if known is None:
        raise UsageError(
            f"unknown {game} bot {name!r}; choose from {', '.join(factories)},"
            " or name your own as module:attr"
        )
    return known, factories[known]
