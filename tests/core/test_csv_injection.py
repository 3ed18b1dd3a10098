"""CSV output never holds a cell a spreadsheet would run as a formula (issue 29, item 2)."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardrules.cli.simulate as simulate_cli
from cardrules.cli import main
from cardrules.cli.games import parse_bots
from cardrules.errors import SimulationError
from cardrules.registry import Game
from cardrules.tables import csv_cell, rows_text, write_csv

DANGEROUS = "=+-@\t\r"
"""OWASP's list of first characters a spreadsheet reads as the start of a formula."""


def _expected(value: str) -> str:
    """A naive reference: the cell a spreadsheet-safe writer gives ``value``."""
    return "'" + value if value[:1] in tuple(DANGEROUS) and value else value


def _cells(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


def test_simulate_csv_quotes_a_formula_bot_name(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    hostile = ['=HYPERLINK("http://x","y")', "@SUM(A1)", "+1", "-2+3"]

    def renamed(
        game: Game, text: str | None, time_limit: float | None = None
    ) -> tuple[list[str], list[Any]]:
        names, bots = parse_bots(game, text, time_limit)
        return hostile[: len(names)], bots

    monkeypatch.setattr(simulate_cli, "parse_bots", renamed)
    argv = ["simulate", "azi", "--games", "2", "--seed", "5", "--quiet", "--format", "csv"]
    argv += ["--bots", "heuristic,random,random,random"]
    status = main(argv)
    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    header, *rows = _cells(out)
    bots = [row[header.index("bot")] for row in rows]
    assert len(rows) == 8 and set(bots) == {"'" + name for name in hostile}
    returns = [int(row[header.index("return")]) for row in rows]
    assert sum(returns) == 0 and any(value < 0 for value in returns)  # numbers stay numbers
    assert all(
        not cell.startswith(tuple(DANGEROUS))
        for row in rows
        for cell in row
        if not cell.lstrip("-").isdigit()
    )


def test_hazari_table_csv_goes_through_the_same_cell(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hazari", "table", "--format", "csv"]) == 0
    header, *rows = _cells(capsys.readouterr().out)
    assert header[0] == "strength" and len(rows) == 741
    assert not any(cell.startswith(tuple(DANGEROUS)) for row in rows for cell in row)


def test_numbers_are_not_quoted() -> None:
    text = rows_text([{"return": -3, "mean": -0.5, "flag": True, "none": None}], "csv")
    assert text == "return,mean,flag,none\n-3,-0.5,True,\n"
    assert [csv_cell(value) for value in (-3, -0.5, None, False)] == [-3, -0.5, None, False]


@given(
    st.lists(st.text(max_size=12), min_size=1, max_size=4),
    st.lists(st.text(alphabet=DANGEROUS + "ab1 '\n\"", max_size=6), min_size=1, max_size=4),
)
def test_no_cell_starts_a_formula(values: list[str], names: list[str]) -> None:
    """Any text, as values and as column names: every cell read back is the value, with a
    quote in front exactly where it would start a formula."""
    columns = list(dict.fromkeys(names))
    rows = [dict.fromkeys(columns, value) for value in values]
    header, *back = _cells(rows_text(rows, "csv"))
    assert header == [_expected(name) for name in columns]
    assert back == [[_expected(value)] * len(columns) for value in values]
    assert not any(cell.startswith(tuple(DANGEROUS)) for line in [header, *back] for cell in line)


def test_write_csv_refuses_bad_arguments() -> None:
    with pytest.raises(SimulationError, match="text file"):
        write_csv([], None, ["a"])
    with pytest.raises(SimulationError, match="iterable of dicts"):
        write_csv("rows", io.StringIO(), ["a"])  # type: ignore[arg-type]
    with pytest.raises(SimulationError, match="column names must be text"):
        write_csv([], io.StringIO(), [1])  # type: ignore[list-item]
    out = io.StringIO()
    write_csv([{"a": "x\ry", "b": 1}], out, ["a"])
    assert out.getvalue() == 'a\n"x\ry"\n'
