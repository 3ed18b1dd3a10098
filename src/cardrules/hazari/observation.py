"""What one Hazari player may know: their own hand and arrangement, and the public events.

An observation never holds another player's hand or arrangement; the others'
groups reach it only through :class:`~cardrules.hazari.events.RoundPlayed`
events, once they are played (H8). Observations write themselves as JSON and
read it back exactly, and ``str`` renders one for a terminal.

>>> from cardrules.hazari import new_game
>>> view = new_game(seed=7).observation(1)
>>> print(view)
Hazari deal 1, seat 0 deals; you are seat 1
  your hand: 2D 3C 3S 4H 4S 5C 7H 8C 8D 9D JC AC AH
  up: nobody yet; seat 1 to arrange
>>> HazariObservation.from_json(view.to_json()) == view
True
"""

from __future__ import annotations

from typing import Any

import attrs

from cardrules import svg
from cardrules.cards import Card, _show, format_cards, parse_cards
from cardrules.errors import CardRulesError, InvalidStateError
from cardrules.hazari.arrangement import Arrangement
from cardrules.hazari.events import (
    DealScored,
    HazariEvent,
    PlayerUp,
    RoundPlayed,
    event_from_json,
    json_seat,
    json_whole,
)
from cardrules.hazari.partitions import sorted_hand
from cardrules.hazari.rules import HazariRules
from cardrules.observation import ObservationChecks
from cardrules.record import dump_json, json_object

__all__ = ["HazariMatchObservation", "HazariObservation"]


_CHECKS = ObservationChecks("Hazari", "cardrules.hazari.witness")

install_checks = _CHECKS.install
"""Install the checks ``from_json`` runs (:meth:`~cardrules.observation.ObservationChecks.install`);
:mod:`cardrules.hazari.witness` installs them when the package is imported."""
_checked = _CHECKS.checked


_DEAL_KEYS = (
    "rules",
    "player",
    "dealer",
    "deal",
    "hand",
    "arrangement",
    "up",
    "current_player",
    "events",
    "scores",
)


@attrs.frozen
class HazariObservation:
    """One player's view of a Hazari deal.

    ``player``: the observing seat. ``dealer``: the dealer's seat. ``deal``: the deal's
    number in its game (0 for a single deal). ``hand``: the player's 13 cards, sorted.
    ``arrangement``: the player's own arrangement once they are up, else ``None``.
    ``up``: the seats that are up, in the order they said so. ``current_player``: who
    must submit next (``None`` once the deal is over). ``events``: the public events.
    ``scores``: each seat's card points (all zero until the deal is over).
    ``groups``: under ``actions="groups"``, the groups the player has chosen so far
    while it is their turn (empty for every other seat, and once up).
    """

    rules: HazariRules
    player: int
    dealer: int
    deal: int
    hand: tuple[Card, ...]
    arrangement: Arrangement | None
    up: tuple[int, ...]
    current_player: int | None
    events: tuple[HazariEvent, ...]
    scores: tuple[int, ...]
    groups: tuple[tuple[Card, ...], ...] = ()

    @property
    def is_terminal(self) -> bool:
        """True once the deal is over and every group has been shown."""
        return self.current_player is None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of everything in the observation (``groups`` when there are some)."""
        data: dict[str, Any] = {
            "rules": self.rules.to_json(),
            "player": self.player,
            "dealer": self.dealer,
            "deal": self.deal,
            "hand": format_cards(self.hand),
            "arrangement": None if self.arrangement is None else str(self.arrangement),
            "up": list(self.up),
            "current_player": self.current_player,
            "events": [event.to_json() for event in self.events],
            "scores": list(self.scores),
        }
        if self.groups:
            data["groups"] = [format_cards(group) for group in self.groups]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any] | str | bytes) -> HazariObservation:
        """Read what :meth:`to_json` wrote (a dict or JSON text), exactly.

        Anything else, anything not written the way :meth:`to_json` writes it, and any
        observation that no real deal gives its player (checked against a deal rebuilt
        from it, :mod:`cardrules.hazari.witness`) raises
        :class:`~cardrules.errors.InvalidStateError`.
        """
        record = json_object(data, "a Hazari observation")
        keys = (*_DEAL_KEYS, "groups") if "groups" in record else _DEAL_KEYS
        if set(record) != set(keys):
            raise InvalidStateError(
                f"a Hazari observation has exactly the keys {', '.join(keys)};"
                f" got {', '.join(sorted(record))}"
            )
        try:
            events = tuple(event_from_json(event) for event in _list(record["events"], "events"))
            deal_events = tuple(
                event for event in events if isinstance(event, (PlayerUp, RoundPlayed, DealScored))
            )
            if len(deal_events) != len(events):
                raise InvalidStateError("a deal's observation holds up, round and scored events")
            arrangement = record["arrangement"]
            observation = cls(
                rules=HazariRules.from_json(record["rules"]),
                player=json_seat(record["player"], "player"),
                dealer=json_seat(record["dealer"], "dealer"),
                deal=json_whole(record["deal"], "deal"),
                hand=sorted_hand(parse_cards(_text(record["hand"], "hand"))),
                arrangement=(
                    None
                    if arrangement is None
                    else Arrangement.parse(_text(arrangement, "arrangement"))
                ),
                up=tuple(json_seat(seat, "up") for seat in _list(record["up"], "up")),
                current_player=(
                    None
                    if record["current_player"] is None
                    else json_seat(record["current_player"], "current_player")
                ),
                events=deal_events,
                scores=tuple(json_whole(n, "scores") for n in _list(record["scores"], "scores")),
                groups=tuple(
                    tuple(sorted(parse_cards(_text(group, "groups")), reverse=True))
                    for group in _list(record.get("groups", []), "groups")
                ),
            )
        except InvalidStateError:
            raise
        except CardRulesError as exc:
            raise InvalidStateError(f"a Hazari observation: {exc}") from exc
        _same(observation.to_json(), record, "a Hazari observation")
        return _checked("game", observation)

    def __str__(self) -> str:
        lines = [
            f"Hazari deal {self.deal + 1}, seat {self.dealer} deals; you are seat {self.player}"
        ]
        lines.append(f"  your hand: {format_cards(self.hand)}")
        if self.arrangement is not None:
            lines.append(f"  your arrangement: {self.arrangement}")
        if self.groups:
            chosen = " | ".join(format_cards(group) for group in self.groups)
            lines.append(f"  your groups so far: {chosen}")
        up = ", ".join(f"seat {seat}" for seat in self.up) or "nobody yet"
        to_act = (
            "the deal is over"
            if self.current_player is None
            else f"seat {self.current_player} to arrange"
        )
        lines.append(f"  up: {up}; {to_act}")
        lines += _round_lines(self.events)
        if self.is_terminal:
            lines.append("  points: " + " ".join(str(score) for score in self.scores))
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows; see :func:`cardrules.svg.render`."""
        return svg.render(self)


