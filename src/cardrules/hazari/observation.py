"""What one Hazari player may know: their own hand and arrangement, and the public events.

An observation never holds another player's hand or arrangement; the others'
groups reach it only through :class:`~cardrules.hazari.events.RoundPlayed`
events, once they are played (H8).
"""

from __future__ import annotations

from typing import Any

import attrs

from cardrules.cards import Card, format_cards
from cardrules.hazari.arrangement import Arrangement
from cardrules.hazari.events import HazariEvent
from cardrules.hazari.rules import HazariRules

__all__ = ["HazariMatchObservation", "HazariObservation"]


@attrs.frozen
class HazariObservation:
    """One player's view of a Hazari deal.

    ``player``: the observing seat. ``dealer``: the dealer's seat. ``deal``: the deal's
    number in its game (0 for a single deal). ``hand``: the player's 13 cards, sorted.
    ``arrangement``: the player's own arrangement once they are up, else ``None``.
    ``up``: the seats that are up, in the order they said so. ``current_player``: who
    must submit next (``None`` once the deal is over). ``events``: the public events.
    ``scores``: each seat's card points (all zero until the deal is over).
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

    @property
    def is_terminal(self) -> bool:
        """True once the deal is over and every group has been shown."""
        return self.current_player is None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of everything in the observation."""
        return {
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
