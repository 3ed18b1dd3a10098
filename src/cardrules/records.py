"""Game records: the JSON form shared by every game.

A record is a game's rules, its :class:`~cardrules.dealing.Dealing` and its actions,
plus a ``summary`` of the position they lead to. Loading replays the actions
through the rules, so a loaded state is valid by construction, then checks the
summary, so a record edited by hand is caught rather than silently reinterpreted.

The JSON is canonical (sorted keys, no spaces), so equal games give identical bytes.

>>> from cardrules.dealing import Dealing
>>> actions = ({"player": 0, "type": "pass"},)
>>> record = GameRecord("demo", {"players": 2}, Dealing(seed=1), actions, {})
>>> text = record.to_json()
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

from cardrules.dealing import Dealing
from cardrules.errors import CardRulesError, InvalidStateError

__all__ = [
    "FORMAT",
    "VERSION",
    "GameRecord",
    "check_summary",
    "dump_json",
    "load_record",
    "record_actions",
    "replay",
]

FORMAT = "cardrules"
VERSION = 1
JSONObject = dict[str, Any]


def dump_json(data: object) -> str:
    """Canonical JSON: sorted keys, compact separators, UTF-8 text kept as is."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _object(value: object, what: str) -> JSONObject:
    if not isinstance(value, dict) or not all(isinstance(key, str) for key in value):
        raise InvalidStateError(f"{what} must be a JSON object, got {value!r:.80}")
    return value


@attrs.frozen
class GameRecord:
    """The serialised form of a game: what was played, and what it led to."""

    game: str
    rules: JSONObject
    dealing: Dealing
    actions: tuple[JSONObject, ...]
    summary: JSONObject

    def to_json(self) -> str:
        """The record as canonical JSON text."""
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
    def from_json(cls, text: str | bytes, game: str) -> GameRecord:
        """Parse and check the envelope of a record of ``game``.

        Anything malformed raises :class:`InvalidStateError` naming what is wrong.
        """
        try:
            data = json.loads(text)
        except (ValueError, TypeError, RecursionError) as exc:
            raise InvalidStateError(f"not valid JSON: {exc}") from exc
        data = _object(data, "a game record")
        expected = {"format", "version", "game", "rules", "dealing", "actions", "summary"}
        if set(data) != expected:
            raise InvalidStateError(
                f"a game record needs exactly the keys {sorted(expected)}, got {sorted(data)}"
            )
        if (
            data["format"] != FORMAT
            or type(data["version"]) is not int
            or data["version"] != VERSION
        ):
            raise InvalidStateError(
                f"unsupported record format {data['format']!r} version {data['version']!r}"
                f" (expected {FORMAT!r} version {VERSION})"
            )
        if data["game"] != game:
            raise InvalidStateError(f"this is a record of {data['game']!r}, not of {game!r}")
        actions = data["actions"]
        if not isinstance(actions, list):
            raise InvalidStateError(f"actions must be a JSON list, got {actions!r:.80}")
        return cls(
            game=game,
            rules=_object(data["rules"], "rules"),
            dealing=Dealing.from_json(data["dealing"]),
            actions=tuple(_object(a, f"action {i}") for i, a in enumerate(actions)),
            summary=_object(data["summary"], "summary"),
        )


class _Replayable(Protocol):
    @property
    def current_player(self) -> int | None: ...

    def apply(self, action: Any) -> Self: ...


S = TypeVar("S", bound=_Replayable)


def replay(start: S, actions: Iterable[JSONObject], parse: Callable[[JSONObject], Any]) -> S:
    """Apply recorded actions to ``start``; any fault raises :class:`InvalidStateError`.

    Each recorded action carries the ``player`` who took it, which must be the
    player to act; ``parse`` turns the rest of the object into an action.
    """
    state = start
    for number, data in enumerate(actions):
        fields = dict(data)
        player = fields.pop("player", None)
        if type(player) is not int or player != state.current_player:
            raise InvalidStateError(
                f"action {number} is recorded for player {player!r},"
                f" but player {state.current_player!r} is to act"
            )
        try:
            state = state.apply(parse(fields))
        except CardRulesError as exc:
            raise InvalidStateError(
                f"action {number} ({data!r:.80}) cannot be replayed: {exc}"
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
    if dump_json(actual) == dump_json(stored):
        return
    missing = object()
    for key in sorted(set(actual) | set(stored)):
        have, want = stored.get(key, missing), actual.get(key, missing)
        if have is missing or want is missing or dump_json(have) != dump_json(want):
            shown = "missing" if have is missing else f"stored as {have!r:.80}"
            given = "nothing" if want is missing else f"{want!r:.80}"
            raise InvalidStateError(
                f"the record's summary does not match its actions: {key!r} is {shown}"
                f" but the actions give {given}"
            )


def record_actions(history: Iterable[Any]) -> tuple[JSONObject, ...]:
    """The JSON form of a history of :class:`~cardrules.game.Turn` records."""
    return tuple({"player": turn.player, **turn.action.to_json()} for turn in history)


def load_record(
    text: str | bytes,
    game: str,
    start: Callable[[GameRecord], S],
    parse: Callable[[JSONObject], Any],
    summary: Callable[[S], JSONObject],
) -> S:
    """Rebuild a state from a record of ``game``, the same way for every game.

    ``start`` builds the initial position from the record's rules and dealing,
    ``parse`` reads one action, and ``summary`` describes a position; the replayed
    position's summary must equal the stored one. Every fault raises
    :class:`InvalidStateError`.
    """
    record = GameRecord.from_json(text, game)
    try:
        state = start(record)
    except InvalidStateError:
        raise
    except CardRulesError as exc:
        raise InvalidStateError(
            f"invalid {game} record setup {record.rules!r:.120}: {exc}"
        ) from exc
    state = replay(state, record.actions, parse)
    check_summary(summary(state), record.summary)
    return state
