"""Strict enum lookup, shared by the cards, the rule options and the game phases.

``Kind(value)`` on an enum made with :class:`StrictEnumType` accepts a member, or
exactly the value of one: text for an enum of strings, an integer (not a bool) for
an enum of integers. Anything else goes to the class's ``_missing_``, which raises a
package error; so ``Rank(True)``, ``Rank(2.0)`` and values whose ``repr`` fails
never reach enum's own ``ValueError``.

>>> class Colour(enum.Enum, metaclass=StrictEnumType):
...     RED = "red"
...     @classmethod
...     def _missing_(cls, value):
...         raise LookupError(f"no colour {value!r}")
>>> Colour("red"), Colour(Colour.RED)
(<Colour.RED: 'red'>, <Colour.RED: 'red'>)
>>> Colour(1)
Traceback (most recent call last):
...
LookupError: no colour 1
"""

from __future__ import annotations

import enum
import operator
from typing import Any, cast

__all__ = ["StrictEnumType"]


class StrictEnumType(enum.EnumMeta):
    """The metaclass of an enum that looks members up strictly (see the module docs)."""

    def __call__(cls, value: Any, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs or not cls._member_map_:  # the functional API, or a base enum
            return super().__call__(value, *args, **kwargs)
        if isinstance(value, cls):
            return value
        key = _key(value)
        if key is not None:
            member = cls._value2member_map_.get(key)
            if member is not None:
                return member
        return cast("type[enum.Enum]", cls)._missing_(value)


def _key(value: object) -> str | int | None:
    """``value`` as a lookup key: text as it is, an integer-like value (not a bool or
    an enum member) as an int; None for anything else."""
    if type(value) is str:
        return value
    if isinstance(value, (bool, enum.Enum)) or not hasattr(type(value), "__index__"):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except Exception:
        return None
