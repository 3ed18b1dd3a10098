"""One game record: the JSON form shared by every game.

A record is a game's rules, its :class:`~cardrules.dealing.Dealing` and its actions,
plus a ``summary`` of the position they lead to. Loading replays the actions
through the rules, so a loaded state is valid by construction, then checks the
summary, so a record edited by hand is caught rather than silently reinterpreted.

The JSON is canonical (sorted keys, no spaces), so equal games give identical bytes.
This module sits below the registry, which reads records with it; files of records,
the text form people read (``.crec``), are :mod:`cardrules.records`, above it.

>>> from cardrules.dealing import Dealing
>>> actions = ({"player": 0, "type": "pass"},)
>>> record = GameRecord("demo", {"players": 2}, Dealing(seed=1), actions, {})
>>> text = record.to_text()
>>> text
'{"actions":[{"player":0,"type":"pass"}],"dealing":{"decks":[],"seed":1},"format":"cardrules","game":"demo","rules":{"players":2},"summary":{},"version":1}'
>>> GameRecord.from_json(text, "demo") == record
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any, Protocol, TypeVar

import attrs
from typing_extensions import Self

from cardrules.cards import _show
from cardrules.dealing import Dealing
from cardrules.errors import CardRulesError, InvalidStateError

__all__ = [
    "FORMAT",
    "MAX_JSON_DEPTH",
    "MAX_SEATS",
    "MAX_SEAT_NAME",
    "VERSION",
    "GameRecord",
    "check_seat_name",
    "check_summary",
    "dump_json",
    "json_object",
    "load_record",
    "parse_json_text",
    "record_actions",
    "record_of",
    "record_seats",
    "replay",
]

FORMAT = "cardrules"
VERSION = 1
MAX_JSON_DEPTH = 100
"""The deepest nesting of lists and objects :func:`parse_json_text` accepts."""
JSONObject = dict[str, Any]


def dump_json(data: object) -> str:
    """Canonical JSON: sorted keys, compact separators, UTF-8 text kept as is.

    Data that JSON cannot hold raises :class:`InvalidStateError`.

    >>> dump_json({"b": [1, 2], "a": "♠"})
    '{"a":"♠","b":[1,2]}'
    """
    try:
        return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise InvalidStateError(f"cannot write {_show(data)} as JSON: {exc}") from None


def _too_deep(data: object) -> bool:
    """True if lists and objects in ``data`` nest deeper than :data:`MAX_JSON_DEPTH`."""
    stack = [(data, 1)] if isinstance(data, (dict, list)) else []
    while stack:
        value, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            return True
        children = value.values() if isinstance(value, dict) else value
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False


def parse_json_text(text: str | bytes | bytearray) -> Any:
    """Parse JSON text, or bytes of UTF-8 text; any fault raises :class:`InvalidStateError`.

    Whatever the input (malformed text, bytes that are not text, numbers too long to
    read, or lists and objects nested deeper than :data:`MAX_JSON_DEPTH`), the result
    is the parsed value or an :class:`InvalidStateError` saying what is wrong; so code
    that walks the value afterwards cannot run out of stack.

    >>> parse_json_text('{"seed": 7, "decks": []}')
    {'seed': 7, 'decks': []}
    >>> parse_json_text("[" * 100_000)
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidStateError: not valid JSON: lists or objects nest too deeply

    Bytes are read strictly as UTF-8 (no byte-order mark, no other encoding guessed):

    >>> parse_json_text(b"\\xff\\xfe{")
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidStateError: not valid JSON: not UTF-8 text (byte 0xff at offset 0)
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise InvalidStateError(f"JSON text must be str or bytes, got {_show(text)}")
    if not isinstance(text, str):
        text = _utf8(bytes(text))
    deep = "not valid JSON: lists or objects nest too deeply"
    try:
        data = json.loads(text)
    except RecursionError:
        raise InvalidStateError(deep) from None
    except MemoryError:
        raise
    except Exception as exc:  # JSONDecodeError, UnicodeDecodeError, too many digits...
        raise InvalidStateError(f"not valid JSON: {exc}") from None
    if _too_deep(data):
        raise InvalidStateError(f"{deep} (more than {MAX_JSON_DEPTH} levels)")
    return data


