"""How ``cardrules play hazari`` narrates a deal and asks a person to arrange."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardrules.cards import format_cards
from cardrules.cli.narrate import Option, cards_text, seat_text
from cardrules.game import LegalActions, Turn
from cardrules.hazari.actions import Up, parse_action_text
from cardrules.hazari.arrangement import Arrangement
from cardrules.hazari.evaluator import best_three, evaluate
from cardrules.hazari.events import DealScored, RoundPlayed
from cardrules.hazari.observation import HazariObservation
from cardrules.hazari.solver import best_arrangement, greedy_arrangement

__all__ = ["HazariNarrator", "narrator", "options", "parse", "show"]

EXTRA_OPTIONS = 3


class HazariNarrator:
    """Narrates a Hazari deal: the hands, who is up, the four rounds and the points."""

    def __init__(self, names: Sequence[str], unicode: bool = False) -> None:
        self.names = tuple(names)
        self.unicode = unicode

    def start(self, state: Any, viewer: int | None) -> list[str]:
        """The dealer and the hands the viewer may see."""
        lines = [f"Hazari deal, {seat_text(state.dealer, self.names)} deals."]
        for seat in range(state.num_players):
            if viewer is None or viewer == seat:
                hand = cards_text(state.hands[seat], self.unicode)
                lines.append(f"  {seat_text(seat, self.names)} holds {hand}")
        return lines

    def turn(self, before: Any, turn: Turn[Any], after: Any, viewer: int | None) -> list[str]:
        """Who said "up", then the rounds once everyone is up."""
        lines = [f"{seat_text(turn.player, self.names)} arranges and says up."]
        for event in after.events[len(before.events) :]:
            if isinstance(event, RoundPlayed):
                lines += self._round(event)
            elif isinstance(event, DealScored):
                scores = ", ".join(
                    f"{seat_text(seat, self.names)} {score}"
                    for seat, score in enumerate(event.scores)
                )
                lines.append(f"Points: {scores}.")
        return lines

    def _round(self, event: RoundPlayed) -> list[str]:
        lines = [f"Round {event.number}, {seat_text(event.leader, self.names)} leads:"]
        for seat, group in zip(event.players, event.groups, strict=True):
            shown = format_cards(group, unicode=self.unicode)
            combination = evaluate(group if len(group) == 3 else best_three(group))
            lines.append(f"  seat {seat}: {shown:<14} {combination}")
        winner = seat_text(event.winner, self.names)
        lines.append(f"  {winner} takes the round and {event.points} points.")
        return lines

    def end(self, state: Any) -> list[str]:
        """The best score of the deal."""
        scores = state.returns()
        best = max(scores)
        winners = [seat_text(s, self.names) for s, score in enumerate(scores) if score == best]
        return [f"Most points: {' and '.join(winners)} with {best} of 360."]


def narrator(names: Sequence[str], unicode: bool = False) -> HazariNarrator:
    """The Hazari narrator."""
    return HazariNarrator(names, unicode)


def show(observation: HazariObservation, unicode: bool = False) -> list[str]:
    """Your hand, as you are asked to arrange it."""
    return [
        f"You are seat {observation.player}. Your hand: {cards_text(observation.hand, unicode)}",
        "Arrange it into 3/3/3/4. Choose one, or type groups like 'AS KS QS | ... | 4 cards':",
    ]


def _label(title: str, arrangement: Arrangement, unicode: bool) -> str:
    kinds = ", ".join(str(c) for c in arrangement.combinations)
    return f"{title}: {arrangement.format(unicode=unicode)}  ({kinds})"


def options(
    observation: HazariObservation, legal: LegalActions[Any], unicode: bool = False
) -> list[Option]:
    """The best and the greedy arrangements, then the first few other valid ones."""
    best = best_arrangement(observation.hand)
    greedy = greedy_arrangement(observation.hand)
    result = [(_label("best", best, unicode), Up(best))]
    if greedy != best:
        result.append((_label("greedy", greedy, unicode), Up(greedy)))
    for action in legal:
        if len(result) >= 2 + EXTRA_OPTIONS:
            break
        if action.arrangement not in (best, greedy):
            result.append((_label("valid", action.arrangement, unicode), action))
    return result


def parse(text: str, observation: HazariObservation) -> Up:
    """A typed arrangement (raises a :class:`~cardrules.errors.CardRulesError` if invalid)."""
    return parse_action_text(text)
