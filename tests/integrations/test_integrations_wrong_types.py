"""Wrong-typed arguments to the OpenSpiel and PettingZoo adapters raise package errors.

``tests/core/test_wrong_types_everywhere.py`` leaves out ``cardrules.integrations.*``
(their extras are optional); this file gives the adapters the same check with the
helpers of :mod:`tests.core.wrong_types_support`. Every callable in each adapter's
``__all__``, a game class made by ``cardrules_game``, and every public method and
property of sample games, states, observers and environments (fresh, mid-game and
finished, a game ended by the ``max_deals`` bound among them) are called with junk
arguments, sometimes mixed with valid values chosen by parameter name, out-of-range
numbers and hostile serialized text (:mod:`tests.integrations.hostile_text`). That
includes what the samples inherit from OpenSpiel and PettingZoo: an inherited method
that takes arguments must be overridden by the adapter, and the others are called
with none (a test checks that this list is complete). Only a
:class:`~cardrules.errors.CardRulesError` may escape, no call may run longer than the
time limit, no hostile payload may run, and no call may change a terminal sample:
its returns, history and serialization stay as they were.

An adapter's tests skip without its extra (``pip install 'cardrules[openspiel]'`` or
``pip install 'cardrules[pettingzoo]'``). Regression tests at the end pin the leaks an
audit found: a segmentation fault, hangs, and foreign errors.
"""

from __future__ import annotations

import importlib
import inspect
import random
import re
import subprocess
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules import load_game
from cardrules.cards import _show
from cardrules.chance import ChanceState
from cardrules.errors import (
    CardRulesError,
    IllegalActionError,
    InvalidRulesError,
    InvalidSeedError,
    InvalidStateError,
)
from tests.core.wrong_types_support import (
    TIME_LIMIT,
    Target,
    call_with_junk,
    public_callables,
    time_limit,
)
from tests.integrations import hostile_text

EXTRAS = {
    "openspiel": "OpenSpiel is not installed: pip install 'cardrules[openspiel]'",
    "pettingzoo": "PettingZoo is not installed: pip install 'cardrules[pettingzoo]'",
}


def adapter(name: str) -> Any:
    """``cardrules.integrations.<name>``; skips the test when its extra is missing."""
    return pytest.importorskip(f"cardrules.integrations.{name}", reason=EXTRAS[name])


def _installed(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"cardrules.integrations.{name}")
    except ModuleNotFoundError:
        return None


def _methods(label: str, instance: object, names: tuple[str, ...]) -> list[Target]:
    """Targets for methods of a value that no ``__all__`` exports."""
    targets = []
    for name in names:
        method = getattr(instance, name)
        parameters = tuple(inspect.signature(method).parameters.values())
        targets.append(Target(f"{label}.{name}", method, parameters))
    return targets


def _own_names(kind: type) -> set[str]:
    """The names ``kind`` or one of its cardrules bases defines."""
    return {
        name
        for owner in kind.__mro__
        if owner.__module__.split(".")[0] == "cardrules"
        for name in vars(owner)
    }


def _foreign(kind: type, library: type) -> set[str]:
    """The public callables and properties ``kind`` inherits from ``library``'s class."""
    names = set()
    for name in dir(library):
        if name.startswith("_") or name in _own_names(kind):
            continue
        raw = inspect.getattr_static(library, name)
        if isinstance(raw, property) or callable(raw):
            names.add(name)
    return names


def _inherited(label: str, instance: object, names: set[str]) -> list[Target]:
    """Targets for methods and properties taking no argument that ``instance`` inherits."""
    targets = []
    for name in sorted(names):
        if isinstance(inspect.getattr_static(type(instance), name), property):
            targets.append(Target(f"{label}.{name}", _reader(instance, name), ()))
        else:
            targets.append(Target(f"{label}.{name}", getattr(instance, name), ()))
    return targets


def _reader(instance: object, name: str) -> Callable[[], object]:
    return lambda: getattr(instance, name)


