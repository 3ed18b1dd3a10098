"""Wrong-typed arguments to every public callable of the package raise package errors.

Every module of ``cardrules`` that has an ``__all__`` is walked with :mod:`pkgutil`,
except:

- ``cardrules.cli.*``: the command line reports bad input itself (usage errors and
  exit codes, tested in the CLI tests);
- the terminal views (``cardrules.text`` and each game's ``view``): the play loop of
  the command line is their one caller and hands them only the values it built;
- ``cardrules.integrations.*``: optional extras whose callables take objects of the
  foreign libraries (OpenSpiel, PettingZoo), which are not always installed; they have
  the same check, with sample games, states and environments, in
  ``tests/integrations/test_integrations_wrong_types.py``, which skips without them;
- ``cards``, ``rng``, ``dealing`` and ``records``: covered, with more examples, by
  ``tests/core/test_wrong_types.py``;
- the 0.3.0 surfaces (the batch engine, records, the replay page, pictures, result
  tables, the registry and its plugins; see
  :func:`~tests.core.wrong_types_support.hostile_surface`): covered, with hostile text,
  streams and JSON as well as junk, by ``tests/hardening/test_hostile_surfaces.py``.

Every exported function, class constructor, class and static method, and the
methods and properties of sample values (states, observations, rules, actions,
events, matches, games, chance states, bots, results...) is called with junk
arguments (see :mod:`tests.core.wrong_types_support`), sometimes mixed with valid
values chosen by parameter name. A call may return normally or raise a
:class:`~cardrules.errors.CardRulesError`; any other exception, or a call running
over two seconds of CPU time, fails. A callable exported by several modules (a package
re-exporting its submodules) is tested once, under the module that defines it.

Exported names that are not meant to be called are not called (their methods are
still tested on sample values): typing protocols and abstract base classes (Python
refuses to instantiate them), type aliases such as ``BotFactory``, metaclasses
(``StrictEnumType``: calling one makes a class), and enum bases without members
(``NamedEnum``).

Targets that still leak a non-package error are listed in :data:`KNOWN_GAPS` with
the reason and a witness call; each is a strict xfail (its witness is called first,
so it fails every run), so fixing one makes the suite ask for its removal.
"""

from __future__ import annotations

import importlib
import importlib.util
import math
import pkgutil
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.azi import AziRules, FirstLead, Phase, Rounding, azi_pack
from cardrules.azi import resample as azi_resample
from cardrules.azi.bidding import BidChoices
from cardrules.azi.bots import HeuristicBot, HeuristicBot01, SearchBot, TreeSearchBot
from cardrules.azi.deal import deal_hands as deal_azi
from cardrules.azi.ids import action_ids
from cardrules.azi.tensors import tensor_layout
from cardrules.bot import LegalView
from cardrules.bots import ISMCTSBot, PIMCBot, RandomBot
from cardrules.bots.search import SearchStats
from cardrules.cards import Card, parse_cards
from cardrules.chance import ChanceState
from cardrules.dealing import Dealing
from cardrules.deck import Deck
from cardrules.errors import CardRulesError
from cardrules.hazari import (
    EXPECTED_POINTS,
    HazariRules,
    Kind,
    TieRule,
    arrangement_equity,
    best_arrangement,
    combination_table,
    valid_arrangements,
)
from cardrules.hazari.bots import GreedyBot, SolverBot
from cardrules.hazari.field_bot import Candidate, FieldAwareBot
from cardrules.hazari.partitions import hand_tables
from cardrules.registry import Game, load_game
from cardrules.rng import Rng
from cardrules.runner import Stat, simulate
from cardrules.tournament import tournament
from tests.core.wrong_types_support import (
    TIME_LIMIT,
    CallTimedOut,
    Harmful,
    Target,
    call_with_junk,
    hostile_surface,
    materialize,
    module_targets,
    not_callable_by_design,
    time_limit,
)

