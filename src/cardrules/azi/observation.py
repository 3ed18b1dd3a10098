"""What one Azi player may know: :class:`AziObservation` (a game) and
:class:`AziMatchObservation` (a match).

Visible: the player's own cards once allowed (after choosing to play, or at once
with ``look_before_fold``), the player's own discard, the trump card, every fold,
the bidding, stake and pot, the declarations and pairs, the cards played, the
tricks per player, the balances and the public events. Hidden: other hands, other
players' discards and the undealt cards.

>>> from cardrules.azi import AziState, AziRules, PLAY
>>> state = AziState.new(AziRules(players=3), seed=3, dealer=0)
>>> seen = state.observation(1)
>>> seen.hand is None, seen.trump_card == state.trump_card   # a blind fold
(True, True)
>>> state.apply(PLAY).observation(1).hand == state.hands[1]
True
>>> AziObservation.from_json(seen.to_json()) == seen
True
>>> print(seen)
Azi, seat 1 of 3: deal 1, dealer seat 0, fold phase, seat 1 to act
Trump card QS; pot 30, stake 10 (0 raises)
Your hand: not seen yet
  seat 1: waiting, 0 tricks, -10
  seat 2: waiting, 0 tricks, -10
  seat 0: waiting, 0 tricks, -10
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from cardrules import svg
from cardrules.azi.events import AziEvent, AziMatchEvent, GameStarted, MatchOver, event_from_json
from cardrules.azi.phases import Phase
from cardrules.azi.rules import AziRules
from cardrules.cards import Card, Suit, _show, format_cards, parse_card
from cardrules.errors import CardRulesError, InvalidStateError
from cardrules.observation import ObservationChecks
from cardrules.record import json_object

__all__ = ["AziMatchObservation", "AziObservation"]


_CHECKS = ObservationChecks("Azi", "cardrules.azi.witness")

install_checks = _CHECKS.install
"""Install the checks ``from_json`` runs (:meth:`~cardrules.observation.ObservationChecks.install`);
:mod:`cardrules.azi.witness` installs them when the package is imported."""
_checked = _CHECKS.checked


T = TypeVar("T")


def _seats(value: object) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(type(item) is int for item in value):
        raise InvalidStateError(f"expected a list of seats, got {_show(value)}")
    return tuple(value)


def _int(value: object) -> int:
    if type(value) is not int:
        raise InvalidStateError(f"expected a whole number, got {_show(value)}")
    return value


def _optional(read: Callable[[Any], T]) -> Callable[[Any], T | None]:
    return lambda value: None if value is None else read(value)


def _card(value: object) -> Card:
    if not isinstance(value, str):
        raise InvalidStateError(f"expected a card, got {_show(value)}")
    return parse_card(value)


def _cards(value: object) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise InvalidStateError(f"expected a list of cards, got {_show(value)}")
    return tuple(_card(item) for item in value)


def _pairs(value: object) -> tuple[tuple[int, int], ...]:
    if not isinstance(value, list):
        raise InvalidStateError(f"expected a list of pairs, got {_show(value)}")
    pairs = tuple(_seats(pair) for pair in value)
    if any(len(pair) != 2 for pair in pairs):
        raise InvalidStateError(f"expected pairs of seats, got {_show(value)}")
    return tuple((a, b) for a, b in pairs)


def _trick(value: object) -> tuple[tuple[int, Card], ...]:
    if not isinstance(value, list) or not all(
        isinstance(item, list) and len(item) == 2 for item in value
    ):
        raise InvalidStateError(f"expected a list of [seat, card], got {_show(value)}")
    return tuple((_int(seat), _card(card)) for seat, card in value)


def _events(value: object) -> tuple[AziEvent, ...]:
    if not isinstance(value, list):
        raise InvalidStateError(f"expected a list of events, got {_show(value)}")
    events: list[AziEvent] = []
    for item in value:
        event = event_from_json(item)
        if isinstance(event, (GameStarted, MatchOver)):
            raise InvalidStateError(f"a game observation cannot hold a {_show(event.kind)} event")
        events.append(event)
    return tuple(events)


_READERS: dict[str, Callable[[Any], Any]] = {
    "player": _int,
    "rules": AziRules.from_json,
    "first_dealer": _int,
    "deal": _int,
    "dealer": _int,
    "phase": Phase.parse,
    "current_player": _optional(_int),
    "seats": _seats,
    "trump_card": _card,
    "hand": _optional(_cards),
    "discard": _optional(_card),
    "folded": _seats,
    "staying": _seats,
    "stake": _int,
    "raises": _int,
    "passed": _seats,
    "auction_winner": _optional(_int),
    "raznomast": _seats,
    "pairs": _pairs,
    "trick": _trick,
    "tricks": _seats,
    "pot": _int,
    "balances": _seats,
    "fee": _optional(_int),
    "events": _events,
}


@attrs.frozen
class AziObservation:
    """Everything ``player`` may know of an Azi state, and nothing more (every field
    is tabulated in the Azi guide, "What a player sees").

    Seats lists (``seats``, ``folded``, ``staying``, ``passed``, ``raznomast``) are
    in dealing order of the current deal (from the dealer's left, dealer last).
    ``hand`` is ``None`` while the player has not seen their cards; ``fee`` is the
    fee asked of the current player while joining a re-deal.
    """

    player: int
    rules: AziRules
    first_dealer: int
    deal: int
    dealer: int
    phase: Phase
    current_player: int | None
    seats: tuple[int, ...]
    trump_card: Card
    hand: tuple[Card, ...] | None
    discard: Card | None
    folded: tuple[int, ...]
    staying: tuple[int, ...]
    stake: int
    raises: int
    passed: tuple[int, ...]
    auction_winner: int | None
    raznomast: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[int, ...]
    pot: int
    balances: tuple[int, ...]
    fee: int | None
    events: tuple[AziEvent, ...]

    @property
    def num_players(self) -> int:
        """The number of seats."""
        return self.rules.players

    @property
    def trump(self) -> Suit:
        """The trump suit of the current deal: the suit of :attr:`trump_card`."""
        return self.trump_card.suit

    @property
    def current(self) -> AziObservation:
        """This observation (a match observation's ``current`` is its game's)."""
        return self

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of everything in the observation."""
        return {
            "player": self.player,
            "rules": self.rules.to_json(),
            "first_dealer": self.first_dealer,
            "deal": self.deal,
            "dealer": self.dealer,
            "phase": self.phase.value,
            "current_player": self.current_player,
            "seats": list(self.seats),
            "trump_card": str(self.trump_card),
            "hand": None if self.hand is None else [str(card) for card in self.hand],
            "discard": None if self.discard is None else str(self.discard),
            "folded": list(self.folded),
            "staying": list(self.staying),
            "stake": self.stake,
            "raises": self.raises,
            "passed": list(self.passed),
            "auction_winner": self.auction_winner,
            "raznomast": list(self.raznomast),
            "pairs": [list(pair) for pair in self.pairs],
            "trick": [[seat, str(card)] for seat, card in self.trick],
            "tricks": list(self.tricks),
            "pot": self.pot,
            "balances": list(self.balances),
            "fee": self.fee,
            "events": [event.to_json() for event in self.events],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any] | str | bytes) -> AziObservation:
        """Read what :meth:`to_json` wrote; bad input raises InvalidStateError.

        Only an observation that some real game gives its player loads: it is checked
        against a game rebuilt from its public events (:mod:`cardrules.azi.witness`).
        """
        return _checked("game", cls._read(data))

    @classmethod
    def _read(cls, data: object) -> AziObservation:
        """The observation ``data`` spells, its values type-checked but not yet witnessed."""
        record = json_object(data, "an Azi observation")
        if set(record) != set(_READERS):
            missing = sorted(set(_READERS) - set(record))
            extra = sorted(set(record) - set(_READERS))
            raise InvalidStateError(
                f"an Azi observation needs exactly its fields (missing {missing}, unknown {extra})"
            )
        values = {}
        for name, read in _READERS.items():
            try:
                values[name] = read(record[name])
            except CardRulesError as exc:
                raise InvalidStateError(f"an Azi observation's {name}: {exc}") from exc
        return cls(**values)

    def __str__(self) -> str:
        to_act = "over" if self.current_player is None else f"seat {self.current_player} to act"
        hand = "not seen yet" if self.hand is None else format_cards(self.hand) or "empty"
        if self.discard is not None:
            hand += f" (discarded {self.discard})"
        lines = [
            f"Azi, seat {self.player} of {self.num_players}: deal {self.deal + 1},"
            f" dealer seat {self.dealer}, {self.phase.value} phase, {to_act}",
            f"Trump card {self.trump_card}; pot {self.pot}, stake {self.stake}"
            f" ({self.raises} raise{'' if self.raises == 1 else 's'})",
            f"Your hand: {hand}",
        ]
        for seat in self.seats:
            status = (
                "folded"
                if seat in self.folded
                else "playing"
                if seat in self.staying
                else "waiting"
            )
            extras = [status]
            if seat in self.passed:
                extras.append("passed")
            if seat in self.raznomast:
                extras.append("raznomast")
            extras.append(f"{self.tricks[seat]} trick{'' if self.tricks[seat] == 1 else 's'}")
            lines.append(f"  seat {seat}: {', '.join(extras)}, {self.balances[seat]:+d}")
        if self.trick:
            lines.append("Trick: " + ", ".join(f"seat {s} {c}" for s, c in self.trick))
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows; see :func:`cardrules.svg.render`."""
        return svg.render(self)


@attrs.frozen
class AziMatchObservation:
    """What ``player`` may know of an Azi match: their view of every game so far (the
    current one last) and each seat's net chips over the finished games."""

    player: int
    rules: AziRules
    first_dealer: int
    games: tuple[AziObservation, ...]
    totals: tuple[int, ...]
    is_over: bool

    @property
    def current(self) -> AziObservation:
        """The observation of the game in progress (or the last game, once over)."""
        return self.games[-1]

    @property
    def num_players(self) -> int:
        """The number of seats."""
        return self.rules.players

    @property
    def events(self) -> tuple[AziMatchEvent, ...]:
        """Each game's events after a :class:`GameStarted`, then :class:`MatchOver` at the end."""
        events: list[AziMatchEvent] = []
        for number, game in enumerate(self.games):
            events.append(GameStarted(number, game.first_dealer))
            events.extend(game.events)
        if self.is_over:
            events.append(MatchOver(self.totals))
        return tuple(events)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of everything in the observation."""
        return {
            "player": self.player,
            "rules": self.rules.to_json(),
            "first_dealer": self.first_dealer,
            "games": [game.to_json() for game in self.games],
            "totals": list(self.totals),
            "is_over": self.is_over,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any] | str | bytes) -> AziMatchObservation:
        """Read what :meth:`to_json` wrote; bad input raises InvalidStateError. Only an
        observation that some real match gives its player loads."""
        record = json_object(data, "an Azi match observation")
        keys = {"player", "rules", "first_dealer", "games", "totals", "is_over"}
        if set(record) != keys:
            raise InvalidStateError(f"an Azi match observation needs exactly {sorted(keys)}")
        games = record["games"]
        if not isinstance(games, list) or not games or type(record["is_over"]) is not bool:
            raise InvalidStateError("an Azi match observation needs its games and is_over")
        try:
            rules = AziRules.from_json(record["rules"])
        except CardRulesError as exc:
            raise InvalidStateError(f"invalid Azi match observation: {exc}") from exc
        observation = cls(
            player=_int(record["player"]),
            rules=rules,
            first_dealer=_int(record["first_dealer"]),
            games=tuple(AziObservation._read(game) for game in games),
            totals=_seats(record["totals"]),
            is_over=record["is_over"],
        )
        return _checked("match", observation)

    def __str__(self) -> str:
        count = self.rules.games_per_match
        state = "over" if self.is_over else f"game {len(self.games)} of {count}"
        totals = ", ".join(f"seat {seat} {chips:+d}" for seat, chips in enumerate(self.totals))
        return f"Azi match, seat {self.player}: {state}; totals {totals}\n{self.current}"

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows; see :func:`cardrules.svg.render`."""
        return svg.render(self)
