"""Who takes a round (H10, H11), and a deal's four rounds played out.

This is the one definition of the round winner: the deal, the equity estimate
and anything else that plays rounds use :func:`round_winner`.

>>> played = [500, 740, 740, 12]
>>> round_winner(played, TieRule.LATEST), round_winner(played, TieRule.FIRST)
(2, 1)
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.cards import _show
from cardrules.errors import InvalidArrangementError, InvalidRulesError, InvalidStateError
from cardrules.hazari.arrangement import Arrangement
from cardrules.hazari.deal import PLAYERS
from cardrules.hazari.events import RoundPlayed
from cardrules.hazari.rules import TieRule

__all__ = ["resolve_rounds", "round_winner"]


def round_winner(strengths: Sequence[int], tie_rule: TieRule) -> int:
    """The place in play order (0 = the leader) of the group that takes the round.

    ``strengths`` are the groups' strengths in the order they were played; the
    highest wins, and equal highest ones go to the latest played (H11's default)
    or, under :attr:`TieRule.FIRST`, to the first played.
    """
    if not isinstance(tie_rule, TieRule):
        raise InvalidRulesError(f"tie_rule must be a TieRule, got {_show(tie_rule)}")
    try:
        best = max(strengths)
    except (TypeError, ValueError):
        raise InvalidStateError(
            f"strengths must be a non-empty sequence of ints, got {_show(strengths)}"
        ) from None
    if tie_rule is TieRule.LATEST:
        return len(strengths) - 1 - list(strengths)[::-1].index(best)
    return list(strengths).index(best)


def resolve_rounds(
    dealer: int, arrangements: Sequence[Arrangement], tie_rule: TieRule
) -> tuple[RoundPlayed, ...]:
    """Play out the four rounds of a deal (H10, H11) from the four arrangements by seat.

    The player to the dealer's right leads round 1; each winner leads the next round.
    Round 4 compares the best three cards of each 4-card group; the spare never counts.
    """
    if type(dealer) is not int or not 0 <= dealer < PLAYERS:
        raise InvalidStateError(f"dealer {_show(dealer)} is not a seat in 0..3")
    if not isinstance(tie_rule, TieRule):
        raise InvalidRulesError(f"tie_rule must be a TieRule, got {_show(tie_rule)}")
    if (
        not isinstance(arrangements, Sequence)
        or len(arrangements) != PLAYERS
        or not all(isinstance(a, Arrangement) for a in arrangements)
    ):
        raise InvalidArrangementError(
            f"expected the 4 seats' Arrangements, got {_show(arrangements)}"
        )
    leader = (dealer + 1) % PLAYERS
    rounds = []
    for number in range(4):
        order = [(leader + i) % PLAYERS for i in range(PLAYERS)]
        shown = tuple(arrangements[seat].groups[number] for seat in order)
        strengths = [arrangements[seat].strengths[number] for seat in order]
        winner = order[round_winner(strengths, tie_rule)]
        rounds.append(RoundPlayed(number=number + 1, leader=leader, groups=shown, winner=winner))
        leader = winner
    return tuple(rounds)
