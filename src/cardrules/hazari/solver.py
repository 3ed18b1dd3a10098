"""Choosing an arrangement: the exact optimum of an objective, next to the greedy baseline.

:func:`greedy_arrangement` (from :mod:`cardrules.hazari.greedy`) takes the best
triple, then the best of the rest, then the best of the rest again; it is the
baseline every bot must beat.

:func:`best_arrangement` returns the valid arrangement with the highest total
score, summed over the four rounds, under an objective: a per-round score of a
group. The default objective is :data:`~cardrules.hazari.value_model.EXPECTED_POINTS`,
the expected card points a group wins in its round. The answer is exact: a
branch-and-bound search over every valid split, never a heuristic.

>>> from cardrules import parse_cards
>>> hand = parse_cards("AS KS QS JS 9H 9D 9C 7C 5D 4H 3S 2C 2D")
>>> greedy_arrangement(hand)
Arrangement.parse('9H 9D 9C | AS KS QS | 5D 4H 3S | JS 7C 2D 2C')
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable
from itertools import combinations

from cardrules.cards import Card, _show, format_cards
from cardrules.errors import InvalidArrangementError, InvalidRulesError
from cardrules.hazari.arrangement import Arrangement
from cardrules.hazari.greedy import cards_of_mask, greedy_arrangement, greedy_masks
from cardrules.hazari.partitions import (
    QUAD_ID,
    QUAD_MASKS,
    QUADS,
    TRIPLE_MASKS,
    TRIPLES,
    quad_strengths,
    sorted_hand,
    triple_order_keys,
    triple_strengths,
)
from cardrules.hazari.points import POINTS_BY_INDEX
from cardrules.hazari.value_model import EXPECTED_POINTS, Objective, ValueModel

__all__ = ["arrangement_value", "best_arrangement", "greedy_arrangement", "top_arrangements"]

_FULL = (1 << 13) - 1


def _seven_splits() -> dict[int, tuple[tuple[int, int], ...]]:
    """For each 7-position mask, its 35 splits into (triple number, quadruple number)."""
    triple_id = {mask: number for number, mask in enumerate(TRIPLE_MASKS)}
    result = {}
    for seven in combinations(range(13), 7):
        mask = sum(1 << i for i in seven)
        result[mask] = tuple(
            (triple_id[t], QUAD_ID[mask ^ t])
            for t in (sum(1 << i for i in three) for three in combinations(seven, 3))
        )
    return result


_SEVEN: dict[int, tuple[tuple[int, int], ...]] = {}


def group_values(
    cards: tuple[Card, ...], strength: list[int], quad: list[int], objective: Objective
) -> tuple[list[float], list[float], list[float], list[float]]:
    """The objective's score of every triple in rounds 1, 2, 3 and every quadruple in round 4."""
    if type(objective) is ValueModel:  # its tables give the same scores as its __call__
        x = [POINTS_BY_INDEX[card.index] for card in cards]
        points = [x[i] + x[j] + x[k] for i, j, k in TRIPLES]
        rounds = []
        for r in range(3):
            win, taken = objective.win[r], objective.taken[r]
            rounds.append([win[s] * p + taken[s] for s, p in zip(strength, points, strict=True)])
        win, taken = objective.win[3], objective.taken[3]
        four = [
            win[s] * (x[a] + x[b] + x[c] + x[d]) + taken[s]
            for s, (a, b, c, d) in zip(quad, QUADS, strict=True)
        ]
        return rounds[0], rounds[1], rounds[2], four
    groups = [cards_of_mask(cards, mask) for mask in TRIPLE_MASKS]
    first, second, third = ([_score(objective, r, g) for g in groups] for r in (1, 2, 3))
    four = [_score(objective, 4, cards_of_mask(cards, mask)) for mask in QUAD_MASKS]
    return first, second, third, four


def _score(objective: Objective, round_number: int, group: tuple[Card, ...]) -> float:
    try:
        value = objective(round_number, group)
    except (TypeError, AttributeError):
        raise InvalidRulesError(
            f"objective {_show(objective)} is not a function of (round, cards) giving a number"
        ) from None
    if isinstance(value, (int, float)) and math.isfinite(value):
        return float(value)
    raise InvalidRulesError(
        f"the objective scored round {round_number} group {format_cards(group)} as {_show(value)}, "
        "not a finite number"
    )


def best_arrangement(hand: Iterable[Card], objective: Objective = EXPECTED_POINTS) -> Arrangement:
    """The valid arrangement with the highest total score under ``objective``; exact.

    ``objective(round, cards)`` scores the group played in each round (1..4); the
    total is the sum of the four. The default is the expected card points of
    :data:`~cardrules.hazari.value_model.EXPECTED_POINTS`. Among arrangements with
    the same highest total, the one whose groups come first in play order wins
    (the strongest first group, then the strongest second...).

    >>> from cardrules import parse_cards
    >>> hand = parse_cards("AS KS QS JS 9H 9D 9C 7C 5D 4H 3S 2C 2D")
    >>> best = best_arrangement(hand)
    >>> from cardrules.hazari import valid_arrangements
    >>> best in valid_arrangements(hand)
    True
    >>> arrangement_value(best) >= arrangement_value(greedy_arrangement(hand))
    True
    """
    return top_arrangements(hand, 1, objective)[0][0]


