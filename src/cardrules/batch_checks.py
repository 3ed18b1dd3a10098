"""What the batch engine checks of the arrays and numbers handed to it.

:class:`~cardrules.batch.BatchGame` checks its own arguments; the pieces a game adds
to it (its kernels, its batch bots) are public too, and check theirs with these:
:func:`row_index` for one game of a batch, :func:`checked_array` for an array of a
given shape and kind, and :func:`checked_kernels`, a class decorator that makes
every public method of a game's kernels refuse, with a package error, arrays its
kernels did not make.

>>> import numpy as np
>>> checked_array(np.zeros((2, 3), dtype=np.uint64), "bot_states", (2, 3), "uint64").shape
(2, 3)
>>> checked_array([1, 2], "bot_states", (2, 3), "uint64")
Traceback (most recent call last):
...
cardrules.errors.InvalidStateError: bot_states must be a (2, 3) array of uint64, got [1, 2]
>>> row_index(5, 3)
Traceback (most recent call last):
...
cardrules.errors.ActionIndexError: game 5 is not in a batch of 3
"""

from __future__ import annotations

import functools
import inspect
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from cardrules.cards import _show
from cardrules.errors import ActionIndexError, CardRulesError, InvalidStateError
from cardrules.rng import check_seed

__all__ = [
    "MAX_BATCH",
    "check_length",
    "checked_array",
    "checked_kernels",
    "checked_play",
    "row_index",
]

K = TypeVar("K", bound=type)

MAX_BATCH = 1 << 24
"""The most games (seeds, hands, deals or ids) one call of the batch engine takes: its
arrays are made whole, so a longer request (``range(10**12)``) is refused before
anything is made. A larger count runs in blocks: :func:`cardrules.hazari.stats.round_stats`
and :func:`~cardrules.hazari.batch.stats.deal_counts` read any number of seeds a block
at a time, as ``cardrules simulate --engine batch`` plays any number of games."""

_KINDS = {
    "int": "an integer dtype",
    "uint64": "uint64",
    "bool": "bool",
}


def row_index(index: object, count: int, what: str = "game") -> int:
    """``index`` (an int or numpy integer, negative from the end) as a row of a batch of
    ``count``; anything else raises :class:`~cardrules.errors.ActionIndexError` (also an
    :class:`IndexError`) naming it.

    >>> row_index(-1, 3)
    2
    """
    if isinstance(index, (bool, np.bool_)) or not isinstance(index, (int, np.integer)):
        raise ActionIndexError(f"a batch index must be an int, got {_show(index)}")
    at = int(index)
    if not -count <= at < count:
        raise ActionIndexError(f"{what} {_show(at)} is not in a batch of {count}")
    return at % count


def check_length(
    value: object,
    what: str,
    expected: int | None = None,
    error: type[CardRulesError] = InvalidStateError,
) -> None:
    """Refuse ``value``, before numpy makes an array of it, if it holds more than
    :data:`MAX_BATCH` items along its first axis, or not ``expected`` of them: a range,
    a list, a tuple or an array is measured, and nothing is listed. Anything else is
    left to the caller's own checks. The error is ``error``, naming ``what``.

    >>> check_length(range(10**12), "seeds")
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidStateError: seeds hold 1000000000000 items, more than one call \
takes (16777216); run more in blocks
    """
    if isinstance(value, np.ndarray):
        length = value.shape[0] if value.ndim else None
    elif isinstance(value, (range, list, tuple)):
        try:
            length = len(value)
        except OverflowError:  # a range longer than any list: sys.maxsize items or more
            length = sys.maxsize
    else:
        return
    if length is None:
        return
    if expected is not None and length != expected:
        raise error(f"{what} must be {expected} items, got {length}: {_show(value)}")
    if length > MAX_BATCH:
        raise error(
            f"{what} hold {length} items, more than one call takes ({MAX_BATCH});"
            " run more in blocks"
        )


def checked_array(
    value: object, what: str, shape: tuple[int | None, ...], kind: str = "int"
) -> npt.NDArray[Any]:
    """``value`` if it is a numpy array of ``shape`` (``None`` for any length) whose
    dtype is ``kind``: ``"int"`` (any integer dtype), ``"uint64"`` or ``"bool"``; else
    :class:`~cardrules.errors.InvalidStateError` naming ``what``."""
    if (
        not isinstance(value, np.ndarray)
        or value.ndim != len(shape)
        or any(size not in (None, found) for size, found in zip(shape, value.shape, strict=True))
        or not _is_kind(value.dtype, kind)
    ):
        sizes = ", ".join("n" if size is None else str(size) for size in shape)
        shown = f"({sizes},)" if len(shape) == 1 else f"({sizes})"
        raise InvalidStateError(
            f"{what} must be a {shown} array of {_KINDS[kind]}, got {_show(value)}"
        )
    return value


