"""The game registry: every game declares itself once, and everything else reads it.

:func:`load_game` turns a name or an OpenSpiel-style spec into a :class:`Game`, a
frozen value holding the game's definition and its rule options. The command
line, the runner and the docs reach the games only through here.

>>> from cardrules import game_names, load_game
>>> game_names()
('azi', 'hazari')
>>> game = load_game("azi(players=5,rounding=down)")
>>> game
load_game('azi', players=5, rounding='down')
>>> game.num_players, game.num_distinct_actions
(5, 105)
>>> state = game.new_state(seed=1)
>>> state.num_players
5
>>> load_game("chess")
Traceback (most recent call last):
...
cardrules.errors.InvalidRulesError: unknown game 'chess'; the games are azi, hazari

A game lives in one subpackage whose ``game`` module defines a :class:`GameDefinition`
named ``GAME``; one entry in :data:`BUILTIN_GAMES` makes a built-in game known. A game
in another package declares itself in the :data:`ENTRY_POINT_GROUP` entry points of
its ``pyproject.toml`` and is found once installed, loaded on first use (or a call to
:func:`register_game` makes it known in one process). See the documentation page
"Adding a game".
"""

from __future__ import annotations

import abc
import enum
import functools
import importlib
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from cardrules.cards import _show
from cardrules.dealing import Dealing
from cardrules.deck import Deck
from cardrules.errors import CardRulesError, InvalidRulesError, InvalidStateError, PluginError
from cardrules.game import GameState
from cardrules.options import MAX_GAME_NAME, is_game_name, parse_spec
from cardrules.record import json_object
from cardrules.rng import Rng
from cardrules.view import View

if TYPE_CHECKING:
    from cardrules.plugins import Declared

__all__ = [
    "BUILTIN_GAMES",
    "ENTRY_POINT_GROUP",
    "BotFactory",
    "Game",
    "GameDefinition",
    "game_names",
    "game_origin",
    "load_game",
    "load_reference",
    "register_game",
]

BotFactory = Callable[[], Any]
"""A callable that makes a new bot (see :mod:`cardrules.bot`)."""

BUILTIN_GAMES: Mapping[str, str] = {
    "azi": "cardrules.azi.game",
    "hazari": "cardrules.hazari.game",
}
"""The built-in games: each name and the module whose ``GAME`` defines it (loaded lazily)."""

ENTRY_POINT_GROUP = "cardrules.games"
"""The entry-point group where an installed package declares its games, each as
``name = "module:GAME"`` (the name is the game's registry name)."""

_REGISTERED: dict[str, GameDefinition] = {}
_ORIGINS: dict[str, str] = {}
"""How messages name each game loaded from outside this package (its package and entry point)."""


