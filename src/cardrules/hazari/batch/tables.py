"""Index tables and array kernels shared by the Hazari batch functions.

Cards are their :attr:`~cardrules.cards.Card.index` (``(rank - 2) * 4 + suit``,
``2C`` = 0 ... ``AS`` = 51), and hands are sorted by it, so a hand's *positions*
0..12 order its cards. Three strength tables come from the scalar evaluator's own
table (:mod:`cardrules.hazari.evaluator`), so both engines share one definition:

- :data:`FLAT`: the strength of cards ``a, b, c`` in any order at
  ``(a * 52 + b) * 52 + c``, ``-1`` where a card repeats (what :func:`strengths` reads);
- :data:`COLEX`: the strength of cards ``a < b < c`` at their colex rank
  ``C(c, 3) + C(b, 2) + a`` (22,100 entries: small enough to stay in cache);
- :data:`POINTS`: each card's points (H2).

The greedy kernel :func:`greedy_positions` works on hands laid out position-major,
``(13, m)``, so that every triple of positions is a whole row of ``m`` hands.
Triples of positions are numbered in colex order (by their highest position, then
the middle, then the lowest), so among equal strengths the triple with the higher
number is the one :class:`~cardrules.hazari.arrangement.Arrangement` plays first:
the order key of the scalar engine is ``strength * 512 + number``.

>>> import numpy
>>> hand = numpy.arange(0, 52, 4)[:, None]  # the 13 clubs, one hand
>>> [row.tolist() for row in greedy_positions(hand)[0]]
[[12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]]
"""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from cardrules.hazari.evaluator import _flat_table
from cardrules.hazari.points import POINTS_BY_INDEX

__all__: list[str] = []  # internal kernels: the API is cardrules.hazari.batch

Ints = npt.NDArray[np.intp]
I16 = npt.NDArray[np.int16]

FLAT: I16 = _flat_table()
"""Strength by ``(a * 52 + b) * 52 + c`` for card indices in any order; -1 on a repeat."""

C2: Ints = np.array([comb(x, 2) for x in range(52)], dtype=np.intp)
C3: Ints = np.array([comb(x, 3) for x in range(52)], dtype=np.intp)
"""``C(x, 2)`` and ``C(x, 3)`` by card index: the colex rank of ``a < b < c`` is
``C3[c] + C2[b] + a``."""
_SETS = np.array(sorted(combinations(range(52), 3), key=lambda t: t[::-1]), dtype=np.intp)
COLEX: I16 = FLAT[(_SETS[:, 2] * 52 + _SETS[:, 1]) * 52 + _SETS[:, 0]]
"""Strength by the colex rank ``C(c, 3) + C(b, 2) + a`` of card indices ``a < b < c``."""

POINTS: I16 = np.array(POINTS_BY_INDEX, dtype=np.int16)
"""Card points (H2) by card index."""


def triple_strength(a: Ints, b: Ints, c: Ints) -> I16:
    """The strengths of card triples given as three arrays, in any order; -1 on a repeat."""
    result: I16 = FLAT[(a * 52 + b) * 52 + c]
    return result


def quad_strength(a: Ints, b: Ints, c: Ints, d: Ints) -> I16:
    """The best-of-four strengths (H6) of card quadruples given as four arrays."""
    result: I16 = np.maximum(
        np.maximum(triple_strength(a, b, c), triple_strength(a, b, d)),
        np.maximum(triple_strength(a, c, d), triple_strength(b, c, d)),
    )
    return result


def _colex_triples(n: int) -> Ints:
    return np.array(sorted(combinations(range(n), 3), key=lambda t: t[::-1]), dtype=np.intp)


_POSITIONS = {13: _colex_triples(13)}
"""The triples of 13 positions in colex order, as (low, middle, high)."""
_NUMBER = {13: np.arange(286, dtype=np.int32)[:, None]}


