"""Every numeric rule option has a documented bound, and every way in refuses the rest.

The bounds below are the ones the rules pages tabulate, written out here rather than
imported, so a changed constant fails until its page (and this table) change too.
Each option is tried at its bounds and one past them, and with huge, negative,
bool, float and text values, through the rules class, its ``from_json`` (dict and
JSON text), ``load_game`` keywords and a ``load_game`` spec. At the upper bounds a
short game is played and every printed and encoded form of it is checked.
"""

from __future__ import annotations

import json
import math
import tracemalloc
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import Rng, load_game
from cardrules.azi import AziRules
from cardrules.cards import _show
from cardrules.dealing import Dealing
from cardrules.errors import InvalidRulesError, InvalidStateError
from cardrules.hazari import HazariRules, HazariState, resample
from cardrules.runner import t_quantile

RULES: dict[str, type[Any]] = {"azi": AziRules, "hazari": HazariRules}

# (game, option, lowest, highest, options that make the lowest valid, ... the highest)
BOUNDS: list[tuple[str, str, int, int, dict[str, Any], dict[str, Any]]] = [
    ("azi", "players", 2, 6, {}, {}),
    ("azi", "ante", 1, 1_000_000, {}, {}),
    (
        "azi",
        "min_raise",
        1,
        1_000_000,
        {"max_raise": 1},
        {"max_raise": 1_000_000, "raise_cap": 1},
    ),
    ("azi", "max_raise", 1, 1_000_000, {}, {"min_raise": 999_001, "raise_cap": 1}),
    ("azi", "raise_cap", 0, 10_000, {}, {"max_raise": 1}),
    ("azi", "match_games", 1, 1000, {}, {}),
    ("hazari", "target", 1, 100_000, {}, {}),
]
IDS = [f"{game}.{option}" for game, option, *_ in BOUNDS]


def numeric_options(game: str) -> set[str]:
    """The options of ``game`` whose default is a number (or None, as match_games)."""
    defaults = RULES[game]().to_json()
    return {
        name
        for name, value in defaults.items()
        if value is None or (isinstance(value, int) and not isinstance(value, bool))
    }


def test_the_table_covers_every_numeric_option_of_every_game() -> None:
    listed = {(game, option) for game, option, *_ in BOUNDS}
    every = {(game, option) for game in RULES for option in numeric_options(game)}
    assert listed == every


def routes(game: str, options: dict[str, Any]) -> Iterator[Callable[[], object]]:
    """Every way the same options reach the rules."""
    cls = RULES[game]
    yield lambda: cls(**options)
    yield lambda: cls.from_json(options)
    yield lambda: load_game(game, **options)
    if all(type(value) is int for value in options.values()):
        yield lambda: cls.from_json(json.dumps(options))
        body = ",".join(f"{key}={value}" for key, value in options.items())
        yield lambda: load_game(f"{game}({body})")


def refused(game: str, options: dict[str, Any]) -> list[str]:
    """The messages of every route, each of which must raise InvalidRulesError."""
    messages = []
    for route in routes(game, options):
        with pytest.raises(InvalidRulesError) as caught:
            route()
        message = str(caught.value)
        assert len(message) < 600, message
        messages.append(message)
    return messages


@pytest.mark.parametrize(("game", "option", "low", "high", "at_low", "at_high"), BOUNDS, ids=IDS)
def test_each_bound_is_allowed_and_one_past_it_is_refused_by_every_route(
    game: str, option: str, low: int, high: int, at_low: dict[str, Any], at_high: dict[str, Any]
) -> None:
    for value, extra in ((low, at_low), (high, at_high)):
        made = [route() for route in routes(game, {**extra, option: value})]
        assert all(getattr(rules, "rules", rules) == made[0] for rules in made)
        assert getattr(made[0], option) == value
    for value, extra in ((low - 1, at_low), (high + 1, at_high)):
        for message in refused(game, {**extra, option: value}):
            assert option in message and str(value) in message, message
            assert str(low) in message and str(high) in message, message