# What the samples inherit and call with no argument; every other inherited method is
# overridden by the adapter (test_every_inherited_method_is_covered checks both lists).
OPENSPIEL_STATE_NO_ARGUMENTS = {
    "clone",
    "full_history",
    "get_game",
    "get_type",
    "history",
    "history_str",
    "is_initial_non_chance_state",
    "is_initial_state",
    "is_mean_field_node",
    "is_player_node",
    "is_simultaneous_node",
    "move_number",
    "num_distinct_actions",
    "num_players",
    "starting_state",
    "starting_state_str",
    "to_string",
}
OPENSPIEL_GAME_NO_ARGUMENTS = {
    "action_struct_spec",
    "get_parameters",
    "get_type",
    "information_state_tensor_layout",
    "information_state_tensor_shape",
    "information_state_tensor_size",
    "max_chance_outcomes",
    "max_game_length",
    "max_history_length",
    "max_move_number",
    "max_utility",
    "min_utility",
    "new_initial_states",
    "num_distinct_actions",
    "num_players",
    "observation_tensor_layout",
    "observation_tensor_shape",
    "observation_tensor_size",
    "policy_tensor_shape",
    "serialize",
    "to_string",
    "utility_sum",
}
# AECEnv.state is a method, but the environment's ``state`` is its cardrules state.
PETTINGZOO_NO_ARGUMENTS = {"max_num_agents", "num_agents", "unwrapped"}
PETTINGZOO_SHADOWED = {"state"}


# ------------------------------------------------------------------ terminal samples

FINGERPRINTS: dict[str, Callable[[], object]] = {}
"""For each target on a terminal sample, what must not change: the target's name
maps to a function of the sample that the test compares before and after the call."""


def _openspiel_print(state: Any) -> Callable[[], object]:
    def fingerprint() -> object:
        return (
            state.serialize(),
            tuple(state.history()),
            state.move_number(),
            tuple(state.returns()),
            state.is_terminal(),
            str(state),
        )

    return fingerprint


def _pettingzoo_print(environment: Any) -> Callable[[], object]:
    """The state, its returns, and each remaining agent's reward, which must be its
    return (a dead agent's ``step(None)`` removes the agent, as PettingZoo wants)."""

    def fingerprint() -> object:
        state = environment.state
        returns = [float(value) for value in state.returns()]
        rewards = {
            agent: environment._cumulative_rewards[agent] == returns[seat]
            and environment.terminations[agent]
            for seat, agent in enumerate(environment.possible_agents)
            if agent in environment.agents
        }
        return (state.to_json(), returns, all(rewards.values()))

    return fingerprint


def _mark_terminal(targets: list[Target], label: str, fingerprint: Callable[[], object]) -> None:
    for target in targets:
        if target.name.startswith(label + "."):
            FINGERPRINTS[target.name] = fingerprint


# ------------------------------------------------------------------ OpenSpiel


def _advance(state: Any, steps: int, seed: int) -> Any:
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


def _cut_by_the_bound(game: Any) -> Any:
    """A state of ``game`` (``max_deals=1``) that the deal bound ended in Azi."""
    for seed in range(500):
        state = _advance(game.new_initial_state(), 10_000, seed)
        if not state.chance_state.is_terminal:
            return state
    raise AssertionError("no Azi in 500 random games")


def _openspiel(module: Any) -> tuple[list[Target], dict[str, list[object]]]:
    pyspiel = importlib.import_module("pyspiel")
    azi = pyspiel.load_game("cardrules_azi(players=3)")
    hazari = pyspiel.load_game("cardrules_hazari")
    bounded = pyspiel.load_game("cardrules_azi(players=5,max_deals=1)")
    states = [azi.new_initial_state(), _advance(azi.new_initial_state(), 40, 1)]
    states += [_advance(azi.new_initial_state(), 10_000, 2)]
    states += [_advance(hazari.new_initial_state(), 60, 3)]
    states += [_cut_by_the_bound(bounded)]
    games = [azi, hazari, bounded]
    instances = {module.CardrulesGame: games, module.CardrulesState: states}
    targets = public_callables(module, instances)
    for number, game in enumerate(games):
        label = f"{module.__name__}.CardrulesGame[{number}]"
        targets += _inherited(label, game, OPENSPIEL_GAME_NO_ARGUMENTS)
    for number, state in enumerate(states):
        label = f"{module.__name__}.CardrulesState[{number}]"
        targets += _inherited(label, state, OPENSPIEL_STATE_NO_ARGUMENTS)
        if state.is_terminal():
            _mark_terminal(targets, label, _openspiel_print(state))
    targets = [target for target in targets if not _repeated_refusal(target)]
    params = inspect.Parameter("params", inspect.Parameter.POSITIONAL_OR_KEYWORD)
    targets.append(Target("cardrules_game('azi')", type(azi), (params,)))
    recall = pyspiel.IIGObservationType(perfect_recall=True)
    for number, observer in enumerate([azi.make_py_observer(), azi.make_py_observer(recall)]):
        targets += _methods(f"_Observer[{number}]", observer, ("set_from", "string_from"))
    texts = [state.serialize() for state in states]
    texts += [module.serialize_game_and_state(game, states[1]) for game in (azi,)]
    texts += hostile_text.hostile_texts()
    actions: list[object] = [0, 1, 5, 26, 104, -1, 2**63, np_integer(3), True]
    valid: dict[str, list[object]] = {
        "name": ["azi", "hazari"],
        "params": [None, {}, {"players": 4}],
        "rules": [azi.cardrules_game.rules, hazari.cardrules_game.rules],
        "max_deals": [1, 8],
        "game": games,
        "node": [ChanceState.new(azi.cardrules_game, dealer=0), states[1].chance_state],
        "state": states,
        "player": [0, 1, 4, -1, -4, 99, np_integer(1)],
        "action": actions,
        "args": [*actions, 0, 1, -1, 99, "deal 6D", "play", {}, recall, None, *texts[:3]],
        "text": texts,
        "seed": [0, 7],
        "iig_obs_type": [None, recall],
    }
    return targets, valid


