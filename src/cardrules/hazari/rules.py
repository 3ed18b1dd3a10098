"""Hazari rule options (H11, H12 on the Hazari rules page): one immutable value per game.

>>> rules = HazariRules()
>>> rules
HazariRules(tie_rule=TieRule.LATEST, target=1000, actions=ActionSpace.SPLIT)
>>> HazariRules(tie_rule=TieRule.FIRST, target=500).to_json()
{'tie_rule': 'first', 'target': 500}
>>> HazariRules.from_json({'tie_rule': 'first', 'target': 500})
HazariRules(tie_rule=TieRule.FIRST, target=500, actions=ActionSpace.SPLIT)
>>> HazariRules.from_options({"tie_rule": "first"})
HazariRules(tie_rule=TieRule.FIRST, target=1000, actions=ActionSpace.SPLIT)
>>> HazariRules.from_options({"actions": "groups"}).to_json()
{'tie_rule': 'latest', 'target': 1000, 'actions': 'groups'}
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import attrs

from cardrules.cards import _show
from cardrules.errors import CardRulesError, InvalidRulesError
from cardrules.hazari.deal import PLAYERS
from cardrules.hazari.points import DEAL_POINTS
from cardrules.options import NamedEnum, check_kind, json_rules, rules_from_options, whole
from cardrules.record import parse_json_text

__all__ = [
    "DEFAULT_TARGET",
    "MAX_MATCH_DEALS",
    "MAX_TARGET",
    "RULES_PAGE",
    "ActionSpace",
    "HazariRules",
    "TieRule",
    "rule",
]

RULES_PAGE = "the Hazari rules page (docs/rules/hazari)"
"""Where a player reads the rules that messages name by tag: the documentation's page."""

_TAG = re.compile(r"H[0-9]{1,2}")


def rule(tag: str) -> str:
    """How a prompt or an error names one of the rules: by its tag and its page.

    >>> rule("H7")
    'rule H7 on the Hazari rules page (docs/rules/hazari)'
    """
    if not isinstance(tag, str) or _TAG.fullmatch(tag) is None:
        raise InvalidRulesError(
            f"a Hazari rule tag is H and a number, as in rule H7; got {_show(tag)}"
        )
    return f"rule {tag} on {RULES_PAGE}"


DEFAULT_TARGET = 1000
"""The default match target, the *hazar* (a thousand) that names the game."""

MAX_TARGET = 100_000
"""The largest match target."""

MAX_MATCH_DEALS = -(-MAX_TARGET * PLAYERS // DEAL_POINTS)
"""The most deals a match can have under any allowed target: each deal hands out 360
points among 4 seats, so after ``d`` deals someone has at least ``90 * d`` (H12)."""


class TieRule(NamedEnum):
    """Which of several equal highest groups wins a round (H11).

    >>> TieRule.parse("first")
    TieRule.FIRST
    """

    LATEST = "latest"
    """The group played latest in the round wins (the default)."""
    FIRST = "first"
    """The group played first in the round wins."""


class ActionSpace(NamedEnum):
    """How a player's arrangement is chosen: one decision or three.

    >>> ActionSpace.parse("groups")
    ActionSpace.GROUPS
    """

    SPLIT = "split"
    """One decision: the whole split, one of 200,200 ids (the default)."""
    GROUPS = "groups"
    """Three decisions: a 3-card group each, one of 286 ids; the fourth group is what remains."""


@attrs.frozen
class HazariRules:
    """The Hazari rule options.

    ``tie_rule``: which equal highest group wins a round (H11; default latest played).
    ``target``: the match ends after the deal in which someone reaches it (H12; 1 to
    ``MAX_TARGET``). ``actions``: the action space of an arrangement (H7):
    ``split``, one decision among the 200,200 splits (the default), or ``groups``, three
    successive 3-card groups among 286 ids each (:mod:`cardrules.hazari.groups`).
    ``to_json`` writes ``actions`` only when it is not the default, so a record of a
    default game reads the same as before the option existed.

    >>> HazariRules(target=0)
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidRulesError: target must be a whole number from 1 to 100000, got 0
    """

    tie_rule: TieRule = attrs.field(default=TieRule.LATEST, validator=check_kind(TieRule))
    target: int = attrs.field(default=DEFAULT_TARGET, validator=whole(1, MAX_TARGET))
    actions: ActionSpace = attrs.field(default=ActionSpace.SPLIT, validator=check_kind(ActionSpace))

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict that :meth:`from_json` reads back (``actions`` when not split)."""
        data: dict[str, Any] = {"tie_rule": self.tie_rule.value, "target": self.target}
        if self.actions is not ActionSpace.SPLIT:
            data["actions"] = self.actions.value
        return data

    def options_json(self) -> dict[str, Any]:
        """Every option as JSON values, ``actions`` included (what a game spec can set)."""
        return {**self.to_json(), "actions": self.actions.value}

    @classmethod
    def from_json(cls, data: object) -> HazariRules:
        """Read what :meth:`to_json` wrote; missing options take their defaults.

        Unknown options and bad values raise :class:`~cardrules.errors.InvalidRulesError`.
        """
        if isinstance(data, (str, bytes, bytearray)):
            try:
                data = parse_json_text(data)
            except CardRulesError as exc:
                raise InvalidRulesError(f"Hazari rules: {exc}") from None
        actions = ActionSpace.SPLIT
        if isinstance(data, dict) and "actions" in data:
            data = dict(data)
            actions = ActionSpace.parse(data.pop("actions"))
        rules = json_rules(cls, data, _build, "Hazari")
        return rules if actions is ActionSpace.SPLIT else attrs.evolve(rules, actions=actions)

    @classmethod
    def from_options(cls, options: Mapping[str, object]) -> HazariRules:
        """The rules from keyword options or spec text (``{"target": "500"}``) over the defaults."""
        if not isinstance(options, Mapping):
            raise InvalidRulesError(f"Hazari options must be a mapping, got {_show(options)}")
        options = dict(options)
        actions = options.pop("actions", ActionSpace.SPLIT)
        if isinstance(actions, ActionSpace):
            actions = actions.value
        elif isinstance(actions, str):
            actions = actions.strip()
        rules = rules_from_options(cls, options, cls.from_json, "Hazari")
        return attrs.evolve(rules, actions=ActionSpace.parse(actions))


def _build(data: dict[str, Any]) -> HazariRules:
    return HazariRules(tie_rule=TieRule.parse(data["tie_rule"]), target=data["target"])
