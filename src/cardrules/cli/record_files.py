"""Record files on the command line, read as a stream: text records (``.crec``) and JSON.

Every record command (``records convert``, ``show`` and ``html``, ``azi check``,
``hazari check``, ``hazari stats --records``) reads its file through
:func:`open_records`, one record at a time, so memory stays flat whatever the
file's size. The format is told from the first line that is not blank: the text
record format if it starts with a tag (``[Game "azi"]``) or a ``;`` comment, JSON
otherwise. JSON is one record per
line (JSON lines), or one record pretty-printed over many lines (at most
:data:`MAX_DOCUMENT_BYTES`), when its first line alone is not JSON.

>>> import io
>>> [(entry.line, entry.error) for entry in entries(io.StringIO('{"a": 1}\\n\\n[2]\\n'))]
[(1, None), (3, None)]
"""

from __future__ import annotations

import codecs
import contextlib
import re
import sys
from collections import deque
from collections.abc import Iterator
from typing import IO, Any

import attrs

from cardrules.cli.usage import UsageError
from cardrules.errors import InvalidStateError
from cardrules.record import parse_json_text
from cardrules.records.text import MAX_LINE, TextRecordError, read_games

__all__ = ["MAX_DOCUMENT_BYTES", "MAX_JSON_LINE", "Entry", "Utf8Lines", "entries", "open_records"]

MAX_DOCUMENT_BYTES = 64 * 1024 * 1024
"""The largest pretty-printed (multi-line) JSON record read."""
MAX_JSON_LINE = MAX_DOCUMENT_BYTES
"""The longest line of JSON lines read, in characters; a longer one is a failed record."""
_CHUNK = 1 << 16
_TEXT = re.compile(r"\[[A-Za-z]|;")


@attrs.frozen
class Entry:
    """One record of a file: the ``line`` it starts on, and its ``value`` (a
    :class:`~cardrules.records.TextGame`, or the parsed JSON), or the ``error`` that
    kept it from being read."""

    line: int
    value: Any = None
    error: str | None = None


class Utf8Lines:
    """The lines of a binary file as text, decoded as UTF-8 one piece at a time.

    ``readline(size)`` reads at most ``size`` characters, as a text file does; a
    byte-order mark at the start is skipped. Bytes that are not UTF-8 raise
    :class:`~cardrules.cli.usage.UsageError` naming ``where``, the byte and its offset.
    """

    def __init__(self, raw: IO[bytes], where: str, prog: str) -> None:
        self._raw = raw
        self._where = where
        self._prog = prog
        self._decoder = codecs.getincrementaldecoder("utf-8")("strict")
        self._offset = 0  # bytes given to the decoder so far
        self._start = True

    def readline(self, size: int = -1) -> str:
        parts: list[str] = []
        count = 0
        while size < 0 or count < size:
            chunk = self._raw.readline(_CHUNK if size < 0 else max(1, size - count))
            text = self._decode(chunk)
            parts.append(text)
            count += len(text)
            if not chunk or chunk.endswith(b"\n"):
                break
        return "".join(parts)

    def _decode(self, chunk: bytes) -> str:
        pending = len(self._decoder.getstate()[0])
        try:
            text = self._decoder.decode(chunk, final=not chunk)
        except UnicodeDecodeError as exc:
            offset = self._offset - pending + exc.start
            raise UsageError(
                f"{self._where} is not UTF-8 text (byte 0x{exc.object[exc.start]:02x} at"
                f" offset {offset}); records are JSON or text records in UTF-8",
                self._prog,
            ) from None
        self._offset += len(chunk)
        if self._start and text:
            self._start = False
            text = text.removeprefix("\ufeff")
        return text


