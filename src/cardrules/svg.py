"""Pictures: SVG drawings of cards, hands and tables, for notebooks and replay pages.

:func:`render` draws a value as one SVG document. The core draws cards and rows of
cards; each game draws its own values (hands, states, observations) with the
helpers here, and declares them with :func:`register`. With ``player=``, a state is
drawn as that player sees it: the other players' hidden cards face down.

>>> from cardrules import parse_cards
>>> picture = parse_cards("AS 10H")[1]._repr_svg_()
>>> picture.startswith("<svg") and "♥" in picture and ">10<" in picture
True

A value it cannot draw raises :class:`DrawingError` (also a :class:`TypeError`)
naming its type.
The output is deterministic and valid XML, with every text escaped.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import Any, ParamSpec, TypeVar
from xml.sax.saxutils import escape, quoteattr

import attrs

from cardrules.errors import CardRulesError, _short

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "NAMESPACE",
    "DrawingError",
    "Renderer",
    "Seat",
    "Table",
    "card",
    "card_row",
    "checked",
    "document",
    "draw_table",
    "drawable",
    "register",
    "render",
    "start_of",
]

CARD_WIDTH = 46
"""The width of a drawn card, in SVG units."""
CARD_HEIGHT = 66
"""The height of a drawn card, in SVG units."""

NAMESPACE = "http://www.w3.org/2000/svg"
"""The SVG namespace, declared by every document :func:`document` writes."""

Renderer = Callable[[Any, "int | None"], str]
"""A drawing function: ``(value, player)`` to an SVG document."""

_RENDERERS: dict[type, Renderer] = {}
_STARTS: dict[type, Callable[[Any], Any]] = {}
_CARD_TYPES: set[type] = set()

_SUITS = {
    "S": ("♠", "#1b1b1b"),
    "C": ("♣", "#1b1b1b"),
    "H": ("♥", "#c62828"),
    "D": ("♦", "#c62828"),
}
_FONT = "DejaVu Sans, Segoe UI Symbol, Arial, sans-serif"
_FELT = "#1f6b3a"


P = ParamSpec("P")
R = TypeVar("R")


class DrawingError(CardRulesError, TypeError):
    """A value or an argument that cannot be drawn (it is also a :class:`TypeError`)."""


def checked(function: Callable[P, R]) -> Callable[P, R]:
    """``function``, with a wrong-typed argument reported as a :class:`DrawingError`."""

    @functools.wraps(function)
    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return function(*args, **kwargs)
        except (CardRulesError, UnicodeError):  # a reader's fault, for its caller to name
            raise
        except (TypeError, AttributeError, ValueError, LookupError, ArithmeticError) as exc:
            shown = ", ".join(
                [*map(_short, args), *(f"{k}={_short(v)}" for k, v in kwargs.items())]
            )
            raise DrawingError(f"{function.__name__}({shown}): {exc}") from None

    return call


@checked
def register(
    cls: type, renderer: Renderer, *, card: bool = False, start: Callable[[Any], Any] | None = None
) -> None:
    """Make :func:`render` draw instances of ``cls`` (and its subclasses) with ``renderer``.

    ``card=True`` marks a card type, so that sequences of it draw as a row;
    ``start(state)`` gives the opening position of ``state``'s game, for replays.
    """
    _RENDERERS[cls] = renderer
    if card:
        _CARD_TYPES.add(cls)
    if start is not None:
        _STARTS[cls] = start


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
            _row_width(len(texts)) + 16, CARD_HEIGHT + 16, card_row(8, 8, texts), "cards"
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
    own); a replay draws any other position as text.

    >>> from cardrules import parse_cards
    >>> drawable(parse_cards("AS")[0]), drawable(object())
    (True, False)
    """
    return _lookup(_RENDERERS, value) is not None


def _text(
    x: float,
    y: float,
    content: str,
    *,
    size: int = 14,
    anchor: str = "middle",
    fill: str = "#ffffff",
    weight: str = "normal",
) -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}"'
        f' fill="{fill}" font-weight="{weight}">{escape(content)}</text>'
    )


@checked
def card(x: float, y: float, text: str | None) -> str:
    """One card with its top-left corner at ``(x, y)``: ``"TH"`` face up, ``None`` face down.

    >>> "10" in card(0, 0, "TH") and "#c62828" in card(0, 0, "TH")
    True
    >>> "♥" in card(0, 0, None)
    False
    """
    w, h = CARD_WIDTH, CARD_HEIGHT
    frame = f'<rect x="{x:.1f}" y="{y:.1f}" width="{w}" height="{h}" rx="5"'
    if text is None:
        return (
            f'<g class="card back">{frame} fill="#27408b" stroke="#ffffff" stroke-width="1.5"/>'
            f'<rect x="{x + 4:.1f}" y="{y + 4:.1f}" width="{w - 8}" height="{h - 8}" rx="3"'
            ' fill="none" stroke="#8fa8e8" stroke-width="1" stroke-dasharray="3 2"/></g>'
        )
    rank, suit = text[:-1], text[-1:]
    symbol, colour = _SUITS.get(suit, ("", "#1b1b1b"))
    label = "10" if rank == "T" else rank
    return (
        f'<g class="card" data-card={quoteattr(text)}>{frame} fill="#fffdf7" stroke="#555555"'
        ' stroke-width="1"/>'
        + _text(
            x + 3,
            y + 16,
            label,
            size=15 if len(label) == 1 else 12,
            anchor="start",
            fill=colour,
            weight="bold",
        )
        + _text(x + 5, y + 30, symbol, size=13, anchor="start", fill=colour)
        + _text(x + w / 2 + 4, y + h - 10, symbol, size=26, fill=colour)
        + "</g>"
    )


