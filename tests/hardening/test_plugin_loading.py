"""The registry's plugin loading, fed junk: only the package's errors and warnings come out.

Each example installs one package whose ``entry_points.txt`` declares generated games:
names of any text (some that no spec can name, some that are no entry-point key at
all), values that name nothing, a module that exits or fails at import, or one of
the junk objects of :data:`JUNK`: not a definition, a definition whose name, seats,
bots, rules factory, rules or choices are wrong or raise, an exception whose message
cannot be printed. Whatever is declared:

- :func:`~cardrules.game_names` returns game names only (the built-in games among
  them) and warns with :class:`~cardrules.errors.PluginWarning` only;
- :func:`~cardrules.load_game` of any listed name, or of any generated text, gives a
  game or a :class:`~cardrules.errors.CardRulesError`; a game that loads gives its
  options, choices, seats and bots, or a package error;
- ``cardrules deal NAME`` exits 0 or 2 and ``cardrules simulate NAME --help`` prints
  its help or exits 2, never with a traceback.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import sys
import tempfile
import textwrap
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules import game_names, load_game, registry
from cardrules.cli import main
from cardrules.errors import CardRulesError, PluginWarning
from cardrules.options import is_game_name
from tests.core.plugin_zoo import EXAMPLE

JUNK_MODULE = """
    import sys

    import attrs

    from cardrules.options import rules_from_options
    from toy_game.game import ToyDefinition


    class Unprintable(Exception):
        def __str__(self):
            raise RuntimeError("no message")


    def fails(exc):
        def call(*args, **kwargs):
            raise exc
        return property(call)


    @attrs.frozen
    class OddRules:
        players: int = 3
        seed: int = 1
        a_b: int = 2

        def to_json(self):
            return {"players": self.players, "seed": self.seed, "A b": self.a_b}


    KINDS = {
        "good": {},
        "players": {"players": "two"},
        "no_players": {"players": ()},
        "bots": {"strong_bot": 3},
        "name": {"name": fails(RuntimeError("name"))},
        "rules": {"make_rules": lambda self, options: (_ for _ in ()).throw(TypeError("x"))},
        "exits": {"make_rules": lambda self, options: sys.exit(4)},
        "unprintable": {"make_rules": lambda self, options: (_ for _ in ()).throw(Unprintable())},
        "json": {"rules_json": lambda self, rules: [1, 2]},
        "values": {"rules_json": lambda self, rules: {"players": 3, "x": object()}},
        "options": {
            "make_rules": lambda self, options: rules_from_options(
                OddRules, options, lambda d: OddRules(d["players"], d["seed"], d["A b"]), "odd"
            ),
            "rules_json": lambda self, rules: rules.to_json(),
        },
        "choices": {"option_choices": lambda self: {"players": ("] [", 3)}},
        "choices_fail": {"option_choices": lambda self: 1 / 0},
        "bots_fail": {"bots": lambda self: {}[1], "bot_names": ()},
        "states": {"new_state": lambda self, rules, **kwargs: None},
    }


    def __getattr__(attribute):
        kind, _, name = attribute.rpartition("_x")
        if kind == "not_a_definition":
            return object()
        if kind == "a_class":
            return ToyDefinition
        if kind not in KINDS:
            raise AttributeError(attribute)
        body = {"name": bytes.fromhex(name).decode(), **KINDS[kind]}
        return type(kind, (ToyDefinition,), body)()
