"""The command line's argument parsers: errors as :class:`UsageError`, and sub-commands
that know their options only once they have read part of the command line.

A command that takes a GAME knows the game's rule options only when GAME is read
(:func:`cardrules.cli.games.add_game_command`): its parser hands the command line
to a parser made for that game, so no game is imported for a command that does not
name it, and no game's flags are offered for another game. Help texts that cost
something to write (the installed games, a game's bots) are written only when the
help is printed.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import NoReturn

from cardrules.cli.usage import UsageError
from cardrules.errors import CardRulesError

__all__ = ["CommandParser", "Parser", "Specialise", "lazy_help"]

Specialise = Callable[["CommandParser", list[str]], "CommandParser | None"]
"""Given a command's parser and its arguments, the parser to read them with instead
(None: the parser itself)."""


class Parser(argparse.ArgumentParser):
    """A parser whose errors are :class:`UsageError`, reported by ``main`` in one line."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message, self.prog)


class CommandParser(Parser):
    """A sub-command's parser: it reports arguments it does not know itself, under its
    own name, where argparse would pass them up to ``cardrules``; ``specialise`` may
    hand the arguments to another parser (one made for the game they name)."""

    specialise: Specialise | None = None
    help_hooks: tuple[Callable[[], None], ...] = ()
    hint: str = ""
    """Said after the arguments it does not know (where to find the ones it does)."""

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        if self.specialise is not None and args is not None:
            other = self.specialise(self, list(args))
            if other is not None and other is not self:
                return other.parse_known_args(args, namespace)
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(f"unrecognized arguments: {' '.join(extras)}{self.hint}")
        return parsed, extras

    def format_help(self) -> str:
        try:
            for hook in self.help_hooks:
                hook()
        except CardRulesError as exc:  # a game from another package that fails to say
            raise UsageError(str(exc), self.prog) from exc
        return super().format_help()


def lazy_help(
    parser: argparse.ArgumentParser, action: argparse.Action, text: Callable[[], str]
) -> None:
    """Write ``action``'s help with ``text()`` when ``parser``'s help is printed, not before."""
    if isinstance(parser, CommandParser):

        def write() -> None:
            action.help = text()

        parser.help_hooks = (*parser.help_hooks, write)
    else:
        action.help = text()