WRONG: list[object] = [
    10**5000,
    -(10**5000),
    2**64,
    -1,
    True,
    False,
    1.0,
    2.5,
    math.inf,
    math.nan,
    "5",
    b"5",
    [5],
]


@pytest.mark.parametrize(("game", "option", "low", "high", "at_low", "at_high"), BOUNDS, ids=IDS)
@pytest.mark.parametrize("value", WRONG, ids=[_show(value)[:14] for value in WRONG])
def test_huge_negative_and_wrongly_typed_values_are_refused(
    game: str,
    option: str,
    low: int,
    high: int,
    at_low: dict[str, Any],
    at_high: dict[str, Any],
    value: object,
) -> None:
    cls = RULES[game]
    attempts: list[Callable[[], object]] = [
        lambda: cls(**{option: value}),
        lambda: cls.from_json({option: value}),
    ]
    if not isinstance(value, str):  # keyword text is read as spec text
        attempts.append(lambda: load_game(game, **{option: value}))
    for attempt in attempts:
        with pytest.raises(InvalidRulesError) as caught:
            attempt()
        message = str(caught.value)
        assert option in message and len(message) < 600, message


@pytest.mark.parametrize(("game", "option", "low", "high", "at_low", "at_high"), BOUNDS, ids=IDS)
@pytest.mark.parametrize(
    "text", ["--5", "+-5", "1_000", "1 0", "５", "²", "1.0", "1e3", "0x10", "", "-", "9" * 5000]
)
def test_option_text_that_is_not_a_plain_whole_number_is_refused(
    game: str,
    option: str,
    low: int,
    high: int,
    at_low: dict[str, Any],
    at_high: dict[str, Any],
    text: str,
) -> None:
    attempts: list[Callable[[], object]] = [
        lambda: load_game(f"{game}({option}={text})"),
        lambda: load_game(game, **{option: text}),
    ]
    for attempt in attempts:
        with pytest.raises(InvalidRulesError) as caught:
            attempt()
        assert option in str(caught.value) and len(str(caught.value)) < 600


def test_a_huge_number_in_json_rules_text_is_a_rules_error() -> None:
    for cls, option in ((AziRules, "ante"), (HazariRules, "target")):
        with pytest.raises(InvalidRulesError):
            cls.from_json(f'{{"{option}": {"9" * 5000}}}')


def test_raise_ids_are_bounded_together() -> None:
    """``raise_cap * max_raise - min_raise + 1`` raise ids, at most 10000."""
    assert AziRules(raise_cap=10, max_raise=1000).raise_cap == 10
    assert load_game("azi", raise_cap=10, max_raise=1000).num_distinct_actions == 75 + 10_000
    assert AziRules(raise_cap=0, max_raise=1000).raise_cap == 0
    for options in ({"raise_cap": 11, "max_raise": 1000}, {"raise_cap": 101, "max_raise": 100}):
        for message in refused("azi", options):
            assert "10000" in message and "raise_cap" in message, message


# --- plain whole numbers in spec text, against a naive reader ------------------------


def naive_target(text: str) -> int | None:
    """The target that ``hazari(target=TEXT)`` names, or None if it names none: a sign,
    then ASCII digits, at most 30 of them after leading zeros."""
    stripped = text.strip()
    digits = stripped[1:] if stripped[:1] in ("+", "-") else stripped
    if not digits or any(char not in "0123456789" for char in digits):
        return None
    if len(digits.lstrip("0")) > 30:
        return None
    return int(stripped)


@given(
    st.one_of(
        st.text(max_size=40),
        st.from_regex(r"\A\s*[+-]?[0-9]{1,8}\s*\Z"),
        st.integers(-(10**6), 10**6).map(str),
    )
)
def test_spec_numbers_read_as_the_naive_reader_reads_them(text: str) -> None:
    if any(mark in text for mark in ",()="):
        return
    expected = naive_target(text)
    if expected is not None and 1 <= expected <= 100_000:
        assert load_game(f"hazari(target={text})").rules.target == expected
    else:
        with pytest.raises(InvalidRulesError):
            load_game(f"hazari(target={text})")


