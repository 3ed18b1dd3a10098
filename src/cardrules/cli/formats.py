"""What ``cardrules simulate`` writes: its result in one of :data:`FORMATS`, and its records.

``--format summary`` (the default) prints the game, then each bot's and each seat's
mean return with its 95% interval; ``table``, ``csv`` and ``jsonl`` print the rows of
:meth:`SimulationResult.to_rows <cardrules.runner.SimulationResult.to_rows>`, one per
game and seat, as an aligned text table, CSV or JSON lines, and nothing else, so the
output can be read by another program.
"""

from __future__ import annotations

import argparse
import sys
from typing import IO, Any

import attrs

from cardrules.cli.usage import UsageError
from cardrules.errors import InvalidStateError
from cardrules.record import FORMAT, check_seat_name, dump_json, parse_json_text
from cardrules.records.text import TextGame
from cardrules.runner import SimulationResult
from cardrules.tables import write_rows

__all__ = ["FORMATS", "SeatedRecords", "add_format_option", "print_result"]

FORMATS = ("summary", "table", "csv", "jsonl")
"""The choices of ``--format``."""


def add_format_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--format summary|table|csv|jsonl``."""
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="summary",
        help="summary: each bot's and seat's mean return (default); table, csv, jsonl: one"
        " row per game and seat, with the game's own columns",
    )


def print_result(result: SimulationResult, names: tuple[str, ...], format: str, title: str) -> None:
    """Print ``result`` as ``format``, its bots called ``names``; ``title`` heads a summary."""
    result = attrs.evolve(result, bot_names=names)
    if format == "summary":
        print(title)
        print(result.table())
        return
    write_rows(result.to_rows(), sys.stdout, format)


class SeatedRecords:
    """A file for :func:`~cardrules.runner.simulate`'s records that names the bot in each
    seat as the command line names them (seated as the runner seats them), writing
    each game as a JSON line or, with ``text``, as a text record."""

    def __init__(self, file: IO[str], names: tuple[str, ...], *, rotate: bool, text: bool) -> None:
        for name in names:
            try:
                check_seat_name(name)
            except InvalidStateError as exc:
                raise UsageError(f"a record cannot name a bot's seat: {exc}") from None
        self._file = file
        self._names = names
        self._rotate = rotate
        self._text = text
        self._index = 0

    def write(self, line: str) -> int:
        """Write the record of the next game, its ``seats`` named."""
        players = len(self._names)
        shift = self._index % players if self._rotate else 0
        seats = [self._names[(seat - shift) % players] for seat in range(players)]
        self._index += 1
        record: Any = parse_json_text(line)
        if self._text:
            return self._file.write(TextGame.of(record, seats=seats).to_text() + "\n")
        if isinstance(record, dict) and record.get("format") == FORMAT:
            record["seats"] = seats
        return self._file.write(dump_json(record) + "\n")
