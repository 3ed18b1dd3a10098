"""``cardrules hazari eval`` and ``cardrules hazari table``."""

from __future__ import annotations

import csv
import io
import json

import pytest

from cardrules.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_eval_three_cards(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "hazari", "eval", "AS", "KS", "QS")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Colour run A-K-Q"
    assert "kind: Colour run" in lines
    # Only the 13 trios (52 sets) and this class's 4 sets sit at or above A-K-Q suited.
    assert "strength: 727 of 740" in lines
    assert f"percentile: {100 * (22100 - 52) / 22100:.2f}" in lines
    assert not any(line.startswith("best three") for line in lines)


def test_eval_four_cards_names_the_best_three(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "hazari", "eval", "QH AS", "KS", "QS")
    assert status == 0
    assert out.splitlines()[0] == "Colour run A-K-Q"
    assert "best three: AS KS QS" in out.splitlines()


def test_eval_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "hazari", "eval", "9h 9s kd 2c", "--format", "json")
    assert status == 0
    facts = json.loads(out)
    assert facts["combination"] == "Pair 9-9-K"
    assert facts["kind"] == "Pair"
    assert facts["best_three"] == "9H 9S KD"
    assert facts["cards"] == "9H 9S KD 2C"
    assert 0 < facts["percentile"] < 100


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["AS", "KS"], "takes 3 or 4 cards, got 2"),
        (["AS", "KS", "QS", "JS", "TS"], "got 5"),
        (["AS", "KS", "AS"], "duplicate of AS"),
        (["AS", "KS", "1S"], "unknown rank '1'"),
        (["AS KS QS", "--format", "xml"], "invalid choice: 'xml'"),
        ([], "required"),
    ],
)
def test_eval_bad_input_exits_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, "hazari", "eval", *argv)
    assert status == 2
    assert out == ""
    # usage errors name the command; errors in the cards name the program
    assert err.split(": error: ")[0] in ("cardrules hazari", "cardrules hazari eval")
    assert err.count("\n") == 1
    assert message in err


def test_table_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "hazari", "table")
    lines = out.splitlines()
    assert status == 0
    assert len(lines) == 742
    assert lines[1].split()[:3] == ["740", "Trio", "A-A-A"]
    assert lines[-1].split()[:3] == ["0", "Indi", "5-3-2"]


def test_table_csv(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "hazari", "table", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert status == 0
    assert len(rows) == 741
    assert sum(int(row["sets"]) for row in rows) == 22100
    assert rows[0]["combination"] == "Trio A-A-A"
    assert [int(row["strength"]) for row in rows] == list(range(740, -1, -1))
    by_kind: dict[str, int] = {}
    for row in rows:
        by_kind[row["kind"]] = by_kind.get(row["kind"], 0) + int(row["sets"])
    assert by_kind == {
        "Trio": 52,
        "Colour run": 48,
        "Run": 720,
        "Colour": 1096,
        "Pair": 3744,
        "Indi": 16440,
    }


def test_table_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "hazari", "table", "--format", "json")
    rows = json.loads(out)
    assert status == 0
    assert len(rows) == 741
    assert rows[-1] == {
        "strength": 0,
        "kind": "Indi",
        "combination": "Indi 5-3-2",
        "ranks": "5-3-2",
        "sets": 60,
        "beats_or_ties": 60,
        "percentile": round(100 * 60 / 22100, 4),
    }


def test_table_rejects_unknown_format(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "hazari", "table", "--format", "yaml")
    assert status == 2
    assert "invalid choice: 'yaml'" in err
