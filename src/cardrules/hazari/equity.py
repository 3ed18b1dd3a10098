"""Monte Carlo equity of an arrangement: win chances and expected card points.

:func:`arrangement_equity` deals the other 39 cards at random to three opponents,
lets each arrange with a policy (greedy by default), and plays the four rounds
out seat by seat (H10, H11): the leader of round 1 is drawn at random unless
given, the winner of each round leads the next, and ties go by the tie rule.
The arranging player sits at seat 0; play runs 0, 1, 2, 3 from the leader.

>>> from cardrules import parse_cards
>>> from cardrules.hazari import greedy_arrangement
>>> hand = parse_cards("AS KS QS JS 9H 9D 9C 7C 5D 4H 3S 2C 2D")
>>> greedy = greedy_arrangement(hand)
>>> eq = arrangement_equity(hand, greedy, deals=2000, seed=1)
>>> eq == arrangement_equity(hand, greedy, deals=2000, seed=1)
True
>>> eq.win_probability
(0.471, 0.7685, 0.2115, 0.1315)
>>> round(eq.expected_points, 1), round(eq.points_stderr, 1)
(141.8, 1.8)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

import attrs

from cardrules.cards import Card, _show
from cardrules.errors import InvalidArrangementError, InvalidRulesError
from cardrules.hazari.arrangement import Arrangement
from cardrules.hazari.greedy import greedy_arrangement, greedy_rounds
from cardrules.hazari.partitions import sorted_hand
from cardrules.hazari.rounds import round_winner
from cardrules.hazari.rules import TieRule
from cardrules.rng import Rng, check_seed, derive_seed

__all__ = ["Equity", "arrangement_equity"]

Policy = Callable[[tuple[Card, ...]], Arrangement]
"""An opponent's way to arrange: 13 sorted cards in, an :class:`Arrangement` out."""


@attrs.frozen
class Equity:
    """Monte Carlo estimates for one arrangement, each with its standard error.

    ``win_probability[r]`` is the share of deals in which the group of round
    ``r + 1`` won; ``round_points[r]`` the mean card points taken in that round;
    ``expected_points`` the mean card points taken in the whole deal.
    """

    deals: int
    seed: int
    win_probability: tuple[float, float, float, float]
    win_stderr: tuple[float, float, float, float]
    round_points: tuple[float, float, float, float]
    expected_points: float
    points_stderr: float


def _stderr_of_share(share: float, n: int) -> float:
    return math.sqrt(share * (1.0 - share) / n) if n > 1 else 0.0


def _policy_rounds(policy: Policy, cards: tuple[Card, ...]) -> list[tuple[int, int]]:
    if policy is greedy_arrangement:
        return greedy_rounds(cards)
    arrangement = policy(cards)
    if not isinstance(arrangement, Arrangement) or arrangement.cards != cards:
        raise InvalidArrangementError(
            f"the opponents' policy returned {_show(arrangement)}, not an arrangement of its hand"
        )
    return list(zip(arrangement.strengths, arrangement.points, strict=True))


def arrangement_equity(
    hand: Iterable[Card],
    arrangement: Arrangement,
    *,
    opponents: Policy = greedy_arrangement,
    deals: int = 10_000,
    seed: int = 0,
    tie_rule: TieRule = TieRule.LATEST,
    leader: int | None = None,
) -> Equity:
    """Estimate ``arrangement``'s win chance per round and its expected card points.

    ``opponents`` arranges each opponent's 13 cards (default: greedy); ``leader``
    fixes the seat that leads round 1 (0 is the arranging player), else it is drawn
    per deal. Deal ``d`` uses ``Rng(derive_seed(seed, d))``, so results depend only
    on the arguments.
    """
    cards = sorted_hand(hand)
    if not isinstance(arrangement, Arrangement) or arrangement.cards != cards:
        raise InvalidArrangementError(f"{_show(arrangement)} is not an arrangement of the hand")
    check_seed(seed)
    if type(deals) is not int or deals < 1:
        raise InvalidRulesError(f"deals must be a positive int, got {_show(deals)}")
    if leader is not None and (type(leader) is not int or not 0 <= leader < 4):
        raise InvalidRulesError(f"leader {_show(leader)} is not a seat in 0..3")
    if not isinstance(tie_rule, TieRule):
        raise InvalidRulesError(f"tie_rule must be a TieRule, got {_show(tie_rule)}")
    mine = list(zip(arrangement.strengths, arrangement.points, strict=True))
    mine_set = set(cards)
    others = [card for card in map(Card.from_index, range(52)) if card not in mine_set]
    wins = [0, 0, 0, 0]
    taken = [0, 0, 0, 0]
    total = total_sq = 0
    for deal in range(deals):
        rng = Rng(derive_seed(seed, deal))
        order = rng.shuffled(others)
        seats = [mine] + [
            _policy_rounds(opponents, tuple(sorted(order[i * 13 : i * 13 + 13]))) for i in range(3)
        ]
        lead = rng.randbelow(4) if leader is None else leader
        points = 0
        for r in range(4):
            groups = [seats[seat][r] for seat in range(4)]
            seating = [(lead + step) % 4 for step in range(4)]
            lead = seating[round_winner([groups[seat][0] for seat in seating], tie_rule)]
            if lead == 0:
                wins[r] += 1
                won = sum(p for _, p in groups)
                taken[r] += won
                points += won
        total += points
        total_sq += points * points
    mean = total / deals
    variance = max(0.0, total_sq / deals - mean * mean) * deals / max(1, deals - 1)
    shares = [w / deals for w in wins]
    return Equity(
        deals=deals,
        seed=seed,
        win_probability=(shares[0], shares[1], shares[2], shares[3]),
        win_stderr=(
            _stderr_of_share(shares[0], deals),
            _stderr_of_share(shares[1], deals),
            _stderr_of_share(shares[2], deals),
            _stderr_of_share(shares[3], deals),
        ),
        round_points=(taken[0] / deals, taken[1] / deals, taken[2] / deals, taken[3] / deals),
        expected_points=mean,
        points_stderr=math.sqrt(variance / deals),
    )
