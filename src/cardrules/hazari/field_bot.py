"""A Hazari bot that refines the solver's best arrangements against a sampled field.

:class:`~cardrules.hazari.bots.SolverBot` maximises expected points from value
tables that assume greedy opponents, a random leader, and opponents' cards drawn
without regard to the bot's own hand. :class:`FieldAwareBot` keeps the solver as
its proposal and corrects it where those assumptions bite:

1. **Candidates.** The solver's ``candidates`` best arrangements under the
   expected-points tables (:func:`~cardrules.hazari.solver.top_arrangements`).
2. **Worlds.** ``worlds`` deals of the 39 cards the bot cannot see to the other
   three seats, each arranged as the ``field`` would arrange it (``"solver"``:
   :func:`~cardrules.hazari.solver.best_arrangement`; ``"greedy"``:
   :func:`~cardrules.hazari.greedy.greedy_rounds`). Both field policies depend on
   the hand alone, and nothing of an arrangement is shown before play (H8), so a
   seat that is already up is modelled exactly like one still to arrange: its
   arrangement is fixed but hidden, and its cards are still unseen.
3. **Scoring.** Every candidate is played against every world, the four rounds
   exactly as the deal plays them (H10, H11): the seat to the dealer's right leads
   round 1, each round's winner leads the next, and equal highest groups go by the
   deal's tie rule through :func:`~cardrules.hazari.rounds.round_winner`. A
   candidate's score in a world is the card points it takes (H12). All candidates
   meet the same worlds (common random numbers), so their differences are measured
   far more precisely than their levels.
4. **Choice.** The solver's first choice stands unless another candidate beats it
   by more than ``margin`` standard errors of the paired difference (a lower
   confidence bound); then the candidate with the highest bound is played.

Only the observation is used (own hand, dealer, seat, tie rule). A match
observation is decided on its current deal. Given its ``rng`` the bot is
deterministic. The defaults (24 candidates, 16 worlds, the solver field, margin
0) take about 40 ms a decision on one free core (60 ms on a busy one).

What it buys depends on the field, which one deal cannot reveal (measured with
``benchmarks/tournament_hazari_field.py``: 2,000 seeded deals, seats rotated,
the solver bot in the same seat of the same deals as the baseline):

- against three solver bots it takes 2.1 points a deal more than the solver bot
  would (95% interval 0.8 to 3.3), 92.0 points a deal in all; that is not
  significantly above the fair 90 over 2,000 deals, whose interval is about ±4;
- against three greedy bots the solver field is the wrong model and it takes
  4.0 points a deal fewer than the solver bot (interval 2.7 to 5.3 fewer);
- ``field="greedy"`` (under 10 ms a decision) takes 1.0 point a deal fewer than
  the solver bot against either field (intervals -2.1 to 0.0 against solvers,
  -2.0 to -0.1 against greedy bots). The solver's tables already assume greedy
  opponents: against them the best of its 24 candidates is worth about 0.1 point
  a deal more than its first choice (160 positions, 800 sampled deals each), so
  sampling has nothing to find and its noise costs a point.

So it is a bot for a known field of solvers, not the game's ``"strong"`` bot.

>>> from cardrules import Rng
>>> from cardrules.hazari.state import HazariState
>>> state = HazariState.new(seed=7)
>>> seat = state.current_player
>>> bot = FieldAwareBot(worlds=4)
>>> action = bot.choose(state.observation(seat), state.legal_actions(), Rng(1))
>>> action in state.legal_actions()
True
>>> action == bot.choose(state.observation(seat), state.legal_actions(), Rng(1))
True
"""

from __future__ import annotations

import math
import typing
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import attrs

from cardrules.cards import Card, _show
from cardrules.errors import InvalidArrangementError, InvalidRulesError, InvalidStateError
from cardrules.game import LegalActions
from cardrules.hazari.actions import HazariAction
from cardrules.hazari.arrangement import Arrangement
from cardrules.hazari.bots import _check_decision, submit
from cardrules.hazari.deal import PLAYERS
from cardrules.hazari.greedy import greedy_rounds
from cardrules.hazari.observation import HazariMatchObservation, HazariObservation
from cardrules.hazari.rounds import round_winner
from cardrules.hazari.rules import TieRule
from cardrules.hazari.solver import best_arrangement, top_arrangements
from cardrules.hazari.state import PACK
from cardrules.rng import Rng

__all__ = [
    "FIELDS",
    "Candidate",
    "FieldAwareBot",
    "Rounds",
    "World",
    "arrangement_rounds",
    "field_rounds",
    "sample_worlds",
    "score_candidates",
]

FIELDS = ("solver", "greedy")
"""The field models: how the bot assumes the other three seats arrange."""

