"""Card faces and SVG documents: the drawing primitives of :mod:`cardrules.svg`.

A card face is drawn once per document, as a ``<symbol>``, and every card showing
it is a ``<use>`` of it; its corner writes the rank as the card's text does (``T``
for ten). :func:`document` defines the faces its body uses; a page that holds many
pictures inline defines them once with :func:`sprite` and strips each picture's own
with :func:`inline`.

>>> picture = document(60, 80, card(0, 0, "TH") + card(9, 0, "TH"), "two tens")
>>> picture.count('<symbol id="cr-TH"'), picture.count('href="#cr-TH"'), ">T<" in picture
(1, 2, True)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Sequence
from typing import ParamSpec, TypeVar

from cardrules.errors import CardRulesError, _short

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "NAMESPACE",
    "STEP",
    "DrawingError",
    "card",
    "card_row",
    "checked",
    "document",
    "inline",
    "number",
    "row_width",
    "sprite",
    "text",
]


# xml.sax.saxutils gives these two, but importing it loads urllib, http, email and ssl:
# a quarter of ``import cardrules``. The same rules, written out:
def escape(text: str) -> str:
    """``text`` with ``&``, ``<`` and ``>`` escaped for XML character data.

    >>> escape("A&B <T>")
    'A&amp;B &lt;T&gt;'
    """
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def quoteattr(text: str) -> str:
    """``text`` escaped and quoted as an XML attribute value.

    >>> print(quoteattr("7D"), quoteattr('a "b"'), quoteattr("it's" + ' "x"'))
    "7D" 'a "b"' "it's &quot;x&quot;"
    """
    text = escape(text).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in text:
        return f'"{text}"'
    if "'" not in text:
        return f"'{text}'"
    return '"{}"'.format(text.replace('"', "&quot;"))


CARD_WIDTH = 46
"""The width of a drawn card, in SVG units."""
CARD_HEIGHT = 66
"""The height of a drawn card, in SVG units."""
STEP = 21
"""How far apart overlapping cards in a row are drawn, in SVG units."""

NAMESPACE = "http://www.w3.org/2000/svg"
"""The SVG namespace, declared by every document :func:`document` writes."""

_SUITS = {
    "S": ("♠", "#1b1b1b"),
    "C": ("♣", "#1b1b1b"),
    "H": ("♥", "#c62828"),
    "D": ("♦", "#c62828"),
}
_FONT = "DejaVu Sans, Segoe UI Symbol, Arial, sans-serif"


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
def number(value: float) -> str:
    """``value`` as an SVG coordinate: one decimal at most, none when it is whole.

    >>> number(12.0), number(3.25), number(-0.04)
    ('12', '3.2', '0')
    """
    shown = f"{value:.1f}"
    shown = shown[:-2] if shown.endswith(".0") else shown
    return "0" if shown == "-0" else shown


@checked
def text(
    x: float,
    y: float,
    content: str,
    *,
    size: int = 14,
    anchor: str = "middle",
    fill: str = "#ffffff",
    weight: str = "normal",
) -> str:
    """A ``<text>`` element; the defaults (14, centred, white) are the document's own.

    >>> text(10, 20, "a < b", fill="#ffd54f")
    '<text x="10" y="20" fill="#ffd54f">a &lt; b</text>'
    """
    if type(size) is not int:
        raise DrawingError(f"text size must be an int, got {_short(size)}")
    for name, value in (
        ("content", content),
        ("anchor", anchor),
        ("fill", fill),
        ("weight", weight),
    ):
        if not isinstance(value, str):
            raise DrawingError(f"text {name} must be a str, got {_short(value)}")
    extra = "".join(
        f" {name}={quoteattr(value)}"
        for name, value, default in (
            ("font-size", str(size), "14"),
            ("text-anchor", anchor, "middle"),
            ("fill", fill, "#ffffff"),
            ("font-weight", weight, "normal"),
        )
        if value != default
    )
    return f'<text x="{number(x)}" y="{number(y)}"{extra}>{escape(content)}</text>'


_BACK = "cr_back"


def _symbol_id(face: str) -> str:
    """The id of a face's symbol: ``cr-`` and the text, other characters as ``_hex_``."""
    return "cr-" + "".join(
        c if c.isascii() and (c.isalnum() or c == "-") else f"_{ord(c):x}_" for c in face
    )


def _face_of(symbol: str) -> str:
    return re.sub(r"_([0-9a-f]+)_", lambda m: chr(int(m.group(1), 16)), symbol[3:])


