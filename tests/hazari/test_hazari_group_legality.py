"""The legal groups of ``actions="groups"`` against a naive search over every split.

:mod:`cardrules.hazari._group_legality` decides the first group of a hand for all 286
triples in one walk (with a bulk certificate), the second with numpy over the 2,100
splits of the ten cards left (or a walk without numpy), and the third from the splits
the second kept. The naive search here walks all 200,200 splits of the hand once,
judging each with the reference evaluator of ``reference.py``, and reads off every
level: the legal first groups are the 3-card groups of the valid splits, the legal
second groups after ``g`` the other two 3-card groups of the valid splits holding
``g``, and so on. It shares nothing with the library but the group numbering (the
lexicographic order of position triples, written out again here).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings

from cardrules import Card, Rng, parse_cards
from cardrules.hazari._group_legality import (
    HandGroups,
    first_groups,
    ids_in,
    last_groups,
    mask_of,
    second_groups,
)
from tests.hazari.brute_force import index_of
from tests.hazari.hands import SPECIAL_HANDS, hands
from tests.hazari.reference import ref_best4, ref_key

numpy = pytest.importorskip("numpy")

TRIPLE_NUMBER = {
    sum(1 << p for p in positions): number
    for number, positions in enumerate(combinations(range(13), 3))
}


class Naive:
    """Every valid split of one hand, as the group numbers of its three 3-card groups."""

    def __init__(self, hand: Sequence[Card]) -> None:
        cards = sorted(hand, key=index_of)
        key3 = {
            sum(1 << p for p in t): ref_key(tuple(cards[p] for p in t))
            for t in combinations(range(13), 3)
        }
        self.first: set[int] = set()
        self.second: dict[int, set[int]] = defaultdict(set)
        self.third: dict[tuple[int, int], set[int]] = defaultdict(set)
        for four in combinations(range(13), 4):
            bar = ref_best4(tuple(cards[p] for p in four))
            rest = [p for p in range(13) if p not in four]
            head, tail = rest[0], rest[1:]
            for pair in combinations(tail, 2):
                a = 1 << head | 1 << pair[0] | 1 << pair[1]
                if key3[a] < bar:
                    continue
                left = [p for p in tail if p not in pair]
                for pair2 in combinations(left[1:], 2):
                    b = 1 << left[0] | 1 << pair2[0] | 1 << pair2[1]
                    c = sum(1 << p for p in left) ^ b
                    if key3[b] >= bar and key3[c] >= bar:
                        self._add(TRIPLE_NUMBER[a], TRIPLE_NUMBER[b], TRIPLE_NUMBER[c])

    def _add(self, a: int, b: int, c: int) -> None:
        self.first.update((a, b, c))
        for x, y, z in ((a, b, c), (b, a, c), (c, a, b)):
            self.second[x].update((y, z))
            self.third[x, y].add(z)
            self.third[x, z].add(y)


def random_hand(rng: Rng) -> tuple[Card, ...]:
    """13 cards dealt from a pack shuffled with ``rng``."""
    return tuple(Card.from_index(i) for i in rng.shuffled(range(52))[:13])


def indices(hand: Sequence[Card]) -> tuple[int, ...]:
    return tuple(sorted(card.index for card in hand))


def check_hand(hand: Sequence[Card], firsts: int | None = None, rng: Rng | None = None) -> None:
    """Every level of the hand against the naive search, with and without numpy: the
    first group, the second after every legal first (or ``firsts`` of them drawn with
    ``rng``), and the third after every legal pair of them."""
    naive = Naive(hand)
    x = indices(hand)
    pure, fast = HandGroups(x), HandGroups(x, numpy)
    for tables in (pure, fast):
        assert set(ids_in(mask_of(first_groups(tables)))) == naive.first
    chosen = sorted(naive.first)
    if firsts is not None and rng is not None:
        chosen = [chosen[rng.randbelow(len(chosen))] for _ in range(firsts)]
    for first in chosen:
        expected = naive.second[first]
        for tables in (pure, fast):
            assert set(ids_in(second_groups(tables, first))) == expected, (first, tables)
        for second in expected:
            third = naive.third[first, second]
            # fast holds the splits its second_groups kept; pure works them out
            for tables in (pure, fast):
                assert set(ids_in(last_groups(tables, first, second))) == third


def test_a_random_hand_at_every_level_matches_the_naive_search() -> None:
    rng = Rng(2026)
    hand = random_hand(rng)
    check_hand(hand, firsts=6, rng=rng)


@settings(max_examples=2, deadline=None)
@given(hands)
def test_the_first_group_of_any_hand_matches_the_naive_search(hand: tuple[Card, ...]) -> None:
    check_hand(hand, firsts=3, rng=Rng(len(hand)))


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(0, 300, 30))
def test_many_random_hands_match_the_naive_search_exhaustively(seed: int) -> None:
    """Thirty hands a case, every legal first group and every legal pair after it."""
    rng = Rng(seed)
    for _ in range(30):
        check_hand(random_hand(rng))


@pytest.mark.soak
@pytest.mark.parametrize("name", sorted(SPECIAL_HANDS))
def test_special_hands_match_the_naive_search_exhaustively(name: str) -> None:
    check_hand(parse_cards(SPECIAL_HANDS[name]))


@pytest.mark.soak
@settings(max_examples=200, deadline=None)
@given(hands)
def test_any_hand_matches_the_naive_search(hand: tuple[Card, ...]) -> None:
    check_hand(hand, firsts=10, rng=Rng(len(hand)))


def test_the_kept_splits_of_another_first_group_are_not_used() -> None:
    """The third group reads the splits its second group kept only for the same first
    group: a table that last served another first group works the third out anew."""
    rng = Rng(7)
    hand = random_hand(rng)
    naive = Naive(hand)
    tables = HandGroups(indices(hand), numpy)
    first, other = sorted(naive.first)[:2]
    second = min(naive.second[first])
    second_groups(tables, first)
    second_groups(tables, other)  # the kept splits are now the other group's
    assert tables.splits is not None and tables.splits[0] == other
    assert set(ids_in(last_groups(tables, first, second))) == naive.third[first, second]


def test_masks_and_ids_read_each_other() -> None:
    bits = sum(1 << t for t in (0, 7, 8, 200, 285))
    mask = mask_of(bits)
    assert len(mask) == 286 and set(mask) == {0, 1}
    assert ids_in(mask) == [0, 7, 8, 200, 285]
    assert ids_in(mask_of(0)) == [] and ids_in(mask_of((1 << 286) - 1)) == list(range(286))


def test_the_state_builds_the_arrangement_it_would_check() -> None:
    """The third group's arrangement, from the hand's tables, equals the arrangement the
    constructor checks and orders, strengths included."""
    from cardrules.hazari.arrangement import Arrangement
    from cardrules.hazari.groups import _arranged, group_positions, legal_group_ids

    rng = Rng(11)
    for _ in range(40):
        hand = tuple(sorted(random_hand(rng)))
        chosen: list[int] = []
        for _ in range(3):
            legal = legal_group_ids(hand, chosen)
            chosen.append(legal[rng.randbelow(len(legal))])
        groups: list[Any] = [
            tuple(card for p, card in enumerate(hand) if group_positions(n) >> p & 1)
            for n in chosen
        ]
        used = {card for group in groups for card in group}
        expected = Arrangement((*groups, tuple(card for card in hand if card not in used)))
        got = _arranged(hand, indices(hand), chosen)
        assert got == expected and got.groups == expected.groups
        assert got.strengths == expected.strengths and repr(got) == repr(expected)
