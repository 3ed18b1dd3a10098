"""The legal 3-card groups of many hands at once, under ``actions="groups"`` (H6, H7).

The batch twin of :func:`cardrules.hazari.groups.legal_group_ids`: a group (a triple
of positions of the sorted hand, numbered as :mod:`cardrules.hazari.groups` numbers
them) is legal when it avoids the groups already chosen and some valid split (the
4-card group's value no higher than each 3-card group) holds it and them.

- Third group: the 35 triples of the seven cards left, each checked with the four
  cards it leaves.
- Second group: for each of the 120 triples of the ten cards left, the 35 ways to
  split the seven cards it leaves into a triple and a 4-card group.
- First group: the 4-card groups are walked weakest first. For a triple ``t``, the
  first 4-card group ``q`` avoiding it decides: if ``t`` is weaker than ``q``, no
  valid split holds ``t`` (every later ``q`` is no weaker); if the six cards left
  split into two triples as strong as ``q``, ``t`` is legal; else the walk goes on to
  the next ``q`` avoiding ``t``. "The next avoiding ``t``" is a bit search: for each
  position, a bit set over the sorted 4-card groups of those that avoid it.

Everything is array operations over the hands; the walk's rounds shrink to the few
(hand, triple) pairs still undecided. The functions here are kernels of
:class:`cardrules.batch.BatchGame`, which checks their arguments; they are not exported.

>>> import numpy as np
>>> from cardrules import parse_cards
>>> from cardrules.hazari.groups import legal_group_ids
>>> from cardrules.hazari.partitions import sorted_hand
>>> hand = sorted_hand(parse_cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2C"))
>>> cards = np.array([[card.index for card in hand]])
>>> np.flatnonzero(legal_groups(cards, np.array([[285, 266]]))[0]).tolist() == (
...     legal_group_ids(hand, (285, 266)))
True
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import numpy as np
import numpy.typing as npt

from cardrules.hazari.batch.tables import C2, C3, COLEX
from cardrules.hazari.partitions import QUAD_MASKS, QUAD_TRIPLES, TRIPLE_MASKS, TRIPLES

__all__: list[str] = []  # kernels of BatchGame, which checks their arguments

Ints = npt.NDArray[np.intp]
I16 = npt.NDArray[np.int16]
Flags = npt.NDArray[np.bool_]
Words = npt.NDArray[np.uint64]

CHUNK = 1024
"""Hands per pass: the work arrays stay a few megabytes, whatever the batch size."""
HAND = 13
GROUPS = len(TRIPLES)  # 286
QUADS = len(QUAD_MASKS)  # 715
_FULL = (1 << HAND) - 1
_TRIPLE: Ints = np.array(TRIPLES, dtype=np.intp)
_TMASK: Ints = np.array(TRIPLE_MASKS, dtype=np.intp)
_QMASK: Ints = np.array(QUAD_MASKS, dtype=np.intp)
_QUAD_TRIPLES: Ints = np.array(QUAD_TRIPLES, dtype=np.intp)
_TNUM: Ints = np.full(1 << HAND, -1, dtype=np.intp)
_TNUM[_TMASK] = np.arange(GROUPS)
_QNUM: Ints = np.full(1 << HAND, -1, dtype=np.intp)
_QNUM[_QMASK] = np.arange(QUADS)


def _positions(mask: int) -> list[int]:
    return [i for i in range(HAND) if mask >> i & 1]


def _subsets(size: int) -> tuple[Ints, Ints]:
    """The masks of the ``size``-position sets, and each one's number by mask."""
    masks = np.array([sum(1 << i for i in s) for s in combinations(range(HAND), size)])
    number = np.full(1 << HAND, -1, dtype=np.intp)
    number[masks] = np.arange(len(masks))
    return masks, number


_SIX_MASKS, _SIX_NUMBER = _subsets(6)
_SEVEN_MASKS, _SEVEN_NUMBER = _subsets(7)


