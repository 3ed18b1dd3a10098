"""``cardrules simulate --format`` and the seats its records name, run as a user would."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest

from cardrules import load_game
from cardrules.cli import main
from cardrules.errors import InvalidStateError
from cardrules.record import record_seats
from cardrules.records.text import TextGame, read_games
from cardrules.runner import simulate
from cardrules.tables import format_table

ARGV = ["simulate", "azi", "--games", "6", "--seed", "3", "--bots", "heuristic,random", "--quiet"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _expected_rows() -> list[dict[str, Any]]:
    """The rows of the same simulation run through the library, with the CLI's names."""
    game = load_game("azi")
    bots = [game.bots["heuristic"]()] + [game.bots["random"]() for _ in range(3)]
    result = simulate(game, bots, 6, seed=3, rotate_seats=True)
    names = ["heuristic", "random", "random", "random"]
    return [row | {"bot": names[int(str(row["bot_index"]))]} for row in result.to_rows()]


def test_csv_holds_the_rows_and_nothing_else(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, *ARGV, "--format", "csv")
    assert (status, err) == (0, "")
    rows = list(csv.DictReader(io.StringIO(out)))
    expected = _expected_rows()
    assert len(rows) == 24
    assert [row["bot"] for row in rows] == [row["bot"] for row in expected]
    assert [int(row["return"]) for row in rows] == [row["return"] for row in expected]
    assert [row["won_pot"] for row in rows] == [str(row["won_pot"]) for row in expected]


def test_jsonl_holds_the_rows(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, *ARGV, "--format", "jsonl")
    assert status == 0
    assert [json.loads(line) for line in out.splitlines()] == _expected_rows()


def test_table_is_the_aligned_rows(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, *ARGV, "--format", "table")
    assert status == 0
    assert out == format_table(_expected_rows()) + "\n"


def test_the_summary_stays_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    _, default, _ = run(capsys, *ARGV)
    _, summary, _ = run(capsys, *ARGV, "--format", "summary")
    assert default == summary and default.startswith("azi, 4 players, seed 3, seats rotated")
    status, _, err = run(capsys, *ARGV, "--format", "xml")
    assert status == 2 and "invalid choice: 'xml'" in err


def test_json_lines_records_name_each_seats_bot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl"
    status, _, _ = run(capsys, *ARGV, "--out", str(path))
    assert status == 0
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for index, record in enumerate(records):
        seats = record_seats(record)
        assert seats is not None and seats.index("heuristic") == index % 4
        assert load_game("azi").state_from_json(record).is_terminal  # it still loads
    status, text, _ = run(capsys, "records", "convert", str(path), "--to", "text")
    games = list(read_games(io.StringIO(text)))
    assert [game.seats for game in games] == [record_seats(record) for record in records]


def test_records_without_seats_still_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = load_game("hazari").new_state(4).to_json()  # as 0.2.0 wrote it: no "seats"
    assert "seats" not in old and record_seats(old) is None
    path = tmp_path / "old.jsonl"
    path.write_text(json.dumps(old) + "\n", encoding="utf-8")
    status, text, err = run(capsys, "records", "convert", str(path), "--to", "text")
    assert (status, err) == (0, "") and "[Seat0" not in text
    status, out, _ = run(capsys, "hazari", "check", str(path))
    assert status == 0 and "OK" in out


@pytest.mark.parametrize(
    "seats", [["a"] * 65, ["x" * 201], ["two\nlines"], "greedy", [1, 2, 3, 4], {"0": "a"}]
)
def test_bad_seats_are_refused(seats: object) -> None:
    record = load_game("hazari").new_state(4).to_json() | {"seats": seats}
    with pytest.raises(InvalidStateError, match="seats must be a list"):
        load_game("hazari").state_from_json(record)


def test_a_text_record_must_name_every_seat() -> None:
    with pytest.raises(InvalidStateError, match="4 seats cannot name"):
        TextGame.of(load_game("hazari").new_state(4), seats=["greedy"])
