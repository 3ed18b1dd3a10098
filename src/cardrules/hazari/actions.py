"""The Hazari actions: submitting an arrangement and saying "up" (H7, H8), or one group of it.

Play itself holds no choices (H10), so a deal is four :class:`Up` actions. Under the
rule option ``actions="groups"`` each player instead chooses three :class:`Group`
actions in a row, the fourth group being what remains. An action is written as text
(``str(up)``, the arrangement's groups separated by ``|``; ``group AS AH AD``) or as
JSON, and both read back:

>>> action = Up.parse("AS AH AD | KS KH KD | QS QH QD | 2C 3D 5H 7S")
>>> action
Up.parse('AS AH AD | KS KH KD | QS QH QD | 7S 5H 3D 2C')
>>> parse_action_text(str(action)) == action
True
>>> action.to_json()
{'type': 'up', 'arrangement': 'AS AH AD | KS KH KD | QS QH QD | 7S 5H 3D 2C'}
>>> parse_action(action.to_json()) == action == Up.from_json(action.to_json())
True
>>> group = parse_action_text("group 7D 7S 7H")
>>> group, group.to_json()
(Group.parse('group 7S 7H 7D'), {'type': 'group', 'cards': '7S 7H 7D'})
>>> parse_action(group.to_json()) == group == parse_action(str(group))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from cardrules.cards import Card, _show, format_cards, parse_cards
from cardrules.errors import CardRulesError, IllegalActionError, ParseError
from cardrules.hazari.arrangement import Arrangement
from cardrules.record import json_object

__all__ = [
    "GROUP_WORD",
    "Group",
    "HazariAction",
    "Up",
    "next_group",
    "parse_action",
    "parse_action_text",
]

GROUP_WORD = "group"
"""The word that starts a :class:`Group` written as text."""


def _check_arrangement(_: object, __: object, value: Arrangement) -> None:
    if not isinstance(value, Arrangement):
        raise IllegalActionError(f"Up needs an Arrangement, got {_show(value)}")


@attrs.frozen(repr=False)
class Up:
    """Submit ``arrangement`` and say "up": the groups are fixed and hidden until played."""

    arrangement: Arrangement = attrs.field(validator=_check_arrangement)

    @classmethod
    def parse(cls, text: str) -> Up:
        """An :class:`Up` from an arrangement written as groups separated by ``|``."""
        return cls(Arrangement.parse(text))

    def __str__(self) -> str:
        return str(self.arrangement)

    def __repr__(self) -> str:
        return f"Up.parse('{self.arrangement}')"

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict that :meth:`from_json` and :func:`parse_action` read back."""
        return {"type": "up", "arrangement": str(self.arrangement)}

    @classmethod
    def from_json(cls, data: object) -> Up:
        """Read what :meth:`to_json` wrote: a dict, or its JSON text."""
        data = json_object(data, "an up action", ParseError)
        if (
            set(data) != {"type", "arrangement"}
            or data["type"] != "up"
            or not isinstance(data["arrangement"], str)
        ):
            raise ParseError(f"expected an up action with an arrangement, got {_show(data)}")
        return cls.parse(data["arrangement"])


def _check_cards(_: object, __: object, value: tuple[Card, ...]) -> None:
    if (
        not isinstance(value, tuple)
        or len(value) != 3
        or any(card.__class__ is not Card for card in value)
        or len(set(value)) != 3
    ):
        shown = (
            format_cards(value)
            if isinstance(value, tuple) and all(card.__class__ is Card for card in value)
            else _show(value)
        )
        raise IllegalActionError(f"a group is 3 distinct cards, got {shown}")


def _sorted_group(value: object) -> object:
    if isinstance(value, (str, bytes)):
        raise IllegalActionError(f"a group is 3 cards, got the string {_show(value)}; parse it")
    if not isinstance(value, Iterable):
        return value
    cards = tuple(value)
    if any(card.__class__ is not Card for card in cards):
        return cards
    return tuple(sorted(cards, reverse=True))


