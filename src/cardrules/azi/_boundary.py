"""Package errors for wrong-typed arguments at the public functions of the Azi modules.

The rules code runs on trusted values in its hot paths, so the public functions do
not check types up front: they catch the Python error a wrong type causes (a
``try`` costs nothing until something raises) and convert it here, naming the
values and what was expected.

>>> from cardrules.errors import InvalidCardsError
>>> str(bad_arguments(InvalidCardsError, "trick_winner", "a sequence of cards", TypeError("x"),
...                   cards=None))
'trick_winner expects a sequence of cards; got cards None (TypeError: x)'
"""

from __future__ import annotations

import enum
from typing import Any, cast

from cardrules.cards import _show
from cardrules.errors import CardRulesError

LEAKS: tuple[type[Exception], ...] = (
    TypeError,
    AttributeError,
    IndexError,
    KeyError,
    ValueError,
    ArithmeticError,
    RecursionError,
)
"""What wrong-typed arguments make Python raise (``ValueError`` includes package errors,
which :func:`bad_arguments` passes through)."""


def bad_arguments(
    error: type[CardRulesError], where: str, expected: str, exc: Exception, **values: object
) -> CardRulesError:
    """An ``error`` saying that ``where`` expects ``expected`` and naming ``values`` and
    the Python error ``exc`` they caused; ``exc`` itself if it is a package error."""
    if isinstance(exc, CardRulesError):
        return exc
    shown = ", ".join(f"{name} {_show(value)}" for name, value in values.items())
    if isinstance(exc, KeyError) and exc.args:
        reason = f"no entry {_show(exc.args[0])}"
    else:
        try:
            reason = str(exc)[:200]
        except Exception:  # an error message that cannot be shown
            reason = "?"
    return error(f"{where} expects {expected}; got {shown} ({type(exc).__name__}: {reason})")


class StrictEnumType(enum.EnumMeta):
    """Makes ``Kind(value)`` of an enum of string values accept only a member or the exact
    text of one; anything else goes to the class's ``_missing_``, which raises a package
    error (the plain enum lookup fails with ValueError, or on values it cannot print)."""

    def __call__(cls, value: Any, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs:  # the functional API: leave it to enum
            return super().__call__(value, *args, **kwargs)
        if isinstance(value, cls):
            return value
        if type(value) is str:
            member = cls._value2member_map_.get(value)
            if member is not None:
                return member
        return cast("type[enum.Enum]", cls)._missing_(value)
