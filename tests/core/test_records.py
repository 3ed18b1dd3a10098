"""Game records: canonical JSON, envelope checks and replay."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import ActionTuple, Dealing, IllegalActionError, InvalidStateError
from cardrules.record import GameRecord, dump_json, replay


@attrs.frozen
class Counter:
    """A one-player test game: add 1 or 2 until the total reaches 5."""

    total: int = 0

    @property
    def current_player(self) -> int | None:
        return None if self.total >= 5 else 0

    def apply(self, action: int) -> Counter:
        if action not in (1, 2) or self.total >= 5:
            raise IllegalActionError(f"cannot add {action!r} to {self.total}")
        return Counter(self.total + action)


def parse(data: dict[str, object]) -> int:
    value = data.get("add")
    if not isinstance(value, int):
        raise InvalidStateError(f"bad action {data!r}")
    return value


def record(actions: tuple[dict[str, object], ...]) -> GameRecord:
    return GameRecord("counter", {}, Dealing(seed=1), actions, {"total": 5})


def test_round_trip_is_canonical() -> None:
    rec = record(({"player": 0, "add": 2},))
    text = rec.to_text()
    assert GameRecord.from_json(text, "counter") == rec
    assert GameRecord.from_json(text, "counter").to_text() == text
    assert dump_json({"b": 1, "a": "♠"}) == '{"a":"♠","b":1}'


def test_replay_applies_actions() -> None:
    actions = ({"player": 0, "add": 2}, {"player": 0, "add": 2}, {"player": 0, "add": 1})
    assert replay(Counter(), actions, parse) == Counter(5)


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        (({"player": 1, "add": 2},), "recorded for player 1"),
        (({"player": 0, "add": 3},), "cannot add 3"),
        (({"player": 0, "add": "x"},), "bad action"),
        (({"player": 0, "add": 2},) * 4, "player None is to act"),
    ],
)
def test_replay_faults_become_invalid_state(
    actions: tuple[dict[str, object], ...], message: str
) -> None:
    with pytest.raises(InvalidStateError, match=message):
        replay(Counter(), actions, parse)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not valid JSON"),
        ("[]", "must be a JSON object"),
        ('{"format":"cardrules"}', "exactly the keys"),
        (
            record(()).to_text().replace('"version":1', '"version":2'),
            "unsupported record format",
        ),
        (
            record(()).to_text().replace('"counter"', '"azi"'),
            "not a Counter record: its game is 'azi'",
        ),
        (record(()).to_text().replace('"actions":[]', '"actions":{}'), "actions must be"),
        (record(()).to_text().replace('"actions":[]', '"actions":[1]'), "action 0 must be"),
        (record(()).to_text().replace('"seed":1', '"seed":-1'), "invalid dealing"),
    ],
)
def test_envelope_faults(text: str, message: str) -> None:
    with pytest.raises(InvalidStateError, match=message):
        GameRecord.from_json(text, "counter")


@given(st.text() | st.binary())
def test_arbitrary_input_raises_only_invalid_state(data: str | bytes) -> None:
    try:
        record = GameRecord.from_json(data, "counter")
    except InvalidStateError:
        return
    assert GameRecord.from_json(record.to_json(), "counter") == record
    assert GameRecord.from_json(record.to_text(), "counter") == record
    fresh = record.to_json()
    fresh["actions"] = None
    assert record.to_json()["actions"] is not None  # a fresh dict each time


def test_action_tuple_is_a_lazy_collection() -> None:
    legal = ActionTuple(range(20))
    assert 7 in legal and 20 not in legal
    assert len(legal) == 20
    assert list(legal) == list(range(20))
    assert legal[3] == 3
    assert legal == ActionTuple(range(20))
    assert eval(repr(ActionTuple([1, 2])), {"ActionTuple": ActionTuple}) == ActionTuple([1, 2])


@pytest.mark.parametrize("player", [True, 0.0, "0"])
def test_replay_needs_an_integer_player(player: object) -> None:
    with pytest.raises(InvalidStateError, match="recorded for player"):
        replay(Counter(), ({"player": player, "add": 2},), parse)


def test_summaries_match_as_json_not_by_loose_equality() -> None:
    from cardrules.record import check_summary

    check_summary({"total": 5, "over": True}, {"over": True, "total": 5})
    for stored in ({"total": 5.0, "over": True}, {"total": 5, "over": 1}):
        with pytest.raises(InvalidStateError, match="stored as"):
            check_summary({"total": 5, "over": True}, stored)


def test_version_must_be_the_integer_one() -> None:
    text = record(()).to_text().replace('"version":1', '"version":1.0')
    with pytest.raises(InvalidStateError, match="unsupported record format"):
        GameRecord.from_json(text, "counter")
