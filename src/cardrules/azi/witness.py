"""Witnesses: a real Azi game behind an observation, or an error saying why there is none.

An observation read from JSON must be one that some real game gives its player,
as a state record must replay. :func:`check_observation` checks that completely:
it rebuilds a game from the observation's public events and the player's own cards
(by :func:`~cardrules.azi.resample.resample`, with a fixed seed, so the public
history is replayed under the rules), then requires that game's observation for the
player to equal the given one, field by field. An observation passes exactly when some
real game gives it (the rebuilt game, its witness, is one).
:func:`check_match_observation` does the same for a match.

Before that, every seat, card and per-seat list is checked for range, so that the
error names the first value out of place.

>>> from cardrules.azi import AziRules, AziState, PLAY
>>> state = AziState.new(AziRules(players=3), seed=3, dealer=0).apply(PLAY)
>>> seen = state.observation(1)
>>> check_observation(seen)
>>> import attrs
>>> try:
...     check_observation(attrs.evolve(seen, pot=31))
... except InvalidStateError as error:
...     print(error)
no Azi game gives player 1 this observation: pot 31 (the public events give 30)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from cardrules.azi._boundary import LEAKS
from cardrules.azi.match import AziMatch
from cardrules.azi.observation import AziMatchObservation, AziObservation, install_checks
from cardrules.azi.resample import resample, resample_match
from cardrules.azi.state import AziState
from cardrules.cards import Card, _show
from cardrules.errors import CardRulesError, InvalidStateError
from cardrules.rng import Rng

__all__ = ["check_match_observation", "check_observation"]

_SEED = 0
"""The seed of the witness's hidden cards: any seed gives a witness when one exists."""

_TRICKS_TO_WIN = 2
_SEAT_FIELDS = ("player", "dealer", "invite")
_CARD_FIELDS = ("card", "trump_card")


class _Checker:
    """Range checks of one observation's values under its rules."""

    def __init__(self, observation: AziObservation) -> None:
        self.players = observation.rules.players
        self.pack = frozenset(observation.rules.pack)

    def seat(self, value: int | None, what: str) -> None:
        if value is not None and not 0 <= value < self.players:
            raise InvalidStateError(f"{what} {_show(value)} is not a seat in 0..{self.players - 1}")

    def seats(self, values: Iterable[int], what: str) -> None:
        values = tuple(values)
        for value in values:
            self.seat(value, what)
        if len(set(values)) != len(values):
            raise InvalidStateError(f"{what} {_show(list(values))} repeats a seat")

    def card(self, value: Card | None, what: str) -> None:
        if value is not None and value not in self.pack:
            raise InvalidStateError(f"{what} {value} is not a card of the pack")

    def whole(self, value: int | None, what: str) -> None:
        if value is not None and value < 0:
            raise InvalidStateError(f"{what} {value} is negative")

    def per_seat(self, values: tuple[int, ...], what: str) -> None:
        if len(values) != self.players:
            raise InvalidStateError(
                f"{what} {_show(list(values))} does not hold one entry per seat ({self.players})"
            )


def _check_values(observation: AziObservation) -> None:
    """Every seat a seat, every card in the pack, every per-seat list one per seat."""
    check = _Checker(observation)
    for name in ("player", "first_dealer", "dealer", "current_player", "auction_winner"):
        check.seat(getattr(observation, name), name)
    for name in ("seats", "folded", "staying", "passed", "raznomast"):
        check.seats(getattr(observation, name), name)
    check.seats([seat for pair in observation.pairs for seat in pair], "pairs")
    check.seats([seat for seat, _ in observation.trick], "trick")
    for name in ("deal", "stake", "raises", "pot", "fee"):
        check.whole(getattr(observation, name), name)
    check.per_seat(observation.tricks, "tricks")
    check.per_seat(observation.balances, "balances")
    if any(not 0 <= count <= _TRICKS_TO_WIN for count in observation.tricks):
        raise InvalidStateError(f"tricks {_show(list(observation.tricks))} are out of range")
    check.card(observation.trump_card, "trump_card")
    check.card(observation.discard, "discard")
    for card in observation.hand or ():
        check.card(card, "hand")
    if observation.hand is not None and len(set(observation.hand)) != len(observation.hand):
        raise InvalidStateError(f"hand {' '.join(map(str, observation.hand))} repeats a card")
    for _, card in observation.trick:
        check.card(card, "trick")
    for number, event in enumerate(observation.events):
        _check_event(check, event, f"event {number} ({event.kind})")