def colex_number(triples: object) -> Ints:
    """The colex number among the 286 triples of 13 positions of each (i, j, k) given.

    >>> colex_number([(0, 1, 2), (0, 1, 3), (10, 11, 12)]).tolist()
    [0, 1, 285]
    """
    t = np.asarray(triples, dtype=np.intp)
    result: Ints = C3[t[:, 2]] + C2[t[:, 1]] + t[:, 0]
    return result


def colex_codes(hands: Ints) -> Ints:
    """The colex rank of every triple of a position-major, sorted ``(n, m)`` block of
    hands: ``(C(n, 3), m)``, triples in colex order (what :data:`COLEX` is indexed by)."""
    n, m = hands.shape
    twos = C2[hands]
    threes = C3[hands]
    # In colex order the triples with highest position k are the pairs below k, and
    # the pairs below k are the first C(k, 2) pairs in colex order.
    pairs = np.empty((comb(n, 2), m), dtype=np.intp)
    start = 0
    for j in range(1, n):
        np.add(hands[:j], twos[j], out=pairs[start : start + j])
        start += j
    codes = np.empty((comb(n, 3), m), dtype=np.intp)
    start = 0
    for k in range(2, n):
        size = comb(k, 2)
        np.add(pairs[:size], threes[k], out=codes[start : start + size])
        start += size
    return codes


_MASK13: Ints = (1 << _POSITIONS[13]).sum(axis=1)
_HIGH_FIRST13: Ints = np.ascontiguousarray(_POSITIONS[13][:, ::-1])
_DISJOINT13: Ints = np.array(
    [np.flatnonzero((_MASK13 & mask) == 0) for mask in _MASK13.tolist()], dtype=np.intp
)
"""For each triple of 13 positions (colex number), the 120 triples sharing no position."""


def _position_tables() -> tuple[Ints, Ints]:
    """For each 7-position mask its 35 triples (colex numbers), and for each 4-position
    mask its positions, highest first."""
    number = np.full(1 << 13, -1, dtype=np.intp)
    number[_MASK13] = np.arange(len(_MASK13))
    sevens = np.zeros((1 << 13, 35), dtype=np.intp)
    for seven in combinations(range(13), 7):
        mask = sum(1 << i for i in seven)
        sevens[mask] = number[[sum(1 << i for i in t) for t in combinations(seven, 3)]]
    fours = np.zeros((1 << 13, 4), dtype=np.intp)
    for four in combinations(range(13), 4):
        fours[sum(1 << i for i in four)] = four[::-1]
    return sevens, fours


_SEVEN13, _FOUR13 = _position_tables()
_FULL13 = (1 << 13) - 1


def greedy_positions(hands: Ints) -> tuple[Ints, npt.NDArray[np.int32]]:
    """The greedy arrangement of each hand of a sorted, position-major ``(13, m)`` block.

    Returns the hands' positions in play order, ``(m, 13)``: the three picks (each
    highest position first) then the four positions left (highest first); and the
    three picks' strengths, ``(m, 3)``. This is
    :func:`~cardrules.hazari.greedy.greedy_arrangement`: the strongest triple, then
    the strongest of the ten cards left, then of the seven left, where the strongest
    has the highest order key ``strength * 512 + colex number``.
    """
    m = hands.shape[1]
    keys = np.multiply(COLEX[colex_codes(hands)], 512, dtype=np.int32)
    keys += _NUMBER[13]
    flat = keys.reshape(-1)  # triple t of hand h at t * m + h
    across = np.arange(m, dtype=np.intp)[:, None]
    first = keys.max(axis=0)
    one = first & 511
    second = flat[_DISJOINT13[one] * m + across].max(axis=1)
    two = second & 511
    seven = _FULL13 ^ _MASK13[one] ^ _MASK13[two]
    third = flat[_SEVEN13[seven] * m + across].max(axis=1)
    three = third & 511
    order = np.empty((m, 13), dtype=np.intp)
    for g, pick in enumerate((one, two, three)):
        order[:, 3 * g : 3 * g + 3] = _HIGH_FIRST13[pick]
    order[:, 9:] = _FOUR13[seven ^ _MASK13[three]]
    picked = np.stack([first >> 9, second >> 9, third >> 9], axis=1)
    return order, picked
