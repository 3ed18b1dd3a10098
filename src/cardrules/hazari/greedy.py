"""The greedy arrangement: strongest first, the baseline every bot must beat.

:func:`greedy_arrangement` takes the best triple, then the best triple of the rest,
then the best of the rest again, and leaves the last four cards as the 4-card
group. It is always valid (the 4-card group's best three was available to the
third pick). :func:`greedy_rounds` is its fast path for simulations.

>>> from cardrules import parse_cards
>>> hand = parse_cards("AS KS QS JS 9H 9D 9C 7C 5D 4H 3S 2C 2D")
>>> greedy_arrangement(hand)
Arrangement.parse('9H 9D 9C | AS KS QS | 5D 4H 3S | JS 7C 2D 2C')
"""

from __future__ import annotations

from collections.abc import Iterable

from cardrules.cards import Card
from cardrules.hazari.arrangement import Arrangement
from cardrules.hazari.partitions import (
    QUAD_ID,
    QUAD_TRIPLES,
    QUADS,
    TRIPLE_MASKS,
    TRIPLES,
    sorted_hand,
    triple_strengths,
)
from cardrules.hazari.points import POINTS_BY_INDEX

__all__ = [
    "cards_of_mask",
    "greedy_arrangement",
    "greedy_masks",
    "greedy_picks",
    "greedy_rounds",
]

_FULL = (1 << 13) - 1


def cards_of_mask(cards: tuple[Card, ...], mask: int) -> tuple[Card, ...]:
    """The cards at the positions of a 13-bit ``mask`` of a sorted hand, highest first."""
    return tuple(cards[i] for i in range(12, -1, -1) if mask >> i & 1)


_DISJOINT: list[tuple[int, ...]] = []
"""For each triple number, the 120 triples disjoint from it; built on first use."""


def greedy_masks(keys: list[int]) -> tuple[int, int, int]:
    """The greedy picks as triple numbers, from the triples' order keys."""
    if not _DISJOINT:
        _build_disjoint()
    key = keys.__getitem__
    first = max(range(286), key=key)
    rest = _DISJOINT[first]
    second = max(rest, key=key)
    taken = TRIPLE_MASKS[second]
    third = max((t for t in rest if not TRIPLE_MASKS[t] & taken), key=key)
    return first, second, third


def greedy_picks(cards: tuple[Card, ...], strength: list[int]) -> tuple[int, int, int]:
    """The greedy picks as triple numbers; same as :func:`greedy_masks`, faster.

    Order keys are worked out only for triples tied on strength.
    """
    if not _DISJOINT:
        _build_disjoint()
    first = _highest(range(286), cards, strength)
    rest = _DISJOINT[first]
    second = _highest(rest, cards, strength)
    taken = TRIPLE_MASKS[second]
    third = _highest([t for t in rest if not TRIPLE_MASKS[t] & taken], cards, strength)
    return first, second, third


def _highest(candidates: Iterable[int], cards: tuple[Card, ...], strength: list[int]) -> int:
    """The candidate triple that :class:`Arrangement` would play first."""
    candidates = list(candidates)
    top = max([strength[t] for t in candidates])
    tied = [t for t in candidates if strength[t] == top]
    if len(tied) == 1:
        return tied[0]
    x = [card.index for card in cards]
    return max(tied, key=lambda t: (x[TRIPLES[t][2]], x[TRIPLES[t][1]], x[TRIPLES[t][0]]))


def _build_disjoint() -> None:
    masks = TRIPLE_MASKS
    _DISJOINT[:] = [tuple(u for u in range(286) if not masks[u] & m) for m in masks]


def greedy_rounds(cards: tuple[Card, ...]) -> list[tuple[int, int]]:
    """The (strength, card points) of each round's group when a sorted hand plays greedily.

    The fast path of :func:`greedy_arrangement` for simulations: no objects built.
    """
    strength = triple_strengths(cards)
    picks = greedy_picks(cards, strength)
    x = [POINTS_BY_INDEX[card.index] for card in cards]
    rounds = []
    taken = 0
    for t in picks:
        i, j, k = TRIPLES[t]
        taken |= TRIPLE_MASKS[t]
        rounds.append((strength[t], x[i] + x[j] + x[k]))
    q = QUAD_ID[_FULL ^ taken]
    a, b, c, d = QUADS[q]
    rounds.append((max(strength[t] for t in QUAD_TRIPLES[q]), x[a] + x[b] + x[c] + x[d]))
    return rounds


def greedy_arrangement(hand: Iterable[Card]) -> Arrangement:
    """The strongest-first arrangement: best triple, best of the rest, best of the rest again.

    Equal triples are taken in the order :class:`Arrangement` plays them (highest
    card indices first), so the answer depends only on the set of cards.

    >>> from cardrules import parse_cards
    >>> a = greedy_arrangement(parse_cards("AC AD AH KC KD KH QC QD QH 2S 3S 4S 7D"))
    >>> a
    Arrangement.parse('AH AD AC | KH KD KC | QH QD QC | 7D 4S 3S 2S')
    >>> [str(c) for c in a.combinations]
    ['Trio A-A-A', 'Trio K-K-K', 'Trio Q-Q-Q', 'Colour run 4-3-2']
    """
    cards = sorted_hand(hand)
    strength = triple_strengths(cards)
    a, b, c = greedy_picks(cards, strength)
    four = _FULL ^ TRIPLE_MASKS[a] ^ TRIPLE_MASKS[b] ^ TRIPLE_MASKS[c]
    four_strength = max(strength[t] for t in QUAD_TRIPLES[QUAD_ID[four]])
    # Each pick is the highest remaining triple, so the picks are already in play order.
    groups = (
        cards_of_mask(cards, TRIPLE_MASKS[a]),
        cards_of_mask(cards, TRIPLE_MASKS[b]),
        cards_of_mask(cards, TRIPLE_MASKS[c]),
        cards_of_mask(cards, four),
    )
    return Arrangement._trusted(groups, (strength[a], strength[b], strength[c], four_strength))
