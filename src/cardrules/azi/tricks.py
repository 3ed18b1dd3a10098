"""Card play: which cards may follow (A9, A13), who wins a trick (A10), and what a
card played reveals about the hand it came from.

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

from collections.abc import Collection, Sequence

from cardrules.cards import Card, Rank

__all__ = [
    "legal_cards",
    "raznomast_eligible",
    "raznomast_exempt",
    "revealed_voids",
    "trick_winner",
]


def raznomast_exempt(declared: bool, led: int, trump: int, led_before: Collection[int]) -> bool:
    """True when a raznomast declarer need not trump a trick led in ``led`` (A13).

    The exemption covers the first trick led in each non-trump suit: ``led_before``
    are the suits led in the deal's earlier tricks.

    >>> from cardrules import Suit
    >>> raznomast_exempt(True, Suit.HEARTS, Suit.SPADES, ())
    True
    >>> raznomast_exempt(True, Suit.HEARTS, Suit.SPADES, (Suit.HEARTS,))
    False
    """
    return declared and led != trump and led not in led_before


def revealed_voids(card: Card, led: int, trump: int, exempt: bool) -> tuple[int, ...]:
    """The suits a player is shown to lack by playing ``card`` to a trick led in ``led``.

    Not following shows a void in the led suit; not trumping either shows a void in
    trumps too, unless the raznomast exemption (``exempt``) allowed it (A9, A13).

    >>> from cardrules import Card, Suit
    >>> revealed_voids(Card.parse("7H"), Suit.DIAMONDS, Suit.SPADES, False)
    (Suit.DIAMONDS, Suit.SPADES)
    """
    if card.suit == led:
        return ()
    if card.suit != trump and not exempt:
        return (led, trump)
    return (led,)


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
