"""The compact action space ``actions="groups"``: an arrangement as three 3-card groups.

Under :attr:`~cardrules.hazari.rules.ActionSpace.GROUPS` a player arranges (H7) in three
successive decisions, each naming a 3-card group of their hand; the fourth group is
the four cards left, and after the third group the player is up (H8). A group's id is
the rank of its three *positions* in the hand sorted by card index (2C = 0 ... AS = 51,
as in :mod:`cardrules.hazari.action_ids`), in lexicographic order: positions
``(0, 1, 2)`` are id 0, ``(0, 1, 3)`` id 1, ... ``(10, 11, 12)`` id 285. Positions
refer to the whole 13-card hand, whatever groups are already chosen::

    id(i, j, k) = C(13, 3) - C(13 - i, 3) + C(12 - i, 2) - C(13 - j, 2) + (k - j - 1)

>>> group_id(0b111), group_id(0b1011), group_id(0b111 << 10), GROUP_IDS
(0, 1, 285, 286)
>>> from math import comb
>>> all(
...     group_id(1 << i | 1 << j | 1 << k)
...     == comb(13, 3) - comb(13 - i, 3) + comb(12 - i, 2) - comb(13 - j, 2) + k - j - 1
...     for i in range(13) for j in range(i + 1, 13) for k in range(j + 1, 13)
... )
True
>>> f"{group_positions(100):013b}"  # positions 1, 6 and 7 (position 0 is the last bit)
'0000011000010'

A group is legal when it uses none of the cards already chosen and some valid
split (H7: the 4-card group's value, H6, no higher than each 3-card group) has it
and every chosen group among its three 3-card groups (:func:`legal_group_ids`).
So an arrangement chosen group by group is exactly a valid split, and every valid
split can be chosen, its three groups in any order.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from itertools import combinations
from operator import add, attrgetter, itemgetter
from typing import Any

from cardrules.cards import Card, _show
from cardrules.errors import IllegalActionError
from cardrules.game import LegalActions, check_index
from cardrules.hazari.actions import Group
from cardrules.hazari.evaluator import _flat_table
from cardrules.hazari.partitions import (
    QUAD_ID,
    QUAD_MASKS,
    QUAD_TRIPLES,
    TRIPLE_MASKS,
    TRIPLES,
    _numpy_module,
    _sorted_indices,
    _strength_table,
)
from cardrules.rng import Rng

__all__ = [
    "GROUP_IDS",
    "GroupActions",
    "group_id",
    "group_number",
    "group_of",
    "group_positions",
    "legal_group_ids",
]

HAND_SIZE = 13
GROUP_IDS = len(TRIPLES)
"""The number of group ids: the C(13, 3) = 286 three-card subsets of a hand."""
_FULL = (1 << HAND_SIZE) - 1
_TRIPLE_ID = {mask: number for number, mask in enumerate(TRIPLE_MASKS)}
_INDEX = attrgetter("index")


def group_id(positions: int) -> int:
    """The id of the group at the 13-bit position mask ``positions`` (three bits set)."""
    number = _TRIPLE_ID.get(positions) if type(positions) is int else None
    if number is None:
        raise IllegalActionError(f"{_show(positions)} is not a 13-bit mask of three hand positions")
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


class GroupActions(LegalActions[Group]):
    """The legal :class:`Group` actions of one decision under ``actions="groups"``.

    ``ids`` are the legal group ids (:func:`~cardrules.hazari.groups.legal_group_ids`),
    ascending; iteration and ``legal[i]`` follow them.
    """

    __slots__ = ("_hand", "_ids")

    def __init__(self, hand: tuple[Card, ...], ids: list[int]) -> None:
        _sorted_indices(hand)
        if not isinstance(ids, list) or any(
            type(number) is not int or not 0 <= number < GROUP_IDS for number in ids
        ):
            raise IllegalActionError(f"group ids must be a list of ints 0..285, got {_show(ids)}")
        self._hand = hand
        self._ids = ids

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Group):
            return False
        number = group_number(self._hand, action)
        return number is not None and number in self._ids

    def __len__(self) -> int:
        return len(self._ids)

    def __getitem__(self, index: int) -> Group:
        return group_of(self._hand, self._ids[check_index(index, len(self._ids))])

    def __iter__(self) -> Iterator[Group]:
        hand = self._hand
        return (group_of(hand, number) for number in self._ids)

    def sample(self, rng: Rng) -> Group:
        """A legal group drawn uniformly with ``rng``."""
        ids = self._ids
        return group_of(self._hand, ids[rng.randbelow(len(ids))])

    def ids(self) -> list[int]:
        """The ids of the legal groups, ascending (the iteration order)."""
        return list(self._ids)


def group_of(hand: tuple[Card, ...], number: int) -> Group:
    """The :class:`Group` of id ``number`` in the sorted ``hand`` (IllegalActionError
    outside 0..285)."""
    _sorted_indices(hand)
    positions = group_positions(number)
    return Group(tuple(card for i, card in enumerate(hand) if positions >> i & 1))


def group_number(hand: tuple[Card, ...], group: Group) -> int | None:
    """The id of ``group`` in the sorted ``hand``, or None if it is not all in the hand."""
    x = _sorted_indices(hand)
    if not isinstance(group, Group):
        raise IllegalActionError(f"expected a Group, got {_show(group)}")
    positions = 0
    for card in group.cards:
        try:
            positions |= 1 << x.index(card.index)
        except ValueError:
            return None
    return _TRIPLE_ID[positions]


def _positions(mask: int) -> list[int]:
    return [i for i in range(HAND_SIZE) if mask >> i & 1]


_TRIPLES_IN: dict[int, tuple[int, ...]] = {}


def _triples_in(mask: int) -> tuple[int, ...]:
    """The ids of the triples inside the position mask ``mask``, ascending (remembered)."""
    triples = _TRIPLES_IN.get(mask)
    if triples is None:
        triples = _TRIPLES_IN[mask] = tuple(
            _TRIPLE_ID[1 << i | 1 << j | 1 << k] for i, j, k in combinations(_positions(mask), 3)
        )
    return triples


_SPLITS6: dict[int, tuple[tuple[int, int], ...]] = {}
"""For each 6-position mask, its 10 splits into two triples; filled on use."""


def _splits6(mask: int) -> tuple[tuple[int, int], ...]:
    """The 10 splits of the 6-position mask ``mask`` into two triples (remembered)."""
    splits = _SPLITS6.get(mask)
    if splits is None:
        low, *others = _positions(mask)
        result = []
        for j, k in combinations(others, 2):
            first = 1 << low | 1 << j | 1 << k
            result.append((_TRIPLE_ID[first], _TRIPLE_ID[mask ^ first]))
        splits = _SPLITS6[mask] = tuple(result)
    return splits


def _all_splits6() -> dict[int, tuple[tuple[int, int], ...]]:
    """Every 6-position mask's splits (1,716 masks), built on first use."""
    if len(_SPLITS6) < _SIX_SETS:
        for positions in combinations(range(HAND_SIZE), 6):
            _splits6(sum(1 << p for p in positions))
    return _SPLITS6