def _symbol(symbol: str) -> str:
    """The ``<symbol>`` that draws one face (or the back) at the origin."""
    w, h = CARD_WIDTH, CARD_HEIGHT
    start = f'<symbol id="{symbol}" overflow="visible"><rect width="{w}" height="{h}" rx="5"'
    if symbol == _BACK:
        return (
            f'{start} fill="#27408b" stroke="#ffffff" stroke-width="1.5"/>'
            f'<rect x="4" y="4" width="{w - 8}" height="{h - 8}" rx="3" fill="none"'
            ' stroke="#8fa8e8" stroke-width="1" stroke-dasharray="3 2"/></symbol>'
        )
    face = _face_of(symbol)
    rank, suit = face[:-1], face[-1:]
    mark, colour = _SUITS.get(suit, ("", "#1b1b1b"))
    corner = 15 if len(rank) == 1 else 12
    return (
        f'{start} fill="#fffdf7" stroke="#555555" stroke-width="1"/>'
        f'<text x="3" y="16" font-size="{corner}" text-anchor="start" fill="{colour}"'
        f' font-weight="bold">{escape(rank)}</text>'
        f'<text x="5" y="30" font-size="13" text-anchor="start" fill="{colour}"'
        f' font-weight="normal">{mark}</text>'
        f'<text x="{w // 2 + 4}" y="{h - 10}" font-size="26" text-anchor="middle"'
        f' fill="{colour}" font-weight="normal">{mark}</text></symbol>'
    )


@checked
def card(x: float, y: float, face: str | None) -> str:
    """One card with its top-left corner at ``(x, y)``: ``"TH"`` face up, ``None`` face down.

    The card uses its face's symbol, which :func:`document` defines once.

    >>> card(0, 0, "TH")
    '<use href="#cr-TH" x="0" y="0" class="card" data-card="TH"/>'
    >>> card(4.5, 0, None)
    '<use href="#cr_back" x="4.5" y="0" class="card back"/>'
    """
    where = f'x="{number(x)}" y="{number(y)}"'
    if face is None:
        return f'<use href="#{_BACK}" {where} class="card back"/>'
    return f'<use href="#{_symbol_id(face)}" {where} class="card" data-card={quoteattr(face)}/>'


_GAP = 16


@checked
def row_width(count: int, groups: Sequence[int] = ()) -> int:
    if count == 0:
        return 0
    return (count - 1) * STEP + CARD_WIDTH + _GAP * max(0, len(groups) - 1)


@checked
def card_row(x: float, y: float, texts: Sequence[str | None], groups: Sequence[int] = ()) -> str:
    """Cards overlapping left to right from ``(x, y)``; ``groups`` sizes leave gaps between."""
    parts: list[str] = []
    bounds = set(_bounds(groups))
    offset = 0.0
    for i, face in enumerate(texts):
        if i in bounds:
            offset += _GAP
        parts.append(card(x + i * STEP + offset, y, face))
    return "".join(parts)


def _bounds(groups: Sequence[int]) -> list[int]:
    found, total = [], 0
    for size in groups[:-1]:
        total += size
        found.append(total)
    return found


_USES = re.compile(r'<use href="#(cr[-_][-_A-Za-z0-9]*)"')


def _definitions(symbols: Iterable[str]) -> str:
    found = sorted(set(symbols))
    return f"<defs>{''.join(map(_symbol, found))}</defs>" if found else ""


@checked
def document(width: float, height: float, body: str, title: str) -> str:
    """A whole SVG document of the given size around ``body``, defining the card faces
    its cards use (each once)."""
    return (
        f'<svg xmlns="{NAMESPACE}" width="{width:.0f}" height="{height:.0f}"'
        f' viewBox="0 0 {width:.0f} {height:.0f}" font-family="{_FONT}" font-size="14"'
        f' text-anchor="middle" fill="#ffffff" role="img"><title>{escape(title)}</title>'
        f"{_definitions(_USES.findall(body))}{body}</svg>"
    )


_DEFS = re.compile(r"<defs>.*?</defs>", re.DOTALL)


@checked
def inline(picture: str) -> str:
    """A document as an HTML page holds it inline, beside :func:`sprite`'s definitions:
    without its namespace (implied in HTML) or its own card faces.

    >>> picture = document(50, 70, card(0, 0, "AS"), "one")
    >>> picture.count("<symbol"), inline(picture).count("<symbol"), "xmlns" in inline(picture)
    (1, 0, False)
    """
    return _DEFS.sub("", picture.replace(f' xmlns="{NAMESPACE}"', "", 1), count=1)


@checked
def sprite(pictures: Iterable[str]) -> str:
    """One hidden inline SVG that defines, once, every card face ``pictures`` use.

    >>> shared = sprite([card(0, 0, "AS"), card(9, 0, "AS"), card(0, 0, None)])
    >>> shared.count("<symbol"), shared.count('id="cr-AS"'), shared.count('id="cr_back"')
    (2, 1, 1)
    """
    used: set[str] = set()
    for picture in pictures:
        used.update(_USES.findall(picture))
    return f'<svg id="cards" width="0" height="0" aria-hidden="true">{_definitions(used)}</svg>'