SKIPPED_PACKAGES = (
    "cardrules.cli",
    "cardrules.integrations",
    "cardrules.text",
    "cardrules.azi.view",
    "cardrules.hazari.view",
)
COVERED_ELSEWHERE = frozenset(
    {"cardrules.cards", "cardrules.rng", "cardrules.dealing", "cardrules.records"}
)


def _needs_missing_numpy(name: str) -> bool:
    """True for the batch engine's modules when the ``numpy`` extra is not installed."""
    batch = name == "cardrules.batch" or name.rpartition(".")[2].startswith("batch")
    return batch and importlib.util.find_spec("numpy") is None


def _modules() -> list[ModuleType]:
    found: list[ModuleType] = []
    for info in pkgutil.walk_packages(cardrules.__path__, "cardrules."):
        name = info.name
        if name.startswith(SKIPPED_PACKAGES) or name in COVERED_ELSEWHERE:
            continue
        if hostile_surface(name):
            continue
        if _needs_missing_numpy(name):
            continue
        module = importlib.import_module(name)
        if hasattr(module, "__all__"):
            found.append(module)
    return found


MODULES: list[ModuleType] = _modules()


# ------------------------------------------------------------------ sample values


def _play(state: Any, steps: int, seed: int) -> list[Any]:
    """``state`` and the states after each of up to ``steps`` random legal actions."""
    rng = Rng(seed)
    states = [state]
    while len(states) <= steps and not state.is_terminal:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randbelow(len(legal))])
        states.append(state)
    return states


def _pick(states: list[Any], count: int = 3) -> list[Any]:
    """Up to ``count`` states spread over ``states`` (start, middle, end)."""
    if len(states) <= count:
        return states
    step = (len(states) - 1) / (count - 1)
    return [states[round(i * step)] for i in range(count)]


AZI: Game = load_game("azi")
HAZARI: Game = load_game("hazari")
AZI_STATES = _pick(_play(AZI.new_state(1), 400, 1))
AZI_MATCHES = _pick(_play(AZI.new_match(2), 60, 2), 2)
HAZARI_STATES = _pick(_play(HAZARI.new_state(3), 10, 3))
HAZARI_MATCHES = _pick(_play(HAZARI.new_match(4), 6, 4), 2)
STATES = AZI_STATES + AZI_MATCHES + HAZARI_STATES + HAZARI_MATCHES
CHANCE = [ChanceState.new(AZI), ChanceState.new(HAZARI, match=True)]
CHANCE.append(CHANCE[0].apply(CHANCE[0].legal_actions()[0]))

OBSERVATIONS = [state.observation(state.current_player or 0) for state in STATES]

BOTS: list[object] = [
    RandomBot(),
    HeuristicBot(),
    HeuristicBot01(),
    PIMCBot(playouts=4, resample=azi_resample, playout=HeuristicBot()),
    ISMCTSBot(iterations=8, resample=azi_resample, playout=RandomBot()),
    SearchBot(playouts=4),
    TreeSearchBot(iterations=8),
    GreedyBot(),
    SolverBot(),
    FieldAwareBot(candidates=2, worlds=2),
]

HAND = parse_cards("AS KD QH JC 9S 8D 7H 6C 5S 4D 3H 2C 2S")
ARRANGEMENT = best_arrangement(HAND)
_TERMINAL_HAZARI = _play(HAZARI.new_state(5), 10, 5)[-1]
SIMULATION = simulate(HAZARI, [RandomBot()] * HAZARI.num_players, 2)
TOURNAMENT = tournament(HAZARI, {"random": RandomBot, "greedy": GreedyBot}, 1)


