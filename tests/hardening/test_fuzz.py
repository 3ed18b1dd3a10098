"""Fuzzing: arbitrary text, bytes and JSON values fed to every public parser and loader.

The only exception allowed out of a parser is the package's own :class:`CardRulesError`;
whatever a loader accepts must serialise back to something it accepts again. State
loaders take a dict or its JSON text (str or bytes), so each is fed records both as
dicts and as text.
``pytest --soak`` runs each property with the soak profile's 100k examples.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules.azi import AziMatch, AziRules, AziState, FirstLead, Rounding
from cardrules.azi import parse_action as parse_azi_action
from cardrules.dealing import Dealing
from cardrules.errors import CardRulesError
from cardrules.hazari import Arrangement, HazariMatch, HazariRules, HazariState, TieRule, Up
from cardrules.hazari import parse_action as parse_hazari_action
from cardrules.record import GameRecord, dump_json
from tests.hardening.hardening_support import (
    azi_positions,
    check_azi_match,
    examples,
    hazari_deal_positions,
    hazari_match_positions,
    iter_leaves,
    json_forms,
)

T = TypeVar("T")

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-3, max_value=70)
    | st.floats()
    | st.text(max_size=30)
    | st.sampled_from(["up", "card", "raise", "declare", "AS", "TD", "latest", "azi", "hazari"])
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda children: (
        st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=12), children, max_size=6)
    ),
    max_leaves=25,
)
CARD_TEXT = st.lists(
    st.sampled_from(list("23456789TJQKA") + list("CDHScdhs") + [" ", "|", ",", "10", "♠", "♥"]),
    max_size=60,
).map("".join)
TEXTS = st.text(max_size=200) | CARD_TEXT

LIGHT_SUSPECTS = (
    st.sampled_from(
        [
            0,
            1,
            -1,
            3,
            4,
            6,
            7,
            13,
            27,
            52,
            2**63,
            2**64,
            -(2**64),
            10**30,
            1.0,
            0.5,
            float("nan"),
            float("inf"),
            True,
            False,
            None,
            "",
            "0",
            "AS",
            "XX",
            [],
            {},
            [1],
            {"a": 1},
        ]
    )
    | st.integers()
    | st.text(max_size=8)
)
SUSPECTS = LIGHT_SUSPECTS | JSON_VALUES


def allowed(call: Callable[[], T]) -> T | None:
    """Run ``call``; return its result, or ``None`` when it raised a package error."""
    try:
        return call()
    except CardRulesError:
        return None


# ---------------------------------------------------------------- small parsers


@examples(300)
@given(TEXTS)
def test_arrangement_parse(text: str) -> None:
    arrangement = allowed(lambda: Arrangement.parse(text))
    if isinstance(arrangement, Arrangement):
        assert Arrangement.parse(str(arrangement)) == arrangement
        assert sorted(arrangement.cards) == sorted(set(arrangement.cards))
        assert len(arrangement.cards) == 13


@examples(300)
@given(TEXTS)
def test_up_parse(text: str) -> None:
    action = allowed(lambda: Up.parse(text))
    if action is not None:
        assert isinstance(action, Up)
        assert parse_hazari_action(action.to_json()) == action


def _action_shapes() -> st.SearchStrategy[Any]:
    keys = st.sampled_from(["type", "arrangement", "card", "amount", "raznomast", "invite", "x"])
    return JSON_VALUES | st.dictionaries(keys, LIGHT_SUSPECTS | TEXTS, max_size=4)


@examples(300)
@given(_action_shapes())
def test_hazari_parse_action(data: Any) -> None:
    action = allowed(lambda: parse_hazari_action(data))
    if action is not None:
        assert parse_hazari_action(json.loads(json.dumps(action.to_json()))) == action


@examples(300)
@given(_action_shapes())
def test_azi_parse_action(data: Any) -> None:
    action = allowed(lambda: parse_azi_action(data))
    if action is not None:
        assert parse_azi_action(json.loads(json.dumps(action.to_json()))) == action


@examples(200)
@given(SUSPECTS | TEXTS)
def test_option_enums_parse(value: Any) -> None:
    kinds: tuple[Any, ...] = (TieRule, FirstLead, Rounding)
    for kind in kinds:
        member = allowed(partial(kind.parse, value))
        if member is not None:
            assert member in kind and member.value == value


def _rules_shapes(template: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Arbitrary JSON, and the valid options with some values replaced or keys dropped."""
    keys = sorted(template)
    edited = st.fixed_dictionaries(
        {key: st.just(template[key]) | LIGHT_SUSPECTS for key in keys}
    ).flatmap(
        lambda data: st.sets(st.sampled_from(keys), max_size=2).map(
            lambda drop: {k: v for k, v in data.items() if k not in drop}
        )
    )
    return JSON_VALUES | edited


