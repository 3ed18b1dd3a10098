"""The compact action space ``actions="groups"``: an arrangement as three 3-card groups.

Under :attr:`~cardrules.hazari.rules.ActionSpace.GROUPS` a player arranges (H7) in three
successive decisions, each naming a 3-card group of their hand; the fourth group is
the four cards left, and after the third group the player is up (H8). A group's id is
the rank of its three *positions* in the hand sorted by card index (2C = 0 ... AS = 51,
as in :mod:`cardrules.hazari.action_ids`), in lexicographic order: positions
``(0, 1, 2)`` are id 0, ``(0, 1, 3)`` id 1, ... ``(10, 11, 12)`` id 285. Positions
refer to the whole 13-card hand, whatever groups are already chosen::

    id(i, j, k) = C(13, 3) - C(13 - i, 3) + C(12 - i, 2) - C(12 - j, 2) + (k - j - 1)

>>> group_id(0b111), group_id(0b1011), group_id(0b111 << 10), GROUP_IDS
(0, 1, 285, 286)
>>> from math import comb
>>> all(
...     group_id(1 << i | 1 << j | 1 << k)
...     == comb(13, 3) - comb(13 - i, 3) + comb(12 - i, 2) - comb(12 - j, 2) + k - j - 1
...     for i in range(13) for j in range(i + 1, 13) for k in range(j + 1, 13)
... )
True
>>> f"{group_positions(100):013b}"
'0000010010010'

A group is legal when it uses none of the cards already chosen and some valid
split (H7: the 4-card group's value, H6, no higher than each 3-card group) has it
and every chosen group among its three 3-card groups (:func:`legal_group_ids`).
So an arrangement chosen group by group is exactly a valid split, and every valid
split can be chosen, its three groups in any order.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from cardrules.cards import Card, _show
from cardrules.errors import IllegalActionError
from cardrules.hazari.partitions import (
    QUAD_ID,
    QUAD_MASKS,
    QUAD_TRIPLES,
    TRIPLE_MASKS,
    TRIPLES,
    triple_strengths,
)

__all__ = ["GROUP_IDS", "group_id", "group_positions", "legal_group_ids"]

HAND_SIZE = 13
GROUP_IDS = len(TRIPLES)
"""The number of group ids: the C(13, 3) = 286 three-card subsets of a hand."""
_FULL = (1 << HAND_SIZE) - 1
_TRIPLE_ID = {mask: number for number, mask in enumerate(TRIPLE_MASKS)}


def group_id(positions: int) -> int:
    """The id of the group at the 13-bit position mask ``positions`` (three bits set)."""
    number = _TRIPLE_ID.get(positions) if type(positions) is int else None
    if number is None:
        raise IllegalActionError(
            f"{_show(positions)} is not a 13-bit mask of three hand positions"
        )
    return number


def group_positions(action_id: int) -> int:
    """The 13-bit position mask of group id ``action_id``; one outside 0..285 raises
    IllegalActionError."""
    if type(action_id) is not int or not 0 <= action_id < GROUP_IDS:
        raise IllegalActionError(
            f"action id {_show(action_id)} is out of range; Hazari group ids are 0 to"
            f" {GROUP_IDS - 1}"
        )
    return TRIPLE_MASKS[action_id]


def _positions(mask: int) -> list[int]:
    return [i for i in range(HAND_SIZE) if mask >> i & 1]


def _triples_in(mask: int) -> list[int]:
    """The ids of the triples inside ``mask``, ascending."""
    return sorted(_TRIPLE_ID[1 << i | 1 << j | 1 << k] for i, j, k in combinations(_positions(mask), 3))


_TRIPLE_QUADS: list[tuple[int, ...]] = []
"""For each triple, the quadruples holding it; built on first use."""
_SPLITS6: dict[int, tuple[tuple[int, int], ...]] = {}
"""For each 6-position mask, its 10 splits into two triples; filled on use."""


def _triple_quads() -> list[tuple[int, ...]]:
    if not _TRIPLE_QUADS:
        holders: list[list[int]] = [[] for _ in TRIPLES]
        for q, triples in enumerate(QUAD_TRIPLES):
            for t in triples:
                holders[t].append(q)
        _TRIPLE_QUADS[:] = [tuple(quads) for quads in holders]
    return _TRIPLE_QUADS


def _splits6(mask: int) -> tuple[tuple[int, int], ...]:
    splits = _SPLITS6.get(mask)
    if splits is None:
        low, *others = _positions(mask)
        result = []
        for j, k in combinations(others, 2):
            first = 1 << low | 1 << j | 1 << k
            result.append((_TRIPLE_ID[first], _TRIPLE_ID[mask ^ first]))
        splits = _SPLITS6[mask] = tuple(result)
    return splits


def legal_group_ids(cards: tuple[Card, ...], chosen: Sequence[int]) -> list[int]:
    """The legal group ids, ascending, for the sorted 13-card hand ``cards`` after the
    groups with ids ``chosen`` (0, 1 or 2 disjoint groups; the caller checks them).

    >>> from cardrules import parse_cards
    >>> from cardrules.hazari.partitions import sorted_hand
    >>> hand = sorted_hand(parse_cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"))
    >>> len(legal_group_ids(hand, ())), legal_group_ids(hand, (285, 284))
    (286, [0, 1, 2, 3, 10, 11, 12, 28, 29, 37, 38, 44, 45, 48, 87, 88, 94, 95, 99, 100, 160, 161])
    """
    strength = triple_strengths(cards)
    used = 0
    limit = 1 << 62
    for number in chosen:
        used |= TRIPLE_MASKS[number]
        limit = min(limit, strength[number])
    if len(chosen) == 2:
        return _last(strength, _FULL ^ used, limit)
    if len(chosen) == 1:
        return _second(strength, _FULL ^ used, limit)
    return _first(strength)


def _quad_value(strength: list[int], mask: int) -> int:
    a, b, c, d = QUAD_TRIPLES[QUAD_ID[mask]]
    return max(strength[a], strength[b], strength[c], strength[d])


def _last(strength: list[int], rest: int, limit: int) -> list[int]:
    """Third group: the four cards left must be no higher than each 3-card group."""
    result = []
    for t in _triples_in(rest):
        value = _quad_value(strength, rest ^ TRIPLE_MASKS[t])
        if value <= limit and value <= strength[t]:
            result.append(t)
    return result


def _by_strength(strength: list[int], triples: list[int]) -> Iterator[tuple[int, int]]:
    """``(strength, triple)`` over ``triples``, weakest first."""
    return iter(sorted((strength[t], t) for t in triples))


def _second(strength: list[int], rest: int, limit: int) -> list[int]:
    """Second group: some split of the ten cards left into a 4-card group and two
    3-card groups keeps H7 with the first group (whose strength is ``limit``).

    Quadruples are met weakest first: a quadruple's value is its strongest triple, so
    it is complete when the last of its four triples has been passed in strength
    order, and its value is that triple's strength. The walk stops once that value
    passes ``limit`` or every triple still open is weaker than it.
    """
    inside = _triples_in(rest)
    legal = dict.fromkeys(inside, False)
    open_desc = sorted(inside, key=strength.__getitem__, reverse=True)
    top = 0
    seen = dict.fromkeys((q for q, m in enumerate(QUAD_MASKS) if m & rest == m), 0)
    holders = _triple_quads()
    for value, t in _by_strength(strength, inside):
        if value > limit:
            break
        while top < len(open_desc) and legal[open_desc[top]]:
            top += 1
        if top == len(open_desc) or strength[open_desc[top]] < value:
            break
        for q in holders[t]:
            if q in seen:
                seen[q] += 1
                if seen[q] == 4:
                    for a, b in _splits6(rest ^ QUAD_MASKS[q]):
                        if strength[a] >= value <= strength[b]:
                            legal[a] = legal[b] = True
    return [t for t in inside if legal[t]]


def _first(strength: list[int]) -> list[int]:
    """First group: some valid split of the hand has it among its 3-card groups.

    The same walk over the quadruples, weakest first, as :func:`_second`; for each
    complete quadruple, a triple of the other nine cards at least as strong is legal
    when the six cards left split into two triples at least as strong (the best
    weaker-of-two of a 6-card set is kept per set).
    """
    legal = [False] * GROUP_IDS
    open_desc = sorted(range(GROUP_IDS), key=strength.__getitem__, reverse=True)
    top = 0
    seen = [0] * len(QUAD_MASKS)
    holders = _triple_quads()
    best6: dict[int, int] = {}
    for value, t in _by_strength(strength, list(range(GROUP_IDS))):
        while top < GROUP_IDS and legal[open_desc[top]]:
            top += 1
        if top == GROUP_IDS or strength[open_desc[top]] < value:
            break
        for q in holders[t]:
            seen[q] += 1
            if seen[q] != 4:
                continue
            nine = _FULL ^ QUAD_MASKS[q]
            for u in _triples_in(nine):
                if legal[u] or strength[u] < value:
                    continue
                six = nine ^ TRIPLE_MASKS[u]
                best = best6.get(six)
                if best is None:
                    best = best6[six] = max(
                        min(strength[a], strength[b]) for a, b in _splits6(six)
                    )
                if best >= value:
                    legal[u] = True
    return [t for t in range(GROUP_IDS) if legal[t]]
