"""Every valid arrangement of a 13-card hand (H7, Hazari rules page), lazily, with a fast count.

There are 200,200 ways to split 13 cards into three groups of 3 and one of 4; a
typical hand allows 14k to 26k of them. :func:`valid_arrangements` is a lazy
:class:`~cardrules.game.LegalActions` collection of the valid ones:

>>> from cardrules import parse_cards
>>> hand = parse_cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S")
>>> legal = valid_arrangements(hand)
>>> len(legal), count_valid_arrangements(hand)
(28922, 28922)
>>> first = next(iter(legal))
>>> first in legal, Arrangement.parse("AS KS QS | JS TS 9S | 8S 7S 6S | 5S 4S 3S 2S") in legal
(True, True)
>>> count_valid_arrangements(parse_cards("AC AD AH KC KD KH QC QD QH 2S 3S 4S 7D"))
20747

The work is done on positions 0..12 of the sorted hand with index tables shared by
every hand: the 286 triples, the 715 quadruples, and for each quadruple the splits
of the other nine cards (the triple holding the lowest of them, then the 10 splits
of the six left), so the 200,200 splits are walked with table lookups and pruned
as soon as a triple is weaker than the 4-card group.
"""

from __future__ import annotations

import functools
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator
from itertools import accumulate, combinations, pairwise
from operator import attrgetter
from typing import Any

import attrs

from cardrules.cards import Card, _show, require_distinct
from cardrules.errors import IllegalActionError, InvalidCardsError
from cardrules.game import LegalActions, check_index
from cardrules.hazari.arrangement import Arrangement
from cardrules.hazari.evaluator import _flat_table, strengths
from cardrules.rng import Rng

__all__ = [
    "HandTables",
    "ValidArrangements",
    "count_valid_arrangements",
    "hand_tables",
    "sample_split",
    "split_arrangement",
    "valid_arrangements",
]

HAND_SIZE = 13
SPLITS = 200_200
"""The number of ways to split 13 cards into {3, 3, 3} and 4."""

TRIPLES: tuple[tuple[int, int, int], ...] = tuple(combinations(range(HAND_SIZE), 3))
"""The 286 triples of hand positions, in lexicographic order."""
TRIPLE_MASKS: tuple[int, ...] = tuple((1 << i) | (1 << j) | (1 << k) for i, j, k in TRIPLES)
QUADS: tuple[tuple[int, int, int, int], ...] = tuple(combinations(range(HAND_SIZE), 4))
"""The 715 quadruples of hand positions, in lexicographic order."""
QUAD_MASKS: tuple[int, ...] = tuple(sum(1 << i for i in quad) for quad in QUADS)

_TRIPLE_ID = {mask: number for number, mask in enumerate(TRIPLE_MASKS)}
QUAD_ID: dict[int, int] = {mask: number for number, mask in enumerate(QUAD_MASKS)}
"""Quadruple number by its 13-bit position mask."""
QUAD_TRIPLES: tuple[tuple[int, int, int, int], ...] = tuple(
    (
        _TRIPLE_ID[m ^ (1 << q[0])],
        _TRIPLE_ID[m ^ (1 << q[1])],
        _TRIPLE_ID[m ^ (1 << q[2])],
        _TRIPLE_ID[m ^ (1 << q[3])],
    )
    for q, m in zip(QUADS, QUAD_MASKS, strict=True)
)
"""The four triples inside each quadruple."""
_FULL = (1 << HAND_SIZE) - 1


def _first_splits(mask: int) -> list[tuple[int, int]]:
    """Each triple holding the lowest position of ``mask``, with the mask left over."""
    positions = [i for i in range(HAND_SIZE) if mask >> i & 1]
    low = 1 << positions[0]
    result = []
    for j, k in combinations(positions[1:], 2):
        triple = low | (1 << j) | (1 << k)
        result.append((_TRIPLE_ID[triple], mask ^ triple))
    return result


Splits = tuple[tuple[tuple[int, int], ...], ...]
_SPLITS: list[Splits] = []


