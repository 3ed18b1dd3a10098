"""The registry's plugin loading fed fake installed packages: only package errors come out.

Each example makes installed packages out of thin air, with the hook Python's own
metadata lookup offers (a finder on :data:`sys.meta_path` that yields
:class:`importlib.metadata.Distribution` objects), so nothing is written to disk and
nothing is left behind. A package has a name (hostile text among them, or none at
all), metadata that may not even be readable, and entry points in the
``cardrules.games`` group whose names are any text and whose values name, through
in-memory modules:

- an object of any type (junk, a string, a class, a game definition of another name);
- an attribute that raises when read, anything from ``TypeError`` to ``SystemExit``;
- a module that raises anything while it is imported, or that does not exist.

Then, under the time and memory bound of
:func:`~tests.core.wrong_types_support.resource_limits`, the public functions that
reach plugins are called: :func:`~cardrules.game_names`, :func:`~cardrules.load_game`
of every name listed and of every name declared, and a few methods of each game that
loads. Only :class:`~cardrules.errors.CardRulesError` may come out (warnings only of
:class:`~cardrules.errors.PluginWarning`, where the package has it); the built-in
games must still be listed and load as before.
"""

from __future__ import annotations

import contextlib
import importlib.abc
import importlib.machinery
import importlib.metadata as metadata
import sys
import types
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules import errors, game_names, load_game, registry
from cardrules.errors import CardRulesError
from tests.core.hostile_inputs import FRAGMENTS
from tests.core.wrong_types_support import (
    CallTimedOut,
    MemoryExceeded,
    junk,
    materialize,
    resource_limits,
    safe_repr,
)

GROUP = registry.ENTRY_POINT_GROUP
PREFIX = "cardrules_hostile_plugin_"
"""The names of the in-memory modules the fake packages' entry points name."""

RAISED: tuple[type[BaseException], ...] = (
    TypeError,
    ValueError,
    RuntimeError,
    RecursionError,
    ImportError,
    AttributeError,
    SystemExit,
    GeneratorExit,
    Exception,
)
"""What plugin code raises (Ctrl-C passes through by design, and running out of
memory is the memory bound's to catch)."""


def _definition(name: str) -> object:
    """A working game definition (the toy game's, when importable) named ``name``."""
    toy = pytest.importorskip("toy_game.game")
    return type("Hostile", (toy.ToyDefinition,), {"name": name})()


@attrs.frozen
class Plugin:
    """What one entry point's value leads to: ``kind`` and its ``detail``."""

    kind: str
    detail: object = None

    def value(self, number: int) -> str:
        """The entry point's value, ``module:attribute``."""
        if self.kind == "syntax":
            return str(self.detail)
        if self.kind == "no module":
            return f"{PREFIX}missing_{number}:GAME"
        return f"{PREFIX}{number}:GAME"


_KINDS = st.one_of(
    st.builds(Plugin, st.just("object"), junk()),
    st.builds(Plugin, st.just("string"), st.sampled_from(["azi", "", "GAME", *FRAGMENTS[:12]])),
    st.builds(Plugin, st.just("class")),
    st.builds(Plugin, st.just("definition"), st.sampled_from(["hostile-a", "azi", "other"])),
    st.builds(Plugin, st.just("getattr raises"), st.sampled_from(RAISED)),
    st.builds(Plugin, st.just("import raises"), st.sampled_from(RAISED)),
    st.builds(Plugin, st.just("no module")),
    st.builds(Plugin, st.just("syntax"), st.sampled_from(["", ":", "a b:c", "x:", ":y", "1:2"])),
)

_NAMES = st.one_of(
    st.sampled_from(["hostile-a", "hostile_b", "azi", "Hazari", "bad-name.x", "x" * 200, "é"]),
    st.sampled_from(FRAGMENTS).filter(lambda text: "\n" not in text and "\r" not in text),
    st.text(max_size=10).filter(lambda text: "\n" not in text and "\r" not in text),
)


@attrs.frozen
class Package:
    """A fake installed package: its name (None: no Name field), whether its metadata
    reads at all, and its entry points as (name, plugin) pairs."""

    name: str | None
    readable: bool
    entries: tuple[tuple[str, Plugin], ...]


_PACKAGES = st.builds(
    Package,
    st.one_of(st.none(), st.sampled_from(["hostile-game", "toy-two"]), _NAMES),
    st.booleans(),
    st.lists(st.tuples(_NAMES, _KINDS), min_size=1, max_size=4).map(tuple),
)


class _Distribution(metadata.Distribution):
    """An installed package that lives in memory."""

    def __init__(self, package: Package, first: int) -> None:
        self.package = package
        self.first = first

    def read_text(self, filename: str) -> str | None:
        if not self.package.readable and filename != "METADATA":
            raise OSError("the metadata cannot be read")
        if filename == "METADATA":
            name = "" if self.package.name is None else f"Name: {self.package.name}\n"
            return f"Metadata-Version: 2.1\n{name}Version: 0.1\n"
        if filename == "entry_points.txt":
            lines = [
                f"{name} = {plugin.value(self.first + number)}"
                for number, (name, plugin) in enumerate(self.package.entries)
            ]
            return f"[{GROUP}]\n" + "\n".join(lines) + "\n"
        return None

    def locate_file(self, path: Any) -> Path:
        return Path("/nonexistent") / str(path)


