"""Hazari's bots in the batch engine: whole deals arranged by named policies (H7–H12).

``cardrules simulate hazari --engine batch`` plays its deals here, with
:mod:`cardrules.hazari.batch`: each seat's hand is arranged by the policy of the bot
in that seat, and the deal is played out. The policies and the scalar bots they equal:

- ``greedy``: :class:`~cardrules.hazari.bots.GreedyBot`, arrangement for arrangement;
- ``best`` (also ``solver``, and ``strong`` while it is the solver):
  :class:`~cardrules.hazari.bots.SolverBot`, arrangement for arrangement;
- ``random``: uniform over the valid arrangements, like
  :class:`~cardrules.bots.RandomBot`, but from its own seeded stream (the ``random``
  policy of :func:`~cardrules.hazari.batch.arrange`), so the same seed gives other
  arrangements than the scalar bot draws; its figures agree only statistically.

>>> import numpy as np
>>> from cardrules import load_game
>>> game = load_game("hazari")
>>> bots = HazariBatchBots(game)
>>> played = bots.play(np.array([1, 2], dtype=np.uint64), np.zeros((2, 4), dtype=np.uint64),
...                    np.array([[0, 0, 1, 1], [0, 0, 0, 0]]))
>>> played.returns.sum(axis=1).tolist()
[360, 360]
>>> played.state(1).returns() == tuple(played.returns[1].tolist())
True
"""

from __future__ import annotations

from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from cardrules.cards import _show
from cardrules.errors import InvalidRulesError
from cardrules.game import GameState
from cardrules.hazari.actions import Up
from cardrules.hazari.batch import arrange, arrangement_of, deal, play
from cardrules.hazari.bots import SolverBot
from cardrules.registry import Game

__all__ = ["HazariBatchBots", "HazariBatchPlay"]

U64 = npt.NDArray[np.uint64]
Ints = npt.NDArray[np.int64]


@attrs.frozen(eq=False)
class HazariBatchPlay:
    """Deals played out: each seat's arrangement and points."""

    game: Game
    seeds: U64
    arranged: npt.NDArray[np.int8]
    """(G, 4, 13): each seat's arrangement, in the layout of :mod:`cardrules.hazari.batch`."""
    returns: Ints
    """(G, 4): each seat's card points."""

    def state(self, row: int) -> GameState[Any, Any]:
        """Deal ``row`` as the scalar engine ends it with these arrangements."""
        state: GameState[Any, Any] = self.game.new_state(seed=int(self.seeds[row]))
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            state = state.apply(Up(arrangement_of(self.arranged[row, seat])))
        return state

    def record(self, row: int) -> dict[str, Any]:
        """Deal ``row``'s record, as the scalar engine writes it."""
        data: dict[str, Any] = self.state(row).to_json()
        return data


class HazariBatchBots:
    """The arranging policies the batch engine plays for Hazari (see the module docs)."""

    names: tuple[str, ...] = ("greedy", "best", "random")

    def __init__(self, game: Game) -> None:
        if not isinstance(game, Game) or game.name != "hazari":
            raise InvalidRulesError(f"HazariBatchBots needs the hazari Game, got {_show(game)}")
        self.game = game
        self.aliases = {"solver": "best"}
        if game.bots.get("strong") is SolverBot:
            self.aliases["strong"] = "best"

    def play(self, seeds: U64, bot_states: U64, policies: Ints, stream: int = 0) -> HazariBatchPlay:
        """Deal ``seeds[i]`` (dealer 0, as ``game.new_state`` deals) and arrange seat ``s``
        with policy ``names[policies[i, s]]``; ``random`` draws from the seed ``stream``.
        ``bot_states`` (the scalar bots' generators) is accepted for the common interface."""
        hands = deal(seeds)
        arranged = np.empty_like(hands)
        for number, name in enumerate(self.names):
            cells = policies == number
            if not cells.any():
                continue
            if name == "random":
                arranged[cells] = arrange(hands, "random", seed=stream)[cells]
            else:
                arranged[cells] = arrange(hands[cells], name)
        scores = play(arranged, rules=self.game.rules).scores.astype(np.int64)
        return HazariBatchPlay(self.game, seeds, arranged, scores)
