"""Azi actions: one frozen record per kind of decision.

=================  ===========================================  =============
phase              actions                                      rules
=================  ===========================================  =============
fold               :class:`Play`, :class:`Fold`                 A5
discard            :class:`Discard`                             A6
bidding            :class:`Raise`, :class:`Pass`                A7
declarations       :class:`Declare`                             A13, A14
invitation answer  :class:`Accept`, :class:`Decline`            A14
play               :class:`PlayCard`                            A8–A10
joining a re-deal  :class:`Join`, :class:`Skip`                 A12
=================  ===========================================  =============

The rule tags refer to the Azi rules page. Fields are checked when an action is
built, so a wrongly typed action cannot exist:

>>> Raise(12.0)
Traceback (most recent call last):
...
cardrules.errors.IllegalActionError: a raise amount must be a whole number, got 12.0

Every action writes itself as JSON and :func:`parse_action` reads it back; ``str``
gives a short text form that :func:`parse_action_text` reads back:

>>> from cardrules import Card
>>> PlayCard(Card.parse("AS")).to_json()
{'type': 'card', 'card': 'AS'}
>>> parse_action({"type": "raise", "amount": 12})
Raise(amount=12)
>>> parse_action({"type": "declare", "raznomast": True, "invite": None})
Declare(raznomast=True, invite=None)
>>> str(Declare(raznomast=True, invite=2)), parse_action_text("discard 10h")
('declare raznomast invite 2', Discard(card=Card.parse('TH')))
"""

from __future__ import annotations

import functools
from typing import Any

import attrs
from typing_extensions import Self

from cardrules.cards import Card, _show, parse_card
from cardrules.errors import IllegalActionError, ParseError
from cardrules.record import json_object

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
    "make_raise",
    "parse_action",
    "parse_action_text",
]

JSONObject = dict[str, Any]

_MAX_DIGITS = 30


def _card_field(_: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, Card):
        raise IllegalActionError(f"an action's {attribute.name} must be a Card, got {_show(value)}")


def _amount_field(_: object, __: object, value: Any) -> None:
    if type(value) is not int:
        raise IllegalActionError(f"a raise amount must be a whole number, got {_show(value)}")


def _raznomast_field(_: object, __: object, value: Any) -> None:
    if type(value) is not bool:
        raise IllegalActionError(f"raznomast must be True or False, got {_show(value)}")


def _invite_field(_: object, __: object, value: Any) -> None:
    if value is not None and type(value) is not int:
        raise IllegalActionError(
            f"an invited seat must be a whole number or None, got {_show(value)}"
        )


class _ActionJSON:
    __slots__ = ()

    @classmethod
    def from_json(cls, data: object) -> Self:
        """Read what ``to_json`` wrote: the dict or its JSON text; else :class:`ParseError`.

        >>> Raise.from_json('{"type": "raise", "amount": 12}')
        Raise(amount=12)
        """
        action = parse_action(json_object(data, f"a {cls.__name__} action", ParseError))
        if not isinstance(action, cls):
            raise ParseError(f"expected a {cls.__name__} action, got {_show(data)}")
        return action


@attrs.frozen
class Play(_ActionJSON):
    """Stay in the deal (A5)."""

    def __str__(self) -> str:
        return "play"

    def to_json(self) -> JSONObject:
        """``{"type": "play"}``."""
        return {"type": "play"}


@attrs.frozen
class Fold(_ActionJSON):
    """Throw in the hand and lose the chips already in the pot (A5)."""

    def __str__(self) -> str:
        return "fold"

    def to_json(self) -> JSONObject:
        """``{"type": "fold"}``."""
        return {"type": "fold"}


@attrs.frozen
class Discard(_ActionJSON):
    """Discard one card face down, keeping 3 (A6)."""

    card: Card = attrs.field(validator=_card_field)

    def __str__(self) -> str:
        return f"discard {self.card}"

    def to_json(self) -> JSONObject:
        """``{"type": "discard", "card": "AS"}``."""
        return {"type": "discard", "card": str(self.card)}


@attrs.frozen
class Raise(_ActionJSON):
    """Raise the stake to ``amount`` and put that whole amount into the pot (A7)."""

    amount: int = attrs.field(validator=_amount_field)

    def __str__(self) -> str:
        return f"raise {self.amount}"

    def to_json(self) -> JSONObject:
        """``{"type": "raise", "amount": 12}``."""
        return {"type": "raise", "amount": self.amount}


@attrs.frozen
class Pass(_ActionJSON):
    """Leave the bidding for good; the player still plays the cards (A7)."""

    def __str__(self) -> str:
        return "pass"

    def to_json(self) -> JSONObject:
        """``{"type": "pass"}``."""
        return {"type": "pass"}


@attrs.frozen
class Declare(_ActionJSON):
    """A player's one declaration turn (A13, A14), which it then ends.

    ``raznomast`` declares raznomast; ``invite`` names the seat invited to play
    for Azi together, who then answers with :class:`Accept` or :class:`Decline`.
    ``Declare()`` declares nothing.
    """

    raznomast: bool = attrs.field(default=False, validator=_raznomast_field)
    invite: int | None = attrs.field(default=None, validator=_invite_field)

    def __str__(self) -> str:
        words = ["declare"] + (["raznomast"] if self.raznomast else [])
        if self.invite is not None:
            words += ["invite", str(self.invite)]
        return " ".join(words)

    def to_json(self) -> JSONObject:
        """``{"type": "declare", "raznomast": bool, "invite": seat or null}``."""
        return {"type": "declare", "raznomast": self.raznomast, "invite": self.invite}


