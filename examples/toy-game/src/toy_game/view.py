"""How ``cardrules play toy`` narrates a game and asks a person to play."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardrules.cards import format_cards, parse_card
from cardrules.game import LegalActions, Turn
from cardrules.text import Option, seat_text
from cardrules.view import View
from toy_game.state import Play, ToyObservation, ToyState


class ToyNarrator:
    def __init__(self, names: Sequence[str], unicode: bool) -> None:
        self.names = names

    def start(self, state: ToyState, viewer: int | None) -> list[str]:
        seats = range(state.num_players) if viewer is None else [viewer]
        return [f"{seat_text(s, self.names)} holds {format_cards(state.hands[s])}" for s in seats]

    def turn(
        self, before: ToyState, turn: Turn[Play], after: ToyState, viewer: int | None
    ) -> list[str]:
        lines = [f"{seat_text(turn.player, self.names)} plays {turn.action.card}"]
        won = after.events[len(before.events) :]
        return lines + [f"{seat_text(e.player, self.names)} wins the round" for e in won]

    def end(self, state: ToyState) -> list[str]:
        return [f"returns {list(state.returns())}"]


def narrator(names: Sequence[str], unicode: bool = False) -> ToyNarrator:
    return ToyNarrator(names, unicode)


def show(observation: ToyObservation, unicode: bool = False) -> list[str]:
    return [f"Your hand: {format_cards(observation.hand, unicode=unicode)}"]


def options(observation: Any, legal: LegalActions[Play], unicode: bool = False) -> list[Option]:
    return [(f"play {action.card}", action) for action in legal]


def parse(text: str, observation: ToyObservation) -> Play:
    return Play(parse_card(text))


VIEW = View(narrator=narrator, show=show, options=options, parse=parse)
