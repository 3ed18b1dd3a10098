"""The vectorised SplitMix64 every batch engine draws with (needs numpy).

Each function draws, for an array of generator states or seeds at once, exactly what
:class:`~cardrules.rng.Rng` draws for one; :mod:`cardrules.batch` exports them too.

>>> import numpy as np
>>> from cardrules.rng import Rng, derive_seed
>>> decks = dealt_decks(np.array([7, 8], dtype=np.uint64), np.array([0, 3]), 27)
>>> decks[1].tolist() == list(Rng(derive_seed(8, 3))._dealt(range(27)))
True
"""

from __future__ import annotations

import functools

import numpy as np
import numpy.typing as npt

from cardrules.batch_checks import check_length
from cardrules.cards import _show
from cardrules.errors import CardRulesError, InvalidCardsError, InvalidSeedError, InvalidStateError

__all__ = ["dealt_decks", "derive_seeds", "randbelow", "randbelow_each"]
# mix, draws_below and rejection_limits serve the games' kernels, which check their input.

U64 = npt.NDArray[np.uint64]

GAMMA = 0x9E3779B97F4A7C15
"""SplitMix64's increment: draw ``t`` of a generator in state ``x`` is ``mix(x + t * GAMMA)``."""
_GAMMA = np.uint64(GAMMA)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31 = np.uint64(30), np.uint64(27), np.uint64(31)


def _states(values: object, name: str) -> U64:
    """``values`` if it is a 1-D uint64 array; else InvalidSeedError."""
    if not isinstance(values, np.ndarray) or values.ndim != 1 or values.dtype != np.uint64:
        raise InvalidSeedError(f"{name} must be a 1-D uint64 array, got {_show(values)}")
    return values


def _keys(values: object, count: int) -> U64:
    """``values`` as uint64 keys: an integer (one key, shape ``(1,)``, for every seed) or
    ``count`` integers, none negative."""
    check_length(values, "keys", count, InvalidSeedError)
    try:
        keys = np.asarray(values)
    except (TypeError, ValueError, OverflowError):
        keys = np.asarray(None)
    if keys.dtype.kind not in "iu" or keys.ndim > 1 or (keys.ndim and len(keys) != count):
        raise InvalidSeedError(f"keys must be {count} non-negative integers, got {_show(values)}")
    if keys.dtype.kind == "i" and keys.size and keys.min() < 0:
        raise InvalidSeedError(f"key {int(keys.min())} is negative")
    return keys.astype(np.uint64).reshape(-1)  # 1-D: array arithmetic wraps and never warns


def mix(z: U64) -> U64:
    """SplitMix64's output function over a ``uint64`` array (a new array; ``z`` is kept)."""
    shifted = np.right_shift(z, _S30)
    shifted ^= z
    shifted *= _M1
    z = np.right_shift(shifted, _S27)
    z ^= shifted
    z *= _M2
    np.right_shift(z, _S31, out=shifted)
    z ^= shifted
    return z


def derive_seeds(seeds: U64, keys: npt.ArrayLike) -> U64:
    """:func:`~cardrules.rng.derive_seed` of each seed with its key: one key for all, or
    one each (uint64 arrays; integer arrays wrap modulo 2**64, as the scalar arithmetic
    masks)."""
    seeds = _states(seeds, "seeds")
    keyed = mix(_keys(keys, len(seeds)) + _GAMMA)
    return mix((seeds ^ keyed) + _GAMMA)


def _highest(bound: int) -> np.uint64:
    """The highest draw ``Rng.randbelow(bound)`` accepts."""
    highest: np.uint64 = np.uint64((1 << 64) - 1 - (1 << 64) % bound)
    return highest


def _accepted(states: U64, highest: np.uint64 | U64) -> tuple[U64, U64]:
    """Each generator's first draw no higher than ``highest`` (one limit, or one each),
    and the states after: a rejected draw is redrawn for its own generator only."""
    states = states + _GAMMA
    z = mix(states)
    rejected = z > highest
    while rejected.any():
        states = np.where(rejected, states + _GAMMA, states)
        z = np.where(rejected, mix(states), z)
        rejected = z > highest
    return z, states


