"""What every game's observations share: the checks their ``from_json`` runs.

An observation read from JSON loads only if some real game gives it to its player.
Checking that replays games, so the check lives in the game's ``witness`` module,
above the state module that builds observations; the witness hands its checks down
with :meth:`ObservationChecks.install` rather than being imported. Until they are
installed, nothing loads.

>>> checks = ObservationChecks("Toy", "toy.witness")
>>> checks.checked("game", "seen")
Traceback (most recent call last):
    ...
cardrules.errors.InvalidStateError: Toy observations are checked by toy.witness, which is not loaded
>>> checks.install(game=lambda seen: None, match=lambda seen: None)
>>> checks.checked("game", "seen")
'seen'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, TypeVar

from cardrules.errors import InvalidStateError

__all__ = ["Check", "ObservationChecks"]

Check = Callable[[Any], None]
"""A check of one observation: it returns if a real game gives it, else raises."""

Seen = TypeVar("Seen")


class ObservationChecks:
    """The checks of one game's observations: ``game`` for a game's, ``match`` for a
    match's. ``game_name`` and ``witness`` (the module that installs them) name what
    is missing while they are not installed."""

    __slots__ = ("_checks", "_game_name", "_witness")

    def __init__(self, game_name: str, witness: str) -> None:
        self._game_name = game_name
        self._witness = witness
        self._checks: dict[str, Check] = {}

    def install(self, game: Check, match: Check) -> None:
        """Install the checks that ``from_json`` runs on every observation it reads:
        ``game`` for a game's observation, ``match`` for a match's."""
        self._checks["game"] = game
        self._checks["match"] = match

    def checked(self, kind: Literal["game", "match"], observation: Seen) -> Seen:
        """``observation`` once the ``kind`` check accepts it (InvalidStateError if no
        check is installed)."""
        check = self._checks.get(kind)
        if check is None:
            raise InvalidStateError(
                f"{self._game_name} observations are checked by {self._witness},"
                " which is not loaded"
            )
        check(observation)
        return observation

    def __repr__(self) -> str:
        return f"ObservationChecks({self._game_name!r}, {self._witness!r})"