def _six_splits() -> tuple[list[Ints], list[Ints]]:
    """For each 6-position set, its 10 splits into two triples: split ``j`` of every set
    as two arrays (the triple holding the lowest position, and the other)."""
    firsts, seconds = [], []
    for mask in _SIX_MASKS.tolist():
        low, *others = _positions(mask)
        row = [1 << low | 1 << j | 1 << k for j, k in combinations(others, 2)]
        firsts.append([_TNUM[m] for m in row])
        seconds.append([_TNUM[mask ^ m] for m in row])
    first, second = np.array(firsts, dtype=np.intp), np.array(seconds, dtype=np.intp)
    return [first[:, j].copy() for j in range(10)], [second[:, j].copy() for j in range(10)]


_SPLIT_A, _SPLIT_B = _six_splits()


def _seven_tables() -> tuple[Ints, Ints]:
    """For each 7-position set, its 35 triples and the 4-card group each leaves."""
    triples = np.empty((len(_SEVEN_MASKS), 35), dtype=np.intp)
    quads = np.empty((len(_SEVEN_MASKS), 35), dtype=np.intp)
    for n, mask in enumerate(_SEVEN_MASKS.tolist()):
        for j, t in enumerate(combinations(_positions(mask), 3)):
            tm = sum(1 << i for i in t)
            triples[n, j] = _TNUM[tm]
            quads[n, j] = _QNUM[mask ^ tm]
    return triples, quads


_SEVEN_TRIPLES, _SEVEN_QUADS = _seven_tables()
_SEVEN_TRIPLE_COLUMNS = [_SEVEN_TRIPLES[:, j].copy() for j in range(35)]
_SEVEN_QUAD_COLUMNS = [_SEVEN_QUADS[:, j].copy() for j in range(35)]
_DISJOINT: Ints = np.array(
    [np.flatnonzero((_TMASK & mask) == 0) for mask in _TMASK.tolist()], dtype=np.intp
)
"""For each triple, the 120 triples sharing no position with it, ascending."""
_AFTER_TWO: Ints = _SEVEN_NUMBER[_FULL ^ _TMASK[:, None] ^ _TMASK[_DISJOINT]]
"""For each triple and each of its 120 disjoint triples, the 7-position set they leave."""


def triple_strengths(hands: npt.NDArray[Any]) -> I16:
    """(m, 286): the strength of each triple of positions of ``m`` sorted hands."""
    h = hands.astype(np.intp)
    low, middle, high = (h[:, _TRIPLE[:, i]] for i in range(3))
    strength: I16 = COLEX[C3[high] + C2[middle] + low]
    return strength


def _quad_values(strength: I16) -> I16:
    """(m, 715): each 4-card group's value (H6), the best of its four triples."""
    values: I16 = strength[:, _QUAD_TRIPLES].max(axis=2)
    return values


def legal_groups(hands: npt.NDArray[Any], chosen: npt.NDArray[Any]) -> Flags:
    """(m, 286): the legal groups of ``m`` sorted hands (card indices), given the groups
    chosen so far, ``(m, 2)`` ids with -1 for none (the chosen come first)."""
    count = len(hands)
    mask = np.zeros((count, GROUPS), dtype=bool)
    made = (chosen >= 0).sum(axis=1)
    for number, kernel in ((0, _first), (1, _second), (2, _third)):
        at = np.flatnonzero(made == number)
        for start in range(0, len(at), CHUNK):
            rows = at[start : start + CHUNK]
            strength = triple_strengths(hands[rows])
            mask[rows] = kernel(strength, chosen[rows].astype(np.intp))
    return mask


def _third(strength: I16, chosen: Ints) -> Flags:
    """The third group: the four cards it leaves are no higher than each 3-card group."""
    count = len(strength)
    rows = np.arange(count)[:, None]
    seven = _SEVEN_NUMBER[_FULL ^ _TMASK[chosen[:, 0]] ^ _TMASK[chosen[:, 1]]]
    triples, quads = _SEVEN_TRIPLES[seven], _SEVEN_QUADS[seven]
    limit = np.minimum(strength[rows[:, 0], chosen[:, 0]], strength[rows[:, 0], chosen[:, 1]])
    value = strength[rows[:, :, None], _QUAD_TRIPLES[quads]].max(axis=2)
    ok = (value <= limit[:, None]) & (value <= strength[rows, triples])
    mask = np.zeros((count, GROUPS), dtype=bool)
    mask[rows, triples] = ok
    return mask


