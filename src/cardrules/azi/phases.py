"""The phases of an Azi deal, each a distinct kind of decision.

>>> Phase.BIDDING
Phase.BIDDING
>>> Phase.parse("play")
Phase.PLAY
"""

from __future__ import annotations

import enum

from cardrules.cards import _show
from cardrules.enums import StrictEnumType
from cardrules.errors import InvalidStateError

__all__ = ["Phase"]


class Phase(enum.Enum, metaclass=StrictEnumType):
    """Who decides what now: the phase of the current deal (or the end of the game)."""

    FOLD = "fold"
    """Each dealt-in player, from the dealer's left, plays or folds (A5)."""
    DISCARD = "discard"
    """Each staying player discards one card face down (A6)."""
    BIDDING = "bidding"
    """Staying players raise or pass (A7)."""
    DECLARATIONS = "declarations"
    """Each staying player may declare raznomast and invite a partner (A13, A14)."""
    ANSWER = "answer"
    """The invited player accepts or declines at once (A14)."""
    PLAY = "play"
    """Tricks are played (A8–A10)."""
    JOINING = "joining"
    """After an Azi, players who owe a fee choose whether to join the re-deal (A12)."""
    OVER = "over"
    """The pot has been won; the game is over (A15)."""

    # Members are singletons: hash by identity (in C), as the engine keys tables by phase.
    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"Phase.{self.name}"

    @classmethod
    def _missing_(cls, value: object) -> Phase:
        names = ", ".join(repr(phase.value) for phase in cls)
        raise InvalidStateError(f"unknown Azi phase {_show(value)} (expected one of {names})")

    @classmethod
    def parse(cls, text: object) -> Phase:
        """The phase named ``text``."""
        for phase in cls:
            if phase.value == text:
                return phase
        raise InvalidStateError(f"unknown Azi phase {_show(text)}")
