"""The lines of a text record (``.crec``): its limits, its rules for tags and actions,
and how a file splits into games. :mod:`cardrules.records.text` reads and writes
whole games with them.

One rule serves the writer and the reader: a tag or an action the writer accepts
reads back as written, and the reader refuses, on its line, what the writer would
not write.

>>> tag_problem("Date", "2026-01-02")
>>> tag_problem("Date", "a\\rb")
'a tag value cannot hold a line break'
>>> split_actor("s2 card AD"), split_actor("card AD")
((2, 'card AD'), (None, 'card AD'))
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import IO

import attrs

from cardrules.cards import _show
from cardrules.errors import CardRulesError, InvalidStateError
from cardrules.record import MAX_SEATS, check_seat_name

__all__ = [
    "HIDDEN",
    "MAX_ACTIONS",
    "MAX_GAME",
    "MAX_LINE",
    "MAX_TAGS",
    "WIDTH",
    "TextRecordError",
    "action_problem",
    "split_actor",
    "tag_problem",
    "with_actor",
]

MAX_LINE = 10_000
"""The longest line read, in characters; a longer one is an error, read no further."""
MAX_ACTIONS = 100_000
"""The most actions one game may hold."""
MAX_TAGS = 100
"""The most tags one game may hold."""
MAX_GAME = 2_000_000
"""The most characters one game's lines may hold."""
HIDDEN = "??"
"""A card hidden from the viewer of a view record."""
WIDTH = 78
"""The writer starts a new action line rather than pass this many characters."""

_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,31}")
_TAG = re.compile(r'\[([A-Za-z][A-Za-z0-9_]{0,31})[ \t]+"((?:[^"\\]|\\["\\])*)"\][ \t]*')
_SEAT_TAG = re.compile(r"Seat[0-9]+")
_ACTOR = re.compile(r"s(0|[1-9][0-9]{0,2})[ \t]+(\S.*)")
_FORBIDDEN = frozenset(',;{}[]"')


class TextRecordError(InvalidStateError):
    """A text record that cannot be read: ``line`` is where, ``game`` counts from 0."""

    def __init__(self, message: str, line: int, game: int = 0) -> None:
        if not isinstance(message, str) or type(line) is not int or type(game) is not int:
            raise InvalidStateError(
                f"a TextRecordError needs a message and whole line and game numbers,"
                f" got {_show(message)}, {_show(line)}, {_show(game)}"
            )
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.game = game


def tag_problem(name: str, value: str) -> str | None:
    """What keeps the tag ``name`` with ``value`` out of a text record, or ``None``.

    A name is a letter, then up to 31 letters, digits or ``_``; a value is text on one
    line (``"`` and ``\\`` are written escaped). A ``Seat0``, ``Seat1``... value names a
    seat as a JSON record's ``seats`` do
    (:func:`~cardrules.record.check_seat_name`).
    """
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        return (
            f"a tag name is a letter, then letters, digits or '_' (at most 32), not {_show(name)}"
        )
    if not isinstance(value, str):
        return f"the tag {name}'s value must be text, got {_show(value)}"
    if "\n" in value or "\r" in value:
        return "a tag value cannot hold a line break"
    if _SEAT_TAG.fullmatch(name):
        try:
            check_seat_name(value)
        except CardRulesError as exc:
            return f"the tag {name}: {exc}"
    return None


def action_problem(text: object, *, hidden: bool) -> str | None:
    """What keeps ``text`` from being one action of a text record, or ``None``: it must
    be printable text on one line, with no space at either end and none of
    ``, ; { } [ ] "``; ``??`` (:data:`HIDDEN`) only where ``hidden`` (a view record)."""
    if not isinstance(text, str):
        return f"an action must be text, got {_show(text)}"
    if not text or text != text.strip() or not text.isprintable():
        return f"an action is printable text on one line, without spaces around, not {text!r:.80}"
    if _FORBIDDEN & set(text):
        return f'an action cannot hold any of , ; {{ }} [ ] ": {text!r:.80}'
    if not hidden and HIDDEN in text:
        return f"a hidden card {HIDDEN} outside a view record: {text!r:.80}"
    return None


def split_actor(text: str) -> tuple[int | None, str]:
    """The seat an action names (``s2 card AD``) and the action's own text; ``None``
    for an action that names no seat (the form of 0.3.0)."""
    if not isinstance(text, str):
        raise InvalidStateError(f"an action line's action must be text, got {_show(text)}")
    match = _ACTOR.fullmatch(text)
    return (None, text) if match is None else (int(match[1]), match[2].rstrip())


def with_actor(actor: int | None, text: str) -> str:
    """``text`` as an action line writes it: ``s2 card AD`` for seat 2's ``card AD``."""
    if not isinstance(text, str) or not (
        actor is None or (type(actor) is int and 0 <= actor < MAX_SEATS)
    ):
        raise InvalidStateError(
            f"an action is written after a seat number, 0 to {MAX_SEATS - 1} (or None),"
            f" got {_show((actor, text))}"
        )
    return text if actor is None else f"s{actor} {text}"