@attrs.frozen(repr=False)
class Group:
    """Choose the 3-card group ``cards`` of an arrangement (``actions="groups"``).

    The cards are kept from the highest index down, as an arrangement writes a group.

    >>> Group(parse_cards("2C 2D"))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalActionError: a group is 3 distinct cards, got 2D 2C
    """

    cards: tuple[Card, ...] = attrs.field(converter=_sorted_group, validator=_check_cards)

    @classmethod
    def parse(cls, text: str) -> Group:
        """A :class:`Group` from ``group`` and its three cards (the word may be left out)."""
        if not isinstance(text, str):
            raise ParseError(f"expected a group as text, got {_show(text)}")
        words = text.split(None, 1)
        body = text
        if words and words[0].lower() == GROUP_WORD:
            body = words[1] if len(words) > 1 else ""
        try:
            return cls(parse_cards(body))
        except CardRulesError as exc:
            raise ParseError(f"{_show(text)} is not a group of 3 cards: {exc}") from None

    def __str__(self) -> str:
        return f"{GROUP_WORD} {format_cards(self.cards)}"

    def __repr__(self) -> str:
        return f"Group.parse('{self}')"

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict that :meth:`from_json` and :func:`parse_action` read back."""
        return {"type": GROUP_WORD, "cards": format_cards(self.cards)}

    @classmethod
    def from_json(cls, data: object) -> Group:
        """Read what :meth:`to_json` wrote: a dict, or its JSON text."""
        data = json_object(data, "a group action", ParseError)
        if (
            set(data) != {"type", "cards"}
            or data["type"] != GROUP_WORD
            or not isinstance(data["cards"], str)
        ):
            raise ParseError(f"expected a group action with its cards, got {_show(data)}")
        return cls.parse(data["cards"])


HazariAction = Up | Group
"""Any Hazari action: an :class:`Up`, or a :class:`Group` under ``actions="groups"``."""


def next_group(arrangement: Arrangement, chosen: Sequence[Sequence[Card]]) -> Group | None:
    """The strongest 3-card group of ``arrangement`` not yet ``chosen``, if every chosen
    group is one of its groups; else None: how a bot that picks a whole arrangement
    plays it under ``actions="groups"``.

    >>> arrangement = Arrangement.parse("AS AH AD | KS KH KD | QS QH QD | 2C 3D 5H 7S")
    >>> next_group(arrangement, [parse_cards("KH KS KD")])
    Group.parse('group AS AH AD')
    >>> next_group(arrangement, [parse_cards("AS KH KS")]) is None
    True
    """
    if not isinstance(arrangement, Arrangement):
        raise IllegalActionError(f"expected an Arrangement, got {_show(arrangement)}")
    if (
        isinstance(chosen, (str, bytes))
        or not isinstance(chosen, Sequence)
        or not all(
            isinstance(group, Sequence) and all(card.__class__ is Card for card in group)
            for group in chosen
        )
    ):
        raise IllegalActionError(f"chosen must be groups of Card objects, got {_show(chosen)}")
    threes = [tuple(group) for group in arrangement.threes]
    picked = [tuple(sorted(group, reverse=True)) for group in chosen]
    if not all(group in threes for group in picked):
        return None
    left = [group for group in threes if group not in picked]
    return Group(left[0]) if left else None


def parse_action_text(text: str) -> Up | Group:
    """The action written as ``str(action)``: the arrangement's four groups, ``|`` between,
    or ``group`` and three cards.

    >>> parse_action_text("AS KS QS | JS TS 9S | 8S 7S 6S | 5S 4S 3S 2S")
    Up.parse('AS KS QS | JS TS 9S | 8S 7S 6S | 5S 4S 3S 2S')
    """
    if not isinstance(text, str):
        raise ParseError(f"expected an action as text, got {_show(text)}")
    words = text.split(None, 1)
    if words and words[0].lower() == GROUP_WORD:
        return Group.parse(text)
    return Up.parse(text)


def parse_action(data: object) -> Up | Group:
    """An action from its JSON dict (:meth:`Up.to_json`, :meth:`Group.to_json`) or its text
    (``str(action)``).

    >>> parse_action({"type": "fold"})
    Traceback (most recent call last):
    ...
    cardrules.errors.ParseError: expected an up action with an arrangement, got {'type': 'fold'}
    """
    if isinstance(data, str):
        return parse_action_text(data)
    if isinstance(data, dict) and data.get("type") == GROUP_WORD:
        return Group.from_json(data)
    return Up.from_json(data)
