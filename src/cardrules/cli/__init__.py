"""The ``cardrules`` command line.

Each sub-command lives in a module of this package with a ``register`` function.
Bad input exits with status 2 and one line on standard error, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import NoReturn

from cardrules._version import __version__
from cardrules.errors import CardRulesError

__all__ = ["COMMANDS", "UsageError", "main"]

COMMANDS = ("cards", "deal", "hazari", "azi", "play", "simulate", "demo")
"""The modules of :mod:`cardrules.cli` that register sub-commands, in help order."""


class UsageError(Exception):
    """Bad command-line input; reported in one line with exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message if self.prog == "cardrules" else f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, with every registered sub-command."""
    parser = _Parser(
        prog="cardrules",
        description="Rules engines for Hazari and Azi: cards, evaluation, games and bots.",
    )
    parser.add_argument("--version", action="version", version=f"cardrules {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True
    for name in COMMANDS:
        module = importlib.import_module(f"cardrules.cli.{name}")
        module.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    try:
        args = build_parser().parse_args(argv)
        status: int = args.run(args)
        sys.stdout.flush()
        return status
    except (UsageError, CardRulesError) as exc:
        print(f"cardrules: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("cardrules: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return 0
