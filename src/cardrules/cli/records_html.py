"""``cardrules records html FILE -o replay.html``: a replay page for recorded games.

The file holds one JSON record (possibly pretty-printed) or one per line (JSON
lines, as ``cardrules simulate --out`` writes them). Lines are read one at a time
and only as far as the page needs, so a file of many games is never read whole:
more games than ``--max-games`` is an error that says how to pick fewer.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import IO, Any

from cardrules import records
from cardrules.cli import records as record_commands
from cardrules.cli.records import read_records
from cardrules.cli.usage import UsageError
from cardrules.errors import CardRulesError, InvalidStateError
from cardrules.record import parse_json_text
from cardrules.replay import DEFAULT_MAX_GAMES, ReplayLimitError, load_state, replay_html

__all__ = ["MAX_DOCUMENT_BYTES", "MAX_GAMES", "read_games", "register", "register_group"]

MAX_GAMES = 1000
"""The most games ``--max-games`` allows on one page."""
MAX_DOCUMENT_BYTES = 64 * 1024 * 1024
"""The largest pretty-printed (multi-line) record read; JSON lines have no limit."""

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


def _numbered(handle: IO[str]) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(handle, 1):
        if line.strip():
            yield number, line


def read_games(handle: IO[str]) -> Iterator[tuple[int, object]]:
    """The records of ``handle`` as ``(line number, parsed JSON)``, read lazily.

    >>> import io
    >>> list(read_games(io.StringIO('{"a": 1}\\n\\n{"b": 2}\\n')))
    [(1, {'a': 1}), (3, {'b': 2})]
    """
    lines = _numbered(handle)
    first = next(lines, None)
    if first is None:
        return
    try:
        yield first[0], parse_json_text(first[1])
    except InvalidStateError:
        text = first[1] + handle.read(MAX_DOCUMENT_BYTES + 1)
        if len(text) > MAX_DOCUMENT_BYTES:
            raise UsageError(
                f"a multi-line record larger than {MAX_DOCUMENT_BYTES} bytes; write one"
                " record per line",
                _PROG,
            ) from None
        for number, value, error in read_records(text):
            if error is not None:
                raise UsageError(f"line {number + first[0] - 1}: {error}", _PROG) from None
            yield number + first[0] - 1, value
        return
    for number, line in lines:
        try:
            yield number, parse_json_text(line)
        except InvalidStateError as exc:
            raise UsageError(f"line {number}: {exc}", _PROG) from None


def _text_games(handle: IO[str]) -> Iterator[tuple[int, object]]:
    """The games of a text record file (``.crec``) as ``(line number, state)``."""
    for game in records.read_games(handle):
        yield game.line, game.state()


def _states(handle: IO[str], game: int | None, text: bool = False) -> Iterator[Any]:
    games = _text_games(handle) if text else read_games(handle)
    for index, (number, record) in enumerate(games, 1):
        if game is not None and index != game:
            continue
        try:
            yield load_state(record)
        except CardRulesError as exc:
            raise UsageError(f"line {number}: {exc}", _PROG) from None
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
        handle: IO[str] = (
            sys.stdin if args.file == "-" else open(args.file, encoding="utf-8-sig")  # noqa: SIM115
        )
    except OSError as exc:
        raise UsageError(f"cannot read {args.file!r}: {exc.strerror}", _PROG) from None
    try:
        text = args.file.endswith(".crec")
        states = _states(handle, args.game, text)
        page = replay_html(
            states, player=args.player, max_games=args.max_games, first=args.game or 1
        )
    except UnicodeDecodeError:
        raise UsageError(f"{args.file!r} is not UTF-8 text", _PROG) from None
    except ReplayLimitError as exc:
        raise UsageError(f"{exc} (choose one with --game N, or raise --max-games)", _PROG) from None
    except CardRulesError as exc:
        raise UsageError(str(exc), _PROG) from None
    finally:
        if handle is not sys.stdin:
            handle.close()
    try:
        with open(args.output, "w", encoding="utf-8") as out:
            out.write(page)
    except OSError as exc:
        raise UsageError(f"cannot write {args.output!r}: {exc.strerror}", _PROG) from None
    print(f"wrote {args.output}")
    return 0