def randbelow(states: U64, bound: int) -> tuple[U64, U64]:
    """``Rng.from_state(s).randbelow(bound)`` for each generator state ``s``.

    Returns the values and the states after the draws. A rejected draw is redrawn
    for its own generator only (masks, no loop over the batch).

    >>> from cardrules.rng import Rng
    >>> values, _ = randbelow(np.arange(6, dtype=np.uint64), 2**63 + 1)  # half rejected
    >>> values.tolist() == [Rng(s).randbelow(2**63 + 1) for s in range(6)]
    True
    >>> randbelow(np.arange(3, dtype=np.uint64), 2**64)[0].tolist() == [
    ...     Rng(s).randbelow(2**64) for s in range(3)]
    True
    """
    if type(bound) is not int or not 0 < bound <= 1 << 64:
        raise CardRulesError(f"randbelow needs a positive int up to 2**64, got {_show(bound)}")
    z, states = _accepted(_states(states, "states"), _highest(bound))
    return (z if bound == 1 << 64 else z % np.uint64(bound)), states  # 2**64 fits no uint64


def randbelow_each(states: U64, bounds: npt.ArrayLike) -> tuple[U64, U64]:
    """``Rng.from_state(states[i]).randbelow(bounds[i])`` for each ``i``: one bound per
    generator (each from 1 to 2**64 - 1). Returns the values and the states after the draws.

    >>> from cardrules.rng import Rng
    >>> bounds = np.array([1, 2, 3, 2**63 + 1], dtype=np.uint64)      # the last: half rejected
    >>> values, after = randbelow_each(np.arange(4, dtype=np.uint64), bounds)
    >>> values.tolist() == [Rng(s).randbelow(int(b)) for s, b in enumerate(bounds)]
    True
    >>> rng = Rng(3); _ = rng.randbelow(3); repr(rng) == f"Rng.from_state({after[3]})"
    True
    """
    states = _states(states, "states")
    check_length(bounds, "bounds", len(states), CardRulesError)
    try:
        wide = np.asarray(bounds)
    except (TypeError, ValueError, OverflowError):
        wide = np.asarray(None)
    if wide.shape != states.shape or wide.dtype.kind not in "iu" or (wide.size and wide.min() < 1):
        raise CardRulesError(
            f"randbelow_each needs {len(states)} positive integer bounds, got {_show(bounds)}"
        )
    limits = wide.astype(np.uint64)
    highest = ~((np.uint64(0) - limits) % limits)  # 2**64 - 1 - 2**64 % bound
    z, states = _accepted(states, highest)
    return z % limits, states


@functools.lru_cache(maxsize=64)
def _limits(bounds: tuple[int, ...]) -> U64:
    """:func:`rejection_limits`, kept for the bounds a deal draws with (read only)."""
    limits = rejection_limits(bounds)
    limits.flags.writeable = False
    return limits


def rejection_limits(bounds: tuple[int, ...]) -> U64:
    """For each bound ``n``, the greatest 64-bit draw that ``Rng.randbelow(n)`` accepts."""
    return np.array([(1 << 64) - 1 - (1 << 64) % n for n in bounds], dtype=np.uint64)


def draws_below(states: U64, bounds: tuple[int, ...], limits: U64 | None = None) -> U64:
    """``Rng.from_state(x).randbelow(n)`` for each bound in turn, for each state ``x``:
    ``(len(states), len(bounds))`` values, all drawn at once.

    SplitMix64 is counter based, so every draw is one array operation; a draw above
    its bound's acceptance limit is redrawn as ``randbelow`` does (about once in
    10**16 draws), for the rows holding one only, still as arrays. ``limits`` (by
    default :func:`rejection_limits`) is there so that tests can make rejections common.

    >>> from cardrules.rng import Rng
    >>> rng = Rng(5)
    >>> draws_below(np.array([5], dtype=np.uint64), (52, 51, 2)).tolist() == [
    ...     [rng.randbelow(52), rng.randbelow(51), rng.randbelow(2)]]
    True
    """
    if limits is None:
        limits = rejection_limits(bounds)
    result: U64 = _draws_by_bound(states, bounds, limits).T
    return result


