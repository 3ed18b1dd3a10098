"""Public Azi events: what every player at the table sees happen.

Each player decision yields one event (a discard only says *that* a player
discarded, never the card); the table adds deals, trick winners, Azi and payouts.

>>> from cardrules import Card
>>> CardPlayed(2, Card.parse("AS")).to_json()
{'type': 'card_played', 'player': 2, 'card': 'AS'}
>>> PotWon(1, 40)
PotWon(player=1, amount=40)
>>> event_from_json({'type': 'card_played', 'player': 2, 'card': 'AS'})
CardPlayed(player=2, card=Card.parse('AS'))
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs
from typing_extensions import Self

from cardrules.cards import Card, _show, parse_card
from cardrules.errors import CardRulesError, InvalidStateError
from cardrules.record import json_object

__all__ = [
    "Answered",
    "AntesPaid",
    "AuctionWon",
    "AziDeclared",
    "AziEvent",
    "AziMatchEvent",
    "CardPlayed",
    "Dealt",
    "Declared",
    "Discarded",
    "Folded",
    "GameStarted",
    "Joined",
    "MatchOver",
    "Passed",
    "PotWon",
    "Raised",
    "Skipped",
    "Stayed",
    "TrickWon",
    "event_from_json",
]


def _plain(value: object) -> object:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


class _EventJSON:
    __slots__ = ()
    kind: ClassVar[str]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: ``{"type": ..., field: value, ...}``."""
        data: dict[str, Any] = {"type": self.kind}
        for name in _FIELD_NAMES[type(self)]:
            data[name] = _plain(getattr(self, name))
        return data

    @classmethod
    def from_json(cls, data: object) -> Self:
        """Read what :meth:`to_json` wrote: the dict or its JSON text.

        >>> Folded.from_json('{"type": "folded", "player": 2}')
        Folded(player=2)
        """
        event = event_from_json(data)
        if not isinstance(event, cls):
            raise InvalidStateError(f"expected a {_show(cls.kind)} event, got {_show(data)}")
        return event


@attrs.frozen
class AntesPaid(_EventJSON):
    """Every player put ``amount`` into the pot, which now holds ``pot`` (A3)."""

    kind: ClassVar[str] = "antes_paid"
    amount: int
    pot: int


@attrs.frozen
class Dealt(_EventJSON):
    """Deal ``deal`` of the game: ``dealer`` dealt ``seats`` in; ``trump_card`` is shown (A4)."""

    kind: ClassVar[str] = "dealt"
    deal: int
    dealer: int
    seats: tuple[int, ...]
    trump_card: Card


@attrs.frozen
class Stayed(_EventJSON):
    """``player`` chose to play (A5)."""

    kind: ClassVar[str] = "stayed"
    player: int


@attrs.frozen
class Folded(_EventJSON):
    """``player`` folded (A5)."""

    kind: ClassVar[str] = "folded"
    player: int


@attrs.frozen
class Discarded(_EventJSON):
    """``player`` discarded one card face down (A6); the card stays hidden."""

    kind: ClassVar[str] = "discarded"
    player: int


@attrs.frozen
class Raised(_EventJSON):
    """``player`` raised the stake to ``amount`` and paid it into the pot (A7)."""

    kind: ClassVar[str] = "raised"
    player: int
    amount: int


@attrs.frozen
class Passed(_EventJSON):
    """``player`` passed in the bidding (A7)."""

    kind: ClassVar[str] = "passed"
    player: int


@attrs.frozen
class AuctionWon(_EventJSON):
    """``player`` won the auction at ``stake`` (A7)."""

    kind: ClassVar[str] = "auction_won"
    player: int
    stake: int


@attrs.frozen
class Declared(_EventJSON):
    """``player``'s declaration turn: raznomast or not, and whom they invited (A13, A14)."""

    kind: ClassVar[str] = "declared"
    player: int
    raznomast: bool
    invite: int | None


@attrs.frozen
class Answered(_EventJSON):
    """``player`` accepted or declined the invitation made to them (A14)."""

    kind: ClassVar[str] = "answered"
    player: int
    accepted: bool


@attrs.frozen
class CardPlayed(_EventJSON):
    """``player`` played ``card`` to the current trick (A9)."""

    kind: ClassVar[str] = "card_played"
    player: int
    card: Card


