"""The public events of a Hazari deal: who is up, each round played, the deal's scores.

Every player sees every event. A group of cards appears in an event only once it
has been played (H8), so events never reveal a hand or an arrangement early.

>>> from cardrules import parse_cards
>>> event = RoundPlayed(
...     number=1,
...     leader=3,
...     groups=(parse_cards("AS AH AD"), parse_cards("KS KH KD"),
...             parse_cards("2C 3C 4C"), parse_cards("5D 7S 9H")),
...     winner=3,
... )
>>> event.players
(3, 0, 1, 2)
>>> event.points
90
>>> event.to_json()["groups"]
['AS AH AD', 'KS KH KD', '2C 3C 4C', '5D 7S 9H']
>>> event_from_json(event.to_json()) == event
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from cardrules.cards import Card, _show, format_cards, parse_cards
from cardrules.errors import CardRulesError, InvalidStateError
from cardrules.hazari.deal import PLAYERS
from cardrules.hazari.points import points_of
from cardrules.record import json_object

__all__ = [
    "DealScored",
    "DealStarted",
    "HazariEvent",
    "MatchEvent",
    "MatchOver",
    "PlayerUp",
    "RoundPlayed",
    "event_from_json",
]


def _fields(data: object, kind: str, keys: tuple[str, ...]) -> dict[str, Any]:
    record = json_object(data, f"a {kind!r} event")
    if record.get("type") != kind or set(record) != {"type", *keys}:
        raise InvalidStateError(
            f"a {_show(kind)} event has exactly the keys type, {', '.join(keys)};"
            f" got {_show(record)}"
        )
    return record


def json_seat(value: object, what: str) -> int:
    """``value`` if it is a seat number (an int in 0..3), else InvalidStateError."""
    if type(value) is not int or not 0 <= value < PLAYERS:
        raise InvalidStateError(f"{what} must be a seat in 0..3, got {_show(value)}")
    return value


def json_whole(value: object, what: str) -> int:
    """``value`` if it is a whole number (an int, at least 0), else InvalidStateError."""
    if type(value) is not int or value < 0:
        raise InvalidStateError(f"{what} must be a whole number, got {_show(value)}")
    return value


def _ints(value: object, what: str, check: Callable[[object, str], int]) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise InvalidStateError(f"{what} must be a list, got {_show(value)}")
    return tuple(check(item, what) for item in value)


def _cards(text: object, what: str) -> tuple[Card, ...]:
    if not isinstance(text, str):
        raise InvalidStateError(f"{what} must be cards as text, got {_show(text)}")
    try:
        return parse_cards(text)
    except CardRulesError as exc:
        raise InvalidStateError(f"{what}: {exc}") from exc


@attrs.frozen
class PlayerUp:
    """``player`` has submitted an arrangement and said "up" (H8); the groups stay hidden."""

    player: int

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"type": "up", "player": self.player}

    @classmethod
    def from_json(cls, data: object) -> PlayerUp:
        """Read what :meth:`to_json` wrote (a dict or JSON text)."""
        return cls(json_seat(_fields(data, "up", ("player",))["player"], "player"))


@attrs.frozen
class RoundPlayed:
    """Round ``number`` (1..4): the groups shown in play order from ``leader``, and the winner.

    ``groups[i]`` was played by seat ``(leader + i) % 4``. The winner takes every
    card shown in the round (H10).
    """

    number: int
    leader: int
    groups: tuple[tuple[Card, ...], ...]
    winner: int

    @property
    def players(self) -> tuple[int, ...]:
        """The seats in the order they played: the leader first."""
        return tuple((self.leader + i) % PLAYERS for i in range(PLAYERS))

    def group_of(self, player: int) -> tuple[Card, ...]:
        """The group ``player`` showed in this round."""
        if type(player) is not int or not 0 <= player < PLAYERS:
            raise InvalidStateError(f"player {_show(player)} is not a seat in 0..3")
        return self.groups[(player - self.leader) % PLAYERS]

    @property
    def taken(self) -> tuple[Card, ...]:
        """The cards the winner took, sorted."""
        return tuple(sorted(card for group in self.groups for card in group))

    @property
    def points(self) -> int:
        """The card points (H2) of the cards taken."""
        return points_of(card for group in self.groups for card in group)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict, with the cards taken and their points spelled out."""
        return {
            "type": "round",
            "round": self.number,
            "leader": self.leader,
            "groups": [format_cards(group) for group in self.groups],
            "winner": self.winner,
            "taken": format_cards(self.taken),
            "points": self.points,
        }

    @classmethod
    def from_json(cls, data: object) -> RoundPlayed:
        """Read what :meth:`to_json` wrote; ``taken`` and ``points`` must agree with the groups."""
        record = _fields(data, "round", ("round", "leader", "groups", "winner", "taken", "points"))
        groups = record["groups"]
        if not isinstance(groups, list) or len(groups) != PLAYERS:
            raise InvalidStateError(f"a round shows 4 groups, got {_show(groups)}")
        number = record["round"]
        if type(number) is not int or not 1 <= number <= 4:
            raise InvalidStateError(f"round must be 1..4, got {_show(number)}")
        event = cls(
            number=number,
            leader=json_seat(record["leader"], "leader"),
            groups=tuple(_cards(group, "a round's group") for group in groups),
            winner=json_seat(record["winner"], "winner"),
        )
        if event.to_json() != record:
            raise InvalidStateError(
                f"round {number}: the cards taken or the points do not match the groups"
            )
        return event