class GameDefinition(abc.ABC):
    """What a game declares once: its name, rules, seats, action space, factories and bots.

    Subclasses set the class attributes and implement the methods; the registry,
    the command line and the runner need nothing else.
    """

    name: ClassVar[str]
    """The registry name, as a spec writes it (:func:`cardrules.options.is_game_name`)."""
    players: ClassVar[tuple[int, ...]]
    """The seat counts the game allows."""
    strong_bot: ClassVar[str]
    """The name, in :attr:`bots`, of the game's strongest bot."""
    bot_names: ClassVar[tuple[str, ...]] = ()
    """The names :meth:`bots` returns, known without importing any bot."""
    view: ClassVar[View]
    """The game's terminal view: how ``cardrules play`` narrates it and prompts a person."""

    @abc.abstractmethod
    def make_rules(self, options: Mapping[str, object]) -> Any:
        """The rule options from keyword options or spec text; bad ones raise InvalidRulesError."""

    @abc.abstractmethod
    def rules_json(self, rules: Any) -> dict[str, Any]:
        """The rules as JSON-native values (what :meth:`make_rules` reads back)."""

    @abc.abstractmethod
    def num_players(self, rules: Any) -> int:
        """The number of seats under ``rules``."""

    @abc.abstractmethod
    def num_distinct_actions(self, rules: Any) -> int:
        """The size of the action-id space under ``rules``."""

    @abc.abstractmethod
    def new_state(
        self, rules: Any, *, seed: int | None, dealer: int | None, dealing: Dealing | None
    ) -> GameState[Any, Any]:
        """A new game (one deal of Hazari, one pot of Azi)."""

    @abc.abstractmethod
    def new_match(
        self, rules: Any, *, seed: int | None, dealer: int | None, dealing: Dealing | None
    ) -> GameState[Any, Any]:
        """A new match: a series of games, itself a game state."""

    @abc.abstractmethod
    def state_from_json(self, data: dict[str, Any]) -> GameState[Any, Any]:
        """A game or match state from its parsed JSON record."""

    @abc.abstractmethod
    def parse_action(self, text: object) -> Any:
        """An action from its text form (``str(action)``) or its JSON dict."""

    def seen_action(self, state: Any, action: Any, player: int, last: Any) -> str:
        """The text of ``action``, taken at ``state``, as seat ``player`` knows it once
        the game has reached ``last``: each card hidden from them written ``??``.

        View records (:meth:`cardrules.records.text.TextGame.for_player`) are written with
        it; a game that does not define it has none.
        """
        raise InvalidRulesError(f"the game {_show(self.name)} writes no view records")

    def with_deck(self, state: Any, deck: Deck) -> GameState[Any, Any]:
        """``state`` with ``deck`` dealt: the same position, whose dealing holds ``deck``
        as its next explicit deck (:meth:`Dealing.with_deck
        <cardrules.dealing.Dealing.with_deck>`), so the deal the game waits for can go on.

        Explicit chance (:mod:`cardrules.chance`) continues a game with it after a deal
        in its middle, without replaying it; a game that deals only at its start need
        not define it, and one that does not is refused a later deal by name.
        """
        raise InvalidRulesError(
            f"the game {_show(self.name)} does not say how a deck dealt in its middle joins"
            f" its state (GameDefinition.with_deck), got {_show(state)} and {_show(deck)}"
        )

    @abc.abstractmethod
    def resample(self, observation: Any, rng: Rng) -> GameState[Any, Any]:
        """A state consistent with ``observation`` (the game's resampler)."""

    def observation_tensor_size(self, rules: Any) -> int:
        """The length of :meth:`observation_tensor` under ``rules``."""
        raise InvalidRulesError(f"the game {_show(self.name)} defines no tensors")

    def information_state_tensor_size(self, rules: Any) -> int:
        """The length of :meth:`information_state_tensor` under ``rules``."""
        raise InvalidRulesError(f"the game {_show(self.name)} defines no tensors")

    def observation_tensor(self, observation: Any) -> list[float]:
        """What one player sees now, as a flat list of floats (a function of the observation)."""
        raise InvalidRulesError(f"the game {_show(self.name)} defines no tensors")

    def information_state_tensor(self, observation: Any) -> list[float]:
        """Everything one player has seen so far, as a flat list of floats."""
        raise InvalidRulesError(f"the game {_show(self.name)} defines no tensors")

    def option_choices(self) -> Mapping[str, tuple[str, ...]]:
        """The values, as text, of each rule option that takes one of a fixed set; the
        command line's help shows them (``--rounding {up,down}``).

        By default, each option whose default value is an enum member offers the values
        of its enum.
        """
        rules = self.make_rules({})
        choices: dict[str, tuple[str, ...]] = {}
        for option in self.rules_json(rules):
            value = getattr(rules, option, None)
            if isinstance(value, enum.Enum):
                choices[option] = tuple(str(member.value) for member in type(value))
        return choices

    @abc.abstractmethod
    def bots(self) -> Mapping[str, BotFactory]:
        """The game's bots by name; always ``"random"`` and ``"strong"`` among them."""

    def batch_engine(self, rules: Any) -> Any:
        """The game's batch kernels under ``rules`` (see :mod:`cardrules.batch`).

        A game that has none, or rules its kernels cannot run, raise InvalidRulesError.
        """
        raise InvalidRulesError(f"the batch engine cannot run the game {_show(self.name)} yet")