class _Again:
    """A reader that gives back ``first`` (after ``blanks`` blank lines) before the rest."""

    def __init__(self, reader: Any, blanks: int, first: str) -> None:
        self._reader = reader
        self._blanks = blanks
        self._first: str | None = first

    def readline(self, size: int = -1) -> str:
        if self._blanks:
            self._blanks -= 1
            return "\n"
        if self._first is not None:
            first, self._first = self._first, None
            return first
        text: str = self._reader.readline(size)
        return text


def entries(reader: Any) -> Iterator[Entry]:
    """The records of ``reader`` (anything with ``readline(size)`` giving text), in order."""
    blanks = 0
    while True:
        first = reader.readline(MAX_LINE + 1)
        if not first:
            return
        if first.strip():
            break
        blanks += 1 if first.endswith("\n") else 0
    again = _Again(reader, blanks, first)
    yield from (_text_entries if _TEXT.match(first.lstrip()) else _json_entries)(again)


def _text_entries(reader: Any) -> Iterator[Entry]:
    failed: deque[TextRecordError] = deque()
    for game in read_games(reader, errors=failed.append):
        yield from _failures(failed)
        yield Entry(game.line, game)
    yield from _failures(failed)


def _failures(failed: deque[TextRecordError]) -> Iterator[Entry]:
    while failed:
        error = failed.popleft()
        yield Entry(error.line, error=str(error).split(": ", 1)[1])


def _json_line(reader: Any) -> tuple[str, bool]:
    """The next whole line of ``reader`` (``""`` at the end), and True if it was too long
    to keep (its characters past :data:`MAX_JSON_LINE` are skipped, not held)."""
    parts: list[str] = []
    size = 0
    while True:
        text: str = reader.readline(_CHUNK)
        size += len(text)
        if size <= MAX_JSON_LINE:
            parts.append(text)
        if not text or text.endswith("\n"):
            return "".join(parts), size > MAX_JSON_LINE


def _json_entries(reader: Any) -> Iterator[Entry]:
    number = 0
    first = True
    while True:
        line, too_long = _json_line(reader)
        if not line:
            return
        number += 1
        if not line.strip():
            continue
        if too_long:
            yield Entry(number, error=f"a line longer than {MAX_JSON_LINE} characters")
        else:
            try:
                value = parse_json_text(line)
            except InvalidStateError as exc:
                if first:  # one record pretty-printed over many lines
                    yield _document(reader, line, number)
                    return
                yield Entry(number, error=str(exc))
            else:
                yield Entry(number, value)
        first = False


def _document(reader: Any, first: str, number: int) -> Entry:
    """One record pretty-printed over many lines, from ``first`` to the end."""
    parts = [first]
    size = len(first)
    while size <= MAX_DOCUMENT_BYTES and (text := reader.readline(_CHUNK)):
        parts.append(text)
        size += len(text)
    if size > MAX_DOCUMENT_BYTES:
        return Entry(
            number,
            error=f"a multi-line record larger than {MAX_DOCUMENT_BYTES} characters;"
            " write one record per line",
        )
    try:
        return Entry(number, parse_json_text("".join(parts)))
    except InvalidStateError as exc:
        return Entry(number, error=str(exc))


@contextlib.contextmanager
def open_records(path: str, prog: str) -> Iterator[Iterator[Entry]]:
    """The records of the file ``path`` (``-``: standard input) as :class:`Entry` values,
    read as they are asked for; a file that cannot be opened or is not UTF-8 text is a
    :class:`~cardrules.cli.usage.UsageError`."""
    where = "standard input" if path == "-" else repr(path)
    if path == "-":
        stream: Any = sys.stdin
        buffer = getattr(stream, "buffer", None)
        yield entries(stream if buffer is None else Utf8Lines(buffer, where, prog))
        return
    try:
        raw = open(path, "rb")  # noqa: SIM115 (closed below, after the records are read)
    except OSError as exc:
        raise UsageError(f"cannot read {where}: {exc.strerror}", prog) from exc
    with raw:
        yield entries(Utf8Lines(raw, where, prog))
