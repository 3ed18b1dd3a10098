"""A deliberately naive Hazari evaluator, written straight from the Hazari rules page, H3–H6.

It shares nothing with ``cardrules.hazari``: no tables, no strengths, no helpers.
A card is anything with integer-like ``rank`` (2..14, Ace = 14) and ``suit``
attributes, or a ``(rank, suit)`` pair. Keys are plain tuples that compare the
way the rules say: a bigger key is a stronger combination, equal keys tie (H5).

>>> ref_kind([(14, 0), (13, 0), (12, 0)])
'colour run'
>>> ref_key([(14, 0), (2, 1), (3, 2)]) > ref_key([(13, 0), (12, 1), (11, 2)])
True
>>> ref_kind([(13, 0), (14, 1), (2, 2)])
'indi'

Tests load it by path under a name of their own, so that it cannot clash with a
module of the same name elsewhere::

    spec = importlib.util.spec_from_file_location(
        "cardrules_tests_hazari_reference", Path(__file__).with_name("reference.py")
    )
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

KIND_NAMES = ("indi", "pair", "colour", "run", "colour run", "trio")
"""The kinds of H3, weakest first; a key starts with the position of its kind here."""


def _rank_and_suit(card: Any) -> tuple[int, int]:
    if isinstance(card, tuple):
        rank, suit = card
    else:
        rank, suit = card.rank, card.suit
    return int(rank), int(suit)


def _run_order(ranks: list[int]) -> int | None:
    """How high a run is (bigger is better), or None when the ranks are not a run.

    H4: A-K-Q is the best run, then A-2-3, then K-Q-J down to 4-3-2. No other wrap counts.
    """
    low, middle, high = sorted(ranks)
    if low == 12 and middle == 13 and high == 14:
        return 1000  # A-K-Q
    if low == 2 and middle == 3 and high == 14:
        return 500  # A-2-3
    if middle == low + 1 and high == middle + 1:
        return high  # K-Q-J is 13, ..., 4-3-2 is 4
    return None


def ref_key(cards: Any) -> tuple[int, ...]:
    """A sort key for exactly three cards: bigger is stronger, equal means a tie."""
    cards = list(cards)
    if len(cards) != 3:
        raise ValueError(f"need 3 cards, got {len(cards)}")
    pairs = [_rank_and_suit(card) for card in cards]
    if len(set(pairs)) != 3:
        raise ValueError(f"repeated card in {pairs}")
    ranks = [rank for rank, _ in pairs]
    suits = [suit for _, suit in pairs]
    one_suit = suits[0] == suits[1] == suits[2]
    high_to_low = sorted(ranks, reverse=True)

    if ranks[0] == ranks[1] == ranks[2]:
        return (KIND_NAMES.index("trio"), ranks[0])
    run = _run_order(ranks)
    if run is not None and one_suit:
        return (KIND_NAMES.index("colour run"), run)
    if run is not None:
        return (KIND_NAMES.index("run"), run)
    if one_suit:
        return (KIND_NAMES.index("colour"), *high_to_low)
    for rank in ranks:
        if ranks.count(rank) == 2:
            odd = next(other for other in ranks if other != rank)
            return (KIND_NAMES.index("pair"), rank, odd)
    return (KIND_NAMES.index("indi"), *high_to_low)


def ref_kind(cards: Any) -> str:
    """The kind of three cards, by name: ``trio``, ``colour run``, ``run``, ``colour``..."""
    return KIND_NAMES[ref_key(cards)[0]]


def ref_best4(cards: Any) -> tuple[int, ...]:
    """The key of the best three of four cards (H6)."""
    cards = list(cards)
    if len(cards) != 4:
        raise ValueError(f"need 4 cards, got {len(cards)}")
    return max(ref_key(three) for three in combinations(cards, 3))


def ref_best4_subsets(cards: Any) -> list[tuple[Any, ...]]:
    """Every three-card subset of four cards that reaches the best key."""
    best = ref_best4(cards)
    return [three for three in combinations(list(cards), 3) if ref_key(three) == best]


def ref_compare(first: Any, second: Any) -> int:
    """-1, 0 or 1 as three (or four) cards lose to, tie with or beat another group."""
    key_a = ref_key(first) if len(list(first)) == 3 else ref_best4(first)
    key_b = ref_key(second) if len(list(second)) == 3 else ref_best4(second)
    return (key_a > key_b) - (key_a < key_b)