def _repeated_refusal(target: Target) -> bool:
    """True for a method that refuses every call (an OpenSpiel feature the adapter does
    not support) on any sample but the first: its answer does not depend on the sample."""
    doc = str(getattr(getattr(target.function, "__func__", None), "__doc__", ""))
    return doc.startswith("Not supported") and "[0]." not in target.name


def np_integer(value: int) -> object:
    """``value`` as a numpy integer (OpenSpiel's algorithms pass these)."""
    return importlib.import_module("numpy").int64(value)


# ------------------------------------------------------------------ PettingZoo


def _finish(environment: Any, seed: int, dead_steps: bool) -> Any:
    """``environment`` played to the end from ``reset(seed)``; with ``dead_steps`` the
    finished agents also step with None (no agents are left)."""
    environment.reset(seed=seed)
    rng = random.Random(seed)
    for _ in environment.agent_iter():
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            if not dead_steps:
                break
            environment.step(None)
        else:
            legal = [i for i, bit in enumerate(observation["action_mask"]) if bit]
            environment.step(rng.choice(legal))
    return environment


def _pettingzoo(module: Any) -> tuple[list[Target], dict[str, list[object]]]:
    environments = [module.env("azi", players=3), module.env("hazari", render_mode="ansi")]
    environments.append(_finish(module.env("azi", players=2), 1, dead_steps=False))
    environments.append(_finish(module.env("azi", players=2), 2, dead_steps=True))
    environments.append(_finish(module.env("azi", players=4), 3, dead_steps=False))
    targets = public_callables(module, {module.CardrulesEnv: environments})
    for number, environment in enumerate(environments):
        label = f"{module.__name__}.CardrulesEnv[{number}]"
        targets += _inherited(label, environment, PETTINGZOO_NO_ARGUMENTS)
        if environment.state.is_terminal:
            # reset starts a new game; it is called on the other samples
            targets = [target for target in targets if target.name != f"{label}.reset"]
            _mark_terminal(targets, label, _pettingzoo_print(environment))
    valid: dict[str, list[object]] = {
        "game": ["azi", "hazari(tie_rule=first)", load_game("azi", players=3)],
        "render_mode": [None, "ansi"],
        "agent": ["player_0", "player_1"],
        "seed": [None, 0, 7],
        "options": [None, {}],
        "action": [0, 1, None, -1, 2**63, np_integer(2)],
        "observe": [True, False],
        "max_iter": [0, 5, 2**63],
    }
    return targets, valid


# ------------------------------------------------------------------ the property

BUILDERS: dict[str, Callable[[Any], tuple[list[Target], dict[str, list[object]]]]] = {
    "openspiel": _openspiel,
    "pettingzoo": _pettingzoo,
}
VALID: dict[str, dict[str, list[object]]] = {}


def _cases() -> list[Any]:
    """One case per target; a single skipped case for an adapter without its extra."""
    cases = []
    for name, build in BUILDERS.items():
        module = _installed(name)
        if module is None:
            cases.append(pytest.param(name, None, id=f"{name} not installed"))
            continue
        targets, VALID[name] = build(module)
        cases += [pytest.param(name, target, id=str(target)) for target in targets]
    return cases


