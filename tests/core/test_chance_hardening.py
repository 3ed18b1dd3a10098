"""Every public callable of ``cardrules.chance`` under wrong types, out-of-range values
and hostile text: only package errors come out, each call within a time bound, and no
terminal state changes."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules.chance
from cardrules import Card, Deck, Rng, load_game
from cardrules.chance import ChanceState
from cardrules.errors import CardRulesError
from cardrules.game import Turn
from tests.core.wrong_types_support import (
    TIME_LIMIT,
    CallTimedOut,
    call_with_junk,
    public_callables,
    time_limit,
)

AZI = load_game("azi", players=3)
HAZARI = load_game("hazari")


def _line(state: ChanceState, seed: int) -> list[ChanceState]:
    rng = Rng(seed)
    states = [state]
    while not states[-1].is_terminal:
        state = states[-1]
        if state.is_chance_node:
            states.append(state.apply(state.sample_chance(rng)))
        else:
            legal = state.legal_actions()
            states.append(state.apply(legal[rng.randbelow(len(legal))]))
    return states


def _redeal() -> list[ChanceState]:
    for seed in range(500):
        states = _line(ChanceState.new(AZI), seed)
        if len(states[-1].decks) > 1:
            return states
    raise AssertionError("no re-deal in 500 games")


LINE = _redeal()
MIDGAME = next(s for s in LINE if s.is_chance_node and s.pending is not None)
TERMINAL = [
    LINE[-1],
    _line(ChanceState.new(HAZARI), 1)[-1],
    _line(ChanceState.new(load_game("azi", players=2), match=True), 2)[-1],
]
SAMPLES = [LINE[0], LINE[3], LINE[len(LINE) // 2], MIDGAME, *TERMINAL]
SAMPLES.append(ChanceState.new(HAZARI, match=True))

VALID: dict[str, list[object]] = {
    "game": [AZI, HAZARI],
    "dealer": [0, 1],
    "match": [False, True],
    "rng": [Rng(1)],
    "action": [Card.parse("AS"), *(turn.action for turn in LINE[-1].history[:4])],
    "action_id": [0, 17, 51, 104],
    "player": [0, 1, 2],
    "data": [json.dumps(s.to_json()) for s in SAMPLES[:3]],
    "decks": [[AZI.rules.pack], [Deck.standard()], LINE[-1].decks],
    "actions": [[turn.action for turn in LINE[-1].history[:3]], LINE[-1].history[:3]],
    "inner": [LINE[3].inner, None],
    "pack": [AZI.rules.pack, None],
    "drawn": [(), (Card.parse("AS"),)],
    "pending": [None, Turn(0, LINE[-1].history[0].action)],
}

TARGETS = public_callables(cardrules.chance, {ChanceState: SAMPLES})


def test_every_public_callable_is_a_target() -> None:
    names = {target.name for target in TARGETS}
    for expected in ("new", "replay", "from_json", "apply", "action_id", "action_from_id"):
        assert any(name.endswith(f".{expected}") for name in names), expected
    assert "cardrules.chance.ChanceState[3].legal_action_mask" in names


@pytest.mark.parametrize("target", TARGETS, ids=str)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_wrong_inputs_raise_only_package_errors(target: Any, data: st.DataObject) -> None:
    before = [state.to_json() for state in TERMINAL]
    call_with_junk(target, data, VALID)
    assert [state.to_json() for state in TERMINAL] == before


# ------------------------------------------------------------------ hostile records


def _mutations() -> st.SearchStrategy[Any]:
    hostile: st.SearchStrategy[Any] = st.one_of(
        st.sampled_from(
            [None, True, -1, 2**64, 10**400, 1.5, "", "AS AS", "6D " * 40, [], {}, [[[]]]]
        ),
        st.text(max_size=30),
        st.lists(st.sampled_from(["6D 7D", "AS", "2C", str(AZI.rules.pack)]), max_size=4),
    )
    keys = st.sampled_from(
        ["format", "game", "match", "dealer", "decks", "drawn", "actions", "pending", "extra"]
    )
    return st.lists(st.tuples(keys, hostile, st.booleans()), min_size=1, max_size=3)


def _mutated(record: dict[str, Any], changes: list[tuple[str, Any, bool]]) -> dict[str, Any]:
    record = json.loads(json.dumps(record))
    for key, value, drop in changes:
        if drop:
            record.pop(key, None)
        elif isinstance(record.get(key), list) and record[key] and isinstance(value, int):
            record[key][value % len(record[key])] = value  # one element made wrong
        else:
            record[key] = value
    return record


@settings(max_examples=150, deadline=None)
@given(
    base=st.sampled_from(SAMPLES),
    changes=_mutations(),
    as_text=st.booleans(),
    trim=st.integers(0, 40),
)
def test_mutated_records_load_only_as_real_games(
    base: ChanceState, changes: list[tuple[str, Any, bool]], as_text: bool, trim: int
) -> None:
    record = _mutated(base.to_json(), changes)
    data: Any = record
    if as_text:
        text = json.dumps(record)
        data = text[: len(text) - trim] if trim else text
    try:
        with time_limit(TIME_LIMIT):
            state = ChanceState.from_json(data)
    except CardRulesError:
        return
    except CallTimedOut:
        pytest.fail("from_json hangs")
    # What loads is a real game: it replays to itself and plays on.
    assert ChanceState.from_json(state.to_json()) == state
    if not state.is_terminal:
        legal = state.legal_actions()
        state.apply(legal[0])


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        '{"format": "cardrules-chance"' + ', "a": 1' * 10_000 + "}",
        '{"decks": [' + '"6D",' * 50_000 + '"6D"]}',
        "1e99999999",
        "\ud800",
        b"\xff\xfe{",
        "",
    ],
)
def test_hostile_text_is_refused_quickly(text: str | bytes) -> None:
    with time_limit(TIME_LIMIT), pytest.raises(CardRulesError):
        ChanceState.from_json(text)
