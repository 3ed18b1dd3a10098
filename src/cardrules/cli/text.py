"""Small text helpers for what the command line prints."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["by_seat", "listed", "plural"]


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``1 game``, ``2 games``; ``many`` is the plural when it is not ``noun + "s"``.

    >>> plural(1, "game"), plural(0, "game"), plural(3, "match", "matches")
    ('1 game', '0 games', '3 matches')
    """
    return f"{count} {noun if count == 1 else (many or noun + 's')}"


def listed(items: Sequence[object], limit: int = 10) -> str:
    """The first ``limit`` items, comma-separated, then how many more there are.

    >>> listed([1, 2, 3])
    '1, 2, 3'
    >>> listed(list(range(1, 501)), 3)
    '1, 2, 3 and 497 more'
    """
    shown = ", ".join(str(item) for item in items[:limit])
    rest = len(items) - limit
    return f"{shown} and {rest} more" if rest > 0 else shown


def by_seat(values: Sequence[int], signed: bool = False) -> str:
    """Each seat's number, in words rather than as a Python list.

    >>> by_seat([20, -10, -10], signed=True)
    'seat 0 +20, seat 1 -10, seat 2 -10'
    >>> by_seat([80, 0, 0, 280])
    'seat 0 80, seat 1 0, seat 2 0, seat 3 280'
    """
    return ", ".join(
        f"seat {seat} {value:+d}" if signed else f"seat {seat} {value}"
        for seat, value in enumerate(values)
    )