@attrs.frozen
class TrickWon(_EventJSON):
    """``player`` won trick ``trick`` (0-based in the deal) and now has ``tricks`` (A10)."""

    kind: ClassVar[str] = "trick_won"
    player: int
    trick: int
    tricks: int


@attrs.frozen
class AziDeclared(_EventJSON):
    """The deal is Azi; fees to join the re-deal are ``half_fee`` and ``full_fee`` (A12)."""

    kind: ClassVar[str] = "azi"
    pot: int
    half_fee: int
    full_fee: int


@attrs.frozen
class Joined(_EventJSON):
    """``player`` joined the re-deal and paid ``fee`` into the pot (A12)."""

    kind: ClassVar[str] = "joined"
    player: int
    fee: int


@attrs.frozen
class Skipped(_EventJSON):
    """``player`` stayed out of the re-deal (A12)."""

    kind: ClassVar[str] = "skipped"
    player: int


@attrs.frozen
class PotWon(_EventJSON):
    """``player`` took the pot of ``amount`` chips; the game is over (A5, A11, A12)."""

    kind: ClassVar[str] = "pot_won"
    player: int
    amount: int


AziEvent = (
    AntesPaid
    | Dealt
    | Stayed
    | Folded
    | Discarded
    | Raised
    | Passed
    | AuctionWon
    | Declared
    | Answered
    | CardPlayed
    | TrickWon
    | AziDeclared
    | Joined
    | Skipped
    | PotWon
)
"""Any public Azi event."""


@attrs.frozen
class GameStarted(_EventJSON):
    """Game ``game`` (0-based) of a match begins, its first deal dealt by ``dealer``."""

    kind: ClassVar[str] = "game_started"
    game: int
    dealer: int


@attrs.frozen
class MatchOver(_EventJSON):
    """The match is over; ``totals`` are each seat's net chips over its games."""

    kind: ClassVar[str] = "match_over"
    totals: tuple[int, ...]


AziMatchEvent = AziEvent | GameStarted | MatchOver
"""Any public event of an Azi match."""

_KINDS: dict[str, type[Any]] = {
    cls.kind: cls
    for cls in (
        AntesPaid,
        Dealt,
        Stayed,
        Folded,
        Discarded,
        Raised,
        Passed,
        AuctionWon,
        Declared,
        Answered,
        CardPlayed,
        TrickWon,
        AziDeclared,
        Joined,
        Skipped,
        PotWon,
        GameStarted,
        MatchOver,
    )
}
_FIELD_NAMES: dict[type, tuple[str, ...]] = {
    cls: tuple(field.name for field in attrs.fields(cls)) for cls in _KINDS.values()
}
_TYPES: dict[type, tuple[str, ...]] = {
    cls: tuple(str(field.type) for field in attrs.fields(cls)) for cls in _KINDS.values()
}


def _read(kind: str, value: object) -> object:
    if kind == "int":
        ok = type(value) is int
    elif kind == "bool":
        ok = type(value) is bool
    elif kind == "int | None":
        ok = value is None or type(value) is int
    elif kind == "Card":
        if isinstance(value, str):
            return parse_card(value)
        ok = False
    else:  # tuple[int, ...]
        if isinstance(value, list) and all(type(item) is int for item in value):
            return tuple(value)
        ok = False
    if not ok:
        raise InvalidStateError(f"expected {kind}, got {_show(value)}")
    return value


def event_from_json(data: object) -> AziMatchEvent:
    """The event an event's ``to_json`` wrote (the dict or its JSON text); bad input
    raises InvalidStateError."""
    data = json_object(data, "an Azi event")
    kind = data.get("type")
    cls = _KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise InvalidStateError(f"unknown Azi event type {_show(kind)}")
    names = _FIELD_NAMES[cls]
    if set(data) != {"type", *names}:
        raise InvalidStateError(f"a {_show(cls.kind)} event needs the fields {list(names)}")
    try:
        values = [_read(kind, data[name]) for name, kind in zip(names, _TYPES[cls], strict=True)]
    except CardRulesError as exc:
        raise InvalidStateError(f"bad {_show(cls.kind)} event {_show(data)}: {exc}") from exc
    event: AziMatchEvent = cls(*values)
    return event
