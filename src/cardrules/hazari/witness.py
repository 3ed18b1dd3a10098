"""Witnesses: a real Hazari deal behind an observation, or an error saying why there is none.

An observation read from JSON must be one that some real deal gives its player,
as a state record must replay. :func:`check_observation` checks that completely: it deals
the player's own hand with the other cards (by
:func:`~cardrules.hazari.resample.resample`, with a fixed seed), applies the
arrangements of the seats that are up (the player's own, the ones shown in the
rounds once the deal is over), and requires that deal's observation for the player
to equal the given one, field by field. An observation passes exactly when some
real deal gives it (the rebuilt deal, its witness, is one).
:func:`check_match_observation` does the same for a match.

>>> from cardrules.hazari import new_game
>>> seen = new_game(seed=7).observation(1)
>>> check_observation(seen)
>>> import attrs
>>> try:
...     check_observation(attrs.evolve(seen, current_player=2))
... except InvalidStateError as error:
...     print(error)
no Hazari deal gives player 1 this observation: current_player 2 (a real deal gives 1)
"""

from __future__ import annotations

from typing import Any

import attrs

from cardrules.cards import _show
from cardrules.dealing import Dealing
from cardrules.errors import CardRulesError, InvalidStateError
from cardrules.hazari.match import HazariMatch
from cardrules.hazari.observation import HazariMatchObservation, HazariObservation, install_checks
from cardrules.hazari.resample import resample, resample_match
from cardrules.hazari.state import PACK, HazariState
from cardrules.rng import Rng

__all__ = ["check_match_observation", "check_observation"]

_SEED = 0
"""The seed of the witness's hidden cards: any seed gives a witness when one exists."""

_LEAKS = (TypeError, AttributeError, IndexError, KeyError, ValueError, ArithmeticError)


def _rebuilt(build: Any, observation: Any, what: str) -> Any:
    try:
        return build(observation, Rng(_SEED))
    except CardRulesError as exc:
        raise InvalidStateError(
            f"no Hazari {what} gives player {observation.player} this observation: {exc}"
        ) from exc
    except _LEAKS as exc:  # a malformed public history that the deal trips over
        raise InvalidStateError(
            f"no Hazari {what} gives player {observation.player} this observation:"
            f" its events cannot be replayed ({type(exc).__name__})"
        ) from None


def _same(observation: Any, real: Any, what: str) -> None:
    if real == observation:
        return
    found = []
    for field in attrs.fields(type(observation)):
        given, true = getattr(observation, field.name), getattr(real, field.name)
        if given != true:
            shown, real_shown = _show(_plain(given)), _show(_plain(true))
            found.append(f"{field.name} {shown} (a real {what} gives {real_shown})")
    raise InvalidStateError(
        f"no Hazari {what} gives player {observation.player} this observation: "
        + "; ".join(found[:3])
    )


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    to_json = getattr(value, "to_json", None)
    return value if to_json is None else to_json()


def check_observation(observation: HazariObservation) -> None:
    """Pass if some real deal gives ``observation.player`` exactly ``observation``; else
    raise InvalidStateError naming the values out of place."""
    if not isinstance(observation, HazariObservation):
        raise InvalidStateError(f"expected a HazariObservation, got {_show(observation)}")
    # A deal's number changes nothing in it, so the witness is dealt as deal 0 (the
    # resampler deals by the number), once the number is known to be one a deal can have.
    Dealing(seed=_SEED).deck(observation.deal, PACK)
    first = attrs.evolve(observation, deal=0)
    state: HazariState = _rebuilt(resample, first, "deal")
    _same(first, state.observation(observation.player), "deal")


def check_match_observation(observation: HazariMatchObservation) -> None:
    """Pass if some real match gives ``observation.player`` exactly ``observation``; else
    raise InvalidStateError naming the values out of place."""
    if not isinstance(observation, HazariMatchObservation):
        raise InvalidStateError(f"expected a HazariMatchObservation, got {_show(observation)}")
    for number, deal in enumerate(observation.deals):
        if deal.deal != number:
            raise InvalidStateError(f"deal {number} of the match is numbered {deal.deal}")
    match: HazariMatch = _rebuilt(resample_match, observation, "match")
    _same(observation, match.observation(observation.player), "match")


install_checks(check_observation, check_match_observation)
