"""Immutable decks of distinct cards; each game builds its own pack from them.

A :class:`Deck` is an immutable sequence of distinct cards. Shuffling and cutting
return new decks; the original never changes.

>>> deck = Deck.standard()
>>> len(deck), deck[0], deck[-1]
(52, Card.parse('2C'), Card.parse('AS'))
>>> deck.shuffled(3).cut(5) == deck.shuffled(3).cut(5)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import overload

import attrs

from cardrules.cards import Card, _show, format_cards, parse_cards, require_distinct
from cardrules.errors import InvalidCardsError
from cardrules.rng import Rng

__all__ = ["Deck"]


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
                f"cut position {_show(position)} is outside 0..{len(self.cards)} for this deck"
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
