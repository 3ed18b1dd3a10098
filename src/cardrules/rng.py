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

from collections.abc import Callable, Iterable, Iterator, Sequence
from operator import mod
from typing import TypeVar, overload

from cardrules.cards import _show
from cardrules.errors import CardRulesError, InvalidSeedError, SeedIndexError

__all__ = ["GameSeeds", "Rng", "check_seed", "derive_seed", "game_seeds"]

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


_LANE = 128
"""Bits per lane of a :class:`_Draws` packed integer: a 64-bit value times a 64-bit
constant fits in a lane, so no product carries into the next lane."""


class _Draws:
    """SplitMix64 draws for a fixed list of bounds, computed many at a time.

    Shuffling a deal is the largest single cost of a new Azi game (a quarter of it,
    by profile: ~0.5 µs of big-int arithmetic per card). The ``k`` draws of a shuffle
    come from the consecutive states ``state + t * GAMMA`` (t = 1..k), so they are
    packed into one Python int, draw ``t`` in bits ``128 t .. 128 t + 63``, and mixed
    by the same operations applied once to the whole int: a lane's product stays
    below ``2**128`` and its masks and shifts never mix lanes' low 64 bits (bits that
    a right shift brings down from the next lane are masked off, or lie above bit 63
    and are never read). The draws are exactly those of :meth:`Rng.next_u64`, so the
    results are bit-identical to drawing one at a time, in about half the time.

    :meth:`indices` gives ``None`` when some draw would be rejected by
    :meth:`Rng.randbelow` (a chance below ``bound / 2**64`` each), and the caller then
    takes the one-at-a-time path, which redraws exactly as before.
    """

    __slots__ = ("_carries", "_count", "_low", "_ones", "_rejects", "_size", "_steps", "_unpack")

    def __init__(self, bounds: Sequence[int]) -> None:
        lanes = range(len(bounds))
        self._count = len(bounds)
        self._ones = sum(1 << (_LANE * t) for t in lanes)
        self._steps = sum((((t + 1) * _GAMMA) & _MASK) << (_LANE * t) for t in lanes)
        self._low = _MASK * self._ones  # the low 64 bits of every lane
        # A draw z is rejected when z >= 2**64 - (2**64 % bound): exactly when adding
        # 2**64 % bound to it carries into bit 64 of its lane.
        self._rejects = sum(((1 << 64) % b) << (_LANE * t) for t, b in enumerate(bounds))
        self._carries = self._ones << 64
        self._size = len(bounds) * _LANE // 8
        import struct  # here, on the first shuffle: importing it costs 0.3 ms at start-up

        self._unpack: Callable[[bytes], tuple[int, ...]] = struct.Struct(
            "<" + "Q8x" * len(bounds)
        ).unpack

    def draws(self, state: int) -> tuple[int, ...] | None:
        """The next ``count`` outputs after ``state``, or None if one would be rejected."""
        low = self._low
        z = (state * self._ones + self._steps) & low
        z = ((z ^ ((z >> 30) & low)) * 0xBF58476D1CE4E5B9) & low
        z = ((z ^ ((z >> 27) & low)) * 0x94D049BB133111EB) & low
        z = (z ^ (z >> 31)) & low
        if (z + self._rejects) & self._carries:
            return None
        return self._unpack(z.to_bytes(self._size, "little"))

    def advance(self, state: int) -> int:
        """The generator state after the draws."""
        return (state + self._count * _GAMMA) & _MASK


_PACKED_MAX = 64
"""Lists up to this length are shuffled through a cached :class:`_Draws`."""
_Plan = tuple[_Draws, tuple[int, ...], tuple[int, ...]]
_SHUFFLES: dict[tuple[int, bool], _Plan] = {}


def _shuffle_plan(n: int, cut: bool) -> _Plan:
    """The packed draws of a Fisher–Yates shuffle of ``n`` items (and then a cut, a draw
    below ``n + 1``), the position of each swap and the bound of each draw; cached per
    length."""
    plan = _SHUFFLES.get((n, cut))
    if plan is None:
        positions = tuple(range(n - 1, 0, -1))
        bounds = tuple(i + 1 for i in positions) + ((n + 1,) if cut else ())
        plan = _SHUFFLES[(n, cut)] = (_Draws(bounds), positions, bounds)
    return plan


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


_MOST_GAMES = 10**15
"""The most games a run of :func:`game_seeds` numbers."""


