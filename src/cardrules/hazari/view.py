"""How ``cardrules play hazari`` narrates a deal and asks a person to arrange."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardrules.cards import format_cards, parse_cards
from cardrules.errors import IllegalActionError
from cardrules.game import LegalActions, Turn
from cardrules.hazari.actions import Group, Up, next_group, parse_action_text
from cardrules.hazari.arrangement import Arrangement
from cardrules.hazari.evaluator import best_three, evaluate
from cardrules.hazari.events import DealScored, RoundPlayed
from cardrules.hazari.groups import GroupActions
from cardrules.hazari.match import HazariMatch
from cardrules.hazari.observation import HazariObservation
from cardrules.hazari.rules import RULES_PAGE, ActionSpace, TieRule
from cardrules.hazari.solver import (
    arrangement_value,
    best_arrangement,
    greedy_arrangement,
    top_arrangements,
)
from cardrules.hazari.state import HazariState
from cardrules.text import Option, cards_text, cards_text_order, group_text, seat_text
from cardrules.view import View

__all__ = [
    "VIEW",
    "HazariNarrator",
    "deal_text",
    "narrator",
    "options",
    "parse",
    "show",
]

EXTRA_OPTIONS = 3
"""How many arrangements, after the best and the greedy one, a person is offered."""

SEARCHED = (16, 64, 256)
"""How many top arrangements are searched, in turn, for ones that really differ."""


RULE_TAGS = f"Rules named like rule H7 are on {RULES_PAGE}."
"""The line that tells a player where the rule tags in the narration are explained."""


class HazariNarrator:
    """Narrates a Hazari deal: the hands, who is up, the four rounds and the points.

    A seat's narration is what that seat may know: its own hand and groups, and the
    groups of the others only as the rounds show them.
    """

    def __init__(self, names: Sequence[str], unicode: bool = False) -> None:
        self.names = tuple(names)
        self.unicode = unicode

    def start(self, state: Any, viewer: int | None) -> list[str]:
        """The dealer, who leads, and the hands the viewer may see."""
        first = seat_text((state.dealer + 1) % state.num_players, self.names)
        deal = state.current if isinstance(state, HazariMatch) else state
        lines = [
            f"Hazari deal {deal.deal + 1}, {seat_text(state.dealer, self.names)} deals."
            f" {RULE_TAGS}",
            f"{first}, on the dealer's right, got the first card and leads round 1 (rule H9)."
            " Each player arranges 13 cards as 3/3/3/4 and says up; the groups stay hidden"
            " until the rounds show them (rule H7, rule H8).",
        ]
        for seat in range(state.num_players):
            if viewer is None or viewer == seat:
                hand = cards_text(state.hands[seat], self.unicode)
                lines.append(f"  {seat_text(seat, self.names)} holds {hand}")
        return lines

    def turn(self, before: Any, turn: Turn[Any], after: Any, viewer: int | None) -> list[str]:
        """Who said "up", then the rounds once everyone is up.

        Under ``actions="groups"`` a group stays hidden: only its player's view shows it.
        """
        seat = seat_text(turn.player, self.names)
        if isinstance(turn.action, Group):
            shown = f" {group_text(turn.action.cards, unicode=self.unicode)}"
            group = shown if viewer is None or viewer == turn.player else ""
            up = turn.player in after.up
            lines = [f"{seat} chooses a group{group}{' and says up' if up else ''}."]
        else:
            lines = [f"{seat} arranges and says up."]
        for event in after.events[len(before.events) :]:
            if isinstance(event, RoundPlayed):
                lines += self._round(event, after.rules.tie_rule)
            elif isinstance(event, DealScored):
                scores = ", ".join(
                    f"{seat_text(seat, self.names)} {score}"
                    for seat, score in enumerate(event.scores)
                )
                lines.append(f"Points: {scores} (rule H12).")
        return lines

    def _round(self, event: RoundPlayed, tie_rule: TieRule) -> list[str]:
        leader = seat_text(event.leader, self.names)
        why = "on the dealer's right" if event.number == 1 else f"who took round {event.number - 1}"
        lines = [f"Round {event.number}: {leader}, {why}, leads:"]
        combinations = []
        for seat, group in zip(event.players, event.groups, strict=True):
            shown = group_text(group, unicode=self.unicode)
            combination = evaluate(group if len(group) == 3 else best_three(group))
            combinations.append(combination)
            lines.append(f"  seat {seat}: {shown:<14} {combination}")
        best = combinations[event.players.index(event.winner)]
        tied = [s for s, c in zip(event.players, combinations, strict=True) if c == best]
        winner = seat_text(event.winner, self.names)
        if len(tied) > 1:
            order = "latest" if tie_rule is TieRule.LATEST else "first"
            how = f"the highest group, tied; the one played {order} wins a tie (rule H11)"
        else:
            how = "the highest group (rule H3, rule H4)"
        lines.append(
            f"  {winner} takes the round with {best}, {how}: all {len(event.taken)} cards,"
            f" worth {event.points} points (rule H2)."
        )
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
    if observation.rules.actions is ActionSpace.GROUPS:
        chosen = " | ".join(group_text(group, unicode) for group in observation.groups)
        return [
            f"You are seat {observation.player}."
            f" Your hand: {cards_text(observation.hand, unicode)}",
            *([f"Your groups so far: {chosen}"] if chosen else []),
            "Choose a 3-card group of your arrangement (rule H7; the last 4 cards"
            " make the 4-card group). Choose one, or type three cards like 'AS KS QS':",
        ]
    return [
        f"You are seat {observation.player}. Your hand: {cards_text(observation.hand, unicode)}",
        "Arrange it into 3/3/3/4 (rule H7). Choose one (value: expected card points"
        " from the solver's value model), or type four groups like 'AS KS QS | ... | 4 cards':",
    ]


def _label(title: str, arrangement: Arrangement, unicode: bool) -> str:
    groups = " | ".join(group_text(group, unicode) for group in arrangement.groups)
    kinds = ", ".join(str(c) for c in arrangement.combinations)
    value = arrangement_value(arrangement)
    return f"{title + ':':<8}{groups}  ({kinds})  value {value:.1f}"


def _kinds(arrangement: Arrangement) -> tuple[int, ...]:
    """What sets an arrangement apart: the strength class of each group's combination
    and the 4-card group's points, so suit swaps of one arrangement count once."""
    return (*arrangement.strengths, arrangement.points[3])


