"""The Hazari batch engine under ``actions="groups"`` in lock-step with the scalar engine.

The legal groups of a batch equal a naive reference built from the valid splits of
the split engine (each valid split's three 3-card groups, holding the chosen ones)
and the scalar :func:`~cardrules.hazari.groups.legal_group_ids`; whole deals run side
by side with the scalar engine on random legal ids, checking every array at every step.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy", reason="the batch engine needs numpy")

from cardrules import Card, Rng, load_game, parse_cards  # noqa: E402
from cardrules.batch import BatchGame, random_legal_ids  # noqa: E402
from cardrules.errors import IllegalActionError, InvalidRulesError  # noqa: E402
from cardrules.hazari import HazariState  # noqa: E402
from cardrules.hazari import batch as hb  # noqa: E402
from cardrules.hazari.action_ids import split_of_id  # noqa: E402
from cardrules.hazari.batch.groups import GroupsArrays, HazariGroupsKernels  # noqa: E402
from cardrules.hazari.batch.groups_legal import legal_groups  # noqa: E402
from cardrules.hazari.groups import legal_group_ids  # noqa: E402
from cardrules.hazari.partitions import TRIPLE_MASKS, hand_tables, sorted_hand  # noqa: E402
from cardrules.hazari.rules import ActionSpace, HazariRules, TieRule  # noqa: E402
from tests.azi.batch_lockstep import check_rows, lockstep  # noqa: E402
from tests.hazari.hands import SPECIAL_HANDS, hands  # noqa: E402

SPECS = (
    "hazari(actions=groups)",
    "hazari(actions=groups,tie_rule=first)",
    "hazari(actions=groups,target=250,tie_rule=latest)",
)
_MASK_ID = {mask: number for number, mask in enumerate(TRIPLE_MASKS)}


def valid_threes(hand: tuple[Card, ...]) -> list[frozenset[int]]:
    """The three 3-card groups (position masks) of every valid split (from the split engine)."""
    return [frozenset(split_of_id(split)[1]) for split in hand_tables(hand).ids()]


def naive_legal(splits: list[frozenset[int]], chosen: list[int]) -> list[int]:
    """The groups some valid split holds with every chosen one."""
    wanted = {TRIPLE_MASKS[number] for number in chosen}
    legal: set[int] = set()
    for threes in splits:
        if wanted <= threes:
            legal |= threes - wanted
    return sorted(_MASK_ID[mask] for mask in legal)


def batch_legal(hand: tuple[Card, ...], chosen: list[int]) -> list[int]:
    picks = np.full((1, 2), -1)
    picks[0, : len(chosen)] = chosen
    cards = np.array([[card.index for card in hand]])
    legal: list[int] = np.flatnonzero(legal_groups(cards, picks)[0]).tolist()
    return legal


def chosen_sequence(hand: tuple[Card, ...], rng: Rng) -> list[list[int]]:
    """The chosen groups before each of the three decisions, drawn uniformly from the legal."""
    chosen: list[int] = []
    result = []
    for _ in range(3):
        result.append(list(chosen))
        chosen.append(rng.choice(legal_group_ids(hand, chosen)))
    return result


# ------------------------------------------------------------------ legal groups


@pytest.mark.parametrize("name", sorted(SPECIAL_HANDS))
def test_legal_groups_equal_the_naive_reference_on_special_hands(name: str) -> None:
    hand = sorted_hand(parse_cards(SPECIAL_HANDS[name]))
    splits = valid_threes(hand)
    for chosen in chosen_sequence(hand, Rng(len(name))):
        assert batch_legal(hand, chosen) == naive_legal(splits, chosen), chosen


def test_legal_groups_equal_the_naive_reference_on_dealt_hands() -> None:
    dealt = hb.deal(np.arange(1)).reshape(-1, 13)
    for number, row in enumerate(dealt):
        hand = tuple(Card.from_index(int(i)) for i in row)
        splits = valid_threes(hand)
        for chosen in chosen_sequence(hand, Rng(number)):
            assert batch_legal(hand, chosen) == naive_legal(splits, chosen), (number, chosen)


@settings(max_examples=25)
@given(hand=hands, policy=st.integers(0, 10**6))
def test_legal_groups_equal_the_scalar_legal_groups(hand: tuple[Card, ...], policy: int) -> None:
    ordered = sorted_hand(hand)
    for chosen in chosen_sequence(ordered, Rng(policy)):
        assert batch_legal(ordered, chosen) == legal_group_ids(ordered, chosen), chosen


def test_a_batch_of_hands_at_all_three_decisions_equals_the_scalar_one() -> None:
    dealt = hb.deal(np.arange(100, 200)).reshape(-1, 13)
    rng = Rng(9)
    picks = np.full((len(dealt), 2), -1)
    expected = []
    for number, row in enumerate(dealt):
        hand = tuple(Card.from_index(int(i)) for i in row)
        chosen = chosen_sequence(hand, rng)[number % 3]
        picks[number, : len(chosen)] = chosen
        expected.append(legal_group_ids(hand, chosen))
    mask = legal_groups(dealt, picks)
    assert [np.flatnonzero(m).tolist() for m in mask] == expected


# ------------------------------------------------------------------ the engine


def test_the_split_action_space_is_refused_naming_the_option() -> None:
    for game in (load_game("hazari"), load_game("hazari", actions="split", tie_rule="first")):
        with pytest.raises(InvalidRulesError, match=r"actions='split'.*200,200 columns"):
            BatchGame(game)
    with pytest.raises(InvalidRulesError, match="HazariRules"):
        HazariGroupsKernels(load_game("azi").rules)
    with pytest.raises(InvalidRulesError, match="dealer 4"):
        HazariGroupsKernels(HazariRules(actions=ActionSpace.GROUPS), dealer=4)


def test_init_deals_the_hands_of_the_scalar_engine_bit_for_bit() -> None:
    seeds = [0, 1, 2**64 - 1, 12345678901234567890, 99]
    game = load_game("hazari", actions="groups")
    arrays = BatchGame(game).init(seeds).arrays
    for i, seed in enumerate(seeds):
        state = game.new_state(seed=seed)
        assert isinstance(state, HazariState)
        hands = state.hands
        assert arrays.hands[i].tolist() == [[card.index for card in hand] for hand in hands]
    for dealer in (1, 3):
        kernels = HazariGroupsKernels(game.rules, dealer=dealer)
        dealt = kernels.init(np.array(seeds, dtype=np.uint64)).hands
        for i, seed in enumerate(seeds):
            hands = HazariState.new(seed=seed, dealer=dealer).hands
            assert dealt[i].tolist() == [[card.index for card in hand] for hand in hands]


def test_a_batch_takes_twelve_decisions_and_scores_each_deal() -> None:
    engine = BatchGame(load_game("hazari", actions="groups"))
    state = engine.init(np.arange(40))
    generator = np.random.default_rng(1)
    for _ in range(12):
        assert not state.terminated.any() and not state.returns.any()
        assert state.legal_action_mask.any(axis=1).all()
        state = engine.step(state, random_legal_ids(state.legal_action_mask, generator))
    assert state.terminated.all() and (state.current_player == -1).all()
    assert (state.returns.sum(axis=1) == 360).all()
    assert not state.legal_action_mask.any() and not state.observation_tensor.any()
    assert engine.step(state, np.full(40, 7)).returns.tolist() == state.returns.tolist()


def test_an_illegal_group_names_the_game_and_changes_nothing() -> None:
    engine = BatchGame(load_game("hazari", actions="groups"))
    state = engine.init([5, 6, 7])
    ids = random_legal_ids(state.legal_action_mask, np.random.default_rng(0))
    state = engine.step(state, ids)
    taken = int(ids[1])
    before = [array.copy() for array in state.arrays]
    again = random_legal_ids(state.legal_action_mask, np.random.default_rng(1))
    again[1] = taken  # the group already chosen is not legal again
    with pytest.raises(IllegalActionError, match=f"game 1: action id {taken} .*group 2 phase"):
        engine.step(state, again)
    with pytest.raises(IllegalActionError, match="action id 286"):
        engine.step(state, [286, 0, 0])
    assert all(np.array_equal(a, b) for a, b in zip(before, state.arrays, strict=True))


# ------------------------------------------------------------------ lock-step


@pytest.mark.parametrize("spec", SPECS)
def test_lockstep_with_the_scalar_engine(spec: str) -> None:
    lockstep(load_game(spec), list(range(16)), policy_seed=len(spec))


@pytest.mark.soak
@pytest.mark.parametrize("spec", SPECS)
def test_lockstep_soak(spec: str) -> None:
    for rounds in range(3):
        seeds = [rounds * 10**6 + i * 7919 for i in range(100)]
        lockstep(load_game(spec), seeds, policy_seed=rounds)


def kernel_lockstep(rules: HazariRules, dealer: int, seeds: list[int], policy: int) -> None:
    """The kernels of a batch dealt by ``dealer`` against ``HazariState.new(..., dealer)``."""
    game = load_game("hazari", **rules.to_json())
    kernels = HazariGroupsKernels(rules, dealer=dealer)
    arrays = kernels.init(np.array(seeds, dtype=np.uint64))
    scalars = [HazariState.new(seed=seed, dealer=dealer, rules=rules) for seed in seeds]
    rng = Rng(policy)
    while True:
        compare(game, kernels, arrays, scalars)
        if all(state.is_terminal for state in scalars):
            break
        mask = kernels.legal_action_mask(arrays)
        ids = np.array([rng.choice(np.flatnonzero(row).tolist()) for row in mask])
        scalars = [
            state.apply(state.action_from_id(int(n))) for state, n in zip(scalars, ids, strict=True)
        ]
        arrays = kernels.step(arrays, ids)


def compare(
    game: Any, kernels: HazariGroupsKernels, arrays: GroupsArrays, scalars: list[Any]
) -> None:
    """The kernels' arrays read as the scalar states say, row by row."""
    current = kernels.current_player(arrays)
    mask = kernels.legal_action_mask(arrays)
    tensor = kernels.observation_tensor(arrays)
    returns = kernels.returns(arrays)
    for i, state in enumerate(scalars):
        player = state.current_player
        assert current[i] == (-1 if player is None else player)
        assert np.flatnonzero(mask[i]).tolist() == state.legal_action_ids()
        assert returns[i].tolist() == list(state.returns())
        if player is None:
            assert not tensor[i].any()
        else:
            expected = np.asarray(game.observation_tensor(state, player), dtype=np.float32)
            assert np.array_equal(tensor[i], expected), i


