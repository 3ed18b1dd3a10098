"""Hazari's declaration to the game registry: rules, seats, action ids, factories, bots.

>>> from cardrules import load_game
>>> game = load_game("hazari(tie_rule=first)")
>>> game
load_game('hazari', tie_rule='first')
>>> game.num_players, game.num_distinct_actions
(4, 200200)
>>> state = game.new_state(seed=7)
>>> state.current_player, len(state.legal_actions())
(1, 20661)
>>> game.state_from_json(state.to_json()) == state
True
>>> sorted(game.bots)
['field', 'greedy', 'random', 'solver', 'strong']
>>> groups = load_game("hazari(actions=groups)")
>>> groups, str(groups), groups.num_distinct_actions
(load_game('hazari', actions='groups'), 'hazari(actions=groups)', 286)
>>> load_game("hazari", players=5)
Traceback (most recent call last):
...
cardrules.errors.InvalidRulesError: Hazari is for exactly 4 players (rule H1 on the Hazari \
rules page (docs/rules/hazari)), not 5
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from cardrules.bots import RandomBot
from cardrules.cards import _show
from cardrules.dealing import Dealing
from cardrules.deck import Deck
from cardrules.errors import IllegalActionError, InvalidRulesError, InvalidStateError
from cardrules.extras import needs_numpy
from cardrules.hazari.action_ids import SPLITS
from cardrules.hazari.actions import HazariAction, parse_action
from cardrules.hazari.bots import GreedyBot, SolverBot
from cardrules.hazari.deal import PLAYERS
from cardrules.hazari.field_bot import FieldAwareBot
from cardrules.hazari.groups import GROUP_IDS
from cardrules.hazari.match import HazariMatch
from cardrules.hazari.observation import HazariMatchObservation, HazariObservation
from cardrules.hazari.resample import resample, resample_match
from cardrules.hazari.rules import ActionSpace, HazariRules, rule
from cardrules.hazari.state import DEAL_GAME, HazariState
from cardrules.hazari.tensors import TENSOR_SIZE, information_state_tensor, observation_tensor
from cardrules.hazari.view import VIEW
from cardrules.registry import BotFactory, GameDefinition
from cardrules.rng import Rng
from cardrules.view import View

__all__ = ["GAME", "HazariDefinition"]


def _rules(rules: Any) -> HazariRules:
    if not isinstance(rules, HazariRules):
        raise InvalidRulesError(f"expected HazariRules, got {_show(rules)}")
    return rules


def _dealing(seed: int | None, dealing: Dealing | None) -> Dealing:
    if dealing is None:
        if seed is None:
            raise InvalidRulesError(
                "a Hazari game needs its chance: give a seed or a dealing (explicit decks)"
            )
        return Dealing(seed=seed)
    if seed is not None:
        raise InvalidRulesError("give either a seed or a dealing, not both")
    if not isinstance(dealing, Dealing):
        raise InvalidStateError(f"dealing must be a Dealing, got {_show(dealing)}")
    return dealing


class HazariDefinition(GameDefinition):
    """Hazari: 4 players, one deal a game (a match is a series of deals), 200,200 action ids."""

    name: ClassVar[str] = "hazari"
    players: ClassVar[tuple[int, ...]] = (PLAYERS,)
    strong_bot: ClassVar[str] = "strong"
    bot_names: ClassVar[tuple[str, ...]] = ("random", "greedy", "solver", "field", "strong")
    view: ClassVar[View] = VIEW

    def make_rules(self, options: Mapping[str, object]) -> HazariRules:
        """:class:`HazariRules` from ``tie_rule``, ``target`` and ``actions``; ``players``
        may only be 4."""
        if not isinstance(options, Mapping):
            raise InvalidRulesError(f"Hazari options must be a mapping, got {_show(options)}")
        options = dict(options)
        if "players" in options:
            players = options.pop("players")
            four = (type(players) is int and players == PLAYERS) or (
                isinstance(players, str) and players.strip() == str(PLAYERS)
            )
            if not four:
                raise InvalidRulesError(
                    f"Hazari is for exactly 4 players ({rule('H1')}), not {_show(players)}"
                )
        return HazariRules.from_options(options)

    def rules_json(self, rules: Any) -> dict[str, Any]:
        """The rule options as JSON values, ``actions`` included (a spec can set it)."""
        return _rules(rules).options_json()

    def num_players(self, rules: Any) -> int:
        """Always 4."""
        return PLAYERS

    def num_distinct_actions(self, rules: Any) -> int:
        """The 200,200 splits of a hand into a 4-card group and three 3-card groups, or
        under ``actions="groups"`` its 286 groups of three cards."""
        return GROUP_IDS if _rules(rules).actions is ActionSpace.GROUPS else SPLITS

    def new_state(
        self, rules: Any, *, seed: int | None, dealer: int | None, dealing: Dealing | None
    ) -> HazariState:
        """One deal; ``dealer`` defaults to seat 0."""
        return HazariState.from_dealing(
            _dealing(seed, dealing), dealer=0 if dealer is None else dealer, rules=_rules(rules)
        )

    def new_match(
        self, rules: Any, *, seed: int | None, dealer: int | None, dealing: Dealing | None
    ) -> HazariMatch:
        """A match to ``rules.target``; ``dealer`` (default seat 0) deals first."""
        return HazariMatch.from_dealing(
            _dealing(seed, dealing), dealer=0 if dealer is None else dealer, rules=_rules(rules)
        )

    def batch_bots(self, game: Any) -> Any:
        """The policies ``simulate --engine batch`` plays (:mod:`cardrules.hazari.batch.bots`)."""
        with needs_numpy():
            from cardrules.hazari.batch.bots import HazariBatchBots  # numpy only when asked for

        return HazariBatchBots(game)

    def state_from_json(self, data: dict[str, Any]) -> HazariState | HazariMatch:
        """A deal (``"game": "hazari"``) or a match (``"game": "hazari-match"``)."""
        kind = data.get("game") if isinstance(data, dict) else None
        if kind == DEAL_GAME:
            return HazariState.from_json(data)
        return HazariMatch.from_json(data)

    def parse_action(self, text: object) -> HazariAction:
        """An :class:`Up` or a :class:`Group` from ``str(action)`` or its JSON dict."""
        return parse_action(text)

    def seen_action(self, state: Any, action: Any, player: int, last: Any) -> str:
        """Another seat's arrangement is ``??`` for each card until its groups are
        played, which they all are when the deal ends (H8)."""
        kinds = (HazariState, HazariMatch)
        if not isinstance(state, kinds) or not isinstance(last, kinds):
            raise InvalidStateError(f"expected Hazari states, got {_show(state)}, {_show(last)}")
        if not isinstance(action, HazariAction):
            raise IllegalActionError(f"expected a Hazari action, got {_show(action)}")
        now: Any = getattr(state, "current", state)  # a match's deal in progress
        later: Any = getattr(last, "current", last)
        if state.current_player == player or later.deal > now.deal or later.is_terminal:
            return str(action)
        words = str(action).split()  # "AS KS QS | ..." or "group KC 8D 6S": hide the cards
        return " ".join(word if word in ("|", "group") else "??" for word in words)

    def with_deck(self, state: Any, deck: Deck) -> HazariMatch:
        """``state``, a match, with ``deck`` as the next explicit deck of its dealing, which its
        next deal (H9) draws: a deal of its own deals only at its start."""
        if not isinstance(state, HazariMatch):
            raise InvalidStateError(f"expected a Hazari match, got {_show(state)}")
        return state._with_deck(deck)

    def resample(self, observation: Any, rng: Rng) -> HazariState | HazariMatch:
        """A deal or a match consistent with a deal's or a match's observation."""
        if isinstance(observation, HazariMatchObservation):
            return resample_match(observation, rng)
        if isinstance(observation, HazariObservation):
            return resample(observation, rng)
        raise InvalidStateError(f"expected a Hazari observation, got {_show(observation)}")

    def observation_tensor_size(self, rules: Any) -> int:
        """The length of a Hazari tensor (see :mod:`cardrules.hazari.tensors`)."""
        return TENSOR_SIZE

    def information_state_tensor_size(self, rules: Any) -> int:
        """The same length: a Hazari observation is everything its player has seen."""
        return TENSOR_SIZE

    def observation_tensor(self, observation: Any) -> list[float]:
        """A deal's or a match's observation as floats (see :mod:`cardrules.hazari.tensors`)."""
        return observation_tensor(observation)

    def information_state_tensor(self, observation: Any) -> list[float]:
        """The same vector as :meth:`observation_tensor`."""
        return information_state_tensor(observation)

    def batch_engine(self, rules: Any) -> Any:
        """The numpy kernels of :mod:`cardrules.hazari.batch.groups` (the ``numpy`` extra),
        for ``actions="groups"`` only: a split's mask would have 200,200 columns a game."""
        rules = _rules(rules)
        if rules.actions is not ActionSpace.GROUPS:
            raise InvalidRulesError(
                "the batch engine runs Hazari under actions='groups' only, not"
                f" actions={rules.actions.value!r}:"
                " a split's legal-action mask would have 200,200 columns per game; use"
                " load_game('hazari', actions='groups')"
            )
        with needs_numpy():
            from cardrules.hazari.batch.groups import batch_engine  # numpy only when asked for
        return batch_engine(rules)

    def bots(self) -> Mapping[str, BotFactory]:
        """random, greedy, solver, field (field-aware) and strong (the solver).

        The field-aware bot gains on a field of solvers but loses on a greedy field, so
        the solver stays the strong bot (see the bots guide for the figures).
        """
        return {
            "random": RandomBot,
            "greedy": GreedyBot,
            "solver": SolverBot,
            "field": FieldAwareBot,
            "strong": SolverBot,
        }


GAME = HazariDefinition()
"""The Hazari game definition that :func:`cardrules.load_game` finds."""
