"""The exact best arrangement of many hands at once: :func:`best_arrangement` on arrays.

The scalar solver (:mod:`cardrules.hazari.solver`) maximises the sum of four
per-round scores, ``f1[a] + f2[b] + f3[c] + f4[q]``, over the valid splits (H7): three
triples ``a``, ``b``, ``c`` in play order (strongest first, by the order key) and the
4-card group ``q`` left, no higher than ``c``. Among equal totals the split whose
triples' order keys are highest, in play order, wins. This module finds the same
split for every hand of a block, with the totals in the same floating-point
arithmetic, by bounds that hold in floating point too (a sum of larger terms is never
smaller; a bound summed in another order may round an ulp low, so cuts leave a
:data:`SLACK`):

1. the greedy split gives a first bar ``L`` to beat (its total);
2. each round-1 triple ``a`` is bounded by ``f1[a]`` plus the best round-2 and
   round-3 scores of any weaker triple and the best round-4 score of any 4-card
   group no stronger; each pair ``a``, ``b`` (disjoint, ``b`` weaker) is bounded the
   same way from ``b``;
3. for each hand's two round-1 triples of highest bound, the pair of highest bound is
   solved exactly (its 35 completions), which raises ``L``; then the same for every
   round-1 triple still reaching ``L``, which raises it again;
4. the pairs still reaching ``L`` are solved, and the best total wins, ties going to
   the triples played first in rounds 1, 2 and 3.

Every split whose total is at least ``L`` survives each cut, so the optimum and all
its ties do. Nothing here loops over hands: each stage is one array operation over
all the surviving candidates of the block, hand by hand in order.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import numpy.typing as npt

from cardrules.hazari.batch.tables import C2, C3, COLEX, POINTS, greedy_positions
from cardrules.hazari.partitions import QUAD_ID, QUADS
from cardrules.hazari.value_model import EXPECTED_POINTS, ValueModel

__all__: list[str] = []  # internal kernels: the API is cardrules.hazari.batch

Ints = npt.NDArray[np.intp]
Floats = npt.NDArray[np.float64]

_FULL = (1 << 13) - 1
_TRIPLES: Ints = np.array(sorted(combinations(range(13), 3), key=lambda t: t[::-1]), dtype=np.intp)
"""The 286 triples of positions in colex order: among equal strengths, a triple with
a higher number is played first (its cards have the higher indices), so a stable sort
by strength puts the triples in play order."""
_MASKS: Ints = (1 << _TRIPLES).sum(axis=1)
_NUMBER_OF_MASK = np.full(1 << 13, -1, dtype=np.intp)
_NUMBER_OF_MASK[_MASKS] = np.arange(len(_TRIPLES))
_QUADS: Ints = np.array(QUADS, dtype=np.intp)
_QUAD_MASKS: Ints = (1 << _QUADS).sum(axis=1)
_QUAD_OF_MASK = np.full(1 << 13, -1, dtype=np.intp)
_QUAD_OF_MASK[_QUAD_MASKS] = np.arange(len(QUADS))
_QUAD_TRIPLES: Ints = _NUMBER_OF_MASK[_QUAD_MASKS[:, None] ^ (1 << _QUADS)]
"""The four triples inside each quadruple."""
_DISJOINT: Ints = np.array(
    [np.flatnonzero((_MASKS & mask) == 0) for mask in _MASKS.tolist()], dtype=np.intp
)
"""For each triple, the 120 triples that share no position with it."""


def _seven_tables() -> tuple[Ints, Ints]:
    """For each 7-position mask, its 35 splits into a triple and a quadruple."""
    triples = np.zeros((1 << 13, 35), dtype=np.intp)
    quads = np.zeros((1 << 13, 35), dtype=np.intp)
    for seven in combinations(range(13), 7):
        mask = sum(1 << i for i in seven)
        threes = [sum(1 << i for i in three) for three in combinations(seven, 3)]
        triples[mask] = _NUMBER_OF_MASK[threes]
        quads[mask] = [QUAD_ID[mask ^ t] for t in threes]
    return triples, quads


_SEVEN_TRIPLES, _SEVEN_QUADS = _seven_tables()

SLACK = 1e-9
"""Bounds are summed in another order than totals, so a bound may come out an ulp
(about 1e-13 here) below the total it bounds; a candidate is cut only when its bound
is below the bar by more than this."""
_PAIR_BLOCK = 1 << 14
"""Pairs completed per pass (35 completions each)."""
_T, _Q = len(_TRIPLES), len(_QUADS)


class _Hands:
    """The per-hand tables of a block of ``m`` sorted hands, flattened hand by hand:
    strengths, places in play order, and the four rounds' scores of every triple and
    quadruple, with the bounds of the scalar solver."""

    def __init__(self, hands: Ints, model: ValueModel) -> None:
        m = self.m = len(hands)
        low, middle, high = (hands[:, _TRIPLES[:, i]] for i in range(3))
        strength = COLEX[C3[high] + C2[middle] + low]
        quad = np.maximum(
            np.maximum(strength[:, _QUAD_TRIPLES[:, 0]], strength[:, _QUAD_TRIPLES[:, 1]]),
            np.maximum(strength[:, _QUAD_TRIPLES[:, 2]], strength[:, _QUAD_TRIPLES[:, 3]]),
        )
        card = POINTS[hands]
        points = card[:, _TRIPLES[:, 0]] + card[:, _TRIPLES[:, 1]] + card[:, _TRIPLES[:, 2]]
        quad_points = (card[:, _QUADS[:, 0]] + card[:, _QUADS[:, 1]]) + (
            card[:, _QUADS[:, 2]] + card[:, _QUADS[:, 3]]
        )
        win = [np.array(row, dtype=np.float64) for row in model.win]
        taken = [np.array(row, dtype=np.float64) for row in model.taken]
        # The scalar solver's scores, in its arithmetic: win * points + taken.
        f1, f2, f3 = (win[r][strength] * points + taken[r][strength] for r in range(3))
        f4 = win[3][quad] * quad_points.astype(np.float64) + taken[3][quad]
        # A stable sort by strength puts the triples in play order (colex numbering).
        order = np.argsort(strength, axis=1, kind="stable")
        order += np.arange(0, m * _T, _T)[:, None]  # flat indices
        below2 = _running_best(f2, order, exclusive=True)
        below3 = _running_best(f3, order, exclusive=True)
        place = np.empty(m * _T, dtype=np.intp)
        place[order] = np.arange(_T)[None, :]
        self.place = place
        self.strength = strength.reshape(-1)
        self.quad = quad.reshape(-1)
        self.f1, self.f2, self.f3, self.f4 = (f.reshape(-1) for f in (f1, f2, f3, f4))
        tail3 = below3 + _four_upto(strength, quad, quad_points, win[3], taken[3])
        self.tail3 = tail3.reshape(-1)
        self.bound1 = f1 + below2 + tail3


def _four_upto(strength: Ints, quad: Ints, quad_points: Ints, win: Floats, taken: Floats) -> Floats:
    """For each triple, the best round-4 score of a quadruple no stronger than it.

    Among quadruples of one strength the one with the most points scores best (the
    win probability is never negative), so a table of the most points per strength
    and hand, then a running maximum over strengths, gives every bound."""
    m = len(strength)
    rows = np.arange(0, m * _CLASSES, _CLASSES)[:, None]
    flat = np.full(m * _CLASSES, -1, dtype=np.int16)
    np.maximum.at(flat, (quad + rows).reshape(-1), quad_points.reshape(-1))
    most = flat.reshape(m, _CLASSES)
    best = np.where(most >= 0, win * most + taken, -np.inf)
    np.maximum.accumulate(best, axis=1, out=best)
    result: Floats = best.reshape(-1)[strength + rows]
    return result


_CLASSES = 741


def _running_best(values: Floats, order: Ints, exclusive: bool = False) -> Floats:
    """For each entry, the largest value at or (``exclusive``) before its place in
    ``order`` (flat indices, row by row)."""
    ranked = np.maximum.accumulate(values.reshape(-1)[order], axis=1)  # (m, n)
    if exclusive:
        ranked[:, 1:] = ranked[:, :-1].copy()
        ranked[:, 0] = -np.inf
    result = np.empty_like(ranked)
    result.reshape(-1)[order] = ranked
    return result


def _greedy_bar(hands: Ints, tables: _Hands) -> Floats:
    """The total of each hand's greedy split: a valid split, so a bar the optimum meets."""
    order, _ = greedy_positions(np.ascontiguousarray(hands.T))
    bits = np.left_shift(1, order)
    rows = np.arange(len(hands)) * _T
    a, b, c = (_NUMBER_OF_MASK[bits[:, 3 * g : 3 * g + 3].sum(axis=1)] + rows for g in range(3))
    q = _QUAD_OF_MASK[bits[:, 9:].sum(axis=1)] + rows // _T * _Q
    total: Floats = ((tables.f1[a] + tables.f2[b]) + tables.f3[c]) + tables.f4[q]
    return total


