"""The batch engine's shortcuts, each in lock-step with the scalar engine.

- seat sets read through tables (against a naive walk round the table);
- a batch compacted to its live games (the kernels hold those rows alone);
- a reset that deals only the finished games, also in a compacted batch;
- masks and tensors worked out for the live games only (finished rows stay zero);
- ``random_legal_ids`` reading a sparse mask eight cells at a time;
- the history pruned only once enough steps are spare.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("numpy", reason="the batch engine needs numpy")

import numpy as np

import cardrules.batch as core
from cardrules import Rng, load_game
from cardrules.azi.batch import AziKernels
from cardrules.azi.batch.seats import STRIDE, seat_tables
from cardrules.batch import BatchGame, BatchState, random_legal_ids
from cardrules.errors import IllegalActionError
from cardrules.rng import derive_seed
from tests.azi.batch_lockstep import check_rows, choose, lockstep

from .test_azi_batch_matches import play_matches

# ------------------------------------------------------------------ seat tables


def _place(seat: int, dealer: int, n: int) -> int:
    return (seat - dealer - 1) % n


def _walk(chosen: int, seat: int, n: int, step: int) -> int:
    """The first seat of ``chosen`` met walking from ``seat`` by ``step`` (0 if none)."""
    for distance in range(1, n + 1):
        other = (seat + step * distance) % n
        if chosen >> other & 1:
            return other
    return 0


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_seat_tables_answer_as_a_walk_round_the_table(n: int) -> None:
    t = seat_tables(n)
    for chosen in range(1 << n):
        members = [seat for seat in range(n) if chosen >> seat & 1]
        assert t.pop[chosen] == len(members)
        assert t.member[chosen].tolist() == [int(s in members) for s in range(n)]
        if len(members) == 1:
            assert t.low[chosen] == members[0]
        for seat in range(n):
            assert t.after[chosen * STRIDE + seat] == _walk(chosen, seat, n, 1)
            assert t.before[chosen * STRIDE + seat] == _walk(chosen, seat, n, -1)
        for dealer in range(n):
            order = sorted(members, key=lambda s: _place(s, dealer, n))
            assert t.first[chosen * STRIDE + dealer] == (order[0] if order else -1)
            for place, seat in enumerate(order):
                assert t.places[chosen * STRIDE + dealer, seat] == place
            for seat in range(n):
                later = [s for s in order if _place(s, dealer, n) > _place(seat, dealer, n)]
                want = later[0] if later else -1
                assert t.next[(chosen * STRIDE + seat) * STRIDE + dealer] == want


# ------------------------------------------------------------------ compaction


@pytest.fixture
def compact_early(monkeypatch: pytest.MonkeyPatch) -> None:
    """Compact batches of more than 4 games, so that 24 games show every step of it."""
    monkeypatch.setattr(core, "_COMPACT_ABOVE", 4)


@pytest.mark.parametrize(
    "spec",
    [
        "azi",
        "azi(players=6,first_lead=auction_winner,rounding=down)",
        "azi(players=3,look_before_fold=true,raise_cap=0)",
    ],
)
def test_a_compacted_batch_stays_in_lockstep(compact_early: None, spec: str) -> None:
    """Every row of every step, live or finished, equals the scalar game while the
    kernels hold fewer and fewer rows; the replays at the end too."""
    final, _ = lockstep(load_game(spec), list(range(24)), policy_seed=3)
    assert final._rows is not None and len(final._rows) < 24  # it did compact


def test_a_compacted_batch_of_matches_stays_in_lockstep(compact_early: None) -> None:
    state, scalars = play_matches(load_game("azi(players=4,match_games=3)"), list(range(24)), 5)
    assert state._rows is not None
    for i, scalar in enumerate(scalars):
        assert state[i] == scalar


def test_a_compacted_state_is_immutable_and_names_an_illegal_id(compact_early: None) -> None:
    game = load_game("azi", players=3)
    engine = BatchGame(game)
    state = engine.init(np.arange(40))
    generator = np.random.default_rng(0)
    while state._rows is None:
        state = engine.step(state, random_legal_ids(state.legal_action_mask, generator))
    arrays = state.arrays
    for array in (
        *arrays,
        *state._part,
        state.current_player,
        state.terminated,
        state.legal_action_mask,
        state.observation_tensor,
        state.returns,
        state.seeds,
    ):
        with pytest.raises(ValueError, match="read-only"):
            array[...] = 0
    live = int(np.flatnonzero(~state.terminated)[0])
    ids = random_legal_ids(state.legal_action_mask, generator)
    ids[live] = bad = int(np.flatnonzero(~state.legal_action_mask[live])[0])
    before = state.legal_action_mask.copy()
    with pytest.raises(IllegalActionError, match=f"game {live}: action id {bad} is not legal"):
        engine.step(state, ids)
    assert np.array_equal(state.legal_action_mask, before) and state.arrays is arrays


# ------------------------------------------------------------------ reset


def _spy_reset(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of rows each call of the Azi kernels' reset deals."""
    dealt: list[int] = []
    original = AziKernels.reset

    def reset(self: AziKernels, arrays: Any, rows: Any, seeds: Any) -> Any:
        dealt.append(len(rows))
        return original(self, arrays, rows, seeds)

    monkeypatch.setattr(AziKernels, "reset", reset)
    return dealt