SPEC_PARTS = st.sampled_from(
    [
        *("azi", "hazari", "AZI", "(", ")", ",", "=", " ", "players", "target", "ante"),
        *("raise_cap", "suits", "rounding", "match_games", "none", "true", "5", "-", "+"),
        *("--5", "9" * 40, "１", "²", "_", "\x00", "\u212a", "\u2003", "toy", "é"),
    ]
)


@given(st.one_of(st.text(max_size=60), st.lists(SPEC_PARTS, max_size=14).map("".join)))
def test_load_game_of_any_text_makes_a_game_or_raises_a_rules_error(spec: str) -> None:
    try:
        game = load_game(spec)
    except InvalidRulesError:
        return
    assert load_game(str(game)) == game


# --- at the upper bounds, everything prints and encodes ------------------------------

WIDEST = [
    "azi(players=6,ante=1000000,raise_cap=10000,max_raise=1,match_games=1000)",
    "azi(players=6,ante=1000000,raise_cap=1,min_raise=999001,max_raise=1000000)",
    "azi(players=3,ante=1,raise_cap=10,min_raise=1,max_raise=1000)",
    "hazari(target=100000)",
]


def check_position(game: Any, state: Any) -> None:
    assert str(state) and repr(state)
    mask = state.legal_action_mask()
    assert len(mask) == game.num_distinct_actions
    assert game.name != "azi" or len(mask) <= 10_075
    assert sum(mask) == (0 if state.is_terminal else len(state.legal_actions()))
    assert game.state_from_json(state.to_json()) == state
    for player in range(game.num_players):
        view = state.observation(player)
        assert str(view) and repr(view)
        for tensor in (
            game.observation_tensor(state, player),
            game.information_state_tensor(state, player),
        ):
            assert all(math.isfinite(float(x)) for x in tensor)


@pytest.mark.parametrize("spec", WIDEST)
@pytest.mark.parametrize("kind", ["game", "match"])
def test_at_the_bounds_games_print_mask_and_encode(spec: str, kind: str) -> None:
    game = load_game(spec)
    assert str(game) and load_game(str(game)) == game and repr(game).startswith("load_game(")
    rng = Rng(7)
    state = game.new_state(seed=3) if kind == "game" else game.new_match(seed=3)
    for step in range(40):
        if step % 8 == 0 or state.is_terminal:
            check_position(game, state)
        if state.is_terminal:
            break
        legal = state.legal_actions()
        # the highest raise where there is one, so stakes reach the top
        state = state.apply(
            legal[len(legal) - 1 if rng.randbelow(2) else rng.randbelow(len(legal))]
        )
    check_position(game, state)


# --- Hazari resample never allocates by a loaded deal number -------------------------


@pytest.mark.parametrize("deal", [1112, 10**9, 2**64 - 1])
def test_resample_refuses_deal_numbers_beyond_any_match(deal: int) -> None:
    view = HazariState.from_dealing(Dealing(seed=1), deal=deal).observation(0)
    tracemalloc.start()
    try:
        with pytest.raises(InvalidStateError, match="deal"):
            resample(view, Rng(1))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000


def test_resample_keeps_the_view_at_the_last_deal_a_match_can_have() -> None:
    state = HazariState.from_dealing(Dealing(seed=2), deal=1111)
    state = state.apply(state.legal_actions()[0])
    view = state.observation(1)
    guess = resample(view, Rng(3))
    assert guess.observation(1) == view and guess.deal == 1111


# --- the t quantile's cache is bounded -----------------------------------------------


def test_many_distinct_probabilities_do_not_grow_memory() -> None:
    levels = [0.5 + (k + 1) / 40_000 for k in range(12_000)]
    for p in levels[:2000]:
        t_quantile(p, 5)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for p in levels[2000:]:
            t_quantile(p, 5)
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown < 100_000, grown  # an unbounded cache holds 10,000 more entries
    assert t_quantile(levels[0], 5) == t_quantile(levels[0], 5)
