"""register_game accepts exactly the names a spec can name, and a refusal changes nothing.

A name that registered but could not be loaded ("Chess": specs are read in lower
case), or one that broke :func:`game_names` for the whole process (``None``), was
the defect. The property: for any text, registering succeeds exactly when
``load_game`` of that text (in any ASCII case) then finds the game.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st
from toy_game.game import ToyDefinition

from cardrules import game_names, load_game, register_game, registry
from cardrules.errors import InvalidRulesError


@pytest.fixture(autouse=True)
def restore_registry() -> Iterator[None]:
    saved = dict(registry._REGISTERED)
    yield
    registry._REGISTERED.clear()
    registry._REGISTERED.update(saved)


def named(name: object) -> ToyDefinition:
    """A toy game definition declaring ``name``."""
    cls = type("Named", (ToyDefinition,), {"name": name})
    definition: ToyDefinition = cls()
    return definition


def _no_name(self: object) -> str:
    raise RuntimeError("no name")


BAD = [
    None,
    1,
    b"toy",
    ["toy"],
    "",
    "Chess",
    "TOY",
    "azi",
    "hazari",
    " toy",
    "toy ",
    "two words",
    "toy(players=2)",
    "toy,x",
    "1toy",
    "_toy",
    "-toy",
    "tøy",
    "\u212aazi",
    "x" * 41,
    "toy\n",
]


@pytest.mark.parametrize("name", BAD, ids=[repr(name)[:20] for name in BAD])
def test_bad_names_are_refused_and_the_registry_is_unchanged(name: object) -> None:
    before, state = game_names(), dict(registry._REGISTERED)
    with pytest.raises(InvalidRulesError):
        register_game(named(name))
    assert game_names() == before and state == registry._REGISTERED
    with pytest.raises(InvalidRulesError, match="unknown game"):
        load_game("chess")


def test_a_definition_whose_name_fails_is_refused() -> None:
    before = game_names()
    with pytest.raises(InvalidRulesError, match="name"):
        register_game(named(property(_no_name)))  # a foreign definition whose name fails
    assert game_names() == before


def test_a_name_taken_by_another_definition_is_refused() -> None:
    register_game(named("toy2"))
    first = registry._REGISTERED["toy2"]
    with pytest.raises(InvalidRulesError, match="already registered"):
        register_game(named("toy2"))  # a new class of the same name
    assert registry._REGISTERED["toy2"] is first
    register_game(first)  # the same definition again is fine
    assert load_game("TOY2(players=2)").definition is first


def naive_spec_name(text: str) -> bool:
    """Whether a spec can name ``text``: lower-case ASCII letters, digits, ``_`` and
    ``-``, a letter first, at most 40 characters."""
    allowed = set("abcdefghijklmnopqrstuvwxyz0123456789_-")
    return 0 < len(text) <= 40 and text[0].isalpha() and text.isascii() and set(text) <= allowed


@given(
    st.one_of(
        st.text(max_size=45),
        st.text(alphabet="abcxyzAZ019_- (),=é\u212a", max_size=45),
    )
)
def test_a_name_registers_exactly_when_a_spec_can_load_it(name: str) -> None:
    saved = dict(registry._REGISTERED)
    free = name not in ("azi", "hazari", *saved)
    try:
        try:
            register_game(named(name))
        except InvalidRulesError:
            assert not free or not naive_spec_name(name)
            assert saved == registry._REGISTERED
            return
        assert free and naive_spec_name(name)
        assert name in game_names()
        assert load_game(name).name == name
        assert load_game(f" {name.upper()}(players=2) ").name == name
    finally:
        registry._REGISTERED.clear()
        registry._REGISTERED.update(saved)
