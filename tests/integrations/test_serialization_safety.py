"""Crafted serialized text runs no code, and a terminal state takes no action.

Every deserialization entry point the adapters offer is fed the payloads of
:mod:`tests.integrations.hostile_text`: pickles that set a flag when loaded, wrapped in
OpenSpiel's own state format, its game-and-state format, base64, raw bytes and JSON.
Each must raise a package error and leave the flag unset. A check first proves that
the payload is live (unpickling it does set the flag), and another that OpenSpiel's
own module-level reader still unpickles it: that is the limit the OpenSpiel page
warns about, outside the adapter's reach.
"""

from __future__ import annotations

import contextlib
import copy
import pickle
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install 'cardrules[openspiel]'"
)

import cardrules.integrations.openspiel as adapter  # noqa: E402
from cardrules import load_game  # noqa: E402
from cardrules.chance import ChanceState  # noqa: E402
from cardrules.errors import (  # noqa: E402
    CardRulesError,
    IllegalActionError,
    InvalidRulesError,
    InvalidStateError,
    SimulationError,
)
from cardrules.integrations._values import finite_float, whole_number  # noqa: E402
from cardrules.record import dump_json  # noqa: E402
from tests.integrations import hostile_text  # noqa: E402


@pytest.fixture(autouse=True)
def no_payload_has_run() -> Iterator[None]:
    hostile_text.forget()
    yield
    assert not hostile_text.ran()