def _pool() -> list[object]:
    """Sample values of many types, reached from the states above."""
    pool: list[object] = [AZI, HAZARI, AZI.definition, HAZARI.definition, AZI.rules]
    pool += [HAZARI.rules, AziRules(players=3), HazariRules(target=500)]
    pool += [SIMULATION, *SIMULATION.games[:1], Stat.of([1.0, 2.0, 4.0])]
    pool += [TOURNAMENT, *TOURNAMENT.pairs, *TOURNAMENT.standings]
    pool += [Dealing(seed=1)]
    pool += STATES + CHANCE + OBSERVATIONS + BOTS + [_TERMINAL_HAZARI]
    pool += [Deck.standard(), azi_pack(), SearchStats()]
    pool += [action_ids(AZI.rules), tensor_layout(AZI.rules), BidChoices(range(1, 40))]
    pool += [deal_azi(azi_pack().shuffled(1), 0, (0, 1, 2, 3))]
    pool += [ARRANGEMENT, *ARRANGEMENT.combinations[:2], *combination_table()[:1]]
    pool += [valid_arrangements(HAND), hand_tables(tuple(HAND)), EXPECTED_POINTS]
    pool += [EXPECTED_POINTS.rounds[0], Candidate(ARRANGEMENT, 1.0, 1.0, 0.0, 0.1)]
    pool += [arrangement_equity(HAND, ARRANGEMENT, deals=4)]
    pool += [Phase.BIDDING, FirstLead.AUCTION_WINNER, Rounding.DOWN, TieRule.LATEST]
    pool += [next(iter(Kind))]
    for state in _play(AZI.new_state(9), 400, 9) + _play(AZI.new_match(8), 200, 8):
        pool += list(state.legal_actions())[:3] + list(state.events)[-3:]
    for state in STATES + CHANCE + [_TERMINAL_HAZARI]:
        legal = state.legal_actions()
        pool.append(legal)
        pool.append(LegalView(legal))
        pool += list(legal)[:3]
        pool += list(getattr(state, "events", ()))[-6:]
        pool += [turn.action for turn in state.history[-6:]]
        pool += list(state.history[-1:])
    return pool


INSTANCES: dict[type, list[object]] = {}
for _value in _pool():
    _samples = INSTANCES.setdefault(type(_value), [])
    if len(_samples) < 2 and all(_value is not seen for seen in _samples):
        _samples.append(_value)

_AZI_OBS = OBSERVATIONS[1]
_HAZARI_OBS = OBSERVATIONS[len(AZI_STATES) + len(AZI_MATCHES)]

VALID: dict[str, list[object]] = {
    "seed": [0, 7],
    "dealer": [0, 1],
    "first_dealer": [0],
    "player": [0, 1],
    "players": [3, 4],
    "rng": [Rng(1)],
    "rules": [AZI.rules, HAZARI.rules],
    "game": [AZI, HAZARI, "azi", "hazari"],
    "spec": ["azi", "hazari players=4"],
    "text": ["AS KS QS", "pass", "azi"],
    "cards": [parse_cards("AS KS QS"), [Card.from_index(3)]],
    "hand": [parse_cards("AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S")],
    "card": [Card.from_index(0)],
    "observation": [_AZI_OBS, _HAZARI_OBS],
    "state": [AZI_STATES[0], HAZARI_STATES[0]],
    "action": [AZI_STATES[0].legal_actions()[0]],
    "action_id": [0, 1],
    "index": [0, -1],
    "data": [AZI_STATES[0].to_json(), AZI.to_json(), {"type": "pass", "player": 0}],
    "dealing": [Dealing(seed=3)],
    "games": [1],
    "bots": [["random"], [RandomBot()] * 4],
    "amount": [1, 2],
    "value": [1, "pass"],
}


def _targets() -> list[Target]:
    return module_targets(MODULES, INSTANCES)


TARGETS: list[Target] = _targets()


def test_every_public_callable_is_covered() -> None:
    covered = {id(target.function) for target in TARGETS}
    missing = [
        f"{module.__name__}.{export}"
        for module in MODULES
        for export in module.__all__
        if callable(getattr(module, export))
        and not not_callable_by_design(getattr(module, export))
        and id(getattr(module, export)) not in covered
    ]
    assert missing == []
    assert {module.__name__ for module in MODULES} >= {
        "cardrules.azi.state",
        "cardrules.hazari.state",
        "cardrules.bots.search",
        "cardrules.chance",
        "cardrules.runner",
        "cardrules.tournament",
    }
    assert not any(module.__name__.startswith(SKIPPED_PACKAGES) for module in MODULES)


