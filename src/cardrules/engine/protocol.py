"""The ``cardrules-engine`` protocol: its messages, and the checks a dealer runs on an engine's.

One JSON object a line, UTF-8, on the engine's standard input (from the dealer) and
standard output (from the engine). Every message has a ``"type"``. The docs page
"Engines in any language" gives every field and a whole game; this module writes the
dealer's messages and reads the engine's, refusing anything else with a
:class:`~cardrules.seats.Forfeit` whose ``kind`` is one of :data:`FAULT_KINDS`.

>>> hello()
{'type': 'hello', 'protocol': 'cardrules-engine', 'version': '1.0'}
>>> info = engine_info(read_line(b'{"type": "engine", "protocol": "cardrules-engine",'
...                              b' "version": "1.2", "name": "mine", "author": "me"}'))
>>> info.name, info.version, info.legal_limit
('mine', '1.2', 1000)
>>> engine_info({"type": "engine", "protocol": "cardrules-engine", "version": "2.0"})
... # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardrules.seats.Forfeit: version: the engine speaks cardrules-engine 2.0; this dealer speaks ... 1.x
>>> read_answer(read_line(b'{"type": "action", "id": 7, "info": "depth 3"}'))
Answer(id=7, text=None, info='depth 3')
>>> read_line(b"bestmove e2e4")
Traceback (most recent call last):
...
cardrules.seats.Forfeit: malformed: not valid JSON: Expecting value: line 1 column 1 (char 0)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import attrs

from cardrules.cards import _show
from cardrules.errors import EngineError, InvalidStateError
from cardrules.record import parse_json_text
from cardrules.seats import Forfeit
from cardrules.tables import Scalar

__all__ = [
    "DEFAULT_LEGAL_LIMIT",
    "FAULT_KINDS",
    "MAJOR",
    "MAX_DEALER_LINE",
    "MAX_ENGINE_LINE",
    "MAX_LEGAL_LIMIT",
    "MAX_OPTIONS",
    "MAX_TEXT",
    "PROTOCOL",
    "VERSION",
    "Answer",
    "EngineInfo",
    "check_option",
    "encode",
    "engine_info",
    "hello",
    "read_answer",
    "read_line",
    "visible",
]

PROTOCOL = "cardrules-engine"
"""The protocol's name, in every handshake."""

VERSION = "1.0"
"""The version this package speaks. A dealer of major version 1 plays with an engine
of any version 1.x, and refuses any other."""

MAJOR = 1

MAX_ENGINE_LINE = 64 * 1024
"""The longest line, in bytes, a dealer reads from an engine; a longer one is a fault."""

MAX_DEALER_LINE = 16 * 1024 * 1024
"""The longest line, in bytes, an engine of this package reads from its dealer."""

DEFAULT_LEGAL_LIMIT = 1000
"""How many legal actions a decision lists, unless the engine asks for another number."""

MAX_LEGAL_LIMIT = 10_000
"""The most legal actions an engine may ask a decision to list."""

MAX_TEXT = 200
"""The longest name, author, info line or action text kept from an engine, in characters."""

MAX_OPTIONS = 100
"""The most options an engine may declare."""

FAULT_KINDS = ("crash", "timeout", "overlong", "malformed", "illegal", "version")
"""What can go wrong with an engine: it exits or cannot start (``crash``), answers too
late (``timeout``), writes a line longer than :data:`MAX_ENGINE_LINE` (``overlong``),
writes what is not a message it may send (``malformed``), answers an action that is not
legal (``illegal``), or speaks another version of the protocol (``version``)."""


