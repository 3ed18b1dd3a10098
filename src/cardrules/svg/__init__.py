"""Pictures: SVG drawings of cards, hands and tables, for notebooks and replay pages.

:func:`render` draws a value as one SVG document. The core draws cards and rows of
cards; each game draws its own values (hands, states, observations) with the
helpers of :mod:`cardrules.svg.faces` and :mod:`cardrules.svg.table` (all named here
too), and declares them with :func:`register`. With ``player=``, a state is drawn as
that player sees it: the other players' hidden cards face down.

A card face is defined once per picture and used by every card that shows it; the
corner writes its rank as the card's text does (``T`` for ten):

>>> from cardrules import parse_cards
>>> picture = parse_cards("AS TH")[1]._repr_svg_()
>>> picture.startswith("<svg") and "♥" in picture and ">T<" in picture
True
>>> picture.count('<symbol id="cr-TH"'), picture.count('href="#cr-TH"')
(1, 1)

A value it cannot draw raises :class:`DrawingError` (also a :class:`TypeError`)
naming its type.
The output is deterministic and valid XML, with every text escaped.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardrules.errors import _short
from cardrules.svg.faces import (
    CARD_HEIGHT,
    CARD_WIDTH,
    NAMESPACE,
    STEP,
    DrawingError,
    card,
    card_row,
    checked,
    document,
    inline,
    number,
    row_width,
    sprite,
    text,
)
from cardrules.svg.table import Play, Seat, Table, draw_table

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "NAMESPACE",
    "STEP",
    "DrawingError",
    "Frame",
    "Play",
    "Renderer",
    "Seat",
    "Steps",
    "Table",
    "card",
    "card_row",
    "checked",
    "document",
    "draw_table",
    "drawable",
    "inline",
    "number",
    "register",
    "render",
    "row_width",
    "sprite",
    "start_of",
    "steps",
    "text",
]

Renderer = Callable[[Any, "int | None"], str]
"""A drawing function: ``(value, player)`` to an SVG document."""


@attrs.frozen
class Frame:
    """One step of a replay: its caption and its picture (an SVG document)."""

    caption: str
    picture: str


Steps = Callable[[Any, str, "int | None"], Sequence[Frame]]
"""A game's replay steps for one move: ``(position, caption, player)`` to the frames
shown for the move that reached ``position`` (see :func:`steps`)."""

_RENDERERS: dict[type, Renderer] = {}
_STARTS: dict[type, Callable[[Any], Any]] = {}
_STEPS: dict[type, Steps] = {}
_CARD_TYPES: set[type] = set()


@checked
def register(
    cls: type,
    renderer: Renderer,
    *,
    card: bool = False,
    start: Callable[[Any], Any] | None = None,
    steps: Steps | None = None,
) -> None:
    """Make :func:`render` draw instances of ``cls`` (and its subclasses) with ``renderer``.

    ``card=True`` marks a card type, so that sequences of it draw as a row;
    ``start(state)`` gives the opening position of ``state``'s game, for replays;
    ``steps`` gives the replay's frames for a move, when one picture is not enough.
    """
    _RENDERERS[cls] = renderer
    if card:
        _CARD_TYPES.add(cls)
    if start is not None:
        _STARTS[cls] = start
    if steps is not None:
        _STEPS[cls] = steps


def _lookup(table: dict[type, Any], value: object) -> Any:
    for klass in type(value).__mro__:
        if klass in table:
            return table[klass]
    return None


@checked
def render(value: object, player: int | None = None) -> str:
    """The SVG picture of ``value``: a card, a sequence of cards or a game value.

    ``player`` draws a state as that seat sees it (its observation); other
    players' hidden cards are face down and never named in the output.
    """
    if player is not None and type(player) is not int:
        raise DrawingError(f"player must be a seat number (an int) or None, got {_short(player)}")
    renderer = _lookup(_RENDERERS, value)
    if renderer is not None:
        return str(renderer(value, player))
    if isinstance(value, (tuple, list)) and all(type(v) in _CARD_TYPES for v in value):
        texts = [str(v) for v in value]
        return document(
            row_width(len(texts)) + 16, CARD_HEIGHT + 16, card_row(8, 8, texts), "cards"
        )
    raise DrawingError(
        f"cannot draw a {type(value).__name__}; cardrules.svg.render draws cards,"
        " card sequences and game values"
    )


@checked
def start_of(state: object) -> Any:
    """The opening position of ``state``'s game (from which its history replays)."""
    start = _lookup(_STARTS, state)
    if start is None:
        raise DrawingError(f"no replay is known for a {type(state).__name__}")
    return start(state)


def drawable(value: object) -> bool:
    """True if :func:`render` has a picture for ``value``'s type (a game registers its
    own); a replay draws any other position as its text.

    >>> from cardrules import parse_cards
    >>> drawable(parse_cards("AS")[0]), drawable(object())
    (True, False)
    """
    return _lookup(_RENDERERS, value) is not None


@checked
def steps(position: object, caption: str, player: int | None = None) -> tuple[Frame, ...]:
    """The replay's frames for the move that reached ``position``, captioned ``caption``.

    One frame, the picture of ``position``, unless its game registered more (a move
    that plays out several rounds at once can show each).
    """
    more = _lookup(_STEPS, position)
    if more is None:
        return (Frame(caption, render(position, player)),)
    return tuple(more(position, caption, player))