def split_tables() -> tuple[Splits, Splits]:
    """The split tables ``(nine, six)``, built on first use.

    ``nine[q]`` lists, for quadruple ``q``, the 28 triples holding the lowest other
    position, each with the number of the 6-position set left over; ``six[n]`` lists
    the 10 splits of 6-position set ``n`` into two triples.
    """
    if not _SPLITS:
        six_masks = sorted({rest for m in QUAD_MASKS for _, rest in _first_splits(_FULL ^ m)})
        six_id = {mask: number for number, mask in enumerate(six_masks)}
        six = tuple(
            tuple((first, _TRIPLE_ID[rest]) for first, rest in _first_splits(mask))
            for mask in six_masks
        )
        nine = tuple(
            tuple((first, six_id[rest]) for first, rest in _first_splits(_FULL ^ m))
            for m in QUAD_MASKS
        )
        _SPLITS[:] = [nine, six]
    return _SPLITS[0], _SPLITS[1]


_SORTED_STRENGTH: list[int] = []
"""Strength by ``i * 2704 + j * 52 + k`` for card indices ``i < j < k``; built on first use."""


def _strength_table() -> list[int]:
    if not _SORTED_STRENGTH:
        table = [0] * (52 * 2704)
        triples = list(combinations(range(52), 3))
        for (i, j, k), strength in zip(triples, strengths(triples), strict=True):
            table[i * 2704 + j * 52 + k] = strength
        _SORTED_STRENGTH[:] = table
    return _SORTED_STRENGTH


_INDEX = attrgetter("index")


def sorted_hand(hand: Iterable[Card]) -> tuple[Card, ...]:
    """The 13 distinct cards of ``hand`` sorted by index, or :class:`InvalidCardsError`."""
    # The common case, a dealt hand: checked and sorted on card indices, in C where
    # possible (sorting Cards called Card.__lt__ ~40 times, a fifth of a greedy deal).
    if (
        hand.__class__ is tuple
        and len(hand) == HAND_SIZE
        and all(card.__class__ is Card for card in hand)
        and len({card.index for card in hand}) == HAND_SIZE
    ):
        return tuple(sorted(hand, key=_INDEX))
    if isinstance(hand, (str, bytes)):
        raise InvalidCardsError(
            f"expected Card objects, got the string {_show(hand)}; parse it first"
        )
    cards = require_distinct(hand, "hand")
    if len(cards) != HAND_SIZE:
        raise InvalidCardsError(f"a Hazari hand has 13 cards, got {len(cards)}")
    return tuple(sorted(cards, key=_INDEX))


def triple_strengths(cards: tuple[Card, ...]) -> list[int]:
    """The strength of each of the 286 :data:`TRIPLES` of a sorted 13-card hand."""
    x = [card.index for card in cards]
    table = _SORTED_STRENGTH or _strength_table()
    return [table[x[i] * 2704 + x[j] * 52 + x[k]] for i, j, k in TRIPLES]


def triple_order_keys(cards: tuple[Card, ...], strength: list[int]) -> list[int]:
    """A total order of the 286 triples of a sorted hand: strength, then highest indices.

    It is the order in which :class:`Arrangement` plays equal 3-card groups.
    """
    x = [card.index for card in cards]
    return [
        (s << 18) | (x[k] * 2704 + x[j] * 52 + x[i])
        for s, (i, j, k) in zip(strength, TRIPLES, strict=True)
    ]


def quad_strengths(triple: list[int]) -> list[int]:
    """The best-of-three strength of each of the 715 :data:`QUADS`, from triple strengths."""
    return [max(triple[a], triple[b], triple[c], triple[d]) for a, b, c, d in QUAD_TRIPLES]


def _quad_counts(
    triple: list[int], quad: list[int]
) -> tuple[list[int], list[tuple[int, ...] | None]]:
    """Count valid splits per 4-card group: each strong-enough triple holding the lowest
    other card, times the splits of the six cards left whose two triples are strong enough.

    The last factor comes from each 6-card set's sorted split minima, worked out once per
    hand when first needed; they are returned with the counts.
    """
    counts = []
    nine_splits, six_splits = split_tables()
    minima: list[tuple[int, ...] | None] = [None] * len(six_splits)
    for q, threshold in enumerate(quad):
        count = 0
        for first, six in nine_splits[q]:
            if triple[first] >= threshold:
                lows = minima[six]
                if lows is None:
                    # Kept as a tuple, so the hand's tables take the list whole.
                    lows = minima[six] = tuple(
                        sorted(
                            [
                                triple[a] if triple[a] < triple[b] else triple[b]
                                for a, b in six_splits[six]
                            ]
                        )
                    )
                count += 10 - bisect_left(lows, threshold)
        counts.append(count)
    return counts, minima