class _Raising(importlib.abc.Loader):
    def __init__(self, raised: type[BaseException]) -> None:
        self.raised = raised

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        return None

    def exec_module(self, module: types.ModuleType) -> None:
        raise self.raised("raised while importing")


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the fake packages' metadata, and the modules that fail to import."""

    def __init__(self, packages: list[Package]) -> None:
        self.distributions = []
        self.failing: dict[str, type[BaseException]] = {}
        first = 0
        for package in packages:
            self.distributions.append(_Distribution(package, first))
            first += len(package.entries)

    def find_distributions(
        self, context: metadata.DistributionFinder.Context | None = None
    ) -> Iterator[metadata.Distribution]:
        named = context is not None and context.name is not None
        return iter([] if named else self.distributions)

    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        raised = self.failing.get(fullname)
        if raised is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, _Raising(raised))


def _module(name: str, plugin: Plugin) -> types.ModuleType:
    module = types.ModuleType(name)
    if plugin.kind == "object":
        module.GAME = materialize(plugin.detail)  # type: ignore[attr-defined]
    elif plugin.kind == "string":
        module.GAME = plugin.detail  # type: ignore[attr-defined]
    elif plugin.kind == "class":
        module.GAME = type(_definition("hostile-a"))  # type: ignore[attr-defined]
    elif plugin.kind == "definition":
        module.GAME = _definition(str(plugin.detail))  # type: ignore[attr-defined]
    elif plugin.kind == "getattr raises":
        raised = plugin.detail
        assert isinstance(raised, type)

        def fail(attribute: str) -> object:
            raise raised(f"reading {attribute}")

        module.__getattr__ = fail  # type: ignore[method-assign]
    return module


@contextlib.contextmanager
def installed(packages: list[Package]) -> Iterator[None]:
    """The fake packages installed, and their modules importable; afterwards the
    registry, the import system and the modules are as they were."""
    finder = _Finder(packages)
    number = 0
    for package in packages:
        for _, plugin in package.entries:
            name = f"{PREFIX}{number}"
            if plugin.kind == "import raises":
                assert isinstance(plugin.detail, type)
                finder.failing[name] = plugin.detail
            elif plugin.kind not in ("no module", "syntax"):
                sys.modules[name] = _module(name, plugin)
            number += 1
    saved = {  # what the registry keeps of loaded games (their origins, where it has them)
        name: dict(getattr(registry, name))
        for name in ("_REGISTERED", "_ORIGINS")
        if hasattr(registry, name)
    }
    sys.meta_path.insert(0, finder)
    registry._entry_points.cache_clear()
    try:
        yield
    finally:
        sys.meta_path.remove(finder)
        registry._entry_points.cache_clear()
        for name, value in saved.items():
            getattr(registry, name).clear()
            getattr(registry, name).update(value)
        for name in [name for name in sys.modules if name.startswith(PREFIX)]:
            del sys.modules[name]


def _use(name: str) -> None:
    """Load the game ``name`` and read what every command reads of it."""
    game = load_game(name)
    _ = (game.options, game.num_players, game.num_distinct_actions, game.bots)
    game.new_state(seed=1)


def _call(what: str, function: Any, *args: object) -> object:
    """``function(*args)``: a package error is an answer; anything else fails the test."""
    try:
        with resource_limits():
            return function(*args)
    except CardRulesError:
        return None
    except CallTimedOut as exc:
        pytest.fail(f"{what} hangs: {exc}")
    except MemoryExceeded as exc:
        pytest.fail(f"{what} {exc}")
    except BaseException as exc:
        if isinstance(exc, KeyboardInterrupt):
            raise
        pytest.fail(f"{what} raised {type(exc).__name__}: {safe_repr(str(exc))}")


def check(packages: list[Package]) -> None:
    """The property, for one set of fake installed packages."""
    allowed = getattr(errors, "PluginWarning", None)
    with installed(packages), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        listed = _call("game_names()", game_names)
        assert isinstance(listed, tuple) and {"azi", "hazari"} <= set(listed)
        declared = [name for package in packages for name, _ in package.entries]
        for name in sorted(set(listed) | set(declared)):
            _call(f"load_game({safe_repr(name)})", _use, name)
        assert load_game("azi").num_players == 4
        assert load_game("hazari").new_state(seed=1).current_player is not None
    unexpected = [
        str(warning.message)
        for warning in caught
        if allowed is None or not issubclass(warning.category, allowed)
    ]
    assert unexpected == []
    assert game_names() == ("azi", "hazari")


def test_the_fakes_are_installed() -> None:
    """The fake packages reach the registry: a working definition loads by its name."""
    plugin = Plugin("definition", "hostile-a")
    with installed([Package("hostile-game", True, (("hostile-a", plugin),))]):
        assert "hostile-a" in game_names()
        assert load_game("hostile-a").name == "hostile-a"
    assert "hostile-a" not in game_names()
    exits = Package("hostile-game", True, (("hostile-b", Plugin("import raises", SystemExit)),))
    with installed([exits]), pytest.raises(CardRulesError, match="hostile-game"):
        load_game("hostile-b")


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(_PACKAGES, min_size=1, max_size=3))
def test_fake_plugins_give_only_package_errors(packages: list[Package]) -> None:
    check(packages)


@pytest.mark.soak
@settings(
    # each example installs and imports packages: a tenth of the profile's examples
    # (200 in CI's soak, 10,000 under the full soak profile)
    max_examples=max(1, (settings.default or settings()).max_examples // 10),
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
@given(st.lists(_PACKAGES, min_size=1, max_size=3))
def test_fake_plugins_give_only_package_errors_soak(packages: list[Package]) -> None:
    check(packages)


def test_many_entry_points_are_listed_within_the_bound() -> None:
    """Ten thousand declared games are listed without importing one."""
    entries = tuple((f"hostile-{n}", Plugin("import raises", SystemExit)) for n in range(10_000))
    with installed([Package("many-games", True, entries)]):
        listed = _call("game_names()", game_names)
        assert isinstance(listed, tuple) and len(listed) == 10_002
