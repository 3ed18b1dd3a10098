"""Settling a deal (A11, A12, A14): the pot, Azi, the re-deal fees and the re-deal dealer.

>>> from cardrules.azi.rules import AziRules
>>> rejoin_fees(AziRules(), pot=45, players=4, dealer=0, tricks=(1, 0, 1, 1), stayed=(1, 2, 3, 0))
((1, 23),)
>>> redeal_dealer(dealer=0, participants=(1, 2), last_trick=2)
2
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from cardrules.azi.rules import AziRules

__all__ = ["free_players", "redeal_dealer", "rejoin_fees"]


def free_players(stayers: Sequence[int], tricks: Sequence[int]) -> tuple[int, ...]:
    """The staying players with a trick, who enter the re-deal free (A12, A14)."""
    return tuple(seat for seat in stayers if tricks[seat])


def rejoin_fees(
    rules: AziRules,
    pot: int,
    players: int,
    dealer: int,
    tricks: Sequence[int],
    stayed: Collection[int],
) -> tuple[tuple[int, int], ...]:
    """``(seat, fee)`` for each player asked whether to join the re-deal, in seat order
    from the dealer's left (A12).

    A staying player with no trick owes half the pot (rounded by the rules); one who
    folded or was not dealt in owes the whole pot. The pot is counted when the Azi is
    declared. Players with a trick are in for free and are not asked.
    """
    half = rules.half_pot(pot)
    asked = []
    for step in range(1, players + 1):
        seat = (dealer + step) % players
        if seat in stayed:
            if not tricks[seat]:
                asked.append((seat, half))
        else:
            asked.append((seat, pot))
    return tuple(asked)


def redeal_dealer(dealer: int, participants: Collection[int], last_trick: int) -> int:
    """The re-deal's dealer (A12): the previous dealer if taking part, else the
    player who took the last trick (the trick that ended the deal)."""
    return dealer if dealer in participants else last_trick
