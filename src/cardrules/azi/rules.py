"""Azi rule options (A1–A15 on the Azi rules page): one immutable value per game.

>>> rules = AziRules()
>>> rules.players, rules.ante, rules.raise_cap, rules.first_lead
(4, 10, 3, FirstLead.RIGHT_OF_WINNER)
>>> rules = AziRules(players=3, suits="CDS", rounding=Rounding.DOWN)
>>> rules.suits
(Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)
>>> AziRules.from_json(rules.to_json()) == rules
True
>>> AziRules.from_json({"players": 5}).match_games      # missing options take defaults
>>> AziRules.from_json({"players": 5}).players
5
>>> AziRules(players=7)
Traceback (most recent call last):
...
cardrules.errors.InvalidRulesError: players must be a whole number from 2 to 6, got 7
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from cardrules.azi._boundary import LEAKS, bad_arguments
from cardrules.azi.pack import DEFAULT_AZI_SUITS, azi_pack, suit_of
from cardrules.cards import Suit, _show
from cardrules.deck import Deck
from cardrules.errors import InvalidRulesError, InvalidStateError
from cardrules.options import (
    NamedEnum,
    check_bool,
    check_kind,
    json_rules,
    rules_from_options,
    whole,
)

__all__ = [
    "MAX_ANTE",
    "MAX_MATCH_GAMES",
    "MAX_PLAYERS",
    "MAX_RAISE",
    "MAX_RAISE_CAP",
    "MAX_RAISE_CHOICES",
    "MAX_RAISE_IDS",
    "MIN_PLAYERS",
    "RULES_PAGE",
    "SUITS_CHOICES",
    "AziRules",
    "FirstLead",
    "Rounding",
    "rule",
    "rules_from",
]

RULES_PAGE = "the Azi rules page (docs/rules/azi)"
"""Where a player reads the rules that messages name by tag: the documentation's page."""

_TAG = re.compile(r"A[0-9]{1,2}")


def rule(tag: str) -> str:
    """How a prompt or an error names one of the rules: by its tag and its page.

    >>> rule("A2")
    'rule A2 on the Azi rules page (docs/rules/azi)'
    """
    if not isinstance(tag, str) or _TAG.fullmatch(tag) is None:
        raise InvalidRulesError(
            f"an Azi rule tag is A and a number, as in rule A2; got {_show(tag)}"
        )
    return f"rule {tag} on {RULES_PAGE}"


SUITS_CHOICES: tuple[str, ...] = tuple(
    sorted("".join(sorted({"C", "D", "H", "S"} - {left_out})) for left_out in "CDHS")
)
"""The four choices of three suits (A1), by letter, as the command line offers them."""

MIN_PLAYERS = 2
MAX_PLAYERS = 6

MAX_ANTE = 1_000_000
"""The largest ``ante``."""
MAX_RAISE = 1_000_000
"""The largest ``min_raise`` and ``max_raise``."""
MAX_RAISE_IDS = 10_000
"""The most raise action ids (``raise_cap * max_raise - min_raise + 1``), which bounds
``num_distinct_actions`` and so the size of an action mask."""
MAX_RAISE_CAP = MAX_RAISE_IDS
"""The largest ``raise_cap`` (each raise is one more id, so it is at most the ids' bound)."""
MAX_MATCH_GAMES = 1000
"""The most games in a match (``match_games``)."""

# One pack per choice of three suits out of four: at most four entries.
_PACKS: dict[tuple[Suit, ...], Deck] = {}


class FirstLead(NamedEnum):
    """Who leads the first trick of a deal (A8)."""

    RIGHT_OF_WINNER = "right_of_winner"
    """The nearest staying player before the auction winner (the default)."""
    AUCTION_WINNER = "auction_winner"
    """The auction winner."""


class Rounding(NamedEnum):
    """How half the pot is rounded to whole chips for a 0-trick player's re-deal fee (A12)."""

    UP = "up"
    """Round up (the default)."""
    DOWN = "down"
    """Round down."""


def _to_suits(value: Iterable[object]) -> tuple[Suit, ...]:
    if isinstance(value, Suit) or not isinstance(value, (str, Iterable)):
        raise InvalidRulesError(f"suits must be three suits, got {_show(value)}")
    try:
        suits = tuple(sorted(suit_of(s) for s in value))
    except (TypeError, ValueError, RecursionError) as exc:
        raise InvalidRulesError(f"suits must be three suits, got {_show(value)}: {exc}") from exc
    if len(suits) != 3 or len(set(suits)) != 3:
        raise InvalidRulesError(f"suits must be three distinct suits, got {_show(value)}")
    return suits