@pytest.mark.parametrize("dealer", [1, 2, 3])
def test_the_kernels_deal_and_play_from_any_dealer(dealer: int) -> None:
    rules = HazariRules(tie_rule=TieRule.FIRST if dealer == 2 else TieRule.LATEST)
    rules = HazariRules(tie_rule=rules.tie_rule, actions=ActionSpace.GROUPS)
    kernel_lockstep(rules, dealer, [dealer * 1000 + i for i in range(5)], dealer)


@settings(max_examples=10)
@given(
    turns=st.lists(st.integers(0, 12), min_size=1, max_size=8),
    seed=st.integers(0, 2**64 - 1),
    policy=st.integers(0, 1000),
)
def test_deals_at_different_decisions_share_a_batch(
    turns: list[int], seed: int, policy: int
) -> None:
    """Rows at any decision, over and live, stepped at once, read as their scalar states."""
    game = load_game("hazari", actions="groups")
    kernels = HazariGroupsKernels(game.rules)
    rng = Rng(policy)
    rows, scalars = [], []
    for number, turn in enumerate(turns):
        one = (seed + number) % 2**64
        arrays = kernels.init(np.array([one], dtype=np.uint64))
        state = game.new_state(seed=one)
        for _ in range(turn):
            legal = state.legal_action_ids()
            choice = rng.choice(legal)
            state = state.apply(state.action_from_id(choice))
            arrays = kernels.step(arrays, np.array([choice]))
        rows.append(arrays)
        scalars.append(state)
    mixed = GroupsArrays._make(np.concatenate(columns) for columns in zip(*rows, strict=True))
    compare(game, kernels, mixed, scalars)
    mask = kernels.legal_action_mask(mixed)
    ids = np.array([rng.choice(np.flatnonzero(m).tolist()) if m.any() else -1 for m in mask])
    stepped = kernels.step(mixed, ids)
    scalars = [
        s if n < 0 else s.apply(s.action_from_id(int(n))) for s, n in zip(scalars, ids, strict=True)
    ]
    compare(game, kernels, stepped, scalars)


def test_state_rows_are_the_scalar_states_after_a_reset() -> None:
    game = load_game("hazari", actions="groups")
    engine = BatchGame(game)
    state = engine.init([1, 2])
    generator = np.random.default_rng(4)
    for _ in range(12):
        state = engine.step(state, random_legal_ids(state.legal_action_mask, generator))
    state = engine.reset(state, [30, 40])
    state = engine.step(state, random_legal_ids(state.legal_action_mask, generator))
    for i, seed in enumerate((30, 40)):
        scalar = game.new_state(seed=seed)
        scalar = scalar.apply(scalar.action_from_id(state.action_ids(i)[0]))
        assert state[i] == scalar
        check_rows(game, state, [state[0], state[1]])
