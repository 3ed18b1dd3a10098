"""The public events of a Hazari deal: who is up, each round played, the deal's scores.

Every player sees every event. A group of cards appears in an event only once it
has been played (H8), so events never reveal a hand or an arrangement early.

>>> from cardrules import parse_cards
>>> event = RoundPlayed(
...     number=1,
...     leader=3,
...     groups=(parse_cards("AS AH AD"), parse_cards("KS KH KD"),
...             parse_cards("2C 3C 4C"), parse_cards("5D 7S 9H")),
...     winner=3,
... )
>>> event.players
(3, 0, 1, 2)
>>> event.points
90
>>> event.to_json()["groups"]
['AS AH AD', 'KS KH KD', '2C 3C 4C', '5D 7S 9H']
"""

from __future__ import annotations

from typing import Any

import attrs

from cardrules.cards import Card, format_cards
from cardrules.hazari.deal import PLAYERS
from cardrules.hazari.points import points_of

__all__ = [
    "DealScored",
    "DealStarted",
    "HazariEvent",
    "MatchEvent",
    "MatchOver",
    "PlayerUp",
    "RoundPlayed",
]


@attrs.frozen
class PlayerUp:
    """``player`` has submitted an arrangement and said "up" (H8); the groups stay hidden."""

    player: int

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"type": "up", "player": self.player}


@attrs.frozen
class RoundPlayed:
    """Round ``number`` (1..4): the groups shown in play order from ``leader``, and the winner.

    ``groups[i]`` was played by seat ``(leader + i) % 4``. The winner takes every
    card shown in the round (H10).
    """

    number: int
    leader: int
    groups: tuple[tuple[Card, ...], ...]
    winner: int

    @property
    def players(self) -> tuple[int, ...]:
        """The seats in the order they played: the leader first."""
        return tuple((self.leader + i) % PLAYERS for i in range(PLAYERS))

    def group_of(self, player: int) -> tuple[Card, ...]:
        """The group ``player`` showed in this round."""
        return self.groups[(player - self.leader) % PLAYERS]

    @property
    def taken(self) -> tuple[Card, ...]:
        """The cards the winner took, sorted."""
        return tuple(sorted(card for group in self.groups for card in group))

    @property
    def points(self) -> int:
        """The card points (H2) of the cards taken."""
        return points_of(card for group in self.groups for card in group)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict, with the cards taken and their points spelled out."""
        return {
            "type": "round",
            "round": self.number,
            "leader": self.leader,
            "groups": [format_cards(group) for group in self.groups],
            "winner": self.winner,
            "taken": format_cards(self.taken),
            "points": self.points,
        }


@attrs.frozen
class DealScored:
    """The deal is over: ``scores[seat]`` is the card points that seat took (H12)."""

    scores: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"type": "scored", "scores": list(self.scores)}


@attrs.frozen
class DealStarted:
    """In a match: deal ``number`` (0-based) begins, dealt by ``dealer``."""

    number: int
    dealer: int

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"type": "deal", "deal": self.number, "dealer": self.dealer}


@attrs.frozen
class MatchOver:
    """The match is over: the final ``totals`` by seat, and the joint ``winners`` (H12)."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"type": "match", "totals": list(self.totals), "winners": list(self.winners)}


HazariEvent = PlayerUp | RoundPlayed | DealScored
"""Any event of a Hazari deal."""

MatchEvent = PlayerUp | RoundPlayed | DealScored | DealStarted | MatchOver
"""Any event of a Hazari match."""
