"""A view module for the toy game, so the CLI's play loop can be tested on it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardrules.cards import format_cards, parse_card
from cardrules.game import Turn
from cardrules.view import View


class ToyNarrator:
    def __init__(self, names: Sequence[str], unicode: bool) -> None:
        self.names = names

    def start(self, state: Any, viewer: int | None) -> list[str]:
        seats = range(state.num_players) if viewer is None else [viewer]
        return [f"seat {s} holds {format_cards(state.hands[s])}" for s in seats]

    def turn(self, before: Any, turn: Turn[Any], after: Any, viewer: int | None) -> list[str]:
        lines = [f"seat {turn.player} ({self.names[turn.player]}) plays {turn.action.card}"]
        lines += [f"seat {e.player} wins the round" for e in after.events[len(before.events) :]]
        return lines

    def end(self, state: Any) -> list[str]:
        return [f"returns {list(state.returns())}"]


def narrator(names: Sequence[str], unicode: bool = False) -> ToyNarrator:
    return ToyNarrator(names, unicode)


def show(observation: Any, unicode: bool = False) -> list[str]:
    return [f"Your hand: {format_cards(observation.hand)}"]


def options(observation: Any, legal: Any, unicode: bool = False) -> list[tuple[str, Any]]:
    return [(f"play {action.card}", action) for action in legal]


def parse(text: str, observation: Any) -> Any:
    from tests.bots.toy_game import Play  # the game module imports this view

    return Play(parse_card(text))


VIEW = View(narrator=narrator, show=show, options=options, parse=parse)
