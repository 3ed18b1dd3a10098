"""Azi's bots in the batch engine: :class:`~cardrules.bots.RandomBot`, draw for draw.

``cardrules simulate azi --engine batch`` plays its games here. The scalar
``RandomBot`` takes ``legal_actions()[rng.randbelow(len(legal))]``, and Azi lists
its legal actions in a fixed order that is not the order of their ids: a hand's
cards in the order they were dealt, the invitations in seat order from the dealer's
left (A6, A9, A14). :func:`scalar_order` gives that order for every row at once, so
each batch row takes exactly the action its scalar twin takes with the same ``Rng``.

>>> import numpy as np
>>> from cardrules import Rng, load_game
>>> from cardrules.bots import RandomBot
>>> from cardrules.runner import play_game
>>> game = load_game("azi", players=3)
>>> played = AziBatchBots(game).play(np.array([5, 6], dtype=np.uint64),
...                                 np.arange(6, dtype=np.uint64).reshape(2, 3))
>>> scalar = play_game(game.new_state(seed=6), [RandomBot()] * 3, [Rng(3), Rng(4), Rng(5)])
>>> played.returns[1].tolist() == list(scalar.returns()), played.state(1) == scalar
(True, True)
"""

from __future__ import annotations

from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from cardrules.azi.ids import DECLARE_BASE, DISCARD_BASE, PLAY_CARD_BASE
from cardrules.azi.pack import PACK_SIZE
from cardrules.batch import BatchGame, BatchState, dealt_decks, randbelow_each
from cardrules.game import GameState
from cardrules.registry import Game

__all__ = ["AziBatchBots", "AziBatchPlay"]  # scalar_order is a kernel: its callers check

U64 = npt.NDArray[np.uint64]
Ints = npt.NDArray[np.int64]

_INVITES = 7
"""The declaration codes of one flag: nothing, then an invitation of each seat."""


def scalar_order(decks: Ints, dealer: Ints, players: int, width: int) -> Ints:
    """(B, width): row ``i`` lists the action ids in the order of the scalar
    ``legal_actions()`` of game ``i``, whose current deal is ``decks[i]`` (positions,
    top card first) dealt by ``dealer[i]``; the legal ids of any phase keep this order.

    >>> order = scalar_order(np.array([[2, 0, 1] + list(range(3, 27))]), np.array([1]), 3, 75)
    >>> order[0, 7:10].tolist(), order[0, 62:65].tolist()      # discards; invitations
    ([9, 7, 8], [64, 62, 63])
    """
    count = len(decks)
    order = np.tile(np.arange(width, dtype=np.int64), (count, 1))
    order[:, DISCARD_BASE : DISCARD_BASE + PACK_SIZE] = DISCARD_BASE + decks
    order[:, PLAY_CARD_BASE : PLAY_CARD_BASE + PACK_SIZE] = PLAY_CARD_BASE + decks
    seats = (dealer[:, None] + 1 + np.arange(players)[None, :]) % players  # from the left
    for flag in (0, _INVITES):
        start = DECLARE_BASE + flag + 1
        order[:, start : start + players] = start + seats
    return order


@attrs.frozen(eq=False)
class AziBatchPlay:
    """Games played out in the batch engine: their final returns, and each game."""

    final: BatchState
    returns: Ints
    """(G, players): each seat's net chips."""

    def state(self, row: int) -> GameState[Any, Any]:
        """Game ``row`` as the scalar engine ends it (replayed from its seed and ids)."""
        return self.final[row]

    def record(self, row: int) -> dict[str, Any]:
        """Game ``row``'s record, as the scalar engine writes it."""
        data: dict[str, Any] = self.final[row].to_json()
        return data


class AziBatchBots:
    """The bots the batch engine plays for Azi: ``random``, as ``RandomBot`` plays."""

    names: tuple[str, ...] = ("random",)

    def __init__(self, game: Game) -> None:
        self.aliases: dict[str, str] = {}
        self.batch = BatchGame(game)
        self.players = game.num_players

    def play(
        self, seeds: U64, bot_states: U64, policies: Ints | None = None, stream: int = 0
    ) -> AziBatchPlay:
        """Play game ``i`` from ``seeds[i]`` to its end; seat ``s`` draws from the
        generator state ``bot_states[i, s]``, as ``Rng.from_state`` would.
        ``policies`` (all ``random``) and ``stream`` are the common interface's."""
        batch, players = self.batch, self.players
        state = batch.init(seeds)
        rngs = bot_states.copy()
        deals = np.full(len(seeds), -1, dtype=np.int64)
        decks = np.zeros((len(seeds), PACK_SIZE), dtype=np.int64)
        width = batch.num_distinct_actions
        while not state.terminated.all():
            arrays = state.arrays
            fresh = np.flatnonzero(arrays.deal != deals)
            if fresh.size:
                deals[fresh] = arrays.deal[fresh]
                decks[fresh] = dealt_decks(seeds[fresh], deals[fresh], PACK_SIZE)
            live = np.flatnonzero(~state.terminated)
            seat = arrays.current[live].astype(np.int64)
            mask = state.legal_action_mask[live]
            drawn, rngs[live, seat] = randbelow_each(rngs[live, seat], mask.sum(axis=1))
            order = scalar_order(decks[live], arrays.dealer[live].astype(np.int64), players, width)
            ranked = np.cumsum(np.take_along_axis(mask, order, axis=1), axis=1)
            pick = np.argmax(ranked > drawn.astype(np.int64)[:, None], axis=1)
            ids = np.full(len(seeds), -1, dtype=np.int64)
            ids[live] = order[np.arange(len(live)), pick]
            state = batch.step(state, ids)
        return AziBatchPlay(state, state.returns)