def _check_event(check: _Checker, event: Any, where: str) -> None:
    seats, cards, lists = _event_fields(type(event))
    for name in seats:
        check.seat(getattr(event, name), f"{where}: {name}")
    for name in cards:
        check.card(getattr(event, name), f"{where}: {name}")
    for name in lists:
        check.seats(getattr(event, name), f"{where}: {name}")


_Fields = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
_EVENT_FIELDS: dict[type, _Fields] = {}


def _event_fields(kind: type) -> _Fields:
    """An event type's fields that hold a seat, a card and a list of seats."""
    found = _EVENT_FIELDS.get(kind)
    if found is None:
        names = [field.name for field in attrs.fields(kind)]
        found = _EVENT_FIELDS[kind] = (
            tuple(name for name in names if name in _SEAT_FIELDS),
            tuple(name for name in names if name in _CARD_FIELDS),
            tuple(name for name in names if name == "seats"),
        )
    return found


def _differences(given: Any, real: Any) -> list[str]:
    """The fields where ``given`` and ``real`` (two observations of one kind) differ."""
    found = []
    for field in attrs.fields(type(given)):
        mine, theirs = getattr(given, field.name), getattr(real, field.name)
        if mine != theirs:
            found.append(_difference(field.name, mine, theirs))
    return found


def _difference(name: str, given: Any, real: Any) -> str:
    if name == "events":
        for number, (one, two) in enumerate(zip(given, real, strict=False)):
            if one != two:
                return f"event {number} {_show(one)} (the rules give {_show(two)})"
        shorter = "fewer" if len(given) < len(real) else "more"
        return f"{len(given)} events, {shorter} than the rules give ({len(real)})"
    if name == "games":
        for number, (one, two) in enumerate(zip(given, real, strict=False)):
            if one != two:
                return f"game {number}: " + "; ".join(_differences(one, two)[:3])
        return f"{len(given)} games (the public events give {len(real)})"
    return f"{name} {_show(_plain(given))} (the public events give {_show(_plain(real))})"


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    if isinstance(value, Card):
        return str(value)
    return value


def _rebuilt(build: Any, observation: Any) -> Any:
    """``build(observation, rng)``, any failure an InvalidStateError naming the player."""
    try:
        return build(observation, Rng(_SEED))
    except CardRulesError as exc:
        raise InvalidStateError(
            f"no Azi game gives player {observation.player} this observation: {exc}"
        ) from exc
    except LEAKS as exc:  # malformed public history that the replay trips over
        raise InvalidStateError(
            f"no Azi game gives player {observation.player} this observation: its public"
            f" events cannot be replayed ({type(exc).__name__})"
        ) from None


def _same(observation: Any, real: Any) -> None:
    if real != observation:
        found = _differences(observation, real)
        raise InvalidStateError(
            f"no Azi game gives player {observation.player} this observation: "
            + "; ".join(found[:3])
        )


def check_observation(observation: AziObservation) -> None:
    """Pass if some real game gives ``observation.player`` exactly ``observation``; else
    raise InvalidStateError naming the values out of place."""
    if not isinstance(observation, AziObservation):
        raise InvalidStateError(f"expected an AziObservation, got {_show(observation)}")
    _check_values(observation)
    state: AziState = _rebuilt(resample, observation)
    _same(observation, state.observation(observation.player))


def check_match_observation(observation: AziMatchObservation) -> None:
    """Pass if some real match gives ``observation.player`` exactly ``observation``; else
    raise InvalidStateError naming the values out of place."""
    if not isinstance(observation, AziMatchObservation):
        raise InvalidStateError(f"expected an AziMatchObservation, got {_show(observation)}")
    if len(observation.games) > observation.rules.games_per_match:
        raise InvalidStateError(
            f"games: {len(observation.games)} games, more than a match has"
            f" ({observation.rules.games_per_match})"
        )
    for number, game in enumerate(observation.games):
        if game.rules != observation.rules or game.player != observation.player:
            raise InvalidStateError(
                f"game {number} is seen by another player or under other rules than the match"
            )
        try:
            _check_values(game)
        except InvalidStateError as exc:
            raise InvalidStateError(f"game {number}: {exc}") from None
    first = _Checker(observation.games[0])
    first.seat(observation.first_dealer, "first_dealer")
    first.per_seat(observation.totals, "totals")
    match: AziMatch = _rebuilt(resample_match, observation)
    _same(observation, match.observation(observation.player))


install_checks(check_observation, check_match_observation)
