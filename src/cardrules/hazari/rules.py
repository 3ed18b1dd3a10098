"""Hazari rule options (RULES.md H11, H12): one immutable value per game.

>>> rules = HazariRules()
>>> rules
HazariRules(tie_rule=TieRule.LATEST, target=1000)
>>> HazariRules(tie_rule=TieRule.FIRST, target=500).to_json()
{'tie_rule': 'first', 'target': 500}
>>> HazariRules.from_json({'tie_rule': 'first', 'target': 500})
HazariRules(tie_rule=TieRule.FIRST, target=500)
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from cardrules.errors import InvalidRulesError

__all__ = ["DEFAULT_TARGET", "HazariRules", "TieRule"]

DEFAULT_TARGET = 1000
"""The default match target, the *hazar* (a thousand) that names the game."""


class TieRule(enum.Enum):
    """Which of several equal highest groups wins a round (H11)."""

    LATEST = "latest"
    """The group played latest in the round wins (the default)."""
    FIRST = "first"
    """The group played first in the round wins."""

    def __repr__(self) -> str:
        return f"TieRule.{self.name}"

    @classmethod
    def parse(cls, text: object) -> TieRule:
        """The tie rule named ``text`` (``"latest"`` or ``"first"``).

        >>> TieRule.parse("first")
        TieRule.FIRST
        """
        for rule in cls:
            if text == rule.value:
                return rule
        names = ", ".join(repr(rule.value) for rule in cls)
        raise InvalidRulesError(f"unknown tie rule {text!r} (expected one of {names})")


def _check_tie_rule(_: object, __: object, value: object) -> None:
    if not isinstance(value, TieRule):
        raise InvalidRulesError(f"tie_rule must be a TieRule, got {value!r}")


def _check_target(_: object, __: object, value: object) -> None:
    if type(value) is not int or value < 1:
        raise InvalidRulesError(f"target must be a positive whole number of points, got {value!r}")


@attrs.frozen
class HazariRules:
    """The Hazari rule options.

    ``tie_rule``: which equal highest group wins a round (H11; default latest played).
    ``target``: the match ends after the deal in which someone reaches it (H12).

    >>> HazariRules(target=0)
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidRulesError: target must be a positive whole number of points, got 0
    """

    tie_rule: TieRule = attrs.field(default=TieRule.LATEST, validator=_check_tie_rule)
    target: int = attrs.field(default=DEFAULT_TARGET, validator=_check_target)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict that :meth:`from_json` reads back."""
        return {"tie_rule": self.tie_rule.value, "target": self.target}

    @classmethod
    def from_json(cls, data: object) -> HazariRules:
        """Read what :meth:`to_json` wrote; bad input raises :class:`InvalidRulesError`."""
        if not isinstance(data, dict) or set(data) != {"tie_rule", "target"}:
            raise InvalidRulesError(
                f"Hazari rules must be an object with tie_rule and target, got {data!r:.80}"
            )
        return cls(tie_rule=TieRule.parse(data["tie_rule"]), target=data["target"])
