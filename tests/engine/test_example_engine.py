"""The example engine in JavaScript plays legal Azi and Hazari from the protocol alone.

It needs Node.js (``.ci/run`` installs it) and skips without it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardrules import load_game
from cardrules.engine import EngineBot, live_engines
from cardrules.tournament import tournament

ENGINE = Path(__file__).parents[2] / "examples" / "engine-js" / "engine.js"
NODE = shutil.which("node")


def test_the_example_engine_is_short() -> None:
    assert len(ENGINE.read_text(encoding="utf-8").splitlines()) <= 40


@pytest.mark.skipif(NODE is None, reason="Node.js is not installed (.ci/run installs it)")
@pytest.mark.parametrize(
    "spec",
    ["azi", "hazari", pytest.param("azi(players=3,look_before_fold=true)", marks=pytest.mark.soak)],
)
def test_the_example_engine_plays_a_ladder_without_a_fault(spec: str) -> None:
    assert NODE is not None
    engine = EngineBot([NODE, str(ENGINE)], time_limit=60, name="random-js")
    game = load_game(spec)
    result = tournament(
        game, {"random-js": lambda: engine, "random": game.bots["random"]}, games=3, seed=11
    )
    assert result.faults == ()
    assert result.total_games == 6 and "random-js" in result.table()
    assert live_engines() == ()
