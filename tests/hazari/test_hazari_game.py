"""Hazari through the registry, 0.1.0 records, and JSON round trips of every value."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardrules import Rng, load_game
from cardrules.dealing import Dealing
from cardrules.errors import InvalidRulesError, InvalidStateError, ParseError
from cardrules.hazari import (
    GAME,
    HazariMatch,
    HazariMatchObservation,
    HazariObservation,
    HazariRules,
    HazariState,
    TieRule,
    Up,
    event_from_json,
    new_game,
    parse_action,
    parse_action_text,
)
from cardrules.hazari.state import PACK
from cardrules.hazari.view import VIEW
from cardrules.record import dump_json

FIXTURES = Path(__file__).parent / "fixtures"
EXPECTED: dict[str, dict[str, Any]] = json.loads(
    (FIXTURES / "expected-0.1.0.json").read_text(encoding="utf-8")
)


def test_a_deal_written_by_0_1_0_replays_to_the_same_result() -> None:
    text = (FIXTURES / "deal-0.1.0.json").read_text(encoding="utf-8")
    expected = EXPECTED["deal-0.1.0.json"]
    for state in (
        HazariState.from_json(text),
        load_game("hazari(tie_rule=first,target=400)").state_from_json(text),
    ):
        assert isinstance(state, HazariState)
        assert state.rules == HazariRules(tie_rule=TieRule.FIRST, target=400)
        assert list(state.returns()) == expected["returns"]
        assert len(state.history) == expected["history"]
        assert [played.winner for played in state.rounds] == expected["round_winners"]
        assert state.to_json() == json.loads(text)


def test_a_match_written_by_0_1_0_replays_to_the_same_result() -> None:
    text = (FIXTURES / "match-0.1.0.json").read_text(encoding="utf-8")
    expected = EXPECTED["match-0.1.0.json"]
    match = GAME.state_from_json(json.loads(text))
    assert isinstance(match, HazariMatch)
    assert match.rules.target == 400 and match.rules.tie_rule is TieRule.FIRST
    assert list(match.returns()) == expected["returns"]
    assert len(match.history) == expected["history"]
    assert len(match.deals) == expected["deals"]
    assert list(match.winners) == expected["winners"]
    assert HazariMatch.from_json(text).to_json() == json.loads(text)


def test_the_registry_declares_hazari() -> None:
    game = load_game("hazari")
    assert game.num_players == 4 and game.num_distinct_actions == 200_200
    assert GAME.players == (4,) and GAME.view is VIEW
    assert set(game.bots) == {"random", "greedy", "solver", "field", "strong"}
    assert GAME.strong_bot in game.bots
    assert load_game("hazari", players=4) == game == load_game("hazari(players=4)")
    assert load_game("hazari(target=500)").rules == HazariRules(target=500)
    assert load_game("hazari", tie_rule=TieRule.FIRST).rules.tie_rule is TieRule.FIRST


@pytest.mark.parametrize(
    ("spec", "options", "message"),
    [
        ("hazari", {"players": 5}, "exactly 4 players"),
        ("hazari(players=3)", {}, "exactly 4 players"),
        ("hazari", {"players": 4.0}, "exactly 4 players"),
        ("hazari", {"target": 0}, "target"),
        ("hazari(tie_rule=random)", {}, "TieRule"),
        ("hazari", {"bonus": 1}, "unknown Hazari option 'bonus'"),
    ],
)
def test_bad_options_are_refused(spec: str, options: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidRulesError, match=message):
        load_game(spec, **options)


def test_states_matches_and_chance_from_the_definition() -> None:
    game = load_game("hazari(target=400)")
    state = game.new_state(seed=9, dealer=2)
    assert isinstance(state, HazariState) and state.dealer == 2
    assert state == new_game(seed=9, dealer=2, rules=HazariRules(target=400))
    plain = game.new_state(seed=9)
    assert isinstance(plain, HazariState) and plain.dealer == 0
    match = game.new_match(seed=9)
    assert isinstance(match, HazariMatch) and match.current.hands == plain.hands
    explicit = game.new_state(dealing=Dealing(decks=(state.dealing.deck(0, PACK),)), dealer=2)
    assert isinstance(explicit, HazariState) and explicit.hands == state.hands
    with pytest.raises(InvalidRulesError):
        game.new_state()
    with pytest.raises(InvalidRulesError):
        game.new_state(seed=1, dealing=Dealing(seed=1))


def test_parse_action_reads_text_and_json() -> None:
    action = new_game(seed=1).legal_actions()[3]
    assert parse_action_text(str(action)) == action
    assert GAME.parse_action(str(action)) == action == parse_action(action.to_json())
    assert Up.from_json(json.dumps(action.to_json())) == action
    assert eval(repr(action), {"Up": Up}) == action
    with pytest.raises(ParseError):
        parse_action(3)
    with pytest.raises(InvalidStateError):
        GAME.state_from_json({"game": "azi"})


def test_resample_takes_either_observation() -> None:
    state = new_game(seed=3).apply(new_game(seed=3).legal_actions()[0])
    guess = GAME.resample(state.observation(2), Rng(1))
    assert isinstance(guess, HazariState)
    assert guess.observation(2) == state.observation(2)
    match = HazariMatch.new(seed=3)
    again = GAME.resample(match.observation(0), Rng(1))
    assert isinstance(again, HazariMatch)
    with pytest.raises(InvalidStateError):
        GAME.resample("nothing", Rng(1))


def _played_match() -> list[HazariMatch]:
    match = HazariMatch.new(seed=12, rules=HazariRules(target=400))
    rng = Rng(4)
    steps = [match]
    while not match.is_terminal:
        legal = match.legal_actions()
        match = match.apply(legal[rng.randbelow(len(legal))])
        steps.append(match)
    return steps


def test_observations_round_trip_exactly_at_every_step() -> None:
    for match in _played_match():
        for seat in range(4):
            view = match.observation(seat)
            assert HazariMatchObservation.from_json(view.to_json()) == view
            assert HazariMatchObservation.from_json(dump_json(view.to_json())) == view
            deal = match.current.observation(seat)
            assert HazariObservation.from_json(deal.to_json()) == deal
            for event in match.events:
                assert event_from_json(event.to_json()) == event
                assert type(event).from_json(event.to_json()) == event


def test_match_records_round_trip_and_repr_pastes_back() -> None:
    steps = _played_match()
    for match in steps[::3]:
        data = match.to_json()
        assert isinstance(data, dict)
        assert HazariMatch.from_json(data) == match == HazariMatch.from_json(dump_json(data))
    assert eval(repr(steps[-1]), {"load_game": load_game, "HazariMatch": HazariMatch}) == steps[-1]
    record = steps[-1].record()
    assert record.game == "hazari-match"


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("player", 1.0),
        ("player", 4),
        ("hand", "AS KS"),
        ("hand", "AS 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"),  # not sorted as written
        ("up", [7]),
        ("events", [{"type": "match", "totals": [0, 0, 0, 0], "winners": []}]),
        ("scores", "none"),
        ("rules", {"target": -1}),
        ("bonus", 1),
    ],
)
def test_bad_observations_are_refused(key: str, value: object) -> None:
    data = new_game(seed=1).observation(1).to_json()
    data[key] = value
    with pytest.raises(InvalidStateError):
        HazariObservation.from_json(data)


def test_tampered_round_events_are_refused() -> None:
    state = new_game(seed=1)
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    data = state.events[-2].to_json()
    data["points"] += 5
    with pytest.raises(InvalidStateError, match="points"):
        event_from_json(data)


def test_renderings_for_people() -> None:
    state = new_game(seed=7)
    lines = str(state).splitlines()
    assert lines[0] == "Hazari deal 1, seat 0 deals; seat 1 to arrange"
    assert len(lines) == 5
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0])
    text = str(state)
    assert "round 4: seat" in text and text.splitlines()[-1].startswith("  points: ")
    view = str(state.observation(2))
    assert "you are seat 2" in view and "the deal is over" in view
    assert str(_played_match()[-1]).startswith("Hazari match to 400: deal ")
