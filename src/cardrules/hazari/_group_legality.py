"""Which 3-card groups can still complete a valid arrangement (H7): the legal groups of
``actions="groups"``, internal to :mod:`cardrules.hazari.groups` and the state.

Under ``actions="groups"`` (:mod:`cardrules.hazari.groups`) a player names three
3-card groups in turn. A group ``T`` is legal when some valid split has it, and the
groups already chosen, among its 3-card groups. For the first group that reads:

    ``T`` is legal exactly when some 4-card group ``Q`` outside ``T`` is no higher
    than ``T`` (H6, H7) and the six cards left split into two 3-card groups, each at
    least as high as ``Q``.

Everything here works on positions 0..12 of the sorted hand, with one table per hand
(:class:`HandGroups`: the strengths of its 286 triples and the values of its 715
quadruples, each list also sorted) shared by the hand's three decisions. The legal
groups of a decision are a mask, one byte per group id; the first group's walk works
on bit sets (a 286-bit int, bit ``t`` for group id ``t``).

The first group is decided for all 286 triples at once, by one walk over the
quadruples from the lowest value up. At a quadruple ``Q`` of value ``v``:

- a triple weaker than ``v`` is illegal: every quadruple met later is at least ``v``,
  and those met before did not make it legal;
- an undecided triple outside ``Q`` at least as strong as ``v`` is legal as soon as
  the six cards left split well. Those six cards hold 20 triples in 10 complementary
  pairs, one pair a split, and a split fails only through a triple weaker than ``v``.
  So when the nine cards outside ``Q`` hold fewer than 10 triples weaker than ``v``,
  every such triple is legal at once (one operation on bit sets); only otherwise are
  its splits tried one by one.

>>> from cardrules import parse_cards
>>> from cardrules.hazari.partitions import sorted_hand
>>> hand = sorted_hand(parse_cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"))
>>> tables = hand_groups(tuple(card.index for card in hand))
>>> first = first_groups(tables)
>>> first.bit_count(), first >> 0 & 1  # 4S 3S 2S (id 0) is a run; 5S 3S 2S (id 1) is not
(262, 1)
>>> first >> 1 & 1
0

The second and third groups are masks, one byte per group id:

>>> mask = second_groups(tables, 285)  # after AS KS QS: 96 of the 120 triples left
>>> len(mask), sum(mask), mask[284]  # (id 284 is AS KS JS, which repeats two cards)
(286, 96, 0)
"""

from __future__ import annotations

import functools
from array import array
from bisect import bisect_left
from collections.abc import Sequence
from itertools import combinations, compress
from operator import add, itemgetter
from typing import Any

from cardrules.hazari.evaluator import _flat_table
from cardrules.hazari.partitions import (
    QUAD_ID,
    QUAD_MASKS,
    QUAD_TRIPLES,
    TRIPLE_MASKS,
    TRIPLES,
    _numpy_module,
    _strength_table,
)

__all__: list[str] = []  # internal to cardrules.hazari.groups and its state

HAND_SIZE = 13
GROUP_IDS = len(TRIPLES)
_FULL = (1 << HAND_SIZE) - 1
_ALL = (1 << GROUP_IDS) - 1
_BITS = tuple(1 << t for t in range(GROUP_IDS))
_TRIPLE_ID = {mask: number for number, mask in enumerate(TRIPLE_MASKS)}
_CERTAIN = 10
"""Fewer weak triples than this among six cards leave one of their 10 splits strong."""


class HandGroups:
    """One sorted hand's tables, built once and shared by its three decisions.

    ``strength[t]``: triple ``t``'s strength; ``value[q]``: quadruple ``q``'s value
    (H6); ``quads``: the quadruples from the lowest value up (ties by number), with
    ``quad_values`` their values; ``triples``: the triples from the weakest up (ties by
    number), with ``triple_strengths`` their strengths. With numpy installed they are a
    few array operations; without it, C-level maps. Both give the same values (the
    tests check one against the other).
    """

    __slots__ = (
        "_numpy",
        "quad_values",
        "quads",
        "splits",
        "strength",
        "triple_strengths",
        "triples",
        "value",
    )

    strength: Sequence[int]
    value: Sequence[int]
    quads: Sequence[int]
    quad_values: Sequence[int]
    triples: Sequence[int]
    triple_strengths: Sequence[int]

    def __init__(self, x: tuple[int, ...], numpy: Any = None) -> None:
        self._numpy: Any = None
        self.splits: tuple[int, bytes] | None = None  # the last second group's, see below
        if numpy is not None:
            _numpy_tables(self, x, numpy)
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
        self.quads = quads = sorted(range(len(value)), key=value.__getitem__)
        self.quad_values = [value[q] for q in quads]
        self.triples = triples = sorted(range(GROUP_IDS), key=strength.__getitem__)
        self.triple_strengths = [strength[t] for t in triples]


