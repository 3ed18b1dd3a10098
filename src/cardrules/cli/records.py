"""``cardrules azi check``, ``cardrules hazari check`` and ``cardrules records``.

``cardrules records convert`` and ``cardrules records show`` read the text record
format (:mod:`cardrules.records.text`) and JSON lines alike; each sub-command of
``records`` is added by one register function listed in :data:`SUBCOMMANDS`.

Every record command reads its file as a stream (:mod:`cardrules.cli.record_files`):
text records (``.crec``), one JSON record (on one line or pretty-printed over many)
or one record per line (JSON lines, as ``cardrules simulate --out`` writes them).
A check loads each record by the game's definition, which replays it and checks
it, and reports it with its line number: ``OK`` and where the game stands, or the
reason it fails, each once on standard output. Standard error
gets one summary line naming the failed lines (the first
:data:`LISTED_FAILURES`, then how many more). The command exits 1 if any record
fails, and 2 if the file cannot be read at all (missing, not UTF-8 text, empty).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Generator, Sequence
from typing import Any

from cardrules.cli.record_files import Entry, open_records
from cardrules.cli.text import listed, plural, terminal_safe, terminal_safe_lines
from cardrules.cli.usage import UsageError
from cardrules.errors import CardRulesError
from cardrules.record import dump_json, record_seats
from cardrules.records.text import TextGame
from cardrules.records.text_lines import with_actor
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
    "text_games",
]

LISTED_FAILURES = 10
"""How many failed line numbers the summary names before it only counts the rest."""

Describe = Callable[[Any], list[str]]
"""What a check says about a loaded record: its lines, the first one a summary."""


def add_check_action(actions: Any, game: str, title: str, describe: Describe) -> None:
    """Add ``cardrules GAME check FILE``, reporting each loaded record with ``describe``."""
    check = actions.add_parser(
        "check",
        help=f"replay and check {title} game or match records (.crec text or JSON)",
        description=f"Replay and check {title} records: a text record file (.crec), one JSON"
        " record (possibly pretty-printed over many lines) or one per line (JSON lines, as"
        " 'cardrules simulate --out' writes them). Each record is reported with its line"
        " number; the exit status is 1 if any fails, 2 if the file cannot be read.",
    )
    check.add_argument(
        "file", help="a .crec file, a JSON record or a JSON-lines file, or - for standard input"
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


def _check_one(definition: GameDefinition, entry: Entry, describe: Describe) -> list[str]:
    """What ``describe`` says of the entry's record, loaded by ``definition``; a
    record that fails raises CardRulesError saying why."""
    if entry.error is not None:
        raise CardRulesError(entry.error)
    value = entry.value
    if isinstance(value, TextGame):
        if value.record is None:
            value.state()  # a view record: says why it does not replay
        value = value.record_json()
    if not isinstance(value, dict):
        raise CardRulesError(f"a record must be a JSON object, got {type(value).__name__}")
    return describe(definition.state_from_json(value))


def check_records(path: str, game: str, describe: Describe, prog: str) -> int:
    """Check every record in ``path`` as a record of ``game``; print a line per record."""
    definition = load_game(game).definition  # records of any rules, not only the defaults
    failed: list[int] = []
    count = 0
    with open_records(path, prog) as entries:
        for entry in entries:
            count += 1
            try:
                lines = _check_one(definition, entry, describe)
            except CardRulesError as exc:
                failed.append(entry.line)
                print(f"line {entry.line}: error: {terminal_safe(str(exc))}")
                continue
            print(f"line {entry.line}: OK: {terminal_safe_lines(lines[0])}")
            for line in lines[1:]:
                print(f"  {terminal_safe_lines(line)}")
    if not count:
        raise UsageError(f"no records in {'standard input' if path == '-' else repr(path)}", prog)
    if count > 1:
        print(f"{plural(count, 'record')}: {count - len(failed)} OK, {len(failed)} failed")
    if not failed:
        return 0
    where = f"line{'s' if len(failed) > 1 else ''} {listed(failed, LISTED_FAILURES)}"
    if count == 1:
        print(f"{prog}: error: the record ({where}) failed", file=sys.stderr)
    else:
        print(
            f"{prog}: error: {len(failed)} of {plural(count, 'record')} failed ({where})",
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
        " standard output. The input format is detected: the text format if its first line"
        " starts with a tag or a ';' comment, JSON otherwise. Games that cannot be read are"
        " reported on standard error, the others converted; the exit status is then 1.",
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


def text_games(path: str, prog: str, failures: list[str]) -> Generator[TextGame, None, None]:
    """The games of the file ``path`` (text or JSON records) as text games, read as they
    are asked for; each that fails is added to ``failures`` as ``line N: why``."""
    with open_records(path, prog) as entries:
        for entry in entries:
            try:
                yield _text_game(entry)
            except CardRulesError as exc:
                failures.append(f"line {entry.line}: {exc}")


def _text_game(entry: Entry) -> TextGame:
    if entry.error is not None:
        raise CardRulesError(entry.error)
    value = entry.value
    if isinstance(value, TextGame):
        return value
    if not isinstance(value, dict) or not isinstance(value.get("game"), str):
        raise CardRulesError("not a game record")
    state = load_game(value["game"].partition("-")[0]).definition.state_from_json(value)
    return TextGame.of(state, seats=record_seats(value))


def _finish(failures: list[str]) -> int:
    for failure in failures[:LISTED_FAILURES]:
        print(f"{RECORDS_PROG}: error: {terminal_safe(failure)}", file=sys.stderr)
    if len(failures) > LISTED_FAILURES:
        print(f"{RECORDS_PROG}: error: and {len(failures) - LISTED_FAILURES} more", file=sys.stderr)
    return 1 if failures else 0


CONVERT = f"{RECORDS_PROG} convert"
SHOW = f"{RECORDS_PROG} show"


def _convert(args: argparse.Namespace) -> int:
    if args.player is not None and args.to != "text":
        raise UsageError("--player writes view records, which are text: use --to text", CONVERT)
    failures: list[str] = []
    for game in text_games(args.file, CONVERT, failures):
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
        raise UsageError(f"--game counts from 1, not {args.game}", SHOW)
    found = None
    with open_records(args.file, SHOW) as entries:
        for number, entry in enumerate(entries, 1):  # the rest of the file is never read
            if number == args.game:
                try:
                    found = _text_game(entry)
                except CardRulesError as exc:
                    raise UsageError(
                        f"game {number} (line {entry.line}) cannot be read: {exc}", SHOW
                    ) from None
                break
    if found is None:
        raise UsageError(f"no game {args.game} in {args.file!r}", SHOW)
    for name, value in found.tags:
        print(f"{terminal_safe(name)}: {terminal_safe(value)}")
    actors = found.actors or (None,) * len(found.actions)
    if found.record is None:
        actions = ", ".join(map(with_actor, actors, found.actions))
        print(f"a view record: {terminal_safe(actions)}")
        return 0
    states = found.states()
    print(f"\n{terminal_safe_lines(str(next(states)))}")
    for number, (text, state, player) in enumerate(
        zip(found.actions, states, actors, strict=True), 1
    ):
        print(
            f"\n{number}. seat {player}: {terminal_safe(text)}\n{terminal_safe_lines(str(state))}"
        )
    return 0
