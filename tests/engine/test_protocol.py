"""The protocol's checks: whatever an engine writes is a message or a named fault."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.engine.protocol import (
    FAULT_KINDS,
    MAX_ENGINE_LINE,
    Answer,
    EngineInfo,
    check_option,
    encode,
    engine_info,
    read_answer,
    read_line,
    visible,
)
from cardrules.errors import EngineError
from cardrules.seats import Forfeit
from cardrules.tables import Scalar

HANDSHAKE = {"type": "engine", "protocol": "cardrules-engine", "version": "1.0"}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


def _outcome(call: Callable[[Any], Any], argument: Any) -> tuple[Any, Forfeit | None]:
    """What ``call(argument)`` gives, or the forfeit it raises."""
    try:
        return call(argument), None
    except Forfeit as fault:
        return None, fault


@given(st.binary(max_size=300))
def test_any_bytes_are_a_message_or_a_named_fault(line: bytes) -> None:
    message, fault = _outcome(read_line, line)
    if fault is not None:
        assert fault.kind in ("malformed", "overlong")
        assert visible(fault.detail) == fault.detail, "a report is safe to print"
    else:
        assert isinstance(message, dict) and isinstance(message["type"], str)


@settings(max_examples=50)
@given(st.dictionaries(st.sampled_from(["type", "id", "text", "info", "x"]), json_values))
def test_any_object_is_an_answer_or_a_named_fault(message: dict[str, Any]) -> None:
    answer, fault = _outcome(read_answer, message)
    if fault is not None:
        assert fault.kind == "malformed"
    else:
        assert message["type"] == "action"
        assert (answer.id is None) != (answer.text is None)
        assert answer.id is None or (type(answer.id) is int and answer.id >= 0)


@settings(max_examples=50)
@given(
    st.dictionaries(
        st.sampled_from(["name", "author", "options", "legal_limit", "version", "x"]), json_values
    )
)
def test_any_handshake_is_read_or_refused_with_a_named_fault(fields: dict[str, Any]) -> None:
    message = {**HANDSHAKE, **fields}
    version = message["version"]
    speaks = isinstance(version, str) and re.fullmatch("1[.][0-9]+", version) is not None
    info, fault = _outcome(engine_info, message)
    if fault is not None:
        assert fault.kind == ("malformed" if speaks else "version")
    else:
        assert speaks and isinstance(info, EngineInfo) and 0 <= info.legal_limit <= 10_000


@pytest.mark.parametrize(
    ("version", "speaks"),
    [
        ("1.0", True),
        ("1.7", True),
        ("1.12", True),
        ("2.0", False),
        ("0.9", False),
        ("1", False),
        ("1.x", False),
        (1.0, False),
        (None, False),
        ("１.0", False),
    ],
)
def test_a_1x_dealer_speaks_to_every_1x_engine_and_to_no_other(
    version: object, speaks: bool
) -> None:
    message = {**HANDSHAKE, "version": version}
    if speaks:
        assert engine_info(message).version == version
    else:
        with pytest.raises(Forfeit, match=r"this dealer speaks cardrules-engine 1\.x") as caught:
            engine_info(message)
        assert caught.value.kind == "version"


def test_another_protocol_is_refused_by_name() -> None:
    with pytest.raises(Forfeit, match=r"the engine speaks uci 1\.0"):
        engine_info({**HANDSHAKE, "protocol": "uci"})


@pytest.mark.parametrize(
    ("line", "kind", "detail"),
    [
        (b"x" * (MAX_ENGINE_LINE + 1), "overlong", "longer than 65536 bytes"),
        (b"[1, 2]", "malformed", "not a message"),
        (b'{"id": 3}', "malformed", "not a message"),
        (b"\xff{}", "malformed", "not UTF-8"),
        (b"[" * 5000, "malformed", "nest too deeply"),
        (b'{"type": "action", "id": 1' + b"0" * 5000 + b"}", "malformed", "not valid JSON"),
    ],
)
def test_what_is_not_a_message_is_a_fault_that_says_why(
    line: bytes, kind: str, detail: str
) -> None:
    with pytest.raises(Forfeit, match=detail) as caught:
        read_line(line)
    assert caught.value.kind == kind and kind in FAULT_KINDS


@pytest.mark.parametrize(
    ("message", "detail"),
    [
        ({"type": "bestmove"}, "expected an action, got a message of type 'bestmove'"),
        ({"type": "action"}, "exactly one of id and text"),
        ({"type": "action", "id": 1, "text": "fold"}, "exactly one of id and text"),
        ({"type": "action", "id": True}, "an action id must be a whole number, got true"),
        ({"type": "action", "id": -1}, "an action id must be a whole number, got -1"),
        ({"type": "action", "id": 2.0}, "an action id must be a whole number, got 2.0"),
        ({"type": "action", "text": "x" * 201}, "at most 200 characters"),
        ({"type": "action", "id": 1, "info": 5}, "an action's info must be text"),
    ],
)
def test_an_answer_that_is_not_one_is_malformed(message: dict[str, Any], detail: str) -> None:
    with pytest.raises(Forfeit, match=detail):
        read_answer(message)


def test_an_info_line_is_kept_short_and_printable() -> None:
    answer = read_answer({"type": "action", "text": "fold", "info": "\x1b[2J" + "y" * 500})
    assert answer == Answer(None, "fold", "\\x1b[2J" + "y" * 196)


def test_options_are_checked_against_what_the_engine_declares() -> None:
    options = {
        "depth": {"default": 3, "min": 1, "max": 9},
        "style": {"default": "calm", "choices": ["calm", "wild"]},
        "fast": {"default": False},
    }
    info = engine_info({**HANDSHAKE, "name": "deep", "options": options})
    check_option(info, "depth", 9)
    check_option(info, "style", "wild")
    check_option(info, "fast", True)
    cases: list[tuple[str, Scalar, str]] = [
        ("width", 3, "the engine deep has no option 'width' \\(its options: depth, style, fast\\)"),
        ("depth", 10, "option 'depth' of deep runs from 1 to 9"),
        ("depth", "3", "option 'depth' of deep takes a number"),
        ("depth", True, "option 'depth' of deep takes a number"),
        ("fast", 1, "option 'fast' of deep takes true or false"),
        ("style", "mad", "option 'style' of deep is one of \\['calm', 'wild'\\]"),
    ]
    for name, value, message in cases:
        with pytest.raises(EngineError, match=message):
            check_option(info, name, value)


def test_every_message_is_one_line_of_json() -> None:
    message = {"type": "decide", "observation": {"hand": ["AS", "10♥"], "note": "a\nb"}}
    line = encode(message)
    assert line.count(b"\n") == 1 and line.endswith(b"\n")
    assert json.loads(line) == message