def test_main_classes_have_samples() -> None:
    names = {target.name for target in TARGETS}
    for expected in (
        "cardrules.azi.state.AziState[0].apply",
        "cardrules.azi.match.AziMatch[0].observation",
        "cardrules.azi.observation.AziObservation[0].to_json",
        "cardrules.hazari.state.HazariState[0].apply",
        "cardrules.hazari.match.HazariMatch[0].apply",
        "cardrules.chance.ChanceState[0].apply",
        "cardrules.bots.search.PIMCBot[0].choose",
        "cardrules.bots.random_bot.RandomBot[0].choose",
    ):
        assert expected in names


WITNESS_VALUES: dict[str, object] = {
    "None": None,
    "True": True,
    "0.5": 0.5,
    "nan": math.nan,
    "2**70": 2**70,
    "-1": -1,
    "''": "",
    "'AS'": "AS",
    "b'x'": b"x",
    "[None]": [None],
    "{'a': 1}": {"a": 1},
    "('x', 1)": ("x", 1),
    "object()": object(),
    "[[1]]": [[1]],
    "{}": {},
}
"""Junk values a witness call may name; ``valid:<parameter>:<i>`` names ``VALID``, and
the names of :class:`~tests.core.wrong_types_support.Harmful` values work too."""


def _witness_value(key: str) -> object:
    if key.startswith("valid:"):
        _, name, number = key.split(":")
        return VALID[name][int(number)]
    if key in WITNESS_VALUES:
        return WITNESS_VALUES[key]
    return materialize(Harmful(key))


# Targets that still let a non-package error escape: name -> (why, witness arguments
# for the target's parameters in order). Each is a strict xfail; see the module docs.
KNOWN_GAPS: dict[str, tuple[str, tuple[str, ...]]] = {
    # GAPS-BEGIN
    # GAPS-END
}


def _call_witness(target: Target, keys: tuple[str, ...]) -> None:
    """Call ``target`` with the witness arguments; fail unless it returns or raises a
    package error (the same rule as :func:`call_with_junk`)."""
    args: list[object] = []
    kwargs: dict[str, object] = {}
    for parameter, key in zip(target.parameters, keys, strict=False):
        if parameter.kind is parameter.KEYWORD_ONLY:
            kwargs[parameter.name] = _witness_value(key)
        else:
            args.append(_witness_value(key))
    try:
        with time_limit(TIME_LIMIT):
            target.function(*args, **kwargs)
    except CardRulesError:
        pass
    except CallTimedOut:
        pytest.fail(f"{target.name}{tuple(keys)} hangs")
    except Exception as exc:
        pytest.fail(f"{target.name}{tuple(keys)} raised {type(exc).__name__}")


def _marked(targets: list[Target]) -> list[Any]:
    params = []
    for target in targets:
        gap = KNOWN_GAPS.get(target.name)
        marks = () if gap is None else pytest.mark.xfail(strict=True, reason=gap[0])
        params.append(pytest.param(target, marks=marks))
    return params


def test_known_gaps_are_targets() -> None:
    assert set(KNOWN_GAPS) <= {target.name for target in TARGETS}


@pytest.mark.parametrize("target", _marked(TARGETS), ids=str)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_wrong_types_raise_only_package_errors(target: Target, data: st.DataObject) -> None:
    if target.name.endswith("_numpy") and importlib.util.find_spec("numpy") is None:
        # Without the numpy extra these say so with ModuleNotFoundError, like any
        # optional dependency; tests/hazari/test_evaluate.py checks that message.
        pytest.skip("the numpy extra is not installed")
    gap = KNOWN_GAPS.get(target.name)
    if gap is not None:
        _call_witness(target, gap[1])
    call_with_junk(target, data, VALID)