_SIX_SETS = 1716


def legal_group_ids(cards: tuple[Card, ...], chosen: Sequence[int]) -> list[int]:
    """The legal group ids, ascending, for the sorted 13-card hand ``cards`` after the
    groups with ids ``chosen`` (0, 1 or 2 disjoint groups). A hand that is not 13 sorted
    cards raises InvalidCardsError, bad ``chosen`` ids IllegalActionError.

    >>> from cardrules import parse_cards
    >>> from cardrules.hazari.partitions import sorted_hand
    >>> hand = sorted_hand(parse_cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"))
    >>> len(legal_group_ids(hand, ()))  # weak colours such as 5S 3S 2S cannot be a group
    262
    >>> top, next_three = group_id(0b111 << 10), group_id(0b111 << 7)  # AS KS QS, JS TS 9S
    >>> third = legal_group_ids(hand, (top, next_three))
    >>> len(third), group_id(0b111 << 4) in third, group_id(0b111) in third  # 8S 7S 6S, 4S 3S 2S
    (9, True, False)
    """
    x = tuple(_sorted_indices(cards))
    if isinstance(chosen, (str, bytes)) or not isinstance(chosen, Sequence):
        raise IllegalActionError(f"chosen must be a sequence of group ids, got {_show(chosen)}")
    numbers = tuple(chosen)
    used = 0
    for number in numbers:
        positions = group_positions(number)
        if positions & used:
            raise IllegalActionError(f"chosen groups {_show(numbers)} share a card")
        used |= positions
    if len(numbers) > 2:
        raise IllegalActionError(f"at most two groups are chosen before the last, got {numbers}")
    return list(_legal(x, numbers))