def _round_lines(events: tuple[Any, ...]) -> list[str]:
    return [
        f"  round {event.number}: seat {event.winner} takes {event.points} points"
        for event in events
        if isinstance(event, RoundPlayed)
    ]


def _list(value: object, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidStateError(f"{what} must be a list, got {_show(value)}")
    return value


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise InvalidStateError(f"{what} must be text, got {_show(value)}")
    return value


def _same(written: dict[str, Any], record: dict[str, Any], what: str) -> None:
    """Exact round trips: ``record`` must be what the value it gave writes back."""
    if dump_json(written) != dump_json(record):
        for key in record:
            if dump_json(written.get(key)) != dump_json(record[key]):
                raise InvalidStateError(
                    f"{what}: {key} {_show(record[key])} is not written as to_json writes it"
                    f" ({_show(written.get(key))})"
                )
        raise InvalidStateError(f"{what} is not written as to_json writes it")


@attrs.frozen
class HazariMatchObservation:
    """One player's view of a Hazari match.

    ``deals`` holds this player's :class:`HazariObservation` of every deal so far, the
    current one last; finished deals are fully revealed by their events. ``first_dealer``
    dealt deal 0. ``totals`` are each seat's points over the finished deals, and
    ``winners`` the seats with the highest total once the match is over (else empty).
    """

    rules: HazariRules
    player: int
    first_dealer: int
    deals: tuple[HazariObservation, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def current(self) -> HazariObservation:
        """The observation of the deal in progress (or of the last deal)."""
        return self.deals[-1]

    @property
    def current_player(self) -> int | None:
        """Who must act now, or ``None`` once the match is over."""
        return None if self.winners else self.current.current_player

    @property
    def is_terminal(self) -> bool:
        """True once someone has reached the target."""
        return bool(self.winners)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of everything in the observation."""
        return {
            "rules": self.rules.to_json(),
            "player": self.player,
            "first_dealer": self.first_dealer,
            "deals": [deal.to_json() for deal in self.deals],
            "totals": list(self.totals),
            "winners": list(self.winners),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any] | str | bytes) -> HazariMatchObservation:
        """Read what :meth:`to_json` wrote (a dict or JSON text), exactly; only an
        observation that some real match gives its player loads."""
        record = json_object(data, "a Hazari match observation")
        keys = ("rules", "player", "first_dealer", "deals", "totals", "winners")
        if set(record) != set(keys):
            raise InvalidStateError(
                f"a Hazari match observation has exactly the keys {', '.join(keys)};"
                f" got {', '.join(sorted(record))}"
            )
        deals = tuple(HazariObservation.from_json(deal) for deal in _list(record["deals"], "deals"))
        if not deals:
            raise InvalidStateError("a Hazari match observation holds at least one deal")
        try:
            observation = cls(
                rules=HazariRules.from_json(record["rules"]),
                player=json_seat(record["player"], "player"),
                first_dealer=json_seat(record["first_dealer"], "first_dealer"),
                deals=deals,
                totals=tuple(json_whole(n, "totals") for n in _list(record["totals"], "totals")),
                winners=tuple(json_seat(n, "winners") for n in _list(record["winners"], "winners")),
            )
        except CardRulesError as exc:
            raise InvalidStateError(f"a Hazari match observation: {exc}") from exc
        _same(observation.to_json(), record, "a Hazari match observation")
        return _checked("match", observation)

    def __str__(self) -> str:
        current = self.current
        totals = " ".join(str(total) for total in self.totals)
        lines = [
            f"Hazari match to {self.rules.target}, deal {current.deal + 1};"
            f" you are seat {self.player}",
            f"  totals: {totals}",
        ]
        if self.winners:
            lines.append("  over; winners: " + ", ".join(f"seat {seat}" for seat in self.winners))
        lines += ["  " + line for line in str(current).splitlines()]
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows; see :func:`cardrules.svg.render`."""
        return svg.render(self)
