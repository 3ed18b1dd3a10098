"""``cardrules demo``: a narrated Hazari deal and Azi game, the same for the same seed."""

from __future__ import annotations

import pytest

from cardrules.cli import main


def test_demo_narrates_both_games_reproducibly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--seed", "7"]) == 0
    first = capsys.readouterr().out
    assert main(["demo", "--seed", "7"]) == 0
    assert capsys.readouterr().out == first
    hazari, azi = first.split("== Azi")
    assert "four solver bots (seed 7)" in hazari
    assert hazari.count(" holds ") == 4
    assert "Round 4: seat" in hazari
    assert "Most points:" in hazari
    assert "the trump card is" in azi
    assert "wins the pot of" in azi
    assert azi.strip().splitlines()[-1].startswith("Net chips: ")
    # A seat that stays in after seeing the trump "stays in" (A5); "plays" is for cards.
    assert " (search) stays in." in azi
    assert not [line for line in azi.splitlines() if line.endswith(" plays.")]