def top_arrangements(
    hand: Iterable[Card], k: int, objective: Objective = EXPECTED_POINTS
) -> list[tuple[Arrangement, float]]:
    """The ``k`` valid arrangements with the highest totals under ``objective``, best first.

    Each comes with its total score. The first is :func:`best_arrangement`; ties are
    ordered the same way (the arrangement whose groups come first in play order
    first). The search is the same exact branch and bound, cutting a branch only
    when no completion can reach the ``k``-th best total found so far. Fewer than
    ``k`` come back only when the hand has fewer valid arrangements.

    >>> from cardrules import parse_cards
    >>> hand = parse_cards("AS KS QS JS 9H 9D 9C 7C 5D 4H 3S 2C 2D")
    >>> top = top_arrangements(hand, 3)
    >>> top[0][0] == best_arrangement(hand), len(top)
    (True, 3)
    >>> top[0][1] >= top[1][1] >= top[2][1]
    True
    """
    if type(k) is not int or k < 1:
        raise InvalidRulesError(f"k must be a positive int, got {_show(k)}")
    cards = sorted_hand(hand)
    strength = triple_strengths(cards)
    quad = quad_strengths(strength)
    keys = triple_order_keys(cards, strength)
    values = group_values(cards, strength, quad, objective)
    trusted = Arrangement._trusted
    result = []
    for value, (a, b, c, q) in _search(strength, quad, keys, values, k):
        groups = (
            cards_of_mask(cards, TRIPLE_MASKS[a]),
            cards_of_mask(cards, TRIPLE_MASKS[b]),
            cards_of_mask(cards, TRIPLE_MASKS[c]),
            cards_of_mask(cards, QUAD_MASKS[q]),
        )
        arrangement = trusted(groups, (strength[a], strength[b], strength[c], quad[q]))
        result.append((arrangement, value))
    return result


def _search(
    strength: list[int],
    quad: list[int],
    keys: list[int],
    values: tuple[list[float], list[float], list[float], list[float]],
    k: int = 1,
) -> list[tuple[float, tuple[int, int, int, int]]]:
    """Branch and bound over (round-1, round-2, round-3) triples; the 4-card group is the rest.

    Bounds use, for each triple, the best round-2 and round-3 scores among weaker
    triples and the best round-4 score among quadruples no stronger, so a branch is
    cut only when no completion can reach the ``k``-th best total found so far.
    Returns the ``k`` best (total, (a, b, c, q)), best first; equal totals are ordered
    by the triples' order keys, highest first.
    """
    if not _SEVEN:
        _SEVEN.update(_seven_splits())
    f1, f2, f3, f4 = values
    masks = TRIPLE_MASKS
    by_key = sorted(range(286), key=keys.__getitem__)
    below2 = [0.0] * 286
    below3 = [0.0] * 286
    best2 = best3 = -math.inf
    for t in by_key:
        below2[t] = best2
        below3[t] = best3
        if f2[t] > best2:
            best2 = f2[t]
        if f3[t] > best3:
            best3 = f3[t]
    four_upto = [-math.inf] * 741
    for q, s in enumerate(quad):
        if f4[q] > four_upto[s]:
            four_upto[s] = f4[q]
    for s in range(1, 741):
        if four_upto[s - 1] > four_upto[s]:
            four_upto[s] = four_upto[s - 1]

    g1, g2, g3 = greedy_masks(keys)
    g4 = QUAD_ID[_FULL ^ masks[g1] ^ masks[g2] ^ masks[g3]]
    # A min-heap of the k best (total, order keys, picks); its root is the bar to beat.
    top = [(f1[g1] + f2[g2] + f3[g3] + f4[g4], (keys[g1], keys[g2], keys[g3]), (g1, g2, g3, g4))]
    members = {(g1, g2, g3)}
    best, found_keys = (top[0][0], top[0][1]) if k == 1 else (-math.inf, top[0][1])

    order1 = sorted(range(286), key=f1.__getitem__, reverse=True)
    order2 = sorted(range(286), key=f2.__getitem__, reverse=True)
    seven = _SEVEN
    for a in order1:
        va = f1[a]
        if va + below2[a] + below3[a] + four_upto[strength[a]] < best:
            continue
        ma, ka = masks[a], keys[a]
        cap3, cap4 = below3[a], four_upto[strength[a]]
        for b in order2:
            vb = va + f2[b]
            if vb + cap3 + cap4 < best:
                break
            mb = masks[b]
            kb = keys[b]
            if mb & ma or kb > ka or vb + below3[b] + four_upto[strength[b]] < best:
                continue
            for c, q in seven[_FULL ^ ma ^ mb]:
                kc = keys[c]
                if kc > kb or quad[q] > strength[c]:
                    continue
                v = vb + f3[c] + f4[q]
                if v < best or (v == best and (ka, kb, kc) <= found_keys):
                    continue
                if (a, b, c) not in members:
                    entry = (v, (ka, kb, kc), (a, b, c, q))
                    if len(top) < k:
                        heapq.heappush(top, entry)
                    else:
                        members.discard(heapq.heapreplace(top, entry)[2][:3])
                    members.add((a, b, c))
                    if len(top) == k:
                        best, found_keys = top[0][0], top[0][1]
    return [(v, picks) for v, _, picks in sorted(top, reverse=True)]


def arrangement_value(arrangement: Arrangement, objective: Objective = EXPECTED_POINTS) -> float:
    """The total score of an arrangement under ``objective``: the sum over its four rounds.

    >>> a = Arrangement.parse("9H 9D 9C | KS QS JS | AS 3S 2D | 7C 5D 4H 2C")
    >>> round(arrangement_value(a), 1)
    177.2
    """
    if not isinstance(arrangement, Arrangement):
        raise InvalidArrangementError(f"expected an Arrangement, got {_show(arrangement)}")
    g1, g2, g3, g4 = arrangement.groups
    return sum(_score(objective, r, group) for r, group in enumerate((g1, g2, g3, g4), 1))
