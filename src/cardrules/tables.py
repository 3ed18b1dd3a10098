"""Results as data: flat rows, and rows as CSV, JSON lines, aligned text or a data frame.

A *row* is a flat dict of column names to JSON scalars (``int``, ``float``, ``str``,
``bool`` or ``None``), in column order. :meth:`SimulationResult.to_rows
<cardrules.runner.SimulationResult.to_rows>` gives one row per game and seat, with
the columns a game adds through its states' ``result_columns()`` (see
:mod:`cardrules.game`); this module turns any rows into text for files and people.

>>> rows = [{"game": 0, "seat": 0, "bot": "greedy", "return": 95},
...         {"game": 0, "seat": 1, "bot": "random", "return": 265}]
>>> print(format_table(rows))
game  seat  bot     return
   0     0  greedy      95
   0     1  random     265
>>> print(rows_text(rows, "csv"), end="")
game,seat,bot,return
0,0,greedy,95
0,1,random,265
>>> print(rows_text(rows[:1], "jsonl"), end="")
{"game":0,"seat":0,"bot":"greedy","return":95}

CSV is read by spreadsheets, which run a cell that starts with ``=``, ``+``, ``-`` or
``@`` (or a tab or carriage return) as a formula. Every CSV this package writes goes
through :func:`csv_cell`, which puts a single quote before such a text cell, so a bot
named ``=HYPERLINK(...)`` is shown as text; numbers are written as they are:

>>> print(rows_text([{"bot": "=1+2", "return": -3}], "csv"), end="")
bot,return
'=1+2,-3

pandas is imported by :func:`data_frame` alone, never by importing this module.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Iterable, Mapping
from typing import Any

from cardrules.cards import _show
from cardrules.errors import CardRulesError, SimulationError

__all__ = [
    "CSV_UNSAFE",
    "FORMATS",
    "MAX_COLUMN",
    "MAX_COLUMNS",
    "Scalar",
    "check_columns",
    "columns_of",
    "csv_cell",
    "data_frame",
    "format_table",
    "rows_text",
    "write_csv",
    "write_rows",
]

Scalar = int | float | str | bool | None
"""A value of one column: a JSON scalar."""

Row = dict[str, Scalar]
"""One row: column names to values, in column order (a type alias for annotations)."""

FORMATS = ("csv", "jsonl", "table")
"""The text forms :func:`write_rows` writes."""

CSV_UNSAFE = ("=", "+", "-", "@", "\t", "\r")
"""The first characters that make a spreadsheet read a CSV cell as a formula."""

MAX_COLUMNS = 100
"""The most columns a game may add to a seat's row."""

MAX_COLUMN = 64
"""The longest column name, in characters."""


def _scalar(value: object, what: str) -> Scalar:
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise SimulationError(f"{what} must be a finite number, got {_show(value)}")
        return value
    raise SimulationError(f"{what} must be an int, float, str, bool or None, got {_show(value)}")


def check_columns(value: object, what: str = "a seat's columns") -> tuple[tuple[str, Scalar], ...]:
    """``value``, a mapping of column names to scalars, as ``(name, value)`` pairs in order.

    A name is a non-empty identifier of at most :data:`MAX_COLUMN` characters, and there
    are at most :data:`MAX_COLUMNS`; anything else raises
    :class:`~cardrules.errors.SimulationError` naming ``what``.

    >>> check_columns({"rounds_won": 2, "kind_1": "Trio"})
    (('rounds_won', 2), ('kind_1', 'Trio'))
    >>> check_columns({"return": float("nan")}, "seat 0")
    Traceback (most recent call last):
    ...
    cardrules.errors.SimulationError: column 'return' of seat 0 must be a finite number, got nan
    """
    if not isinstance(what, str):
        raise SimulationError(f"what must be text naming the columns, got {_show(what)}")
    if not isinstance(value, Mapping):
        raise SimulationError(f"{what} must be a mapping of names to values, got {_show(value)}")
    if len(value) > MAX_COLUMNS:
        raise SimulationError(f"{what} hold {len(value)} columns, more than {MAX_COLUMNS}")
    names = tuple(value)
    if not all(type(name) is str for name in names) or names not in _GOOD_NAMES:
        for name in names:
            if not isinstance(name, str) or not name.isidentifier() or len(name) > MAX_COLUMN:
                raise SimulationError(
                    f"a column name of {what} must be an identifier of at most {MAX_COLUMN}"
                    f" characters, got {_show(name)}"
                )
        if len(_GOOD_NAMES) < _KEPT_NAMES:
            _GOOD_NAMES.add(names)
    return tuple(
        (name, item if type(item) in _PLAIN else _scalar(item, f"column {name!r} of {what}"))
        for name, item in value.items()
    )


