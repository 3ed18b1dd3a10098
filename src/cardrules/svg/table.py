"""Tables: seats round a felt, their cards in groups with captions, plays in the middle.

A game describes a position as a :class:`Table` of :class:`Seat` values and
:func:`draw_table` lays it out: each seat is pushed out to the edge of the
picture (its cards wrapped into rows at the sides), the felt is the largest
ellipse that touches no seat, and the plays lie in front of their seats, clear
of the lines of facts in the middle.

>>> table = Table("two seats", (Seat("north", ("AS", "KS")), Seat("south", (None, None))))
>>> picture = draw_table(table)
>>> picture.count('class="card"'), picture.count('class="card back"')
(2, 2)
"""

from __future__ import annotations

import math

import attrs

from cardrules.svg.faces import CARD_HEIGHT, card_row, checked, document, number, row_width, text

__all__ = ["Play", "Seat", "Table", "draw_table"]


@attrs.frozen
class Seat:
    """One seat at a drawn table: its label, its cards (``None`` face down) and notes.

    ``groups`` splits the cards into groups of those sizes, drawn apart, each with
    its caption from ``captions`` under it; ``active`` frames the seat to act.
    """

    label: str
    cards: tuple[str | None, ...] = ()
    notes: tuple[str, ...] = ()
    groups: tuple[int, ...] = ()
    active: bool = False
    captions: tuple[str, ...] = ()


@attrs.frozen
class Play:
    """Cards a seat has put on the table, drawn in front of it with a caption;
    ``marked`` frames them (the cards that take a trick or a round)."""

    seat: int
    cards: tuple[str | None, ...]
    caption: str = ""
    marked: bool = False


@attrs.frozen
class Table:
    """A table to draw: seats around it, lines of facts in the middle, and what lies on it.

    ``middle`` holds single cards by seat (a trick), ``plays`` groups of cards by
    seat; ``trump`` is drawn beside the cards of seat ``dealer`` (in the middle
    when ``dealer`` is ``None``). Seat ``bottom`` sits at the bottom, and the seat
    numbers run clockwise round the table, or counter-clockwise.
    """

    title: str
    seats: tuple[Seat, ...]
    info: tuple[str, ...] = ()
    middle: tuple[tuple[int, str | None], ...] = ()
    trump: str | None = None
    bottom: int = 0
    dealer: int | None = None
    plays: tuple[Play, ...] = ()
    clockwise: bool = True


_W, _H = 980, 700
_MARGIN, _TOP = 10, 36  # the title's line is above _TOP
_LABEL, _LINE, _ROW_GAP, _ITEM_GAP, _PAD = 22, 16, 6, 14, 6
_SIDE, _WIDE = 180, 620  # how wide a row of cards may be at a side seat, at the others
_GOLD = "#ffd54f"
_Box = tuple[float, float, float, float]  # left, top, right, bottom


def _wide(content: str, size: float) -> float:
    """About how wide ``content`` is drawn at ``size`` (DejaVu Sans averages 0.6 em)."""
    return 0.6 * size * len(content)


@attrs.frozen
class _Item:
    """A group of cards in a row, its caption under it."""

    cards: tuple[str | None, ...]
    caption: str = ""
    gold: bool = False
    kind: str = 'class="hand"'

    @property
    def width(self) -> float:
        return max(row_width(len(self.cards)) or _wide("no cards", 13), _wide(self.caption, 12))

    @property
    def height(self) -> float:
        return CARD_HEIGHT + (_LINE if self.caption else 0)


def _items(seat: Seat, trump: str | None, limit: float) -> list[_Item]:
    items, start = [], 0
    for index, size in enumerate(seat.groups):
        caption = seat.captions[index] if index < len(seat.captions) else ""
        cards = seat.cards[start : start + size]
        items.extend(_split(_Item(cards, caption, kind='class="group"'), limit))
        start += size
    if start < len(seat.cards) or not items:
        items.extend(_split(_Item(seat.cards[start:]), limit))
    if trump is not None:
        items.append(_Item((trump,), "trump", gold=True, kind='class="trump"'))
    return items


