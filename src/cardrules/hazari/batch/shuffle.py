"""Seeded Hazari deals as arrays: the scalar shuffle, vectorised (H9 on the Hazari rules page).

:func:`deal_array` gives the same hands as ``HazariState.new(seed=s, dealer=d).hands``
for a whole array of seeds at once. Each seed ``s`` drives
``Rng(derive_seed(s, 0))`` exactly as :class:`~cardrules.dealing.Dealing` does: a
Fisher–Yates shuffle of the 52-card pack (51 draws, bounds 52 down to 2), then a cut
(one draw below 53), then the deal one card at a time from the dealer's right.

The draws are :func:`cardrules.batch.draws_below`'s: the vectorised SplitMix64 of the
batch engine, every draw of every deal one array operation.

>>> import numpy
>>> from cardrules.hazari import HazariState
>>> hands = deal_array(numpy.array([7, 8], dtype=numpy.uint64), dealer=1)
>>> hands.shape, hands.dtype
((2, 4, 13), dtype('int8'))
>>> [card.index for card in HazariState.new(seed=8, dealer=1).hands[2]] == hands[1, 2].tolist()
True
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cardrules.batch import derive_seeds, draws_below, rejection_limits

__all__: list[str] = []  # internal kernels: the API is cardrules.hazari.batch

U64 = npt.NDArray[np.uint64]

CARDS = 52
SEATS = 4
HAND = 13
SHUFFLE_BOUNDS: tuple[int, ...] = (*range(CARDS, 1, -1), CARDS + 1)
"""The bound of each draw of a seeded deal: the 51 Fisher–Yates swaps, then the cut."""
_LIMITS = rejection_limits(SHUFFLE_BOUNDS)


def _shuffled(states: U64) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.intp]]:
    """The pack shuffled by ``Rng.from_state(x)._dealt`` for each state, before its cut.

    Returns the shuffled decks card-major, ``(52, n)`` (row ``i`` holds position ``i``
    of every deck, so a Fisher–Yates swap moves two rows), and the cuts, ``(n,)``.
    """
    count = len(states)
    draws = draws_below(states, SHUFFLE_BOUNDS, _LIMITS).astype(np.intp).T.copy()
    decks = np.repeat(np.arange(CARDS, dtype=np.int8)[:, None], count, axis=1)
    flat = decks.reshape(-1)
    across = np.arange(count, dtype=np.intp)
    for step, i in enumerate(range(CARDS - 1, 0, -1)):
        at = draws[step] * count + across
        held = flat[at]
        flat[at] = decks[i]
        decks[i] = held
    return decks, draws[-1]


def shuffled_decks(states: U64) -> npt.NDArray[np.int8]:
    """The pack shuffled and cut by ``Rng.from_state(x)._dealt``, one deck per state.

    Returns ``(len(states), 52)`` card indices, top card first.
    """
    decks, cut = _shuffled(states)
    positions = (cut[:, None] + np.arange(CARDS, dtype=np.intp)[None, :]) % CARDS
    result: npt.NDArray[np.int8] = np.take_along_axis(decks.T, positions, axis=1)
    return result


def deal_array(seeds: U64, dealer: int) -> npt.NDArray[np.int8]:
    """The four sorted hands of deal 0 of ``Dealing(seed=s)``, dealt by ``dealer``.

    ``seeds`` is a checked 1-D ``uint64`` array; the result is ``(n, 4, 13)`` card
    indices, ``result[i, seat]`` ascending.
    """
    hands = np.empty((len(seeds), SEATS, HAND), dtype=np.int8)
    for start in range(0, len(seeds), CHUNK):
        stop = min(start + CHUNK, len(seeds))
        hands[start:stop] = _dealt(seeds[start:stop], dealer)
    return hands


CHUNK = 4096
"""Deals shuffled per pass: large enough for numpy, small enough to stay in cache."""


def _dealt(seeds: U64, dealer: int) -> npt.NDArray[np.int8]:
    decks, cut = _shuffled(derive_seeds(seeds, 0))
    # After the cut, deck position k is shuffled position (cut + k) % 52 and goes to
    # seat (dealer + 1 + k) % 4 (H9): seat s holds the shuffled positions that are
    # congruent to s - dealer - 1 + cut modulo 4. So each residue class is sorted once
    # (row i of the (13, 4n) view holds positions 4i..4i+3 of every deck), and each
    # seat then takes its class.
    count = len(seeds)
    classes = decks.reshape(HAND, SEATS * count)
    sort_rows(classes)
    by_deal = np.ascontiguousarray(classes.reshape(HAND, SEATS, count).transpose(2, 1, 0))
    residue = (np.arange(SEATS)[None, :] - dealer - 1 + cut[:, None]) % SEATS
    at = (np.arange(count)[:, None] * SEATS + residue)[:, :, None] * HAND + np.arange(HAND)
    hands: npt.NDArray[np.int8] = by_deal.reshape(-1)[at]
    return hands


def sorting_network(size: int) -> tuple[tuple[int, int], ...]:
    """Comparators (i, j), i < j, that sort ``size`` values: Batcher's odd-even merge
    sort for the next power of two, less the comparators that reach past ``size``
    (those wires would hold +infinity and never swap)."""
    wires = 1 << max(0, size - 1).bit_length()
    pairs = []
    p = 1
    while p < wires:
        k = p
        while k >= 1:
            for j in range(k % p, wires - k, 2 * k):
                for i in range(min(k, wires - j - k)):
                    if (i + j) // (2 * p) == (i + j + k) // (2 * p) and i + j + k < size:
                        pairs.append((i + j, i + j + k))
            k //= 2
        p *= 2
    return tuple(pairs)


_NETWORK = sorting_network(HAND)


def sort_rows(rows: npt.NDArray[np.int8]) -> None:
    """Sort a ``(13, k)`` array along its first axis in place, with :data:`_NETWORK`:
    each comparator is two whole-row operations."""
    low = np.empty_like(rows[0])
    for i, j in _NETWORK:
        np.minimum(rows[i], rows[j], out=low)
        np.maximum(rows[i], rows[j], out=rows[j])
        rows[i] = low