_STEP = 21
_GAP = 16


def _row_width(count: int, groups: Sequence[int] = ()) -> int:
    if count == 0:
        return 0
    return (count - 1) * _STEP + CARD_WIDTH + _GAP * max(0, len(groups) - 1)


@checked
def card_row(x: float, y: float, texts: Sequence[str | None], groups: Sequence[int] = ()) -> str:
    """Cards overlapping left to right from ``(x, y)``; ``groups`` sizes leave gaps between."""
    parts: list[str] = []
    bounds = set(_bounds(groups))
    offset = 0.0
    for i, text in enumerate(texts):
        if i in bounds:
            offset += _GAP
        parts.append(card(x + i * _STEP + offset, y, text))
    return "".join(parts)


def _bounds(groups: Sequence[int]) -> list[int]:
    found, total = [], 0
    for size in groups[:-1]:
        total += size
        found.append(total)
    return found


@checked
def document(width: float, height: float, body: str, title: str) -> str:
    """A whole SVG document of the given size around ``body``."""
    return (
        f'<svg xmlns="{NAMESPACE}" width="{width:.0f}" height="{height:.0f}"'
        f' viewBox="0 0 {width:.0f} {height:.0f}" font-family="{_FONT}" role="img">'
        f"<title>{escape(title)}</title>{body}</svg>"
    )


@attrs.frozen
class Seat:
    """One seat at a drawn table: its label, its cards (``None`` face down) and notes."""

    label: str
    cards: tuple[str | None, ...] = ()
    notes: tuple[str, ...] = ()
    groups: tuple[int, ...] = ()
    active: bool = False


@attrs.frozen
class Table:
    """A table to draw: seats around it, cards in the middle by seat, lines of facts."""

    title: str
    seats: tuple[Seat, ...]
    info: tuple[str, ...] = ()
    middle: tuple[tuple[int, str | None], ...] = ()
    trump: str | None = None
    bottom: int = 0


_W, _H = 980, 700
_CX, _CY, _RX, _RY = 490, 345, 300, 240


def _place(index: int, table: Table) -> tuple[float, float]:
    n = len(table.seats)
    angle = math.pi / 2 + 2 * math.pi * ((index - table.bottom) % n) / n
    return _CX + _RX * math.cos(angle), _CY + _RY * math.sin(angle)


def _seat(index: int, seat: Seat, table: Table) -> str:
    x, y = _place(index, table)
    width = max(_row_width(len(seat.cards), seat.groups), 90)
    left, top = x - width / 2, y - CARD_HEIGHT / 2
    colour = "#ffd54f" if seat.active else "#ffffff"
    parts = [f'<g class="seat" data-seat="{index}">']
    if seat.active:
        box = max([width, 8 * len(seat.label)] + [7 * len(note) for note in seat.notes])
        parts.append(
            f'<rect x="{x - box / 2 - 6:.1f}" y="{top - 28:.1f}" width="{box + 12:.1f}"'
            f' height="{CARD_HEIGHT + 34 + 16 * len(seat.notes):.1f}" rx="8" fill="none"'
            ' stroke="#ffd54f" stroke-width="2"/>'
        )
    parts.append(_text(x, top - 9, seat.label, size=15, fill=colour, weight="bold"))
    if seat.cards:
        parts.append(card_row(left, top, seat.cards, seat.groups))
    else:
        parts.append(_text(x, y + 5, "no cards", size=13, fill="#cfd8dc"))
    for i, note in enumerate(seat.notes):
        parts.append(_text(x, top + CARD_HEIGHT + 17 + 16 * i, note, size=13, fill="#e8f5e9"))
    parts.append("</g>")
    return "".join(parts)


@checked
def draw_table(table: Table) -> str:
    """The SVG document of ``table``: the felt, the seats, the middle and the facts."""
    parts = [
        f'<rect width="{_W}" height="{_H}" fill="#14361f"/>',
        f'<ellipse cx="{_CX}" cy="{_CY}" rx="{_RX - 40}" ry="{_RY - 70}" fill="{_FELT}"'
        ' stroke="#6d4c2f" stroke-width="10"/>',
        _text(14, 24, table.title, size=16, anchor="start", weight="bold"),
    ]
    top = _CY - 125 if table.middle or table.trump else _CY - 10 * len(table.info)
    if table.trump is not None:
        parts.append(_text(_CX + 175, _CY - 12, "trump", size=12, fill="#ffd54f"))
        parts.append(card(_CX + 175 - CARD_WIDTH / 2, _CY - 4, table.trump))
    for i, line in enumerate(table.info):
        parts.append(_text(_CX, top + 20 * i, line, size=15, fill="#fff8e1"))
    for seat, text in table.middle:
        x, y = _place(seat, table)
        mx, my = _CX + (x - _CX) * 0.3, _CY + 35 + (y - _CY) * 0.22
        parts.append(card(mx - CARD_WIDTH / 2, my - CARD_HEIGHT / 2, text))
    parts.extend(_seat(i, seat, table) for i, seat in enumerate(table.seats))
    return document(_W, _H, "".join(parts), table.title)
