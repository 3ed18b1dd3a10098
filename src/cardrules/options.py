"""Rule options: named enums, validators and option parsing shared by every game.

A game's rules are a frozen ``attrs`` class whose ``to_json`` writes JSON-native
values (numbers, booleans, strings). :func:`rules_from_options` builds one from
keyword options or from the text of a game spec, with every error an
:class:`~cardrules.errors.InvalidRulesError` that names the valid choices:

>>> import attrs
>>> class Colour(NamedEnum):
...     RED = "red"
...     BLUE = "blue"
>>> Colour.parse("blue")
Colour.BLUE
>>> Colour.parse("green")
Traceback (most recent call last):
...
cardrules.errors.InvalidRulesError: unknown Colour 'green' (expected one of 'red', 'blue')
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeGuard, TypeVar

import attrs
from typing_extensions import Self

from cardrules.cards import _show
from cardrules.enums import StrictEnumType
from cardrules.errors import InvalidRulesError, InvalidStateError
from cardrules.record import parse_json_text

__all__ = [
    "MAX_GAME_NAME",
    "MAX_NUMBER_DIGITS",
    "NamedEnum",
    "RulesType",
    "check_bool",
    "check_kind",
    "is_game_name",
    "json_rules",
    "parse_spec",
    "rules_from_options",
    "whole",
]

R = TypeVar("R", bound="RulesType")
Validator = Callable[[object, "attrs.Attribute[Any]", Any], None]


def _unknown(cls: type[enum.Enum], value: object) -> InvalidRulesError:
    names = ", ".join(repr(member.value) for member in cls)
    return InvalidRulesError(f"unknown {cls.__name__} {_show(value)} (expected one of {names})")


class NamedEnum(enum.Enum, metaclass=StrictEnumType):
    """An enum whose members are named by their string values, with a pasteable repr.

    Calling the class with an unknown value (``Colour("green")``) raises
    :class:`~cardrules.errors.InvalidRulesError`, like :meth:`parse`.
    """

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    @classmethod
    def _missing_(cls, value: object) -> Self:
        raise _unknown(cls, value)

    @classmethod
    def parse(cls, text: object) -> Self:
        """The member whose value is ``text``; anything else raises InvalidRulesError."""
        for member in cls:
            if text == member.value and type(text) is type(member.value):
                return member
        raise _unknown(cls, text)


def whole(low: int, high: int | None = None) -> Validator:
    """An attrs validator for a whole number from ``low`` (to ``high``)."""

    def check(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not int or value < low or (high is not None and value > high):
            span = f"from {low} to {high}" if high is not None else f"of at least {low}"
            raise InvalidRulesError(
                f"{_name(attribute)} must be a whole number {span}, got {_show(value)}"
            )

    return check


def check_kind(kind: type[enum.Enum]) -> Validator:
    """An attrs validator for a member of the enum ``kind``."""

    def check(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, kind):
            raise InvalidRulesError(
                f"{_name(attribute)} must be a {kind.__name__}, got {_show(value)}"
            )

    return check


def _name(attribute: object) -> str:
    """The option's name, for a message (``"option"`` if the validator is misused)."""
    name = getattr(attribute, "name", None) if isinstance(attribute, attrs.Attribute) else None
    return name if isinstance(name, str) else "option"