CASES = _cases()
# A target without parameters gives the same call every time: it is called once.
DRAWN = [case for case in CASES if case.values[1] is None or case.values[1].parameters]
FIXED = [case for case in CASES if case.values[1] is not None and not case.values[1].parameters]


@pytest.mark.parametrize("name", list(BUILDERS))
def test_every_export_is_covered(name: str) -> None:
    module = adapter(name)
    covered = {id(case.values[1].function) for case in CASES if case.values[1] is not None}
    exported = [export for export in module.__all__ if callable(getattr(module, export))]
    assert [export for export in exported if id(getattr(module, export)) not in covered] == []
    names = {str(case.values[1]) for case in CASES if case.values[0] == name}
    assert len(names) > len(exported)  # methods of sample values too


@pytest.mark.parametrize(
    ("name", "library", "no_arguments", "shadowed"),
    [
        ("openspiel", "State", OPENSPIEL_STATE_NO_ARGUMENTS, set()),
        ("openspiel", "Game", OPENSPIEL_GAME_NO_ARGUMENTS, set()),
        ("pettingzoo", "AECEnv", PETTINGZOO_NO_ARGUMENTS, PETTINGZOO_SHADOWED),
    ],
)
def test_every_inherited_method_is_covered(
    name: str, library: str, no_arguments: set[str], shadowed: set[str]
) -> None:
    """What a sample inherits is either overridden (and so checked) or listed as taking
    no argument; a new method in OpenSpiel or PettingZoo shows up here."""
    module = adapter(name)
    kind = {"State": "CardrulesState", "Game": "CardrulesGame", "AECEnv": "CardrulesEnv"}
    foreign = getattr(
        importlib.import_module("pyspiel" if name == "openspiel" else "pettingzoo"), library
    )
    inherited = _foreign(getattr(module, kind[library]), foreign) - shadowed
    assert inherited == no_arguments
    takes_arguments = [
        method
        for method in sorted(no_arguments)
        if not _takes_no_argument(inspect.getattr_static(foreign, method))
    ]
    assert takes_arguments == []


def _takes_no_argument(raw: object) -> bool:
    """True for a property or a method of ``self`` alone (a pybind11 one by its docstring)."""
    if isinstance(raw, property):
        return True
    if inspect.isfunction(raw):
        return list(inspect.signature(raw).parameters) == ["self"]
    return re.match(r"\w+\(self: [\w.]+\) ->", str(raw.__doc__)) is not None


@pytest.mark.parametrize(("name", "target"), DRAWN)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_wrong_types_raise_only_package_errors(
    name: str, target: Target | None, data: st.DataObject
) -> None:
    adapter(name)
    assert target is not None  # only an adapter that does not import has no targets
    _call_and_check(target, lambda: call_with_junk(target, data, VALID[name]))


@pytest.mark.parametrize(("name", "target"), FIXED)
def test_calls_without_arguments_raise_only_package_errors(name: str, target: Target) -> None:
    adapter(name)

    def call() -> None:
        try:
            with time_limit(TIME_LIMIT):
                target.function()
        except CardRulesError:
            pass

    _call_and_check(target, call)


def _call_and_check(target: Target, call: Callable[[], None]) -> None:
    """``call()``, then: no hostile payload ran, and a terminal sample is unchanged."""
    fingerprint = FINGERPRINTS.get(target.name)
    before = None if fingerprint is None else fingerprint()
    call()
    assert not hostile_text.ran(), f"{target} ran a hostile payload"
    if fingerprint is not None:
        assert fingerprint() == before, f"{target} changed a terminal sample"


# ------------------------------------------------------------------ regressions


CRASH_CHECK = """
from cardrules.errors import CardRulesError
from cardrules.integrations.openspiel import CardrulesState, cardrules_game

def frames(error):
    trace = error.__traceback__
    while trace is not None:
        yield trace.tb_frame
        trace = trace.tb_next

azi = cardrules_game("azi")
for make, junk in [(CardrulesState, None), (CardrulesState, "azi"), (azi, {"players": 9})]:
    try:
        make(junk)
    except CardRulesError as error:
        # a test report prints the arguments of every frame, the half-made self too
        made = next(frame.f_locals["self"] for frame in frames(error) if "self" in frame.f_locals)
        print(type(error).__name__, "|", error, "|", repr(made), str(made))
"""


