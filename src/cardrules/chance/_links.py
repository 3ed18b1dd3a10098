"""The pieces of :mod:`cardrules.chance` that know nothing of games.

A *chain* is a persistent list: a cons cell ``(previous, item, length)`` or ``None``.
A new chance state adds one cell, so keeping every state of a game costs O(1) memory
per state, and the tuple is materialised only when asked for.

>>> chain = push(push(None, "a"), "b")
>>> size(chain), items(chain)
(2, ('a', 'b'))
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from cardrules.cards import _show
from cardrules.errors import InvalidStateError

__all__: list[str] = []  # internal to cardrules.chance: nothing here is public

Chain = Any
"""A cons cell ``(previous chain, item, length)``, or ``None`` for the empty chain."""


def push(chain: Chain, item: object) -> Chain:
    """``chain`` with ``item`` added at the end (the old chain is shared, not copied)."""
    return (chain, item, 1 if chain is None else chain[2] + 1)


def size(chain: Chain) -> int:
    """The number of items in ``chain``."""
    return 0 if chain is None else int(chain[2])


def items(chain: Chain) -> tuple[Any, ...]:
    """The items of ``chain``, first to last."""
    found = []
    while chain is not None:
        chain, item, _ = chain
        found.append(item)
    found.reverse()
    return tuple(found)


def typed(values: object, kind: type, what: str) -> tuple[Any, ...]:
    """``values`` (a list or tuple of ``kind`` values) as a tuple, else InvalidStateError."""
    if not isinstance(values, (tuple, list)) or not all(isinstance(v, kind) for v in values):
        raise InvalidStateError(
            f"{what} must be a sequence of {kind.__name__} values, got {_show(values)}"
        )
    return tuple(values)


def chain_of(values: Any) -> Chain:
    """The chain of ``values``, first to last."""
    chain: Chain = None
    for value in values:
        chain = push(chain, value)
    return chain


def nodes(cards: int, dealt: int | None) -> int:
    """The chance nodes of a deck of ``cards`` of which ``dealt`` are dealt (None: all).

    Each dealt card is a node, except a forced last card when all are dealt.
    """
    return cards - 1 if dealt is None or not 0 <= dealt < cards else dealt


@lru_cache(maxsize=64)
def uniform(count: int) -> Fraction:
    """``Fraction(1, count)``, made once per count."""
    return Fraction(1, count)
