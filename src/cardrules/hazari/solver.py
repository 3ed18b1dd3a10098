"""Choosing an arrangement: the greedy baseline and the exact optimum of an objective.

:func:`greedy_arrangement` takes the best triple, then the best triple of the rest,
then the best of the rest again, and leaves the last four cards as the 4-card
group. It is always valid (the 4-card group's best three was available to the
third pick) and is the baseline every bot must beat.

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

import math
from collections.abc import Iterable
from itertools import combinations

from cardrules.cards import Card, format_cards
from cardrules.errors import InvalidRulesError
from cardrules.hazari.arrangement import Arrangement
from cardrules.hazari.partitions import (
    QUAD_ID,
    QUAD_MASKS,
    QUAD_TRIPLES,
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

__all__ = ["arrangement_value", "best_arrangement", "greedy_arrangement"]

_FULL = (1 << 13) - 1


def _group(cards: tuple[Card, ...], mask: int) -> tuple[Card, ...]:
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
        _group(cards, TRIPLE_MASKS[a]),
        _group(cards, TRIPLE_MASKS[b]),
        _group(cards, TRIPLE_MASKS[c]),
        _group(cards, four),
    )
    return Arrangement._trusted(groups, (strength[a], strength[b], strength[c], four_strength))


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
    groups = [_group(cards, mask) for mask in TRIPLE_MASKS]
    first, second, third = ([_score(objective, r, g) for g in groups] for r in (1, 2, 3))
    four = [_score(objective, 4, _group(cards, mask)) for mask in QUAD_MASKS]
    return first, second, third, four


def _score(objective: Objective, round_number: int, group: tuple[Card, ...]) -> float:
    value = objective(round_number, group)
    if isinstance(value, (int, float)) and math.isfinite(value):
        return float(value)
    raise InvalidRulesError(
        f"the objective scored round {round_number} group {format_cards(group)} as {value!r}, "
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
    cards = sorted_hand(hand)
    strength = triple_strengths(cards)
    quad = quad_strengths(strength)
    keys = triple_order_keys(cards, strength)
    values = group_values(cards, strength, quad, objective)
    a, b, c, q = _search(strength, quad, keys, values)
    trusted = Arrangement._trusted
    groups = (
        _group(cards, TRIPLE_MASKS[a]),
        _group(cards, TRIPLE_MASKS[b]),
        _group(cards, TRIPLE_MASKS[c]),
        _group(cards, QUAD_MASKS[q]),
    )
    return trusted(groups, (strength[a], strength[b], strength[c], quad[q]))


def _search(
    strength: list[int],
    quad: list[int],
    keys: list[int],
    values: tuple[list[float], list[float], list[float], list[float]],
) -> tuple[int, int, int, int]:
    """Branch and bound over (round-1, round-2, round-3) triples; the 4-card group is the rest.

    Bounds use, for each triple, the best round-2 and round-3 scores among weaker
    triples and the best round-4 score among quadruples no stronger, so a branch is
    cut only when no completion can reach the best total found so far.
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
    best = f1[g1] + f2[g2] + f3[g3] + f4[g4]
    found = (g1, g2, g3, g4)
    found_keys = (keys[g1], keys[g2], keys[g3])

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
                if v > best or (v == best and (ka, kb, kc) > found_keys):
                    best, found, found_keys = v, (a, b, c, q), (ka, kb, kc)
    return found


def arrangement_value(arrangement: Arrangement, objective: Objective = EXPECTED_POINTS) -> float:
    """The total score of an arrangement under ``objective``: the sum over its four rounds.

    >>> a = Arrangement.parse("9H 9D 9C | KS QS JS | AS 3S 2D | 7C 5D 4H 2C")
    >>> round(arrangement_value(a), 1)
    177.2
    """
    g1, g2, g3, g4 = arrangement.groups
    return objective(1, g1) + objective(2, g2) + objective(3, g3) + objective(4, g4)