def check_bool(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """An attrs validator for ``True`` or ``False`` (not 0 or 1)."""
    if type(value) is not bool:
        raise InvalidRulesError(f"{_name(attribute)} must be True or False, got {_show(value)}")


class RulesType(Protocol):
    """A game's rules class: default-constructible, written and read as JSON."""

    def __init__(self) -> None: ...

    def to_json(self) -> dict[str, Any]:
        """The options as JSON-native values."""
        ...


def json_rules(cls: type[R], data: object, build: Callable[[dict[str, Any]], R], what: str) -> R:
    """Read rules written by ``to_json`` (the dict or its JSON text): missing keys take
    their defaults, unknown keys fail.

    ``build`` makes the rules from a complete dict of JSON values. Options that a
    later version adds are absent from older records and so take their defaults.
    """
    defaults = _defaults(cls, build, what)
    if isinstance(data, (str, bytes, bytearray)):
        try:
            data = parse_json_text(data)
        except InvalidStateError as exc:
            raise InvalidRulesError(f"{what} rules: {exc}") from None
    if not isinstance(data, dict):
        raise InvalidRulesError(f"{what} rules must be a JSON object, got {_show(data)}")
    unknown = sorted(str(key) for key in set(data) - set(defaults))
    if unknown:
        raise InvalidRulesError(
            f"unknown {what} rule option {_show(unknown[0])}; the options are {', '.join(defaults)}"
        )
    return build({**defaults, **data})


def _defaults(cls: object, build: object, what: object) -> dict[str, Any]:
    """The default options of the rules class ``cls``; misuse raises InvalidRulesError."""
    if not isinstance(cls, type) or not callable(getattr(cls, "to_json", None)):
        raise InvalidRulesError(f"rules need a rules class (with to_json), got {_show(cls)}")
    if not isinstance(what, str):
        raise InvalidRulesError(f"the game's name must be a string, got {_show(what)}")
    if not callable(build):
        raise InvalidRulesError(f"{what} rules need a callable to build them, got {_show(build)}")
    defaults = cls().to_json()
    if not isinstance(defaults, dict):
        raise InvalidRulesError(f"{_show(cls)} does not write its rules as a JSON object")
    return defaults


def _letters(name: str, value: tuple[object, ...]) -> str:
    """A tuple of suits (or of letters) as the letters a spec writes."""
    letters: list[str] = []
    for item in value:
        letter = getattr(item, "letter", item)
        if not isinstance(letter, str):
            raise InvalidRulesError(f"option {name} must be letters or suits, got {_show(value)}")
        letters.append(letter)
    return "".join(letters)


_TRUE = {"true": True, "false": False}

MAX_NUMBER_DIGITS = 30
"""The most digits a whole number in option text may have (every option's bound is far
smaller); longer text is refused before it is converted."""

_WHOLE = re.compile(r"[+-]?[0-9]+\Z")


def _read_whole(name: str, value: str, text: str) -> int:
    """The whole number that the option text ``text`` writes: an optional sign and ASCII
    digits, nothing else; anything else raises InvalidRulesError naming ``name``."""
    if _WHOLE.match(text) is None:
        raise InvalidRulesError(f"option {name} must be a whole number, got {_show(value)}")
    digits = text.lstrip("+-").lstrip("0")
    if len(digits) > MAX_NUMBER_DIGITS:
        raise InvalidRulesError(
            f"option {name} must be a whole number of at most {MAX_NUMBER_DIGITS} digits,"
            f" got {_show(value)} ({len(digits)} digits)"
        )
    number = int(digits) if digits else 0
    return -number if text.startswith("-") else number


def _coerce(name: str, value: object, default: object) -> object:
    if isinstance(value, enum.Enum):
        return value.value
    if not isinstance(value, str) or isinstance(default, str):
        if isinstance(default, str) and isinstance(value, tuple):
            return _letters(name, value)
        return value
    text = value.strip()
    if default is None:
        if text.lower() in ("none", "null"):
            return None
        return _read_whole(name, value, text)
    if isinstance(default, bool):
        if text.lower() not in _TRUE:
            raise InvalidRulesError(f"option {name} must be true or false, got {_show(value)}")
        return _TRUE[text.lower()]
    if isinstance(default, int):
        return _read_whole(name, value, text)
    return value


def rules_from_options(
    cls: type[R], options: Mapping[str, object], read: Callable[[object], R], what: str
) -> R:
    """Rules of type ``cls`` from keyword ``options`` over the defaults.

    Values may be Python values (``players=5``, ``rounding=Rounding.DOWN``) or the
    text of a spec (``"5"``, ``"down"``); ``read`` is the class's ``from_json``.
    """
    defaults = _defaults(cls, read, what)
    if not isinstance(options, Mapping):
        raise InvalidRulesError(f"{what} options must be a mapping, got {_show(options)}")
    for name in options:
        if name not in defaults:
            raise InvalidRulesError(
                f"unknown {what} option {_show(name)}; the options are {', '.join(defaults)}"
            )
    values = {name: _coerce(name, value, defaults[name]) for name, value in options.items()}
    return read({**defaults, **values})


MAX_GAME_NAME = 40
"""The longest game name."""

_GAME_NAME = re.compile(r"[a-z][a-z0-9_-]*\Z")


def is_game_name(name: object) -> TypeGuard[str]:
    """True when ``name`` can name a game: a ``str`` of lower-case ASCII letters, digits,
    ``_`` and ``-``, starting with a letter, at most :data:`MAX_GAME_NAME` long.

    :func:`parse_spec` reads a spec's name with it (after lower-casing an ASCII name),
    and :func:`cardrules.register_game` accepts only the names it accepts.

    >>> is_game_name("azi"), is_game_name("big_two"), is_game_name("Chess"), is_game_name("")
    (True, True, False, False)
    >>> is_game_name(None), is_game_name("2048"), is_game_name("azi(players=3)")
    (False, False, False)
    """
    return type(name) is str and len(name) <= MAX_GAME_NAME and _GAME_NAME.match(name) is not None


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split an OpenSpiel-style spec ``"name(key=value,...)"`` into its name and options.

    The name is read case-insensitively and returned in lower case; it must be a
    game name (:func:`is_game_name`).

    >>> parse_spec("azi(players=5,rounding=down)")
    ('azi', {'players': '5', 'rounding': 'down'})
    >>> parse_spec(" Hazari ")
    ('hazari', {})
    >>> parse_spec("azi(players)")
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidRulesError: option 'players' in 'azi(players)' is not key=value
    >>> parse_spec("two words")
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidRulesError: game spec 'two words' does not start with a game name \
(letters, digits, '_' and '-', starting with a letter, at most 40 characters)
    """
    if not isinstance(spec, str):
        raise InvalidRulesError(f"a game spec must be a string, got {_show(spec)}")
    text = spec.strip()
    name, paren, rest = text.partition("(")
    name = name.strip()
    name = name.lower() if name.isascii() else name
    if not is_game_name(name):
        raise InvalidRulesError(
            f"game spec {_show(spec)} does not start with a game name (letters, digits,"
            f" '_' and '-', starting with a letter, at most {MAX_GAME_NAME} characters)"
        )
    options: dict[str, str] = {}
    if paren:
        if not rest.endswith(")"):
            raise InvalidRulesError(f"game spec {_show(spec)} does not end with ')'")
        body = rest[:-1].strip()
        for item in body.split(",") if body else ():
            key, equals, value = item.partition("=")
            key = key.strip()
            if not equals or not key:
                raise InvalidRulesError(
                    f"option {_show(item.strip())} in {_show(spec)} is not key=value"
                )
            if key in options:
                raise InvalidRulesError(f"option {_show(key)} is given twice in {_show(spec)}")
            options[key] = value.strip()
    return name, options