@attrs.frozen(eq=False)
class HandTables:
    """What indexing the valid arrangements of one sorted hand needs, worked out once.

    ``triple`` and ``quad``: the strengths of the 286 triples and the 715 quadruples;
    ``starts[q]``: how many valid splits have a 4-card group numbered below ``q``
    (``starts[715]`` is the count); ``minima``: per 6-position set, the sorted weaker
    strengths of its 10 splits (where needed).
    """

    cards: tuple[Card, ...]
    triple: tuple[int, ...]
    quad: tuple[int, ...]
    starts: tuple[int, ...]
    minima: tuple[tuple[int, ...] | None, ...]

    @property
    def count(self) -> int:
        """The number of valid splits."""
        return self.starts[-1]

    def id_at(self, position: int) -> int:
        """The split id (see :mod:`cardrules.hazari.action_ids`) of the ``position``-th
        valid split in id order, found by descending through the counts."""
        starts, triple = self.starts, self.triple
        if type(position) is not int or not 0 <= position < starts[-1]:
            raise IllegalActionError(
                f"position {_show(position)} is not in 0..{starts[-1] - 1} (the valid splits)"
            )
        q = bisect_right(starts, position) - 1
        left = position - starts[q]
        threshold = self.quad[q]
        nine_splits, six_splits = split_tables()
        for f, (first, six) in enumerate(nine_splits[q]):
            if triple[first] < threshold:
                continue
            lows = self.minima[six]
            assert lows is not None
            size = 10 - bisect_left(lows, threshold)
            if left >= size:
                left -= size
                continue
            for s, (a, b) in enumerate(six_splits[six]):
                if triple[a] >= threshold <= triple[b]:
                    if not left:
                        return q * 280 + f * 10 + s
                    left -= 1
        raise AssertionError(f"no valid split at position {position}")  # pragma: no cover

    def position_of(self, split: int) -> int | None:
        """The place of split id ``split`` among the valid splits, or None if it breaks H7."""
        _check_split(split)
        q, rest = divmod(split, 280)
        f, s = divmod(rest, 10)
        triple, threshold = self.triple, self.quad[q]
        nine_splits, six_splits = split_tables()
        first, six = nine_splits[q][f]
        a, b = six_splits[six][s]
        if triple[first] < threshold or triple[a] < threshold or triple[b] < threshold:
            return None
        position = self.starts[q]
        for other, six_other in nine_splits[q][:f]:
            if triple[other] >= threshold:
                lows = self.minima[six_other]
                assert lows is not None
                position += 10 - bisect_left(lows, threshold)
        for c, d in six_splits[six][:s]:
            if triple[c] >= threshold <= triple[d]:
                position += 1
        return position

    def ids(self) -> list[int]:
        """The ids of every valid split, ascending."""
        triple = self.triple
        nine_splits, six_splits = split_tables()
        result = []
        for q, threshold in enumerate(self.quad):
            if self.starts[q] == self.starts[q + 1]:
                continue
            base = q * 280
            for f, (first, six) in enumerate(nine_splits[q]):
                if triple[first] >= threshold:
                    at = base + f * 10
                    result += [
                        at + s
                        for s, (a, b) in enumerate(six_splits[six])
                        if triple[a] >= threshold <= triple[b]
                    ]
        return result

    def arrangement(self, split: int) -> Arrangement:
        """The arrangement of split id ``split``; one that breaks H7 raises
        :class:`~cardrules.errors.InvalidArrangementError` naming the groups."""
        _check_split(split)
        q, rest = divmod(split, 280)
        f, s = divmod(rest, 10)
        nine_splits, six_splits = split_tables()
        first, six = nine_splits[q][f]
        a, b = six_splits[six][s]
        cards, triple, threshold = self.cards, self.triple, self.quad[q]
        if triple[first] < threshold or triple[a] < threshold or triple[b] < threshold:
            return Arrangement(
                [_group(cards, QUADS[q])] + [_group(cards, TRIPLES[t]) for t in (first, a, b)]
            )
        x = [card.index for card in cards]

        def key(t: int) -> int:
            i, j, k = TRIPLES[t]
            return (triple[t] << 18) | (x[k] * 2704 + x[j] * 52 + x[i])

        u, v, w = sorted((first, a, b), key=key, reverse=True)
        return Arrangement._trusted(
            (
                _group(cards, TRIPLES[u]),
                _group(cards, TRIPLES[v]),
                _group(cards, TRIPLES[w]),
                _group(cards, QUADS[q]),
            ),
            (triple[u], triple[v], triple[w], threshold),
        )


