"""valid_arrangements and count_valid_arrangements against the naive brute force."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import Card, parse_cards
from cardrules.errors import InvalidCardsError
from cardrules.game import LegalActions
from cardrules.hazari import Arrangement, count_valid_arrangements, valid_arrangements

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brute_force import all_splits, valid_partitions

hands = st.lists(st.integers(0, 51), min_size=13, max_size=13, unique=True).map(
    lambda indices: tuple(Card.from_index(i) for i in indices)
)

SPECIAL_HANDS = {
    "one suit": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "three trios": "AC AD AH KC KD KH QC QD QH 2S 3S 4S 7D",
    "four of a kind and a trio": "9C 9D 9H 9S 5C 5D 5H 2S 3D 7H JC QD KS",
    "several runs": "AS 2D 3H 4C 5S 6D 7H 8C 9S TD JH QC KS",
    "colour runs": "4H 5H 6H 9C TC JC QD KD AD 2S 3S 7H 8D",
    "two colours": "AH KH QH 9H 7H 5H 3H AD KD QD 9D 7D 5D",
}


def as_partition(arrangement: Arrangement) -> frozenset[frozenset[int]]:
    return frozenset(frozenset(card.index for card in group) for group in arrangement.groups)


def check_against_brute_force(hand: tuple[Card, ...]) -> None:
    expected = valid_partitions(hand)
    legal = valid_arrangements(hand)
    produced = [as_partition(arrangement) for arrangement in legal]
    assert len(produced) == len(set(produced)), "a partition was listed twice"
    assert set(produced) == set(expected)
    assert len(legal) == count_valid_arrangements(hand) == len(expected)
    for arrangement in list(legal)[:: max(1, len(expected) // 50)]:
        assert arrangement in legal
        assert Arrangement(arrangement.groups) == arrangement


def test_brute_force_walks_every_split_once() -> None:
    hand = parse_cards(SPECIAL_HANDS["several runs"])
    splits = [frozenset(frozenset(group) for group in split) for split in all_splits(hand)]
    assert len(splits) == len(set(splits)) == 200_200


@settings(max_examples=3)
@given(hands)
def test_enumeration_is_the_valid_set_on_random_hands(hand: tuple[Card, ...]) -> None:
    check_against_brute_force(hand)


@pytest.mark.parametrize("name", ["one suit", "three trios"])
def test_enumeration_on_special_hands(name: str) -> None:
    check_against_brute_force(parse_cards(SPECIAL_HANDS[name]))


@pytest.mark.soak
@pytest.mark.parametrize("name", sorted(SPECIAL_HANDS))
def test_enumeration_on_all_special_hands(name: str) -> None:
    check_against_brute_force(parse_cards(SPECIAL_HANDS[name]))


def test_collection_protocol() -> None:
    hand = parse_cards(SPECIAL_HANDS["three trios"])
    legal = valid_arrangements(reversed(hand))
    assert isinstance(legal, LegalActions)
    assert legal.hand == tuple(sorted(hand))
    first = next(iter(legal))
    assert first in legal
    assert "AC AD AH" not in legal
    other = Arrangement.parse("AS KS QS | JS TS 9S | 8S 7S 6S | 5S 4S 3S 2S")
    assert other not in legal
    assert list(legal)[:20] == list(valid_arrangements(hand))[:20]
    assert repr(legal) == f"<ValidArrangements: {len(legal)} actions>"


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ("AS KS QS", "a Hazari hand has 13 cards, got 3"),
        ("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S 2C", "a Hazari hand has 13 cards, got 14"),
    ],
)
def test_bad_hands(hand: str, message: str) -> None:
    with pytest.raises(InvalidCardsError, match=message):
        valid_arrangements(parse_cards(hand))
    with pytest.raises(InvalidCardsError, match=message):
        count_valid_arrangements(parse_cards(hand))


def test_repeated_card_and_text_hand() -> None:
    hand = parse_cards("AS AS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", allow_duplicates=True)
    with pytest.raises(InvalidCardsError, match="hand repeats AS"):
        valid_arrangements(hand)
    with pytest.raises(InvalidCardsError, match="parse it first"):
        valid_arrangements("AS KS")  # type: ignore[arg-type]
