"""Checks on the numbers the adapters take from callers and hand to their tools.

Both adapters take action ids and seats as Python or numpy integers (never bools),
and hand returns to float-only tools: :func:`whole_number` and :func:`finite_float`.
Neither imports an extra.

>>> whole_number(7), whole_number(True), whole_number(7.0)
(7, None, None)
>>> finite_float(10**400, "a return")
Traceback (most recent call last):
...
cardrules.errors.SimulationError: a return of <int of 1329 bits> does not fit a float
"""

from __future__ import annotations

import math
import operator
from fractions import Fraction

from cardrules.cards import _show
from cardrules.errors import SimulationError

__all__ = ["finite_float", "whole_number"]

_BOOLS = frozenset({"bool", "bool_"})  # Python's and numpy's


def whole_number(value: object) -> int | None:
    """``value`` as an int if it is an integer (a numpy one too) but not a bool, else None."""
    if type(value).__name__ in _BOOLS:
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def finite_float(value: int | Fraction | float, what: str) -> float:
    """``value`` rounded once to a float; :class:`~cardrules.errors.SimulationError`
    naming ``what`` if it lies beyond float range (nothing is clipped)."""
    try:
        result = float(value)
    except OverflowError:
        result = math.inf
    if not math.isfinite(result):
        raise SimulationError(f"{what} of {_show(value)} does not fit a float")
    return result
