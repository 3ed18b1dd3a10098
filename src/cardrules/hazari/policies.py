"""The arranging policies of Hazari's batch analytics, and their one check.

>>> check_policies("greedy"), check_policies(["best", "greedy", "best", "greedy"])
('greedy', ('best', 'greedy', 'best', 'greedy'))
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.cards import _show
from cardrules.errors import InvalidRulesError
from cardrules.hazari.deal import PLAYERS

__all__ = ["BATCH_POLICIES", "check_policies"]

BATCH_POLICIES = ("greedy", "best", "random")
"""The arranging policies of :meth:`HazariStats.from_batch` (see
:func:`~cardrules.hazari.batch.arrange`): ``greedy`` plays as
:class:`~cardrules.hazari.bots.GreedyBot`, ``best`` as
:class:`~cardrules.hazari.bots.SolverBot`."""


def check_policies(policy: object) -> str | tuple[str, ...]:
    """``policy`` as one policy name, or a tuple of four (``greedy`` or ``best``, one
    per seat); anything else raises :class:`~cardrules.errors.InvalidRulesError`."""
    if isinstance(policy, str):
        if policy not in BATCH_POLICIES:
            raise InvalidRulesError(
                f"unknown policy {_show(policy)} (expected one of {', '.join(BATCH_POLICIES)})"
            )
        return policy
    if not isinstance(policy, Sequence) or len(policy) != PLAYERS:
        raise InvalidRulesError(f"policy must be a name or four names, got {_show(policy)}")
    for name in policy:
        if not isinstance(name, str) or name not in ("greedy", "best"):
            raise InvalidRulesError(
                f"a policy per seat is 'greedy' or 'best', got {_show(name)}"
                " (the random policy arranges every seat)"
            )
    return tuple(policy)
