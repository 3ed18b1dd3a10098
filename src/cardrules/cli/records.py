"""``cardrules azi check``, ``cardrules hazari check`` and ``cardrules records``.

``cardrules records convert`` and ``cardrules records show`` read the text record
format (:mod:`cardrules.records.text`) and JSON lines alike; each sub-command of
``records`` is added by one register function listed in :data:`SUBCOMMANDS`.

A file holds either one record (a JSON document, on one line or pretty-printed
over many) or one record per line (JSON lines, as ``cardrules simulate --out``
writes them). Each record is loaded by the game's definition, which replays it
and checks it, and reported with its line number: ``OK`` and where the game
stands, or the reason it fails, each once on standard output. Standard error
gets one summary line naming the failed lines (the first
:data:`LISTED_FAILURES`, then how many more). The command exits 1 if any record
fails, and 2 if the file cannot be read at all (missing, not UTF-8 text, empty).
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from cardrules.cli.text import listed, plural, terminal_safe, terminal_safe_lines
from cardrules.cli.usage import UsageError
from cardrules.errors import CardRulesError
from cardrules.record import dump_json, record_seats
from cardrules.records.text import TextGame, read_games
from cardrules.registry import GameDefinition, load_game

__all__ = [
    "LISTED_FAILURES",
    "SUBCOMMANDS",
    "Describe",
    "add_check_action",
    "check_records",
    "read_records",
    "read_text",
    "register",
    "register_convert",
    "register_show",
]

LISTED_FAILURES = 10
"""How many failed line numbers the summary names before it only counts the rest."""

Describe = Callable[[Any], list[str]]
"""What a check says about a loaded record: its lines, the first one a summary."""


def add_check_action(actions: Any, game: str, title: str, describe: Describe) -> None:
    """Add ``cardrules GAME check FILE``, reporting each loaded record with ``describe``."""
    check = actions.add_parser(
        "check",
        help=f"replay and check {title} game or match records (one, or one per line)",
        description=f"Replay and check {title} records: one record (a JSON document, possibly"
        " pretty-printed over many lines) or one per line (JSON lines, as 'cardrules simulate"
        " --out' writes them). Each record is reported with its line number; the exit status"
        " is 1 if any fails, 2 if the file cannot be read.",
    )
    check.add_argument(
        "file", help="a JSON record or a JSON-lines file of records, or - for standard input"
    )

    def run(args: argparse.Namespace) -> int:
        return check_records(args.file, game, describe, f"cardrules {game}")

    check.set_defaults(run=run)


def read_text(path: str, prog: str) -> str:
    """The text of ``path`` (``-``: standard input); unreadable or non-UTF-8 is a usage error."""
    if path == "-":
        stream: Any = sys.stdin
        data = stream.buffer.read() if hasattr(stream, "buffer") else stream.read()
        where = "standard input"
    else:
        where = repr(path)
        try:
            with open(path, "rb") as handle:
                data = handle.read()
        except OSError as exc:
            raise UsageError(f"cannot read {where}: {exc.strerror}", prog) from exc
    if isinstance(data, str):
        return data
    try:
        text: str = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UsageError(
            f"{where} is not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start});"
            " records are JSON in UTF-8",
            prog,
        ) from exc
    return text


def _parse(text: str) -> tuple[object, str | None]:
    try:
        return json.loads(text), None
    except RecursionError:
        return None, "not valid JSON: nested too deeply"
    except ValueError as exc:
        return None, f"not valid JSON: {exc}"


def read_records(text: str) -> list[tuple[int, object, str | None]]:
    """The records of ``text`` as ``(line number, JSON value, error)``, error ``None`` if parsed.

    The whole text is one record when it parses as one JSON document, or when its
    first line alone does not (a pretty-printed record, broken somewhere); otherwise
    each non-blank line is a record.

    >>> read_records('{"a": 1}\\n\\n{"b": 2}\\n')
    [(1, {'a': 1}, None), (3, {'b': 2}, None)]
    >>> read_records('\\n{\\n  "a": 1\\n}\\n')
    [(2, {'a': 1}, None)]
    """
    lines = text.splitlines()
    numbered = [(number, line) for number, line in enumerate(lines, 1) if line.strip()]
    if not numbered:
        return []
    first, first_line = numbered[0]
    whole, whole_error = _parse(text)
    if whole_error is None:
        return [(first, whole, None)]
    _, line_error = _parse(first_line)
    if line_error is not None:
        return [(first, None, whole_error)]
    result: list[tuple[int, object, str | None]] = []
    for number, line in numbered:
        value, error = _parse(line)
        result.append((number, value, error))
    return result


def _check_one(
    definition: GameDefinition, value: object, error: str | None, describe: Describe
) -> tuple[list[str] | None, str | None]:
    if error is not None:
        return None, error
    if not isinstance(value, dict):
        return None, f"a record must be a JSON object, got {type(value).__name__}"
    try:
        return describe(definition.state_from_json(value)), None
    except CardRulesError as exc:
        return None, str(exc)


def check_records(path: str, game: str, describe: Describe, prog: str) -> int:
    """Check every record in ``path`` as a record of ``game``; print a line per record."""
    text = read_text(path, prog)
    records = read_records(text)
    if not records:
        raise UsageError(f"no records in {'standard input' if path == '-' else repr(path)}", prog)
    definition = load_game(game).definition  # records of any rules, not only the defaults
    failed: list[tuple[int, str]] = []
    for number, value, error in records:
        lines, error = _check_one(definition, value, error, describe)
        if lines is None:
            failed.append((number, error or "?"))
            print(f"line {number}: error: {terminal_safe(error or '?')}")
            continue
        print(f"line {number}: OK: {terminal_safe_lines(lines[0])}")
        for line in lines[1:]:
            print(f"  {terminal_safe_lines(line)}")
    if len(records) > 1:
        print(
            f"{plural(len(records), 'record')}: {len(records) - len(failed)} OK,"
            f" {len(failed)} failed"
        )
    if not failed:
        return 0
    numbers = [number for number, _ in failed]
    where = f"line{'s' if len(numbers) > 1 else ''} {listed(numbers, LISTED_FAILURES)}"
    if len(records) == 1:
        print(f"{prog}: error: the record ({where}) failed", file=sys.stderr)
    else:
        print(
            f"{prog}: error: {len(failed)} of {plural(len(records), 'record')} failed ({where})",
            file=sys.stderr,
        )
    return 1


# --- cardrules records: the text record format --------------------------------------

RECORDS_PROG = "cardrules records"


def register(commands: Any, extra: Sequence[Callable[[Any], None]] = ()) -> None:
    """Add ``cardrules records`` and its sub-commands (one register function each):
    those of :data:`SUBCOMMANDS`, then ``extra`` (such as ``records html``)."""
    parser = commands.add_parser(
        "records",
        help="read, convert and show game records (text .crec or JSON lines)",
        description="Work with game records: the text record format (.crec, one game after"
        " another, tags then actions) and JSON lines, as 'cardrules simulate --out' writes.",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    for add in [*SUBCOMMANDS, *extra]:
        add(actions)


def register_convert(actions: Any) -> None:
    """``cardrules records convert FILE --to text|jsonl``."""
    convert = actions.add_parser(
        "convert",
        help="convert records between the text format and JSON lines",
        description="Convert a file of records to the text format or to JSON lines, on"
        " standard output. The input format is detected: JSON if its first line starts"
        " with '{', the text format otherwise. Games that cannot be read are reported on"
        " standard error, the others converted; the exit status is then 1.",
    )
    convert.add_argument("file", help="a .crec or JSON-lines file, or - for standard input")
    convert.add_argument("--to", required=True, choices=("text", "jsonl"), help="output format")
    convert.add_argument(
        "--player",
        type=int,
        metavar="SEAT",
        help="write each game as that seat's view record (text only): ?? for cards it never saw",
    )
    convert.set_defaults(run=_convert)


def register_show(actions: Any) -> None:
    """``cardrules records show FILE --game N``."""
    show = actions.add_parser(
        "show",
        help="show one game of a record file move by move",
        description="Print one game of a record file (text or JSON lines): its tags, then"
        " the position after each action.",
    )
    show.add_argument("file", help="a .crec or JSON-lines file, or - for standard input")
    show.add_argument("--game", type=int, default=1, help="which game, from 1 (default 1)")
    show.set_defaults(run=_show)


SUBCOMMANDS: list[Callable[[Any], None]] = [register_convert, register_show]
"""The register functions of the ``records`` sub-commands, in help order."""


def _games(path: str, failures: list[str]) -> Any:
    """The games of ``path`` as text games; faults are added to ``failures``."""
    text = read_text(path, RECORDS_PROG)
    first = next((line for line in text.splitlines() if line.strip()), "")
    if not first.lstrip().startswith("{"):
        yield from read_games(io.StringIO(text), errors=lambda exc: failures.append(str(exc)))
        return
    for number, value, error in read_records(text):
        try:
            if error is not None:
                raise CardRulesError(error)
            if not isinstance(value, dict) or not isinstance(value.get("game"), str):
                raise CardRulesError("not a game record")
            family = value["game"].partition("-")[0]
            state = load_game(family).definition.state_from_json(value)
            yield TextGame.of(state, seats=record_seats(value))
        except CardRulesError as exc:
            failures.append(f"line {number}: {exc}")


def _finish(failures: list[str]) -> int:
    for failure in failures[:LISTED_FAILURES]:
        print(f"{RECORDS_PROG}: error: {terminal_safe(failure)}", file=sys.stderr)
    if len(failures) > LISTED_FAILURES:
        print(f"{RECORDS_PROG}: error: and {len(failures) - LISTED_FAILURES} more", file=sys.stderr)
    return 1 if failures else 0


CONVERT = f"{RECORDS_PROG} convert"


def _convert(args: argparse.Namespace) -> int:
    if args.player is not None and args.to != "text":
        raise UsageError("--player writes view records, which are text: use --to text", CONVERT)
    failures: list[str] = []
    for game in _games(args.file, failures):
        if args.player is not None:
            try:
                game = game.for_player(args.player)
            except CardRulesError as exc:
                failures.append(f"line {game.line}: {exc}")
                continue
        if args.to == "text":
            sys.stdout.write(game.to_text() + "\n")
        elif game.record is None:
            failures.append(f"line {game.line}: a view record has no JSON form")
        else:
            sys.stdout.write(dump_json(game.record_json()) + "\n")
    return _finish(failures)


def _show(args: argparse.Namespace) -> int:
    if args.game < 1:
        raise UsageError(f"--game counts from 1, not {args.game}", f"{RECORDS_PROG} show")
    failures: list[str] = []
    found = None
    for number, game in enumerate(_games(args.file, failures), 1):
        if number == args.game:
            found = game
            break
    if found is None:
        _finish(failures)
        raise UsageError(f"no game {args.game} in {args.file!r}", f"{RECORDS_PROG} show")
    for name, value in found.tags:
        print(f"{terminal_safe(name)}: {terminal_safe(value)}")
    if found.record is None:
        print("a view record: " + ", ".join(terminal_safe(action) for action in found.actions))
        return 0
    states = found.states()
    print(f"\n{terminal_safe_lines(str(next(states)))}")
    for number, (text, state) in enumerate(zip(found.actions, states, strict=True), 1):
        player = found.record.actions[number - 1]["player"]
        print(
            f"\n{number}. seat {player}: {terminal_safe(text)}\n{terminal_safe_lines(str(state))}"
        )
    return 0
