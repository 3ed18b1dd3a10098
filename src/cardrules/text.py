"""What ``cardrules play`` and ``cardrules demo`` say, and how they ask a person to choose.

Each game has a *view* module (:mod:`cardrules.hazari.view`,
:mod:`cardrules.azi.view`) with the same functions: ``narrator(names, unicode)``
gives its :class:`Narrator`; ``show(observation, unicode)`` and
``options(observation, legal, unicode)`` show a human player's position and number
their choices; ``parse(text, observation)`` reads a typed action. A
:class:`~cardrules.view.View` holds the four.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from cardrules.cards import Card, format_cards
from cardrules.game import Turn

__all__ = [
    "Narrator",
    "Option",
    "card_order",
    "cards_text",
    "cards_text_order",
    "group_text",
    "seat_text",
]

Option = tuple[str, Any]
"""A numbered choice offered to a person: its label and its action."""


class Narrator(Protocol):
    """Lines to print at the start, after each turn, and at the end of a game.

    The viewer is the human player's seat, who sees only their own cards, or
    ``None`` for a spectator, who sees every hand as dealt.
    """

    def start(self, state: Any, viewer: int | None) -> list[str]:
        """The opening lines: the deal as the viewer may see it."""
        ...

    def turn(self, before: Any, turn: Turn[Any], after: Any, viewer: int | None) -> list[str]:
        """The lines describing one action and the public events it caused."""
        ...

    def end(self, state: Any) -> list[str]:
        """The closing lines: the result."""
        ...


def seat_text(seat: int, names: Sequence[str]) -> str:
    """``seat 2 (greedy)``."""
    return f"seat {seat} ({names[seat]})"


def card_order(card: Card) -> tuple[int, int]:
    """The sort key of a card in a hand: by suit, then high card first."""
    return int(card.suit), -int(card.rank)


def cards_text_order(cards: Iterable[Card]) -> list[Card]:
    """Cards grouped by suit, high first, as a player holds them."""
    return sorted(cards, key=card_order)


def group_text(cards: Iterable[Card], unicode: bool = False) -> str:
    """The cards of one combination, high card first (then by suit), as it reads.

    >>> from cardrules.cards import parse_cards
    >>> group_text(parse_cards("TC 8H 9S"))
    'TC 9S 8H'
    """
    return format_cards(sorted(cards, key=lambda c: (-int(c.rank), -int(c.suit))), unicode=unicode)


def cards_text(cards: Iterable[Card], unicode: bool = False) -> str:
    """Cards grouped by suit, high first, as a player holds them."""
    return format_cards(cards_text_order(cards), unicode=unicode)
