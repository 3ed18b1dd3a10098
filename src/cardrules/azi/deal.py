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
from cardrules.dealing import Dealing
from cardrules.deck import Deck
from cardrules.errors import InvalidCardsError, InvalidRulesError
from cardrules.rng import derive_seed

__all__ = ["CARDS_EACH", "DealtCards", "deal_cards", "deal_hands", "seats_from_left"]

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB
_LIMITS = tuple((1 << 64) - (1 << 64) % bound if bound else 0 for bound in range(64))

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


def deal_cards(dealing: Dealing, number: int, pack: Deck) -> tuple[Card, ...]:
    """The cards of ``dealing.deck(number, pack)``, top first, computed faster.

    The game engine deals thousands of games a second, so for seeded deals this
    runs the same SplitMix64 draws, Fisher–Yates shuffle and cut as
    :meth:`~cardrules.dealing.Dealing.deck` inline, without building intermediate
    decks. The tests check that both agree.

    >>> from cardrules import Dealing, Deck
    >>> deal_cards(Dealing(seed=3), 2, Deck.azi()) == Dealing(seed=3).deck(2, Deck.azi()).cards
    True
    """
    if number < len(dealing.decks):
        return dealing.deck(number, pack).cards
    state = derive_seed(dealing.base_seed, number)
    cards = list(pack.cards)
    size = len(cards)
    draws = []
    for bound in (*range(size, 1, -1), size + 1):
        limit = _LIMITS[bound] if bound < len(_LIMITS) else (1 << 64) - (1 << 64) % bound
        while True:
            state = (state + _GAMMA) & _MASK
            z = ((state ^ (state >> 30)) * _M1) & _MASK
            z = ((z ^ (z >> 27)) * _M2) & _MASK
            z ^= z >> 31
            if z < limit:
                break
        draws.append(z % bound)
    cut = draws.pop()
    for i, j in zip(range(size - 1, 0, -1), draws, strict=True):
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards[cut:] + cards[:cut])
