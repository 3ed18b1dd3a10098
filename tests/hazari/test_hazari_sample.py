"""Uniform samples of a hand's valid arrangements, by rejection with a counting fallback.

The valid set and the per-4-card-group counts come from the naive brute force of
``brute_force.py`` (its own reference evaluator, no library tables). The chi-square
tests bin the valid arrangements by their 4-card group and run with the fallback
always taken (``rejections=0``), taken most of the time (2), and rarely (the default).
"""

from __future__ import annotations

import functools
from collections import Counter
from fractions import Fraction

import pytest

from cardrules import Card, parse_cards
from cardrules.bot import LegalView
from cardrules.bots import RandomBot
from cardrules.errors import IllegalActionError, InvalidArrangementError, InvalidCardsError
from cardrules.game import ActionTuple
from cardrules.hazari import HazariState, Up, valid_arrangements
from cardrules.hazari.partitions import (
    REJECTIONS,
    SPLITS,
    hand_tables,
    sample_split,
    sorted_hand,
    split_arrangement,
)
from cardrules.hazari.state import UpActions
from cardrules.rng import Rng
from tests.chi_square import chi_square, chi_square_sf
from tests.hazari.brute_force import Judge, all_splits, index_of

HAND = "AS KD QH JC 9S 8D 7H 6C 5S 4D 3H 2C 2S"
BINS = 16


def random_hands(count: int, seed: int) -> list[tuple[Card, ...]]:
    rng = Rng(seed)
    return [
        sorted_hand(tuple(Card.from_index(i) for i in rng.shuffled(range(52))[:13]))
        for _ in range(count)
    ]


@functools.cache
def brute_quad_counts(text: str) -> dict[frozenset[int], int]:
    """Valid splits per 4-card group (as a set of card indices), by brute force."""
    judge = Judge()
    counts: Counter[frozenset[int]] = Counter()
    for split in all_splits(parse_cards(text)):
        if judge.is_valid(split):
            counts[frozenset(index_of(card) for card in split[3])] += 1
    return dict(counts)


def quad_bins(counts: dict[frozenset[int], int]) -> dict[frozenset[int], int]:
    """Each 4-card group's bin: groups in a fixed order, cut into BINS runs of about
    equal numbers of valid splits."""
    total = sum(counts.values())
    result, running = {}, 0
    for quad in sorted(counts, key=sorted):
        result[quad] = running * BINS // total
        running += counts[quad]
    return result


@pytest.mark.parametrize("rejections", [0, 2, REJECTIONS])
def test_samples_are_uniform_by_four_card_group(rejections: int) -> None:
    counts = brute_quad_counts(HAND)
    bins = quad_bins(counts)
    total = sum(counts.values())
    expected: dict[int, Fraction] = {}
    for quad, number in counts.items():
        expected[bins[quad]] = expected.get(bins[quad], Fraction(0)) + Fraction(number, total)
    hand = sorted_hand(parse_cards(HAND))
    rng = Rng(20 + rejections)
    seen: Counter[int] = Counter()
    for _ in range(4000):
        arrangement = split_arrangement(hand, sample_split(hand, rng, rejections=rejections))
        seen[bins[frozenset(card.index for card in arrangement.groups[3])]] += 1
    statistic, df = chi_square(seen, expected)
    assert df == BINS - 1
    assert chi_square_sf(statistic, df) > 1e-4, (statistic, seen)


def test_samples_are_valid_and_match_the_tables() -> None:
    rng = Rng(3)
    for hand in random_hands(12, seed=8):
        tables = hand_tables(hand)
        legal = valid_arrangements(hand)
        for rejections in (0, 1, REJECTIONS):
            split = sample_split(hand, rng, rejections=rejections)
            assert tables.position_of(split) is not None
            arrangement = split_arrangement(hand, split)
            assert arrangement == tables.arrangement(split)
            assert arrangement in legal


def test_split_arrangement_equals_the_tables_on_every_kind_of_split() -> None:
    hand = random_hands(1, seed=4)[0]
    tables = hand_tables(hand)
    for split in range(0, SPLITS, 211):
        if tables.position_of(split) is None:
            with pytest.raises(InvalidArrangementError):
                split_arrangement(hand, split)
        else:
            assert split_arrangement(hand, split) == tables.arrangement(split)


def test_the_same_rng_state_gives_the_same_sample() -> None:
    hand = random_hands(1, seed=5)[0]
    legal = valid_arrangements(hand)
    assert legal.sample(Rng(11)) == legal.sample(Rng(11))
    draws = {sample_split(hand, Rng(seed)) for seed in range(30)}
    assert len(draws) > 25  # not one fixed answer


def test_hazari_legal_actions_sample_and_random_bot() -> None:
    state = HazariState.new(seed=9)
    legal = state.legal_actions()
    assert isinstance(legal, UpActions)
    action = legal.sample(Rng(4))
    assert isinstance(action, Up) and action in legal
    assert state.apply(action).up == (state.current_player,)
    # RandomBot takes the collection's sample, also through the runner's read-only view.
    assert RandomBot().choose(None, legal, Rng(4)) == action
    assert RandomBot().choose(None, LegalView(legal), Rng(4)) == action


def test_collections_without_sample_keep_len_and_index() -> None:
    legal = ActionTuple("abcdefg")
    for seed in range(20):
        expected = legal[Rng(seed).randbelow(len(legal))]
        assert RandomBot().choose(None, legal, Rng(seed)) == expected
        assert LegalView(legal).sample(Rng(seed)) == expected
    with pytest.raises(IllegalActionError, match="no legal actions"):
        LegalView(ActionTuple([])).sample(Rng(1))


def test_bad_arguments_are_refused() -> None:
    hand = random_hands(1, seed=6)[0]
    with pytest.raises(IllegalActionError, match="Rng"):
        sample_split(hand, 7)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="rejections"):
        sample_split(hand, Rng(1), rejections=-1)
    with pytest.raises(InvalidCardsError):
        sample_split(hand[:12], Rng(1))
    with pytest.raises(InvalidCardsError):
        sample_split(("AS",) * 13, Rng(1))  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        split_arrangement(hand, SPLITS)
    with pytest.raises(InvalidCardsError, match="sorted"):
        sample_split(tuple(reversed(hand)), Rng(1))
    with pytest.raises(InvalidCardsError, match="sorted"):
        split_arrangement(hand[:12], 0)
