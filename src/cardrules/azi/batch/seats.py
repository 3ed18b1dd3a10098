"""Sets of seats as small bit sets, and the look-up tables the Azi kernels read them with.

A set of seats (those dealt in, those staying, those who passed ...) is one integer
per game, bit ``s`` for seat ``s``: with at most six seats there are 64 sets, so every
question the rules ask of a set ("the next seat of the set after this one, in dealing
order") is a table of a few hundred entries, and one ``take`` answers it for every
game at once. By profile, the per-seat boolean columns these replace cost a reduction
along the seats for each question (over a (4,096, 4) array: 69 µs; a table ``take``:
4 µs), and those reductions were a quarter of a step.

>>> t = seat_tables(4)
>>> staying = 0b1011                       # seats 0, 1 and 3
>>> int(t.pop[staying]), int(t.after[staying * 8 + 1]), int(t.before[staying * 8 + 0])
(3, 3, 3)
>>> int(t.next[(staying * 8 + 1) * 8 + 1])  # after seat 1, the dealer: nobody before the end
-1
>>> int(t.first[staying * 8 + 1])           # first from the left of dealer 1: seat 3
3
"""

from __future__ import annotations

import functools
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

__all__: list[str] = []  # tables of the kernels, not exported

Array = npt.NDArray[Any]

SETS = 64
"""Bit sets of up to six seats."""
STRIDE = 8
"""Seats and dealers take three bits of a table index: ``set * 8 + seat``."""


class SeatTables(NamedTuple):
    """The tables of one number of seats ``n``; every table of sets has ``SETS`` rows."""

    bit: Array
    """``bit[s]``: ``1 << s``; ``bit[-1]`` is 0, so "no seat" adds no bit."""
    pop: Array
    """``pop[S]``: the number of seats in ``S``."""
    low: Array
    """``low[S]``: the lowest seat of ``S`` (its only one, where it is asked), 0 if empty."""
    after: Array
    """``after[S * 8 + s]``: the nearest seat of ``S`` after ``s`` clockwise, ``s`` itself
    if it is alone in ``S`` (0 for an empty set)."""
    before: Array
    """``before[S * 8 + s]``: the nearest seat of ``S`` before ``s`` clockwise."""
    next: Array
    """``next[(S * 8 + s) * 8 + d]``: the first seat of ``S`` after ``s`` in the dealing
    order of dealer ``d`` (from the dealer's left round to the dealer), or -1 if none."""
    first: Array
    """``first[S * 8 + d]``: the first seat of ``S`` in the dealing order of ``d``, or -1."""
    places: Array
    """``places[S * 8 + d]``: (n,) each seat's place among the seats of ``S`` in the
    dealing order of ``d`` (0 for the first dealt); 0 for seats outside ``S``."""
    member: Array
    """``member[S]``: (n,) 1 for the seats of ``S``, 0 for the others."""
    flags: Array
    """``flags[S]``: (n,) float32, 1.0 for the seats of ``S``: a tensor block."""
    all: int
    """The set of every seat."""


def _place(seat: int, dealer: int, n: int) -> int:
    """A seat's place from the dealer's left (0) round to the dealer (``n - 1``)."""
    return (seat - dealer - 1) % n


def _nearest(members: list[int], distance: list[int]) -> int:
    """The member with the smallest distance (0 if there is none, as ``argmin`` gives)."""
    return min(members, key=lambda seat: distance[seat]) if members else 0


@functools.cache
def seat_tables(n: int) -> SeatTables:
    """The tables for ``n`` seats (1 to 6), built once."""
    bit = np.zeros(STRIDE + 1, dtype=np.int64)
    bit[:STRIDE] = 1 << np.arange(STRIDE)
    pop = np.zeros(SETS, dtype=np.int64)
    low = np.zeros(SETS, dtype=np.int64)
    after = np.zeros(SETS * STRIDE, dtype=np.int64)
    before = np.zeros(SETS * STRIDE, dtype=np.int64)
    nxt = np.full(SETS * STRIDE * STRIDE, -1, dtype=np.int64)
    first = np.full(SETS * STRIDE, -1, dtype=np.int64)
    places = np.zeros((SETS * STRIDE, n), dtype=np.int64)
    member = np.zeros((SETS, n), dtype=np.int64)
    for chosen in range(1 << n):
        members = [seat for seat in range(n) if chosen >> seat & 1]
        pop[chosen] = len(members)
        low[chosen] = members[0] if members else 0
        member[chosen, members] = 1
        for seat in range(n):
            at = chosen * STRIDE + seat
            after[at] = _nearest(members, [(other - seat - 1) % n for other in range(n)])
            before[at] = _nearest(members, [(seat - other - 1) % n for other in range(n)])
        for dealer in range(n):
            dealt = sorted(members, key=lambda seat: _place(seat, dealer, n))
            first[chosen * STRIDE + dealer] = dealt[0] if dealt else -1
            for place, seat in enumerate(dealt):
                places[chosen * STRIDE + dealer, seat] = place
            for seat in range(n):
                later = [m for m in dealt if _place(m, dealer, n) > _place(seat, dealer, n)]
                nxt[(chosen * STRIDE + seat) * STRIDE + dealer] = later[0] if later else -1
    flags = member.astype(np.float32)
    return SeatTables(bit, pop, low, after, before, nxt, first, places, member, flags, (1 << n) - 1)
