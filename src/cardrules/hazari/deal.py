"""Dealing a Hazari deal (H9 on the Hazari rules page).

Seats are numbered counter-clockwise, the direction of deal and play, so the
player to the dealer's right is ``(dealer + 1) % 4``. All 52 cards are dealt one
at a time from the top, starting with that player: card ``i`` of the deck goes to
seat ``(dealer + 1 + i) % 4``.

>>> from cardrules import Deck
>>> hands = deal_hands(Deck.standard(), dealer=0)
>>> [len(hand) for hand in hands]
[13, 13, 13, 13]
>>> hands[1][:2]
(Card.parse('2C'), Card.parse('3C'))
"""

from __future__ import annotations

from cardrules.cards import Card, _show
from cardrules.deck import Deck
from cardrules.errors import InvalidCardsError, InvalidRulesError

__all__ = ["PLAYERS", "deal_hands"]

PLAYERS = 4


def deal_hands(deck: Deck, dealer: int) -> tuple[tuple[Card, ...], ...]:
    """The four 13-card hands dealt from ``deck``, indexed by seat, each sorted."""
    if type(dealer) is not int or not 0 <= dealer < PLAYERS:
        raise InvalidRulesError(f"dealer {_show(dealer)} is not a seat in 0..3")
    if not isinstance(deck, Deck):
        raise InvalidCardsError(f"expected a Deck, got {_show(deck)}")
    if len(deck) != 52:
        raise InvalidCardsError(f"a Hazari deal needs the 52-card pack, got {len(deck)} cards")
    hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
    for i, card in enumerate(deck):
        hands[(dealer + 1 + i) % PLAYERS].append(card)
    return tuple(tuple(sorted(hand)) for hand in hands)
