"""Azi actions: one frozen record per kind of decision.

=================  ===========================================  =============
phase              actions                                      RULES.md
=================  ===========================================  =============
fold               :class:`Play`, :class:`Fold`                 A5
discard            :class:`Discard`                             A6
bidding            :class:`Raise`, :class:`Pass`                A7
declarations       :class:`Declare`                             A13, A14
invitation answer  :class:`Accept`, :class:`Decline`            A14
play               :class:`PlayCard`                            A8–A10
joining a re-deal  :class:`Join`, :class:`Skip`                 A12
=================  ===========================================  =============

Every action writes itself as JSON and :func:`parse_action` reads it back:

>>> from cardrules import Card
>>> PlayCard(Card.parse("AS")).to_json()
{'type': 'card', 'card': 'AS'}
>>> parse_action({"type": "raise", "amount": 12})
Raise(amount=12)
>>> parse_action({"type": "declare", "raznomast": True, "invite": None})
Declare(raznomast=True, invite=None)
"""

from __future__ import annotations

from typing import Any

import attrs

from cardrules.cards import Card, parse_card
from cardrules.errors import ParseError

__all__ = [
    "ACCEPT",
    "DECLINE",
    "FOLD",
    "JOIN",
    "NO_DECLARATION",
    "PASS",
    "PLAY",
    "SKIP",
    "Accept",
    "AziAction",
    "Declare",
    "Decline",
    "Discard",
    "Fold",
    "Join",
    "Pass",
    "Play",
    "PlayCard",
    "Raise",
    "Skip",
    "parse_action",
]

JSONObject = dict[str, Any]


@attrs.frozen
class Play:
    """Stay in the deal (A5)."""

    def to_json(self) -> JSONObject:
        """``{"type": "play"}``."""
        return {"type": "play"}


@attrs.frozen
class Fold:
    """Throw in the hand and lose the chips already in the pot (A5)."""

    def to_json(self) -> JSONObject:
        """``{"type": "fold"}``."""
        return {"type": "fold"}


@attrs.frozen
class Discard:
    """Discard one card face down, keeping 3 (A6)."""

    card: Card

    def to_json(self) -> JSONObject:
        """``{"type": "discard", "card": "AS"}``."""
        return {"type": "discard", "card": str(self.card)}


@attrs.frozen
class Raise:
    """Raise the stake to ``amount`` and put that whole amount into the pot (A7)."""

    amount: int

    def to_json(self) -> JSONObject:
        """``{"type": "raise", "amount": 12}``."""
        return {"type": "raise", "amount": self.amount}


@attrs.frozen
class Pass:
    """Leave the bidding for good; the player still plays the cards (A7)."""

    def to_json(self) -> JSONObject:
        """``{"type": "pass"}``."""
        return {"type": "pass"}


@attrs.frozen
class Declare:
    """A player's one declaration turn (A13, A14), which it then ends.

    ``raznomast`` declares raznomast; ``invite`` names the seat invited to play
    for Azi together, who then answers with :class:`Accept` or :class:`Decline`.
    ``Declare()`` declares nothing.
    """

    raznomast: bool = False
    invite: int | None = None

    def to_json(self) -> JSONObject:
        """``{"type": "declare", "raznomast": bool, "invite": seat or null}``."""
        return {"type": "declare", "raznomast": self.raznomast, "invite": self.invite}


@attrs.frozen
class Accept:
    """Accept the invitation to play for Azi together (A14)."""

    def to_json(self) -> JSONObject:
        """``{"type": "accept"}``."""
        return {"type": "accept"}


@attrs.frozen
class Decline:
    """Decline the invitation (A14)."""

    def to_json(self) -> JSONObject:
        """``{"type": "decline"}``."""
        return {"type": "decline"}


@attrs.frozen
class PlayCard:
    """Play a card to the current trick (A8–A10)."""

    card: Card

    def to_json(self) -> JSONObject:
        """``{"type": "card", "card": "AS"}``."""
        return {"type": "card", "card": str(self.card)}


@attrs.frozen
class Join:
    """Join the re-deal after an Azi, paying the fee if one is due (A12)."""

    def to_json(self) -> JSONObject:
        """``{"type": "join"}``."""
        return {"type": "join"}


@attrs.frozen
class Skip:
    """Stay out of the re-deal after an Azi (A12)."""

    def to_json(self) -> JSONObject:
        """``{"type": "skip"}``."""
        return {"type": "skip"}


AziAction = (
    Play | Fold | Discard | Raise | Pass | Declare | Accept | Decline | PlayCard | Join | Skip
)
"""Any Azi action."""

PLAY = Play()
FOLD = Fold()
PASS = Pass()
ACCEPT = Accept()
DECLINE = Decline()
JOIN = Join()
SKIP = Skip()
NO_DECLARATION = Declare()

_BARE: dict[str, AziAction] = {
    "play": PLAY,
    "fold": FOLD,
    "pass": PASS,
    "accept": ACCEPT,
    "decline": DECLINE,
    "join": JOIN,
    "skip": SKIP,
}
_FIELDS = {"discard": {"card"}, "card": {"card"}, "raise": {"amount"}}


def _card(data: JSONObject) -> Card:
    text = data["card"]
    if not isinstance(text, str):
        raise ParseError(f"an action card must be a card string, got {text!r}")
    return parse_card(text)


def parse_action(data: object) -> AziAction:
    """The action an action's ``to_json`` wrote; bad input raises :class:`ParseError`.

    >>> parse_action({"type": "shout"})
    Traceback (most recent call last):
    ...
    cardrules.errors.ParseError: unknown Azi action type 'shout'
    """
    if not isinstance(data, dict):
        raise ParseError(f"an Azi action must be a JSON object, got {data!r:.80}")
    kind = data.get("type")
    keys = set(data) - {"type"}
    if isinstance(kind, str) and kind in _BARE:
        if keys:
            raise ParseError(f"a {kind!r} action takes no fields, got {sorted(keys)}")
        return _BARE[kind]
    if kind == "declare":
        if keys != {"raznomast", "invite"}:
            raise ParseError(f"a 'declare' action needs raznomast and invite, got {sorted(keys)}")
        raznomast, invite = data["raznomast"], data["invite"]
        if type(raznomast) is not bool or not (invite is None or type(invite) is int):
            raise ParseError(f"bad declaration fields {raznomast!r}, {invite!r}")
        return Declare(raznomast, invite)
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise ParseError(f"unknown Azi action type {kind!r}")
    if keys != _FIELDS[kind]:
        raise ParseError(f"a {kind!r} action needs {sorted(_FIELDS[kind])}, got {sorted(keys)}")
    if kind == "raise":
        amount = data["amount"]
        if type(amount) is not int:
            raise ParseError(f"a raise amount must be a whole number, got {amount!r}")
        return Raise(amount)
    return Discard(_card(data)) if kind == "discard" else PlayCard(_card(data))
