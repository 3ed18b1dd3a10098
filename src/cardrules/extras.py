"""The optional extras: one error for a feature whose extra is not installed.

>>> with needs_numpy():
...     raise ModuleNotFoundError("No module named 'numpy'", name="numpy")
Traceback (most recent call last):
...
cardrules.errors.InvalidRulesError: the batch engine needs numpy: pip install 'cardrules[numpy]'
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from cardrules.errors import InvalidRulesError

__all__ = ["NUMPY_HINT", "needs_numpy"]

NUMPY_HINT = "the batch engine needs numpy: pip install 'cardrules[numpy]'"
"""What a batch feature says when numpy is not installed."""


@contextmanager
def needs_numpy() -> Iterator[None]:
    """Turn a missing numpy inside the block into :class:`InvalidRulesError` saying how
    to install it; any other missing module is left as it is."""
    try:
        yield
    except ModuleNotFoundError as missing:
        if missing.name != "numpy":
            raise
        raise InvalidRulesError(NUMPY_HINT) from None
