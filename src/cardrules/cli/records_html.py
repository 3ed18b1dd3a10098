"""``cardrules records html FILE -o replay.html``: a replay page for recorded games.

The file holds text records (``.crec``), one JSON record (possibly pretty-printed)
or one per line (JSON lines, as ``cardrules simulate --out`` writes them), read as
every record command reads them (:mod:`cardrules.cli.record_files`): one record at
a time and only as far as the page needs, so a file of many games is never read
whole. More games than ``--max-games`` is an error that says how to pick fewer.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from typing import IO, Any

from cardrules.cli import records as record_commands
from cardrules.cli.record_files import MAX_DOCUMENT_BYTES, Entry, entries, open_records
from cardrules.cli.usage import UsageError
from cardrules.errors import CardRulesError
from cardrules.records.text import TextGame
from cardrules.replay import DEFAULT_MAX_GAMES, ReplayLimitError, load_state, replay_html

__all__ = ["MAX_DOCUMENT_BYTES", "MAX_GAMES", "read_games", "register", "register_group"]

MAX_GAMES = 1000
"""The most games ``--max-games`` allows on one page."""
_PROG = "cardrules records html"


def register_group(commands: Any) -> None:
    """Add the ``records`` command group, with ``html`` after the others."""
    record_commands.register(commands, extra=[register])


def register(actions: Any) -> None:
    """Add ``html`` to the ``records`` command group."""
    html = actions.add_parser(
        "html",
        help="write one self-contained HTML page that replays recorded games",
        description="Write a replay page: every position of each game as a picture,"
        " stepped with buttons or the arrow keys, with a game selector when there are"
        " several. The page loads nothing from the network.",
    )
    html.add_argument(
        "file", help="a text record file (.crec), a JSON record or JSON lines of records, or -"
    )
    html.add_argument("-o", "--output", required=True, help="the HTML file to write")
    html.add_argument("--game", type=int, help="only the Nth game of the file (from 1)")
    html.add_argument(
        "--max-games",
        type=int,
        default=DEFAULT_MAX_GAMES,
        help=f"the most games on the page, 1 to {MAX_GAMES} (default {DEFAULT_MAX_GAMES})",
    )
    html.add_argument("--player", type=int, help="show each position as this seat saw it")
    html.set_defaults(run=_run)


def read_games(handle: IO[str]) -> Iterator[tuple[int, object]]:
    """The records of ``handle`` as ``(line number, parsed JSON)`` (a text record's
    game as its state), read lazily; a record that cannot be read is a usage error
    naming its line.

    >>> import io
    >>> list(read_games(io.StringIO('{"a": 1}\\n\\n{"b": 2}\\n')))
    [(1, {'a': 1}), (3, {'b': 2})]
    """
    for entry in entries(handle):
        yield entry.line, _value(entry)


def _value(entry: Entry) -> object:
    if entry.error is not None:
        raise UsageError(f"line {entry.line}: {entry.error}", _PROG)
    return entry.value.state() if isinstance(entry.value, TextGame) else entry.value


def _states(records: Iterator[Entry], game: int | None) -> Iterator[Any]:
    for index, entry in enumerate(records, 1):
        if game is not None and index != game:
            continue
        try:
            yield load_state(_value(entry))
        except CardRulesError as exc:
            raise UsageError(f"line {entry.line}: {exc}", _PROG) from None
        if game is not None:
            return
    if game is not None:
        raise UsageError(f"the file has no game {game}", _PROG)


def _run(args: argparse.Namespace) -> int:
    if not 1 <= args.max_games <= MAX_GAMES:
        raise UsageError(f"--max-games must be 1 to {MAX_GAMES}, got {args.max_games}", _PROG)
    if args.game is not None and args.game < 1:
        raise UsageError(f"--game counts from 1, got {args.game}", _PROG)
    try:
        with open_records(args.file, _PROG) as records:
            page = replay_html(
                _states(records, args.game),
                player=args.player,
                max_games=args.max_games,
                first=args.game or 1,
            )
    except ReplayLimitError as exc:
        raise UsageError(f"{exc} (choose one with --game N, or raise --max-games)", _PROG) from None
    except CardRulesError as exc:
        raise UsageError(str(exc), _PROG) from None
    try:
        with open(args.output, "w", encoding="utf-8") as out:
            out.write(page)
    except OSError as exc:
        raise UsageError(f"cannot write {args.output!r}: {exc.strerror}", _PROG) from None
    print(f"wrote {args.output}")
    return 0