_COLUMNS = tuple(itemgetter(*(triple[n] for triple in TRIPLES)) for n in range(3))
_QUAD_COLUMNS = tuple(itemgetter(*(triples[n] for triples in QUAD_TRIPLES)) for n in range(4))
_ARRAYS: list[Any] = []


def _numpy_tables(tables: HandGroups, x: tuple[int, ...], np: Any) -> None:
    # Profiled per hand: turning the 715 values into a list (ndarray.tolist) cost as
    # much as computing them (about 10 µs); array.array over the same bytes is ~1 µs,
    # and indexing it gives the same ints. The strength table's indices are one
    # product with a fixed 13 x 286 matrix, and the values one max over the four
    # triples of each quadruple: fewer numpy calls (~40% less time) than three
    # columns of indices and three pairwise maxima.
    if not _ARRAYS:
        weights = np.zeros((HAND_SIZE, GROUP_IDS), dtype=np.intp)
        for t, (i, j, k) in enumerate(TRIPLES):
            weights[i, t], weights[j, t], weights[k, t] = 52 * 52, 52, 1
        _ARRAYS[:] = [
            weights,
            np.array(QUAD_TRIPLES, dtype=np.intp).T.copy(),
            _flat_table(),
            np.dtype(np.intp).char,
        ]
    weights, quad_columns, flat, code = _ARRAYS
    strength = flat[np.array(x, dtype=np.intp) @ weights]
    value = strength[quad_columns].max(axis=0)
    quads = np.argsort(value, kind="stable")
    triples = np.argsort(strength, kind="stable")
    tables.strength = array("h", strength.tobytes())
    tables.value = array("h", value.tobytes())
    tables.quads = array(code, quads.tobytes())
    tables.quad_values = array("h", value[quads].tobytes())
    tables.triples = array(code, triples.tobytes())
    tables.triple_strengths = array("h", strength[triples].tobytes())
    tables._numpy = (np, strength, value)


@functools.lru_cache(maxsize=64)
def hand_groups(x: tuple[int, ...]) -> HandGroups:
    """The :class:`HandGroups` of the sorted card indices ``x`` (the last 64 hands are kept)."""
    return HandGroups(x, _numpy_module())


def _weaker(
    order: Sequence[int], ranked: Sequence[int], passed: int, value: int
) -> tuple[int, int]:
    """The bits of the triples ranked from ``passed`` on that are weaker than ``value``
    (``order`` sorted by strength, ``ranked`` their strengths), and the rank they end at."""
    end = bisect_left(ranked, value, passed)
    return sum(map(_BITS.__getitem__, order[passed:end])), end


def first_groups(tables: HandGroups) -> int:
    """The legal first groups of the hand, as a bit set (see the module documentation)."""
    strength = tables.strength
    order, ranked = tables.triples, tables.triple_strengths
    outside = _outside()
    splits6 = _all_splits6()
    undecided = _ALL
    legal = weak = passed = 0
    for q, value in zip(tables.quads, tables.quad_values, strict=True):
        candidates = undecided & outside[q]
        if not candidates:
            continue
        if passed < GROUP_IDS and ranked[passed] < value:
            more, passed = _weaker(order, ranked, passed, value)
            weak |= more
            undecided &= ~weak
            if not undecided:
                break
            candidates &= undecided
            if not candidates:
                continue
        if (outside[q] & weak).bit_count() < _CERTAIN:
            legal |= candidates
            undecided ^= candidates
        else:
            # Profiled on random hands: about 1 in 20 candidates comes here, and its
            # first split is nearly always strong.
            nine = _FULL ^ QUAD_MASKS[q]
            while candidates:
                low = candidates & -candidates
                candidates ^= low
                for a, b in splits6[nine ^ TRIPLE_MASKS[low.bit_length() - 1]]:
                    if strength[a] >= value <= strength[b]:
                        undecided ^= low
                        legal |= low
                        break
        if not undecided:
            break
    return legal