def _draws_by_bound(states: U64, bounds: tuple[int, ...], limits: U64) -> U64:
    """:func:`draws_below`, one row per bound: ``(len(bounds), len(states))``."""
    steps, divisors = _columns(bounds)
    z = mix(steps + states[None, :])
    rejected = z > limits[:, None]
    if rejected.any():
        rows = np.flatnonzero(rejected.any(axis=0))
        z[:, rows] = _redrawn(states[rows], limits).T
    result: U64 = z % divisors
    return result


@functools.lru_cache(maxsize=64)
def _columns(bounds: tuple[int, ...]) -> tuple[U64, U64]:
    """The counter offset and the bound of each draw of ``bounds``, as columns."""
    steps = (np.arange(1, len(bounds) + 1, dtype=np.uint64) * _GAMMA)[:, None]
    divisors = np.array(bounds, dtype=np.uint64)[:, None]
    steps.flags.writeable = divisors.flags.writeable = False
    return steps, divisors


def _redrawn(states: U64, limits: U64) -> U64:
    """The accepted draws for each bound, redrawing rejected ones as ``randbelow`` does."""
    state = states.copy()
    result = np.empty((len(states), len(limits)), dtype=np.uint64)
    for column, limit in enumerate(limits):
        state += _GAMMA
        z = mix(state)
        again = np.flatnonzero(z > limit)
        while again.size:
            state[again] += _GAMMA
            z[again] = mix(state[again])
            again = again[z[again] > limit]
        result[:, column] = z
    return result


def dealt_decks(
    seeds: U64, numbers: npt.ArrayLike, size: int, packed: bool = True
) -> npt.NDArray[np.int8]:
    """Positions ``0..size-1`` shuffled and cut as :class:`~cardrules.dealing.Dealing`
    deals deck ``numbers[i]`` from ``seeds[i]``: one row per seed, top card first.

    ``size`` is at most 64; ``packed=False`` takes the one-draw-at-a-time path."""
    if type(size) is not int or not 0 < size <= 64:
        raise InvalidCardsError(f"size must be a whole number from 1 to 64, got {_show(size)}")
    if type(packed) is not bool:
        raise InvalidStateError(f"packed must be True or False, got {_show(packed)}")
    states = derive_seeds(seeds, numbers)
    count = len(seeds)
    across = np.arange(count)
    # Card-major, (size, count): a swap moves two rows of every deck at once, and each
    # swap is one statement over precomputed positions (by profile, 12 µs for 50 decks,
    # against 50 µs with a take and a put a swap; dealing 50 decks takes 67 µs in all,
    # against 137 µs deck-major).
    decks = np.repeat(np.arange(size, dtype=np.int8)[:, None], count, axis=1)
    flat = decks.reshape(-1)
    tops = (np.arange(size - 1, 0, -1) * count)[:, None] + across  # position i of each deck
    if packed:
        bounds = (*range(size, 1, -1), size + 1)
        draws = _draws_by_bound(states, bounds, _limits(bounds)).view(np.intp)
        drawn = draws[:-1] * count + across
        cut = draws[-1]
        sources = np.concatenate([tops, drawn], axis=1)
        targets = np.concatenate([drawn, tops], axis=1)
        for source, target in zip(sources, targets, strict=True):
            flat[target] = flat[source]
    else:
        for step, i in enumerate(range(size - 1, 0, -1)):
            chosen, states = randbelow(states, i + 1)
            at = chosen.astype(np.intp) * count + across
            flat[np.concatenate([at, tops[step]])] = flat[np.concatenate([tops[step], at])]
        cut = randbelow(states, size + 1)[0].astype(np.intp)
    # The cut rotates each deck: its cards are a window of the deck written twice (by
    # profile, a seventh of the time of a gather at computed positions).
    twice = np.concatenate([decks.T, decks.T], axis=1)
    row, column = twice.strides
    windows = np.lib.stride_tricks.as_strided(
        twice, (count, size + 1, size), (row, column, column), writeable=False
    )
    dealt: npt.NDArray[np.int8] = windows[across, cut]
    return dealt
