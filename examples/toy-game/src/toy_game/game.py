"""The toy game's one declaration: the entry point ``toy = "toy_game.game:GAME"``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardrules.bots import RandomBot
from cardrules.dealing import Dealing
from cardrules.errors import InvalidStateError
from cardrules.options import rules_from_options
from cardrules.registry import BotFactory, GameDefinition
from cardrules.rng import Rng
from toy_game.bots import LowBot
from toy_game.state import PACK, Play, ToyRules, ToyState, parse_play
from toy_game.view import VIEW


class ToyDefinition(GameDefinition):
    name = "toy"
    players = (2, 3)
    strong_bot = "strong"
    bot_names = ("random", "low", "strong")
    view = VIEW

    def make_rules(self, options: Mapping[str, object]) -> ToyRules:
        return rules_from_options(ToyRules, options, ToyRules.from_json, "toy")

    def rules_json(self, rules: ToyRules) -> dict[str, Any]:
        return rules.to_json()

    def num_players(self, rules: ToyRules) -> int:
        return rules.players

    def num_distinct_actions(self, rules: ToyRules) -> int:
        return len(PACK)

    def new_state(
        self, rules: ToyRules, *, seed: int | None, dealer: int | None, dealing: Dealing | None
    ) -> ToyState:
        return ToyState.with_dealing(dealing or Dealing(seed=seed), rules.players)

    def new_match(
        self, rules: ToyRules, *, seed: int | None, dealer: int | None, dealing: Dealing | None
    ) -> ToyState:
        return self.new_state(rules, seed=seed, dealer=dealer, dealing=dealing)

    def state_from_json(self, data: dict[str, Any]) -> ToyState:
        return ToyState.from_json(data)

    def parse_action(self, text: object) -> Play:
        return parse_play(text)

    def seen_action(self, state: ToyState, action: Play, player: int, last: ToyState) -> str:
        return str(action)  # every card is played face up: each seat sees each play

    def resample(self, observation: Any, rng: Rng) -> ToyState:
        raise InvalidStateError("the toy game has no resampling")

    def bots(self) -> Mapping[str, BotFactory]:
        return {"random": RandomBot, "low": LowBot, "strong": LowBot}


GAME = ToyDefinition()
