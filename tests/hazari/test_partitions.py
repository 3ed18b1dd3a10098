"""valid_arrangements and count_valid_arrangements: the collection protocol and bad hands.

The brute-force comparison is in ``test_partitions_brute_force.py``.
"""

from __future__ import annotations

import pytest

from cardrules import parse_cards
from cardrules.errors import InvalidCardsError
from cardrules.game import LegalActions
from cardrules.hazari import Arrangement, count_valid_arrangements, valid_arrangements

THREE_TRIOS = "AC AD AH KC KD KH QC QD QH 2S 3S 4S 7D"


def test_collection_protocol() -> None:
    hand = parse_cards(THREE_TRIOS)
    legal = valid_arrangements(reversed(hand))
    assert isinstance(legal, LegalActions)
    assert legal.hand == tuple(sorted(hand))
    first = next(iter(legal))
    assert first in legal
    text: object = "AC AD AH"
    assert text not in legal
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
