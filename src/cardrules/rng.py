"""Seeded, portable randomness.

:class:`Rng` is a SplitMix64 generator written out in integer arithmetic, so the same
seed gives the same numbers on every platform and Python version. The library never
touches the global :mod:`random` state.

>>> rng = Rng(7)
>>> [rng.randbelow(10) for _ in range(5)]
[7, 4, 6, 3, 4]
>>> Rng(7).shuffled("abcdef")
['b', 'f', 'a', 'c', 'e', 'd']
>>> derive_seed(7, 0) != derive_seed(7, 1)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from cardrules.cards import _show
from cardrules.errors import CardRulesError, InvalidSeedError

__all__ = ["Rng", "check_seed", "derive_seed"]

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _limit(n: int) -> int:
    """The rejection bound that makes ``value % n`` uniform over 64-bit values."""
    return (1 << 64) - ((1 << 64) % n)


_LIMIT_CACHE = 64
_LIMITS = (0, *(_limit(n) for n in range(1, _LIMIT_CACHE)))


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is an int in ``0 .. 2**64-1``; else raise :class:`InvalidSeedError`.

    >>> check_seed(-1)
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidSeedError: seed -1 is not an integer in 0..2**64-1
    """
    if type(seed) is not int or not 0 <= seed <= _MASK:
        raise InvalidSeedError(f"seed {_show(seed)} is not an integer in 0..2**64-1")
    return seed


def derive_seed(seed: int, *keys: int) -> int:
    """A new seed derived from ``seed`` and a path of non-negative integer ``keys``.

    Used for per-deal and per-game seeds: ``derive_seed(master, game_number)``.
    """
    value = check_seed(seed)
    for key in keys:
        value = _mix(((value ^ _mix((check_seed(key) + _GAMMA) & _MASK)) + _GAMMA) & _MASK)
    return value


class Rng:
    """A small seeded generator (SplitMix64). Not cryptographic; not thread-safe.

    An ``Rng`` is the one mutable object in the library: each draw advances it.
    Give each consumer (a bot, a shuffle) its own, seeded with :func:`derive_seed`.
    """

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = check_seed(seed)

    def __repr__(self) -> str:
        return f"Rng.from_state({self._state})"

    @classmethod
    def from_state(cls, state: int) -> Rng:
        """A generator resuming at a given internal state (see ``repr``)."""
        return cls(state)

    def next_u64(self) -> int:
        """The next 64-bit unsigned integer."""
        self._state = (self._state + _GAMMA) & _MASK
        return _mix(self._state)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1`` (unbiased, by rejection); ``n`` is in ``1..2**64``.

        >>> Rng(1).randbelow(0)
        Traceback (most recent call last):
        ...
        cardrules.errors.CardRulesError: randbelow needs a positive int up to 2**64, got 0
        """
        if type(n) is not int or not 0 < n <= _MASK + 1:
            raise CardRulesError(f"randbelow needs a positive int up to 2**64, got {_show(n)}")
        limit = _LIMITS[n] if n < _LIMIT_CACHE else _limit(n)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % n

    def random(self) -> float:
        """A uniform float in ``[0, 1)`` with 53 random bits."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        """A uniformly chosen element of a non-empty sequence.

        >>> Rng(1).choice([])
        Traceback (most recent call last):
        ...
        cardrules.errors.CardRulesError: choice from an empty sequence
        """
        if not isinstance(items, Sequence):
            raise CardRulesError(f"choice needs a sequence, got {_show(items)}")
        if not items:
            raise CardRulesError("choice from an empty sequence")
        return items[self.randbelow(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A new list with the items in a uniformly random order (Fisher–Yates).

        Position ``i`` (from the last down to 1) swaps with ``randbelow(i + 1)``;
        the draws are inlined here because dealing is on every game's hot path.
        """
        if not isinstance(items, Iterable):
            raise CardRulesError(f"shuffled needs a sequence, got {_show(items)}")
        result = list(items)
        state = self._state
        for i in range(len(result) - 1, 0, -1):
            bound = i + 1
            limit = _LIMITS[bound] if bound < _LIMIT_CACHE else _limit(bound)
            while True:
                state = (state + _GAMMA) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % bound
            result[i], result[j] = result[j], result[i]
        self._state = state
        return result

    def spawn(self) -> Rng:
        """An independent child generator; advances this one by one draw."""
        return Rng(self.next_u64())
