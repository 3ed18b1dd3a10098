"""Bidding (A7) and the first lead it decides (A8).

>>> from cardrules.azi.rules import AziRules
>>> list(raise_amounts(10, 0, AziRules(max_raise=3)))
[11, 12, 13]
>>> list(raise_amounts(13, 3, AziRules()))                 # the cap of 3 raises is reached
[]
>>> first_leader((1, 2, 3, 0), winner=0, rule=FirstLead.RIGHT_OF_WINNER)
3
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.azi.rules import AziRules, FirstLead

__all__ = ["first_leader", "next_bidder", "raise_amounts"]


def raise_amounts(stake: int, raises: int, rules: AziRules) -> range:
    """The stakes a raise may name: ``min_raise`` to ``max_raise`` above ``stake``.

    Empty once ``raises`` has reached the cap.
    """
    if raises >= rules.raise_cap:
        return range(0)
    return range(stake + rules.min_raise, stake + rules.max_raise + 1)


def next_bidder(stayers: Sequence[int], passed: Sequence[bool], player: int) -> int:
    """The next staying player after ``player``, clockwise, who has not passed."""
    count = len(stayers)
    at = stayers.index(player)
    for step in range(1, count + 1):
        seat = stayers[(at + step) % count]
        if not passed[seat]:
            return seat
    return player


def first_leader(stayers: Sequence[int], winner: int, rule: FirstLead) -> int:
    """Who leads the first trick (A8): by default the nearest staying player before
    the auction ``winner`` (its right hand, seats being clockwise); by option the winner.

    ``stayers`` are the staying seats in clockwise order; passing does not matter.
    """
    if rule is FirstLead.AUCTION_WINNER:
        return winner
    return stayers[(stayers.index(winner) - 1) % len(stayers)]
