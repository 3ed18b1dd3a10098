"""The Azi batch engine in lock-step with the scalar engine (A1–A15), and its API."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("numpy", reason="the batch engine needs numpy")

import numpy as np

from cardrules import Rng, load_game
from cardrules.azi import AziState
from cardrules.azi.batch import MAX_BATCH_ACTIONS
from cardrules.batch import BatchGame, dealt_decks, derive_seeds, randbelow, random_legal_ids
from cardrules.errors import (
    ActionIndexError,
    CardRulesError,
    IllegalActionError,
    InvalidCardsError,
    InvalidRulesError,
    InvalidSeedError,
    InvalidStateError,
)
from cardrules.rng import derive_seed
from tests.azi.batch_lockstep import check_rows, choose, lockstep
from tests.chi_square import chi_square, chi_square_sf

# Every rule option away from its default at least once, and every player count.
SPECS = (
    "azi",
    "azi(players=2)",
    "azi(players=3,rounding=down,first_lead=auction_winner)",
    "azi(players=5,look_before_fold=true)",
    "azi(players=6,raise_cap=0)",
    "azi(players=4,ante=7,min_raise=3,max_raise=3,raise_cap=5,suits=CHS)",
    "azi(players=3,ante=1,min_raise=2,max_raise=40,raise_cap=1,look_before_fold=true)",
    "azi(players=6,first_lead=auction_winner,rounding=down,match_games=2)",
)


# ------------------------------------------------------------------ dealing


def test_vectorised_draws_equal_rng_draws_with_rejections() -> None:
    seeds = np.arange(200, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
    for bound in (1, 2, 3, 28, 2**63 + 1, 3 * 2**62 + 5, 2**64 - 1):
        values, states = randbelow(seeds, bound)
        again, _ = randbelow(states, 7)
        for i, seed in enumerate(seeds.tolist()):
            rng = Rng(seed)
            assert values[i] == rng.randbelow(bound)
            assert again[i] == rng.randbelow(7)


def test_derived_seeds_and_decks_equal_the_scalar_ones() -> None:
    seeds = np.array([0, 1, 7, 2**64 - 1, 12345678901234567890], dtype=np.uint64)
    keys = np.array([0, 3, 2**63, 1, 99], dtype=np.uint64)
    derived = derive_seeds(seeds, keys)
    for seed, key, got in zip(seeds.tolist(), keys.tolist(), derived.tolist(), strict=True):
        assert got == derive_seed(seed, key)
    for packed in (True, False):
        decks = dealt_decks(seeds, keys, 27, packed=packed)
        for seed, key, deck in zip(seeds.tolist(), keys.tolist(), decks.tolist(), strict=True):
            assert deck == list(Rng(derive_seed(seed, key))._dealt(range(27)))
    # 40 cards: a draw below 41 is rejected for some seeds of this range? No; but sizes
    # other than the pack's are dealt alike too.
    many = np.arange(300, dtype=np.uint64)
    for size in (2, 40):
        decks = dealt_decks(many, np.zeros(300, dtype=np.uint64), size)
        for seed in (0, 123, 299):
            assert decks[seed].tolist() == list(Rng(derive_seed(seed, 0))._dealt(range(size)))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_init_deals_every_game_as_the_scalar_engine(players: int) -> None:
    game = load_game("azi", players=players, suits="CDS")
    seeds = [int(s) for s in derive_seeds(np.arange(64, dtype=np.uint64), 5)]
    arrays = BatchGame(game).init(seeds).arrays
    pack = game.rules.pack.cards
    for i, seed in enumerate(seeds):
        state = game.new_state(seed=seed)
        assert isinstance(state, AziState)
        assert arrays.dealer[i] == state.dealer
        assert pack[arrays.trump[i]] == state.trump_card
        for seat in range(players):
            held = {pack[p] for p in range(27) if arrays.hands[i, seat] >> p & 1}
            assert held == set(state.hands[seat])


# ------------------------------------------------------------ lock-step


@pytest.mark.parametrize("spec", SPECS)
def test_lockstep_with_the_scalar_engine(spec: str) -> None:
    lockstep(load_game(spec), list(range(24)), policy_seed=len(spec))


@pytest.mark.soak
@pytest.mark.parametrize("spec", SPECS)
def test_lockstep_soak(spec: str) -> None:
    for rounds in range(10):
        seeds = [derive_seed(rounds, i) for i in range(300)]
        lockstep(load_game(spec), seeds, policy_seed=rounds)


@settings(max_examples=15)
@given(
    players=st.integers(2, 6),
    seeds=st.lists(st.integers(0, 2**64 - 1), min_size=1, max_size=12),
    bias=st.lists(st.sampled_from([0.0, 0.3, 0.9]), min_size=12, max_size=12),
    policy=st.integers(0, 1000),
)
def test_games_at_different_phases_share_a_batch(
    players: int, seeds: list[int], bias: list[float], policy: int
) -> None:
    lockstep(load_game("azi", players=players), seeds, policy, bias[: len(seeds)])


def test_one_batch_holds_over_redealt_and_bidding_games_at_once() -> None:
    game = load_game("azi", players=5)
    engine = BatchGame(game)
    seeds = list(range(40))
    state = engine.init(seeds)
    rngs = [Rng(i) for i in seeds]
    mixed = False
    while not state.terminated.all():
        phases = state.arrays.phase
        over, redeal, bidding = state.terminated, state.arrays.deal > 0, phases == 2
        mixed |= bool(over.any() and (redeal & ~over).any() and bidding.any())
        ids = [-1 if over[i] else choose(state.legal_action_mask[i], rngs[i]) for i in seeds]
        state = engine.step(state, ids)
    assert mixed
    for i in (0, 17, 39):
        assert state[i].is_terminal


def test_reset_starts_the_finished_games_again_in_lockstep() -> None:
    game = load_game("azi", players=3)
    engine = BatchGame(game)
    state = engine.init(list(range(6)))
    scalars = [game.new_state(seed=seed) for seed in range(6)]
    rngs = [Rng(50 + i) for i in range(6)]
    restarted = 0
    for round_number in range(120):
        seeds = [1000 * (round_number + 1) + i for i in range(6)]
        before = state.terminated.copy()
        state = engine.reset(state, seeds)
        for i in map(int, np.flatnonzero(before)):
            scalars[i] = game.new_state(seed=seeds[i])
            restarted += 1
        check_rows(game, state, scalars)
        ids = [choose(state.legal_action_mask[i], rngs[i]) for i in range(6)]
        scalars = [s.apply(s.action_from_id(n)) for s, n in zip(scalars, ids, strict=True)]
        state = engine.step(state, ids)
    assert restarted > 6
    for i in range(6):
        assert state[i] == scalars[i]
        assert state[i].to_json() == scalars[i].to_json()
    with pytest.raises(InvalidSeedError, match="reset needs 6 seeds, got 2"):
        engine.reset(state, [1, 2])


# ------------------------------------------------------------------ API


def test_a_state_is_immutable_and_stepping_changes_nothing_before() -> None:
    engine = BatchGame(load_game("azi"))
    state = engine.init(np.arange(8))
    mask = state.legal_action_mask.copy()
    after = engine.step(state, np.zeros(8, dtype=np.int64))
    assert np.array_equal(state.legal_action_mask, mask)
    assert after.steps == 1 and state.steps == 0
    for array in (*state.arrays, state.current_player, state.legal_action_mask, state.returns):
        with pytest.raises(ValueError, match="read-only"):
            array[...] = 0
    assert len(state) == 8 and state[-1] == state[7]
    with pytest.raises(AttributeError):
        state.seeds = state.seeds  # type: ignore[misc]
    with pytest.raises(IllegalActionError, match="expected a BatchState of azi"):
        BatchGame(load_game("azi", players=3)).step(state, np.zeros(8, dtype=np.int64))
    assert "8 games of azi: 8 live after 0 steps" in repr(state)
    assert repr(engine) == "BatchGame(load_game('azi'))"


def test_an_illegal_id_names_the_game_and_changes_nothing() -> None:
    engine = BatchGame(load_game("azi", players=3))
    state = engine.init(np.arange(4))
    with pytest.raises(IllegalActionError, match=r"game 2: action id 7 is not legal .* fold"):
        engine.step(state, [0, 1, 7, 0])
    with pytest.raises(IllegalActionError, match="game 0: action id -3"):
        engine.step(state, [-3, 1, 0, 0])
    with pytest.raises(IllegalActionError, match="game 1: action id 105"):
        engine.step(state, [0, 105, 0, 0])
    huge = np.array([0, 1, 0, 2**64 - 1], dtype=np.uint64)
    with pytest.raises(IllegalActionError, match=f"game 3: action id {2**64 - 1} is not legal"):
        engine.step(state, huge)
    with pytest.raises(IllegalActionError, match=f"game 0: action id {2**63} is not legal"):
        engine.step(state, np.array([2**63, 1, 0, 0], dtype=np.uint64))
    with pytest.raises(IllegalActionError, match="must be 4 items, got 2"):
        engine.step(state, [0, 1])
    with pytest.raises(IllegalActionError, match="integer array"):
        engine.step(state, [0.0, 1.0, 0.0, 0.0])  # type: ignore[list-item]
    assert state.steps == 0 and state.action_ids(2) == []
    with pytest.raises(IndexError, match="not in a batch of 4"):
        state[4]
    with pytest.raises(IndexError, match="must be an int"):
        state["0"]  # type: ignore[index]


def test_bad_seeds_are_refused() -> None:
    engine = BatchGame(load_game("azi"))
    with pytest.raises(InvalidSeedError, match="-1"):
        engine.init([3, -1])
    with pytest.raises(InvalidSeedError, match="1-D"):
        engine.init(np.array([[1, 2]]))
    with pytest.raises(InvalidSeedError, match=r"\[1, 2\]"):
        engine.init([[1, 2]])  # type: ignore[list-item]
    with pytest.raises(InvalidSeedError, match=r"1\.5"):
        engine.init([1.5])  # type: ignore[list-item]
    with pytest.raises(InvalidSeedError, match="1-D"):
        engine.init(np.array([1.5]))
    with pytest.raises(InvalidSeedError, match="1-D"):
        engine.init("12")  # type: ignore[arg-type]
    assert len(engine.init([2**64 - 1])) == 1
    assert len(engine.init(np.zeros(0, dtype=np.uint64))) == 0


def test_games_and_options_the_engine_cannot_run_are_refused_by_name() -> None:
    with pytest.raises(InvalidRulesError, match="'hazari'"):
        BatchGame(load_game("hazari"))
    with pytest.raises(InvalidRulesError, match="raise_cap 500 with max_raise 10"):
        BatchGame(load_game("azi", raise_cap=500))
    assert BatchGame(load_game("azi", raise_cap=400, max_raise=10)).num_distinct_actions < (
        MAX_BATCH_ACTIONS
    )
    with pytest.raises(InvalidRulesError, match="ante"):
        BatchGame(load_game("azi", ante=2**41))
    with pytest.raises(InvalidRulesError, match="Game from load_game"):
        BatchGame(load_game("azi").rules)


def test_only_importing_the_batch_module_imports_numpy() -> None:
    code = (
        "import sys, cardrules, cardrules.azi, cardrules.azi.game\n"
        "print('numpy' in sys.modules)\n"
        "import cardrules.batch\n"
        "print('numpy' in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.split() == ["False", "True"], result.stderr


def test_random_legal_ids_draw_uniformly_among_the_legal_ids() -> None:
    rows = 6000
    mask = np.zeros((rows, 9), dtype=bool)
    mask[:, [1, 4, 8]] = True
    mask[::2, 4] = False  # even rows: ids 1 and 8 only
    mask[5] = False  # a row with no legal id
    ids = random_legal_ids(mask, np.random.default_rng(3))
    assert ids[5] == -1
    assert all(mask[i, ids[i]] for i in range(rows) if i != 5)
    for parity, cells in ((0, (1, 8)), (1, (1, 4, 8))):
        chosen = [int(n) for i, n in enumerate(ids) if i % 2 == parity and i != 5]
        counts = Counter(chosen)
        statistic, df = chi_square(counts, {cell: Fraction(1, len(cells)) for cell in cells})
        assert chi_square_sf(statistic, df) > 1e-4
    assert random_legal_ids(np.zeros((2, 3), dtype=bool), np.random.default_rng(0)).tolist() == [
        -1,
        -1,
    ]


def test_the_helpers_refuse_wrong_arguments_with_package_errors() -> None:
    states = np.arange(3, dtype=np.uint64)
    with pytest.raises(InvalidSeedError, match="1-D uint64"):
        derive_seeds(np.arange(3), 0)  # type: ignore[arg-type]
    with pytest.raises(InvalidSeedError, match="must be 3 items, got 2"):
        derive_seeds(states, [1, 2])
    with pytest.raises(InvalidSeedError, match="key -1"):
        derive_seeds(states, np.array([1, -1, 2]))
    with pytest.raises(CardRulesError, match="up to 2\\*\\*64, got 0"):
        randbelow(states, 0)
    with pytest.raises(InvalidCardsError, match="from 1 to 64, got 65"):
        dealt_decks(states, 0, 65)
    with pytest.raises(InvalidStateError, match="packed"):
        dealt_decks(states, 0, 27, packed="yes")  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="2-D bool"):
        random_legal_ids(np.zeros(3, dtype=bool), np.random.default_rng(0))
    with pytest.raises(InvalidStateError, match="Generator"):
        random_legal_ids(np.zeros((1, 3), dtype=bool), 7)  # type: ignore[arg-type]
    engine = BatchGame(load_game("azi"))
    with pytest.raises(IllegalActionError, match="1-D integer array"):
        engine.step(engine.init([1, 2]), [[0], [0, 1]])  # type: ignore[list-item]


@pytest.mark.parametrize("index", [4, -5, 99, "0", 1.0, slice(0, 2), None, True, np.int64(10)])
def test_a_bad_batch_index_is_an_action_index_error(index: object) -> None:
    state = BatchGame(load_game("azi", players=3)).init(np.arange(4))
    calls: tuple[Any, ...] = (state.__getitem__, state.action_ids)
    for call in calls:
        with pytest.raises(ActionIndexError, match="batch"):
            call(index)