def _utf8(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidStateError(
            f"not valid JSON: not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start})"
        ) from None


def json_object(
    data: object, what: str, error: type[CardRulesError] = InvalidStateError
) -> JSONObject:
    """``data`` as a JSON object: a dict as it is, JSON text or bytes parsed with
    :func:`parse_json_text`; anything else raises ``error`` (by default
    :class:`InvalidStateError`) naming ``what``.

    >>> json_object('{"type": "fold"}', "an action")
    {'type': 'fold'}
    >>> json_object([1], "an action")
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidStateError: an action must be a JSON object, got [1]
    """
    if not isinstance(what, str):
        raise InvalidStateError(f"what must be text naming the record, got {_show(what)}")
    if not (isinstance(error, type) and issubclass(error, CardRulesError)):
        raise InvalidStateError(f"error must be a package error class, got {_show(error)}")
    try:
        if isinstance(data, (str, bytes, bytearray)):
            data = parse_json_text(data)
        return _object(data, what)
    except InvalidStateError as exc:
        if error is InvalidStateError:
            raise
        raise error(str(exc)) from None


def _object(value: object, what: str) -> JSONObject:
    if not isinstance(value, dict) or not all(isinstance(key, str) for key in value):
        raise InvalidStateError(f"{what} must be a JSON object, got {_show(value)}")
    return value


def _check_game(_: object, __: object, game: str) -> None:
    if not isinstance(game, str):
        raise InvalidStateError(f"a record's game must be a name, got {_show(game)}")


def _check_object(_: object, field: attrs.Attribute[JSONObject], value: JSONObject) -> None:
    _object(value, f"a record's {field.name}")


def _check_dealing(_: object, __: object, dealing: Dealing) -> None:
    if not isinstance(dealing, Dealing):
        raise InvalidStateError(f"a record's dealing must be a Dealing, got {_show(dealing)}")


def _check_actions(_: object, __: object, actions: tuple[JSONObject, ...]) -> None:
    if not isinstance(actions, tuple):
        raise InvalidStateError(f"a record's actions must be a tuple, got {_show(actions)}")
    for number, action in enumerate(actions):
        _object(action, f"action {number}")


@attrs.frozen
class GameRecord:
    """The serialised form of a game: what was played, and what it led to.

    Fields of the wrong type raise :class:`InvalidStateError`.
    """

    game: str = attrs.field(validator=_check_game)
    rules: JSONObject = attrs.field(validator=_check_object)
    dealing: Dealing = attrs.field(validator=_check_dealing)
    actions: tuple[JSONObject, ...] = attrs.field(validator=_check_actions)
    summary: JSONObject = attrs.field(validator=_check_object)

    def to_json(self) -> JSONObject:
        """The record as a JSON-ready dict (a fresh copy: changing it changes nothing)."""
        data: JSONObject = json.loads(self.to_text())
        return data

    def to_text(self) -> str:
        """The record as canonical JSON text: sorted keys, no spaces, so equal records
        give identical bytes."""
        return dump_json(
            {
                "format": FORMAT,
                "version": VERSION,
                "game": self.game,
                "rules": self.rules,
                "dealing": self.dealing.to_json(),
                "actions": list(self.actions),
                "summary": self.summary,
            }
        )

    @classmethod
    def from_json(cls, text: JSONObject | str | bytes, game: str) -> GameRecord:
        """Parse and check the envelope of a record of ``game``, given as JSON text or
        as the dict that text holds.

        Anything malformed raises :class:`InvalidStateError` naming what is wrong.
        """
        if not isinstance(game, str):
            raise InvalidStateError(f"the record kind to read must be a name, got {_show(game)}")
        if isinstance(text, dict):  # written and read back, so it is JSON and bounded
            text = dump_json(text)
        data = _object(parse_json_text(text), "a game record")
        expected = {"format", "version", "game", "rules", "dealing", "actions", "summary"}
        if set(data) - {"seats"} != expected:
            raise InvalidStateError(
                f"a game record needs exactly the keys {sorted(expected)} (and may name"
                f" its seats), got {_show(sorted(data))}"
            )
        record_seats(data)
        if (
            data["format"] != FORMAT
            or type(data["version"]) is not int
            or data["version"] != VERSION
        ):
            raise InvalidStateError(
                f"unsupported record format {_show(data['format'])}"
                f" version {_show(data['version'])} (expected {FORMAT!r} version {VERSION})"
            )
        if data["game"] != game:
            raise InvalidStateError(_wrong_game(data["game"], game))
        actions = data["actions"]
        if not isinstance(actions, list):
            raise InvalidStateError(f"actions must be a JSON list, got {_show(actions)}")
        return cls(
            game=game,
            rules=_object(data["rules"], "rules"),
            dealing=Dealing.from_json(data["dealing"]),
            actions=tuple(_object(a, f"action {i}") for i, a in enumerate(actions)),
            summary=_object(data["summary"], "summary"),
        )


MAX_SEATS = 64
"""The most seats a record's ``seats`` may name."""
MAX_SEAT_NAME = 200
"""The longest name of a seat's bot or player, in characters."""


def check_seat_name(name: object) -> str:
    """``name`` if it may name a seat's bot or player in a record: text of at most
    :data:`MAX_SEAT_NAME` printable characters (no line break, tab or other control).

    The one rule for both record forms: a JSON record's ``"seats"`` and a text
    record's ``Seat0``, ``Seat1``... tags, read or written. Anything else raises
    :class:`InvalidStateError` naming it.

    >>> check_seat_name("greedy")
    'greedy'
    >>> check_seat_name("tab\\there")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidStateError: a seat's name must be at most 200 printable ... 'tab\\there'
    """
    if not isinstance(name, str) or len(name) > MAX_SEAT_NAME or not name.isprintable():
        raise InvalidStateError(
            f"a seat's name must be at most {MAX_SEAT_NAME} printable characters on one line,"
            f" got {_show(name)}"
        )
    return name


def record_seats(data: object) -> tuple[str, ...] | None:
    """Who sat in each seat, as a record's optional ``"seats"`` list names them (``None``
    when it names nobody, as records before 0.3.0 do).

    ``cardrules simulate --out`` and :func:`cardrules.runner.simulate` write it next to
    the record's other keys; each name passes :func:`check_seat_name`. Anything else
    raises :class:`InvalidStateError`.

    >>> record_seats({"seats": ["greedy", "solver", "greedy", "solver"]})
    ('greedy', 'solver', 'greedy', 'solver')
    >>> record_seats({"seats": ["greedy\\n"]})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidStateError: a record's seats must be a list of at most 64 ...
    """
    seats = _object(data, "a game record").get("seats")
    if seats is None:
        return None
    what = f"a record's seats must be a list of at most {MAX_SEATS} names"
    if not isinstance(seats, list) or len(seats) > MAX_SEATS:
        raise InvalidStateError(f"{what}, got {_show(seats)}")
    try:
        return tuple(check_seat_name(name) for name in seats)
    except InvalidStateError as exc:
        raise InvalidStateError(f"{what}: {exc}") from None


def _family(kind: str) -> str:
    """The game a record kind belongs to: ``azi`` for ``azi`` and ``azi-match``."""
    return kind.partition("-")[0]


def _kind_text(kind: str) -> str:
    """``an Azi match record``, ``a Hazari record of one game``."""
    family, _, rest = kind.partition("-")
    title = family[:1].upper() + family[1:]
    article = "an" if title[:1] in "AEIOU" else "a"
    return f"{article} {title} {rest} record" if rest else f"{article} {title} record of one game"


def _wrong_game(found: object, expected: str) -> str:
    """Why a record whose ``game`` is ``found`` is not a record of kind ``expected``.

    >>> _wrong_game("hazari", "azi-match")
    "not an Azi record: its game is 'hazari'"
    >>> _wrong_game("chess", "hazari")
    "not a Hazari record: its game is 'chess'"
    >>> _wrong_game("azi-match", "azi")
    "this is an Azi match record, not an Azi record of one game: its game is 'azi-match'"
    """
    family = _family(expected)
    title = family[:1].upper() + family[1:]
    article = "an" if title[:1] in "AEIOU" else "a"
    shown = _show(found)
    if isinstance(found, str) and _family(found) == family:
        return f"this is {_kind_text(found)}, not {_kind_text(expected)}: its game is {shown}"
    return f"not {article} {title} record: its game is {shown}"


class _Replayable(Protocol):
    @property
    def current_player(self) -> int | None: ...

    def apply(self, action: Any) -> Self: ...


S = TypeVar("S", bound=_Replayable)


def _iterable(values: object, what: str) -> Iterable[object]:
    if isinstance(values, (str, bytes, dict)) or not isinstance(values, Iterable):
        raise InvalidStateError(f"{what} must be a list or tuple, got {_show(values)}")
    return values


def _callable(value: object, what: str) -> None:
    if not callable(value):
        raise InvalidStateError(f"{what} must be a function, got {_show(value)}")


def replay(start: S, actions: Iterable[JSONObject], parse: Callable[[JSONObject], Any]) -> S:
    """Apply recorded actions to ``start``; any fault raises :class:`InvalidStateError`.

    Each recorded action carries the ``player`` who took it, which must be the
    player to act; ``parse`` turns the rest of the object into an action.
    """
    if not hasattr(start, "current_player") or not callable(getattr(start, "apply", None)):
        raise InvalidStateError(f"replay needs a game state to start from, got {_show(start)}")
    _callable(parse, "the action parser")
    state = start
    for number, data in enumerate(_iterable(actions, "the actions")):
        fields = dict(_object(data, f"action {number}"))
        player = fields.pop("player", None)
        if type(player) is not int or player != state.current_player:
            raise InvalidStateError(
                f"action {number} is recorded for player {_show(player)},"
                f" but player {state.current_player!r} is to act"
            )
        try:
            state = state.apply(parse(fields))
        except CardRulesError as exc:
            raise InvalidStateError(
                f"action {number} ({_show(data)}) cannot be replayed: {exc}"
            ) from exc
    return state


def check_summary(actual: JSONObject, stored: JSONObject) -> None:
    """Raise :class:`InvalidStateError` naming the first fact where ``stored`` differs.

    ``actual`` is the summary of the replayed position; ``stored`` the record's.
    A key missing on one side counts as a difference, even if the other holds null,
    and values must match as JSON: ``1.0`` or ``true`` is not ``1``.

    >>> try:
    ...     check_summary({"phase": "over", "winner": None}, {"phase": "over"})
    ... except InvalidStateError as exc:
    ...     print(str(exc).split(": ", 1)[1])
    'winner' is missing but the actions give None
    """
    actual = _object(actual, "the replayed summary")
    stored = _object(stored, "the record's summary")
    if dump_json(actual) == dump_json(stored):
        return
    missing = object()
    for key in sorted(set(actual) | set(stored)):
        have, want = stored.get(key, missing), actual.get(key, missing)
        if have is missing or want is missing or dump_json(have) != dump_json(want):
            shown = "missing" if have is missing else f"stored as {_show(have)}"
            given = "nothing" if want is missing else _show(want)
            raise InvalidStateError(
                f"the record's summary does not match its actions: {key!r} is {shown}"
                f" but the actions give {given}"
            )


def record_actions(history: Iterable[Any]) -> tuple[JSONObject, ...]:
    """The JSON form of a history of :class:`~cardrules.game.Turn` records."""
    result = []
    for number, turn in enumerate(_iterable(history, "a history")):
        player = getattr(turn, "player", None)
        to_json = getattr(getattr(turn, "action", None), "to_json", None)
        if type(player) is not int or not callable(to_json):
            raise InvalidStateError(
                f"history item {number} is {_show(turn)}, not a turn with a player and an action"
            )
        action = _object(to_json(), f"the JSON form of history item {number}")
        result.append({"player": player, **action})
    return tuple(result)


class _Dealt(Protocol):
    """A game or match that starts from rules, a first dealer and a dealing."""

    @property
    def rules(self) -> Any: ...

    @property
    def first_dealer(self) -> int: ...

    @property
    def dealing(self) -> Dealing: ...

    @property
    def history(self) -> tuple[Any, ...]: ...

    def summary(self) -> JSONObject: ...


def record_of(game: str, state: _Dealt) -> GameRecord:
    """The record of ``state``: its rules with the first ``dealer``, its dealing, its
    actions and its summary, under the record kind ``game``."""
    try:
        rules = {**state.rules.to_json(), "dealer": state.first_dealer}
        dealing, history, summary = state.dealing, state.history, state.summary()
    except (AttributeError, TypeError):
        raise InvalidStateError(
            f"expected a game or match with rules, a first dealer, a dealing, a history"
            f" and a summary, got {_show(state)}"
        ) from None
    return GameRecord(game, rules, dealing, record_actions(history), summary)


def load_record(
    text: JSONObject | str | bytes,
    game: str,
    start: Callable[[GameRecord], S],
    parse: Callable[[JSONObject], Any],
    summary: Callable[[S], JSONObject],
) -> S:
    """Rebuild a state from a record of ``game`` (JSON text or its dict), the same way
    for every game.

    ``start`` builds the initial position from the record's rules and dealing,
    ``parse`` reads one action, and ``summary`` describes a position; the replayed
    position's summary must equal the stored one. Every fault raises
    :class:`InvalidStateError`, whatever the input.
    """
    for function, what in ((start, "start"), (parse, "parse"), (summary, "summary")):
        _callable(function, f"load_record's {what}")
    try:
        record = GameRecord.from_json(text, game)
        try:
            state = start(record)
        except InvalidStateError:
            raise
        except CardRulesError as exc:
            raise InvalidStateError(
                f"invalid {game} record setup {_show(record.rules)}: {exc}"
            ) from exc
        state = replay(state, record.actions, parse)
        check_summary(summary(state), record.summary)
    except RecursionError:
        raise InvalidStateError(f"the {game!r} record nests too deeply to load") from None
    return state