_Pairs = tuple[Ints, Ints, Ints, Floats, Floats]


def _expand(tables: _Hands, hand: Ints, a: Ints, bar: Floats) -> tuple[_Pairs, Floats]:
    """The pairs (a, b) of the given round-1 triples whose bound reaches the bar, in the
    order given, with each pair's ``f1[a] + f2[b]`` and bound; and the bar raised by
    completing each triple's pair of highest bound."""
    at_a = hand * _T + a
    at_b = hand[:, None] * _T + _DISJOINT[a]
    head = tables.f1[at_a][:, None] + tables.f2[at_b]
    bound = head + tables.tail3[at_b]
    bound = np.where(tables.place[at_b] < tables.place[at_a][:, None], bound, -np.inf)
    rows = np.arange(len(hand))
    j = np.argmax(bound, axis=1)
    totals, _, _ = _complete(tables, hand, at_a, at_b[rows, j], head[rows, j])
    raised = bar.copy()
    np.maximum.at(raised, hand, totals)
    i, j = np.nonzero(bound >= raised[hand][:, None] - SLACK)
    return (hand[i], at_a[i], at_b[i, j], head[i, j], bound[i, j]), raised


FIRST_LOOK = 2
"""Round-1 triples per hand (those of highest bound) whose best pairs raise the bar
before every other round-1 triple is bounded against it."""