@examples(300)
@given(_rules_shapes(HazariRules(target=500).to_json()))
def test_hazari_rules_from_json(data: Any) -> None:
    rules = allowed(lambda: HazariRules.from_json(data))
    if rules is not None:
        assert isinstance(rules, HazariRules)
        assert HazariRules.from_json(rules.to_json()) == rules


@examples(300)
@given(_rules_shapes(AziRules(players=5, suits="CHS").to_json()))
def test_azi_rules_from_json(data: Any) -> None:
    rules = allowed(lambda: AziRules.from_json(data))
    if rules is not None:
        assert isinstance(rules, AziRules)
        assert AziRules.from_json(rules.to_json()) == rules
        assert 2 <= rules.players <= 6 and rules.min_raise <= rules.max_raise


@examples(300)
@given(
    JSON_VALUES
    | st.fixed_dictionaries(
        {"seed": SUSPECTS, "decks": st.lists(TEXTS | SUSPECTS, max_size=3) | SUSPECTS}
    )
)
def test_dealing_from_json(data: Any) -> None:
    dealing = allowed(lambda: Dealing.from_json(data))
    if dealing is not None:
        assert isinstance(dealing, Dealing)
        assert Dealing.from_json(json.loads(json.dumps(dealing.to_json()))) == dealing


# ------------------------------------------------------------- state loaders

Record = dict[str, Any]
LoaderInput = Record | str | bytes


def _play_azi_games(match: AziMatch, games: int) -> AziMatch:
    """``match`` after ``games`` more games, each action the first legal one."""
    target = len(match.finished) + games
    while not match.is_terminal and len(match.finished) < target:
        match = match.apply(match.legal_actions()[0])
    return match


LEGACY_AZI_MATCH = Path(__file__).parent.parent / "azi" / "fixtures" / "azi_match_0.1.0.json"
"""A match record written by cardrules 0.1.0 (rules, seed, first dealer, games)."""

HAZARI_DEALS = [p.to_json() for s in (1, 2) for p in hazari_deal_positions(s)[1::2]]
HAZARI_MATCHES = [p.to_json() for p in hazari_match_positions(3, limit=10)[::4]]
AZI_GAMES = [p.to_json() for s in (4, 5) for p in azi_positions(s)[::7]]
AZI_MATCH = AziMatch.new(AziRules(players=3), seed=9, dealer=1)
AZI_MATCHES: list[Record] = [
    AZI_MATCH.to_json(),
    AZI_MATCH.apply(AZI_MATCH.legal_actions()[0]).to_json(),
    _play_azi_games(AZI_MATCH, 2).to_json(),
    _play_azi_games(AZI_MATCH, 3).to_json(),
    json.loads(LEGACY_AZI_MATCH.read_text(encoding="utf-8")),
]


