"""The toy game's own bot: it always plays its lowest card."""

from __future__ import annotations

from typing import Any

from cardrules.bot import check_choice
from cardrules.game import LegalActions
from cardrules.rng import Rng
from toy_game.state import Play


class LowBot:
    name = "low"

    def choose(self, observation: Any, legal_actions: LegalActions[Play], rng: Rng) -> Play:
        check_choice("LowBot", legal_actions, rng)
        return min(legal_actions, key=lambda play: play.card.rank)
