"""Settling a deal (A11, A12, A14): the pot, Azi, the re-deal fees and the re-deal dealer.

>>> from cardrules.azi.rules import AziRules
>>> rejoin_fees(AziRules(), pot=45, players=4, dealer=0, tricks=(1, 0, 1, 1), stayed=(1, 2, 3, 0))
((1, 23),)
>>> redeal_dealer(dealer=0, participants=(1, 2), last_trick=2)
2
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from cardrules.azi._boundary import LEAKS, bad_arguments
from cardrules.azi.rules import MAX_PLAYERS, MIN_PLAYERS, AziRules
from cardrules.cards import _show
from cardrules.errors import InvalidRulesError, InvalidStateError

__all__ = ["free_players", "redeal_dealer", "rejoin_fees"]


def free_players(stayers: Sequence[int], tricks: Sequence[int]) -> tuple[int, ...]:
    """The staying players with a trick, who enter the re-deal free (A12, A14)."""
    try:
        return tuple(seat for seat in stayers if tricks[seat])
    except LEAKS as exc:
        raise bad_arguments(
            InvalidStateError,
            "free_players",
            "the staying seats and a trick count per seat",
            exc,
            stayers=stayers,
            tricks=tricks,
        ) from None


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
    if not isinstance(rules, AziRules):
        raise InvalidRulesError(f"rules must be AziRules, got {_show(rules)}")
    half = rules.half_pot(pot)
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidStateError(f"players must be a whole number from 2 to 6, got {_show(players)}")
    try:
        asked = []
        for step in range(1, players + 1):
            seat = (dealer + step) % players
            if seat in stayed:
                if not tricks[seat]:
                    asked.append((seat, half))
            else:
                asked.append((seat, pot))
        return tuple(asked)
    except LEAKS as exc:
        raise bad_arguments(
            InvalidStateError,
            "rejoin_fees",
            "a whole-number dealer, a trick count per seat and the staying seats",
            exc,
            dealer=dealer,
            tricks=tricks,
            stayed=stayed,
        ) from None


def redeal_dealer(dealer: int, participants: Collection[int], last_trick: int) -> int:
    """The re-deal's dealer (A12): the previous dealer if taking part, else the
    player who took the last trick (the trick that ended the deal)."""
    try:
        return dealer if dealer in participants else last_trick
    except LEAKS as exc:
        raise bad_arguments(
            InvalidStateError,
            "redeal_dealer",
            "a dealer seat and a collection of participating seats",
            exc,
            dealer=dealer,
            participants=participants,
        ) from None