def _quote(value: str) -> str:
    """A tag value as it is written between quotes."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unquote(value: str) -> str:
    return re.sub(r"\\([\"\\])", r"\1", value)


def _action_lines(actions: Sequence[str], actors: Sequence[int] | None) -> list[str]:
    """Actions grouped on lines, each naming its seat when ``actors`` are known: a new
    line for the first action of a new kind (its first word) that takes an argument,
    when a seat acts again (a new round of the table), or when the line would grow
    past :data:`WIDTH`.

    >>> _action_lines(["play", "play", "discard 7H", "discard AS"], [1, 2, 1, 2])
    ['s1 play, s2 play', 's1 discard 7H, s2 discard AS']
    """
    lines: list[str] = []
    line: list[str] = []
    acted: set[int] = set()
    seen: set[str] = set()
    width = 0
    for number, bare in enumerate(actions):
        actor = None if actors is None else actors[number]
        text = with_actor(actor, bare)
        word = bare.split(" ", 1)[0]
        new_kind = word not in seen and " " in bare
        seen.add(word)
        if line and (new_kind or actor in acted or width + 2 + len(text) > WIDTH):
            lines.append(", ".join(line))
            line, acted, width = [], set(), 0
        width += len(text) + (2 if line else 0)
        line.append(text)
        if actor is not None:
            acted.add(actor)
    if line:
        lines.append(", ".join(line))
    return lines


# --- reading -----------------------------------------------------------------------


@attrs.frozen
class _Block:
    """One game's raw lines: tags and actions with their line numbers."""

    line: int
    tags: list[tuple[int, str, str]]
    actions: list[tuple[int, str]]
    error: TextRecordError | None = None


def _lines(file: IO[str]) -> Iterator[tuple[int, str | None]]:
    """Numbered lines of ``file``, without their ends; ``None`` for one too long."""
    if not callable(getattr(file, "readline", None)):
        raise InvalidStateError(f"expected a text file, got {_show(file)}")
    number = 0
    while True:
        text = file.readline(MAX_LINE + 1)
        if not isinstance(text, str):
            raise InvalidStateError(f"expected a text file, got one that reads {_show(text)}")
        if not text:
            return
        number += 1
        if len(text) > MAX_LINE and not text.endswith("\n"):
            while text and not text.endswith("\n"):  # skip the rest, a bounded chunk at a time
                text = file.readline(MAX_LINE + 1)
            yield number, None
            continue
        yield number, text.rstrip("\r\n").lstrip("\ufeff")


def _strip_comments(text: str, number: int) -> str:
    out = []
    rest = text
    while rest:
        brace, semi = rest.find("{"), rest.find(";")
        if semi >= 0 and (brace < 0 or semi < brace):
            out.append(rest[:semi])
            break
        if brace < 0:
            out.append(rest)
            break
        close = rest.find("}", brace)
        if close < 0:
            raise TextRecordError("a '{' comment is not closed on its line", number)
        out.append(rest[:brace] + " ")
        rest = rest[close + 1 :]
    if "}" in "".join(out):
        raise TextRecordError("a '}' closes no comment", number)
    return "".join(out)


def _split_line(text: str, number: int) -> tuple[list[tuple[str, str]], list[str]]:
    """The tags and the actions of one line, each tag checked by :func:`tag_problem`."""
    position = len(text) - len(text.lstrip(" \t"))
    tags = []
    while text.startswith("[", position):
        match = _TAG.match(text, position)
        if match is None:
            raise TextRecordError(f"not a tag: {text[position : position + 60]!r}", number)
        value = _unquote(match[2])
        problem = tag_problem(match[1], value)
        if problem is not None:
            raise TextRecordError(problem, number)
        tags.append((match[1], value))
        position = match.end()
    rest = _strip_comments(text[position:], number).strip()
    if not rest:
        return tags, []
    if "[" in rest or "]" in rest or '"' in rest:
        raise TextRecordError(f"tags must come before the actions: {rest[:60]!r}", number)
    actions = [part.strip() for part in rest.split(",")]
    if "" in actions:
        raise TextRecordError(f"an empty action between commas in {rest[:60]!r}", number)
    return tags, actions


def _blocks(file: IO[str]) -> Iterator[_Block]:
    """The games of ``file`` as raw blocks, in order; a broken one carries its error."""
    block: _Block | None = None
    size = 0
    for number, text in _lines(file):
        if text is not None and not text.strip():
            if block is not None:
                yield block
                block = None
            size = 0
            continue
        size += MAX_LINE if text is None else len(text)
        if block is not None and block.error is not None:
            continue  # the rest of a broken game, up to its blank line
        try:
            if text is None:
                raise TextRecordError(f"a line longer than {MAX_LINE} characters", number)
            tags, actions = _split_line(text, number)
        except TextRecordError as exc:
            block = attrs.evolve(block or _Block(number, [], []), error=exc)
            continue
        if not tags and not actions:
            continue  # a comment line
        if block is not None and tags and block.actions:
            yield block  # a new game's tags right after the last one's actions
            block = None
        if block is None:
            block = _Block(number, [], [])
        block.tags.extend((number, name, value) for name, value in tags)
        block.actions.extend((number, action) for action in actions)
        if len(block.tags) > MAX_TAGS or len(block.actions) > MAX_ACTIONS or size > MAX_GAME:
            block = attrs.evolve(block, error=TextRecordError(_too_big(block, size), number))
            block.tags.clear()
            block.actions.clear()
    if block is not None:
        yield block


def _too_big(block: _Block, size: int) -> str:
    if size > MAX_GAME:
        return f"too long a game (at most {MAX_GAME} characters)"
    if len(block.tags) > MAX_TAGS:
        return f"more than {MAX_TAGS} tags"
    return f"more than {MAX_ACTIONS} actions"
