"""Small text helpers for what the command line prints."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["by_seat", "listed", "plural", "terminal_safe", "terminal_safe_lines"]

_BIDI = frozenset(range(0x202A, 0x202F)) | frozenset(range(0x2066, 0x206A))
"""The bidirectional embedding, override and isolate controls, which reorder what follows."""


def _unsafe(code: int) -> bool:
    return code < 0x20 or 0x7F <= code <= 0x9F or code in _BIDI


def _escaped(char: str) -> str:
    code = ord(char)
    if not _unsafe(code):
        return char
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def terminal_safe(text: str) -> str:
    """``text`` with every character that could steer a terminal written as visible text.

    C0 controls (newline and tab included), DEL, C1 controls and the bidirectional
    overrides and isolates (U+202A to U+202E, U+2066 to U+2069) become ``\\x1b`` or
    ``\\u202e``; a backslash before them stays as it is, so the result is for
    reading, not for parsing back. Every command that prints text taken from a
    file (tags, comments, seat names, actions, error messages that quote them)
    passes it through here first.

    >>> terminal_safe("Tom\\x1b]0;owned\\x07 \\u202eevil")
    'Tom\\\\x1b]0;owned\\\\x07 \\\\u202eevil'
    >>> terminal_safe("plain text, K\u2665 and all")
    'plain text, K\u2665 and all'
    """
    if text.isprintable() and text.isascii():
        return text
    return "".join(_escaped(char) for char in text)


def terminal_safe_lines(text: str) -> str:
    """:func:`terminal_safe` on each line of ``text`` the command itself broke with ``\\n``."""
    return "\n".join(terminal_safe(line) for line in text.split("\n"))


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
