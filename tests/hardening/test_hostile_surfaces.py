"""The 0.3.0 surfaces fed wrong types, out-of-range values and hostile text.

Every public callable of the batch engine (``cardrules.batch`` and each module named
``batch*``, the games' batch packages included), the records (``cardrules.record``,
``cardrules.records`` and its text format), the replay page, the pictures
(``cardrules.svg`` and the games' ``svg`` modules), the result tables
(``cardrules.tables``, ``cardrules.results_json``, and the table methods of
``SimulationResult`` and ``HazariStats``) and the registry with its plugin loading is
called with arguments drawn from three sources: junk of any type
(:func:`~tests.core.wrong_types_support.junk`), valid values chosen by parameter name
(so a call gets past its first check), and hostile input
(:mod:`tests.core.hostile_inputs`: crafted text, files holding it, and valid records,
results and texts with values replaced). A generator that comes back is read to its
end (at most :data:`ITEMS` items).

A call may return or raise a :class:`~cardrules.errors.CardRulesError`. Anything else
fails, and so does a call over two seconds of CPU time or one that touches more than
64 MiB of new memory (see :func:`~tests.core.wrong_types_support.resource_limits`), so
that no number inside the input makes a call allocate by it.

The callables are found, not listed: each module is walked, and
:func:`test_every_public_callable_is_called` fails if an exported callable, or a
public method of an exported class, is neither called here nor named in
:data:`NOT_CALLED` with its reason.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Callable, Iterator
from importlib.metadata import EntryPoint
from types import ModuleType
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import cardrules  # noqa: E402
from cardrules import load_game  # noqa: E402
from cardrules.azi.batch.bots import AziBatchBots  # noqa: E402
from cardrules.batch import BatchGame, random_legal_ids  # noqa: E402
from cardrules.batch_checks import MAX_BATCH  # noqa: E402
from cardrules.bots import RandomBot  # noqa: E402
from cardrules.hazari.batch import arrange, deal, play  # noqa: E402
from cardrules.hazari.batch.bots import HazariBatchBots  # noqa: E402
from cardrules.hazari.stats import HazariStats  # noqa: E402
from cardrules.plugins import Declared  # noqa: E402
from cardrules.record import GameRecord, dump_json  # noqa: E402
from cardrules.records import TextGame, TextRecordError  # noqa: E402
from cardrules.registry import GameDefinition  # noqa: E402
from cardrules.runner import SimulationResult, simulate  # noqa: E402
from cardrules.svg import Frame, Play, Seat, Table, render  # noqa: E402
from tests.core import hostile_inputs  # noqa: E402
from tests.core.hostile_inputs import Documents, Stream  # noqa: E402
from tests.core.wrong_types_support import (  # noqa: E402
    Target,
    call_with_junk,
    hostile_surface,
    module_targets,
    not_callable_by_design,
    public_callables,
)

ITEMS = 1_000
"""The most items read from a generator a call returns."""


def _modules() -> list[ModuleType]:
    found = []
    for info in pkgutil.walk_packages(cardrules.__path__, "cardrules."):
        if hostile_surface(info.name):
            module = importlib.import_module(info.name)
            if getattr(module, "__all__", None):
                found.append(module)
    return found


MODULES = _modules()

# ------------------------------------------------------------------ sample values

AZI = load_game("azi", players=3)
AZI_MATCHES = load_game("azi", players=3, match_games=2)
HAZARI = load_game("hazari")
GROUPS = load_game("hazari", actions="groups")
SEEDS = np.array([3, 1, 4], dtype=np.uint64)


def _played(state: Any, steps: int, seed: int) -> Any:
    """``state`` after up to ``steps`` random legal actions."""
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state = state.apply(legal[int(rng.integers(len(legal)))])
    return state


def _batch_states(engine: BatchGame, steps: int) -> list[Any]:
    state = engine.init(SEEDS)
    found = [state]
    generator = np.random.default_rng(1)
    for _ in range(steps):
        state = engine.step(state, random_legal_ids(state.legal_action_mask, generator))
    found.append(state)
    return found


ENGINES = [BatchGame(AZI), BatchGame(AZI_MATCHES, matches=True), BatchGame(GROUPS)]
BATCH_STATES = [s for engine in ENGINES for s in _batch_states(engine, 6)[1:]]
BATCH_STATES.append(ENGINES[0].init(SEEDS))
LEGAL_IDS: list[object] = [
    random_legal_ids(s.legal_action_mask, np.random.default_rng(2)) for s in BATCH_STATES
]

AZI_END = _played(AZI.new_state(seed=5), 400, 5)
AZI_MATCH = _played(AZI.new_match(seed=6), 30, 6)
HAZARI_END = _played(HAZARI.new_state(seed=7), 10, 7)
HAZARI_GROUPS = _played(GROUPS.new_state(seed=8), 5, 8)
HAZARI_MATCH = _played(HAZARI.new_match(seed=9), 5, 9)
GAME_STATES = [AZI_END, AZI_MATCH, HAZARI_END, HAZARI_GROUPS, HAZARI_MATCH]

HANDS = deal(np.array([1, 2], dtype=np.uint64))
ARRANGED = arrange(HANDS, "greedy")
PLAYED = play(ARRANGED)

HAZARI_BOTS = HazariBatchBots(HAZARI)
AZI_BOTS = AziBatchBots(AZI)
HAZARI_PLAY = HAZARI_BOTS.play(SEEDS, np.zeros((3, 4), np.uint64), np.zeros((3, 4), np.int64))
AZI_PLAY = AZI_BOTS.play(SEEDS, np.arange(9, dtype=np.uint64).reshape(3, 3))

TEXT_GAMES = [
    TextGame.of(AZI_END, seats=("a", "b", "c")),
    TextGame.of(HAZARI_END),
    TextGame.of(AZI_MATCH),
    TextGame.of(HAZARI_END).for_player(1),
]
RECORDS = [
    GameRecord.from_json(AZI_END.to_json(), "azi"),
    GameRecord.from_json(HAZARI_END.to_json(), "hazari"),
]

SIMULATION = simulate(HAZARI, [RandomBot()] * 4, 2)
STATS = HazariStats.from_games(HAZARI_END for _ in range(2))

SEAT = Seat("north", ("AS", None), ("note",), (1, 1), True, ("one", "two"))
TABLE = Table("title", (SEAT, Seat("south", ("KD",))), plays=(Play(0, ("QS",), "x"),))
PICTURE = render(HAZARI_END)


def _documents() -> Documents:
    """The valid documents hostile input is made from."""
    texts = [game.to_text() for game in TEXT_GAMES]
    texts.append("\n".join(texts[:2]))
    texts += [dump_json(state.to_json()) for state in (AZI_END, HAZARI_END)]
    texts.append(dump_json(SIMULATION.to_json()))
    data = [state.to_json() for state in (AZI_END, AZI_MATCH, HAZARI_END, HAZARI_GROUPS)]
    data += [SIMULATION.to_json(), AZI.to_json(), {**TEXT_GAMES[0].record_json()}]
    return Documents(tuple(texts), tuple(data))


hostile_inputs.install_documents(_documents)

INSTANCES: dict[type, list[object]] = {}
for _value in [
    *ENGINES,
    *BATCH_STATES,
    ENGINES[0].kernels,
    ENGINES[1].kernels,
    ENGINES[2].kernels,
    PLAYED,
    HAZARI_BOTS,
    AZI_BOTS,
    HAZARI_PLAY,
    AZI_PLAY,
    *TEXT_GAMES,
    *RECORDS,
    AZI,
    HAZARI,
    AZI.definition,
    HAZARI.definition,
    SIMULATION,
    STATS,
    SEAT,
    TABLE,
    TABLE.plays[0],
    Frame("caption", PICTURE),
    Declared(
        "toy",
        "toy_game.game:GAME",
        "cardrules-toy-game",
        EntryPoint("toy", "toy_game.game:GAME", "cardrules.games"),
    ),
]:
    _samples = INSTANCES.setdefault(type(_value), [])
    if len(_samples) < 3:
        _samples.append(_value)
INSTANCES[GameDefinition] = [AZI.definition, HAZARI.definition]  # abstract: its games'

_ERRORS: list[TextRecordError] = []

VALID: dict[str, list[object]] = {
    # the batch engine
    "game": [AZI, GROUPS, HAZARI, "azi"],
    "matches": [True, False],
    "seeds": [SEEDS, [1, 2, 3], range(3), np.arange(2)],
    "state": [*BATCH_STATES[:2], *GAME_STATES[:3]],
    "action_ids": LEGAL_IDS,
    "states": [np.arange(4, dtype=np.uint64)],
    "bound": [1, 52, 2**64 - 1, 2**64],
    "bounds": [np.array([1, 2, 3, 2**63 + 1], dtype=np.uint64)],
    "keys": [np.arange(3), 7],
    "numbers": [np.arange(3)],
    "size": [52, 27],
    "packed": [True, False],
    "mask": [BATCH_STATES[0].legal_action_mask],
    "generator": [np.random.default_rng(3)],
    "arrays": [s.arrays for s in BATCH_STATES[:3]],
    "index": [0, 1, -1, np.int64(2)],
    "row": [0, 2, ARRANGED[0, 0]],
    "hands": [HANDS, HANDS[0]],
    "arranged": [ARRANGED],
    "cards": [HANDS[0, 0, :3], [[0, 1, 2]]],
    "indices": [HANDS[0, 0]],
    "policy": ["greedy", "best", "random", ("greedy", "best", "greedy", "best")],
    "dealer": [0, 3],
    "rules": [HAZARI.rules, AZI.rules],
    "bot_states": [np.zeros((3, 4), np.uint64), np.zeros((3, 3), np.uint64)],
    "policies": [np.zeros((3, 4), np.int64)],
    "stream": [0],
    # records, replay and tables
    "source": [*TEXT_GAMES[:2], RECORDS[0], AZI_END],
    "records": [[AZI_END], [HAZARI_END.to_json()], [dump_json(AZI_END.to_json())], TEXT_GAMES[:2]],
    "record": [AZI_END.to_json(), AZI_END],
    "player": [None, 0, 1],
    "max_games": [1, 2],
    "max_frames": [1, 500],
    "first": [1, 3],
    "fallback": [lambda: "fallback"],
    "errors": [_ERRORS.append],
    "seats": [("a", "b", "c")],
    "file": [Stream("text", TEXT_GAMES[1].to_text())],
    "text": [TEXT_GAMES[1].to_text(), TEXT_GAMES[0].to_line(), dump_json(AZI_END.to_json())],
    "rows": [list(SIMULATION.to_rows())],
    "columns": [["game", "seat", "bot"]],
    "format": ["csv", "jsonl", "table"],
    "data": [SIMULATION.to_json(), AZI_END.to_json(), AZI.to_json()],
    "result": [SIMULATION],
    "by": ["kind", "class"],
    "spec": ["azi", "hazari(actions=groups)"],
    "definition": [AZI.definition],
    # pictures
    "value": [HAZARI_END, AZI_END.observation(0), 1.5, {"a": 1}],
    "position": GAME_STATES[:2],
    "caption": ["a caption"],
    "x": [10.0],
    "y": [20],
    "face": ["AS", None],
    "texts": [["AS", None, "TD"]],
    "count": [3],
    "groups": [(2, 1), ()],
    "width": [100],
    "height": [80],
    "body": ["<g/>"],
    "title": ["a title"],
    "content": ["a < b"],
    "picture": [PICTURE],
    "pictures": [[PICTURE]],
    "table": [TABLE],
}

STRATEGIES: dict[str, st.SearchStrategy[object]] = {
    "text": st.one_of(hostile_inputs.hostile_text(), hostile_inputs.hostile_json()),
    "file": hostile_inputs.hostile_stream(),
    "data": hostile_inputs.hostile_json(),
    "record": hostile_inputs.hostile_json(),
    "source": hostile_inputs.hostile_json(),
    "records": st.lists(
        st.one_of(hostile_inputs.hostile_json(), hostile_inputs.hostile_text()),
        min_size=1,
        max_size=2,
    ),
    "rows": hostile_inputs.hostile_rows(),
    "value": hostile_inputs.hostile_rows().map(lambda rows: rows[0]),
}
"""Hostile values by parameter name; any other parameter may get any hostile value."""


HUGE = st.sampled_from([range(10**12), range(2**70), range(MAX_BATCH + 1)])
"""Requests of more games (or ids, hands, keys...) than one call of the batch engine takes."""

SIZED = frozenset(
    {"seeds", "action_ids", "keys", "numbers", "bounds", "hands", "cards", "indices", "arranged"}
)
"""Parameters that take one item per game, hand or deal, which :data:`HUGE` is drawn for."""

ANY_COUNT = frozenset(
    {"cardrules.hazari.batch.stats.deal_counts", "cardrules.hazari.stats.HazariStats.from_batch"}
)
"""Callables that read any number of seeds a block at a time: a huge count is long work."""


def _extra(target: Target) -> Callable[[str], st.SearchStrategy[object]]:
    def strategy(name: str) -> st.SearchStrategy[object]:
        hostile = STRATEGIES.get(name, hostile_inputs.hostile())
        if name in SIZED and target.name not in ANY_COUNT:
            return st.one_of(hostile, HUGE)
        return hostile

    return strategy


# ------------------------------------------------------------------ the targets

_CHECKS = (
    "helpers that the games' batch kernels call with arguments the engine has already"
    " checked; what a user passes reaches them only through the entry points called here"
)

NOT_CALLED: dict[str, str] = {
    f"cardrules.batch_checks.{name}": _CHECKS
    for name in ("check_length", "checked_array", "checked_kernels", "checked_play", "row_index")
}
"""Exported callables not called here, each with its reason."""

NO_SAMPLES: dict[str, str] = {
    "cardrules.batch.BatchKernels": "a Protocol: its methods are called on the samples of"
    " the kernels that follow it (AziKernels, HazariGroupsKernels)",
}
"""Exported classes with public methods but no sample value here, each with its reason."""


def _targets() -> list[Target]:
    found = module_targets(MODULES, INSTANCES, NOT_CALLED)
    for cls in (SimulationResult, HazariStats):  # the result tables' own classes
        view = ModuleType(cls.__module__)
        setattr(view, cls.__name__, cls)
        view.__all__ = [cls.__name__]  # type: ignore[attr-defined]
        found += public_callables(view, INSTANCES)
    return found


TARGETS = _targets()


def _public_members(cls: type) -> list[str]:
    """The public methods and properties ``cls`` defines within the package."""
    names: list[str] = []
    for owner in cls.__mro__:
        if owner.__module__.split(".")[0] != "cardrules":
            continue
        for name, raw in vars(owner).items():
            member = inspect.isfunction(raw) or isinstance(raw, (property, classmethod))
            if member and not name.startswith("_") and name not in names:
                names.append(name)
    return names


def test_every_public_callable_is_called() -> None:
    called = {id(target.function) for target in TARGETS}
    names = {target.name for target in TARGETS}
    missing = []
    for module in MODULES:
        for export in module.__all__:
            obj = getattr(module, export)
            name = f"{module.__name__}.{export}"
            if not callable(obj) or not_callable_by_design(obj) or name in NOT_CALLED:
                continue
            if id(obj) not in called:
                missing.append(name)
            sampled = obj in INSTANCES or name in NO_SAMPLES
            if isinstance(obj, type) and _public_members(obj) and not sampled:
                missing.append(f"{name} (no sample value, so its methods are not called)")
    assert missing == []
    assert set(NOT_CALLED) | set(NO_SAMPLES) <= {
        f"{module.__name__}.{export}" for module in MODULES for export in module.__all__
    }
    for expected in (
        "cardrules.batch.BatchGame[0].step",
        "cardrules.batch.BatchState[0].action_ids",
        "cardrules.azi.batch.AziKernels[0].step",
        "cardrules.records.text.read_games",
        "cardrules.records._text_game.TextGame[0].for_player",
        "cardrules.replay.replay_html",
        "cardrules.svg.table.draw_table",
        "cardrules.tables.format_table",
        "cardrules.results_json.read_simulation",
        "cardrules.runner.SimulationResult.from_json",
        "cardrules.registry.load_game",
    ):
        assert expected in names


def _read(value: object) -> None:
    """Read a generator a call returned, as a caller would (at most :data:`ITEMS` items)."""
    if isinstance(value, Iterator):
        for _ in zip(range(ITEMS), value, strict=False):
            pass


def _call(target: Target, data: st.DataObject) -> None:
    reading = Target(
        target.name, lambda *a, **k: _read(target.function(*a, **k)), target.parameters
    )
    call_with_junk(reading, data, VALID, extra=_extra(target))


@pytest.mark.parametrize("target", TARGETS, ids=str)
@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
@given(data=st.data())
def test_hostile_input_raises_only_package_errors(target: Target, data: st.DataObject) -> None:
    _call(target, data)


@pytest.mark.soak
@pytest.mark.parametrize("target", TARGETS, ids=str)
@settings(
    # a fortieth of the profile's examples for each of the 300-odd targets: 50 each in
    # CI's soak (about 16,000 calls), 2,500 each under the full soak profile (780,000)
    max_examples=max(1, (settings.default or settings()).max_examples // 40),
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
@given(data=st.data())
def test_hostile_input_raises_only_package_errors_soak(target: Target, data: st.DataObject) -> None:
    _call(target, data)