def hand_tables(cards: tuple[Card, ...]) -> HandTables:
    """The :class:`HandTables` of a sorted 13-card hand (the last few are kept)."""
    try:
        return _cached_tables(cards)
    except TypeError:  # unhashable
        raise InvalidCardsError(
            f"expected a sorted 13-card hand of Card objects, got {_show(cards)}"
        ) from None


def _tables_of(cards: tuple[Card, ...]) -> HandTables:
    try:
        triple = triple_strengths(cards)
    except (TypeError, AttributeError, IndexError):
        raise InvalidCardsError(
            f"expected a sorted 13-card hand of Card objects, got {_show(cards)}"
        ) from None
    quad = quad_strengths(triple)
    counts, minima = _quad_counts(triple, quad)
    # In C (accumulate, tuple of a list): a loop here was a tenth of a fresh hand's count.
    starts = tuple(accumulate(counts, initial=0))
    return HandTables(cards, tuple(triple), tuple(quad), starts, tuple(minima))


_cached_tables = functools.lru_cache(maxsize=32)(_tables_of)
setattr(hand_tables, "__wrapped__", _tables_of)  # noqa: B010 (uncached, for benchmarks)


REJECTIONS = 128
"""Splits :func:`sample_split` draws and rejects before it counts the valid ones instead."""


def sample_split(cards: tuple[Card, ...], rng: Rng, *, rejections: int = REJECTIONS) -> int:
    """The id of a valid split of a sorted hand, uniform over the valid ones, from ``rng``.

    It draws one of the 200,200 splits uniformly and keeps it if it is valid (H7),
    a check of seven triples; a typical hand keeps about one draw in ten, without
    counting anything. After ``rejections`` rejected draws in a row it counts the
    valid splits (:func:`hand_tables`) and indexes one uniformly, which bounds the
    work on hands with very few valid splits.

    Both ways give each valid split the same chance. With ``v`` valid splits among
    ``N``, ``p = v / N`` and ``K = rejections`` (a number fixed before drawing), a
    valid split ``x`` comes from draw ``k < K`` with probability ``(1 - p)**k / N``
    and from the count with ``(1 - p)**K / v``; summed over ``k``, that is
    ``(1 - (1 - p)**K) / v + (1 - p)**K / v = 1 / v``.

    >>> from cardrules import parse_cards
    >>> hand = sorted_hand(parse_cards("AS KD QH JC 9S 8D 7H 6C 5S 4D 3H 2C 2S"))
    >>> split = sample_split(hand, Rng(7))
    >>> split == sample_split(hand, Rng(7)), hand_tables(hand).position_of(split) is not None
    (True, True)
    """
    if not isinstance(rng, Rng):
        raise IllegalActionError(f"a sample is drawn from an Rng, got {_show(rng)}")
    if type(rejections) is not int or rejections < 0:
        raise IllegalActionError(f"rejections must be an int >= 0, got {_show(rejections)}")
    x = _sorted_indices(cards)
    table = _SORTED_STRENGTH or _strength_table()
    nine_splits, six_splits = split_tables()
    left = rejections
    while left:
        # One draw below SPLITS**n is n independent uniform splits (n <= 3 fits 64 bits).
        n = min(3, left)
        left -= n
        value = rng.randbelow(_POWERS[n])
        for _ in range(n):
            value, split = divmod(value, SPLITS)
            if _valid_split(x, split, table, nine_splits, six_splits):
                return split
    tables = hand_tables(cards)
    return tables.id_at(rng.randbelow(tables.count))


_POWERS = (1, SPLITS, SPLITS**2, SPLITS**3)


def _sorted_indices(cards: object) -> list[int]:
    """The card indices of a sorted 13-card hand, or :class:`InvalidCardsError`."""
    if (
        not isinstance(cards, tuple)
        or len(cards) != HAND_SIZE
        or not all(card.__class__ is Card for card in cards)
    ):
        raise InvalidCardsError(f"expected a sorted 13-card hand of Cards, got {_show(cards)}")
    x = [card.index for card in cards]
    if any(a >= b for a, b in pairwise(x)):
        raise InvalidCardsError(f"expected a sorted 13-card hand of Cards, got {_show(cards)}")
    return x