def _split(item: _Item, limit: float) -> list[_Item]:
    """A long row of cards without a caption as rows of about equal length."""
    rows = -int(-item.width // limit)
    if item.caption or rows < 2:
        return [item]
    size = -(-len(item.cards) // rows)
    return [
        attrs.evolve(item, cards=item.cards[i : i + size]) for i in range(0, len(item.cards), size)
    ]


def _rows(items: list[_Item], limit: float) -> list[list[_Item]]:
    rows: list[list[_Item]] = []
    for item in items:
        if rows and _span(rows[-1]) + _ITEM_GAP + item.width <= limit:
            rows[-1].append(item)
        else:
            rows.append([item])
    return rows


def _span(row: list[_Item]) -> float:
    return sum(item.width for item in row) + _ITEM_GAP * (len(row) - 1)


def _depth(row: list[_Item]) -> float:
    return max(item.height for item in row)


@attrs.frozen
class _Block:
    """A seat laid out: its rows of items, and the size of all it draws."""

    seat: Seat
    rows: list[list[_Item]]
    width: float
    height: float

    @classmethod
    def of(cls, seat: Seat, trump: str | None, limit: float) -> _Block:
        rows = _rows(_items(seat, trump, limit), limit)
        width = max(
            [_wide(seat.label, 15.5), *map(_span, rows), *(_wide(n, 13) for n in seat.notes)]
        )
        height = (
            _LABEL
            + sum(map(_depth, rows))
            + _ROW_GAP * (len(rows) - 1)
            + _LINE * len(seat.notes)
            + 4
        )
        return cls(seat, rows, width + 2 * _PAD, height + 2 * _PAD)


_CX, _CY = _W / 2, (_TOP + _H) / 2


def _direction(index: int, table: Table) -> tuple[float, float]:
    """Where seat ``index`` sits, as a unit vector from the centre (y grows downwards)."""
    n = len(table.seats)
    turn = (index - table.bottom) % n / n * (1 if table.clockwise else -1)
    return math.cos(math.pi / 2 + 2 * math.pi * turn), math.sin(math.pi / 2 + 2 * math.pi * turn)


def _reach(dx: float, dy: float, half_w: float, half_h: float) -> float:
    """How far from the centre a box may go along ``(dx, dy)`` and stay on the picture."""
    limits = []
    if abs(dx) > 1e-9:
        limits.append((_CX - _MARGIN - half_w) / abs(dx))
    if dy > 1e-9:
        limits.append((_H - _MARGIN - half_h - _CY) / dy)
    elif dy < -1e-9:
        limits.append((_CY - _TOP - half_h) / -dy)
    return max(0.0, min(limits))


def _placed(table: Table) -> list[tuple[_Block, float, float]]:
    """Each seat's block and its centre, pushed out to the edge of the picture."""
    placed = []
    for index, seat in enumerate(table.seats):
        dx, dy = _direction(index, table)
        trump = table.trump if index == table.dealer else None
        block = _Block.of(seat, trump, _SIDE if abs(dx) > 0.8 else _WIDE)
        reach = _reach(dx, dy, block.width / 2, block.height / 2)
        placed.append((block, _CX + reach * dx, _CY + reach * dy))
    return placed


def _felt(placed: list[tuple[_Block, float, float]]) -> tuple[float, float]:
    """The radii of the largest table, shaped like the picture, that touches no seat."""
    across, down = _CX - _MARGIN, (_H - _TOP) / 2 - _MARGIN
    scale = 1.0
    for block, x, y in placed:
        gaps = []
        for centre, half, size in (
            (x - _CX, block.width / 2, across),
            (y - _CY, block.height / 2, down),
        ):
            gaps.append(max(0.0, abs(centre) - half) / size)
        scale = min(scale, math.hypot(*gaps))
    return max(80.0, scale * across - 12), max(60.0, scale * down - 12)


def _draw_items(row: list[_Item], x: float, y: float) -> str:
    """Each item at its place, its cards and caption drawn relative to its corner, so
    that the same group drawn anywhere is the same text inside."""
    parts = []
    for item in row:
        parts.append(f'<g {item.kind} transform="translate({number(x)},{number(y)})">')
        middle = item.width / 2
        if item.cards:
            parts.append(card_row(middle - row_width(len(item.cards)) / 2, 0, item.cards))
        else:
            parts.append(text(middle, CARD_HEIGHT / 2 + 5, "no cards", size=13))
        if item.caption:
            fill = _GOLD if item.gold else "#e8f5e9"
            parts.append(text(middle, CARD_HEIGHT + 13, item.caption, size=12, fill=fill))
        parts.append("</g>")
        x += item.width + _ITEM_GAP
    return "".join(parts)


def _draw_seat(index: int, block: _Block, x: float, y: float) -> str:
    seat = block.seat
    top = y - block.height / 2 + _PAD
    parts = [f'<g class="seat" data-seat="{index}">']
    if seat.active:
        parts.append(
            f'<rect x="{number(x - block.width / 2)}" y="{number(y - block.height / 2)}"'
            f' width="{number(block.width)}" height="{number(block.height)}" rx="8"'
            f' fill="none" stroke="{_GOLD}" stroke-width="2"/>'
        )
    fill = _GOLD if seat.active else "#ffffff"
    parts.append(text(x, top + 15, seat.label, size=15, fill=fill, weight="bold"))
    row_top = top + _LABEL
    for row in block.rows:
        parts.append(_draw_items(row, x - _span(row) / 2, row_top))
        row_top += _depth(row) + _ROW_GAP
    for i, note in enumerate(seat.notes):
        parts.append(text(x, row_top + 7 + _LINE * i, note, size=13, fill="#e8f5e9"))
    parts.append("</g>")
    return "".join(parts)


def _boxes_meet(a: _Box, b: _Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _plays(table: Table) -> list[Play]:
    plays = [Play(seat, (face,)) for seat, face in table.middle]
    if table.trump is not None and table.dealer is None:
        plays.append(Play(-1, (table.trump,), "trump"))
    return plays + list(table.plays)


def _inside(box: _Box, radii: tuple[float, float]) -> bool:
    """Whether ``box`` lies on the felt, clear of its rim."""
    rx, ry = radii[0] - 6, radii[1] - 6
    return all(
        ((x - _CX) / rx) ** 2 + ((y - _CY) / ry) ** 2 <= 1
        for x in (box[0], box[2])
        for y in (box[1], box[3])
    )


def _spot(
    item: _Item, toward: tuple[float, float], radii: tuple[float, float], taken: list[_Box]
) -> _Box:
    """Where a play lies: on the way from the middle to its seat, as near the middle as
    it can be on the felt and clear of the facts and the plays before it; pushed up or
    down, away from the middle, when the facts are in its way."""
    facts = taken[0]
    dx, dy = toward
    half_w, half_h = item.width / 2 + 6, item.height / 2 + 6
    candidates = []
    for step in range(5, 20):
        x, y = _CX + step / 20 * radii[0] * dx, _CY + step / 20 * radii[1] * dy
        box = (x - half_w, y - half_h, x + half_w, y + half_h)
        if _boxes_meet(box, facts) and abs(dy) > 1e-9:
            y = facts[3] + half_h if dy > 0 else facts[1] - half_h
            box = (x - half_w, y - half_h, x + half_w, y + half_h)
        candidates.append(box)
        if _inside(box, radii) and not any(_boxes_meet(box, other) for other in taken):
            return box
    return candidates[0]


def _draw_plays(table: Table, radii: tuple[float, float], info: tuple[float, float]) -> str:
    """The plays, each in front of its seat (a trump without a dealer to the right)."""
    taken = [(_CX - info[0] / 2, _CY - info[1] / 2, _CX + info[0] / 2, _CY + info[1] / 2)]
    parts = []
    for play in _plays(table):
        kind = f'class="play{" taken" if play.marked else ""}" data-seat="{play.seat}"'
        if play.seat < 0:
            kind = 'class="trump"'
        item = _Item(play.cards, play.caption, play.marked or play.seat < 0, kind)
        toward = _direction(play.seat, table) if play.seat >= 0 else (1.0, 0.0)
        box = _spot(item, toward, radii, taken)
        taken.append(box)
        if play.marked:
            parts.append(
                f'<rect x="{number(box[0] + 2)}" y="{number(box[1] + 2)}"'
                f' width="{number(item.width + 8)}" height="{number(item.height + 8)}" rx="6"'
                f' fill="none" stroke="{_GOLD}" stroke-width="2.5"/>'
            )
        parts.append(_draw_items([item], box[0] + 6, box[1] + 6))
    return "".join(parts)


@checked
def draw_table(table: Table) -> str:
    """The SVG document of ``table``: the felt, the seats, the plays and the facts."""
    placed = _placed(table)
    radii = _felt(placed)
    info_size = (max([_wide(line, 15) for line in table.info] or [0]), 20.0 * len(table.info))
    parts = [
        f'<rect width="{_W}" height="{_H}" fill="#14361f"/>',
        f'<ellipse cx="{number(_CX)}" cy="{number(_CY)}" rx="{number(radii[0])}"'
        f' ry="{number(radii[1])}" fill="#1f6b3a" stroke="#6d4c2f" stroke-width="10"/>',
        text(14, 24, table.title, size=16, anchor="start", weight="bold"),
    ]
    for i, line in enumerate(table.info):
        parts.append(text(_CX, _CY - info_size[1] / 2 + 15 + 20 * i, line, size=15, fill="#fff8e1"))
    parts.append(_draw_plays(table, radii, info_size))
    parts.extend(_draw_seat(i, block, x, y) for i, (block, x, y) in enumerate(placed))
    return document(_W, _H, "".join(parts), table.title)