# typing.Tuple, not tuple[...]: a type alias, not a constructor to call.
Rounds = typing.Tuple[tuple[int, int], tuple[int, int], tuple[int, int], tuple[int, int]]  # noqa: UP006
"""One seat's four groups in play order, each as (strength, card points)."""

World = typing.Tuple[Rounds | None, ...]  # noqa: UP006
"""Every seat's :data:`Rounds` in one sampled deal; ``None`` at the arranging seat."""


def arrangement_rounds(arrangement: Arrangement) -> Rounds:
    """The (strength, card points) of an arrangement's four groups, in play order."""
    if not isinstance(arrangement, Arrangement):
        raise InvalidArrangementError(f"expected an Arrangement, got {_show(arrangement)}")
    s, p = arrangement.strengths, arrangement.points
    return ((s[0], p[0]), (s[1], p[1]), (s[2], p[2]), (s[3], p[3]))


def field_rounds(hand: tuple[Card, ...], field: str) -> Rounds:
    """How a seat of the ``field`` would play a sorted 13-card ``hand``, as :data:`Rounds`."""
    if field == "greedy":
        a, b, c, d = greedy_rounds(hand)
        return (a, b, c, d)
    if field == "solver":
        return arrangement_rounds(best_arrangement(hand))
    raise InvalidRulesError(f"field must be one of {', '.join(FIELDS)}, got {_show(field)}")


def sample_worlds(
    hand: Iterable[Card], player: int, count: int, field: str, rng: Rng
) -> list[World]:
    """``count`` deals of the cards ``player`` cannot see, the others arranged by ``field``.

    Each world shuffles the 39 cards outside ``hand`` with ``rng`` and gives the
    other seats 13 each, in seat order.

    >>> from cardrules import Rng, parse_cards
    >>> hand = parse_cards("AS KS QS JS 9H 9D 9C 7C 5D 4H 3S 2C 2D")
    >>> world = sample_worlds(hand, 2, 1, "greedy", Rng(3))[0]
    >>> world[2] is None, [len(seat) for seat in world if seat is not None]
    (True, [4, 4, 4])
    """
    try:
        mine = set(hand)
    except TypeError:
        raise InvalidStateError(f"expected a 13-card hand, got {_show(hand)}") from None
    unseen = [card for card in PACK if card not in mine]
    if len(unseen) != 39 or len(mine) != 13 or type(player) is not int or not 0 <= player < PLAYERS:
        raise InvalidStateError(
            f"expected a 13-card hand and a seat in 0..3, got {_show(hand)}, seat {_show(player)}"
        )
    if type(count) is not int or count < 0:
        raise InvalidRulesError(f"count must be an int >= 0, got {_show(count)}")
    if field not in FIELDS:
        raise InvalidRulesError(f"field must be one of {', '.join(FIELDS)}, got {_show(field)}")
    if not isinstance(rng, Rng):
        raise InvalidStateError(f"rng must be a cardrules Rng, got {_show(rng)}")
    worlds: list[World] = []
    for _ in range(count):
        order = rng.shuffled(unseen)
        others = iter(range(0, 39, 13))
        seats: list[Rounds | None] = []
        for seat in range(PLAYERS):
            if seat == player:
                seats.append(None)
            else:
                start = next(others)
                seats.append(field_rounds(tuple(sorted(order[start : start + 13])), field))
        worlds.append(tuple(seats))
    return worlds


def score_candidates(
    candidates: Sequence[Rounds],
    worlds: Sequence[World],
    player: int,
    leader: int,
    tie_rule: TieRule,
) -> list[list[int]]:
    """The card points each candidate takes in each world: ``result[candidate][world]``.

    ``player`` plays the candidate; ``leader`` leads round 1 (the seat to the
    dealer's right); each round's winner leads the next, and the winner is
    :func:`~cardrules.hazari.rounds.round_winner` over the groups in play order.

    >>> theirs = ((700, 30), (600, 30), (500, 30), (100, 40))
    >>> world = (None, theirs, theirs, theirs)
    >>> mine = ((700, 30), (10, 15), (10, 15), (10, 20))
    >>> score_candidates([mine], [world], 0, 1, TieRule.LATEST)  # seat 0 plays last of 4
    [[120]]
    >>> score_candidates([mine], [world], 0, 0, TieRule.LATEST)  # seat 0 leads: loses the tie
    [[0]]
    """
    for name, seat in (("player", player), ("leader", leader)):
        if type(seat) is not int or not 0 <= seat < PLAYERS:
            raise InvalidStateError(f"{name} must be a seat in 0..3, got {_show(seat)}")
    if not isinstance(tie_rule, TieRule):
        raise InvalidRulesError(f"tie_rule must be a TieRule, got {_show(tie_rule)}")
    try:
        return _score_candidates(candidates, worlds, player, leader, tie_rule)
    except (TypeError, AttributeError, IndexError, KeyError):
        raise InvalidStateError(
            f"candidates {_show(candidates)} and worlds {_show(worlds)} are not sequences of"
            " (strength, points) rounds"
        ) from None


