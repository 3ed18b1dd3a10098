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
