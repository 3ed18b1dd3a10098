"""Records written by cardrules 0.1.0 keep loading and replay to the same results.

The fixtures and their expected results were written by the 0.1.0 code itself.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cardrules import load_game
from cardrules.azi import AziMatch, AziState
from cardrules.azi.game import GAME

FIXTURES = Path(__file__).parent / "fixtures"


def _load(name: str) -> Any:
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


def test_a_0_1_0_game_record_replays_to_its_returns() -> None:
    expected = _load("azi_game_0.1.0.expected.json")
    text = (FIXTURES / "azi_game_0.1.0.json").read_text(encoding="utf-8")
    state = AziState.from_json(text)
    assert list(state.returns()) == expected["returns"]
    assert len(state.history) == expected["history_length"]
    assert state.deal_number == expected["deal_number"] >= 1  # a game with re-deals
    assert state.winner == expected["winner"]
    assert len(state.events) == expected["events"]
    assert state.rules.players == 5 and state.rules.match_games is None
    assert AziState.from_json(state.to_json()) == state
    assert GAME.state_from_json(json.loads(text)) == state


def test_a_0_1_0_match_record_loads_as_a_match_of_its_games() -> None:
    expected = _load("azi_match_0.1.0.expected.json")
    data = _load("azi_match_0.1.0.json")
    match = AziMatch.from_json(data)
    assert list(match.returns()) == expected["returns"]
    assert len(match.games) == expected["games"] == match.rules.match_games
    assert [len(game.history) for game in match.games] == expected["history_lengths"]
    assert [list(game.returns()) for game in match.games] == expected["game_returns"]
    assert match.first_dealer == expected["first_dealer"]
    assert match.is_terminal and match.current_player is None
    again = AziMatch.from_json(match.to_json())
    assert again == match and again.returns() == match.returns()
    loaded = load_game("azi", players=3, ante=5, rounding="down", raise_cap=2, match_games=4)
    assert loaded.state_from_json(data) == match
