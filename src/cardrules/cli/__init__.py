"""The ``cardrules`` command line.

Each sub-command lives in a module of this package with a ``register`` function.
Bad input exits with status 2 and one line on standard error, never a traceback,
prefixed by the command it concerns (``cardrules simulate: error: ...``). A bare
``cardrules`` prints the help to standard error and exits 2. A game that an installed
package declares and that cannot be used is said in one line too
(``cardrules: warning: ...``, see :mod:`cardrules.plugins`).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import warnings
from collections.abc import Sequence
from typing import TextIO

from cardrules._version import __version__
from cardrules.cli import (
    azi,
    cards,
    deal,
    demo,
    engine,
    hazari,
    play,
    records_html,
    simulate,
    tournament,
)
from cardrules.cli.interrupts import handling_interrupts
from cardrules.cli.parsers import CommandParser, Parser
from cardrules.cli.progress import end_open_lines
from cardrules.cli.text import terminal_safe
from cardrules.cli.usage import UsageError
from cardrules.errors import CardRulesError, PluginWarning

__all__ = ["COMMANDS", "UsageError", "main"]

COMMANDS = (
    "cards",
    "deal",
    "hazari",
    "azi",
    "play",
    "simulate",
    "tournament",
    "engine",
    "records",
    "demo",
)
"""The modules of :mod:`cardrules.cli` that register sub-commands, in help order."""

_REGISTER = {
    "cards": cards.register,
    "deal": deal.register,
    "hazari": hazari.register,
    "azi": azi.register,
    "play": play.register,
    "simulate": simulate.register,
    "tournament": tournament.register,
    "engine": engine.register,
    "records": records_html.register_group,
    "demo": demo.register,
}
"""Each command's register function."""


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, with every registered sub-command."""
    parser = Parser(
        prog="cardrules",
        description="Rules engines for Hazari and Azi: cards, evaluation, games and bots.",
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"cardrules {__version__}",
        help="print the version and exit",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=CommandParser)
    for name in COMMANDS:
        _REGISTER[name](commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    Ctrl-C stops any command with status 130 (see :mod:`cardrules.cli.interrupts`).
    """
    prog = "cardrules"
    with warnings.catch_warnings():
        warnings.showwarning = _show_warning
        return _main(argv, prog)


def _main(argv: Sequence[str] | None, prog: str) -> int:
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        prog = f"cardrules {args.command}" if args.command else prog
        if args.command is None:
            parser.print_help(sys.stderr)
            return 2
        with handling_interrupts():
            status: int = args.run(args)
        sys.stdout.flush()
        return status
    except UsageError as exc:
        where = exc.prog if exc.prog != "cardrules" else prog
        print(f"{where}: error: {terminal_safe(str(exc))}", file=sys.stderr)
        return 2
    except CardRulesError as exc:
        print(f"{prog}: error: {terminal_safe(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        end_open_lines()
        print("cardrules: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        _drop_stdout()
        sys.stderr.close()
        return 0
    except OSError as exc:
        _drop_stdout()
        print(f"{prog}: error: cannot write the output: {exc.strerror}", file=sys.stderr)
        return 1


def _show_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    """A package's warning in one line, as the errors are (``cardrules: warning: ...``)."""
    if not issubclass(category, PluginWarning):
        _SHOW_WARNING(message, category, filename, lineno, file, line)
        return
    print(f"cardrules: warning: {terminal_safe(str(message))}", file=file or sys.stderr)


_SHOW_WARNING = warnings.showwarning


def _drop_stdout() -> None:
    """Point standard output at the null device, so the exit flush cannot fail again."""
    with contextlib.suppress(OSError):
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115