"""

KINDS = [
    "good",
    "players",
    "no_players",
    "bots",
    "name",
    "rules",
    "exits",
    "unprintable",
    "json",
    "values",
    "options",
    "choices",
    "choices_fail",
    "bots_fail",
    "states",
    "not_a_definition",
    "a_class",
]
"""The junk objects the module above makes, each for any game name."""

names = st.one_of(
    st.sampled_from(["toy", "junk", "Junk", "bad-name.x", "azi", "a b", "[x]", "=", "é"]),
    st.text(st.characters(codec="utf-8", exclude_characters="\n\r"), max_size=12),
)


@st.composite
def declarations(draw: st.DrawFn) -> list[tuple[str, str]]:
    """Lines ``name = value`` of an ``entry_points.txt``."""
    found = []
    for _ in range(draw(st.integers(1, 4))):
        name = draw(names)
        hexed = (name.lower() if name.isascii() else name).encode().hex()
        value = draw(
            st.one_of(
                st.sampled_from([f"junk_defs:{kind}_x{hexed}" for kind in KINDS]),
                st.sampled_from(
                    ["junk_exits:GAME", "junk_fails:GAME", "no_such_module:GAME", "junk_defs"]
                ),
                st.text(max_size=12).filter(lambda text: "\n" not in text and "\r" not in text),
            )
        )
        found.append((name, value))
    return found


@contextlib.contextmanager
def installed(lines: list[tuple[str, str]]) -> Iterator[None]:
    """A package declaring ``lines`` on ``sys.path``, with the junk modules; nothing
    of it is left behind."""
    saved = dict(registry._REGISTERED)
    modules = {name: sys.modules.pop(name) for name in list(sys.modules) if _ours(name)}
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder)
        info = site / "junk_game-0.1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text("Metadata-Version: 2.1\nName: junk_game\nVersion: 0.1\n")
        body = "".join(f"{name} = {value}\n" for name, value in lines)
        (info / "entry_points.txt").write_text(f"[cardrules.games]\n{body}", encoding="utf-8")
        (site / "junk_defs.py").write_text(textwrap.dedent(JUNK_MODULE))
        (site / "junk_exits.py").write_text("raise SystemExit('bye')\n")
        (site / "junk_fails.py").write_text("import no_such_module_at_all\n")
        sys.path[:0] = [str(site), str(EXAMPLE)]
        importlib.invalidate_caches()
        registry._entry_points.cache_clear()
        try:
            yield
        finally:
            del sys.path[:2]
            registry._entry_points.cache_clear()
            registry._REGISTERED.clear()
            registry._REGISTERED.update(saved)
            for name in [name for name in sys.modules if _ours(name)]:
                del sys.modules[name]
            sys.modules.update(modules)  # as other tests imported them


MODULES = {"junk_defs", "junk_exits", "junk_fails", "toy_game"}


def _ours(module: str) -> bool:
    return module.split(".")[0] in MODULES


def _command(*argv: str) -> int:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(list(argv))
        except SystemExit as done:  # --help
            status = int(done.code or 0)
    assert "Traceback" not in err.getvalue()
    return status


def _use(name: str) -> None:
    try:
        game = load_game(name)
        _ = (game.options, game.option_choices, game.num_players, game.bots, game.new_state(1))
    except CardRulesError:
        pass
    assert _command("deal", name, "--seed", "1") in (0, 2)
    assert _command("simulate", name, "--help") in (0, 2)


def check_junk(lines: list[tuple[str, str]], text: str) -> None:
    """The property, for one package declaring ``lines`` and one spec ``text``."""
    with installed(lines), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        listed = game_names()
        assert {"azi", "hazari"} <= set(listed) and all(map(is_game_name, listed))
        for name in sorted(set(listed) - {"azi", "hazari"}):
            _use(name)
        with contextlib.suppress(CardRulesError):
            load_game(text)
        assert load_game("azi").num_players == 4
    assert all(issubclass(warning.category, PluginWarning) for warning in caught), [
        str(warning.message) for warning in caught
    ]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(declarations(), st.text(max_size=20))
def test_junk_entry_points_give_only_package_errors(
    lines: list[tuple[str, str]], text: str
) -> None:
    check_junk(lines, text)


@pytest.mark.soak
@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(declarations(), st.text(max_size=20))
def test_junk_entry_points_at_length(lines: list[tuple[str, str]], text: str) -> None:
    check_junk(lines, text)