@pytest.mark.parametrize("threshold", [4, 64])
def test_reset_deals_only_the_finished_games(
    monkeypatch: pytest.MonkeyPatch, threshold: int
) -> None:
    """A reset in lock-step, its kernels dealing the finished games only, whether or not
    the batch was compacted first (below the threshold of 64 it never is)."""
    monkeypatch.setattr(core, "_COMPACT_ABOVE", threshold)
    game = load_game("azi", players=4, rounding="down")
    engine = BatchGame(game)
    dealt = _spy_reset(monkeypatch)
    seeds = list(range(30))
    state = engine.init(seeds)
    scalars: list[Any] = [game.new_state(seed=seed) for seed in seeds]
    rngs = [Rng(700 + i) for i in seeds]
    compacted = False
    for round_number in range(60):
        if round_number % 7 == 6:  # a reset now and then, with games in every phase
            finished, calls = state.terminated.copy(), len(dealt)
            fresh = np.array([derive_seed(round_number, i) for i in seeds], dtype=np.uint64)
            expected = np.where(finished, fresh, state.seeds)
            state = engine.reset(state, fresh)
            for i in map(int, np.flatnonzero(finished)):
                scalars[i] = game.new_state(seed=int(fresh[i]))
            assert dealt[calls:] == ([int(finished.sum())] if finished.any() else [])
            assert np.array_equal(state.seeds, expected)
        check_rows(game, state, scalars)
        compacted |= state._rows is not None
        ids = np.full(len(seeds), -1)
        for i, scalar in enumerate(scalars):
            if not scalar.is_terminal:
                ids[i] = choose(state.legal_action_mask[i], rngs[i], 0.2)
                scalars[i] = scalar.apply(scalar.action_from_id(int(ids[i])))
        state = engine.step(state, ids)
    assert compacted == (threshold == 4)
    for i in seeds:
        assert state[i] == scalars[i]


# ------------------------------------------------------------------ sparse masks


@settings(max_examples=60)
@given(
    rows=st.integers(0, 40),
    width=st.integers(0, 23),
    density=st.sampled_from([0.0, 0.002, 0.05, 0.5, 1.0]),
    seed=st.integers(0, 2**32 - 1),
    step=st.sampled_from([1, 2]),
)
def test_random_legal_ids_is_the_naive_uniform_draw(
    rows: int, width: int, density: float, seed: int, step: int
) -> None:
    """Every row with legal ids takes ``legal[int(u * len(legal))]``, ``u`` its own draw
    of one ``generator.random(rows)``: as 0.3.0 drew, for sparse, dense and strided masks."""
    cells = np.random.default_rng(seed).random((rows * step, width)) < density
    mask = cells[::step]  # a strided view when step is 2
    ids = random_legal_ids(mask, np.random.default_rng(seed + 1))
    draws = np.random.default_rng(seed + 1).random(rows)
    for i in range(rows):
        legal = np.flatnonzero(mask[i])
        want = int(legal[int(draws[i] * len(legal))]) if len(legal) else -1
        assert ids[i] == want
    assert np.array_equal(core._true_cells(mask), np.flatnonzero(mask))