@attrs.frozen
class DealScored:
    """The deal is over: ``scores[seat]`` is the card points that seat took (H12)."""

    scores: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"type": "scored", "scores": list(self.scores)}

    @classmethod
    def from_json(cls, data: object) -> DealScored:
        """Read what :meth:`to_json` wrote (a dict or JSON text)."""
        scores = _ints(_fields(data, "scored", ("scores",))["scores"], "scores", json_whole)
        if len(scores) != PLAYERS:
            raise InvalidStateError(f"a deal scores 4 seats, got {list(scores)}")
        return cls(scores)


@attrs.frozen
class DealStarted:
    """In a match: deal ``number`` (0-based) begins, dealt by ``dealer``."""

    number: int
    dealer: int

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"type": "deal", "deal": self.number, "dealer": self.dealer}

    @classmethod
    def from_json(cls, data: object) -> DealStarted:
        """Read what :meth:`to_json` wrote (a dict or JSON text)."""
        record = _fields(data, "deal", ("deal", "dealer"))
        return cls(json_whole(record["deal"], "deal"), json_seat(record["dealer"], "dealer"))


@attrs.frozen
class MatchOver:
    """The match is over: the final ``totals`` by seat, and the joint ``winners`` (H12)."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"type": "match", "totals": list(self.totals), "winners": list(self.winners)}

    @classmethod
    def from_json(cls, data: object) -> MatchOver:
        """Read what :meth:`to_json` wrote (a dict or JSON text)."""
        record = _fields(data, "match", ("totals", "winners"))
        totals = _ints(record["totals"], "totals", json_whole)
        if len(totals) != PLAYERS:
            raise InvalidStateError(f"a match totals 4 seats, got {list(totals)}")
        return cls(totals, _ints(record["winners"], "winners", json_seat))


HazariEvent = PlayerUp | RoundPlayed | DealScored
"""Any event of a Hazari deal."""

MatchEvent = PlayerUp | RoundPlayed | DealScored | DealStarted | MatchOver
"""Any event of a Hazari match."""

_EVENTS: dict[str, Callable[[object], MatchEvent]] = {
    "up": PlayerUp.from_json,
    "round": RoundPlayed.from_json,
    "scored": DealScored.from_json,
    "deal": DealStarted.from_json,
    "match": MatchOver.from_json,
}


def event_from_json(data: object) -> MatchEvent:
    """Any Hazari event from what its ``to_json`` wrote, by its ``type``.

    >>> event_from_json({"type": "up", "player": 2})
    PlayerUp(player=2)
    >>> event_from_json({"type": "fold"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidStateError: unknown Hazari event type 'fold' (expected up, round, ...)
    """
    record = json_object(data, "an event")
    kind = record.get("type")
    read = _EVENTS.get(kind) if isinstance(kind, str) else None
    if read is None:
        raise InvalidStateError(
            f"unknown Hazari event type {_show(kind)} (expected {', '.join(_EVENTS)})"
        )
    return read(record)