def _check_games(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None:
        whole(1, MAX_MATCH_GAMES)(_, attribute, value)


MAX_RAISE_CHOICES = 1000
"""The most raise amounts one bidding turn may offer (``max_raise - min_raise + 1``)."""


@attrs.frozen
class AziRules:
    """The Azi rule options; every default is the reading on the Azi rules page.

    - ``players``: 2 to 6 (A2).
    - ``ante``: chips each player puts in the pot before a game (A3; default 10; at most
      ``MAX_ANTE``).
    - ``suits``: the three suits of the 27-card pack (A1; default diamonds, hearts, spades).
    - ``look_before_fold``: players see their cards before folding (A5; default False).
    - ``first_lead``: who leads the first trick (A8; default right of the auction winner).
    - ``min_raise``: the least a raise adds to the stake (A7; default 1; at most
      ``MAX_RAISE``).
    - ``max_raise``: the most a raise adds to the stake (a gap the rules leave open;
      default 10; at most ``MAX_RAISE``, and at most ``MAX_RAISE_CHOICES`` amounts from
      ``min_raise`` to ``max_raise``).
    - ``raise_cap``: raises allowed in one bidding, counting everyone (A7; default 3;
      the raise ids ``raise_cap * max_raise - min_raise + 1`` at most ``MAX_RAISE_IDS``).
    - ``rounding``: rounding of the half-pot re-deal fee (A12; default up).
    - ``match_games``: games in a match (a gap A15 leaves open; default ``None``: one game
      dealt first by each seat, that is ``players`` games; at most ``MAX_MATCH_GAMES``).
      Single games ignore it.

    The bounds are on the Azi rules page; a value outside them raises InvalidRulesError.
    """

    players: int = attrs.field(default=4, validator=whole(MIN_PLAYERS, MAX_PLAYERS))
    ante: int = attrs.field(default=10, validator=whole(1, MAX_ANTE))
    suits: tuple[Suit, ...] = attrs.field(default=DEFAULT_AZI_SUITS, converter=_to_suits)
    look_before_fold: bool = attrs.field(default=False, validator=check_bool)
    first_lead: FirstLead = attrs.field(
        default=FirstLead.RIGHT_OF_WINNER, validator=check_kind(FirstLead)
    )
    min_raise: int = attrs.field(default=1, validator=whole(1, MAX_RAISE))
    max_raise: int = attrs.field(default=10, validator=whole(1, MAX_RAISE))
    raise_cap: int = attrs.field(default=3, validator=whole(0, MAX_RAISE_CAP))
    rounding: Rounding = attrs.field(default=Rounding.UP, validator=check_kind(Rounding))
    match_games: int | None = attrs.field(default=None, validator=_check_games)

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
        raise_ids = self.raise_cap * self.max_raise - self.min_raise + 1
        if self.raise_cap and raise_ids > MAX_RAISE_IDS:
            raise InvalidRulesError(
                f"raise_cap {self.raise_cap} with max_raise {self.max_raise} and min_raise"
                f" {self.min_raise} makes {raise_ids} raise action ids"
                " (raise_cap * max_raise - min_raise + 1), over the bound"
                f" {MAX_RAISE_IDS}; lower raise_cap or max_raise"
            )

    @property
    def pack(self) -> Deck:
        """The 27-card pack of these suits, in card-index order."""
        pack = _PACKS.get(self.suits)
        if pack is None:
            pack = _PACKS[self.suits] = azi_pack(self.suits)
        return pack

    @property
    def games_per_match(self) -> int:
        """The games in a match: ``match_games``, or ``players`` when that is None."""
        return self.players if self.match_games is None else self.match_games

    @property
    def top_stake(self) -> int:
        """The highest stake a bidding can reach: ``ante + raise_cap * max_raise`` (A7)."""
        return self.ante + self.raise_cap * self.max_raise

    def half_pot(self, pot: int) -> int:
        """Half of ``pot``, rounded as the rules say (the 0-trick re-deal fee).

        >>> AziRules().half_pot(45), AziRules(rounding=Rounding.DOWN).half_pot(45)
        (23, 22)
        """
        try:
            return (pot + 1) // 2 if self.rounding is Rounding.UP else pot // 2
        except LEAKS as exc:
            raise bad_arguments(
                InvalidStateError, "half_pot", "a whole-number pot", exc, pot=pot
            ) from None

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
            "match_games": self.match_games,
        }

    @classmethod
    def from_json(cls, data: object) -> AziRules:
        """Read what :meth:`to_json` wrote (missing keys take their defaults, unknown keys
        fail); bad input raises :class:`InvalidRulesError`."""
        return json_rules(cls, data, _build, "Azi")


def _build(data: dict[str, Any]) -> AziRules:
    suits = data["suits"]
    if not isinstance(suits, str):
        raise InvalidRulesError(f"suits must be a string of three suit letters, got {_show(suits)}")
    return AziRules(
        players=data["players"],
        ante=data["ante"],
        suits=tuple(suits),
        look_before_fold=data["look_before_fold"],
        first_lead=FirstLead.parse(data["first_lead"]),
        min_raise=data["min_raise"],
        max_raise=data["max_raise"],
        raise_cap=data["raise_cap"],
        rounding=Rounding.parse(data["rounding"]),
        match_games=data["match_games"],
    )


def rules_from(options: Mapping[str, object]) -> AziRules:
    """Rules from keyword options or spec text over the defaults (``players="5"``...)."""
    if not isinstance(options, Mapping):
        raise InvalidRulesError(f"Azi options must be a mapping of names, got {_show(options)}")
    try:
        return rules_from_options(AziRules, options, AziRules.from_json, "Azi")
    except LEAKS as exc:
        raise bad_arguments(
            InvalidRulesError, "rules_from", "a mapping of Azi options", exc, options=options
        ) from None
