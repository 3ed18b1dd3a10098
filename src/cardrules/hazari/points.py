"""Card points (H2 on the Hazari rules page): A K Q J 10 are worth 10, 2 to 9 are worth 5.

>>> from cardrules import parse_cards
>>> card_points(parse_cards("AS")[0]), points_of(parse_cards("AS 9H 2C"))
(10, 20)
>>> from cardrules import Deck
>>> points_of(Deck.standard())
360
"""

from __future__ import annotations

from collections.abc import Iterable

from cardrules.cards import Card, Rank, _show
from cardrules.errors import InvalidCardsError

__all__ = ["DEAL_POINTS", "POINTS_BY_INDEX", "card_points", "points_of"]

POINTS_BY_INDEX: tuple[int, ...] = tuple(10 if i // 4 + 2 >= Rank.TEN else 5 for i in range(52))
"""The points of each card, indexed by :attr:`Card.index`."""

DEAL_POINTS = 360
"""The points of the whole pack, and so of every deal."""


def card_points(card: Card) -> int:
    """The points of one card."""
    if card.__class__ is not Card:
        raise InvalidCardsError(f"expected a Card, got {_show(card)}")
    return POINTS_BY_INDEX[card.index]


def points_of(cards: Iterable[Card]) -> int:
    """The total points of some cards."""
    try:
        return sum(POINTS_BY_INDEX[card.index] for card in cards)
    except (TypeError, AttributeError, IndexError):
        raise InvalidCardsError(f"expected Card objects, got {_show(cards)}") from None
