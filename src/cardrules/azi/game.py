"""Azi as a registered game: the definition the registry, command line and runner read.

>>> from cardrules import load_game
>>> game = load_game("azi(players=5,rounding=down)")
>>> game.num_players, game.num_distinct_actions
(5, 105)
>>> sorted(game.bots)  # doctest: +NORMALIZE_WHITESPACE
['discard-search', 'heuristic', 'heuristic-0.1', 'inference', 'ismcts', 'random',
 'search', 'strong']
>>> game.bots["strong"] is game.bots["discard-search"]
True
>>> state = game.new_state(seed=1)
>>> game.parse_action("raise 12"), game.parse_action({"type": "fold"})
(Raise(amount=12), Fold())
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from cardrules.azi.actions import AziAction, Discard, parse_action, parse_action_text
from cardrules.azi.bots import (
    DiscardSearchBot,
    HeuristicBot,
    HeuristicBot01,
    InferenceBot,
    SearchBot,
    TreeSearchBot,
)
from cardrules.azi.ids import action_ids
from cardrules.azi.match import AziMatch
from cardrules.azi.observation import AziMatchObservation, AziObservation
from cardrules.azi.resample import resample, resample_match
from cardrules.azi.rules import SUITS_CHOICES, AziRules, rules_from
from cardrules.azi.state import AziState
from cardrules.azi.tensors import information_state_tensor, observation_tensor, tensor_layout
from cardrules.azi.view import VIEW
from cardrules.bots import RandomBot
from cardrules.cards import _show
from cardrules.dealing import Dealing
from cardrules.deck import Deck
from cardrules.errors import IllegalActionError, InvalidRulesError, InvalidStateError, ParseError
from cardrules.extras import needs_numpy
from cardrules.registry import BotFactory, GameDefinition
from cardrules.rng import Rng
from cardrules.view import View

__all__ = ["GAME", "AziDefinition"]


def _rules(rules: object) -> AziRules:
    if not isinstance(rules, AziRules):
        raise InvalidRulesError(f"expected AziRules, got {_show(rules)}")
    return rules


class AziDefinition(GameDefinition):
    """Azi: 2 to 6 players, one pot per game; a match is ``rules.match_games`` games."""

    name: ClassVar[str] = "azi"
    players: ClassVar[tuple[int, ...]] = (2, 3, 4, 5, 6)
    strong_bot: ClassVar[str] = "strong"
    bot_names: ClassVar[tuple[str, ...]] = (
        "random",
        "heuristic",
        "heuristic-0.1",
        "search",
        "inference",
        "ismcts",
        "discard-search",
        "strong",
    )
    view: ClassVar[View] = VIEW

    def make_rules(self, options: Mapping[str, object]) -> AziRules:
        """Rules from keyword options or spec text over the defaults."""
        return rules_from(options)

    def option_choices(self) -> Mapping[str, tuple[str, ...]]:
        """The enums' values, and the four choices of three suits (A1).

        >>> GAME.option_choices()["suits"]
        ('CDH', 'CDS', 'CHS', 'DHS')
        """
        return {**super().option_choices(), "suits": SUITS_CHOICES}

    def rules_json(self, rules: Any) -> dict[str, Any]:
        """The rules as JSON-native values."""
        return _rules(rules).to_json()

    def num_players(self, rules: Any) -> int:
        """``rules.players``."""
        return _rules(rules).players

    def num_distinct_actions(self, rules: Any) -> int:
        """75 plus the number of raise amounts (see :mod:`cardrules.azi.ids`)."""
        return action_ids(_rules(rules)).size

    def new_state(
        self, rules: Any, *, seed: int | None, dealer: int | None, dealing: Dealing | None
    ) -> AziState:
        """One game: antes to pot won."""
        return AziState.new(_rules(rules), seed=seed, dealer=dealer, dealing=dealing)

    def new_match(
        self, rules: Any, *, seed: int | None, dealer: int | None, dealing: Dealing | None
    ) -> AziMatch:
        """A match of ``rules.games_per_match`` games."""
        return AziMatch.new(_rules(rules), seed=seed, dealer=dealer, dealing=dealing)

    def state_from_json(self, data: dict[str, Any]) -> AziState | AziMatch:
        """A game or a match, by the record's kind (0.1.0 match records included)."""
        if not isinstance(data, dict):
            raise InvalidStateError(f"a record must be a JSON object, got {_show(data)}")
        if data.get("game") == "azi":
            return AziState.from_json(data)
        return AziMatch.from_json(data)

    def parse_action(self, text: object) -> AziAction:
        """An action from its text (``str(action)``) or its JSON dict."""
        if isinstance(text, str):
            return parse_action_text(text)
        if isinstance(text, dict):
            return parse_action(text)
        raise ParseError(f"an Azi action is text or a JSON object, got {_show(text)}")

    def seen_action(self, state: Any, action: Any, player: int, last: Any) -> str:
        """A discard is ``discard ??`` to every other seat, as discards stay hidden (A6);
        every other action is seen by all."""
        if not isinstance(state, (AziState, AziMatch)):
            raise InvalidStateError(f"expected an Azi state, got {_show(state)}")
        if not isinstance(action, AziAction):
            raise IllegalActionError(f"expected an Azi action, got {_show(action)}")
        if isinstance(action, Discard) and state.current_player != player:
            return "discard ??"
        return str(action)

    def with_deck(self, state: Any, deck: Deck) -> AziState | AziMatch:
        """``state`` with ``deck`` as the next explicit deck of its dealing: a re-deal
        (A12) or a match's next game draws it."""
        if not isinstance(state, (AziState, AziMatch)):
            raise InvalidStateError(f"expected an Azi state, got {_show(state)}")
        return state._with_deck(deck)

    def resample(self, observation: Any, rng: Rng) -> AziState | AziMatch:
        """A game (or match) consistent with a game (or match) observation."""
        if isinstance(observation, AziMatchObservation):
            return resample_match(observation, rng)
        if isinstance(observation, AziObservation):
            return resample(observation, rng)
        raise InvalidStateError(f"expected an Azi observation, got {_show(observation)}")

    def observation_tensor_size(self, rules: Any) -> int:
        """The length of an observation tensor (see :mod:`cardrules.azi.tensors`)."""
        return tensor_layout(_rules(rules)).observation_size

    def information_state_tensor_size(self, rules: Any) -> int:
        """The length of an information-state tensor (see :mod:`cardrules.azi.tensors`)."""
        return tensor_layout(_rules(rules)).information_state_size

    def observation_tensor(self, observation: Any) -> list[float]:
        """What the player sees now, as floats."""
        return observation_tensor(observation)

    def information_state_tensor(self, observation: Any) -> list[float]:
        """The observation tensor followed by the public record of the current deal."""
        return information_state_tensor(observation)

    def batch_engine(self, rules: AziRules) -> Any:
        """The numpy kernels of :mod:`cardrules.azi.batch` (the ``numpy`` extra)."""
        with needs_numpy():
            from cardrules.azi.batch import batch_engine  # numpy only when asked for
        return batch_engine(rules)

    def batch_bots(self, game: Any) -> Any:
        """The bots ``simulate --engine batch`` plays (:mod:`cardrules.azi.batch.bots`)."""
        with needs_numpy():
            from cardrules.azi.batch.bots import AziBatchBots  # numpy only when asked for

        return AziBatchBots(game)

    def bots(self) -> Mapping[str, BotFactory]:
        """random, heuristic, heuristic-0.1 (the 0.1.0 rules of thumb), search (PIMC),
        inference (PIMC over worlds the heuristic explains), ismcts, discard-search (the
        heuristic with a searched discard) and strong (discard-search)."""
        return {
            "random": RandomBot,
            "heuristic": HeuristicBot,
            "heuristic-0.1": HeuristicBot01,
            "search": SearchBot,
            "inference": InferenceBot,
            "ismcts": TreeSearchBot,
            "discard-search": DiscardSearchBot,
            "strong": DiscardSearchBot,
        }


GAME = AziDefinition()
"""The Azi definition the registry loads."""
