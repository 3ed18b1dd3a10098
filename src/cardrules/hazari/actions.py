"""The one Hazari action: submitting an arrangement and saying "up" (H7, H8).

Play itself holds no choices (H10), so a deal is four :class:`Up` actions.

>>> action = Up.parse("AS AH AD | KS KH KD | QS QH QD | 2C 3D 5H 7S")
>>> action.to_json()
{'type': 'up', 'arrangement': 'AS AH AD | KS KH KD | QS QH QD | 7S 5H 3D 2C'}
>>> parse_action(action.to_json()) == action
True
"""

from __future__ import annotations

from typing import Any

import attrs

from cardrules.errors import InvalidArrangementError, ParseError
from cardrules.hazari.arrangement import Arrangement

__all__ = ["HazariAction", "Up", "parse_action"]


def _check_arrangement(_: object, __: object, value: Arrangement) -> None:
    if not isinstance(value, Arrangement):
        raise InvalidArrangementError(f"Up needs an Arrangement, got {value!r:.80}")


@attrs.frozen
class Up:
    """Submit ``arrangement`` and say "up": the groups are fixed and hidden until played."""

    arrangement: Arrangement = attrs.field(validator=_check_arrangement)

    @classmethod
    def parse(cls, text: str) -> Up:
        """An :class:`Up` from an arrangement written as groups separated by ``|``."""
        return cls(Arrangement.parse(text))

    def __str__(self) -> str:
        return str(self.arrangement)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict that :func:`parse_action` reads back."""
        return {"type": "up", "arrangement": str(self.arrangement)}


HazariAction = Up
"""Any Hazari action (there is one kind)."""


def parse_action(data: object) -> Up:
    """The action written by :meth:`Up.to_json`.

    >>> parse_action({"type": "fold"})
    Traceback (most recent call last):
    ...
    cardrules.errors.ParseError: expected an up action with an arrangement, got {'type': 'fold'}
    """
    if (
        not isinstance(data, dict)
        or set(data) != {"type", "arrangement"}
        or data["type"] != "up"
        or not isinstance(data["arrangement"], str)
    ):
        raise ParseError(f"expected an up action with an arrangement, got {data!r:.80}")
    return Up.parse(data["arrangement"])
