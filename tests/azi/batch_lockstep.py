"""Drive the batch engine and the scalar engine side by side (shared by the batch tests)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from cardrules import Rng
from cardrules.batch import BatchGame, BatchState
from cardrules.registry import Game


def choose(mask: np.ndarray, rng: Rng, fold_bias: float = 0.0) -> int:
    """A legal id drawn from ``rng``: uniform, or folding/declining with ``fold_bias``."""
    legal = [int(i) for i in np.flatnonzero(mask)]
    if fold_bias and rng.random() < fold_bias:
        for preferred in (1, 2, 4, 6):
            if preferred in legal:
                return preferred
    return rng.choice(legal)


def check_rows(game: Game, batch: BatchState, scalars: Sequence[Any]) -> None:
    """Every array of ``batch`` equals what the scalar states say, row by row."""
    size = game.observation_tensor_size
    for i, state in enumerate(scalars):
        player = state.current_player
        assert batch.current_player[i] == (-1 if player is None else player), i
        assert bool(batch.terminated[i]) == state.is_terminal, i
        expected = np.frombuffer(state.legal_action_mask(), dtype=np.uint8).astype(bool)
        assert np.array_equal(batch.legal_action_mask[i], expected), (i, state.phase)
        returns = state.returns() if state.is_terminal else (0,) * game.num_players
        assert batch.returns[i].tolist() == list(returns), i
        if player is None:
            assert not batch.observation_tensor[i].any(), i
        else:
            tensor = np.asarray(game.observation_tensor(state, player), dtype=np.float32)
            assert tensor.shape == (size,)
            assert np.array_equal(batch.observation_tensor[i], tensor), (i, state.phase)


def lockstep(
    game: Game,
    seeds: Sequence[int],
    policy_seed: int = 0,
    fold_bias: Sequence[float] | None = None,
    tensors: bool = True,
) -> tuple[BatchState, list[Any]]:
    """Play random legal ids in both engines until every game is over, checking each step."""
    engine = BatchGame(game)
    batch = engine.init(np.array(seeds, dtype=np.uint64))
    scalars = [game.new_state(seed=seed) for seed in seeds]
    rngs = [Rng(policy_seed * 100_003 + i) for i in range(len(seeds))]
    bias = fold_bias or [0.0] * len(seeds)
    while True:
        if tensors:
            check_rows(game, batch, scalars)
        else:
            assert batch.current_player.tolist() == [
                -1 if s.current_player is None else s.current_player for s in scalars
            ]
        if batch.terminated.all():
            break
        ids = np.full(len(seeds), -1, dtype=np.int64)
        for i, state in enumerate(scalars):
            if not state.is_terminal:
                ids[i] = choose(batch.legal_action_mask[i], rngs[i], bias[i])
                scalars[i] = state.apply(state.action_from_id(int(ids[i])))
        # a terminal game's entry is ignored, whatever it is
        ids[batch.terminated] = 10**6
        batch = engine.step(batch, ids)
    for i, state in enumerate(scalars):
        replayed = batch[i]
        assert replayed == state
        assert replayed.to_json() == state.to_json()
    return batch, scalars
