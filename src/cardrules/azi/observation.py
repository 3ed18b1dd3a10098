"""What one Azi player may know: :class:`AziObservation`.

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
"""

from __future__ import annotations

from typing import Any

import attrs

from cardrules.azi.events import AziEvent
from cardrules.azi.phases import Phase
from cardrules.azi.rules import AziRules
from cardrules.cards import Card

__all__ = ["AziObservation"]


@attrs.frozen
class AziObservation:
    """Everything ``player`` may know of an Azi state, and nothing more.

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
    def trump(self) -> int:
        """The trump suit of the current deal."""
        return self.trump_card.suit

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
