"""The package's exception hierarchy.

Every error the library raises on bad input derives from :class:`CardRulesError`,
and all of them are also :class:`ValueError`, so ``except ValueError`` keeps working.

>>> from cardrules import parse_card
>>> try:
...     parse_card("1S")
... except CardRulesError as exc:
...     print(type(exc).__name__, exc.token, exc.position)
CardParseError 1S 0
"""

from __future__ import annotations

import reprlib

__all__ = [
    "ActionIndexError",
    "CardParseError",
    "CardRulesError",
    "EngineError",
    "IllegalActionError",
    "InvalidArrangementError",
    "InvalidCardsError",
    "InvalidRulesError",
    "InvalidSeedError",
    "InvalidStateError",
    "PairNotFoundError",
    "ParseError",
    "PluginError",
    "PluginWarning",
    "SeedIndexError",
    "SimulationError",
]


_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 80


def _short(value: object, kind: type = object) -> str:
    """``value`` for a message: text as it is when ``kind`` is ``str``, else a short
    ``repr``; never raises (huge ints, broken ``repr``)."""
    if kind is str and isinstance(value, str):
        return value[:200]
    if isinstance(value, int) and value.bit_length() > 256:
        return f"<int of {value.bit_length()} bits>"
    try:
        return _SHORT.repr(value)
    except Exception:
        return f"<{type(value).__name__} object>"


class CardRulesError(ValueError):
    """Base class of every error raised by cardrules on bad input."""


class ParseError(CardRulesError):
    """Text that does not follow the notation it was given as."""


class CardParseError(ParseError):
    """A card token that cannot be read, or a repeated card where distinct cards are expected.

    ``token`` is the offending text, ``position`` its 0-based index in the list
    of tokens, and ``reason`` says what is wrong with it.
    """

    def __init__(self, token: str, position: int, reason: str) -> None:
        self.token = token
        self.position = position
        self.reason = reason
        super().__init__(
            f"token {_short(token)} at position {_short(position)}: {_short(reason, str)}"
        )


class InvalidCardsError(CardRulesError):
    """Cards that cannot be used together: a wrong count, a duplicate, a card not in the pack."""


class InvalidArrangementError(CardRulesError):
    """A Hazari partition of 13 cards that breaks the arrangement rules."""


class IllegalActionError(CardRulesError):
    """An action that is not legal in the state it was applied to. The state is unchanged."""


class ActionIndexError(IllegalActionError, IndexError):
    """A legal-action index out of range (``legal[i]``).

    It is also an :class:`IndexError`, so ``except IndexError`` keeps working and
    Python's sequence protocol (iteration by index) still sees the end of the sequence.
    """


class InvalidStateError(CardRulesError):
    """A game state (for example loaded from JSON) that is inconsistent or tampered with."""


class InvalidRulesError(CardRulesError):
    """Rule options that are out of range or contradict each other."""


class PluginError(InvalidRulesError):
    """A game or bot that another package declares (an entry point, or a ``module:name``
    reference) and that cannot be loaded; the message names the package."""


class PluginWarning(UserWarning):
    """A game that an installed package declares and that is left out, because
    :func:`cardrules.load_game` could never load it (a name no spec can name, a
    built-in game's name, a name declared twice); the message names the package.

    It is a warning, not an error: the other games keep working.
    """


class InvalidSeedError(CardRulesError):
    """A seed that is not a non-negative integer below 2**64."""


class SeedIndexError(InvalidSeedError, IndexError):
    """A game number outside a run's seeds (``game_seeds(n)[i]``).

    It is also an :class:`IndexError`, as :class:`ActionIndexError` is.
    """


class SimulationError(CardRulesError):
    """A simulation that cannot run as asked (wrong number of bots, bad counts), or a bot
    that failed while playing; the message names the bot, its seat and the game."""


class EngineError(SimulationError):
    """An engine (a program that plays by the ``cardrules-engine`` protocol) that cannot be
    used as asked: a command that names no program, or an option it does not accept.
    An engine that misbehaves in a game is not an error: it forfeits that game."""


class PairNotFoundError(SimulationError, KeyError):
    """A pair of bots that did not play each other in a tournament result.

    It is also a :class:`KeyError`, so ``except KeyError`` keeps working.
    """

    __str__ = BaseException.__str__  # the message as it is, not KeyError's repr of it