@attrs.frozen
class Accept(_ActionJSON):
    """Accept the invitation to play for Azi together (A14)."""

    def __str__(self) -> str:
        return "accept"

    def to_json(self) -> JSONObject:
        """``{"type": "accept"}``."""
        return {"type": "accept"}


@attrs.frozen
class Decline(_ActionJSON):
    """Decline the invitation (A14)."""

    def __str__(self) -> str:
        return "decline"

    def to_json(self) -> JSONObject:
        """``{"type": "decline"}``."""
        return {"type": "decline"}


@attrs.frozen
class PlayCard(_ActionJSON):
    """Play a card to the current trick (A8–A10)."""

    card: Card = attrs.field(validator=_card_field)

    def __str__(self) -> str:
        return f"card {self.card}"

    def to_json(self) -> JSONObject:
        """``{"type": "card", "card": "AS"}``."""
        return {"type": "card", "card": str(self.card)}


@attrs.frozen
class Join(_ActionJSON):
    """Join the re-deal after an Azi, paying the fee if one is due (A12)."""

    def __str__(self) -> str:
        return "join"

    def to_json(self) -> JSONObject:
        """``{"type": "join"}``."""
        return {"type": "join"}


@attrs.frozen
class Skip(_ActionJSON):
    """Stay out of the re-deal after an Azi (A12)."""

    def __str__(self) -> str:
        return "skip"

    def to_json(self) -> JSONObject:
        """``{"type": "skip"}``."""
        return {"type": "skip"}


AziAction = (
    Play | Fold | Discard | Raise | Pass | Declare | Accept | Decline | PlayCard | Join | Skip
)
"""Any Azi action."""


@functools.lru_cache(maxsize=4096)
def _cached_raise(amount: int) -> Raise:
    return Raise(amount)


def make_raise(amount: int) -> Raise:
    """The :class:`Raise` to ``amount``, shared between states (a bounded cache);
    ``amount`` must be a whole number, else IllegalActionError."""
    if type(amount) is not int:
        raise IllegalActionError(f"a raise amount must be a whole number, got {_show(amount)}")
    return _cached_raise(amount)


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
        raise ParseError(f"an action card must be a card string, got {_show(text)}")
    return parse_card(text)


def parse_action(data: object) -> AziAction:
    """The action an action's ``to_json`` wrote; bad input raises :class:`ParseError`.

    >>> parse_action({"type": "shout"})
    Traceback (most recent call last):
    ...
    cardrules.errors.ParseError: unknown Azi action type 'shout'
    """
    if not isinstance(data, dict):
        raise ParseError(f"an Azi action must be a JSON object, got {_show(data)}")
    kind = data.get("type")
    keys = set(data) - {"type"}
    if isinstance(kind, str) and kind in _BARE:
        if keys:
            raise ParseError(f"a {_show(kind)} action takes no fields, got {sorted(keys)}")
        return _BARE[kind]
    if kind == "declare":
        if keys != {"raznomast", "invite"}:
            raise ParseError(f"a 'declare' action needs raznomast and invite, got {sorted(keys)}")
        raznomast, invite = data["raznomast"], data["invite"]
        if type(raznomast) is not bool or not (invite is None or type(invite) is int):
            raise ParseError(f"bad declaration fields {_show(raznomast)}, {_show(invite)}")
        return Declare(raznomast, invite)
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise ParseError(f"unknown Azi action type {_show(kind)}")
    if keys != _FIELDS[kind]:
        raise ParseError(
            f"a {_show(kind)} action needs {sorted(_FIELDS[kind])}, got {sorted(keys)}"
        )
    if kind == "raise":
        amount = data["amount"]
        if type(amount) is not int:
            raise ParseError(f"a raise amount must be a whole number, got {_show(amount)}")
        return Raise(amount)
    return Discard(_card(data)) if kind == "discard" else PlayCard(_card(data))


def parse_action_text(text: str) -> AziAction:
    """The action whose ``str`` is ``text`` (case and spacing are free).

    >>> parse_action_text("declare invite 3"), parse_action_text("Raise 15")
    (Declare(raznomast=False, invite=3), Raise(amount=15))
    >>> parse_action_text("raise ten")
    Traceback (most recent call last):
    ...
    cardrules.errors.ParseError: cannot read 'raise ten' as an Azi action
    """
    if not isinstance(text, str):
        raise ParseError(f"an Azi action text must be a string, got {_show(text)}")
    words = text.lower().split()
    if len(words) == 1 and words[0] in _BARE:
        return _BARE[words[0]]
    try:
        if len(words) == 2 and words[0] == "raise" and _is_number(words[1]):
            return Raise(int(words[1]))
        if len(words) == 2 and words[0] in ("discard", "card"):
            card = parse_card(words[1])
            return Discard(card) if words[0] == "discard" else PlayCard(card)
    except ParseError as exc:
        raise ParseError(f"cannot read {_show(text)} as an Azi action: {exc}") from exc
    if words[:1] == ["declare"]:
        rest = words[1:]
        raznomast = rest[:1] == ["raznomast"]
        rest = rest[1:] if raznomast else rest
        if not rest:
            return Declare(raznomast, None)
        if len(rest) == 2 and rest[0] == "invite" and _is_number(rest[1]):
            return Declare(raznomast, int(rest[1]))
    raise ParseError(f"cannot read {_show(text)} as an Azi action")


def _is_number(word: str) -> bool:
    """Plain ASCII digits, short enough for ``int`` (``'²'`` and 5000 digits are not)."""
    return word.isascii() and word.isdigit() and len(word) <= _MAX_DIGITS
