"""Ranks, suits and cards, with strict parsing and compact formatting.

Every card has a stable integer index in ``0..51``::

    index = (rank - 2) * 4 + suit

where ``rank`` is 2..14 (Ace high, :class:`Rank`) and ``suit`` is 0..3 in the order
clubs, diamonds, hearts, spades (:class:`Suit`). So ``2C`` is 0, ``2S`` is 3 and
``AS`` is 51; ``index >> 2`` is the rank offset and ``index & 3`` the suit. Cards
order by this index: by rank, then by suit.

>>> card = parse_card("10h")
>>> card
Card.parse('TH')
>>> str(card), card.format(unicode=True), card.index
('TH', 'T♥', 34)
>>> parse_cards("AS, KS QS")
(Card.parse('AS'), Card.parse('KS'), Card.parse('QS'))
"""

from __future__ import annotations

import enum
import re
import reprlib
from collections.abc import Iterable

import attrs

from cardrules import svg
from cardrules.enums import StrictEnumType
from cardrules.errors import CardParseError, InvalidCardsError

__all__ = [
    "Card",
    "Rank",
    "Suit",
    "format_cards",
    "parse_card",
    "parse_cards",
    "require_distinct",
]


class Rank(enum.IntEnum, metaclass=StrictEnumType):
    """A card rank, valued 2..14 so that the Ace is high.

    >>> Rank.ACE > Rank.KING, str(Rank.TEN), Rank.parse("10")
    (True, 'T', Rank.TEN)
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The one-character symbol: ``A K Q J T 9 .. 2``."""
        return _RANK_SYMBOLS[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank symbol (``A``, ``k``, ``10``, ``T``...)."""
        _require_text(text)
        rank = _RANK_BY_TEXT.get(text.upper())
        if rank is None:
            raise CardParseError(text, 0, f"unknown rank {text!r} (expected one of {_RANK_HINT})")
        return rank

    @classmethod
    def _missing_(cls, value: object) -> Rank:
        raise InvalidCardsError(
            f"rank {_show(value)} is not a rank value in 2..14 (Rank.parse reads symbols)"
        )

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


class Suit(enum.IntEnum, metaclass=StrictEnumType):
    """A card suit. Suits have no rank in either game; the order only fixes indices.

    >>> Suit.parse("♠"), str(Suit.HEARTS), Suit.DIAMONDS.unicode
    (Suit.SPADES, 'H', '♦')
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The one-letter symbol: ``C D H S``."""
        return "CDHS"[self]

    @property
    def unicode(self) -> str:
        """The Unicode suit symbol: ``♣ ♦ ♥ ♠``."""
        return "♣♦♥♠"[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit letter (either case) or symbol (filled or outlined)."""
        _require_text(text)
        suit = _SUIT_BY_TEXT.get(text.upper())
        if suit is None:
            raise CardParseError(text, 0, f"unknown suit {text!r} (expected one of {_SUIT_HINT})")
        return suit

    @classmethod
    def _missing_(cls, value: object) -> Suit:
        raise InvalidCardsError(
            f"suit {_show(value)} is not a suit value in 0..3 (Suit.parse reads letters)"
        )

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_RANK_SYMBOLS = {rank: "23456789TJQKA"[rank - 2] for rank in Rank}
_RANK_BY_TEXT = {symbol: rank for rank, symbol in _RANK_SYMBOLS.items()} | {"10": Rank.TEN}
_RANK_HINT = "A K Q J T 10 9 8 7 6 5 4 3 2"
_SUIT_BY_TEXT = {suit.letter: suit for suit in Suit} | {
    symbol: suit for suit in Suit for symbol in (suit.unicode, "♧♢♡♤"[suit])
}
_SUIT_HINT = "C D H S or ♣ ♦ ♥ ♠"


class _ShortRepr(reprlib.Repr):
    """``repr`` for error messages: bounded in length and depth, safe on any value."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:  # printing a huge int is slow, or refused past 4300 digits
            return f"<{'negative ' if x < 0 else ''}int of {x.bit_length()} bits>"
        return super().repr_int(x, level)


_SHORT_REPR = _ShortRepr()
_SHORT_REPR.maxstring = _SHORT_REPR.maxother = 80


def _show(value: object) -> str:
    """A short ``repr`` of ``value`` for an error message; never raises.

    >>> _show("x" * 100)[:12], _show(10**5000), _show([[[[[[[[1]]]]]]]])
    ("'xxxxxxxxxxx", '<int of 16610 bits>', '[[[[[[[...]]]]]]]')
    """
    try:
        return _SHORT_REPR.repr(value)
    except Exception:  # a broken __repr__ of some foreign object
        return f"<{type(value).__name__} object>"


def _require_text(text: object, position: int = 0) -> None:
    if not isinstance(text, str):
        raise CardParseError(_show(text), position, f"expected a string, got {type(text).__name__}")


def _to_rank(value: object) -> Rank:
    if isinstance(value, Rank):
        return value
    if type(value) is int and 2 <= value <= 14:
        return Rank(value)
    raise InvalidCardsError(
        f"card rank {_show(value)} is not a Rank or an int in 2..14"
        " (Card.parse reads text such as 'AS')"
    )


def _to_suit(value: object) -> Suit:
    if isinstance(value, Suit):
        return value
    if type(value) is int and 0 <= value <= 3:
        return Suit(value)
    raise InvalidCardsError(
        f"card suit {_show(value)} is not a Suit or an int in 0..3"
        " (Card.parse reads text such as 'AS')"
    )


@attrs.frozen(order=False, eq=False, repr=False, cache_hash=False)
class Card:
    """One playing card: an immutable, hashable, ordered value.

    Build cards with :func:`parse_card`, :meth:`Card.parse`, :meth:`Card.from_index`
    or ``Card(Rank.ACE, Suit.SPADES)``. Cards compare and hash by :attr:`index`.

    >>> Card(Rank.ACE, Suit.SPADES) == Card.parse("A♠") == Card.from_index(51)
    True
    >>> sorted(parse_cards("AS 2C TD"))
    [Card.parse('2C'), Card.parse('TD'), Card.parse('AS')]
    """

    rank: Rank = attrs.field(converter=_to_rank)
    suit: Suit = attrs.field(converter=_to_suit)
    index: int = attrs.field(init=False)

    @index.default
    def _index(self) -> int:
        return (self.rank - 2) * 4 + self.suit

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with the given index (``0..51``); the same object every time."""
        if type(index) is not int or not 0 <= index < 52:
            raise InvalidCardsError(f"card index {_show(index)} is not an integer in 0..51")
        return _CARDS[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Same as :func:`parse_card`."""
        return parse_card(text)

    def format(self, *, unicode: bool = False) -> str:
        """The compact form, with a Unicode suit symbol if asked: ``'AS'`` or ``'A♠'``."""
        return self.rank.symbol + (self.suit.unicode if unicode else self.suit.letter)

    def __str__(self) -> str:
        return self.rank.symbol + self.suit.letter

    def __repr__(self) -> str:
        return f"Card.parse('{self}')"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index == other.index
        return NotImplemented

    def __lt__(self, other: Card) -> bool:
        if other.__class__ is Card:
            return self.index < other.index
        return NotImplemented

    def __le__(self, other: Card) -> bool:
        if other.__class__ is Card:
            return self.index <= other.index
        return NotImplemented

    def __gt__(self, other: Card) -> bool:
        if other.__class__ is Card:
            return self.index > other.index
        return NotImplemented

    def __ge__(self, other: Card) -> bool:
        if other.__class__ is Card:
            return self.index >= other.index
        return NotImplemented

    def _repr_svg_(self) -> str:
        """The card as a picture (Jupyter shows it); see :mod:`cardrules.svg`."""
        return svg.render(self)


_CARDS: tuple[Card, ...] = tuple(Card(Rank(i // 4 + 2), Suit(i % 4)) for i in range(52))
_SEPARATORS = re.compile(r"[\s,;]+")


def _parse_token(token: str, position: int) -> Card:
    if token.upper() in _RANK_BY_TEXT:
        raise CardParseError(token, position, "a rank with no suit; add one of C D H S")
    if len(token) == 3 and token[:2] == "10":
        rank_text, suit_text = token[:2], token[2]
    elif len(token) == 2:
        rank_text, suit_text = token[0], token[1]
    else:
        raise CardParseError(
            token, position, "a card is a rank then a suit, like 'AS', '10h' or 'T♦'"
        )
    rank = _RANK_BY_TEXT.get(rank_text.upper())
    if rank is None:
        raise CardParseError(
            token, position, f"unknown rank {rank_text!r} (expected one of {_RANK_HINT})"
        )
    suit = _SUIT_BY_TEXT.get(suit_text.upper())
    if suit is None:
        raise CardParseError(
            token, position, f"unknown suit {suit_text!r} (expected one of {_SUIT_HINT})"
        )
    return _CARDS[(rank - 2) * 4 + suit]


def parse_card(text: str) -> Card:
    """Read one card written rank then suit: ``AS``, ``as``, ``10s``, ``Ts``, ``A♠``.

    Surrounding white space is ignored. Anything else raises :class:`CardParseError`.

    >>> parse_card(" q♡ ")
    Card.parse('QH')
    """
    _require_text(text)
    return _parse_token(text.strip(), 0)


def parse_cards(text: str, *, allow_duplicates: bool = False) -> tuple[Card, ...]:
    """Read cards separated by white space, commas or semicolons.

    A repeated card is an error unless ``allow_duplicates`` is true.

    >>> parse_cards("AS KS,QS")
    (Card.parse('AS'), Card.parse('KS'), Card.parse('QS'))
    >>> parse_cards("AS as")
    Traceback (most recent call last):
    ...
    cardrules.errors.CardParseError: token 'as' at position 1: duplicate of AS at position 0
    """
    _require_text(text)
    tokens = [token for token in _SEPARATORS.split(text) if token]
    cards = tuple(_parse_token(token, position) for position, token in enumerate(tokens))
    if not allow_duplicates:
        seen: dict[Card, int] = {}
        for position, card in enumerate(cards):
            if card in seen:
                raise CardParseError(
                    tokens[position],
                    position,
                    f"duplicate of {card} at position {seen[card]}",
                )
            seen[card] = position
    return cards


def _card_items(cards: object, what: str) -> tuple[Card, ...]:
    if isinstance(cards, (str, bytes)):
        raise InvalidCardsError(
            f"{what} must be Card values, got the text {_show(cards)} (read it with parse_cards)"
        )
    if not isinstance(cards, Iterable):
        raise InvalidCardsError(f"{what} must be an iterable of Card values, got {_show(cards)}")
    result = tuple(cards)
    for item in result:
        if item.__class__ is not Card:
            raise InvalidCardsError(f"{what} holds {_show(item)}, which is not a Card")
    return result


def format_cards(cards: Iterable[Card], *, unicode: bool = False, sep: str = " ") -> str:
    """Write cards in compact form, separated by ``sep``.

    A non-card raises :class:`InvalidCardsError`.

    >>> format_cards(parse_cards("10h 9s"), unicode=True)
    'T♥ 9♠'
    """
    if not isinstance(sep, str):
        raise InvalidCardsError(f"the separator {_show(sep)} is not a string")
    return sep.join(card.format(unicode=unicode) for card in _card_items(cards, "cards"))


def require_distinct(cards: Iterable[Card], what: str = "cards") -> tuple[Card, ...]:
    """Return ``cards`` as a tuple, or raise :class:`InvalidCardsError` on a non-card or repeat.

    >>> require_distinct(parse_cards("AS KS AS", allow_duplicates=True), "hand")
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidCardsError: hand repeats AS
    """
    if not isinstance(what, str):
        raise InvalidCardsError(f"the description {_show(what)} of the cards is not a string")
    result = _card_items(cards, what)
    if len(set(result)) != len(result):
        seen: set[Card] = set()
        for card in result:
            if card in seen:
                raise InvalidCardsError(f"{what} repeats {card}")
            seen.add(card)
    return result


def _draw_card(card: Card, player: int | None) -> str:
    return svg.render([card])


svg.register(Card, _draw_card, card=True)
