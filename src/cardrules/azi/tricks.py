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

from cardrules.azi._boundary import LEAKS, bad_arguments
from cardrules.cards import Card, Rank, _show
from cardrules.errors import InvalidCardsError, InvalidStateError

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
    try:
        return declared and led != trump and led not in led_before
    except LEAKS as exc:
        raise bad_arguments(
            InvalidStateError,
            "raznomast_exempt",
            "a declared flag, the led and trump suits and the suits led before",
            exc,
            declared=declared,
            led=led,
            trump=trump,
            led_before=led_before,
        ) from None


def revealed_voids(card: Card, led: int, trump: int, exempt: bool) -> tuple[int, ...]:
    """The suits a player is shown to lack by playing ``card`` to a trick led in ``led``.

    Not following shows a void in the led suit; not trumping either shows a void in
    trumps too, unless the raznomast exemption (``exempt``) allowed it (A9, A13).

    >>> from cardrules import Card, Suit
    >>> revealed_voids(Card.parse("7H"), Suit.DIAMONDS, Suit.SPADES, False)
    (Suit.DIAMONDS, Suit.SPADES)
    """
    try:
        suit = card.suit
    except AttributeError:
        raise InvalidCardsError(f"card must be a Card, got {_show(card)}") from None
    if suit == led:
        return ()
    if suit != trump and not exempt:
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
    try:
        # List comprehensions: cheaper here than tuple(generator), by profile.
        if led is None:
            return tuple(hand)
        follow = [card for card in hand if card.suit == led]
        if follow:
            return tuple(follow)
        if not exempt:
            trumps = [card for card in hand if card.suit == trump]
            if trumps:
                return tuple(trumps)
        return tuple(hand)
    except LEAKS as exc:
        raise bad_arguments(
            InvalidCardsError,
            "legal_cards",
            "a hand of cards and the led and trump suits",
            exc,
            hand=hand,
            led=led,
            trump=trump,
        ) from None


def trick_winner(cards: Sequence[Card], trump: int) -> int:
    """The position in ``cards`` (in play order) of the winning card (A10).

    The highest trump wins; without a trump, the highest card of the suit led.
    """
    try:
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
    except LEAKS as exc:
        raise bad_arguments(
            InvalidCardsError,
            "trick_winner",
            "the cards of a trick (at least one) and the trump suit",
            exc,
            cards=cards,
            trump=trump,
        ) from None


def raznomast_eligible(kept: Sequence[Card], trump: int) -> bool:
    """True when ``kept`` is the trump Ace plus 2 cards of one non-trump suit (A13).

    >>> from cardrules import parse_cards, Suit
    >>> raznomast_eligible(parse_cards("AS 7H KH"), Suit.SPADES)
    True
    >>> raznomast_eligible(parse_cards("AS 7H KD"), Suit.SPADES)
    False
    """
    try:
        if len(kept) != 3:
            return False
        others = [card for card in kept if not (card.suit == trump and card.rank == Rank.ACE)]
        return len(others) == 2 and others[0].suit == others[1].suit != trump
    except LEAKS as exc:
        raise bad_arguments(
            InvalidCardsError,
            "raznomast_eligible",
            "the kept cards and the trump suit",
            exc,
            kept=kept,
            trump=trump,
        ) from None