def _second(strength: I16, chosen: Ints) -> Flags:
    """The second group: some triple and 4-card group of the seven cards it leaves keep H7."""
    count = len(strength)
    rows = np.arange(count)
    first = chosen[:, 0]
    seconds = _DISJOINT[first]  # (m, 120)
    seven = _AFTER_TWO[first]  # (m, 120)
    limit = np.minimum(strength[rows, first][:, None], strength[rows[:, None], seconds])
    flat_values = _quad_values(strength).reshape(-1)
    flat_strength = strength.reshape(-1)
    ok = np.zeros(seconds.size, dtype=bool)
    left = np.arange(seconds.size)  # the (hand, second group) pairs not yet known legal
    hand = left // seconds.shape[1]
    sets, need = seven.reshape(-1), limit.reshape(-1)
    for j in reversed(range(35)):  # the 4-card groups of the lowest cards first
        value = flat_values[hand * QUADS + _SEVEN_QUAD_COLUMNS[j][sets]]
        third = flat_strength[hand * GROUPS + _SEVEN_TRIPLE_COLUMNS[j][sets]]
        hit = (value <= need) & (value <= third)
        ok[left[hit]] = True
        miss = ~hit
        left, hand, sets, need = left[miss], hand[miss], sets[miss], need[miss]
    mask = np.zeros((count, GROUPS), dtype=bool)
    mask[rows[:, None], seconds] = ok.reshape(seconds.shape)
    return mask


# --- the first group: a walk over the 4-card groups, weakest first ----------------

_QMASK16 = _QMASK.astype(np.uint16)
_POSITION_BITS = (1 << np.arange(HAND)).astype(np.uint16)
WINDOW = 128
"""The weakest 4-card groups of each hand the walk looks at first; a (hand, triple)
pair still undecided after them is walked again over all 715, sorted."""