_PLAIN = frozenset({int, str, bool, type(None)})
_GOOD_NAMES: set[tuple[str, ...]] = set()
"""Column names already checked, so a game's rows are checked once (a few sets at most)."""
_KEPT_NAMES = 256


def columns_of(rows: Iterable[Mapping[str, object]]) -> list[str]:
    """Every column name of ``rows``, in the order they first appear.

    >>> columns_of([{"a": 1, "b": 2}, {"a": 3, "c": 4}])
    ['a', 'b', 'c']
    """
    seen: dict[str, None] = {}
    for row in _rows(rows):
        seen.update(dict.fromkeys(row))
    return list(seen)


def _rows(rows: object) -> list[Mapping[str, object]]:
    if isinstance(rows, (str, bytes, Mapping)) or not isinstance(rows, Iterable):
        raise SimulationError(f"rows must be an iterable of dicts, got {_show(rows)}")
    found = list(rows)
    for row in found:
        if not isinstance(row, Mapping) or not all(isinstance(key, str) for key in row):
            raise SimulationError(f"each row must be a dict of column names, got {_show(row)}")
    return found


_WRITABLE = frozenset({str, bool, float, type(None)})
"""The cell types every writer writes as they are (ints are checked for their length)."""


def _writable(value: object, column: str, row: int) -> object:
    """``value`` if it is a cell the writers can write: a JSON scalar, an int short
    enough to write as text; else SimulationError naming the cell. NaN and infinities
    are written as ``nan`` and ``inf`` in a table and a CSV (JSON lines refuse them)."""
    if type(value) in _WRITABLE or isinstance(value, (str, float)):
        return value
    if isinstance(value, int):
        if value.bit_length() > _LONGEST_INT:
            raise SimulationError(
                f"column {_show(column)} of row {row} holds {_show(value)}, too long to write"
            )
        return value
    raise SimulationError(
        f"column {_show(column)} of row {row} holds {_show(value)}, not an int, float, str,"
        " bool or None"
    )


_LONGEST_INT = 10_000
"""The most bits of an int a cell holds (about 3,000 digits; Python writes at most 4,300)."""


def _cells(row: Mapping[str, object], names: list[str], number: int) -> list[object]:
    """The cells of ``row`` under ``names`` (None where missing), each checked writable."""
    cells = [row.get(name) for name in names]
    if all(type(cell) in _WRITABLE for cell in cells):
        return cells
    return [_writable(cell, name, number) for cell, name in zip(cells, names, strict=True)]


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return repr(value)
    return str(value)


def csv_cell(value: object) -> object:
    """``value`` as a CSV cell that a spreadsheet shows and never runs.

    Text that starts with one of :data:`CSV_UNSAFE` gets a single quote in front (as
    spreadsheet-safe writers do); any other value, numbers included, is unchanged.

    >>> csv_cell("=HYPERLINK(1)"), csv_cell("-3"), csv_cell(-3), csv_cell("greedy")
    ("'=HYPERLINK(1)", "'-3", -3, 'greedy')
    """
    if isinstance(value, str) and value.startswith(CSV_UNSAFE):
        return "'" + value
    return value


def _check_text_file(file: object) -> None:
    """Refuse what is not a text file open for writing (a binary file too)."""
    binary = isinstance(file, (io.RawIOBase, io.BufferedIOBase)) or "b" in str(
        getattr(file, "mode", "")
    )
    if binary or not callable(getattr(file, "write", None)):
        raise SimulationError(f"rows are written to a text file, got {_show(file)}")


def write_csv(rows: Iterable[Mapping[str, object]], file: Any, columns: Iterable[str]) -> None:
    """Write ``rows`` to the text ``file`` as CSV: a header of ``columns``, then a line
    per row with a blank cell for a missing or ``None`` value, every cell (header
    included) through :func:`csv_cell`, and a cell holding a comma, a quote or a line
    break in double quotes. Every CSV writer of the package uses this."""
    _check_text_file(file)
    found, names = _rows(rows), _names(columns)
    # The csv module quotes a cell holding a line break only if the break is in its
    # line terminator: write each line ended by "\r\n", so a bare "\r" is quoted too,
    # then end it with "\n".
    line = io.StringIO()
    writer = csv.writer(line, lineterminator="\r\n")

    def write(cells: list[object]) -> None:
        writer.writerow([csv_cell(cell) for cell in cells])
        file.write(line.getvalue()[:-2] + "\n")
        line.seek(0)
        line.truncate()

    write(list(names))
    for number, row in enumerate(found):
        write(_cells(row, names, number))


