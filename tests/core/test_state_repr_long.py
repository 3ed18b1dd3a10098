"""The repr of a long match pastes back: past the reader's line limit it writes the text
record over several lines, and past its other limits (a game's characters, actions or
tags) it falls back to the JSON repr.

The property runs matches of both games under limits drawn small, so that short
matches take every path (one line, several lines, JSON); the matches of the issue
(long Hazari and Azi matches, ``hazari(target=10000)`` among them with ``--soak``)
run under the real limits.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import load_game
from cardrules.azi import AziMatch
from cardrules.hazari import HazariMatch
from cardrules.records import text_lines
from cardrules.records.text import TextGame
from cardrules.rng import Rng

LIMITS = ("MAX_LINE", "MAX_GAME", "MAX_ACTIONS", "MAX_TAGS")
MATCHES = ("azi(players=3,match_games=4)", "azi(players=6,match_games=2)", "hazari(target=200)")


@contextmanager
def limits(**values: int) -> Iterator[None]:
    """The text reader's limits set to ``values`` (writer and reader alike) for a while."""
    saved = {name: getattr(text_lines, name) for name in values}
    try:
        for name, value in values.items():
            setattr(text_lines, name, value)
        yield
    finally:
        for name, value in saved.items():
            setattr(text_lines, name, value)


def played(spec: str, seed: int, most: int, first: bool = False) -> Any:
    """A match of ``spec`` after at most ``most`` actions, each drawn uniformly (or the
    first legal one)."""
    state = load_game(spec).new_match(seed=seed, dealer=seed % 3)
    rng = Rng(seed)
    for _ in range(most):  # not len(state.history), which a match builds on each call
        if state.is_terminal:
            break
        actions = state.legal_actions()
        state = state.apply(actions[0 if first else rng.randbelow(len(actions))])
    return state


def pasted(state: Any) -> Any:
    """``eval(repr(state))`` with ``load_game`` and the match classes at hand."""
    names = {"load_game": load_game, "AziMatch": AziMatch, "HazariMatch": HazariMatch}
    return eval(repr(state), names)


def form(text: str) -> str:
    """Which form a repr takes: ``line``, ``lines`` or ``json``."""
    if ".from_json(" in text:
        return "json"
    return "lines" if "\\n" in text else "line"


@settings(max_examples=40, deadline=None)
@given(
    spec=st.sampled_from(MATCHES),
    seed=st.integers(0, 2**32),
    most=st.integers(0, 80),
    line=st.integers(40, 3000),
    game=st.integers(200, 20_000),
    actions=st.integers(1, 100),
    tags=st.integers(3, 12),
)
def test_every_match_pastes_back_whatever_the_limits(
    spec: str, seed: int, most: int, line: int, game: int, actions: int, tags: int
) -> None:
    state = played(spec, seed, most)
    with limits(MAX_LINE=line, MAX_GAME=game, MAX_ACTIONS=actions, MAX_TAGS=tags):
        assert pasted(state) == state
    line = max(line, 100)  # room for the longest line of a multi-line record here
    with limits(MAX_LINE=line):
        text = repr(state)
        assert pasted(state) == state
        one_line = len(TextGame.of(state).to_line()) <= line
        assert form(text) == ("line" if one_line else "lines")


def test_each_limit_past_which_a_repr_falls_back_to_json() -> None:
    state = played("azi(players=3,match_games=4)", 5, 40)
    lines = TextGame.of(state).to_text().splitlines()
    for name, short, enough in [
        ("MAX_LINE", max(map(len, lines)) - 1, 1000),
        ("MAX_GAME", sum(map(len, lines)) // 2, 10_000),
        ("MAX_ACTIONS", len(state.history) - 1, len(state.history)),
        ("MAX_TAGS", len(TextGame.of(state).tags) - 1, len(TextGame.of(state).tags)),
    ]:
        with limits(**{name: short}):
            assert form(repr(state)) == "json" and pasted(state) == state, name
        with limits(**{name: enough}):
            assert form(repr(state)) != "json" and pasted(state) == state, name


def test_a_long_hazari_match_pastes_back() -> None:
    match = played("hazari(target=6000)", 1, 10**6, first=True)
    assert match.is_terminal and len(match.history) > 200
    text = repr(match)
    assert text.startswith("load_game('hazari(target=6000)').state_from_text('")
    assert len(text) > text_lines.MAX_LINE and form(text) == "lines"
    assert pasted(match) == match


def test_a_long_azi_match_pastes_back() -> None:
    match = played("azi(players=6,match_games=20)", 2, 10**6, first=True)
    assert match.is_terminal and len(repr(match)) > 2 * text_lines.MAX_LINE
    assert form(repr(match)) == "lines" and pasted(match) == match


@pytest.mark.soak
@settings(max_examples=30, deadline=None)
@given(
    spec=st.sampled_from(
        ["hazari(target=10000)", "hazari(target=30000)", "azi(players=6,match_games=200)"]
    ),
    seed=st.integers(0, 2**32),
    first=st.booleans(),
)
def test_long_matches_of_both_games_paste_back(spec: str, seed: int, first: bool) -> None:
    match = played(spec, seed, 10**6, first)
    assert pasted(match) == match
