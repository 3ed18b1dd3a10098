"""Where the cards of each deal come from: a seed, explicit decks, or both.

Chance in cardrules is explicit and reproducible. A game records one
:class:`Dealing`, and deal number ``n`` of the game always receives
``dealing.deck(n, pack)``:

- the ``n``-th explicit deck when one was given (so tests and bots can set up any
  position);
- otherwise the pack shuffled and cut by an :class:`~cardrules.rng.Rng` seeded with
  ``derive_seed(seed, n)``. A dealing with explicit decks but no seed derives its seed
  from the decks themselves, so later deals stay reproducible.

>>> from cardrules import Deck
>>> seeded = Dealing(seed=7)
>>> seeded.deck(0, Deck.standard()) == seeded.deck(0, Deck.standard())
True
>>> seeded.deck(0, Deck.standard()) == seeded.deck(1, Deck.standard())
False
>>> explicit = Dealing(decks=(Deck.standard(),))
>>> explicit.deck(0, Deck.standard()) == Deck.standard()
True
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs
from typing_extensions import Self

from cardrules.cards import Card, _show
from cardrules.deck import Deck
from cardrules.errors import InvalidCardsError, InvalidStateError
from cardrules.rng import Rng, check_seed, derive_seed

__all__ = ["Dealing"]

_MAX_DEAL = (1 << 64) - 1


def _to_decks(decks: Iterable[Deck]) -> tuple[Deck, ...]:
    if isinstance(decks, (str, bytes)) or not isinstance(decks, Iterable):
        raise InvalidCardsError(
            f"explicit decks must be a sequence of Deck values, got {_show(decks)}"
        )
    result = tuple(decks)
    for deck in result:
        if not isinstance(deck, Deck):
            raise InvalidCardsError(f"explicit decks must be Deck values, got {_show(deck)}")
    return result


def _check_optional_seed(_: object, __: object, seed: int | None) -> None:
    if seed is not None:
        check_seed(seed)


def _seed_from_decks(decks: tuple[Deck, ...]) -> int:
    value = 0
    for deck in decks:
        for card in deck:
            value = derive_seed(value, card.index + 1)
        value = derive_seed(value, 0)
    return value


def _check_deal(number: object, pack: object) -> None:
    if type(number) is not int or not 0 <= number <= _MAX_DEAL:
        raise InvalidStateError(f"deal number {_show(number)} is not an integer in 0..2**64-1")
    if not isinstance(pack, Deck):
        raise InvalidCardsError(f"the pack to deal from must be a Deck, got {_show(pack)}")


@attrs.frozen
class Dealing:
    """The chance source of a game: an optional ``seed`` and explicit ``decks``, top first.

    >>> Dealing(seed=1).deck(-1, Deck.standard())
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidStateError: deal number -1 is not an integer in 0..2**64-1
    """

    seed: int | None = attrs.field(default=None, validator=_check_optional_seed)
    decks: tuple[Deck, ...] = attrs.field(default=(), converter=_to_decks)
    _derived_seed: int | None = attrs.field(init=False, default=None, eq=False, repr=False)

    @property
    def base_seed(self) -> int:
        """The seed behind seeded deals: ``seed``, or one derived from the explicit decks.

        The derived seed is worked out once, on first use, and kept.
        """
        if self.seed is not None:
            return self.seed
        value = self._derived_seed
        if value is None:
            value = _seed_from_decks(self.decks)
            object.__setattr__(self, "_derived_seed", value)
        return value

    def deck(self, number: int, pack: Deck, dealt: int | None = None) -> Deck:
        """The deck for deal ``number`` (0-based), drawn from ``pack``'s cards.

        An explicit deck must hold exactly the cards of ``pack``. ``dealt`` says how
        many cards from the top the deal hands out (``None``: all); a seeded or
        explicit dealing ignores it, explicit chance (:mod:`cardrules.chance`) draws
        only those cards.
        """
        _check_deal(number, pack)
        if number < len(self.decks):
            return self._explicit(number, pack)
        return Deck(self._seeded(number, pack))

    def cards(self, number: int, pack: Deck, dealt: int | None = None) -> tuple[Card, ...]:
        """The cards of :meth:`deck`, top first, without building a :class:`Deck`.

        The fast path for game engines: a seeded deal is one Fisher–Yates shuffle
        and one cut, both drawn from ``Rng(derive_seed(base_seed, number))``.
        """
        _check_deal(number, pack)
        if number < len(self.decks):
            return self._explicit(number, pack).cards
        return self._seeded(number, pack)

    def _seeded(self, number: int, pack: Deck) -> tuple[Card, ...]:
        return Rng(derive_seed(self.base_seed, number))._dealt(pack.cards)

    def _explicit(self, number: int, pack: Deck) -> Deck:
        deck = self.decks[number]
        if len(deck) != len(pack) or set(deck) != set(pack):
            missing = sorted(set(pack) - set(deck))
            extra = sorted(set(deck) - set(pack))
            raise InvalidCardsError(
                f"explicit deck {number} does not hold the game's pack of {len(pack)} cards"
                f" (missing {' '.join(map(str, missing)) or 'none'},"
                f" foreign {' '.join(map(str, extra)) or 'none'})"
            )
        return deck

    def with_deck(self, deck: Deck) -> Self:
        """This dealing with ``deck`` as its next explicit deck; its class, seed and
        earlier decks are kept.

        >>> Dealing(seed=4).with_deck(Deck.standard()) == Dealing(4, (Deck.standard(),))
        True
        """
        if not isinstance(deck, Deck):
            raise InvalidCardsError(f"an explicit deck must be a Deck, got {_show(deck)}")
        return attrs.evolve(self, decks=(*self.decks, deck))

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict: ``{"seed": ..., "decks": [...]}``."""
        return {"seed": self.seed, "decks": [str(deck) for deck in self.decks]}

    @classmethod
    def from_json(cls, data: object) -> Dealing:
        """Read what :meth:`to_json` wrote; bad input raises :class:`InvalidStateError`.

        >>> try:
        ...     Dealing.from_json({"seed": 10**5000, "decks": []})
        ... except InvalidStateError as exc:
        ...     print(exc)
        invalid dealing: seed <int of 16610 bits> is not an integer in 0..2**64-1
        """
        if not isinstance(data, dict) or set(data) != {"seed", "decks"}:
            raise InvalidStateError(
                f"dealing must be an object with seed and decks, got {_show(data)}"
            )
        decks = data["decks"]
        if not isinstance(decks, list) or not all(isinstance(d, str) for d in decks):
            raise InvalidStateError(
                f"dealing decks must be a list of card strings, got {_show(decks)}"
            )
        try:
            return cls(seed=data["seed"], decks=tuple(Deck.parse(text) for text in decks))
        except (InvalidCardsError, ValueError) as exc:
            raise InvalidStateError(f"invalid dealing: {exc}") from exc
