"""The terminal view of a game: what ``cardrules play`` and ``cardrules deal`` ask it.

Each game's folder has a ``view`` module (:mod:`cardrules.hazari.view`,
:mod:`cardrules.azi.view`) that defines its :class:`View`, named ``VIEW``, from the
narration helpers of :mod:`cardrules.text`; the game's definition declares it
(:attr:`cardrules.registry.GameDefinition.view`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardrules.game import LegalActions
from cardrules.text import Narrator, Option

__all__ = ["View"]


@attrs.frozen
class View:
    """A game's terminal view, which ``cardrules play`` asks.

    - ``narrator(names, unicode)``: the :class:`~cardrules.text.Narrator` of a game
      between ``names``;
    - ``show(observation, unicode)``: the lines describing a person's position;
    - ``options(observation, legal, unicode)``: the numbered choices offered;
    - ``parse(text, observation)``: an action read from typed text (a package error
      whose message is shown, if it cannot be read);
    - ``deal(seed, players, dealer, unicode)``: the lines ``cardrules deal`` prints for
      a seeded deal, or ``None`` to print the new state as ``str(state)`` shows it.
    """

    narrator: Callable[[Sequence[str], bool], Narrator]
    show: Callable[[Any, bool], list[str]]
    options: Callable[[Any, LegalActions[Any], bool], list[Option]]
    parse: Callable[[str, Any], Any]
    deal: Callable[[int, int, int, bool], list[str]] | None = None
