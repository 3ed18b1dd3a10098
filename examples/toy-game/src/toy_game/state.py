"""The toy game's rules, actions, observation and state (the GameState protocol)."""

from __future__ import annotations

import json
from typing import Any

import attrs

from cardrules.cards import Card, format_cards, parse_card, parse_cards
from cardrules.dealing import Dealing
from cardrules.deck import Deck
from cardrules.errors import IllegalActionError, InvalidStateError
from cardrules.game import ActionTuple, Turn, check_index
from cardrules.options import json_rules, whole
from cardrules.record import GameRecord, replay

PACK = Deck(parse_cards("9S TS JS QS KS AS 9H TH JH QH KH AH"))
HAND = 2


@attrs.frozen
class ToyRules:
    players: int = attrs.field(default=3, validator=whole(2, 3))

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players}

    @classmethod
    def from_json(cls, data: object) -> ToyRules:
        return json_rules(cls, data, lambda values: cls(**values), "toy")


@attrs.frozen
class Play:
    card: Card

    def to_json(self) -> dict[str, Any]:
        return {"type": "play", "card": str(self.card)}

    def __str__(self) -> str:
        return f"play {self.card}"


def parse_play(data: object) -> Play:
    if isinstance(data, dict) and set(data) == {"type", "card"} and data["type"] == "play":
        return Play(parse_card(str(data["card"])))
    if isinstance(data, str):
        return Play(parse_card(data.removeprefix("play").strip()))
    raise IllegalActionError(f"not a toy action: {data!r:.80}")


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

    def __str__(self) -> str:
        played = ", ".join(f"s{seat} {card}" for seat, card in self.played) or "nothing"
        return f"seat {self.player} holds {format_cards(self.hand) or 'no cards'}; played: {played}"


@attrs.frozen
class ToyState:
    players: int
    dealing: Dealing
    hands: tuple[tuple[Card, ...], ...]
    history: tuple[Turn[Play], ...] = ()

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

    def action_id(self, action: Play) -> int:
        return PACK.cards.index(action.card)

    def action_from_id(self, action_id: int) -> Play:
        return Play(PACK[check_index(action_id, len(PACK))])

    def legal_action_ids(self) -> list[int]:
        return sorted(self.action_id(action) for action in self.legal_actions())

    def legal_action_mask(self) -> bytes:
        mask = bytearray(len(PACK))
        for index in self.legal_action_ids():
            mask[index] = 1
        return bytes(mask)

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

    def __str__(self) -> str:
        turn = "over" if self.current_player is None else f"seat {self.current_player} to play"
        lines = [f"Toy game, {self.players} players: {turn}"]
        lines += [f"  seat {p}: {format_cards(self._hand(p)) or '-'}" for p in range(self.players)]
        played = ", ".join(f"s{t.player} {t.action.card}" for t in self.history)
        return "\n".join([*lines, f"  played: {played or 'nothing'}"])

    def to_json(self) -> dict[str, Any]:
        actions = tuple({"player": t.player, **t.action.to_json()} for t in self.history)
        summary = {"returns": list(self.returns())}
        record = GameRecord("toy", {"players": self.players}, self.dealing, actions, summary)
        result: dict[str, Any] = record.to_json()
        return result

    @classmethod
    def from_json(cls, data: dict[str, Any] | str | bytes) -> ToyState:
        text = data if isinstance(data, (str, bytes)) else json.dumps(data)
        record = GameRecord.from_json(text, "toy")
        start = cls.with_dealing(record.dealing, record.rules["players"])
        state = replay(start, record.actions, parse_play)
        if record.summary != {"returns": list(state.returns())}:
            raise InvalidStateError("summary mismatch")
        return state