@functools.lru_cache(maxsize=64)
def _legal(cards: tuple[int, ...], chosen: tuple[int, ...]) -> tuple[int, ...]:
    tables = _hand(cards)
    strength = tables.strength
    used = 0
    limit = 1 << 62
    for number in chosen:
        used |= TRIPLE_MASKS[number]
        limit = min(limit, strength[number])
    if len(chosen) == 2:
        return _last(tables, _FULL ^ used, limit)
    if len(chosen) == 1:
        return _second(tables, _FULL ^ used, limit)
    return _first(tables)


class _Hand:
    """A hand's triple strengths, quadruple values (H6), and quadruples and triples
    weakest first (ties by number), worked out once for its three decisions.

    With numpy installed they are a few array operations; without it, C-level maps.
    Both give the same lists (the tests check one against the other).
    """

    __slots__ = ("quads", "strength", "triples", "value")

    def __init__(self, x: tuple[int, ...], numpy: Any = None) -> None:
        if numpy is not None:
            self.strength, self.value, self.quads, self.triples = _numpy_tables(x, numpy)
            return
        high, middle, low = _COLUMNS
        table = _strength_table()
        self.strength = strength = list(
            map(
                table.__getitem__,
                map(
                    add,
                    map(add, high([i * 2704 for i in x]), middle([i * 52 for i in x])),
                    low(x),
                ),
            )
        )
        self.value = value = list(map(max, *(column(strength) for column in _QUAD_COLUMNS)))
        self.quads = sorted(range(len(value)), key=value.__getitem__)
        self.triples = sorted(range(GROUP_IDS), key=strength.__getitem__)


_COLUMNS = tuple(itemgetter(*(triple[n] for triple in TRIPLES)) for n in range(3))
_QUAD_COLUMNS = tuple(itemgetter(*(triples[n] for triples in QUAD_TRIPLES)) for n in range(4))
_ARRAYS: list[Any] = []


def _numpy_tables(x: tuple[int, ...], np: Any) -> tuple[list[int], list[int], list[int], list[int]]:
    if not _ARRAYS:
        _ARRAYS[:] = [
            np.array(TRIPLES, dtype=np.intp).T.copy(),
            np.array(QUAD_TRIPLES, dtype=np.intp),
            _flat_table(),
        ]
    triples, quad_triples, flat = _ARRAYS
    cards = np.array(x, dtype=np.intp)[triples]
    strength = flat[(cards[0] * 52 + cards[1]) * 52 + cards[2]]
    value = strength[quad_triples].max(axis=1)
    order = np.argsort(value, kind="stable")
    triples_order = np.argsort(strength, kind="stable")
    return strength.tolist(), value.tolist(), order.tolist(), triples_order.tolist()


@functools.lru_cache(maxsize=16)
def _hand(cards: tuple[int, ...]) -> _Hand:
    return _Hand(cards, _numpy_module())


def _last(tables: _Hand, rest: int, limit: int) -> tuple[int, ...]:
    """Third group: the four cards left must be no higher than each 3-card group."""
    strength, values = tables.strength, tables.value
    result = []
    for t in _triples_in(rest):
        value = values[QUAD_ID[rest ^ TRIPLE_MASKS[t]]]
        if value <= limit and value <= strength[t]:
            result.append(t)
    return tuple(result)


