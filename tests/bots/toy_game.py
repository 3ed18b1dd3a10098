"""A tiny hidden-card game implementing the ``GameState`` protocol, for testing bots.

Two or three players get two cards each from a seeded 12-card pack (9 to A of
spades and hearts). There are two rounds; in each, seats play one card in seat
order and the highest rank wins (the earlier card wins ties). A round winner
gets ``players - 1`` points and every other seat loses 1.
"""

from __future__ import annotations

from typing import Any

import attrs

from cardrules.cards import Card, parse_card, parse_cards
from cardrules.dealing import Dealing
from cardrules.deck import Deck
from cardrules.errors import IllegalActionError, InvalidStateError
from cardrules.game import ActionTuple, Turn
from cardrules.records import GameRecord, replay
from cardrules.rng import Rng

PACK = Deck(parse_cards("9S TS JS QS KS AS 9H TH JH QH KH AH"))
HAND = 2


@attrs.frozen
class Play:
    card: Card

    def to_json(self) -> dict[str, Any]:
        return {"type": "play", "card": str(self.card)}


@attrs.frozen
class Won:
    player: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "won", "player": self.player}


@attrs.frozen
class ToyObservation:
    player: int
    hand: tuple[Card, ...]
    played: tuple[tuple[int, Card], ...]
    hand_sizes: tuple[int, ...]
    current_player: int | None

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "hand": [str(c) for c in self.hand],
            "played": [[p, str(c)] for p, c in self.played],
            "hand_sizes": list(self.hand_sizes),
            "current_player": self.current_player,
        }


@attrs.frozen
class ToyState:
    players: int
    dealing: Dealing
    hands: tuple[tuple[Card, ...], ...]
    history: tuple[Turn[Play], ...] = ()

    @classmethod
    def new(cls, seed: int, players: int = 3) -> ToyState:
        return cls.with_dealing(Dealing(seed=seed), players)

    @classmethod
    def with_dealing(cls, dealing: Dealing, players: int) -> ToyState:
        deck = dealing.deck(0, PACK)
        hands = tuple(tuple(sorted(deck[p * HAND : (p + 1) * HAND])) for p in range(players))
        return cls(players, dealing, hands)

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def is_terminal(self) -> bool:
        return len(self.history) == self.players * HAND

    @property
    def current_player(self) -> int | None:
        return None if self.is_terminal else len(self.history) % self.players

    def _hand(self, player: int) -> tuple[Card, ...]:
        played = {t.action.card for t in self.history if t.player == player}
        return tuple(c for c in self.hands[player] if c not in played)

    def legal_actions(self) -> ActionTuple[Play]:
        seat = self.current_player
        return ActionTuple(() if seat is None else (Play(c) for c in self._hand(seat)))

    def apply(self, action: Play) -> ToyState:
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action!r} is not legal for seat {self.current_player}")
        seat = self.current_player
        assert seat is not None
        return attrs.evolve(self, history=(*self.history, Turn(seat, action)))

    def observation(self, player: int) -> ToyObservation:
        return ToyObservation(
            player,
            self._hand(player),
            tuple((t.player, t.action.card) for t in self.history),
            tuple(len(self._hand(p)) for p in range(self.players)),
            self.current_player,
        )

    def _winners(self) -> list[int]:
        winners = []
        for start in range(0, len(self.history) - self.players + 1, self.players):
            trick = self.history[start : start + self.players]
            best = max(trick, key=lambda t: (t.action.card.rank, -t.player))
            winners.append(best.player)
        return winners

    def returns(self) -> tuple[int, ...]:
        totals = [0] * self.players
        for winner in self._winners():
            for p in range(self.players):
                totals[p] += self.players - 1 if p == winner else -1
        return tuple(totals)

    @property
    def events(self) -> tuple[Won, ...]:
        return tuple(Won(w) for w in self._winners())

    def to_json(self) -> str:
        actions = tuple({"player": t.player, **t.action.to_json()} for t in self.history)
        summary = {"returns": list(self.returns())}
        return GameRecord(
            "toy", {"players": self.players}, self.dealing, actions, summary
        ).to_json()

    @classmethod
    def from_json(cls, text: str) -> ToyState:
        record = GameRecord.from_json(text, "toy")
        start = cls.with_dealing(record.dealing, record.rules["players"])
        state = replay(start, record.actions, lambda d: Play(parse_card(d["card"])))
        if record.summary != {"returns": list(state.returns())}:
            raise InvalidStateError("summary mismatch")
        return state

    @classmethod
    def resample(cls, observation: ToyObservation, rng: Rng) -> ToyState:
        raise NotImplementedError("the toy game has no resampling")