def register_game(definition: GameDefinition) -> None:
    """Make ``definition`` loadable by name (for games outside this package).

    The name must be one a spec can name (:func:`cardrules.options.is_game_name`:
    lower-case letters, digits, ``_`` and ``-``, starting with a letter). A bad name, a
    built-in game's name or one taken by a different definition raises
    InvalidRulesError, and the registry is left as it was.
    """
    if not isinstance(definition, GameDefinition):
        raise InvalidRulesError(f"register_game needs a GameDefinition, got {_show(definition)}")
    name = _declared_name(definition)
    known = _REGISTERED.get(name)
    if name in BUILTIN_GAMES or (known is not None and type(known) is not type(definition)):
        raise InvalidRulesError(f"a game named {_show(name)} is already registered")
    _REGISTERED[name] = definition
    _ORIGINS.setdefault(name, f"the game {_show(name)} ({type(definition).__name__})")


def _declared_name(definition: GameDefinition) -> str:
    """``definition.name`` if a spec can name it; else InvalidRulesError."""
    try:
        name = definition.name
    except Exception:  # a missing or failing name attribute of a foreign class
        name = None
    if not is_game_name(name):
        raise InvalidRulesError(
            f"a game's name must be lower-case letters, digits, '_' and '-', starting with a"
            f" letter, at most {MAX_GAME_NAME} characters (as a spec writes it); got"
            f" {_show(name)} from {_show(definition)}"
        )
    return name


def game_names() -> tuple[str, ...]:
    """The names of every known game, sorted (installed games without loading them)."""
    return tuple(sorted({*BUILTIN_GAMES, *_REGISTERED, *_entry_points()}))


def load_reference(text: str) -> Any:
    """The object that ``text``, ``"module:name"``, names (``name`` may be dotted).

    It imports ``module``, which runs its code: give it only what a user typed, such
    as a command-line option. Anything that fails raises :class:`~cardrules.errors.PluginError`.

    >>> load_reference("cardrules.bots:RandomBot")
    <class 'cardrules.bots.random_bot.RandomBot'>
    >>> load_reference("cardrules.bots")
    Traceback (most recent call last):
    ...
    cardrules.errors.PluginError: a reference is module:name, got 'cardrules.bots'
    """
    module_name, colon, attribute = (
        text.strip().partition(":") if isinstance(text, str) else ("", "", "")
    )
    parts = [*module_name.split("."), *attribute.split(".")]
    if not colon or not all(part.isidentifier() for part in parts):
        raise PluginError(f"a reference is module:name, got {_show(text)}")
    try:
        target = importlib.import_module(module_name)
    except Exception as exc:
        raise PluginError(
            f"cannot import {_show(module_name)}: {type(exc).__name__}: {exc}"
        ) from exc
    for part in attribute.split("."):
        try:
            target = getattr(target, part)
        except AttributeError as exc:
            raise PluginError(
                f"module {_show(module_name)} has no attribute {_show(attribute)}"
            ) from exc
    return target


@functools.cache
def _entry_points() -> Mapping[str, Declared]:
    """The installed packages' games by name, read once (see :mod:`cardrules.plugins`)."""
    from cardrules import plugins  # read only when a game beyond the built-in ones is asked for

    return plugins.installed_games(ENTRY_POINT_GROUP, BUILTIN_GAMES)


def _load_entry_point(name: str, declared: Declared) -> GameDefinition:
    """The definition a declaration names, checked; a broken one raises PluginError
    naming its package, whatever its code raised."""
    from cardrules import plugins

    where = declared.where
    definition = plugins.load_declared(declared)
    with plugins.foreign_code(where, "is not a working GameDefinition", passing=(PluginError,)):
        if not isinstance(definition, GameDefinition):
            raise PluginError(f"{where} is not a GameDefinition: {_show(definition)}")
        if definition.name != name:
            raise PluginError(f"{where} defines the game {_show(definition.name)}")
        _check_definition(definition, where)
    return definition


