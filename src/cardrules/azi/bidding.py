"""Bidding (A7) and the first lead it decides (A8).

>>> from cardrules.azi.rules import AziRules
>>> list(raise_amounts(10, 0, AziRules(max_raise=3)))
[11, 12, 13]
>>> list(raise_amounts(13, 3, AziRules()))                 # the cap of 3 raises is reached
[]
>>> legal = BidChoices(raise_amounts(10, 0, AziRules(max_raise=3)))
>>> list(legal), Raise(12) in legal, Raise(14) in legal, legal[-1]
([Pass(), Raise(amount=11), Raise(amount=12), Raise(amount=13)], True, False, Raise(amount=13))
>>> first_leader((1, 2, 3, 0), winner=0, rule=FirstLead.RIGHT_OF_WINNER)
3
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence

from cardrules.azi._boundary import LEAKS, bad_arguments
from cardrules.azi.actions import PASS, AziAction, Pass, Raise, _cached_raise
from cardrules.azi.rules import AziRules, FirstLead
from cardrules.cards import _show
from cardrules.errors import InvalidRulesError, InvalidStateError
from cardrules.game import ActionTuple, LegalActions, check_index

__all__ = ["BidChoices", "bid_choices", "first_leader", "next_bidder", "raise_amounts"]

_LAZY_FROM = 64
"""Bidding turns offering more raises than this get a lazy collection, not a cached tuple."""


def raise_amounts(stake: int, raises: int, rules: AziRules) -> range:
    """The stakes a raise may name: ``min_raise`` to ``max_raise`` above ``stake``.

    Empty once ``raises`` has reached the cap. So no stake exceeds
    :attr:`AziRules.top_stake` (``ante + raise_cap * max_raise``).
    """
    try:
        if raises >= rules.raise_cap:
            return range(0)
        return range(stake + rules.min_raise, stake + rules.max_raise + 1)
    except LEAKS as exc:
        raise bad_arguments(
            InvalidStateError,
            "raise_amounts",
            "a whole-number stake and raise count, and AziRules",
            exc,
            stake=stake,
            raises=raises,
            rules=rules,
        ) from None


class BidChoices(LegalActions[AziAction]):
    """A bidding turn's legal actions: pass, then every raise in ``amounts``, computed lazily."""

    __slots__ = ("amounts",)

    def __init__(self, amounts: range) -> None:
        self.amounts = amounts

    def __contains__(self, action: object) -> bool:
        if isinstance(action, Pass):
            return True
        return isinstance(action, Raise) and action.amount in self.amounts

    def __len__(self) -> int:
        return 1 + len(self.amounts)

    def __iter__(self) -> Iterator[AziAction]:
        yield PASS
        for amount in self.amounts:
            yield _cached_raise(amount)

    def __getitem__(self, index: int) -> AziAction:
        position = check_index(index, 1 + len(self.amounts))
        return PASS if position == 0 else _cached_raise(self.amounts[position - 1])


@functools.lru_cache(maxsize=256)
def _cached_choices(low: int, high: int) -> ActionTuple[AziAction]:
    return ActionTuple([PASS, *map(_cached_raise, range(low, high))])


def bid_choices(amounts: range) -> LegalActions[AziAction]:
    """Pass and a raise to each of ``amounts``: a shared tuple for the usual short ranges
    (from a bounded cache), a lazy :class:`BidChoices` for long ones."""
    try:
        if len(amounts) > _LAZY_FROM:
            return BidChoices(amounts)
        return _cached_choices(amounts.start, amounts.stop)
    except LEAKS as exc:
        raise bad_arguments(
            InvalidStateError, "bid_choices", "a range of raise amounts", exc, amounts=amounts
        ) from None


def next_bidder(stayers: Sequence[int], passed: Sequence[bool], player: int) -> int:
    """The next staying player after ``player``, clockwise, who has not passed."""
    if type(player) is not int:  # list.index would show it with its own repr
        raise InvalidStateError(f"next_bidder: player must be a seat number, got {_show(player)}")
    try:
        count = len(stayers)
        if player not in stayers:  # list.index would put repr(player) in its error
            raise InvalidStateError(
                f"next_bidder expects one of the staying seats {_show(stayers)},"
                f" got player {_show(player)}"
            )
        at = stayers.index(player)
        for step in range(1, count + 1):
            seat = stayers[(at + step) % count]
            if not passed[seat]:
                return seat
        return player
    except LEAKS as exc:
        raise bad_arguments(
            InvalidStateError,
            "next_bidder",
            "the staying seats, a pass flag per seat and one of the staying seats",
            exc,
            stayers=stayers,
            passed=passed,
            player=player,
        ) from None


def first_leader(stayers: Sequence[int], winner: int, rule: FirstLead) -> int:
    """Who leads the first trick (A8): by default the nearest staying player before
    the auction ``winner`` (its right hand, seats being clockwise); by option the winner.

    ``stayers`` are the staying seats in clockwise order; passing does not matter.
    """
    if rule is FirstLead.AUCTION_WINNER:
        return winner
    if rule is not FirstLead.RIGHT_OF_WINNER:
        raise InvalidRulesError(f"rule must be a FirstLead, got {_show(rule)}")
    try:
        if winner not in stayers:  # list.index would put repr(winner) in its error
            raise InvalidStateError(
                f"first_leader expects one of the staying seats {_show(stayers)},"
                f" got winner {_show(winner)}"
            )
        return stayers[(stayers.index(winner) - 1) % len(stayers)]
    except LEAKS as exc:
        raise bad_arguments(
            InvalidStateError,
            "first_leader",
            "the staying seats and the auction winner among them",
            exc,
            stayers=stayers,
            winner=winner,
        ) from None