def _edited_records(records: list[Record]) -> st.SearchStrategy[LoaderInput]:
    """A valid record with one JSON value anywhere replaced by an arbitrary one, as a
    dict or as its canonical JSON text."""

    def edit(record: Record, pick: int, value: Any, as_text: bool) -> LoaderInput:
        data = copy.deepcopy(record)
        paths = [path for path, _ in iter_leaves(data) if path]
        path = paths[pick % len(paths)]
        node = data
        for step in path[:-1]:
            node = node[step]
        node[path[-1]] = value
        return dump_json(data) if as_text else data

    return st.builds(edit, st.sampled_from(records), st.integers(0, 10**6), SUSPECTS, st.booleans())


def _loader_inputs(records: list[Record]) -> st.SearchStrategy[object]:
    """Junk text, bytes and JSON values, valid records (dicts, text, bytes, cut text),
    and records with one value replaced; a loader takes anything."""
    texts = [dump_json(record) for record in records]
    return (
        st.text(max_size=200)
        | st.binary(max_size=200)
        | JSON_VALUES.map(json.dumps)
        | JSON_VALUES
        | st.sampled_from(records).map(copy.deepcopy)
        | st.sampled_from(texts).flatmap(lambda t: st.integers(0, len(t)).map(lambda k: t[:k]))
        | st.sampled_from(texts).map(lambda t: t.encode())
        | _edited_records(records)
    )


def _check_loader(load: Callable[[Any], Any], data: object) -> None:
    """Whatever ``load`` accepts (without changing its input) writes a JSON-ready dict
    that loads back, as a dict and as canonical text, to the same state."""
    before = copy.deepcopy(data)
    state = allowed(lambda: load(data))
    assert data is before or data == before, "the loader changed its input"
    if state is not None:
        again = state.to_json()
        assert isinstance(again, dict)
        text = dump_json(again)
        assert json.loads(text) == again, "to_json() is not JSON-ready"
        for form in json_forms(again):
            assert load(form) == state
            assert load(form).to_json() == again
        assert load(text.encode()) == state


FUZZ = examples(250)


@FUZZ
@given(_loader_inputs(HAZARI_DEALS))
def test_hazari_state_from_json(data: object) -> None:
    _check_loader(HazariState.from_json, data)


@FUZZ
@given(_loader_inputs(HAZARI_MATCHES))
def test_hazari_match_from_json(data: object) -> None:
    _check_loader(HazariMatch.from_json, data)


@FUZZ
@given(_loader_inputs(AZI_GAMES))
def test_azi_state_from_json(data: object) -> None:
    _check_loader(AziState.from_json, data)


@FUZZ
@given(_loader_inputs(AZI_MATCHES))
def test_azi_match_from_json(data: object) -> None:
    _check_loader(AziMatch.from_json, data)


def test_the_azi_match_corpus_is_loadable() -> None:
    """Every seed record of the Azi match fuzz loads, the 0.1.0 one included."""
    for record in AZI_MATCHES:
        for form in json_forms(record):
            check_azi_match(AziMatch.from_json(form))
    assert AziMatch.from_json(AZI_MATCHES[-1]).is_terminal


@pytest.mark.parametrize("games", [0, None, 1.5, "", {}])
def test_azi_match_games_must_be_a_list(games: object) -> None:
    """In a 0.1.0 match record (which lists its games), ``games`` must be a list."""
    data = copy.deepcopy(AZI_MATCHES[-1])
    assert set(data) == {"rules", "seed", "first_dealer", "games"}
    data["games"] = games
    for form in json_forms(data):
        with pytest.raises(CardRulesError):
            AziMatch.from_json(form)


@FUZZ
@given(_loader_inputs(HAZARI_DEALS + AZI_GAMES), st.sampled_from(["hazari", "azi", "x"]))
def test_game_record_from_json(data: Any, game: str) -> None:
    record = allowed(lambda: GameRecord.from_json(data, game))
    if record is not None:
        assert isinstance(record, GameRecord)
        text = record.to_text()
        assert isinstance(text, str)  # a record is still written as canonical text
        assert GameRecord.from_json(text, game) == record
        assert GameRecord.from_json(json.loads(text), game) == record
        assert dump_json(json.loads(text)) == text
