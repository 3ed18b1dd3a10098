"""Action ids: every 3/3/3/4 split of a 13-card hand numbered 0 .. 200,199.

A player submits a partition, not an order (H7): the library plays the 3-card
groups strongest first itself. So an arrangement is a 4-card group plus an
*unordered* set of three 3-card groups, and a hand has
C(13,4) * C(9,3) * C(6,3) / 3! = 715 * 28 * 10 = 200,200 of them.

Ids are computed on the *positions* 0..12 of the hand sorted by card index
(2C = 0 ... AS = 51, so 2C sorts first), and do not depend on the strength of
any group::

    id = 280 * q + 10 * f + s

- ``q`` (0..714): the rank of the 4-card group's positions among the 4-position
  sets in lexicographic order ({0,1,2,3} is 0, {9,10,11,12} is 714);
- ``f`` (0..27): of the 9 positions left, the 3-card group holding the lowest one;
  ``f`` ranks its other two positions among the pairs of the 8 positions after
  that lowest one, in lexicographic order of their places in that list;
- ``s`` (0..9): of the 6 positions left, the same for the group holding the
  lowest one, among the pairs of the 5 positions after it. The last three
  positions make the third group.

Sorting ids therefore sorts the splits by 4-card group first, then by the group
holding the lowest other card, then by the next: the order in which the legal
actions of a deal are listed.

>>> split_id(0b1111, (0b111 << 4, 0b111 << 7, 0b111 << 10))
0
>>> split_of_id(0) == (0b1111, (0b111 << 4, 0b111 << 7, 0b111 << 10))
True
>>> split_id(0b1111 << 9, (0b111 << 2, 0b11 << 5 | 0b10, 0b11 << 7 | 0b1))
200199
>>> all(split_id(*split_of_id(i)) == i for i in range(0, SPLITS, 997))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from cardrules.cards import _show
from cardrules.errors import IllegalActionError

__all__ = ["HAND_SIZE", "SPLITS", "split_id", "split_of_id"]

HAND_SIZE = 13
SPLITS = 200_200
"""The number of ways to split 13 cards into a 4-card group and three unordered 3-card groups."""
_FULL = (1 << HAND_SIZE) - 1

_QUAD_MASKS: tuple[int, ...] = tuple(
    sum(1 << i for i in quad) for quad in combinations(range(HAND_SIZE), 4)
)
_QUAD_RANK: dict[int, int] = {mask: rank for rank, mask in enumerate(_QUAD_MASKS)}
_PAIRS8: tuple[tuple[int, int], ...] = tuple(combinations(range(8), 2))
_PAIRS5: tuple[tuple[int, int], ...] = tuple(combinations(range(5), 2))


def _pair_rank(j: int, k: int, n: int) -> int:
    """The lexicographic rank of the pair ``j < k`` among the pairs of ``range(n)``."""
    return j * (2 * n - j - 1) // 2 + (k - j - 1)


def _positions(mask: int) -> list[int]:
    return [i for i in range(HAND_SIZE) if mask >> i & 1]


def _bad(four: int, threes: Sequence[int]) -> IllegalActionError:
    shown = ", ".join(
        f"{mask:#015b}" if type(mask) is int and 0 <= mask < 1 << 13 else _show(mask)
        for mask in (four, *threes)
    )
    return IllegalActionError(
        f"position masks {shown} are not a 4-card group and three 3-card groups of 13 cards"
    )


def split_id(four: int, threes: Sequence[int]) -> int:
    """The id of a split given as 13-bit position masks: the 4-card group and the three others.

    The 3-card groups may come in any order. A bad split raises IllegalActionError.

    >>> split_id(0b1111, (0b111 << 10, 0b111 << 7, 0b111 << 4))
    0
    >>> split_id(0b1111, (0b111, 0b111 << 7, 0b111 << 10))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalActionError: position masks ... are not a 4-card group and three ...
    """
    if type(four) is not int or not isinstance(threes, Sequence) or isinstance(threes, str):
        raise IllegalActionError(
            f"a split is an int mask and three int masks, got {_show(four)} and {_show(threes)}"
        )
    if (
        len(threes) != 3
        or any(type(mask) is not int for mask in threes)
        or four.bit_count() != 4
        or any(mask.bit_count() != 3 for mask in threes)
        or four | threes[0] | threes[1] | threes[2] != _FULL
        or four & (threes[0] | threes[1] | threes[2])
        or threes[0] & threes[1]
        or threes[0] & threes[2]
        or threes[1] & threes[2]
    ):
        raise _bad(four, threes)
    rest = _positions(_FULL ^ four)
    first = next(mask for mask in threes if mask >> rest[0] & 1)
    j, k = (rest.index(p) - 1 for p in _positions(first) if p != rest[0])
    rest = [p for p in rest if not first >> p & 1]
    second = next(mask for mask in threes if mask >> rest[0] & 1)
    m, n = (rest.index(p) - 1 for p in _positions(second) if p != rest[0])
    return 280 * _QUAD_RANK[four] + 10 * _pair_rank(j, k, 8) + _pair_rank(m, n, 5)


def split_of_id(action_id: int) -> tuple[int, tuple[int, int, int]]:
    """The split with id ``action_id`` as position masks: ``(four, (first, second, third))``.

    ``first`` holds the lowest position outside ``four``, ``second`` the lowest one
    left after that. An id outside ``range(200200)`` raises IllegalActionError.

    >>> four, threes = split_of_id(12345)
    >>> [f"{mask:013b}" for mask in (four, *threes)]  # position 12 is the leftmost bit
    ['1000010000011', '0000001001100', '0010100010000', '0101000100000']
    """
    if type(action_id) is not int or not 0 <= action_id < SPLITS:
        raise IllegalActionError(
            f"action id {_show(action_id)} is out of range; Hazari ids are 0 to {SPLITS - 1}"
        )
    q, rest_id = divmod(action_id, 280)
    f, s = divmod(rest_id, 10)
    four = _QUAD_MASKS[q]
    rest = _positions(_FULL ^ four)
    j, k = _PAIRS8[f]
    first = 1 << rest[0] | 1 << rest[j + 1] | 1 << rest[k + 1]
    rest = [p for p in rest if not first >> p & 1]
    m, n = _PAIRS5[s]
    second = 1 << rest[0] | 1 << rest[m + 1] | 1 << rest[n + 1]
    third = _FULL ^ four ^ first ^ second
    return four, (first, second, third)
