"""JSON records of Hazari deals and matches: round trips at every step, tampering rejected."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import Card, Rng, load_game
from cardrules.errors import InvalidStateError
from cardrules.hazari.actions import Up
from cardrules.hazari.match import HazariMatch
from cardrules.hazari.resample import random_arrangement
from cardrules.hazari.rules import HazariRules, TieRule
from cardrules.hazari.state import HazariState
from cardrules.record import dump_json


def steps(seed: int, dealer: int = 0, rules: HazariRules | None = None) -> list[HazariState]:
    state = HazariState.new(seed=seed, dealer=dealer, rules=rules)
    rng = Rng(seed ^ 0x5A5A)
    result = [state]
    while not state.is_terminal:
        player = state.current_player
        assert player is not None
        state = state.apply(Up(random_arrangement(state.hands[player], rng)))
        result.append(state)
    return result


@settings(max_examples=25)
@given(st.integers(0, 2**64 - 1), st.integers(0, 3), st.booleans())
def test_round_trip_at_every_step(seed: int, dealer: int, first: bool) -> None:
    rules = HazariRules(tie_rule=TieRule.FIRST if first else TieRule.LATEST)
    for state in steps(seed, dealer, rules):
        data = state.to_json()
        loaded = HazariState.from_json(data)
        assert loaded == state == HazariState.from_json(dump_json(data))
        assert loaded.to_json() == data
        assert loaded.events == state.events
        assert loaded.current_player == state.current_player


def test_repr_pastes_back() -> None:
    state = steps(4)[2]
    assert eval(repr(state), {"load_game": load_game, "HazariState": HazariState}) == state


def _edit(text: str, change: Any) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def _finished() -> str:
    return dump_json(steps(21)[-1].to_json())


def _set(path: list[Any], value: Any) -> Any:
    def change(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value

    return change


TAMPERING = {
    "summary scores": _set(["summary", "scores"], [90, 90, 90, 90]),
    "summary hands": _set(["summary", "hands", 0], "2C"),
    "summary phase": _set(["summary", "phase"], "arranging"),
    "summary current player": _set(["summary", "current_player"], 1),
    "dealing seed": _set(["dealing", "seed"], 22),
    "dealing short deck": _set(["dealing", "decks"], ["AS KS QS"]),
    "dealing seed type": _set(["dealing", "seed"], -5),
    "dealer": _set(["rules", "dealer"], 2),
    "dealer out of range": _set(["rules", "dealer"], 7),
    "deal number": _set(["rules", "deal"], -1),
    "tie rule": _set(["rules", "tie_rule"], "random"),
    "target": _set(["rules", "target"], "many"),
    "action player": _set(["actions", 0, "player"], 2),
    "action type": _set(["actions", 0, "type"], "fold"),
    "action arrangement": _set(["actions", 1, "arrangement"], "AS KS"),
    "game name": _set(["game"], "azi"),
    "version": _set(["version"], 99),
    "dropped action": lambda data: data["actions"].pop(),
    "extra action": lambda data: data["actions"].append(dict(data["actions"][0])),
    "extra key": _set(["rules", "bonus"], 1),
}


@pytest.mark.parametrize("name", sorted(TAMPERING))
def test_tampering_is_rejected(name: str) -> None:
    text = _edit(_finished(), TAMPERING[name])
    with pytest.raises(InvalidStateError):
        HazariState.from_json(text)


def test_swapped_arrangement_of_the_same_hand_is_caught() -> None:
    states = steps(21)
    final = states[-1]
    data = final.to_json()
    # Replace seat 1's arrangement with another valid one of the same hand that changes
    # the outcome: the summary (round winners, scores) no longer matches.
    hand = final.hands[1]
    rng = Rng(5)
    for _ in range(200):
        other = random_arrangement(hand, rng)
        data["actions"][0]["arrangement"] = str(other)
        replayed = final
        try:
            replayed = HazariState.from_json({**data, "summary": final.to_json()["summary"]})
        except InvalidStateError:
            return
        assert replayed.arrangements[1] == other
    pytest.fail("no arrangement of seat 1 changed the outcome")


@pytest.mark.parametrize(
    "text",
    ["", "{", "[]", '{"format": "cardrules"}', "null", '"hazari"', "1" * 5000],
)
def test_garbage_is_rejected(text: str) -> None:
    with pytest.raises(InvalidStateError):
        HazariState.from_json(text)


def test_truncated_records_are_rejected() -> None:
    text = _finished()
    for cut in range(0, len(text), 37):
        with pytest.raises(InvalidStateError):
            HazariState.from_json(text[:cut])


def test_explicit_hands_survive_json() -> None:
    state = steps(9)[0]
    hands = [list(reversed(hand)) for hand in state.hands]
    explicit = HazariState.new(hands=hands, dealer=3)
    loaded = HazariState.from_json(explicit.to_json())
    assert loaded.hands == explicit.hands
    assert all(isinstance(card, Card) for hand in loaded.hands for card in hand)


def test_match_round_trip_at_every_step() -> None:
    match = HazariMatch.new(seed=77, rules=HazariRules(target=500), dealer=1)
    rng = Rng(1)
    while True:
        text = match.to_json()
        assert HazariMatch.from_json(text) == match
        if match.is_terminal:
            break
        player = match.current_player
        assert player is not None
        match = match.apply(Up(random_arrangement(match.current.hands[player], rng)))
    assert len(match.deals) >= 2


def test_match_tampering_is_rejected() -> None:
    match = HazariMatch.new(seed=5, rules=HazariRules(target=400))
    while not match.is_terminal:
        match = match.apply(next(iter(match.legal_actions())))
    text = dump_json(match.to_json())
    for change in (
        _set(["summary", "totals", 0], 9999),
        _set(["summary", "winners"], [0, 1, 2, 3]),
        _set(["rules", "target"], 100000),
        lambda data: data["actions"].pop(),
        _set(["game"], "hazari"),
    ):
        with pytest.raises(InvalidStateError):
            HazariMatch.from_json(_edit(text, change))
