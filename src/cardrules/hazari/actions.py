"""The one Hazari action: submitting an arrangement and saying "up" (H7, H8).

Play itself holds no choices (H10), so a deal is four :class:`Up` actions. An
action is written as text (``str(up)``, the arrangement's groups separated by
``|``) or as JSON, and both read back:

>>> action = Up.parse("AS AH AD | KS KH KD | QS QH QD | 2C 3D 5H 7S")
>>> action
Up.parse('AS AH AD | KS KH KD | QS QH QD | 7S 5H 3D 2C')
>>> parse_action_text(str(action)) == action
True
>>> action.to_json()
{'type': 'up', 'arrangement': 'AS AH AD | KS KH KD | QS QH QD | 7S 5H 3D 2C'}
>>> parse_action(action.to_json()) == action == Up.from_json(action.to_json())
True
"""

from __future__ import annotations

from typing import Any

import attrs

from cardrules.cards import _show
from cardrules.errors import IllegalActionError, ParseError
from cardrules.hazari.arrangement import Arrangement
from cardrules.records import json_object

__all__ = ["HazariAction", "Up", "parse_action", "parse_action_text"]


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


HazariAction = Up
"""Any Hazari action (there is one kind)."""


def parse_action_text(text: str) -> Up:
    """The action written as ``str(action)``: the arrangement's four groups, ``|`` between.

    >>> parse_action_text("AS KS QS | JS TS 9S | 8S 7S 6S | 5S 4S 3S 2S")
    Up.parse('AS KS QS | JS TS 9S | 8S 7S 6S | 5S 4S 3S 2S')
    """
    if not isinstance(text, str):
        raise ParseError(f"expected an action as text, got {_show(text)}")
    return Up.parse(text)


def parse_action(data: object) -> Up:
    """An action from its JSON dict (:meth:`Up.to_json`) or its text (``str(action)``).

    >>> parse_action({"type": "fold"})
    Traceback (most recent call last):
    ...
    cardrules.errors.ParseError: expected an up action with an arrangement, got {'type': 'fold'}
    """
    if isinstance(data, str):
        return parse_action_text(data)
    return Up.from_json(data)