def _valid_split(
    x: list[int], split: int, table: list[int], nine_splits: Splits, six_splits: Splits
) -> bool:
    """Whether split id ``split`` keeps H7, for the card indices ``x`` of a sorted hand."""
    q, rest = divmod(split, 280)
    f, s = divmod(rest, 10)
    i, j, k, m = QUADS[q]
    xi, xj, xk, xm = x[i], x[j], x[k], x[m]
    # The best triple of the 4-card group (positions ascending, so indices too).
    threshold = max(
        table[xi * 2704 + xj * 52 + xk],
        table[xi * 2704 + xj * 52 + xm],
        table[xi * 2704 + xk * 52 + xm],
        table[xj * 2704 + xk * 52 + xm],
    )
    first, six = nine_splits[q][f]
    a, b = six_splits[six][s]
    for t in (first, a, b):
        i, j, k = TRIPLES[t]
        if table[x[i] * 2704 + x[j] * 52 + x[k]] < threshold:
            return False
    return True


def split_arrangement(cards: tuple[Card, ...], split: int) -> Arrangement:
    """The arrangement of split id ``split`` of a sorted hand, without the hand's tables.

    It equals ``hand_tables(cards).arrangement(split)``; a split that breaks H7 raises
    :class:`~cardrules.errors.InvalidArrangementError` naming the groups.
    """
    _check_split(split)
    x = _sorted_indices(cards)
    table = _SORTED_STRENGTH or _strength_table()
    q, rest = divmod(split, 280)
    f, s = divmod(rest, 10)
    nine_splits, six_splits = split_tables()
    first, six = nine_splits[q][f]
    a, b = six_splits[six][s]
    keys = {}
    for t in (first, a, b):
        i, j, k = TRIPLES[t]
        keys[t] = (table[x[i] * 2704 + x[j] * 52 + x[k]] << 18) | (x[k] * 2704 + x[j] * 52 + x[i])
    threshold = max(table[x[i] * 2704 + x[j] * 52 + x[k]] for i, j, k in combinations(QUADS[q], 3))
    if min(keys.values()) >> 18 < threshold:
        return Arrangement(
            [_group(cards, QUADS[q])] + [_group(cards, TRIPLES[t]) for t in (first, a, b)]
        )
    u, v, w = sorted(keys, key=keys.__getitem__, reverse=True)
    return Arrangement._trusted(
        (
            _group(cards, TRIPLES[u]),
            _group(cards, TRIPLES[v]),
            _group(cards, TRIPLES[w]),
            _group(cards, QUADS[q]),
        ),
        (keys[u] >> 18, keys[v] >> 18, keys[w] >> 18, threshold),
    )


def _check_split(split: object) -> None:
    if type(split) is not int or not 0 <= split < SPLITS:
        raise IllegalActionError(f"split id {_show(split)} is not an int in 0..{SPLITS - 1}")


def _group(cards: tuple[Card, ...], positions: Iterable[int]) -> tuple[Card, ...]:
    return tuple(sorted((cards[i] for i in positions), reverse=True))


class ValidArrangements(LegalActions[Arrangement]):
    """The valid arrangements of one 13-card hand: lazy, each partition once.

    ``arrangement in legal`` checks that the arrangement uses exactly this hand
    (an :class:`Arrangement` is valid by construction); ``len`` counts without
    building arrangements; iteration and ``legal[i]`` follow the order of the
    arrangements' ids (:mod:`cardrules.hazari.action_ids`): the 4-card groups in
    order of hand positions, then the splits of the other nine cards. ``legal[i]``
    finds the ``i``-th by descending through per-group counts, without listing the
    others.

    >>> from cardrules import parse_cards
    >>> legal = valid_arrangements(parse_cards("AS KD QH JC 9S 8D 7H 6C 5S 4D 3H 2C 2S"))
    >>> legal[0] == next(iter(legal)), legal[-1] == list(legal)[-1]
    (True, True)
    """

    __slots__ = ("_cards",)

    def __init__(self, hand: Iterable[Card]) -> None:
        self._cards = sorted_hand(hand)

    @property
    def hand(self) -> tuple[Card, ...]:
        """The 13 cards, sorted by index."""
        return self._cards

    @property
    def tables(self) -> HandTables:
        """The hand's counting tables (worked out on first use, shared by equal hands)."""
        return hand_tables(self._cards)

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Arrangement) and action.cards == self._cards

    def __len__(self) -> int:
        return self.tables.count

    def __getitem__(self, index: int) -> Arrangement:
        tables = self.tables
        return tables.arrangement(tables.id_at(check_index(index, tables.count)))

    def sample(self, rng: Rng) -> Arrangement:
        """A valid arrangement drawn uniformly with ``rng``, without counting them all
        (see :func:`sample_split`); the same ``rng`` state gives the same arrangement."""
        cards = self._cards
        return split_arrangement(cards, sample_split(cards, rng))

    def __iter__(self) -> Iterator[Arrangement]:
        tables = self.tables
        triple, quad = tables.triple, tables.quad
        cards = self._cards
        groups = [_group(cards, positions) for positions in TRIPLES]
        keys = triple_order_keys(cards, list(triple))
        trusted = Arrangement._trusted
        nine_splits, six_splits = split_tables()
        for q, threshold in enumerate(quad):
            if tables.starts[q] == tables.starts[q + 1]:
                continue
            four = _group(cards, QUADS[q])
            for first, six in nine_splits[q]:
                if triple[first] < threshold:
                    continue
                for a, b in six_splits[six]:
                    if triple[a] >= threshold <= triple[b]:
                        x, y, z = sorted((first, a, b), key=keys.__getitem__, reverse=True)
                        yield trusted(
                            (groups[x], groups[y], groups[z], four),
                            (triple[x], triple[y], triple[z], threshold),
                        )


