"""The pieces of :mod:`cardrules.chance` that know nothing of games.

- A *chain* is a persistent list: a cons cell ``(previous, item, length)`` or
  ``None``. A new chance state adds one cell, so keeping every state of a game
  costs O(1) memory per state, and the tuple is materialised only when asked for.
- :func:`with_deck` gives a game state the same position with one more explicit deck
  in each of its explicit-chance dealings, without replaying its history.

>>> chain = push(push(None, "a"), "b")
>>> size(chain), items(chain)
(2, ('a', 'b'))
"""

from __future__ import annotations

import copy
import enum
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import Any, TypeVar

from cardrules.cards import _show
from cardrules.errors import InvalidStateError

__all__: list[str] = []  # internal to cardrules.chance: nothing here is public

T = TypeVar("T")

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


def _slots(kind: type) -> tuple[str, ...]:
    names: list[str] = []
    for klass in kind.__mro__:
        declared = vars(klass).get("__slots__", ())
        names.extend([declared] if isinstance(declared, str) else declared)
    return tuple(name for name in names if name not in ("__dict__", "__weakref__"))


_SLOTS: dict[type, tuple[str, ...]] = {}
_ATOMS = (type(None), bool, int, float, str, bytes, tuple, list, dict, frozenset, set, enum.Enum)


def with_deck(value: T, is_dealing: Callable[[object], bool], extend: Callable[[Any], Any]) -> T:
    """``value`` with every object ``is_dealing`` accepts replaced by ``extend(it)``.

    The walk follows the attributes of objects of this package, not containers: a
    game state holds its dealing as an attribute (of its setup, of a match's current
    game), while its history logs and finished games are tuples that keep their own
    dealings. Objects on the way to a dealing are shallow-copied with the new
    attribute; everything else is shared. This is what lets a chance state continue
    a game after a mid-game deal without replaying the game.
    """
    memo: dict[int, Any] = {}
    result: T = _walk(value, is_dealing, extend, memo)
    return result


def _walk(
    value: Any,
    is_dealing: Callable[[object], bool],
    extend: Callable[[Any], Any],
    memo: dict[int, Any],
) -> Any:
    key = id(value)
    if key in memo:
        return memo[key]
    memo[key] = value  # a cycle leads back to the original
    if is_dealing(value):
        memo[key] = extend(value)
        return memo[key]
    kind = type(value)
    if isinstance(value, _ATOMS) or not kind.__module__.startswith("cardrules."):
        return value
    names = _SLOTS.get(kind)
    if names is None:
        names = _SLOTS[kind] = _slots(kind)
    fields = [*names, *getattr(value, "__dict__", {})]
    changed: dict[str, Any] = {}
    for name in fields:
        try:
            item = object.__getattribute__(value, name)
        except AttributeError:  # an unset slot
            continue
        new = _walk(item, is_dealing, extend, memo)
        if new is not item:
            changed[name] = new
    if changed:
        result = copy.copy(value)
        for name, item in changed.items():
            object.__setattr__(result, name, item)
        memo[key] = result
    return memo[key]
