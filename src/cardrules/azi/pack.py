"""The Azi pack (A1): the nine ranks 6 to Ace in three suits, 27 cards.

>>> pack = azi_pack()
>>> len(pack), str(pack[:3]), str(pack[-1])
(27, '6D 6H 6S', 'AS')
>>> azi_pack("CDH")[0]
Card.parse('6C')
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from cardrules.cards import Card, Rank, Suit, _show
from cardrules.deck import Deck
from cardrules.errors import InvalidRulesError

__all__ = ["AZI_RANKS", "DEFAULT_AZI_SUITS", "PACK_SIZE", "azi_pack"]

AZI_RANKS: tuple[Rank, ...] = tuple(Rank(value) for value in range(6, 15))
"""The nine Azi ranks, low to high: 6 7 8 9 10 J Q K A."""

DEFAULT_AZI_SUITS: tuple[Suit, ...] = (Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
"""The default Azi suits (A1 on the Azi rules page): diamonds, hearts and spades."""

PACK_SIZE = len(AZI_RANKS) * 3
"""27 cards."""


def azi_pack(suits: Iterable[Suit | str] = DEFAULT_AZI_SUITS) -> Deck:
    """The 27-card pack of three distinct ``suits``, in card-index order (rank, then suit).

    Suits may be :class:`~cardrules.cards.Suit` values or letters; anything else,
    or a count other than three distinct suits, raises InvalidRulesError.
    """
    try:
        chosen = tuple(sorted(suit_of(s) for s in suits))
    except (TypeError, ValueError, RecursionError) as exc:
        raise InvalidRulesError(f"an Azi pack needs three suits: {exc}") from exc
    return _pack(chosen)


def suit_of(value: object) -> Suit:
    """``value`` as a suit: a Suit, or its letter; anything else raises InvalidRulesError."""
    if isinstance(value, Suit):
        return value
    if isinstance(value, str):
        return Suit.parse(value)
    raise InvalidRulesError(f"a suit must be a Suit or a letter, got {_show(value)}")


@functools.lru_cache(maxsize=8)
def _pack(suits: tuple[Suit, ...]) -> Deck:
    if len(suits) != 3 or len(set(suits)) != 3:
        raise InvalidRulesError(
            f"an Azi pack needs three distinct suits, got {[str(s) for s in suits]}"
        )
    return Deck(Card.from_index((rank - 2) * 4 + suit) for rank in AZI_RANKS for suit in suits)
