"""Uniformly random valid arrangements of many hands at once (H7), seeded.

Hand ``i`` of a call with seed ``s`` draws split ids (numbered as in
:mod:`cardrules.hazari.action_ids`) from ``Rng(derive_seed(s, i)).randbelow(200200)``
and takes the first valid one. Each draw is uniform over the 200,200 splits, so the
first valid one is uniform over the valid ones. SplitMix64 is counter based, so the
draws of every hand still waiting are one array operation per round of
:data:`DRAWS` draws; a hand that finds a valid split leaves the next round.

The scalar twin, for one hand::

    rng = Rng(derive_seed(seed, i))
    while (split := rng.randbelow(200200)) breaks H7: pass
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import numpy.typing as npt

from cardrules.batch import GAMMA, derive_seeds, mix, rejection_limits
from cardrules.hazari.action_ids import SPLITS
from cardrules.hazari.batch.tables import C2, C3, COLEX
from cardrules.hazari.partitions import QUADS

__all__: list[str] = []  # internal kernels: the API is cardrules.hazari.batch

Ints = npt.NDArray[np.intp]

DRAWS = 16
"""Draws per hand per round (a hand's split is valid about one draw in ten)."""
_ACCEPT = rejection_limits((SPLITS,))[0]
_TRIPLES: Ints = np.array(sorted(combinations(range(13), 3), key=lambda t: t[::-1]), dtype=np.intp)
_NUMBER_OF_MASK = np.full(1 << 13, -1, dtype=np.intp)
_NUMBER_OF_MASK[(1 << _TRIPLES).sum(axis=1)] = np.arange(len(_TRIPLES))
_QUADS: Ints = np.array(QUADS, dtype=np.intp)
_MASKS: Ints = (1 << _TRIPLES).sum(axis=1)
_QUAD_MASKS: Ints = (1 << _QUADS).sum(axis=1)
_FULL = (1 << 13) - 1


def _split_tables() -> tuple[Ints, Ints]:
    """``first[q, f]`` and ``second[q, f, s]``: the colex numbers of the triples of split
    ``280 q + 10 f + s`` holding the lowest position outside the 4-card group ``q``, and
    the lowest position left after that (the third triple is the rest). Each is that
    lowest position with a pair of the later ones, pairs in lexicographic order, as
    :mod:`cardrules.hazari.action_ids` numbers them."""
    outside = ((_FULL ^ _QUAD_MASKS)[:, None] >> np.arange(13)) & 1
    nine = np.nonzero(outside)[1].reshape(len(QUADS), 9)  # each row ascending
    pairs8 = np.array(list(combinations(range(8), 2)), dtype=np.intp)
    pairs5 = np.array(list(combinations(range(5), 2)), dtype=np.intp)
    one = np.stack(
        [np.repeat(nine[:, :1], 28, axis=1), nine[:, 1 + pairs8[:, 0]], nine[:, 1 + pairs8[:, 1]]],
        axis=2,
    )
    first = _NUMBER_OF_MASK[(1 << one).sum(axis=2)]
    left = (1 << nine).sum(axis=1)[:, None] ^ _MASKS[first]  # (715, 28) six-position masks
    six = np.nonzero((left[:, :, None] >> np.arange(13)) & 1)[2].reshape(len(QUADS), 28, 6)
    two = np.stack(
        [
            np.repeat(six[:, :, None, 0], 10, axis=2),
            six[:, :, 1 + pairs5[:, 0]],
            six[:, :, 1 + pairs5[:, 1]],
        ],
        axis=3,
    )
    second = _NUMBER_OF_MASK[(1 << two).sum(axis=3)]
    return first, second


_FIRST, _SECOND = _split_tables()


def split_positions(ids: Ints) -> tuple[Ints, Ints, Ints, Ints]:
    """The groups of split ids: three triples (colex numbers) and the 4-card group."""
    q = ids // 280
    f = ids // 10 % 28
    a = _FIRST[q, f]
    b = _SECOND[q, f, ids % 10]
    c = _NUMBER_OF_MASK[_FULL ^ _QUAD_MASKS[q] ^ _MASKS[a] ^ _MASKS[b]]
    return a, b, c, q


def _strength(hands: Ints, triples: Ints) -> Ints:
    """The strength of one triple (colex number) of each hand."""
    rows = np.arange(len(hands))
    low, middle, high = (hands[rows, _TRIPLES[triples, i]] for i in range(3))
    result: Ints = COLEX[C3[high] + C2[middle] + low].astype(np.intp)
    return result


def _quad_strength(hands: Ints, quads: Ints) -> Ints:
    positions = _QUADS[quads]
    subsets = [_NUMBER_OF_MASK[_QUAD_MASKS[quads] ^ (1 << positions[:, i])] for i in range(4)]
    result: Ints = np.maximum.reduce([_strength(hands, t) for t in subsets])
    return result


def random_positions(hands: Ints, seed: int, offset: int) -> Ints:
    """A uniformly random valid split of each of ``m`` sorted hands, ``(m, 13)`` positions
    in play order (each group highest position first); hand ``i`` is hand ``offset + i``
    of the call, drawing from ``Rng(derive_seed(seed, offset + i))``."""
    m = len(hands)
    states = derive_seeds(
        np.full(m, seed, dtype=np.uint64), np.arange(offset, offset + m, dtype=np.uint64)
    )
    drawn = np.zeros(m, dtype=np.uint64)
    steps = np.arange(1, DRAWS + 1, dtype=np.uint64)
    chosen = np.empty(m, dtype=np.intp)
    waiting = np.arange(m)
    while waiting.size:
        z = mix(states[waiting, None] + (drawn[waiting, None] + steps) * np.uint64(GAMMA))
        ids = (z % np.uint64(SPLITS)).astype(np.intp)
        rows = np.repeat(waiting, DRAWS)
        valid = (z <= _ACCEPT) & _valid(hands[rows], ids.reshape(-1)).reshape(ids.shape)
        found = valid.any(axis=1)
        chosen[waiting[found]] = ids[found, np.argmax(valid[found], axis=1)]
        drawn[waiting] += np.uint64(DRAWS)
        waiting = waiting[~found]
    return _in_play_order(hands, chosen)


def _valid(hands: Ints, ids: Ints) -> npt.NDArray[np.bool_]:
    """H7 for split ``ids[i]`` of hand ``hands[i]``."""
    a, b, c, q = split_positions(ids)
    weakest = np.minimum(np.minimum(_strength(hands, a), _strength(hands, b)), _strength(hands, c))
    result: npt.NDArray[np.bool_] = _quad_strength(hands, q) <= weakest
    return result


def _in_play_order(hands: Ints, ids: Ints) -> Ints:
    """Positions of the splits in play order: triples by strength, then colex number."""
    a, b, c, q = split_positions(ids)
    triples = np.stack([a, b, c], axis=1)
    strength = np.stack([_strength(hands, t) for t in (a, b, c)], axis=1)
    order = np.argsort(-(strength * 512 + triples), axis=1)
    triples = np.take_along_axis(triples, order, axis=1)
    result = np.empty((len(hands), 13), dtype=np.intp)
    for g in range(3):
        result[:, 3 * g : 3 * g + 3] = _TRIPLES[triples[:, g]][:, ::-1]
    result[:, 9:] = _QUADS[q][:, ::-1]
    return result
