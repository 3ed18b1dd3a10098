"""An Azi forfeit (A16): the returns of a game that a seat gives up.

A seat that cannot finish a game (an engine that crashes, hangs or answers nonsense,
see :mod:`cardrules.seats`) *forfeits* it. The forfeit is played like a fold that
ends the game at once:

- the seat that forfeits loses every chip it has put in, and gets nothing back;
- the pot goes to the other seats still in the game (dealt into the current deal and
  not folded in it), shared equally, the odd chips one each to the first of them
  from the dealer's left; if none is left, to all the other seats.

Chips stay whole and balanced (A3): the returns add up to zero. With one other seat
still in, that seat takes the pot, exactly as when all but one have folded (A5).

>>> from cardrules.azi import AziRules, AziState
>>> state = AziState.new(AziRules(players=3), seed=7, dealer=0)
>>> state.pot, state.balances
(30, (-10, -10, -10))
>>> forfeit_returns(state, 1)
(5, -10, 5)
"""

from __future__ import annotations

from typing import Any

from cardrules.azi.rules import AziRules
from cardrules.cards import _show
from cardrules.errors import InvalidStateError

__all__ = ["forfeit_returns"]


def forfeit_returns(state: Any, seat: int) -> tuple[int, ...]:
    """Each seat's net chips when ``seat`` forfeits the game ``state`` (A16)."""
    if not isinstance(getattr(state, "rules", None), AziRules) or not hasattr(state, "balances"):
        raise InvalidStateError(f"an Azi forfeit needs an Azi game, got {_show(state)}")
    players = state.num_players
    if type(seat) is not int or not 0 <= seat < players:
        raise InvalidStateError(f"seat {_show(seat)} is not a seat in 0..{players - 1}")
    seen = state.observation(seat)
    rivals = [other for other in seen.seats if other != seat and other not in seen.folded]
    if not rivals:
        rivals = [other for other in range(players) if other != seat]
    share, odd = divmod(state.pot, len(rivals))
    balances = list(state.balances)
    for rank, other in enumerate(rivals):
        balances[other] += share + (rank < odd)
    return tuple(balances)
