"""Hazari's bots: arranging policies (the field-aware one is in :mod:`cardrules.hazari.field_bot`).

A Hazari deal holds one decision per player, the arrangement (H7), so a bot is
an arranging policy:

- :class:`GreedyBot`: the strongest-first heuristic, ``greedy_arrangement``;
- :class:`SolverBot`: the exact optimum of the expected-points model, ``best_arrangement``;
- :class:`~cardrules.hazari.field_bot.FieldAwareBot` refines the solver against a sampled field;
- :class:`~cardrules.bots.RandomBot` picks uniformly among the valid arrangements
  (one draw and one ``legal[i]``, never a listing of the arrangements).

The registry is the way in: ``load_game("hazari").bots`` names them all
(``"strong"`` is the solver for now), and the game itself is a factory of deals:

>>> from cardrules import load_game
>>> from cardrules.runner import simulate
>>> game = load_game("hazari")
>>> bots = [game.bots[name]() for name in ("strong", "greedy", "random", "greedy")]
>>> result = simulate(game, bots, games=4, seed=1, rotate_seats=True)
>>> [sum(played.returns) for played in result.games]
[360, 360, 360, 360]
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from cardrules.cards import Card, _show
from cardrules.errors import IllegalActionError, InvalidStateError
from cardrules.game import LegalActions
from cardrules.hazari.actions import HazariAction, Up, next_group
from cardrules.hazari.arrangement import Arrangement
from cardrules.hazari.observation import HazariMatchObservation, HazariObservation
from cardrules.hazari.rules import ActionSpace
from cardrules.hazari.solver import best_arrangement, greedy_arrangement
from cardrules.rng import Rng

__all__ = ["GreedyBot", "SolverBot"]


HazariView = HazariObservation | HazariMatchObservation
"""What a Hazari bot sees: the observation of a deal, or of a match."""


def submit(
    arrangement: Arrangement, observation: HazariView, legal_actions: LegalActions[Any]
) -> HazariAction:
    """The action that plays ``arrangement``: an :class:`Up`, or under
    ``actions="groups"`` its next group (:func:`~cardrules.hazari.actions.next_group`).

    If the groups chosen so far are not all groups of ``arrangement`` (another policy
    chose them), the first legal group is played.
    """
    deal = observation.current if isinstance(observation, HazariMatchObservation) else observation
    if deal.rules.actions is not ActionSpace.GROUPS:
        return Up(arrangement)
    group = next_group(arrangement, deal.groups)
    if group is None or group not in legal_actions:
        first: HazariAction = legal_actions[0]
        return first
    return group


def _check_decision(observation: object, legal_actions: object, rng: object) -> None:
    """Check the arguments of a Hazari bot's ``choose`` (once per decision)."""
    if not isinstance(observation, (HazariObservation, HazariMatchObservation)):
        raise InvalidStateError(
            f"expected a HazariObservation or HazariMatchObservation, got {_show(observation)}"
        )
    if not isinstance(legal_actions, LegalActions):
        raise IllegalActionError(
            f"legal_actions must be the LegalActions of the state, got {_show(legal_actions)}"
        )
    if not isinstance(rng, Rng):
        raise InvalidStateError(f"rng must be a cardrules Rng, got {_show(rng)}")


def _hand(observation: HazariView) -> tuple[Card, ...]:
    if isinstance(observation, HazariMatchObservation):
        return observation.current.hand
    return observation.hand


@attrs.frozen
class GreedyBot:
    """Arranges strongest-first: best triple, best of the rest, again, the last four."""

    name: ClassVar[str] = "greedy"

    def choose(
        self, observation: HazariView, legal_actions: LegalActions[Any], rng: Rng
    ) -> HazariAction:
        """The greedy arrangement of the observed hand (of a deal, or a match's deal)."""
        _check_decision(observation, legal_actions, rng)
        return submit(greedy_arrangement(_hand(observation)), observation, legal_actions)


@attrs.frozen
class SolverBot:
    """Plays the exact optimum of the expected-points model (``best_arrangement``)."""

    name: ClassVar[str] = "solver"

    def choose(
        self, observation: HazariView, legal_actions: LegalActions[Any], rng: Rng
    ) -> HazariAction:
        """The best arrangement of the observed hand (of a deal, or a match's deal)."""
        _check_decision(observation, legal_actions, rng)
        return submit(best_arrangement(_hand(observation)), observation, legal_actions)