# ------------------------------------------------------------------ history


def test_the_history_keeps_few_spare_steps_and_every_game_replays() -> None:
    game = load_game("azi", players=2)
    engine = BatchGame(game)
    state = engine.init(np.arange(6))
    generator = np.random.default_rng(1)
    for number in range(300):
        state = engine.reset(state, np.arange(6) + 10 * (number + 1))
        state = engine.step(state, random_legal_ids(state.legal_action_mask, generator))
    length, node = 0, state._history
    while node is not None:
        node, _ = node
        length += 1
    assert length <= state.steps - int(state._born.min()) + core._SPARE_STEPS + 1
    assert length < 300
    check_rows(game, state, [state[i] for i in range(6)])  # replays of the kept history


def test_a_compacted_batch_puts_its_arrays_together_as_a_plain_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The whole batch's arrays, put together from the rows the kernels hold and those
    they let go, are what an uncompacted run of the same games gives, at every step."""
    game = load_game("azi", players=5)
    engine = BatchGame(game)
    monkeypatch.setattr(core, "_COMPACT_ABOVE", 10**9)
    plain: BatchState = engine.init(np.arange(30))
    monkeypatch.setattr(core, "_COMPACT_ABOVE", 4)
    state = engine.init(np.arange(30))
    generator = np.random.default_rng(4)
    while not state.terminated.all():
        ids = random_legal_ids(state.legal_action_mask, generator)
        monkeypatch.setattr(core, "_COMPACT_ABOVE", 10**9)
        plain = engine.step(plain, ids)
        monkeypatch.setattr(core, "_COMPACT_ABOVE", 4)
        state = engine.step(state, ids)
        for mine, theirs in zip(state.arrays, plain.arrays, strict=True):
            assert np.array_equal(mine, theirs)
        assert np.array_equal(state.observation_tensor, plain.observation_tensor)
    assert state._rows is not None and plain._rows is None
    for mine, theirs in zip(state.arrays, plain.arrays, strict=True):
        assert np.array_equal(mine, theirs)
    assert np.array_equal(state.returns, plain.returns)


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_compaction_and_resets_soak(monkeypatch: pytest.MonkeyPatch, players: int) -> None:
    """Batches of 300 games (compacted at the engine's own threshold), reset at random
    points, every row checked at every step."""
    game = load_game("azi", players=players, look_before_fold=players % 2 == 0)
    engine = BatchGame(game)
    rng = Rng(players)
    seeds = [derive_seed(players, i) for i in range(300)]
    state = engine.init(seeds)
    scalars: list[Any] = [game.new_state(seed=seed) for seed in seeds]
    rngs = [Rng(derive_seed(players + 100, i)) for i in range(300)]
    compacted = False
    for round_number in range(160):
        if rng.random() < 0.05:
            finished = state.terminated.copy()
            fresh = np.array([derive_seed(round_number, i) for i in range(300)], np.uint64)
            state = engine.reset(state, fresh)
            for i in map(int, np.flatnonzero(finished)):
                scalars[i] = game.new_state(seed=int(fresh[i]))
        check_rows(game, state, scalars)
        compacted |= state._rows is not None
        ids = np.full(300, -1)
        for i, scalar in enumerate(scalars):
            if not scalar.is_terminal:
                ids[i] = choose(state.legal_action_mask[i], rngs[i], 0.1)
                scalars[i] = scalar.apply(scalar.action_from_id(int(ids[i])))
        state = engine.step(state, ids)
    assert compacted
    for i in range(0, 300, 7):
        assert state[i] == scalars[i]