def second_groups(tables: HandGroups, first: int) -> bytes:
    """The legal second groups after group ``first``, as a mask (one byte per group id):
    the triples ``A`` of the ten cards left for which some quadruple ``Q`` of them, no
    higher than ``first`` or ``A``, leaves three cards at least as high as ``Q``.

    With numpy, the 2,100 splits of the ten cards are tested at once (and kept for the
    third group); without it, the quadruples are met from the lowest value up (as for
    the first group).
    """
    if tables._numpy is not None:
        return _second_numpy(tables, first)
    strength = tables.strength
    order, ranked = tables.triples, tables.triple_strengths
    used = TRIPLE_MASKS[first]
    rest = _FULL ^ used
    limit = strength[first]
    inside = _inside()
    undecided = inside[rest]
    legal = weak = passed = 0
    for q, value in zip(tables.quads, tables.quad_values, strict=True):
        if value > limit:
            break
        if QUAD_MASKS[q] & used:
            continue
        if passed < GROUP_IDS and ranked[passed] < value:
            more, passed = _weaker(order, ranked, passed, value)
            weak |= more
            undecided &= ~weak
            if not undecided:
                break
        six = rest ^ QUAD_MASKS[q]
        candidates = undecided & inside[six]
        while candidates:
            low = candidates & -candidates
            candidates ^= low
            if strength[_TRIPLE_ID[six ^ TRIPLE_MASKS[low.bit_length() - 1]]] >= value:
                legal |= low
                undecided ^= low
        if not undecided:
            break
    return mask_of(legal)


def _second_numpy(tables: HandGroups, first: int) -> bytes:
    # Profiled: the walk above met ~40 quadruples a hand, ~2.5x the time of testing
    # all 2,100 splits of the ten cards as arrays. The splits that pass are kept: the
    # third group's are those of them that hold the second group.
    np, strength, value = tables._numpy
    ten_triples, ten_quads, (quad, a, b) = _ten(np)
    triples = ten_triples[first]
    rest = strength[triples]
    sa, sb = rest[a], rest[b]
    ok = value[ten_quads[first]][quad] <= np.minimum(np.minimum(sa, sb), strength[first])
    legal = np.zeros(GROUP_IDS, dtype=np.bool_)
    legal[triples[a[ok]]] = True
    legal[triples[b[ok]]] = True
    tables.splits = (first, ok.tobytes())
    mask: bytes = legal.tobytes()  # numpy's booleans are the bytes 0 and 1
    return mask


def last_groups(tables: HandGroups, first: int, second: int) -> bytes:
    """The legal third groups after groups ``first`` and ``second``, as a mask: the four
    cards left must be no higher than each 3-card group."""
    legal = bytearray(GROUP_IDS)
    splits = tables.splits
    if splits is not None and splits[0] == first:
        # The splits of the ten cards that passed for the second group and hold it.
        triples = _TEN_ROWS[first]
        passed = splits[1]
        for row, other in _HOLDING[bisect_left(triples, second)]:
            if passed[row]:
                legal[triples[other]] = 1
        return bytes(legal)
    strength, values = tables.strength, tables.value
    limit = min(strength[first], strength[second])
    rest = _FULL ^ TRIPLE_MASKS[first] ^ TRIPLE_MASKS[second]
    for i, j, k in combinations(_positions(rest), 3):
        t = 1 << i | 1 << j | 1 << k
        value = values[QUAD_ID[rest ^ t]]
        if value <= limit and value <= strength[_TRIPLE_ID[t]]:
            legal[_TRIPLE_ID[t]] = 1
    return bytes(legal)


def group_mask(x: tuple[int, ...], chosen: tuple[int, ...]) -> bytes:
    """The legal groups of the sorted card indices ``x`` after the disjoint groups
    ``chosen`` (0, 1 or 2 ids, trusted), one byte per group id."""
    return _group_mask(x, chosen)


@functools.lru_cache(maxsize=64)
def _group_mask(x: tuple[int, ...], chosen: tuple[int, ...]) -> bytes:
    tables = hand_groups(x)
    if not chosen:
        return mask_of(first_groups(tables))
    if len(chosen) == 1:
        return second_groups(tables, chosen[0])
    return last_groups(tables, chosen[0], chosen[1])


def ids_in(mask: bytes) -> list[int]:
    """The group ids set in ``mask``, ascending.

    >>> ids_in(mask_of(0b1011)), ids_in(mask_of(1 << 285))
    ([0, 1, 3], [285])
    """
    return list(compress(range(GROUP_IDS), mask))


