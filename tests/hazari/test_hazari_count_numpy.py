"""count_valid_arrangements: the numpy path and the pure-Python path give the same counts.

``count_valid_arrangements`` takes the numpy path when numpy is installed; both paths
are called directly here, on seeded random hands and on hands with many ties.
"""

from __future__ import annotations

import pytest

from cardrules import Card, parse_cards
from cardrules.hazari import count_valid_arrangements, partitions, valid_arrangements
from cardrules.hazari.partitions import sorted_hand
from cardrules.rng import Rng

np = pytest.importorskip(
    "numpy", reason="numpy is not installed: the numpy counting path cannot run"
)

SPECIAL = [
    "AC AD AH KC KD KH QC QD QH 2S 3S 4S 7D",  # three trios
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",  # one suit: colour runs everywhere
    "AS AH AD AC KS KH KD KC QS QH QD QC JS",  # four of a kind, three times
    "2C 3D 4H 5S 7C 8D 9H JS QC KD AH 6S TS",  # mostly indi
]


def random_hands(count: int, seed: int) -> list[tuple[Card, ...]]:
    rng = Rng(seed)
    return [tuple(Card.from_index(i) for i in rng.shuffled(range(52))[:13]) for _ in range(count)]


@pytest.mark.parametrize("text", SPECIAL)
def test_special_hands_agree(text: str) -> None:
    cards = sorted_hand(parse_cards(text))
    pure = partitions._count_pure(cards)
    assert partitions._count_numpy(cards, np) == pure
    assert pure == len(valid_arrangements(cards))


def test_random_hands_agree() -> None:
    for hand in random_hands(300, seed=13):
        cards = sorted_hand(hand)
        assert partitions._count_numpy(cards, np) == partitions._count_pure(cards)


def test_public_count_uses_numpy_and_answers_like_the_pure_path() -> None:
    hand = random_hands(1, seed=5)[0]
    assert count_valid_arrangements(hand) == partitions._count_pure(sorted_hand(hand))
    assert partitions._numpy_module() is np


def test_without_numpy_the_pure_path_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(partitions, "_NUMPY", [None])
    hand = parse_cards(SPECIAL[0])
    assert count_valid_arrangements(hand) == 20747
