"""Every record loader turns any input into a value or a package error.

The loaders are fed text nested far too deep for the JSON parser, records that parse
but hide deep nesting in their lists, numbers too long for Python to read, bytes that
are not text, and Python values of the wrong shape. Whatever comes in, only a
:class:`~cardrules.errors.CardRulesError` may come out: never a ``RecursionError``, a
bare ``ValueError`` or a ``UnicodeDecodeError``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from cardrules.azi import AziMatch, AziRules, AziState
from cardrules.dealing import Dealing
from cardrules.errors import CardRulesError, InvalidStateError
from cardrules.hazari import HazariMatch, HazariState
from cardrules.record import MAX_JSON_DEPTH, GameRecord, dump_json, parse_json_text
from cardrules.rng import Rng

Loader = Callable[[Any], object]


def _play(state: Any, moves: int) -> Any:
    rng = Rng(5)
    for _ in range(moves):
        if state.is_terminal:
            break
        legal = list(state.legal_actions())
        state = state.apply(legal[rng.randbelow(len(legal))])
    return state


def _text(state: Any) -> str:
    data = state.to_json()
    return data if isinstance(data, str) else dump_json(data)


HAZARI_DEAL = _text(_play(HazariState.new(seed=1), 2))
HAZARI_MATCH = _text(_play(HazariMatch.new(seed=1), 5))
AZI_GAME = _text(_play(AziState.new(AziRules(players=3), dealer=0, dealing=Dealing(seed=1)), 6))
AZI_MATCH = _text(AziMatch(AziRules(players=3), seed=1, first_dealer=0))
AZI_MATCH_0_1_0 = dump_json(
    {
        "rules": {
            key: value
            for key, value in json.loads(AZI_GAME)["rules"].items()
            if key not in ("dealer", "match_games")
        },
        "seed": 1,
        "first_dealer": 0,
        "games": [],
    }
)

LOADERS: dict[str, tuple[Loader, str]] = {
    "GameRecord.from_json": (lambda data: GameRecord.from_json(data, "hazari"), HAZARI_DEAL),
    "HazariState.from_json": (HazariState.from_json, HAZARI_DEAL),
    "HazariMatch.from_json": (HazariMatch.from_json, HAZARI_MATCH),
    "AziState.from_json": (AziState.from_json, AZI_GAME),
    "AziMatch.from_json": (AziMatch.from_json, AZI_MATCH),
    "AziMatch.from_json (0.1.0 format)": (AziMatch.from_json, AZI_MATCH_0_1_0),
    "Dealing.from_json": (Dealing.from_json, dump_json({"seed": 1, "decks": []})),
}

KNOWN_LEAKS: dict[tuple[str, str], str] = {}
"""(loader, case) pairs of :data:`WRONG_SHAPES` that still leak a non-package error
through code outside records.py, with the reason; they run as strict xfails."""


def deep_text(depth: int, leaf: str = "0") -> str:
    return "[" * depth + leaf + "]" * depth


def deep_list(depth: int) -> list[object]:
    value: list[object] = []
    for _ in range(depth):
        value = [value]
    return value


def deep_dict(depth: int) -> dict[str, object]:
    value: dict[str, object] = {}
    for _ in range(depth):
        value = {"a": value}
    return value


def with_value_at(text: str, path: tuple[str | int, ...], raw: str) -> str:
    """``text`` (a JSON object) with the value at ``path`` replaced by the JSON ``raw``."""
    data = json.loads(text)
    marker = "\u0000MARK\u0000"
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = marker
    return dump_json(data).replace(json.dumps(marker), raw, 1)


def refuses(name: str, loader: Loader, data: object) -> None:
    """Call ``loader``: it must raise a CardRulesError, and nothing else."""
    try:
        loader(data)
    except CardRulesError:
        return
    except Exception as exc:
        pytest.fail(f"{name} leaked {type(exc).__name__}: {str(exc)[:200]}")
    pytest.fail(f"{name} accepted a malformed input")


def check(name: str, data: object) -> None:
    refuses(name, LOADERS[name][0], data)


def _where_to_nest(name: str) -> list[tuple[str | int, ...]]:
    base = json.loads(LOADERS[name][1])
    if "games" in base:
        paths: list[tuple[str | int, ...]] = [("games",), ("rules",), ("seed",)]
    elif "actions" in base:
        paths = [("actions",), ("rules",), ("summary",), ("dealing", "seed")]
        if base["actions"]:
            paths.append(("actions", 0))
            paths.append(("actions", 0, "player"))
        if base["summary"]:
            paths.append(("summary", sorted(base["summary"])[0]))
    else:
        paths = [("seed",), ("decks",)]
    return paths


TEXT_LOADERS = [name for name in LOADERS if name != "Dealing.from_json"]


def test_every_loader_reads_its_own_record() -> None:
    for name in TEXT_LOADERS:
        loader, text = LOADERS[name]
        loader(text)
        loader(text.encode())
    assert Dealing.from_json(json.loads(LOADERS["Dealing.from_json"][1])) == Dealing(seed=1)


@pytest.mark.parametrize("name", TEXT_LOADERS)
@pytest.mark.parametrize(
    "case",
    ["[ * 100000", "{ * 100000", "[ * 100000 as bytes", "closed 5000 deep", "closed 1500 deep"],
)
def test_text_nested_too_deep_for_the_parser(name: str, case: str) -> None:
    cases: dict[str, str | bytes] = {
        "[ * 100000": "[" * 100_000,
        "{ * 100000": '{"a":' * 100_000,
        "[ * 100000 as bytes": b"[" * 100_000,
        "closed 5000 deep": deep_text(5000),
        "closed 1500 deep": deep_text(1500),
    }
    check(name, cases[case])


@pytest.mark.parametrize("name", TEXT_LOADERS)
@pytest.mark.parametrize("depth", [5000, 990, 400, MAX_JSON_DEPTH + 1])
def test_a_valid_looking_record_with_deep_nesting_inside(name: str, depth: int) -> None:
    for path in _where_to_nest(name):
        for raw in (deep_text(depth), '{"a":' * depth + "0" + "}" * depth):
            check(name, with_value_at(LOADERS[name][1], path, raw))


@pytest.mark.parametrize("name", TEXT_LOADERS)
def test_numbers_too_long_to_read(name: str) -> None:
    digits = "9" * 5000
    text = LOADERS[name][1]
    base = json.loads(text)
    paths: list[tuple[str | int, ...]] = (
        [("seed",), ("first_dealer",)] if "games" in base else [("dealing", "seed"), ("version",)]
    )
    for path in paths:
        for raw in (digits, "-" + digits, "1e" + digits, "0." + digits + "e99999"):
            data = with_value_at(text, path, raw)
            try:
                LOADERS[name][0](data)
            except CardRulesError:
                continue
            except Exception as exc:
                pytest.fail(f"{name} leaked {type(exc).__name__} for {raw[:12]} at {path}")
            assert raw.startswith(("1e", "0.")), f"{name} accepted {raw[:12]}... at {path}"
    check(name, digits)


@pytest.mark.parametrize("name", TEXT_LOADERS)
@pytest.mark.parametrize(
    "data",
    [
        b"\xff\xfe\x00\x01garbage",
        b"\xfe\xff\xd8\x00",
        b"\x80abc",
        b'{"a": "\xff"}',
        b"\x00\x00\xfe\xff\x00\x00\x00",
        b"\xef\xbb\xbf{",
        "\ud800".encode("utf-8", "surrogatepass"),
    ],
    ids=[
        "utf16-bom",
        "utf16-be-lone-surrogate",
        "stray-continuation",
        "bad-byte-in-string",
        "utf32-truncated",
        "utf8-bom-truncated",
        "encoded-surrogate",
    ],
)
def test_bytes_that_are_not_text(name: str, data: bytes) -> None:
    check(name, data)


def test_non_utf8_bytes_inside_a_valid_record() -> None:
    for name in TEXT_LOADERS:
        raw = LOADERS[name][1].encode()
        check(name, raw[:20] + b"\xff" + raw[20:])


WRONG_SHAPES: dict[str, object] = {
    "10**5000": 10**5000,
    "-10**5000": -(10**5000),
    "list-100000-deep": deep_list(100_000),
    "dict-100000-deep": deep_dict(100_000),
    "huge-seed": {"seed": 10**5000, "decks": []},
    "deep-seed": {"seed": deep_list(100_000), "decks": []},
    "deep-decks": {"seed": 1, "decks": deep_list(100_000)},
    "deep-deck": {"seed": 1, "decks": [deep_list(100_000)]},
    "None": None,
    "float": 3.5,
    "bytes": b"\xff\xfe",
    "text": "[" * 100_000,
}


def _wrong_shape_cases() -> list[Any]:
    cases = []
    for name in LOADERS:
        for case, data in WRONG_SHAPES.items():
            leak = KNOWN_LEAKS.get((name, case))
            marks = [pytest.mark.xfail(strict=True, reason=leak)] if leak else []
            cases.append(pytest.param(name, data, id=f"{name}-{case}", marks=marks))
    return cases


@pytest.mark.parametrize(("name", "data"), _wrong_shape_cases())
def test_python_values_of_the_wrong_shape(name: str, data: object) -> None:
    check(name, data)


def test_parse_json_text_is_the_safe_parser() -> None:
    assert parse_json_text('{"a": [1, {"b": null}]}') == {"a": [1, {"b": None}]}
    assert parse_json_text(b'["\xe2\x99\xa0"]') == ["♠"]
    assert parse_json_text(deep_text(MAX_JSON_DEPTH)) is not None
    cases: list[tuple[object, str]] = [
        ("[" * 100_000, "nest too deeply"),
        (deep_text(MAX_JSON_DEPTH + 1), "more than 100 levels"),
        ("9" * 5000, "not valid JSON: Exceeds the limit"),
        (b"\xff\xfe\x00\x01garbage", "not valid JSON: not UTF-8 text (byte 0xff at offset 0"),
        (b'{"a": "\xff"}', "not valid JSON: not UTF-8 text (byte 0xff at offset 7"),
        ("", "not valid JSON: Expecting value"),
        (None, "JSON text must be str or bytes, got None"),
        (10**5000, "got <int of 16610 bits>"),
    ]
    for data, message in cases:
        with pytest.raises(InvalidStateError, match=message.replace("(", r"\(")):
            parse_json_text(data)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("rules", deep_dict(100_000)),
        ("seed", deep_list(100_000)),
        ("seed", 10**5000),
        ("first_dealer", 10**5000),
        ("games", deep_dict(100_000)),
        ("games", [deep_list(100_000)]),
        ("games", [deep_dict(100_000)]),
        ("games", [10**5000]),
    ],
    ids=lambda value: value if isinstance(value, str) else type(value).__name__,
)
def test_0_1_0_azi_match_dicts_of_the_wrong_shape(key: str, value: object) -> None:
    data = json.loads(AZI_MATCH_0_1_0) | {key: value}
    refuses("AziMatch.from_json (0.1.0 format)", AziMatch.from_json, data)


def _value_loaders() -> dict[str, tuple[Loader, str]]:
    """The ``from_json`` of every other value that reads JSON text, with a sample."""
    from cardrules import load_game
    from cardrules.azi import Raise
    from cardrules.azi.events import Folded
    from cardrules.chance import ChanceState
    from cardrules.hazari import HazariRules, Up
    from cardrules.hazari.events import PlayerUp
    from cardrules.registry import Game
    from cardrules.tournament import TournamentResult, tournament

    azi = AziState.from_json(AZI_GAME)
    hazari = HazariState.from_json(HAZARI_DEAL)
    result = tournament("azi(players=2)", ["random", "heuristic"], 2, seed=1)
    samples: list[tuple[str, Loader, object]] = [
        ("AziObservation.from_json", type(azi.observation(0)).from_json, azi.observation(0)),
        (
            "HazariObservation.from_json",
            type(hazari.observation(0)).from_json,
            hazari.observation(0),
        ),
        ("AziRules.from_json", AziRules.from_json, AziRules()),
        ("HazariRules.from_json", HazariRules.from_json, HazariRules()),
        ("Raise.from_json", Raise.from_json, Raise(3)),
        ("Up.from_json", Up.from_json, hazari.legal_actions()[0]),
        ("Folded.from_json", Folded.from_json, Folded(1)),
        ("PlayerUp.from_json", PlayerUp.from_json, PlayerUp(2)),
        ("Game.from_json", Game.from_json, load_game("azi")),
        ("ChanceState.from_json", ChanceState.from_json, ChanceState.new(load_game("hazari"))),
        ("TournamentResult.from_json", TournamentResult.from_json, result),
    ]
    return {name: (loader, dump_json(value.to_json())) for name, loader, value in samples}  # type: ignore[attr-defined]


VALUE_LOADERS = _value_loaders()

BAD_TEXTS: dict[str, str | bytes] = {
    "[ * 100000": "[" * 100_000,
    "{ * 100000": '{"a":' * 100_000,
    "[ * 100000 as bytes": b"[" * 100_000,
    "closed 5000 deep": deep_text(5000),
    "5000 digits": "9" * 5000,
    "utf16-bom": b"\xff\xfe\x00\x01garbage",
    "bad-byte-in-string": b'{"a": "\xff"}',
}


@pytest.mark.parametrize("name", sorted(VALUE_LOADERS))
def test_every_value_loader_reads_text_and_refuses_bad_text(name: str) -> None:
    loader, text = VALUE_LOADERS[name]
    value = loader(text)
    assert loader(text.encode()) == value
    assert loader(json.loads(text)) == value
    for case, data in BAD_TEXTS.items():
        refuses(f"{name} ({case})", loader, data)
    for path in [(key,) for key in json.loads(text)]:
        refuses(f"{name} (deep at {path})", loader, with_value_at(text, path, deep_text(5000)))