class GameSeeds(Sequence[int]):
    """The seeds of games ``0 .. games - 1`` of a run with master ``seed``: game ``i``
    is dealt from ``derive_seed(seed, i)``. Made by :func:`game_seeds`; lazy, so a
    million games cost nothing until they are read."""

    __slots__ = ("_games", "_seed")

    def __init__(self, games: int, seed: int = 0) -> None:
        if type(games) is not int or not 0 <= games <= _MOST_GAMES:
            raise InvalidSeedError(
                f"games must be a whole number from 0 to {_MOST_GAMES}, got {_show(games)}"
            )
        self._games = games
        self._seed = check_seed(seed)

    def __len__(self) -> int:
        return self._games

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> list[int]: ...

    def __getitem__(self, index: int | slice) -> int | list[int]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._games))]
        if type(index) is not int:
            raise InvalidSeedError(f"a game number must be a whole number, got {_show(index)}")
        if not -self._games <= index < self._games:
            raise SeedIndexError(f"game {index} is not in 0..{self._games - 1}")
        return derive_seed(self._seed, index % self._games)

    def __iter__(self) -> Iterator[int]:
        seed = self._seed
        return (derive_seed(seed, i) for i in range(self._games))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameSeeds):
            return NotImplemented
        return (self._games, self._seed) == (other._games, other._seed)

    def __hash__(self) -> int:
        return hash((GameSeeds, self._games, self._seed))

    def __repr__(self) -> str:
        return f"game_seeds({self._games}, seed={self._seed})"


def game_seeds(games: int, seed: int = 0) -> GameSeeds:
    """The seeds of the games of a run: game ``i`` from ``derive_seed(seed, i)``.

    This is the one seed convention of the library's runs: :func:`cardrules.runner.simulate`
    deals game ``i`` from it, ``cardrules simulate`` and ``cardrules hazari stats`` with
    ``--seed`` do, and the batch analytics take these seeds to count the same deals.

    >>> seeds = game_seeds(1_000_000, seed=7)
    >>> len(seeds), seeds[2] == derive_seed(7, 2), list(game_seeds(2)) == [derive_seed(0, 0),
    ...     derive_seed(0, 1)]
    (1000000, True, True)
    """
    return GameSeeds(games, seed)


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

    @property
    def state(self) -> int:
        """The internal state: ``Rng.from_state(rng.state)`` draws what ``rng`` draws next.

        >>> rng = Rng(7)
        >>> _ = rng.randbelow(10)
        >>> Rng.from_state(rng.state).randbelow(10) == rng.randbelow(10)
        True
        """
        return self._state

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
        if 1 < len(result) <= _PACKED_MAX and self._packed_shuffle(result, cut=False) is not None:
            return result
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

    def _packed_shuffle(self, result: list[T], cut: bool) -> int | None:
        """Shuffle ``result`` in place as :meth:`shuffled` does, with the draws packed
        (see :class:`_Draws`), and with ``cut`` draw then ``randbelow(len + 1)``.

        Returns the cut (0 without one), or None, changing nothing, when a draw would
        be rejected: the caller then takes the one-at-a-time path.
        """
        draws, positions, bounds = _shuffle_plan(len(result), cut)
        values = draws.draws(self._state)
        if values is None:
            return None
        self._state = draws.advance(self._state)
        # The swap targets are reduced in C (map); the loop only swaps (a third fewer
        # bytecodes a card, by count). zip stops at the last swap: a cut is one more value.
        for i, j in zip(positions, map(mod, values, bounds)):  # noqa: B905
            result[i], result[j] = result[j], result[i]
        return values[-1] % (len(result) + 1) if cut else 0

    def _dealt(self, items: Sequence[T]) -> tuple[T, ...]:
        """``items`` shuffled and then cut: :meth:`shuffled`, then the cards from
        position ``randbelow(len + 1)`` on moved to the top (how a seeded deal is made).
        """
        result = list(items)
        if 1 < len(result) <= _PACKED_MAX:
            cut = self._packed_shuffle(result, cut=True)
            if cut is not None:
                return (*result[cut:], *result[:cut])
        result = self.shuffled(result)
        cut = self.randbelow(len(result) + 1)
        return (*result[cut:], *result[:cut])

    def spawn(self) -> Rng:
        """An independent child generator; advances this one by one draw."""
        return Rng(self.next_u64())
