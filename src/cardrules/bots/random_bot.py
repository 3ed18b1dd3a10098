"""A bot that picks uniformly among the legal actions."""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from cardrules.bot import check_choice, nth_action
from cardrules.errors import IllegalActionError
from cardrules.game import LegalActions
from cardrules.rng import Rng

__all__ = ["RandomBot"]


@attrs.frozen
class RandomBot:
    """Uniform over the legal actions; the same ``rng`` state gives the same choice.

    Works for any game: where the collection offers ``sample(rng)`` (see
    :class:`~cardrules.game.LegalActions`; Hazari's arrangements do, by rejection) it
    takes that draw; otherwise it draws one index below ``len(legal_actions)`` and
    takes that action in the collection's fixed order.

    >>> from cardrules.game import ActionTuple
    >>> from cardrules.rng import Rng
    >>> bot = RandomBot()
    >>> bot
    RandomBot()
    >>> legal = ActionTuple("abcde")
    >>> bot.choose(None, legal, Rng(3)) == bot.choose(None, legal, Rng(3))
    True
    """

    name: ClassVar[str] = "random"

    def choose(self, observation: Any, legal_actions: LegalActions[Any], rng: Rng) -> Any:
        """A uniformly random legal action."""
        check_choice("RandomBot", legal_actions, rng)
        sample = getattr(legal_actions, "sample", None)
        if sample is not None:
            return sample(rng)
        size = len(legal_actions)
        if size == 0:
            raise IllegalActionError("RandomBot was asked to choose from no legal actions")
        return nth_action(legal_actions, rng.randbelow(size))
