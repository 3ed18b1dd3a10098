"""A bot for the toy game: it always plays its lowest card."""

from __future__ import annotations

from typing import Any


class LowBot:
    name = "low"

    def choose(self, observation: Any, legal_actions: Any, rng: Any) -> Any:
        return min(legal_actions, key=lambda play: play.card.rank)