def _second(tables: _Hand, rest: int, limit: int) -> tuple[int, ...]:
    """Second group: some split of the ten cards left into a 4-card group and two
    3-card groups keeps H7 with the first group (whose strength is ``limit``).

    The quadruples inside the ten cards no stronger than ``limit`` are met weakest
    first; the walk stops once the strongest triple still open is weaker than the
    quadruple (no later one can make it legal).
    """
    strength, values = tables.strength, tables.value
    splits6 = _all_splits6()
    quads = sorted([q for q in _quads_in(rest) if values[q] <= limit], key=values.__getitem__)
    inside = _triples_in(rest)
    open_desc = sorted(inside, key=strength.__getitem__, reverse=True)
    top, last = 0, len(open_desc)
    legal = bytearray(GROUP_IDS)
    for q in quads:
        value = values[q]
        while top < last and legal[open_desc[top]]:
            top += 1
        if top == last or strength[open_desc[top]] < value:
            break
        for a, b in splits6[rest ^ QUAD_MASKS[q]]:
            if strength[a] >= value <= strength[b]:
                legal[a] = legal[b] = 1
    return tuple([t for t in inside if legal[t]])


_QUADS_IN: dict[int, tuple[int, ...]] = {}


def _quads_in(mask: int) -> tuple[int, ...]:
    """The quadruples inside the position mask ``mask``, remembered per mask (a second
    group's ten cards left are one of 286 masks)."""
    quads = _QUADS_IN.get(mask)
    if quads is None:
        quads = _QUADS_IN[mask] = tuple(
            QUAD_ID[1 << i | 1 << j | 1 << k | 1 << m]
            for i, j, k, m in combinations(_positions(mask), 4)
        )
    return quads


def _first(tables: _Hand) -> tuple[int, ...]:
    """First group: some valid split of the hand has it among its 3-card groups.

    The quadruples are met weakest first. For each, the open triples outside it are
    decided: those weaker than it are illegal (no later quadruple, disjoint or not, is
    weaker), and one at least as strong is legal when the six cards left split into two
    triples at least as strong. When no triple of the nine cards outside the quadruple
    is weaker than it, every split does, and they are all legal at once. Triples are bit
    sets, and the set of triples weaker than the current quadruple grows as the walk
    goes. (Profiled on random hands: nearly every triple is decided by the first
    quadruple outside it, and most by the bulk rule.)
    """
    strength, values = tables.strength, tables.value
    by_strength = tables.triples
    outside = _outside()
    splits6 = _all_splits6()
    open_bits = (1 << GROUP_IDS) - 1
    legal = 0
    weak = 0
    passed = 0
    for q in tables.quads:
        candidates = open_bits & outside[q]
        if not candidates:
            continue
        value = values[q]
        while passed < GROUP_IDS and strength[by_strength[passed]] < value:
            weak |= 1 << by_strength[passed]
            passed += 1
        open_bits ^= candidates & weak
        candidates &= ~weak
        if not outside[q] & weak:
            legal |= candidates
            open_bits ^= candidates
        else:
            nine = _FULL ^ QUAD_MASKS[q]
            while candidates:
                low = candidates & -candidates
                candidates ^= low
                for a, b in splits6[nine ^ TRIPLE_MASKS[low.bit_length() - 1]]:
                    if strength[a] >= value <= strength[b]:
                        open_bits ^= low
                        legal |= low
                        break
        if not open_bits:
            break
    digits = bin(legal)[:1:-1]
    return tuple(t for t, digit in enumerate(digits) if digit == "1")


_OUTSIDE: list[int] = []


def _outside() -> list[int]:
    """For each quadruple, the bit set of the triples outside it; built on first use."""
    if not _OUTSIDE:
        _OUTSIDE[:] = [
            sum(1 << t for t, mask in enumerate(TRIPLE_MASKS) if not mask & quad)
            for quad in QUAD_MASKS
        ]
    return _OUTSIDE