def valid_arrangements(hand: Iterable[Card]) -> ValidArrangements:
    """The valid arrangements of a 13-card hand, as a lazy collection.

    >>> from cardrules import parse_cards
    >>> legal = valid_arrangements(parse_cards("AS KD QH JC 9S 8D 7H 6C 5S 4D 3H 2C 2S"))
    >>> len(legal) == sum(1 for _ in legal)
    True
    """
    return ValidArrangements(hand)


def count_valid_arrangements(hand: Iterable[Card]) -> int:
    """How many of the 200,200 splits of a 13-card hand are valid arrangements.

    With numpy installed the count is one vectorised pass over all the splits (about
    5x faster; numpy is imported on the first call); without it, the pure-Python walk
    below. Both give the same answers (the tests check one against the other).
    """
    cards = sorted_hand(hand)
    numpy = _numpy_module()
    if numpy is None:
        return _count_pure(cards)
    return _count_numpy(cards, numpy)


def _count_pure(cards: tuple[Card, ...]) -> int:
    """:func:`count_valid_arrangements` of a sorted hand, in pure Python."""
    triple = triple_strengths(cards)
    counts, _ = _quad_counts(triple, quad_strengths(triple))
    return sum(counts)


_NUMPY: list[Any] = []
"""The numpy module, or None when it is not installed; looked up on first use."""


def _numpy_module() -> Any:
    if not _NUMPY:
        try:
            import numpy
        except ImportError:
            _NUMPY.append(None)
        else:
            _NUMPY.append(numpy)
    return _NUMPY[0]


_NUMPY_TABLES: list[Any] = []


def _count_numpy(cards: tuple[Card, ...], np: Any) -> int:
    """:func:`count_valid_arrangements` of a sorted hand, with numpy.

    The pure walk's split tables as arrays: for each of the 715 4-card groups, its 28
    first triples and their 6-card rests, and for each rest its 10 splits. A split is
    valid when its first triple and both triples of its rest are at least as strong as
    the 4-card group; the 715 * 28 * 10 = 200,200 tests are one comparison of arrays
    (profiled: gathering the weaker triple of each split beat sorting and searching).
    """
    if not _NUMPY_TABLES:
        nine, six = split_tables()
        _NUMPY_TABLES[:] = [
            np.array(TRIPLES, dtype=np.intp),
            np.array(QUAD_TRIPLES, dtype=np.intp),
            np.array([[first for first, _ in row] for row in nine], dtype=np.intp),
            np.array([[rest for _, rest in row] for row in nine], dtype=np.intp),
            np.array(six, dtype=np.intp),
        ]
    triples, quad_triples, firsts, rests, rest_splits = _NUMPY_TABLES
    x = np.array([card.index for card in cards], dtype=np.intp)[triples]
    triple = _flat_table()[(x[:, 0] * 52 + x[:, 1]) * 52 + x[:, 2]]
    quad = triple[quad_triples].max(axis=1)[:, None]  # each 4-card group's strength
    weaker = np.minimum(triple[rest_splits[..., 0]], triple[rest_splits[..., 1]])
    valid = weaker[rests] >= quad[:, :, None]
    valid &= (triple[firsts] >= quad)[:, :, None]
    return int(np.count_nonzero(valid))
