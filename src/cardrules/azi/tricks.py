"""Card play: which cards may follow (A9, A13) and who wins a trick (A10).

>>> from cardrules import parse_cards, Suit
>>> hand = parse_cards("7H QS AD")
>>> legal_cards(hand, Suit.HEARTS, Suit.DIAMONDS)          # follow suit
(Card.parse('7H'),)
>>> legal_cards(hand, Suit.CLUBS, Suit.DIAMONDS)           # void: trump
(Card.parse('AD'),)
>>> trick_winner(parse_cards("9H AH 6D"), Suit.DIAMONDS)   # the trump wins
2
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.cards import Card, Rank

__all__ = ["legal_cards", "raznomast_eligible", "trick_winner"]


def legal_cards(
    hand: Sequence[Card], led: int | None, trump: int, exempt: bool = False
) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to a trick whose led suit is ``led``.

    Leading (``led`` is None), any card. Otherwise a card of the led suit; if void,
    a trump; if void in both, any card. ``exempt`` lifts the duty to trump (the
    raznomast exemption, A13) and allows any card when void in the led suit.
    """
    if led is None:
        return tuple(hand)
    follow = tuple(card for card in hand if card.suit == led)
    if follow:
        return follow
    if not exempt:
        trumps = tuple(card for card in hand if card.suit == trump)
        if trumps:
            return trumps
    return tuple(hand)


def trick_winner(cards: Sequence[Card], trump: int) -> int:
    """The position in ``cards`` (in play order) of the winning card (A10).

    The highest trump wins; without a trump, the highest card of the suit led.
    """
    best = 0
    top = cards[0]
    for position in range(1, len(cards)):
        card = cards[position]
        if card.suit == top.suit:
            if card.rank > top.rank:
                best, top = position, card
        elif card.suit == trump:
            best, top = position, card
    return best


def raznomast_eligible(kept: Sequence[Card], trump: int) -> bool:
    """True when ``kept`` is the trump Ace plus 2 cards of one non-trump suit (A13).

    >>> from cardrules import parse_cards, Suit
    >>> raznomast_eligible(parse_cards("AS 7H KH"), Suit.SPADES)
    True
    >>> raznomast_eligible(parse_cards("AS 7H KD"), Suit.SPADES)
    False
    """
    if len(kept) != 3:
        return False
    others = [card for card in kept if not (card.suit == trump and card.rank == Rank.ACE)]
    return len(others) == 2 and others[0].suit == others[1].suit != trump
