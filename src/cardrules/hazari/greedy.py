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

from collections.abc import Callable, Iterable
from itertools import combinations
from operator import itemgetter
from typing import Any

from cardrules.cards import Card, _show
from cardrules.errors import InvalidCardsError
from cardrules.hazari.arrangement import Arrangement, Group
from cardrules.hazari.partitions import (
    QUAD_ID,
    QUAD_TRIPLES,
    QUADS,
    TRIPLE_MASKS,
    TRIPLES,
    _strength_table,
    sorted_hand,
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
    try:
        return tuple(cards[i] for i in range(12, -1, -1) if mask >> i & 1)
    except (TypeError, IndexError, KeyError):
        raise InvalidCardsError(
            f"expected a sorted 13-card hand and a 13-bit int mask, got {_show(cards)}"
            f" and {_show(mask)}"
        ) from None


_DISJOINT: list[tuple[int, ...]] = []
"""For each triple number, the 120 triples disjoint from it; built on first use."""


def greedy_masks(keys: list[int]) -> tuple[int, int, int]:
    """The greedy picks as triple numbers, from the triples' order keys."""
    if not _DISJOINT:
        _build_disjoint()
    try:
        key = keys.__getitem__
        first = max(range(286), key=key)
        rest = _DISJOINT[first]
        second = max(rest, key=key)
        taken = TRIPLE_MASKS[second]
        third = max((t for t in rest if not TRIPLE_MASKS[t] & taken), key=key)
    except (TypeError, AttributeError, IndexError, KeyError):
        raise InvalidCardsError(
            f"keys must be the 286 triples' order keys (ints), got {_show(keys)}"
        ) from None
    return first, second, third


def greedy_picks(cards: tuple[Card, ...], strength: list[int]) -> tuple[int, int, int]:
    """The greedy picks as triple numbers; same as :func:`greedy_masks`, faster.

    Order keys are worked out only for triples tied on strength.
    """
    if not _DISJOINT:
        _build_disjoint()
    try:
        first = _highest(range(286), cards, strength)
        rest = _DISJOINT[first]
        second = _highest(rest, cards, strength)
        taken = TRIPLE_MASKS[second]
        third = _highest([t for t in rest if not TRIPLE_MASKS[t] & taken], cards, strength)
    except (TypeError, AttributeError, IndexError, KeyError):
        raise InvalidCardsError(
            f"expected a sorted 13-card hand and its 286 triple strengths, got {_show(cards)}"
            f" and {_show(strength)}"
        ) from None
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


# --- the fast path -------------------------------------------------------------
#
# Profiling complete greedy deals showed greedy_arrangement taking three quarters of
# the time, half of it in the 286 table lookups of triple_strengths and half in the
# three _highest scans. The fast path below works on *order keys*: one int per triple,
# ``strength << 18 | (c * 2704 + b * 52 + a)`` for its card indices ``a < b < c``, so
# that the plain ``max`` of the keys is the triple Arrangement plays first (strength,
# then highest card indices: the order of _highest). The keys come from a nested
# table read a row at a time with itemgetter, and the picks are C-level ``max`` calls
# over precomputed itemgetters of the candidate triples: about three times faster.

_KEY_ROWS: list[list[list[int]]] = []
"""``_KEY_ROWS[a][b][c]``: the order key of card indices ``a < b < c``; built on first use."""
_REST: list[Callable[[list[int]], tuple[int, ...]]] = []
"""For each triple number, an itemgetter of the 120 triples disjoint from it."""
_SEVEN: dict[int, Callable[[list[int]], tuple[int, ...]]] = {}
"""For a 7-position mask, an itemgetter of its 35 triples; filled on first use."""


def _build_keys() -> None:
    flat = _strength_table()
    empty: list[int] = []
    rows = [[empty] * 52 for _ in range(52)]
    for a, b in combinations(range(52), 2):
        base = a * 2704 + b * 52
        rows[a][b] = [
            (flat[base + c] << 18) | (c * 2704 + b * 52 + a) if c > b else -1 for c in range(52)
        ]
    if not _DISJOINT:
        _build_disjoint()
    _REST[:] = [itemgetter(*rest) for rest in _DISJOINT]
    _KEY_ROWS[:] = rows


def _order_keys(cards: tuple[Card, ...]) -> list[int]:
    """The order key of each of the 286 :data:`TRIPLES` of a sorted hand (see above)."""
    if not _KEY_ROWS:
        _build_keys()
    x = [card.index for card in cards]
    keys: list[int] = []
    extend, append = keys.extend, keys.append
    # Triples (i, j, k) in TRIPLES order: for each pair i < j, k runs over the later
    # positions, whose keys one itemgetter reads from the pair's row.
    tails: list[Any] = [itemgetter(*x[j + 1 :]) for j in range(11)]
    rows = _KEY_ROWS
    for i in range(11):
        row = rows[x[i]]
        for j in range(i + 1, 11):
            extend(tails[j](row[x[j]]))
        append(row[x[11]][x[12]])
    return keys


def _greedy_keys(cards: tuple[Card, ...]) -> tuple[list[int], int, int, int, int]:
    """The order keys of a sorted hand, the three greedy picks (triple numbers, in play
    order) and the number of the quadruple left."""
    keys = _order_keys(cards)
    index = keys.index
    first = index(max(keys))
    second = index(max(_REST[first](keys)))
    left = _FULL ^ TRIPLE_MASKS[first] ^ TRIPLE_MASKS[second]
    among = _SEVEN.get(left)
    if among is None:
        among = _SEVEN[left] = itemgetter(*(t for t in range(286) if not TRIPLE_MASKS[t] & ~left))
    third = index(max(among(keys)))
    return keys, first, second, third, QUAD_ID[left ^ TRIPLE_MASKS[third]]


def greedy_rounds(cards: tuple[Card, ...]) -> list[tuple[int, int]]:
    """The (strength, card points) of each round's group when a sorted hand plays greedily.

    The fast path of :func:`greedy_arrangement` for simulations: no objects built.
    """
    try:
        keys, *picks, q = _greedy_keys(cards)
        x = [POINTS_BY_INDEX[card.index] for card in cards]
    except (TypeError, AttributeError, IndexError, KeyError):
        raise InvalidCardsError(
            f"expected a sorted 13-card hand of Card objects, got {_show(cards)}"
        ) from None
    rounds = []
    for t in picks:
        i, j, k = TRIPLES[t]
        rounds.append((keys[t] >> 18, x[i] + x[j] + x[k]))
    a, b, c, d = QUADS[q]
    four = max([keys[t] for t in QUAD_TRIPLES[q]]) >> 18
    rounds.append((four, x[a] + x[b] + x[c] + x[d]))
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
    keys, a, b, c, q = _greedy_keys(cards)
    # Each pick is the highest remaining triple, so the picks are already in play order;
    # a group lists its cards highest first, and positions are in index order.
    (i1, j1, k1), (i2, j2, k2), (i3, j3, k3) = TRIPLES[a], TRIPLES[b], TRIPLES[c]
    w, x, y, z = QUADS[q]
    groups: tuple[Group, Group, Group, Group] = (
        (cards[k1], cards[j1], cards[i1]),
        (cards[k2], cards[j2], cards[i2]),
        (cards[k3], cards[j3], cards[i3]),
        (cards[z], cards[y], cards[x], cards[w]),
    )
    four = max([keys[t] for t in QUAD_TRIPLES[q]]) >> 18
    return Arrangement._trusted(groups, (keys[a] >> 18, keys[b] >> 18, keys[c] >> 18, four))
