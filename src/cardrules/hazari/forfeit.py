"""A Hazari forfeit (H13): the returns of a deal that a seat gives up.

A seat that cannot finish a deal (an engine that crashes, hangs or answers nonsense,
see :mod:`cardrules.seats`) *forfeits* it: it scores 0, the least a seat can score,
and the other three share the deal's 360 points equally, 120 each. The four scores
still add up to 360 (H12), and a forfeit never pays the seat that forfeits.

>>> from cardrules.hazari import HazariState
>>> forfeit_scores(HazariState.new(seed=1), 2)
(120, 120, 0, 120)
"""

from __future__ import annotations

from cardrules.cards import _show
from cardrules.errors import InvalidStateError
from cardrules.hazari.deal import PLAYERS
from cardrules.hazari.points import DEAL_POINTS
from cardrules.hazari.rules import HazariRules

__all__ = ["forfeit_scores"]


def forfeit_scores(state: object, seat: int) -> tuple[int, ...]:
    """Each seat's score when ``seat`` forfeits the deal ``state`` (H13)."""
    if not isinstance(getattr(state, "rules", None), HazariRules):
        raise InvalidStateError(f"a Hazari forfeit needs a Hazari deal, got {_show(state)}")
    if type(seat) is not int or not 0 <= seat < PLAYERS:
        raise InvalidStateError(f"seat {_show(seat)} is not a seat in 0..{PLAYERS - 1}")
    share = DEAL_POINTS // (PLAYERS - 1)
    return tuple(0 if other == seat else share for other in range(PLAYERS))
