"""Azi rule options (RULES.md A1–A15): one immutable value per game.

>>> rules = AziRules()
>>> rules.players, rules.ante, rules.raise_cap, rules.first_lead
(4, 10, 3, FirstLead.RIGHT_OF_WINNER)
>>> rules = AziRules(players=3, suits="CDS", rounding=Rounding.DOWN)
>>> rules.suits
(Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)
>>> AziRules.from_json(rules.to_json()) == rules
True
>>> AziRules(players=7)
Traceback (most recent call last):
...
cardrules.errors.InvalidRulesError: players must be a whole number from 2 to 6, got 7
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any

import attrs

from cardrules.cards import Card, Suit
from cardrules.deck import DEFAULT_AZI_SUITS, Deck
from cardrules.errors import InvalidRulesError

__all__ = ["MAX_PLAYERS", "MAX_RAISE_CHOICES", "MIN_PLAYERS", "AziRules", "FirstLead", "Rounding"]

MIN_PLAYERS = 2
MAX_PLAYERS = 6


_PACKS: dict[tuple[Suit, ...], Deck] = {}


class _Named(enum.Enum):
    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    @classmethod
    def parse(cls, text: object) -> Any:
        """The member whose value is ``text``; anything else raises InvalidRulesError."""
        for member in cls:
            if text == member.value:
                return member
        names = ", ".join(repr(member.value) for member in cls)
        raise InvalidRulesError(f"unknown {cls.__name__} {text!r} (expected one of {names})")


class FirstLead(_Named):
    """Who leads the first trick of a deal (A8)."""

    RIGHT_OF_WINNER = "right_of_winner"
    """The nearest staying player before the auction winner (the default)."""
    AUCTION_WINNER = "auction_winner"
    """The auction winner."""


class Rounding(_Named):
    """How half the pot is rounded to whole chips for a 0-trick player's re-deal fee (A12)."""

    UP = "up"
    """Round up (the default)."""
    DOWN = "down"
    """Round down."""


def _whole(low: int, high: int | None = None) -> Any:
    def check(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not int or value < low or (high is not None and value > high):
            span = f"from {low} to {high}" if high is not None else f"of at least {low}"
            raise InvalidRulesError(
                f"{attribute.name} must be a whole number {span}, got {value!r}"
            )

    return check


def _to_suits(value: Iterable[object]) -> tuple[Suit, ...]:
    try:
        suits = tuple(sorted(s if isinstance(s, Suit) else Suit.parse(str(s)) for s in value))
    except (TypeError, ValueError) as exc:
        raise InvalidRulesError(f"suits must be three suits, got {value!r}: {exc}") from exc
    if len(suits) != 3 or len(set(suits)) != 3:
        raise InvalidRulesError(f"suits must be three distinct suits, got {value!r}")
    return suits


def _check_kind(kind: type[_Named]) -> Any:
    def check(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, kind):
            raise InvalidRulesError(f"{attribute.name} must be a {kind.__name__}, got {value!r}")

    return check


def _check_bool(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not bool:
        raise InvalidRulesError(f"{attribute.name} must be True or False, got {value!r}")


MAX_RAISE_CHOICES = 1000
"""The most raise amounts one bidding turn may offer (``max_raise - min_raise + 1``)."""


@attrs.frozen
class AziRules:
    """The Azi rule options; every default is the RULES.md reading.

    - ``players``: 2 to 6 (A2).
    - ``ante``: chips each player puts in the pot before a game (A3; default 10).
    - ``suits``: the three suits of the 27-card pack (A1; default diamonds, hearts, spades).
    - ``look_before_fold``: players see their cards before folding (A5; default False).
    - ``first_lead``: who leads the first trick (A8; default right of the auction winner).
    - ``min_raise``: the least a raise adds to the stake (A7; default 1).
    - ``max_raise``: the most a raise adds to the stake (a gap of the seed; default 10;
      at most ``MAX_RAISE_CHOICES`` amounts from ``min_raise`` to ``max_raise``).
    - ``raise_cap``: raises allowed in one bidding, counting everyone (A7; default 3).
    - ``rounding``: rounding of the half-pot re-deal fee (A12; default up).
    """

    players: int = attrs.field(default=4, validator=_whole(MIN_PLAYERS, MAX_PLAYERS))
    ante: int = attrs.field(default=10, validator=_whole(1))
    suits: tuple[Suit, ...] = attrs.field(default=DEFAULT_AZI_SUITS, converter=_to_suits)
    look_before_fold: bool = attrs.field(default=False, validator=_check_bool)
    first_lead: FirstLead = attrs.field(
        default=FirstLead.RIGHT_OF_WINNER, validator=_check_kind(FirstLead)
    )
    min_raise: int = attrs.field(default=1, validator=_whole(1))
    max_raise: int = attrs.field(default=10, validator=_whole(1))
    raise_cap: int = attrs.field(default=3, validator=_whole(0))
    rounding: Rounding = attrs.field(default=Rounding.UP, validator=_check_kind(Rounding))

    def __attrs_post_init__(self) -> None:
        if self.max_raise < self.min_raise:
            raise InvalidRulesError(
                f"max_raise {self.max_raise} is below min_raise {self.min_raise}"
            )
        if self.max_raise - self.min_raise >= MAX_RAISE_CHOICES:
            raise InvalidRulesError(
                f"max_raise {self.max_raise} with min_raise {self.min_raise} allows more than"
                f" {MAX_RAISE_CHOICES} raise amounts; each is a legal action, so keep the range"
                " smaller"
            )

    @property
    def pack(self) -> Deck:
        """The 27-card pack of these suits, in index order."""
        pack = _PACKS.get(self.suits)
        if pack is None:
            cards = (Card.from_index(card.index) for card in Deck.azi(self.suits))
            pack = _PACKS[self.suits] = Deck(cards)
        return pack

    def half_pot(self, pot: int) -> int:
        """Half of ``pot``, rounded as the rules say (the 0-trick re-deal fee).

        >>> AziRules().half_pot(45), AziRules(rounding=Rounding.DOWN).half_pot(45)
        (23, 22)
        """
        return (pot + 1) // 2 if self.rounding is Rounding.UP else pot // 2

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict that :meth:`from_json` reads back."""
        return {
            "players": self.players,
            "ante": self.ante,
            "suits": "".join(suit.letter for suit in self.suits),
            "look_before_fold": self.look_before_fold,
            "first_lead": self.first_lead.value,
            "min_raise": self.min_raise,
            "max_raise": self.max_raise,
            "raise_cap": self.raise_cap,
            "rounding": self.rounding.value,
        }

    @classmethod
    def from_json(cls, data: object) -> AziRules:
        """Read what :meth:`to_json` wrote; bad input raises :class:`InvalidRulesError`."""
        keys = set(AziRules().to_json())
        if not isinstance(data, dict) or set(data) != keys:
            raise InvalidRulesError(
                f"Azi rules must be an object with the keys {sorted(keys)}, got {data!r:.200}"
            )
        suits = data["suits"]
        if not isinstance(suits, str):
            raise InvalidRulesError(f"suits must be a string of three suit letters, got {suits!r}")
        return cls(
            players=data["players"],
            ante=data["ante"],
            suits=tuple(suits),
            look_before_fold=data["look_before_fold"],
            first_lead=FirstLead.parse(data["first_lead"]),
            min_raise=data["min_raise"],
            max_raise=data["max_raise"],
            raise_cap=data["raise_cap"],
            rounding=Rounding.parse(data["rounding"]),
        )