def test_bad_constructor_arguments_are_errors_not_crashes() -> None:
    """``CardrulesState(None)`` was a segmentation fault, and so was printing a game or
    state whose constructor failed (as a test report does); run in a subprocess."""
    adapter("openspiel")
    result = subprocess.run(
        [sys.executable, "-c", CRASH_CHECK],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    lines = result.stdout.splitlines()
    assert [line.split(" | ")[0] for line in lines] == [
        "InvalidStateError",
        "InvalidStateError",
        "InvalidRulesError",
    ]
    assert "got None" in lines[0] and "got 'azi'" in lines[1] and "9" in lines[2]
    state, game = "<CardrulesState, not initialized>", "<AziOpenSpielGame, not initialized>"
    assert lines[0].endswith(f" | {state} {state}") and lines[2].endswith(f" | {game} {game}")


def test_a_state_needs_a_hold_of_its_own_game() -> None:
    openspiel = adapter("openspiel")
    pyspiel = importlib.import_module("pyspiel")
    with pytest.raises(InvalidStateError, match="kuhn_poker"):
        openspiel.CardrulesState(pyspiel.load_game("kuhn_poker"))
    azi = pyspiel.load_game("cardrules_azi")
    with pytest.raises(InvalidStateError, match="'x'"):
        openspiel.CardrulesState(azi, "x")
    other = pyspiel.load_game("cardrules_azi(players=3)").new_initial_state()
    with pytest.raises(InvalidStateError):
        openspiel.CardrulesState(azi, other._hold)


@pytest.mark.parametrize("max_deals", [2**70, 10**5000], ids=["2**70", "10**5000"])
def test_huge_max_deals_is_refused_at_once(max_deals: int) -> None:
    openspiel = adapter("openspiel")
    rules = load_game("azi").rules
    with time_limit(TIME_LIMIT), pytest.raises(InvalidRulesError, match="max_deals"):
        openspiel.azi_facts(rules, max_deals)
    with time_limit(TIME_LIMIT), pytest.raises(InvalidRulesError, match="max_deals"):
        openspiel.cardrules_game("azi")({"max_deals": max_deals})


@pytest.mark.parametrize("max_deals", [True, 1.0, "2", None, 0, -1])
def test_max_deals_must_be_a_positive_int(max_deals: object) -> None:
    openspiel = adapter("openspiel")
    with pytest.raises(InvalidRulesError, match="max_deals"):
        openspiel.azi_facts(load_game("azi").rules, max_deals)
    with pytest.raises(InvalidRulesError, match="max_deals"):
        openspiel.cardrules_game("azi")({"max_deals": max_deals})


def test_max_deals_has_a_documented_maximum() -> None:
    openspiel = adapter("openspiel")
    pyspiel = importlib.import_module("pyspiel")
    largest = openspiel.MAX_DEALS
    game = pyspiel.load_game(f"cardrules_azi(players=6,max_deals={largest})")
    assert game.max_deals == largest and game.max_utility() < float("inf")
    with pytest.raises(InvalidRulesError, match=str(largest + 1)):
        pyspiel.load_game(f"cardrules_azi(max_deals={largest + 1})")


def test_bounds_beyond_float_or_int_range_are_rules_errors() -> None:
    openspiel = adapter("openspiel")
    with pytest.raises(InvalidRulesError, match="ante"):
        load_game("azi", ante=10**400)  # the rules' own bounds come first
    with pytest.raises(InvalidRulesError, match="raise_cap"):
        openspiel.cardrules_game("azi")({"raise_cap": 2**31 - 1})
    # the rules' bounds keep the widest game's facts finite at the most deals
    widest = load_game("azi", players=6, ante=10**6, raise_cap=10_000, max_raise=1).rules
    facts = openspiel.azi_facts(widest, openspiel.MAX_DEALS)
    assert -float("inf") < facts.min_utility < 0 < facts.max_utility < float("inf")
    assert facts.max_game_length < 2**31
    with pytest.raises(InvalidRulesError, match="32-bit"):
        openspiel.cardrules_game("hazari")({"target": 2**31})


@pytest.mark.parametrize(
    "name",
    [None, 1, "chess", "", ["azi"], "x" * 100_000],
    ids=["None", "1", "chess", "empty", "list", "long"],
)
def test_cardrules_game_names_a_known_game(name: object) -> None:
    openspiel = adapter("openspiel")
    with pytest.raises(InvalidRulesError, match="azi") as caught:
        openspiel.cardrules_game(name)
    assert _show(name) in str(caught.value)


@pytest.mark.parametrize(
    "params", [[1], "players=3", {1: 2}, {"players": [3]}, {"match_games": 3}, {"foo": 1}]
)
def test_game_parameters_are_checked(params: object) -> None:
    openspiel = adapter("openspiel")
    with pytest.raises(InvalidRulesError):
        openspiel.cardrules_game("azi")(params)


def test_the_base_game_class_is_not_a_game() -> None:
    openspiel = adapter("openspiel")
    with pytest.raises(InvalidRulesError, match="cardrules_game"):
        openspiel.CardrulesGame({})


def test_game_methods_check_their_arguments() -> None:
    adapter("openspiel")
    pyspiel = importlib.import_module("pyspiel")
    game = pyspiel.load_game("cardrules_azi(players=3)")
    with pytest.raises(InvalidSeedError, match=r"\[1\]"):
        game.seed_resampling([1])
    with pytest.raises(InvalidStateError, match="None"):
        game.state_from_chance_state(None)
    with pytest.raises(InvalidRulesError, match="'x'"):
        game.make_py_observer("x")
    with pytest.raises(InvalidRulesError, match="not supported"):
        game.make_py_observer(None, {"a": 1})
    state = _advance(game.new_initial_state(), 40, 1)
    with pytest.raises(InvalidStateError, match=r"\[0\]"):
        state.resample_from_infostate([0], None)
    with pytest.raises(InvalidStateError, match="True"):
        state.resample_from_infostate(True, None)
    observer = game.make_py_observer()
    with pytest.raises(InvalidStateError, match="None"):
        observer.set_from(None, 0)
    with pytest.raises(InvalidStateError, match="7"):
        observer.string_from(state, 7)


def test_a_chance_outcome_off_the_pack_is_an_illegal_action() -> None:
    adapter("openspiel")
    pyspiel = importlib.import_module("pyspiel")
    state = pyspiel.load_game("cardrules_azi").new_initial_state()
    with pytest.raises(IllegalActionError, match="1000"):
        state.apply_action(1000)


@pytest.mark.parametrize("action", ["x", [1], 1.0, True, b"1", {"a": 1}])
def test_env_step_refuses_a_non_integer_action(action: object) -> None:
    pettingzoo = adapter("pettingzoo")
    environment = pettingzoo.env("azi", players=3)
    with pytest.raises(IllegalActionError, match="not an action id") as caught:
        environment.step(action)
    assert _show(action) in str(caught.value)


@pytest.mark.parametrize("seed", [[1], "1", 1.5, True, -1, 2**64])
def test_env_reset_refuses_a_bad_seed(seed: object) -> None:
    pettingzoo = adapter("pettingzoo")
    with pytest.raises(InvalidSeedError, match="seed") as caught:
        pettingzoo.env("hazari").reset(seed=seed)
    assert _show(seed) in str(caught.value)


def test_env_still_takes_numpy_actions_none_for_the_dead_and_no_seed() -> None:
    pettingzoo = adapter("pettingzoo")
    np = pytest.importorskip("numpy", reason=EXTRAS["pettingzoo"])
    environment = pettingzoo.env("azi", players=2)
    environment.reset(seed=None)
    environment.reset(seed=np.uint64(5))
    mask = environment.observe(environment.agent_selection)["action_mask"]
    environment.step(np.int32(np.flatnonzero(mask)[0]))
    finished = _finish(pettingzoo.env("azi", players=2), 3, dead_steps=False)
    with pytest.raises(IllegalActionError, match="None"):
        finished.step(0)
    _finish(finished, 3, dead_steps=True)
    with pytest.raises(IllegalActionError, match="reset"):
        finished.step(None)


@pytest.mark.parametrize("agent", [None, 0, "player_9", ["player_0"]])
def test_env_agents_must_be_agent_names(agent: object) -> None:
    pettingzoo = adapter("pettingzoo")
    environment = pettingzoo.env("azi", players=3)
    for method in (environment.observe, environment.action_space, environment.observation_space):
        with pytest.raises(InvalidStateError, match="player_0") as caught:
            method(agent)
        assert _show(agent) in str(caught.value)