def visible(text: object, limit: int = MAX_TEXT) -> str:
    """``text`` cut to ``limit`` characters, with control and bidirectional characters
    written as escapes, so that it is safe to print on a terminal.

    >>> visible("a\\x1b[2Jb\\u202e")
    'a\\\\x1b[2Jb\\\\u202e'
    """
    if type(limit) is not int or limit < 0:
        raise EngineError(f"a limit is a non-negative int, got {_show(limit)}")
    shown = (text if isinstance(text, str) else _show(text))[:limit]
    if shown.isprintable():
        return shown
    return "".join(
        char if char.isprintable() and not 0x202A <= ord(char) <= 0x2069 else _escape(char)
        for char in shown
    )


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def encode(message: Mapping[str, Any]) -> bytes:
    """One message as a line of compact UTF-8 JSON, newline included.

    >>> encode({"type": "quit"})
    b'{"type":"quit"}\\n'
    """
    if not isinstance(message, Mapping):
        raise EngineError(f"a message is a mapping, got {_show(message)}")
    try:
        text = json.dumps(dict(message), separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise EngineError(f"a message must be JSON: {exc}") from None
    return (text + "\n").encode()


def hello() -> dict[str, Any]:
    """The dealer's first message."""
    return {"type": "hello", "protocol": PROTOCOL, "version": VERSION}


def read_line(line: bytes) -> dict[str, Any]:
    """One line from an engine as a message: a JSON object with a text ``"type"``.

    Anything else is a ``malformed`` :class:`~cardrules.seats.Forfeit`; so is a line
    longer than :data:`MAX_ENGINE_LINE` (``overlong``).
    """
    if not isinstance(line, (bytes, bytearray)):
        raise EngineError(f"a line from an engine is bytes, got {_show(line)}")
    if len(line) > MAX_ENGINE_LINE:
        raise Forfeit("overlong", f"a line longer than {MAX_ENGINE_LINE} bytes")
    try:
        message = parse_json_text(line)
    except InvalidStateError as exc:
        raise Forfeit("malformed", visible(str(exc))) from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise Forfeit("malformed", f"not a message (a JSON object with a type): {_quote(line)}")
    return message


def _quote(line: bytes) -> str:
    return visible(line.decode("utf-8", "replace"), 80)


@attrs.frozen
class EngineInfo:
    """What an engine says of itself in its handshake."""

    name: str
    author: str
    version: str
    options: dict[str, dict[str, Any]]
    """Each option the engine accepts, by name: its ``default`` and, optionally, its
    ``min`` and ``max`` (numbers), ``choices`` (a list) and ``help`` (text)."""
    legal_limit: int
    """How many legal actions each decision should list (0: none, just the count)."""


def engine_info(message: Mapping[str, Any]) -> EngineInfo:
    """The engine's handshake, checked: its type, protocol and major version first
    (``version`` faults), then its fields (``malformed``)."""
    _check_message(message)
    if message.get("type") != "engine":
        raise Forfeit("malformed", f"expected the engine's handshake, got {_type(message)}")
    protocol, version = message.get("protocol"), message.get("version")
    if protocol != PROTOCOL or not _major_matches(version):
        spoken = f"{visible(protocol, 40)} {visible(version, 40)}"
        raise Forfeit(
            "version", f"the engine speaks {spoken}; this dealer speaks {PROTOCOL} {MAJOR}.x"
        )
    name, author = message.get("name", "engine"), message.get("author", "")
    if not isinstance(name, str) or not isinstance(author, str):
        raise Forfeit("malformed", "the engine's name and author must be text")
    limit = message.get("legal_limit", DEFAULT_LEGAL_LIMIT)
    if type(limit) is not int or not 0 <= limit <= MAX_LEGAL_LIMIT:
        raise Forfeit(
            "malformed", f"legal_limit must be a whole number from 0 to {MAX_LEGAL_LIMIT}"
        )
    return EngineInfo(
        visible(name, 64),
        visible(author),
        str(version),
        _options(message.get("options", {})),
        limit,
    )


def _major_matches(version: object) -> bool:
    if not isinstance(version, str):
        return False
    major, dot, minor = version.partition(".")
    return bool(dot) and major == str(MAJOR) and minor.isdigit() and minor.isascii()


def _options(value: object) -> dict[str, dict[str, Any]]:
    if not isinstance(value, dict) or len(value) > MAX_OPTIONS:
        raise Forfeit("malformed", f"options must be an object of at most {MAX_OPTIONS} options")
    found = {}
    for name, spec in value.items():
        if not name.isidentifier() or len(name) > 64 or not isinstance(spec, dict):
            raise Forfeit("malformed", f"option {visible(name, 64)!r} is not name: {{default...}}")
        if not _scalar(spec.get("default")):
            raise Forfeit("malformed", f"option {name!r} needs a default (a number, text or bool)")
        found[name] = spec
    return found


def _scalar(value: object) -> bool:
    return value is None or isinstance(value, (bool, int, float, str))


def check_option(info: EngineInfo, name: str, value: Scalar) -> None:
    """Refuse, with :class:`~cardrules.errors.EngineError` naming the engine, an option
    value it does not accept."""
    if not isinstance(info, EngineInfo) or not isinstance(name, str):
        raise EngineError(f"check_option needs an EngineInfo and a name, got {_show(info)}")
    spec = info.options.get(name)
    if spec is None:
        accepted = ", ".join(info.options) or "none"
        raise EngineError(
            f"the engine {info.name} has no option {name!r} (its options: {accepted})"
        )
    default = spec["default"]
    kinds = (int, float) if type(default) in (int, float) else (type(default),)
    if type(value) not in kinds or (isinstance(value, bool) != isinstance(default, bool)):
        raise EngineError(f"option {name!r} of {info.name} takes {_KINDS[type(default)]}")
    low, high, choices = spec.get("min"), spec.get("max"), spec.get("choices")
    if _number(value) and (
        (_number(low) and value < low) or (_number(high) and value > high)  # type: ignore[operator]
    ):
        raise EngineError(f"option {name!r} of {info.name} runs from {_show(low)} to {_show(high)}")
    if isinstance(choices, list) and value not in choices:
        raise EngineError(f"option {name!r} of {info.name} is one of {_show(choices)}")


_KINDS = {bool: "true or false", int: "a number", float: "a number", str: "text"}
_KINDS[type(None)] = "nothing but null"


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


@attrs.frozen
class Answer:
    """An engine's answer to a decision: an action ``id`` or its ``text`` (exactly one),
    and an optional ``info`` line."""

    id: int | None
    text: str | None
    info: str | None


def read_answer(message: Mapping[str, Any]) -> Answer:
    """The engine's answer, checked: ``{"type": "action", "id": N}`` or ``"text"``."""
    _check_message(message)
    if message.get("type") != "action":
        raise Forfeit("malformed", f"expected an action, got {_type(message)}")
    number, text, info = message.get("id"), message.get("text"), message.get("info")
    if (number is None) == (text is None):
        raise Forfeit("malformed", "an action gives exactly one of id and text")
    if number is not None and (type(number) is not int or not 0 <= number < 1 << 31):
        raise Forfeit("malformed", f"an action id must be a whole number, got {_value(number)}")
    if text is not None and (not isinstance(text, str) or len(text) > MAX_TEXT):
        raise Forfeit("malformed", f"an action text must be text of at most {MAX_TEXT} characters")
    if info is not None and not isinstance(info, str):
        raise Forfeit("malformed", "an action's info must be text")
    return Answer(number, text, None if info is None else visible(info))


def _check_message(message: object) -> None:
    if not isinstance(message, Mapping):
        raise EngineError(f"a message is a mapping, got {_show(message)}")


def _type(message: Mapping[str, Any]) -> str:
    return f"a message of type {visible(message.get('type'), 40)!r}"


def _value(value: object) -> str:
    return visible(json.dumps(value) if _scalar(value) else type(value).__name__, 40)
