"""Dealing an Azi deal (A4, A12 on the Azi rules page).

Seats are numbered clockwise, the direction of deal and play. The dealer deals
one card at a time from the top of the deck to each participant, starting on the
dealer's left and ending with the dealer, until each holds 4 cards. The last card
dealt is the dealer's own; it is shown face up and its suit is trump.

:func:`layout` is that rule, and :func:`stack` its inverse (the deck that deals
given hands); the game engine and the resampler both use them.

>>> from cardrules.azi.pack import azi_pack
>>> deal = deal_hands(azi_pack(), dealer=2, seats=(0, 1, 2))
>>> deal.hands[0], deal.trump_card
((Card.parse('6D'), Card.parse('7D'), Card.parse('8D'), Card.parse('9D')), Card.parse('9S'))
>>> hands, trump, rest = layout(azi_pack().cards, 3)
>>> stack(hands, rest) == azi_pack().cards
True
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from cardrules.azi._boundary import LEAKS, bad_arguments
from cardrules.cards import Card, _show
from cardrules.deck import Deck
from cardrules.errors import InvalidCardsError, InvalidRulesError

__all__ = [
    "CARDS_EACH",
    "MAX_SEATS",
    "DealtCards",
    "deal_hands",
    "layout",
    "seats_from_left",
    "stack",
]

CARDS_EACH = 4
MAX_SEATS = 6


@attrs.frozen
class DealtCards:
    """The hands of one Azi deal, by seat (``None`` for seats not dealt in), and the rest."""

    hands: tuple[tuple[Card, ...] | None, ...]
    trump_card: Card
    undealt: tuple[Card, ...]


def seats_from_left(dealer: int, seats: Sequence[int], players: int) -> tuple[int, ...]:
    """``seats`` in dealing order: clockwise from the dealer's left, dealer last."""
    try:
        return tuple(sorted(seats, key=lambda seat: (seat - dealer - 1) % players))
    except LEAKS as exc:
        raise bad_arguments(
            InvalidRulesError,
            "seats_from_left",
            "whole-number seats, dealer and number of players",
            exc,
            dealer=dealer,
            seats=seats,
            players=players,
        ) from None


def layout(
    deck: Sequence[Card], count: int
) -> tuple[tuple[tuple[Card, ...], ...], Card, tuple[Card, ...]]:
    """Deal ``deck`` round the table to ``count`` players in dealing order (A4).

    Returns each player's 4 cards in dealing order, the trump card (the last card
    dealt, the dealer's) and the undealt rest.
    """
    if type(count) is not int or not 0 < count <= MAX_SEATS:
        raise InvalidRulesError(f"count must be a whole number from 1 to 6, got {_show(count)}")
    needed = CARDS_EACH * count
    try:
        cards = tuple(deck)
    except LEAKS as exc:
        raise bad_arguments(
            InvalidCardsError, "layout", "a sequence of cards", exc, deck=deck
        ) from None
    if len(cards) < needed:
        raise InvalidCardsError(f"{count} players need {needed} cards, got {_show(deck)}")
    hands = tuple([cards[k:needed:count] for k in range(count)])
    return hands, cards[needed - 1], cards[needed:]


def stack(hands: Sequence[Sequence[Card]], rest: Sequence[Card]) -> tuple[Card, ...]:
    """The deck that :func:`layout` deals into ``hands`` (dealing order, the dealer's last
    card being the trump card) with ``rest`` undealt: the inverse of :func:`layout`."""
    deck: list[Card] = []
    try:
        for i in range(CARDS_EACH):
            deck.extend(hand[i] for hand in hands)
        return (*deck, *rest)
    except LEAKS as exc:
        raise bad_arguments(
            InvalidCardsError,
            "stack",
            "hands of 4 cards and a sequence of undealt cards",
            exc,
            hands=hands,
            rest=rest,
        ) from None


def deal_hands(
    deck: Deck, dealer: int, seats: Sequence[int], players: int | None = None
) -> DealtCards:
    """Deal 4 cards to each seat in ``seats`` (which must include the dealer).

    ``players`` (2 to 6) is the number of seats at the table; by default the highest
    seat dealt in plus one.
    """
    if not isinstance(deck, Deck):
        raise InvalidCardsError(f"deck must be a Deck, got {_show(deck)}")
    try:
        seats = tuple(seats)
    except TypeError:
        raise InvalidRulesError(f"seats must be whole numbers, got {_show(seats)}") from None
    if not all(type(seat) is int for seat in seats) or not seats:
        raise InvalidRulesError(f"seats must be whole numbers, got {_show(seats)}")
    count = players if players is not None else max(seats) + 1
    if type(count) is not int or not 2 <= count <= MAX_SEATS:
        raise InvalidRulesError(f"players must be a whole number from 2 to 6, got {_show(count)}")
    if type(dealer) is not int or dealer not in seats:
        raise InvalidRulesError(
            f"dealer {_show(dealer)} must be one of the seats dealt in {list(seats)}"
        )
    if len(set(seats)) != len(seats) or not all(0 <= seat < count for seat in seats):
        raise InvalidRulesError(f"seats {list(seats)} are not distinct seats in 0..{count - 1}")
    order = seats_from_left(dealer, seats, count)
    needed = CARDS_EACH * len(order)
    if len(deck) < needed:
        raise InvalidCardsError(
            f"{len(order)} players need {needed} cards, the deck has {len(deck)}"
        )
    hands, trump_card, undealt = layout(deck, len(order))
    dealt = dict(zip(order, hands, strict=True))
    return DealtCards(
        hands=tuple(dealt.get(seat) for seat in range(count)),
        trump_card=trump_card,
        undealt=undealt,
    )
