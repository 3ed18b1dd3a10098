"""Dealing an Azi deal (RULES.md A4, A12).

Seats are numbered clockwise, the direction of deal and play. The dealer deals
one card at a time from the top of the deck to each participant, starting on the
dealer's left and ending with the dealer, until each holds 4 cards. The last card
dealt is the dealer's own; it is shown face up and its suit is trump.

>>> from cardrules import Deck
>>> deal = deal_hands(Deck.azi(), dealer=2, seats=(0, 1, 2))
>>> deal.hands[0], deal.trump_card
((Card.parse('6D'), Card.parse('7D'), Card.parse('8D'), Card.parse('9D')), Card.parse('9S'))
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from cardrules.cards import Card
from cardrules.deck import Deck
from cardrules.errors import InvalidCardsError, InvalidRulesError

__all__ = ["CARDS_EACH", "DealtCards", "deal_hands", "seats_from_left"]

CARDS_EACH = 4


@attrs.frozen
class DealtCards:
    """The hands of one Azi deal, by seat (``None`` for seats not dealt in), and the rest."""

    hands: tuple[tuple[Card, ...] | None, ...]
    trump_card: Card
    undealt: tuple[Card, ...]


def seats_from_left(dealer: int, seats: Sequence[int], players: int) -> tuple[int, ...]:
    """``seats`` in dealing order: clockwise from the dealer's left, dealer last."""
    return tuple(sorted(seats, key=lambda seat: (seat - dealer - 1) % players))


def deal_hands(
    deck: Deck, dealer: int, seats: Sequence[int], players: int | None = None
) -> DealtCards:
    """Deal 4 cards to each seat in ``seats`` (which must include the dealer)."""
    count = players if players is not None else max(seats) + 1
    if dealer not in seats:
        raise InvalidRulesError(f"dealer {dealer} must be one of the seats dealt in {list(seats)}")
    if len(set(seats)) != len(seats) or not all(0 <= seat < count for seat in seats):
        raise InvalidRulesError(f"seats {list(seats)} are not distinct seats in 0..{count - 1}")
    order = seats_from_left(dealer, seats, count)
    needed = CARDS_EACH * len(order)
    if len(deck) < needed:
        raise InvalidCardsError(
            f"{len(order)} players need {needed} cards, the deck has {len(deck)}"
        )
    dealt = {
        seat: tuple(deck[i] for i in range(k, needed, len(order))) for k, seat in enumerate(order)
    }
    return DealtCards(
        hands=tuple(dealt.get(seat) for seat in range(count)),
        trump_card=deck[needed - 1],
        undealt=tuple(deck[needed:]),
    )
