"""Azi matches in the batch engine (A4, A15): lock-step with ``game.new_match``."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("numpy", reason="the batch engine needs numpy")

import numpy as np

from cardrules import Rng, load_game
from cardrules.batch import BatchGame, BatchState
from cardrules.errors import IllegalActionError, InvalidRulesError
from cardrules.registry import Game

from .batch_lockstep import check_rows, choose

SPECS = [
    "azi(players=3,match_games=3)",
    "azi(players=4)",
    "azi(players=2,match_games=1)",
    "azi(players=5,look_before_fold=true,rounding=down,match_games=2)",
    "azi(players=6,first_lead=auction_winner,ante=3,max_raise=4,raise_cap=1,match_games=2)",
]


def play_matches(game: Game, seeds: list[int], policy: int) -> tuple[BatchState, list[Any]]:
    """Step a batch of matches and the scalar matches side by side to the end, checking
    every row at every step."""
    engine = BatchGame(game, matches=True)
    state = engine.init(seeds)
    scalars: list[Any] = [game.new_match(seed=seed) for seed in seeds]
    rng = Rng(policy)
    while not state.terminated.all():
        check_rows(game, state, scalars)
        ids = [
            -1 if scalar.is_terminal else choose(state.legal_action_mask[i], rng, 0.2)
            for i, scalar in enumerate(scalars)
        ]
        state = engine.step(state, ids)
        scalars = [
            s if a < 0 else s.apply(s.action_from_id(a)) for s, a in zip(scalars, ids, strict=True)
        ]
    check_rows(game, state, scalars)
    return state, scalars


@pytest.mark.parametrize("spec", SPECS)
def test_a_batch_of_matches_is_the_scalar_matches_step_for_step(spec: str) -> None:
    game = load_game(spec)
    state, scalars = play_matches(game, list(range(24)), policy=len(spec))
    for i, scalar in enumerate(scalars):
        assert state[i] == scalar
        assert state[i].to_json() == scalar.to_json()
        assert len(scalar.games) == game.rules.games_per_match
    assert int(state.returns.sum()) == 0


@pytest.mark.soak
@pytest.mark.parametrize("spec", SPECS)
def test_matches_lockstep_soak(spec: str) -> None:
    play_matches(load_game(spec), list(range(1000, 1400)), policy=7)


def test_a_finished_match_starts_again_on_reset() -> None:
    game = load_game("azi", players=3, match_games=2)
    engine = BatchGame(game, matches=True)
    state = engine.init([4, 5])
    generator = np.random.default_rng(3)
    from cardrules.batch import random_legal_ids

    while not state.terminated.any():
        state = engine.step(state, random_legal_ids(state.legal_action_mask, generator))
    state = engine.reset(state, [40, 50])
    done = int(np.flatnonzero(state.seeds >= 40)[0])
    assert state[done] == game.new_match(seed=int(state.seeds[done]))
    assert not state.terminated.any() and state.returns[done].tolist() == [0, 0, 0]


def test_single_games_stay_the_default_and_match_options_do_not_change_them() -> None:
    game = load_game("azi", players=3, match_games=4)
    engine = BatchGame(game)
    assert engine.init([9])[0] == game.new_state(seed=9)
    assert repr(BatchGame(game, matches=True)).endswith(", matches=True)")


def test_matches_the_engine_cannot_batch_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(InvalidRulesError, match="matches must be True or False, got 1"):
        BatchGame(load_game("azi"), matches=1)  # type: ignore[arg-type]
    from cardrules.azi.batch import AziKernels

    monkeypatch.delattr(AziKernels, "for_matches")
    with pytest.raises(InvalidRulesError, match=r"cannot run matches of azi\(players=3\) yet"):
        BatchGame(load_game("azi", players=3), matches=True)
    assert BatchGame(load_game("azi", players=3)).matches is False


def test_a_state_of_the_other_kind_of_engine_is_refused() -> None:
    """A batch of single games and a batch of matches of the same game do not mix,
    in step or in reset, and the refused call changes nothing."""
    game = load_game("azi", players=3, match_games=4)
    single, matches = BatchGame(game), BatchGame(game, matches=True)
    for engine, other in ((single, matches), (matches, single)):
        state = other.init(np.arange(3))
        before = state.legal_action_mask.copy()
        ids = np.argmax(state.legal_action_mask, axis=1)
        with pytest.raises(IllegalActionError, match=r"matches=(True|False), this engine"):
            engine.step(state, ids)
        with pytest.raises(IllegalActionError, match=r"matches=(True|False), this engine"):
            engine.reset(state, [5, 6, 7])
        assert (state.legal_action_mask == before).all() and state.steps == 0
