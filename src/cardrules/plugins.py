"""Games that other packages declare: their entry points, read without importing them,
and the guard around their code.

An installed package declares a game in the entry-point group
:data:`~cardrules.registry.ENTRY_POINT_GROUP` as ``name = "module:GAME"``.
:func:`installed_games` reads the declarations from the packages' metadata and
imports nothing. A declaration that
:func:`cardrules.load_game` could never load is left out, with a
:class:`~cardrules.errors.PluginWarning` that names the package: a name no spec can
name (``bad-name.x``), a built-in game's name, a name a package before it on the path
already declares.

Whatever a package's code does while its game loads or sets up, even ``sys.exit``,
:func:`foreign_code` turns it into one :class:`~cardrules.errors.PluginError` that
names the package; only Ctrl-C (``KeyboardInterrupt``) passes through. The other games
never notice.

>>> with foreign_code("the game 'x' of the package 'x-game'", "cannot be loaded"):
...     raise SystemExit(3)
Traceback (most recent call last):
...
cardrules.errors.PluginError: the game 'x' of the package 'x-game' cannot be loaded: \
SystemExit: '3'
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import attrs

from cardrules.cards import _show
from cardrules.errors import PluginError, PluginWarning
from cardrules.options import MAX_GAME_NAME, is_game_name

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

__all__ = [
    "Declared",
    "foreign_code",
    "installed_games",
    "load_declared",
    "reason",
]


@attrs.frozen
class Declared:
    """One game an installed package declares: its name, the entry point's value
    (``module:GAME``) and the package (the distribution's name)."""

    name: str
    value: str
    package: str
    entry: EntryPoint = attrs.field(eq=False, repr=False)

    @property
    def where(self) -> str:
        """The game, its package and its value, as messages name them.

        >>> from importlib.metadata import EntryPoint
        >>> entry = EntryPoint("toy", "toy_game.game:GAME", "cardrules.games")
        >>> Declared("toy", entry.value, "cardrules-toy-game", entry).where
        "the game 'toy' of the package 'cardrules-toy-game' (toy_game.game:GAME)"
        """
        return f"the game {_show(self.name)} of the package {_show(self.package)} ({self.value})"


def reason(exc: BaseException) -> str:
    """``"TypeError: 'message'"``: an exception from foreign code, for a message; never raises."""
    try:
        text = str(exc)
    except Exception:  # a foreign exception whose __str__ fails
        text = "<no message>"
    return f"{type(exc).__name__}: {_show(text)}"


@contextmanager
def foreign_code(
    where: str, doing: str, passing: tuple[type[BaseException], ...] = ()
) -> Iterator[None]:
    """Run a package's code: anything it raises but ``passing`` and ``KeyboardInterrupt``
    becomes a PluginError, ``"{where} {doing}: {reason}"``."""
    try:
        yield
    except KeyboardInterrupt:
        raise
    except passing:
        raise
    except BaseException as exc:  # SystemExit too: one package never ends the process
        raise PluginError(f"{where} {doing}: {reason(exc)}") from exc


def _normalized(package: str) -> str:
    return re.sub(r"[-_.]+", "_", package).lower()


def _declarations(group: str) -> Iterator[tuple[str, EntryPoint]]:
    """``(package, entry point)`` for each entry point of ``group`` on the path; the
    first package of a name shadows later ones, as :mod:`importlib.metadata` does."""
    from importlib import metadata  # only when a game beyond the built-in ones is asked for

    seen: set[str] = set()
    for dist in metadata.distributions():
        package = "<unnamed>"
        try:
            package = str(dist.metadata["Name"] or package)
            if _normalized(package) in seen:
                continue
            seen.add(_normalized(package))
            entries = [entry for entry in dist.entry_points if entry.group == group]
        except Exception as exc:  # metadata that cannot be read spares every other package
            _warn(f"the entry points of the package {_show(package)} cannot be read: {reason(exc)}")
            continue
        for entry in entries:
            yield package, entry


def _warn(message: str) -> None:
    warnings.warn(f"{message}; its games are left out", PluginWarning, stacklevel=4)


def installed_games(group: str, builtin: Collection[str]) -> dict[str, Declared]:
    """Every game the installed packages declare in the entry-point ``group``, by name,
    leaving out with a :class:`~cardrules.errors.PluginWarning` each name that cannot
    be loaded: one that is not a game name, a name in ``builtin``, or a name declared
    before."""
    if not isinstance(group, str) or not isinstance(builtin, Collection):
        raise PluginError(
            f"installed_games needs a group name and a collection of names, got"
            f" {_show(group)} and {_show(builtin)}"
        )
    found: dict[str, Declared] = {}
    for package, entry in _declarations(group):
        raw = entry.name
        name = raw.lower() if raw.isascii() else raw
        known = found.get(name)
        if not is_game_name(name):
            problem = (
                f"is not a game name (lower-case letters, digits, '_' and '-', starting with"
                f" a letter, at most {MAX_GAME_NAME} characters)"
            )
        elif name in builtin:
            problem = "is a built-in game's name"
        elif known is not None:
            problem = f"is declared by the package {_show(known.package)} already"
        else:
            found[name] = Declared(name, entry.value, package, entry)
            continue
        warnings.warn(
            f"the package {_show(package)} declares a game {_show(raw)} ({entry.value}), which"
            f" {problem}; it is left out",
            PluginWarning,
            stacklevel=3,
        )
    return found


def load_declared(declared: Declared) -> Any:
    """The object a declaration names, imported; any failure is a PluginError naming its package."""
    if not isinstance(declared, Declared):
        raise PluginError(f"load_declared needs a Declared game, got {_show(declared)}")
    with foreign_code(declared.where, "cannot be loaded"):
        return declared.entry.load()
