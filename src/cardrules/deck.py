"""Immutable decks: the 52-card pack for Hazari and the 27-card pack for Azi.

A :class:`Deck` is an immutable sequence of distinct cards. Shuffling and cutting
return new decks; the original never changes.

>>> deck = Deck.standard()
>>> len(deck), deck[0], deck[-1]
(52, Card.parse('2C'), Card.parse('AS'))
>>> azi = Deck.azi()
>>> len(azi), str(azi[:3])
(27, '6D 6H 6S')
>>> azi.shuffled(3).cut(5) == azi.shuffled(3).cut(5)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import overload

import attrs

from cardrules.cards import Card, Rank, Suit, format_cards, parse_cards, require_distinct
from cardrules.errors import InvalidCardsError, InvalidRulesError
from cardrules.rng import Rng

__all__ = ["AZI_RANKS", "DEFAULT_AZI_SUITS", "Deck"]

AZI_RANKS: tuple[Rank, ...] = tuple(Rank(value) for value in range(6, 15))
"""The nine Azi ranks, low to high: 6 7 8 9 10 J Q K A."""

DEFAULT_AZI_SUITS: tuple[Suit, ...] = (Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
"""The default Azi suits (RULES.md A1): hearts, diamonds and spades."""


def _to_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return require_distinct(cards, "a deck")


@attrs.frozen(repr=False)
class Deck(Sequence[Card]):
    """An ordered, immutable pack of distinct cards; index 0 is the top."""

    cards: tuple[Card, ...] = attrs.field(converter=_to_cards)

    @classmethod
    def standard(cls) -> Deck:
        """The 52-card pack in index order (``2C 2D 2H 2S 3C ... AS``)."""
        return cls(Card.from_index(i) for i in range(52))

    @classmethod
    def azi(cls, suits: Iterable[Suit] = DEFAULT_AZI_SUITS) -> Deck:
        """The 27-card Azi pack: 6..A in three distinct suits (RULES.md A1)."""
        chosen = tuple(Suit(suit) for suit in suits)
        if len(chosen) != 3 or len(set(chosen)) != 3:
            raise InvalidRulesError(
                f"an Azi pack needs three distinct suits, got {[str(s) for s in chosen]}"
            )
        ordered = sorted(chosen)
        return cls(Card(rank, suit) for rank in AZI_RANKS for suit in ordered)

    @classmethod
    def parse(cls, text: str) -> Deck:
        """A deck from card text, top card first; repeats are an error."""
        return cls(parse_cards(text))

    def shuffled(self, seed_or_rng: int | Rng) -> Deck:
        """A new deck in a uniformly random order (Fisher–Yates over :class:`Rng`)."""
        rng = seed_or_rng if isinstance(seed_or_rng, Rng) else Rng(seed_or_rng)
        return Deck(rng.shuffled(self.cards))

    def cut(self, position: int) -> Deck:
        """A new deck with the top ``position`` cards moved under the rest.

        ``position`` must be in ``0 .. len(deck)``; 0 and ``len`` leave the order as is.
        """
        if type(position) is not int or not 0 <= position <= len(self.cards):
            raise InvalidCardsError(
                f"cut position {position!r} is outside 0..{len(self.cards)} for this deck"
            )
        return Deck(self.cards[position:] + self.cards[:position])

    def __len__(self) -> int:
        return len(self.cards)

    @overload
    def __getitem__(self, index: int) -> Card: ...

    @overload
    def __getitem__(self, index: slice) -> Deck: ...

    def __getitem__(self, index: int | slice) -> Card | Deck:
        if isinstance(index, slice):
            return Deck(self.cards[index])
        return self.cards[index]

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __repr__(self) -> str:
        return f'Deck.parse("{self}")'
