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
    - ``deal(state, unicode)``: the lines ``cardrules deal`` prints below its header for
      a new state (the hands as dealt), or ``None`` to print it as ``str(state)`` shows it;
    - ``aliases(action)``: short forms a person may type for an offered action beyond
      the words of its label (an Azi raise's amount), or ``None`` for none.
    """

    narrator: Callable[[Sequence[str], bool], Narrator]
    show: Callable[[Any, bool], list[str]]
    options: Callable[[Any, LegalActions[Any], bool], list[Option]]
    parse: Callable[[str, Any], Any]
    deal: Callable[[Any, bool], list[str]] | None = None
    aliases: Callable[[Any], Sequence[str]] | None = None