def _check_definition(definition: GameDefinition, where: str) -> None:
    """What every command reads of a definition before it plays: its seats, its bots'
    names and its default rules as JSON options; anything amiss raises PluginError."""
    players = definition.players
    if (
        not isinstance(players, tuple)
        or not players
        or not all(type(count) is int and count >= 1 for count in players)
    ):
        raise PluginError(f"{where} has players {_show(players)}, not a tuple of seat counts")
    names = (definition.strong_bot, *definition.bot_names)
    if not all(isinstance(bot, str) for bot in names):
        raise PluginError(f"{where} names its bots {_show(names)}, not as strings")
    from cardrules import plugins

    with plugins.foreign_code(where, "cannot make its rules", passing=(PluginError,)):
        options = definition.rules_json(definition.make_rules({}))
    if not isinstance(options, dict) or not all(
        isinstance(key, str) and (value is None or isinstance(value, (bool, int, float, str)))
        for key, value in options.items()
    ):
        raise PluginError(
            f"{where} writes its rules as {_show(options)}, not as JSON options (a name and a"
            " number, true or false, text or null each)"
        )


def game_origin(name: str) -> str | None:
    """How messages name the game ``name`` if it comes from outside this package (its
    package and entry point, once loaded); None for a built-in game.

    >>> game_origin("azi") is None
    True
    """
    if not isinstance(name, str):
        raise InvalidRulesError(f"a game's name is a string, got {_show(name)}")
    if name in BUILTIN_GAMES:
        return None
    return _ORIGINS.get(name, f"the game {_show(name)}")