def format_table(rows: Iterable[Mapping[str, object]]) -> str:
    """``rows`` as an aligned plain-text table: a header, then one line per row.

    Numbers are right-aligned and text left-aligned; a missing or ``None`` value is
    blank. No rows give an empty string. A value that is not a scalar raises
    :class:`~cardrules.errors.SimulationError` naming it, as every writer here does:

    >>> format_table([{"bot": ["greedy"]}])
    Traceback (most recent call last):
    ...
    cardrules.errors.SimulationError: column 'bot' of row 0 holds ['greedy'], not an int, \
float, str, bool or None
    """
    found = _rows(rows)
    names = columns_of(found)
    if not names:
        return ""
    cells = [
        [_cell(value) for value in _cells(row, names, number)] for number, row in enumerate(found)
    ]
    widths = [max(len(name), *(len(line[i]) for line in cells)) for i, name in enumerate(names)]
    numeric = [
        all(isinstance(row.get(name), (int, float)) for row in found if row.get(name) is not None)
        for name in names
    ]

    def line(values: list[str]) -> str:
        return "  ".join(
            value.rjust(width) if right else value.ljust(width)
            for value, width, right in zip(values, widths, numeric, strict=True)
        ).rstrip()

    header = "  ".join(
        name.rjust(width) if right and found else name.ljust(width)
        for name, width, right in zip(names, widths, numeric, strict=True)
    ).rstrip()
    return "\n".join([header, *(line(values) for values in cells)])


def write_rows(rows: Iterable[Mapping[str, object]], file: Any, format: str) -> None:
    """Write ``rows`` to the text ``file`` as ``format``, one of :data:`FORMATS`.

    ``csv`` writes a header of every column (:func:`columns_of`) and a blank cell for a
    missing or ``None`` value, a text cell that a spreadsheet would run as a formula
    quoted by :func:`csv_cell`; ``jsonl`` writes one compact JSON object per line, in
    column order; ``table`` writes :func:`format_table` and a newline.
    """
    if format not in FORMATS:
        raise SimulationError(f"unknown format {_show(format)}; choose from {', '.join(FORMATS)}")
    _check_text_file(file)
    found = _rows(rows)
    if format == "csv":
        write_csv(found, file, columns_of(found))
    elif format == "jsonl":
        for number, row in enumerate(found):
            file.write(_json_line(row, number) + "\n")
    else:
        text = format_table(found)
        file.write(text + "\n" if text else "")


def _json_line(row: Mapping[str, object], number: int) -> str:
    names = list(row)
    cells = dict(zip(names, _cells(row, names, number), strict=True))
    try:
        return json.dumps(cells, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise SimulationError(f"a row that JSON cannot hold: {_show(row)} ({exc})") from None


def rows_text(rows: Iterable[Mapping[str, object]], format: str) -> str:
    """What :func:`write_rows` would write, as a string."""
    out = io.StringIO()
    write_rows(rows, out, format)
    return out.getvalue()


def data_frame(rows: Iterable[Mapping[str, object]], columns: Iterable[str] | None = None) -> Any:
    """``rows`` as a :class:`pandas.DataFrame`, columns in order (needs pandas).

    pandas is imported here, on first use; without it this raises
    :class:`~cardrules.errors.SimulationError` saying how to install it.
    """
    found = _rows(rows)
    names = columns_of(found) if columns is None else _names(columns)
    try:
        import pandas  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError:
        raise SimulationError(
            "a data frame needs pandas: install it with 'pip install cardrules[pandas]'"
        ) from None
    try:
        return pandas.DataFrame.from_records(found, columns=names)
    except Exception as exc:  # pandas refuses what it cannot hold
        raise CardRulesError(f"pandas cannot hold these rows: {exc}") from exc


def _names(columns: object) -> list[str]:
    if isinstance(columns, (str, bytes)) or not isinstance(columns, Iterable):
        raise SimulationError(f"columns must be an iterable of names, got {_show(columns)}")
    names = list(columns)
    if not all(isinstance(name, str) for name in names):
        raise SimulationError(f"column names must be text, got {_show(names)}")
    return names
