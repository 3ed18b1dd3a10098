"""Action ids and indexed legal actions of a Hazari deal, against naive enumerations.

The reference order is written here from the documented definition alone: every
split of the 13 hand positions into a 4-card group and three unordered 3-card
groups, sorted by (the 4-card group's sorted positions, the sorted positions of the
group holding the lowest other position, those of the group holding the lowest
position left). Validity comes from the naive brute force of ``brute_force.py``.
"""

from __future__ import annotations

import functools
from itertools import combinations

import pytest

from cardrules import Rng
from cardrules.errors import IllegalActionError
from cardrules.hazari import (
    SPLITS,
    HazariMatch,
    HazariState,
    Up,
    new_game,
    split_id,
    split_of_id,
)
from cardrules.hazari.partitions import count_valid_arrangements
from tests.hazari.brute_force import Judge

Positions = tuple[int, ...]
NaiveSplit = tuple[Positions, Positions, Positions, Positions]


@functools.cache
def naive_order() -> tuple[NaiveSplit, ...]:
    """Every split once, as (four, first, second, third) sorted position tuples, in id order.

    Each partition is met 3! times with its 3-card groups in every order; it is kept
    once, with the groups in ascending order (so the first holds the lowest position).
    """
    found = []
    everything = set(range(13))
    for four in combinations(range(13), 4):
        rest = sorted(everything - set(four))
        for one in combinations(rest, 3):
            left = sorted(set(rest) - set(one))
            for two in combinations(left, 3):
                three = tuple(sorted(set(left) - set(two)))
                if one < two < three:
                    found.append((four, one, two, three))
    assert len({frozenset([four, *groups]) for four, *groups in found}) == len(found)
    return tuple(sorted(found))


def mask(positions: Positions) -> int:
    return sum(1 << p for p in positions)


def test_there_are_200200_splits_and_ids_rank_them_in_the_documented_order() -> None:
    order = naive_order()
    assert len(order) == SPLITS == 200_200
    for number, (four, one, two, three) in enumerate(order):
        masks = (mask(four), (mask(one), mask(two), mask(three)))
        assert split_of_id(number) == masks
        assert split_id(mask(four), (mask(three), mask(one), mask(two))) == number


@pytest.mark.parametrize("bad", [-1, SPLITS, 2**70, 1.0, "3", None, True])
def test_ids_out_of_range_are_refused(bad: object) -> None:
    with pytest.raises(IllegalActionError, match="0 to 200199"):
        split_of_id(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="0 to 200199"):
        new_game(seed=1).action_from_id(bad)  # type: ignore[arg-type]


def test_legal_ids_match_the_naive_brute_force_on_one_hand() -> None:
    state = new_game(seed=11)
    player = state.current_player
    assert player is not None
    hand = state.hands[player]
    judge = Judge()
    expected = [
        number
        for number, split in enumerate(naive_order())
        if judge.is_valid(
            (
                tuple(hand[p] for p in split[1]),
                tuple(hand[p] for p in split[2]),
                tuple(hand[p] for p in split[3]),
                tuple(hand[p] for p in split[0]),
            )
        )
    ]
    assert state.legal_action_ids() == expected
    mask_bytes = state.legal_action_mask()
    assert len(mask_bytes) == SPLITS
    assert [i for i, byte in enumerate(mask_bytes) if byte] == expected
    assert set(mask_bytes) == {0, 1}
    legal = set(expected)
    for number in range(0, SPLITS, 7):
        if number in legal:
            assert state.action_from_id(number) in state.legal_actions()
        else:
            with pytest.raises(IllegalActionError, match="not a valid split"):
                state.action_from_id(number)


def deal_states(count: int) -> list[HazariState]:
    states = []
    for seed in range(count):
        state = new_game(seed=seed, dealer=seed % 4)
        rng = Rng(seed)
        for _ in range(seed % 4):  # some seats already up
            legal = state.legal_actions()
            state = state.apply(legal[rng.randbelow(len(legal))])
        states.append(state)
    return states


@pytest.mark.parametrize("state", deal_states(12), ids=lambda s: f"seed{s.dealer}")
def test_indexing_ids_and_iteration_agree(state: HazariState) -> None:
    legal = state.legal_actions()
    listed = list(legal)
    player = state.current_player
    assert player is not None
    assert len(legal) == len(listed) == count_valid_arrangements(state.hands[player])
    rng = Rng(len(listed))
    positions = {0, len(listed) - 1, *(rng.randbelow(len(listed)) for _ in range(300))}
    for position in positions:
        assert legal[position] == listed[position]
        assert legal[position - len(listed)] == listed[position]
    ids = [state.action_id(action) for action in listed]
    assert ids == sorted(ids) == state.legal_action_ids()
    for position in positions:
        assert state.action_from_id(ids[position]) == listed[position]
    with pytest.raises(IndexError):
        legal[len(listed)]
    with pytest.raises(IndexError):
        legal[-len(listed) - 1]


@pytest.mark.parametrize("seed", [3, 8])
def test_every_legal_action_round_trips_through_its_id(seed: int) -> None:
    state = new_game(seed=seed)
    listed = list(state.legal_actions())
    for action in listed:
        assert state.action_from_id(state.action_id(action)) == action
    mask_bytes = state.legal_action_mask()
    assert sum(mask_bytes) == len(listed)


def test_membership_is_exactly_what_apply_accepts() -> None:
    state = new_game(seed=5)
    legal = state.legal_actions()
    mine = legal[17]
    assert isinstance(mine, Up)
    other_seat = new_game(seed=6).legal_actions()[0]
    for action in (mine, other_seat, "up", None, mine.arrangement):
        try:
            state.apply(action)  # type: ignore[arg-type]
            accepted = True
        except IllegalActionError:
            accepted = False
        assert (action in legal) is accepted
    with pytest.raises(IllegalActionError):
        state.action_id(other_seat)


def test_ids_are_about_the_acting_players_hand_and_finish_with_the_deal() -> None:
    state = new_game(seed=2)
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[-1])
    assert state.legal_action_ids() == []
    assert not any(state.legal_action_mask())
    with pytest.raises(IllegalActionError, match="over"):
        state.action_from_id(0)


def test_a_match_numbers_the_actions_of_its_current_deal() -> None:
    match = HazariMatch.new(seed=4)
    first = match.legal_actions()[5]
    assert match.action_id(first) == match.current.action_id(first)
    assert match.legal_action_ids() == match.current.legal_action_ids()
    assert match.action_from_id(match.action_id(first)) == first
    assert isinstance(first, Up)
