"""Hands the arrangement tests share: a hypothesis strategy and named special hands."""

from __future__ import annotations

from hypothesis import strategies as st

from cardrules import Card

hands = st.lists(st.integers(0, 51), min_size=13, max_size=13, unique=True).map(
    lambda indices: tuple(Card.from_index(i) for i in indices)
)
"""Random 13-card hands."""

SPECIAL_HANDS = {
    "one suit": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "three trios": "AC AD AH KC KD KH QC QD QH 2S 3S 4S 7D",
    "four of a kind and a trio": "9C 9D 9H 9S 5C 5D 5H 2S 3D 7H JC QD KS",
    "several runs": "AS 2D 3H 4C 5S 6D 7H 8C 9S TD JH QC KS",
    "colour runs": "4H 5H 6H 9C TC JC QD KD AD 2S 3S 7H 8D",
    "two colours": "AH KH QH 9H 7H 5H 3H AD KD QD 9D 7D 5D",
}
"""Hands with trios, several runs, or (nearly) all one colour."""
