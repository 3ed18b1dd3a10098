"""The docs page's example game is what the dealer and the example engine say today."""

from __future__ import annotations

import json
import shutil

import pytest

from tests.engine.transcript import DECISION, TRANSCRIPT, first_decision, transcript


@pytest.mark.skipif(shutil.which("node") is None, reason="the example engine needs Node.js")
def test_the_documented_game_is_the_game_played_today() -> None:
    text = transcript()
    assert TRANSCRIPT.read_text(encoding="utf-8") == text, (
        "the protocol changed: run 'python -m tests.engine.transcript' and read the diff"
    )
    assert DECISION.read_text(encoding="utf-8") == first_decision(text)


def test_the_documented_game_is_a_whole_game_in_the_protocol() -> None:
    lines = TRANSCRIPT.read_text(encoding="utf-8").splitlines()
    kinds = [
        (who, json.loads(message)["type"])
        for who, _, message in (line.partition(": ") for line in lines)
    ]
    assert kinds[:3] == [("dealer", "hello"), ("engine", "engine"), ("dealer", "new_game")]
    assert kinds[-2:] == [("dealer", "game_over"), ("dealer", "quit")]
    middle = kinds[3:-2]
    assert middle == [("dealer", "decide"), ("engine", "action")] * (len(middle) // 2)