def play(state: Any, seed: int, steps: int = 10_000) -> Any:
    """``state`` after up to ``steps`` random moves, chance included."""
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice([outcome for outcome, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def cut_by_the_bound() -> Any:
    """A five-player Azi state that ``max_deals=1`` ended in Azi (the pot shared)."""
    game = pyspiel.load_game("cardrules_azi(players=5,max_deals=1)")
    for seed in range(500):
        state = play(game.new_initial_state(), seed)
        if not state.chance_state.is_terminal:
            return state
    raise AssertionError("no Azi in 500 random games")


# ------------------------------------------------------------------ serialization


def test_the_payload_is_live() -> None:
    """Without this, a test that finds the flag unset would prove nothing."""
    pickle.loads(hostile_text.PICKLE)
    assert hostile_text.ran()
    hostile_text.forget()


def test_pyspiel_module_level_reader_still_unpickles() -> None:
    """The documented limit: ``pyspiel.deserialize_game_and_state`` is OpenSpiel's C++
    code and unpickles a Python game's state before the adapter sees anything. If this
    starts failing, OpenSpiel closed the hole and the OpenSpiel page's warning can go."""
    with contextlib.suppress(Exception):  # what it returns or raises afterwards is moot
        pyspiel.deserialize_game_and_state(hostile_text.game_and_state_text("cardrules_azi()"))
    assert hostile_text.ran()
    hostile_text.forget()


def _entry_points() -> list[tuple[str, Callable[[Any], object]]]:
    """Every adapter and package function that reads serialized or spec text."""
    azi = pyspiel.load_game("cardrules_azi(players=3)")
    hazari = pyspiel.load_game("cardrules_hazari")
    state = play(azi.new_initial_state(), 1, steps=40)
    pettingzoo = pytest.importorskip("cardrules.integrations.pettingzoo")
    return [
        ("azi.deserialize_state", azi.deserialize_state),
        ("hazari.deserialize_state", hazari.deserialize_state),
        ("deserialize_game_and_state", adapter.deserialize_game_and_state),
        ("azi.new_initial_state", azi.new_initial_state),
        ("state.__setstate__", state.__setstate__),
        ("state.string_to_action", state.string_to_action),
        ("ChanceState.from_json", ChanceState.from_json),
        ("load_game", load_game),
        ("pettingzoo.env", pettingzoo.env),
    ]


ENTRY_POINTS = _entry_points()


@pytest.mark.parametrize(("name", "read"), ENTRY_POINTS, ids=[name for name, _ in ENTRY_POINTS])
def test_crafted_text_runs_no_code(name: str, read: Callable[[Any], object]) -> None:
    for text in hostile_text.hostile_texts():
        with pytest.raises(CardRulesError):
            read(text)
        assert not hostile_text.ran(), f"{name} ran the payload of {text[:40]!r}"


def test_openspiel_state_text_is_refused_with_a_reason() -> None:
    game = pyspiel.load_game("cardrules_azi")
    with pytest.raises(InvalidStateError, match="pickle, which cardrules never reads"):
        game.deserialize_state(hostile_text.openspiel_state_text())
    own = pyspiel.serialize_game_and_state(game, game.new_initial_state())
    with pytest.raises(InvalidStateError, match="pickle"):
        adapter.deserialize_game_and_state(own)


def test_states_round_trip_through_their_record_with_their_history() -> None:
    game = pyspiel.load_game("cardrules_azi(players=4,max_deals=3)")
    for seed, steps in [(1, 0), (2, 5), (3, 27), (4, 60), (5, 10_000)]:
        state = play(game.new_initial_state(), seed, steps)
        text = state.serialize()
        assert text == dump_json(state.chance_state.to_json())
        for loaded in (
            game.deserialize_state(text),
            adapter.deserialize_game_and_state(adapter.serialize_game_and_state(game, state))[1],
            pickle.loads(pickle.dumps(state)),
            copy.deepcopy(state),
        ):
            assert loaded.serialize() == text
            assert loaded.history() == state.history()
            assert loaded.move_number() == state.move_number()
            assert loaded.returns() == state.returns()
    assert pickle.loads(pickle.dumps(game)) == game


def test_a_record_must_be_a_position_of_the_game_that_reads_it() -> None:
    three = pyspiel.load_game("cardrules_azi(players=3)")
    four = pyspiel.load_game("cardrules_azi(players=4)")
    text = play(three.new_initial_state(), 1, steps=30).serialize()
    with pytest.raises(InvalidRulesError, match="not a game of"):
        four.deserialize_state(text)
    with pytest.raises(InvalidStateError, match="cardrules-chance"):
        three.deserialize_state('{"format": "cardrules"}')


def _redealing(game: Any) -> Any:
    """A state of ``game`` two cards into its second deck (a re-deal after an Azi)."""
    for seed in range(500):
        state, rng = game.new_initial_state(), random.Random(seed)
        while not state.is_terminal():
            node = state.chance_state
            if node.is_chance_node and len(node.decks) == 1 and len(node.drawn) == 2:
                return state
            play(state, rng.randrange(2**32), steps=1)
    raise AssertionError("no re-deal in 500 random games")


def test_a_record_past_the_deal_bound_is_refused() -> None:
    long = pyspiel.load_game("cardrules_azi(players=5,max_deals=8)")
    short = pyspiel.load_game("cardrules_azi(players=5,max_deals=1)")
    state = _redealing(long)
    later = play(state.clone(), 1, steps=40)  # a third deck is not needed to be past it
    for past in (state, later):
        with pytest.raises(InvalidStateError, match="max_deals"):
            short.deserialize_state(past.serialize())
        with pytest.raises(InvalidStateError, match="max_deals"):
            short.state_from_chance_state(past.chance_state)
    assert long.deserialize_state(later.serialize()).history() == later.history()


# ------------------------------------------------------------------ terminal states


def _terminal_states() -> list[Any]:
    azi = pyspiel.load_game("cardrules_azi(players=3)")
    hazari = pyspiel.load_game("cardrules_hazari")
    ended = [play(azi.new_initial_state(), 2), play(hazari.new_initial_state(), 3)]
    return [*ended, cut_by_the_bound()]


def _fingerprint(state: Any) -> tuple[object, ...]:
    return (state.serialize(), state.history(), state.move_number(), state.returns(), str(state))


@pytest.mark.parametrize("state", _terminal_states(), ids=["azi", "hazari", "azi cut by max_deals"])
def test_a_terminal_state_takes_no_action(state: Any) -> None:
    assert state.is_terminal()
    before = _fingerprint(state)
    inner = state.chance_state.inner
    candidates = sorted({0, 1, 5, 26, *inner.legal_action_ids()})  # the bound leaves joins legal
    for action in candidates:
        for apply in (
            state.apply_action,
            state.apply_action_with_legality_check,
            state.child,
            lambda a: pyspiel.State.apply_action(state, a),  # OpenSpiel's C++ path
        ):
            with pytest.raises(IllegalActionError, match="over"):
                apply(action)
    assert state.legal_actions() == [] and state.legal_actions(0) == []
    assert not any(state.legal_actions_mask())
    assert _fingerprint(state) == before


# ------------------------------------------------------------------ OpenSpiel's errors


def test_openspiel_errors_are_package_errors() -> None:
    """The calls the 0.2.0 audit saw raise SpielError or TypeError."""
    game = pyspiel.load_game("cardrules_azi(players=3)")
    state = play(game.new_initial_state(), 1, steps=40)
    calls: list[tuple[type[CardRulesError], Callable[[], object]]] = [
        (InvalidStateError, lambda: state.information_state_string(99)),
        (InvalidStateError, lambda: state.observation_tensor(-5)),
        (InvalidStateError, lambda: state.legal_actions(-5)),
        (IllegalActionError, lambda: state.apply_action(-1)),
        (IllegalActionError, lambda: state.apply_action(1.5)),
        (InvalidRulesError, lambda: adapter.cardrules_game("azi")({"foo": 1})),
        (InvalidStateError, lambda: game.deserialize_state("garbage")),
        (InvalidStateError, lambda: game.new_initial_state().observation_string()),
        (InvalidStateError, lambda: state.player_return(3)),
        (InvalidStateError, lambda: state.undo_action(0, 0)),
        (InvalidStateError, lambda: state.to_struct()),
        (IllegalActionError, lambda: state.string_to_action("no such action")),
        (IllegalActionError, lambda: state.action_to_string(0, 2**70)),
    ]
    for error, call in calls:
        with pytest.raises(error):
            call()


def test_the_player_ids_are_openspiels() -> None:
    from cardrules.chance import CHANCE
    from cardrules.integrations._openspiel_state import TERMINAL

    assert (CHANCE, TERMINAL) == (pyspiel.PlayerId.CHANCE, pyspiel.PlayerId.TERMINAL)


def test_valid_calls_give_what_openspiel_gives() -> None:
    game = pyspiel.load_game("cardrules_azi(players=3)")
    state = play(game.new_initial_state(), 1, steps=13)  # 12 chance nodes, then a decision
    assert not state.is_chance_node() and not state.is_terminal()
    seat = state.current_player()
    assert state.legal_actions() == pyspiel.State.legal_actions(state)
    assert state.legal_actions(seat) == pyspiel.State.legal_actions(state, seat)
    assert state.legal_actions_mask() == pyspiel.State.legal_actions_mask(state)
    assert state.information_state_string() == pyspiel.State.information_state_string(state)
    assert state.observation_tensor(1) == pyspiel.State.observation_tensor(state, 1)
    for action in state.legal_actions():
        text = state.action_to_string(action)
        assert text == pyspiel.State.action_to_string(state, seat, action)
        assert state.string_to_action(text) == action
        assert state.child(action).history() == [*state.history(), action]


# ------------------------------------------------------------------ big numbers


def test_checked_numbers() -> None:
    assert [whole_number(v) for v in (3, True, 3.0, "3")] == [3, None, None, None]
    assert finite_float(10**300, "x") == 1e300
    for value in (10**400, -(10**400)):
        with pytest.raises(SimulationError, match="does not fit a float"):
            finite_float(value, "a return")


class _Huge:
    """A game state whose returns are multiplied beyond float range at the end."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def apply(self, action: Any) -> _Huge:
        return _Huge(self.inner.apply(action))

    def returns(self) -> tuple[int, ...]:
        return tuple(value * 10**400 + 1 for value in self.inner.returns())


def test_a_reward_beyond_float_range_changes_nothing() -> None:
    """The last step of a game whose rewards do not fit a float raises a package error
    and leaves the environment as it was, instead of an OverflowError half-way."""
    pettingzoo = pytest.importorskip("cardrules.integrations.pettingzoo")
    environment = pettingzoo.env("azi", players=2)
    environment.reset(seed=4)
    environment.state = _Huge(environment.state)
    rng = random.Random(4)
    while True:
        agent = environment.agent_selection
        mask = environment.observe(agent)["action_mask"]
        action = rng.choice([i for i, bit in enumerate(mask) if bit])
        after = environment.state.inner.apply(environment.state.action_from_id(action))
        if after.is_terminal:
            break
        environment.step(action)

    def snapshot() -> tuple[object, ...]:
        rewards, ends = dict(environment.rewards), dict(environment.terminations)
        return (environment.state.inner, environment.agent_selection, rewards, ends)

    before = snapshot()
    with pytest.raises(SimulationError, match="reward"):
        environment.step(action)
    assert snapshot() == before