def options(
    observation: HazariObservation, legal: LegalActions[Any], unicode: bool = False
) -> list[Option]:
    """The solver's best arrangement, the greedy one, then the next best that really differ.

    Each comes with its value, the expected card points of the solver's value
    model (:func:`~cardrules.hazari.solver.arrangement_value`). Arrangements that
    differ only by swapping suits (the same combination classes) are offered once;
    each group's cards are listed high card first.
    """
    if isinstance(legal, GroupActions):
        return _group_options(observation, legal, unicode)
    hand = observation.hand
    best, greedy = best_arrangement(hand), greedy_arrangement(hand)
    result = [(_label("best", best, unicode), Up(best))]
    seen = {_kinds(best)}
    if _kinds(greedy) not in seen:
        result.append((_label("greedy", greedy, unicode), Up(greedy)))
        seen.add(_kinds(greedy))
    wanted = len(result) + EXTRA_OPTIONS
    for searched in SEARCHED:
        for arrangement, _ in top_arrangements(hand, searched):
            if len(result) >= wanted:
                return result
            if _kinds(arrangement) not in seen:
                seen.add(_kinds(arrangement))
                result.append((_label("next", arrangement, unicode), Up(arrangement)))
        if len(result) >= wanted:
            break
    return result


def _group_options(
    observation: HazariObservation, legal: GroupActions, unicode: bool
) -> list[Option]:
    """Under ``actions="groups"``: the next group of the best and the greedy arrangement
    when they hold the groups chosen so far, then the first legal groups."""
    result: list[Option] = []
    hand = observation.hand
    for title, arrangement in (
        ("best", best_arrangement(hand)),
        ("greedy", greedy_arrangement(hand)),
    ):
        group = next_group(arrangement, observation.groups)
        if group is not None and group in legal and all(group != g for _, g in result):
            result.append((f"{title + ':':<8}{group_text(group.cards, unicode)}", group))
    for group in legal:
        if len(result) >= 2 + EXTRA_OPTIONS:
            break
        if all(group != g for _, g in result):
            combination = evaluate(group.cards)
            result.append(
                (f"{'group:':<8}{group_text(group.cards, unicode)}  ({combination})", group)
            )
    return result


def parse(text: str, observation: HazariObservation) -> Up | Group:
    """A typed arrangement: four groups of your cards separated by ``|``, in any order
    (under ``actions="groups"``: one group of three cards, ``group`` before them optional).

    An error says why it is refused: cards you do not hold, cards left out, or
    the group that breaks H7 and by what.
    """
    if observation.rules.actions is ActionSpace.GROUPS and "|" not in text:
        group = Group.parse(text)
        foreign = [card for card in group.cards if card not in observation.hand]
        if foreign:
            raise IllegalActionError(
                f"you do not hold {format_cards(foreign)}; your hand is"
                f" {cards_text(observation.hand)}"
            )
        return group
    parts = text.split("|")
    if len(parts) == 4:
        groups = [parse_cards(part, allow_duplicates=True) for part in parts]
        hand = set(observation.hand)
        typed = [card for group in groups for card in group]
        foreign = [card for card in dict.fromkeys(typed) if card not in hand]
        if foreign:
            raise IllegalActionError(
                f"you do not hold {format_cards(foreign)}; your hand is"
                f" {cards_text(observation.hand)}"
            )
        twice = [card for card in dict.fromkeys(typed) if typed.count(card) > 1]
        if twice:
            raise IllegalActionError(f"you typed {format_cards(twice)} more than once")
        missing = [card for card in cards_text_order(observation.hand) if card not in typed]
        if missing:
            raise IllegalActionError(
                f"the groups hold {len(typed)} cards and leave out {format_cards(missing)};"
                " use all 13 cards in groups of 3, 3, 3 and 4"
            )
    return parse_action_text(text)


def deal_text(state: HazariState, unicode: bool = False) -> list[str]:
    """The lines ``cardrules deal hazari`` prints for a new deal: each hand, sorted."""
    return [f"  seat {seat}: {cards_text(hand, unicode)}" for seat, hand in enumerate(state.hands)]


VIEW = View(narrator=narrator, show=show, options=options, parse=parse, deal=deal_text)
"""This view, as the game's definition declares it."""