def checked_play(
    seeds: object, bot_states: object, policies: object, stream: object, players: int, names: int
) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64], npt.NDArray[Any] | None]:
    """The arguments of a game's batch bots' ``play(seeds, bot_states, policies, stream)``
    (see :mod:`cardrules.cli.simulate_batch`), checked: ``seeds`` a 1-D uint64 array,
    ``bot_states`` a ``(games, players)`` uint64 array, ``policies`` None or a
    ``(games, players)`` integer array of policy numbers below ``names``, and ``stream``
    a seed. Anything else raises a package error naming it.

    >>> import numpy as np
    >>> seeds, states = np.zeros(2, np.uint64), np.zeros((2, 3), np.uint64)
    >>> checked_play(seeds, states, np.full((2, 3), 4), 0, 3, 2)
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidStateError: policy 4 is not one of the 2 policies (0 to 1)
    """
    games_seeds = checked_array(seeds, "seeds", (None,), "uint64")
    games = len(games_seeds)
    states = checked_array(bot_states, "bot_states", (games, players), "uint64")
    chosen = None
    if policies is not None:
        chosen = checked_array(policies, "policies", (games, players), "int")
        if chosen.size and not 0 <= int(chosen.min()) <= int(chosen.max()) < names:
            bad = int(chosen.min()) if chosen.min() < 0 else int(chosen.max())
            raise InvalidStateError(
                f"policy {bad} is not one of the {names} policies (0 to {names - 1})"
            )
    check_seed(stream)
    return games_seeds, states, chosen


def _is_kind(dtype: np.dtype[Any], kind: str) -> bool:
    if kind == "int":
        return dtype.kind in "iu"
    return dtype == np.dtype(kind)


_CAUGHT = (ArithmeticError, AttributeError, IndexError, KeyError, TypeError, ValueError)
"""What a kernel raises on arrays it did not make (turned into InvalidStateError)."""

_MISSING = object()


def checked_kernels(arrays: type) -> Callable[[K], K]:
    """A class decorator for a game's batch kernels, whose arrays are the NamedTuple
    ``arrays``: each public method checks its arguments by name and refuses with
    :class:`~cardrules.errors.InvalidStateError` what its kernels could not have made.

    ``arrays`` must be an ``arrays`` NamedTuple of arrays, ``seeds`` a 1-D uint64 array,
    ``action_ids`` an integer array of one id a game, ``rows`` integer rows of the
    batch and ``index`` one row; and whatever the arrays hold, a failure inside the
    kernels (arrays put together by hand) is an InvalidStateError naming the method.
    """

    def decorate(cls: K) -> K:
        for name, method in list(vars(cls).items()):
            if not name.startswith("_") and inspect.isfunction(method):
                setattr(cls, name, _checked_method(cls.__name__, method, arrays))
        return cls

    return decorate


def _checked_method(owner: str, method: Callable[..., Any], arrays: type) -> Callable[..., Any]:
    names = list(inspect.signature(method).parameters)[1:]
    where = f"{owner}.{method.__name__}"

    @functools.wraps(method)
    def call(self: Any, *args: Any, **kwargs: Any) -> Any:
        _check_arguments(where, {**dict(zip(names, args, strict=False)), **kwargs}, arrays)
        try:
            return method(self, *args, **kwargs)
        except CardRulesError:
            raise
        except _CAUGHT as exc:
            raise InvalidStateError(
                f"{where} cannot work on these arrays ({type(exc).__name__}: {_show(str(exc))});"
                f" pass the {arrays.__name__} these kernels made"
            ) from exc

    return call


def _check_arguments(where: str, given: dict[str, Any], kind: type) -> None:
    rows: int | None = None
    arrays: Any = given.get("arrays", _MISSING)
    if arrays is not _MISSING:
        held: Any = arrays if type(arrays) is kind else ()
        first = held[0] if len(held) else None
        if not isinstance(first, np.ndarray) or not first.ndim:
            raise InvalidStateError(
                f"{where} needs the {kind.__name__} its kernels made, got {_show(arrays)}"
            )
        rows = len(first)
    if "seeds" in given:
        checked_array(given["seeds"], f"{where}'s seeds", (None,), "uint64")
    if "action_ids" in given:
        checked_array(given["action_ids"], f"{where}'s action ids", (rows,), "int")
    if "rows" in given:
        chosen = checked_array(given["rows"], f"{where}'s rows", (None,), "int")
        low, high = (int(chosen.min()), int(chosen.max())) if chosen.size else (0, 0)
        if rows is not None and chosen.size and not 0 <= low <= high < rows:
            raise InvalidStateError(f"{where}'s rows must be rows of a batch of {rows}")
    if "index" in given and rows is not None:
        row_index(given["index"], rows)