def _avoiding(order: Ints) -> npt.NDArray[np.uint64]:
    """(m, 13, words): per position, the bit set over the sorted 4-card groups ``order``
    (bit ``k``: the ``k``-th weakest) of those that avoid that position."""
    count, size = order.shape
    words = -(-size // 64)
    masks = np.zeros((count, words * 64), dtype=np.uint16)
    masks[:, :size] = _QMASK16[order]
    avoid = (masks[:, None, :] & _POSITION_BITS[None, :, None]) == 0
    avoid[:, :, size:] = False
    packed: npt.NDArray[np.uint64] = (
        np.packbits(avoid, axis=2, bitorder="little").view("<u8").astype(np.uint64)
    )
    return packed


_DE_BRUIJN = np.uint64(0x03F79D71B4CB0A89)
_BIT_OF = np.zeros(64, dtype=np.intp)
_BIT_OF[[((1 << i) * 0x03F79D71B4CB0A89 & (2**64 - 1)) >> 58 for i in range(64)]] = np.arange(64)
"""The bit number of a power of two ``x`` by ``(x * _DE_BRUIJN) >> 58`` (wrapping)."""


def _lowest_set(words: Words) -> Ints:
    """The number of the lowest set bit of each row of words, -1 where none is set."""
    lowest: Ints = np.full(len(words), -1, dtype=np.intp)
    for number in reversed(range(words.shape[1])):
        value = words[:, number]
        bit = _BIT_OF[((value & (~value + np.uint64(1))) * _DE_BRUIJN) >> np.uint64(58)]
        lowest = np.where(value != 0, number * 64 + bit, lowest)
    return lowest


def _splits_reach(flat_strength: I16, base: Ints, six: Ints, value: I16) -> Flags:
    """Whether each 6-position set ``six`` (of the hand at ``base``) splits into two
    triples no weaker than ``value``; the splits are tried one at a time."""
    ok = np.zeros(len(base), dtype=bool)
    left = np.arange(len(base))
    for j in range(10):
        at, sets, need = base[left], six[left], value[left]
        hit = (flat_strength[at + _SPLIT_A[j][sets]] >= need) & (
            flat_strength[at + _SPLIT_B[j][sets]] >= need
        )
        ok[left[hit]] = True
        left = left[~hit]
        if not left.size:
            break
    return ok


def _walk(
    strength: I16, values: I16, order: Ints, rows: Ints, triples: Ints, every: bool
) -> tuple[Flags, Flags]:
    """Walk (hand ``rows[i]``, triple ``triples[i]``) pairs over the 4-card groups
    ``order`` of each hand (sorted weakest first, with their ``values``); ``every``: the
    pairs are every hand for each triple in turn (pair ``t * m + h``: triple ``t``, hand
    ``h``).

    Returns which pairs are legal, and which ran past the end of ``order`` undecided.
    """
    size = order.shape[1]
    words = _avoiding(order)
    if every:  # triple-major: gathers of whole (hands, words) blocks
        by_position = np.ascontiguousarray(words.transpose(1, 0, 2))
        found = by_position[_TRIPLE[:, 0]] & by_position[_TRIPLE[:, 1]]
        found &= by_position[_TRIPLE[:, 2]]
        found = found.reshape(len(rows), -1)
    else:
        found = words[rows, _TRIPLE[triples, 0]]
        found &= words[rows, _TRIPLE[triples, 1]]
        found &= words[rows, _TRIPLE[triples, 2]]
    flat_order, flat_values = order.reshape(-1), values.reshape(-1)
    flat_strength = strength.reshape(-1)
    legal = np.zeros(len(rows), dtype=bool)
    past = np.zeros(len(rows), dtype=bool)
    pairs = np.arange(len(rows))
    column = np.arange(words.shape[2])[None, :]
    while pairs.size:
        k = _lowest_set(found)
        at = rows[pairs] * size + np.maximum(k, 0)
        value = flat_values[at]
        alive = (k >= 0) & (flat_strength[rows[pairs] * GROUPS + triples[pairs]] >= value)
        past[pairs[k < 0]] = True
        hold = np.flatnonzero(alive)
        quads = flat_order[at[hold]]
        six = _SIX_NUMBER[_FULL ^ _QMASK[quads] ^ _TMASK[triples[pairs[hold]]]]
        ok = np.zeros(len(pairs), dtype=bool)
        ok[hold] = _splits_reach(flat_strength, rows[pairs[hold]] * GROUPS, six, value[hold])
        legal[pairs[ok]] = True
        keep = np.flatnonzero(alive & ~ok)
        pairs, k, found = pairs[keep], k[keep], found[keep]
        if pairs.size:  # clear the bits up to k: the walk goes on after it
            word = (k // 64)[:, None]
            below = (np.uint64(2) << (k % 64).astype(np.uint64)) - np.uint64(1)
            found = np.where(column == word, found & ~below[:, None], found)
            found[column < word] = 0
    return legal, past


def _first(strength: I16, chosen: Ints) -> Flags:
    """The first group: some valid split holds it (the walk of the module docs)."""
    count = len(strength)
    values = _quad_values(strength)
    rows = np.tile(np.arange(count), GROUPS)
    triples = np.repeat(np.arange(GROUPS), count)
    order = np.argsort(values, axis=1, kind="stable")
    ordered = np.take_along_axis(values, order, axis=1)
    window = (ordered[:, :WINDOW], order[:, :WINDOW])
    legal, past = _walk(strength, *window, rows, triples, every=True)
    again = np.flatnonzero(past)
    if again.size:  # walk these pairs again over all the 4-card groups of their hands
        hands, local = np.unique(rows[again], return_inverse=True)
        legal[again], _ = _walk(
            strength[hands], ordered[hands], order[hands], local, triples[again], every=False
        )
    mask: Flags = legal.reshape(GROUPS, count).T
    return mask
