"""The bot interface: choose an action from what one player may know.

A bot is any object with a ``choose(observation, legal_actions, rng)`` method.
It sees the acting player's *observation* (never the full state), the legal
actions of the position, and its own seeded :class:`~cardrules.rng.Rng`.
Returning an action that is not in ``legal_actions`` is an error.

A worked example, a bot that always takes the first legal action:

>>> from cardrules.game import ActionTuple
>>> from cardrules.rng import Rng
>>> class FirstBot:
...     name = "first"
...     def choose(self, observation, legal_actions, rng):
...         return next(iter(legal_actions))
>>> bot = FirstBot()
>>> isinstance(bot, Bot), bot_name(bot)
(True, 'first')
>>> bot.choose(None, ActionTuple(["fold", "play"]), Rng(1))
'fold'

To stay reproducible, a bot should draw all of its randomness from ``rng`` and
depend on nothing but its arguments: the runner then gives identical results
however the games are spread over threads, processes or machines.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol, TypeVar, runtime_checkable

from cardrules.cards import _show
from cardrules.errors import IllegalActionError
from cardrules.game import LegalActions, check_index
from cardrules.rng import Rng

__all__ = ["Bot", "LegalView", "bot_name", "nth_action"]

A = TypeVar("A")


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a legal action from an observation. See the module docs."""

    def choose(self, observation: Any, legal_actions: LegalActions[Any], rng: Rng) -> Any:
        """One action from ``legal_actions``, chosen from ``observation`` and ``rng``."""
        ...


def bot_name(bot: object) -> str:
    """A bot's ``name`` attribute if it has one, else its class name.

    >>> class Plain:
    ...     def choose(self, observation, legal_actions, rng): ...
    >>> bot_name(Plain())
    'Plain'
    """
    name = getattr(bot, "name", None)
    return name if isinstance(name, str) and name else type(bot).__name__


def check_choice(who: str, legal_actions: object, rng: object) -> None:
    """Refuse, with :class:`~cardrules.errors.IllegalActionError`, legal actions that
    are not a :class:`~cardrules.game.LegalActions` collection (``state.legal_actions()``)
    or a generator that is not an :class:`~cardrules.rng.Rng`; ``who`` names the caller.

    Bots call it once at the top of ``choose`` (two ``isinstance`` checks).
    """
    if not isinstance(legal_actions, LegalActions):
        raise IllegalActionError(
            f"{who} needs the legal actions as a LegalActions collection"
            f" (state.legal_actions()), got {_show(legal_actions)}"
        )
    if not isinstance(rng, Rng):
        raise IllegalActionError(f"{who} draws from an Rng, got {_show(rng)}")


def nth_action(legal_actions: LegalActions[A], index: int) -> A:
    """The ``index``-th legal action in the collection's deterministic order.

    >>> from cardrules.game import ActionTuple
    >>> nth_action(ActionTuple("abc"), 2)
    'c'
    >>> nth_action(ActionTuple("abc"), 3)
    Traceback (most recent call last):
    ...
    cardrules.errors.ActionIndexError: action index 3 out of range for 3 legal actions
    """
    if not isinstance(legal_actions, LegalActions):
        raise IllegalActionError(
            f"nth_action needs a LegalActions collection, got {_show(legal_actions)}"
        )
    return legal_actions[check_index(index, len(legal_actions))]


class LegalView(LegalActions[A]):
    """A read-only view of legal actions handed to bots.

    It forwards ``in``, ``len``, iteration, indexing and ``sample`` and exposes nothing
    else. The collections themselves are immutable, so a bot can change nothing
    through it.

    >>> from cardrules.game import ActionTuple
    >>> view = LegalView(ActionTuple([1, 2, 3]))
    >>> 2 in view, len(view), list(view), view[0]
    (True, 3, [1, 2, 3], 1)
    """

    __slots__ = ("_actions",)

    def __init__(self, actions: LegalActions[A]) -> None:
        self._actions = actions

    def __setattr__(self, name: str, value: object) -> None:
        if hasattr(self, "_actions"):
            raise AttributeError(f"a LegalView is read-only; cannot set {_show(name)}")
        object.__setattr__(self, name, value)

    def __contains__(self, action: object) -> bool:
        return action in self._actions

    def __len__(self) -> int:
        return len(self._actions)

    def __iter__(self) -> Iterator[A]:
        return iter(self._actions)

    def __getitem__(self, index: int) -> A:
        return self._actions[check_index(index, len(self._actions))]

    def sample(self, rng: Rng) -> A:
        """One action drawn uniformly: the collection's own ``sample`` where it has one
        (see :class:`~cardrules.game.LegalActions`), else ``view[rng.randbelow(len(view))]``."""
        if not isinstance(rng, Rng):
            raise IllegalActionError(f"a sample is drawn from an Rng, got {_show(rng)}")
        sample = getattr(self._actions, "sample", None)
        if sample is not None:
            result: A = sample(rng)
            return result
        size = len(self._actions)
        if size == 0:
            raise IllegalActionError("there are no legal actions to sample from")
        return self._actions[rng.randbelow(size)]