def _guarded(name: str, doing: str, call: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``call(*args, **kwargs)`` for the game ``name``: a game from outside this package
    that raises anything but the package's own errors raises PluginError naming it."""
    where = game_origin(name)
    if where is None:
        return call(*args, **kwargs)
    from cardrules import plugins

    with plugins.foreign_code(where, doing, passing=(CardRulesError,)):
        return call(*args, **kwargs)


def _definition(name: str) -> GameDefinition:
    known = _REGISTERED.get(name)
    if known is not None:
        return known
    if name in BUILTIN_GAMES:
        definition: GameDefinition = load_reference(f"{BUILTIN_GAMES[name]}:GAME")
    else:
        declared = _entry_points().get(name)
        if declared is None:
            raise InvalidRulesError(
                f"unknown game {_show(name)}; the games are {', '.join(game_names())}"
            )
        definition = _load_entry_point(name, declared)
        _ORIGINS[name] = declared.where
    _REGISTERED[name] = definition
    return definition


_TEXT_READER: list[Callable[[str], GameState[Any, Any]]] = []
"""How :meth:`Game.state_from_text` reads a text record. The text format
(:mod:`cardrules.records.text`) reads actions through this registry, so it sits above
it and hands its reader down when imported, as ``import cardrules`` does."""


def _read_text_with(reader: Callable[[str], GameState[Any, Any]]) -> None:
    """Make ``reader(text)``, the state of the one game of a text record, the reader of
    :meth:`Game.state_from_text`; :mod:`cardrules.records.text` calls it once."""
    if not callable(reader):
        raise PluginError(f"a text record reader must be a function, got {_show(reader)}")
    _TEXT_READER[:] = [reader]


def load_game(spec: str, **options: object) -> Game:
    """The game named by ``spec`` with rule ``options`` over the spec's and the defaults.

    ``spec`` is a name (``"azi"``) or an OpenSpiel-style string
    (``"azi(players=5,rounding=down)"``); keyword options override the spec's.
    """
    name, spec_options = parse_spec(spec)
    definition = _definition(name)
    rules = _guarded(
        name, "cannot make its rules", definition.make_rules, {**spec_options, **options}
    )
    return Game(definition, rules)


@attrs.frozen(repr=False)
class Game:
    """A game and its rule options: the factory of its states, matches and actions.

    Make one with :func:`load_game`. Equal names and rules make equal games.
    """

    definition: GameDefinition = attrs.field(
        eq=attrs.cmp_using(eq=lambda a, b: a.name == b.name), hash=False
    )
    rules: Any

    @property
    def name(self) -> str:
        """The registry name of the game."""
        return self.definition.name

    def _call(self, doing: str, call: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """``call(*args, **kwargs)``, guarded as :func:`load_game` guards a game from
        outside this package."""
        return _guarded(self.definition.name, doing, call, *args, **kwargs)

    @property
    def num_players(self) -> int:
        """The number of seats."""
        count: int = self._call("cannot count its seats", self.definition.num_players, self.rules)
        return count

    @property
    def num_distinct_actions(self) -> int:
        """The size of the action-id space: every id lies in ``range(num_distinct_actions)``."""
        count: int = self._call(
            "cannot count its actions", self.definition.num_distinct_actions, self.rules
        )
        return count

    @property
    def options(self) -> dict[str, Any]:
        """The rule options as JSON-native values."""
        options: dict[str, Any] = self._call(
            "cannot write its rules", self.definition.rules_json, self.rules
        )
        return options

    @property
    def option_choices(self) -> dict[str, tuple[str, ...]]:
        """The values each rule option with a fixed set of them takes, as text (see
        :meth:`GameDefinition.option_choices`); a game that gives them amiss gives none."""
        found = self._call("cannot list its options' choices", self.definition.option_choices)
        if not isinstance(found, Mapping):
            return {}
        return {
            str(key): tuple(values)
            for key, values in found.items()
            if isinstance(values, tuple) and all(isinstance(value, str) for value in values)
        }

    @property
    def bots(self) -> Mapping[str, BotFactory]:
        """The game's bot factories by name; ``bots["strong"]()`` makes its best bot."""
        bots: Mapping[str, BotFactory] = self._call("cannot list its bots", self.definition.bots)
        return bots

    def new_state(
        self, seed: int | None = None, *, dealer: int | None = None, dealing: Dealing | None = None
    ) -> GameState[Any, Any]:
        """A new game from a ``seed`` or a ``dealing`` (explicit decks), ``dealer`` optional."""
        return self._call(  # type: ignore[no-any-return]
            "cannot start a game",
            self.definition.new_state,
            self.rules,
            seed=seed,
            dealer=dealer,
            dealing=dealing,
        )

    def new_match(
        self, seed: int | None = None, *, dealer: int | None = None, dealing: Dealing | None = None
    ) -> GameState[Any, Any]:
        """A new match, itself a game state."""
        return self._call(  # type: ignore[no-any-return]
            "cannot start a match",
            self.definition.new_match,
            self.rules,
            seed=seed,
            dealer=dealer,
            dealing=dealing,
        )

    def state_from_json(self, data: dict[str, Any] | str | bytes) -> GameState[Any, Any]:
        """A game or match of this game from its ``to_json`` dict or JSON text.

        The record's rules must be this game's rules.
        """
        record = json_object(data, "a record")
        state: GameState[Any, Any] = self._call(
            "cannot read a record", self.definition.state_from_json, record
        )
        rules = getattr(state, "rules", self.rules)
        if rules != self.rules:
            raise InvalidStateError(
                f"the record is a game of {self.definition.name} with rules {_show(rules)},"
                f" not {_show(self.rules)}"
            )
        return state

    def parse_action(self, text: object) -> Any:
        """An action from its text form (as ``str(action)`` writes it) or its JSON dict."""
        return self._call("cannot read an action", self.definition.parse_action, text)

    def state_from_text(self, text: str) -> GameState[Any, Any]:
        """A game or match of this game from a text record (see
        :mod:`cardrules.records.text`), on one line or several; the ``Game`` tag may
        be left out. Anything that does not replay raises :class:`InvalidStateError`.
        """
        if not isinstance(text, str):
            raise InvalidStateError(f"a text record must be text, got {_show(text)}")
        if not _TEXT_READER:
            raise PluginError("the text record format is not loaded: import cardrules.records")
        if not text.lstrip().startswith("[Game "):
            text = f'[Game "{self}"] {text}'
        state: GameState[Any, Any] = _TEXT_READER[0](text)
        if getattr(state, "rules", self.rules) != self.rules:
            raise InvalidStateError(f"the text record is not a game of {self}")
        return state

    @property
    def observation_tensor_size(self) -> int:
        """The length of an observation tensor."""
        return self.definition.observation_tensor_size(self.rules)

    @property
    def information_state_tensor_size(self) -> int:
        """The length of an information-state tensor."""
        return self.definition.information_state_tensor_size(self.rules)

    def observation_tensor(self, state: Any, player: int) -> Any:
        """What ``player`` sees of ``state`` as a flat float32 vector.

        A numpy array when numpy is installed, else a list of floats. It depends only
        on ``state.observation(player)``.
        """
        return _vector(self.definition.observation_tensor(self._observation(state, player)))

    def information_state_tensor(self, state: Any, player: int) -> Any:
        """Everything ``player`` has seen of ``state`` so far, as a flat float32 vector."""
        return _vector(self.definition.information_state_tensor(self._observation(state, player)))

    def _observation(self, state: object, player: object) -> Any:
        """``state.observation(player)`` for a state of this game; else InvalidStateError."""
        if isinstance(state, type) or not callable(getattr(state, "observation", None)):
            raise InvalidStateError(f"expected a state of {self}, got {_show(state)}")
        rules = getattr(state, "rules", None)
        outer = getattr(state, "game", None)
        if rules is None and isinstance(outer, Game):  # a chance state of this game
            rules = outer.rules
        if rules is None or type(rules) is not type(self.rules) or rules != self.rules:
            raise InvalidStateError(
                f"expected a state of {self}, got one with rules {_show(rules)}"
            )
        return state.observation(player)  # type: ignore[attr-defined]

    def resample(self, observation: Any, rng: Rng) -> GameState[Any, Any]:
        """A state consistent with ``observation``, every card it cannot see redrawn uniformly."""
        if not isinstance(rng, Rng):
            raise InvalidStateError(f"resampling draws from an Rng, got {_show(rng)}")
        return self.definition.resample(observation, rng)

    def __call__(self, seed: int) -> GameState[Any, Any]:
        """``new_state(seed)``: a game is a game factory for :func:`cardrules.runner.simulate`."""
        return self.new_state(seed)

    def to_json(self) -> dict[str, Any]:
        """``{"game": name, "rules": {...}}``."""
        return {"game": self.name, "rules": self.options}

    @classmethod
    def from_json(cls, data: dict[str, Any] | str | bytes) -> Game:
        """Read what :meth:`to_json` wrote."""
        record = json_object(data, "a game")
        if set(record) != {"game", "rules"} or not isinstance(record["game"], str):
            raise InvalidRulesError(
                f"a game must be {{'game': name, 'rules': {{...}}}}, got {_show(record)}"
            )
        rules = record["rules"]
        if not isinstance(rules, dict):
            raise InvalidRulesError(f"a game's rules must be an object, got {_show(rules)}")
        return load_game(record["game"], **rules)

    def __str__(self) -> str:
        changed = self._changed()
        body = ",".join(f"{key}={_text(value)}" for key, value in changed.items())
        return f"{self.name}({body})" if body else self.name

    def __repr__(self) -> str:
        changed = self._changed()
        args = "".join(f", {key}={value!r}" for key, value in changed.items())
        return f"load_game({self.name!r}{args})"

    def _changed(self) -> dict[str, Any]:
        defaults = self.definition.rules_json(self.definition.make_rules({}))
        return {key: value for key, value in self.options.items() if defaults.get(key) != value}


def _vector(values: list[float]) -> Any:
    try:
        import numpy
    except ImportError:
        return values
    return numpy.asarray(values, dtype=numpy.float32)


def _text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