def mask_of(bits: int) -> bytes:
    """The bit set ``bits`` as 286 bytes, 1 at each group id in it.

    >>> mask_of(0b101)[:4], len(mask_of(0))
    (b'\\x01\\x00\\x01\\x00', 286)
    """
    # One lookup per byte of the int (36), not one step per id (286).
    return b"".join(map(_BYTE_MASKS.__getitem__, bits.to_bytes(36, "little")))[:GROUP_IDS]


_BYTE_MASKS = tuple(bytes(n >> i & 1 for i in range(8)) for n in range(256))


# ------------------------------------------------------------ tables every hand shares


def _positions(mask: int) -> list[int]:
    return [i for i in range(HAND_SIZE) if mask >> i & 1]


_OUTSIDE: list[int] = []


def _outside() -> list[int]:
    """For each quadruple, the bit set of the triples outside it; built on first use."""
    if not _OUTSIDE:
        _OUTSIDE[:] = [
            sum(_BITS[t] for t, mask in enumerate(TRIPLE_MASKS) if not mask & quad)
            for quad in QUAD_MASKS
        ]
    return _OUTSIDE


_INSIDE: dict[int, int] = {}


def _inside() -> dict[int, int]:
    """For each set of 6 or 10 positions, the bit set of the triples inside it; built
    on first use (2,002 sets)."""
    if not _INSIDE:
        for size in (6, 10):
            for positions in combinations(range(HAND_SIZE), size):
                mask = sum(1 << p for p in positions)
                _INSIDE[mask] = sum(
                    _BITS[_TRIPLE_ID[1 << i | 1 << j | 1 << k]]
                    for i, j, k in combinations(positions, 3)
                )
    return _INSIDE


_SPLITS6: dict[int, tuple[tuple[int, int], ...]] = {}


def _all_splits6() -> dict[int, tuple[tuple[int, int], ...]]:
    """For each set of 6 positions, its 10 splits into two triples; built on first use."""
    if not _SPLITS6:
        for positions in combinations(range(HAND_SIZE), 6):
            mask = sum(1 << p for p in positions)
            low, *others = positions
            splits = []
            for j, k in combinations(others, 2):
                first = 1 << low | 1 << j | 1 << k
                splits.append((_TRIPLE_ID[first], _TRIPLE_ID[mask ^ first]))
            _SPLITS6[mask] = tuple(splits)
    return _SPLITS6


_TEN: list[Any] = []
_TEN_ROWS: list[array[int]] = []
"""``triples[f]`` of :func:`_ten` as Python arrays."""
_HOLDING: list[tuple[tuple[int, int], ...]] = []
"""For each local triple of ten positions, the splits that hold it (their row in
``splits``) and the other triple of each."""


def _ten(np: Any) -> list[Any]:
    """Index arrays for the ten cards left by a first group, built on first use (0.7 MB).

    ``triples[f]`` and ``quads[f]``: the group ids of the 120 triples and the numbers of
    the 210 quadruples inside the ten positions that group ``f`` leaves, in the local
    order (lexicographic in ``0..9``, so ascending). ``splits``: the 2,100 splits of ten
    positions into a quadruple and two triples, as three arrays of local numbers.
    """
    if not _TEN:
        local3 = {sum(1 << p for p in t): n for n, t in enumerate(combinations(range(10), 3))}
        local4 = {sum(1 << p for p in q): n for n, q in enumerate(combinations(range(10), 4))}
        splits = []
        for quad in combinations(range(10), 4):
            left = [p for p in range(10) if p not in quad]
            for j, k in combinations(left[1:], 2):
                a = 1 << left[0] | 1 << j | 1 << k
                b = sum(1 << p for p in left) ^ a
                splits.append((local4[sum(1 << p for p in quad)], local3[a], local3[b]))
        triples, quads = [], []
        for first in TRIPLE_MASKS:
            positions = _positions(_FULL ^ first)
            triples.append(
                [_TRIPLE_ID[sum(1 << positions[p] for p in t)] for t in combinations(range(10), 3)]
            )
            quads.append(
                [QUAD_ID[sum(1 << positions[p] for p in q)] for q in combinations(range(10), 4)]
            )
        _TEN_ROWS[:] = [array("h", row) for row in triples]
        holding: list[list[tuple[int, int]]] = [[] for _ in local3]
        for row, (_, a, b) in enumerate(splits):
            holding[a].append((row, b))
            holding[b].append((row, a))
        _HOLDING[:] = [tuple(pairs) for pairs in holding]
        _TEN[:] = [
            np.array(triples, dtype=np.intp),
            np.array(quads, dtype=np.intp),
            np.array(splits, dtype=np.intp).T.copy(),
        ]
    return _TEN