def _score_candidates(
    candidates: Sequence[Rounds],
    worlds: Sequence[World],
    player: int,
    leader: int,
    tie_rule: TieRule,
) -> list[list[int]]:
    orders = [tuple((lead + step) % PLAYERS for step in range(PLAYERS)) for lead in range(PLAYERS)]
    table: list[list[int]] = []
    for mine in candidates:
        row = []
        for world in worlds:
            seats = [mine if seat == player else world[seat] for seat in range(PLAYERS)]
            groups = [seat for seat in seats if seat is not None]
            if len(groups) != PLAYERS:
                raise InvalidStateError("a world must hold the three other seats' rounds")
            lead, taken = leader, 0
            for number in range(4):
                order = orders[lead]
                played = [groups[seat][number] for seat in order]
                lead = order[round_winner([strength for strength, _ in played], tie_rule)]
                if lead == player:
                    taken += sum(points for _, points in played)
            row.append(taken)
        table.append(row)
    return table


@attrs.frozen
class Candidate:
    """One of the solver's candidates, as the bot assessed it.

    ``value``: the solver tables' expected points. ``mean``: the mean points taken
    over the sampled worlds. ``edge``: the mean paired difference from the solver's
    first choice, and ``stderr`` its standard error (both 0 for the first choice).
    """

    arrangement: Arrangement
    value: float
    mean: float
    edge: float
    stderr: float


def _current(observation: object) -> HazariObservation:
    if isinstance(observation, HazariMatchObservation):
        return observation.current
    if isinstance(observation, HazariObservation):
        return observation
    raise InvalidStateError(f"expected a Hazari observation, got {_show(observation)}")


def _check_field(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value not in FIELDS:
        raise InvalidRulesError(f"field must be one of {', '.join(FIELDS)}, got {_show(value)}")


def _check_positive(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not int or value < 1:
        raise InvalidRulesError(f"{attribute.name} must be a positive int, got {_show(value)}")


def _check_margin(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        raise InvalidRulesError(f"margin must be a finite number >= 0, got {_show(value)}")


@attrs.frozen
class FieldAwareBot:
    """Refines the solver's ``candidates`` best arrangements against ``worlds`` sampled deals.

    See the module documentation for the method. ``field`` is how the other seats
    are assumed to arrange (``"solver"`` or ``"greedy"``); ``margin`` is how many
    standard errors a candidate must beat the solver's first choice by.
    """

    name: ClassVar[str] = "field"

    field: str = attrs.field(default="solver", validator=_check_field)
    candidates: int = attrs.field(default=24, validator=_check_positive)
    worlds: int = attrs.field(default=16, validator=_check_positive)
    margin: float = attrs.field(default=0.0, validator=_check_margin)

    def assess(
        self, observation: HazariObservation | HazariMatchObservation, rng: Rng
    ) -> list[Candidate]:
        """The candidates with their sampled scores, in the solver's order (best first)."""
        deal = _current(observation)
        if not isinstance(rng, Rng):
            raise InvalidStateError(f"rng must be a cardrules Rng, got {_show(rng)}")
        if deal.current_player != deal.player:
            raise InvalidStateError(f"seat {deal.player} is not the one to arrange")
        top = top_arrangements(deal.hand, self.candidates)
        worlds = sample_worlds(deal.hand, deal.player, self.worlds, self.field, rng)
        leader = (deal.dealer + 1) % PLAYERS
        table = score_candidates(
            [arrangement_rounds(a) for a, _ in top],
            worlds,
            deal.player,
            leader,
            deal.rules.tie_rule,
        )
        first = table[0]
        n = len(first)
        result = []
        for (arrangement, value), row in zip(top, table, strict=True):
            diffs = [x - y for x, y in zip(row, first, strict=True)]
            edge = sum(diffs) / n
            spread = sum((d - edge) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
            result.append(Candidate(arrangement, value, sum(row) / n, edge, math.sqrt(spread / n)))
        return result

    def choose(
        self,
        observation: HazariObservation | HazariMatchObservation,
        legal_actions: LegalActions[Any],
        rng: Rng,
    ) -> HazariAction:
        """The candidate with the best lower bound on its edge over the solver's choice
        (under ``actions="groups"``, its next group)."""
        _check_decision(observation, legal_actions, rng)
        assessed = self.assess(observation, rng)
        best, bound = assessed[0], 0.0
        for candidate in assessed[1:]:
            lower = candidate.edge - self.margin * candidate.stderr
            if lower > bound:
                best, bound = candidate, lower
        return submit(best.arrangement, observation, legal_actions)
