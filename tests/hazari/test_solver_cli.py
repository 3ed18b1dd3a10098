"""``cardrules hazari arrange``: the best and greedy arrangements, the count, bad input."""

from __future__ import annotations

import json

import pytest

from cardrules import parse_cards
from cardrules.cli import main
from cardrules.hazari import (
    arrangement_value,
    best_arrangement,
    count_valid_arrangements,
    greedy_arrangement,
)
from cardrules.hazari.value_model import generate_tables, model_to_json

HAND = "AS KS QS JS 9H 9D 9C 7C 5D 4H 3S 2C 2D"


def test_arrange_prints_best_and_greedy(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hazari", "arrange", HAND]) == 0
    out = capsys.readouterr().out.splitlines()
    cards = parse_cards(HAND)
    best, greedy = best_arrangement(cards), greedy_arrangement(cards)
    assert out[0] == f"best arrangement: {best}"
    assert out[1].startswith("  round 1  9H 9D 9C     Trio 9-9-9          win ")
    assert out[5] == f"  expected card points: {arrangement_value(best):.1f}"
    assert out[6] == f"greedy arrangement: {greedy}"
    gain = arrangement_value(best) - arrangement_value(greedy)
    assert out[-1] == f"gain over greedy: {gain:+.1f} expected card points"


def test_arrange_with_simulation(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hazari", "arrange", *HAND.split(), "--deals", "20", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.count("simulated (20 deals, seed 3): win ") == 2
    assert out.count("simulated card points: ") == 2


def test_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hazari", "arrange", HAND, "--count"]) == 0
    assert capsys.readouterr().out == f"{count_valid_arrangements(parse_cards(HAND))}\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["AS KS"], "a Hazari hand has 13 cards, got 2"),
        ([HAND.replace("2D", "2C")], "duplicate of 2C"),
        ([HAND, "--deals", "-1"], "--deals must be 0 or more, not -1"),
        ([HAND, "--seed", "-5"], "seed -5 is not an integer"),
    ],
)
def test_bad_input(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hazari", "arrange", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardrules hazari: error: ") and message in err


def test_value_tables(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hazari", "value-tables", "--deals", "3", "--seed", "1"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == model_to_json(generate_tables(3, 1))
    assert printed["deals"] == 3 and printed["seed"] == 1 and printed["samples"] == 12
    assert main(["hazari", "value-tables", "--jobs", "0"]) == 2
    assert capsys.readouterr().err.startswith("cardrules hazari: error: --jobs must be from 1 to")
    assert main(["hazari", "value-tables", "--deals", "0"]) == 2
    assert "--deals must be at least 1, not 0" in capsys.readouterr().err


def test_value_tables_with_jobs_match_serial(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hazari", "value-tables", "--deals", "4", "--seed", "2", "--jobs", "2"]) == 0
    assert json.loads(capsys.readouterr().out) == model_to_json(generate_tables(4, 2))


def test_value_tables_takes_jobs_like_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    # One name for worker processes everywhere: --workers is gone.
    assert main(["hazari", "value-tables", "--workers", "2"]) == 2
    assert "unrecognized arguments: --workers 2" in capsys.readouterr().err