def _pairs(tables: _Hands, bar: Floats) -> _Pairs:
    """The (hand, a, b) pairs whose bound reaches the raised bar, in hand order."""
    bound1 = tables.bound1
    top = np.argpartition(-bound1, FIRST_LOOK, axis=1)[:, :FIRST_LOOK]
    hand = np.repeat(np.arange(tables.m), FIRST_LOOK)
    _, bar = _expand(tables, hand, top.reshape(-1), bar)
    hand, a = np.nonzero(bound1 >= bar[:, None] - SLACK)
    pairs, _ = _expand(tables, hand, a, bar)
    return pairs


def _complete(
    tables: _Hands, hand: Ints, at_a: Ints, at_b: Ints, head: Floats
) -> tuple[Floats, Ints, Ints]:
    """The best completion (c, q) of each pair: its total (-inf if none), and c and q
    as flat indices into the block's tables."""
    rest = _FULL ^ _MASKS[at_a % _T] ^ _MASKS[at_b % _T]
    at_c = _SEVEN_TRIPLES[rest] + (hand * _T)[:, None]
    at_q = _SEVEN_QUADS[rest] + (hand * _Q)[:, None]
    place_c = tables.place[at_c]
    valid = (place_c < tables.place[at_b][:, None]) & (tables.quad[at_q] <= tables.strength[at_c])
    total = (head[:, None] + tables.f3[at_c]) + tables.f4[at_q]
    total[~valid] = -np.inf
    best = total.max(axis=1)
    # Equal totals: the c played first (a and b are the pair's own).
    j = np.argmax(np.where(total == best[:, None], place_c, -1), axis=1)
    across = np.arange(len(hand))
    return best, at_c[across, j], at_q[across, j]


def best_positions(hands: Ints, model: ValueModel = EXPECTED_POINTS) -> Ints:
    """The best split of each of ``m`` sorted hands, ``(m, 13)`` as positions in play order
    (each group highest position first): the split :func:`best_arrangement` returns."""
    tables = _Hands(hands, model)
    hand, a, b, head, _ = _pairs(tables, _greedy_bar(hands, tables))
    totals = np.empty(len(hand))
    c = np.empty(len(hand), dtype=np.intp)
    q = np.empty(len(hand), dtype=np.intp)
    for start in range(0, len(hand), _PAIR_BLOCK):
        part = slice(start, start + _PAIR_BLOCK)
        totals[part], c[part], q[part] = _complete(tables, hand[part], a[part], b[part], head[part])
    choice = _choose(tables, hand, a, b, c, totals)
    order = np.empty((len(hands), 13), dtype=np.intp)
    for g, picks in enumerate((a[choice], b[choice], c[choice])):
        order[:, 3 * g : 3 * g + 3] = _TRIPLES[picks % _T][:, ::-1]
    order[:, 9:] = _QUADS[q[choice] % _Q][:, ::-1]
    return order


def _choose(tables: _Hands, hand: Ints, a: Ints, b: Ints, c: Ints, totals: Floats) -> Ints:
    """For each hand, the index of its winning candidate: the highest total, then the
    triples played first in rounds 1, 2 and 3 (the scalar solver's order keys)."""
    starts = np.searchsorted(hand, np.arange(tables.m), "left")
    if len(hand) == 0 or np.any(np.diff(np.append(starts, len(hand))) == 0):
        raise AssertionError("a hand lost every candidate split")  # pragma: no cover
    best = np.maximum.reduceat(totals, starts)
    place = tables.place
    composite = (place[a] << 22) | (place[b] << 11) | place[c]
    composite = np.where(totals == best[hand], composite, -1)
    top = np.maximum.reduceat(composite, starts)
    chosen: Ints = np.flatnonzero(composite == top[hand])
    return chosen
