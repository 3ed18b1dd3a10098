"""Hazari: four players, 52 cards, hands split 3/3/3/4 and compared like Teen Patti.

See the Hazari rules page of the documentation for the binding reading of the rules.

>>> from cardrules import hazari
>>> state = hazari.new_game(seed=7)
>>> while not state.is_terminal:
...     state = state.apply(state.legal_actions()[0])
>>> sum(state.returns())
360
"""

import importlib
import warnings
from typing import Any

from cardrules.hazari import svg as _svg  # noqa: F401 (registers the pictures)
from cardrules.hazari.action_ids import SPLITS, split_id, split_of_id
from cardrules.hazari.actions import Group, HazariAction, Up, parse_action, parse_action_text
from cardrules.hazari.arrangement import Arrangement
from cardrules.hazari.combination import (
    COMBINATIONS,
    Combination,
    Kind,
    TableRow,
    combination_table,
)
from cardrules.hazari.deal import PLAYERS, deal_hands
from cardrules.hazari.equity import Equity, arrangement_equity
from cardrules.hazari.evaluator import (
    best_three,
    evaluate,
    strength4_of,
    strength_of,
    strengths,
    strengths4,
    strengths4_numpy,
    strengths_numpy,
)
from cardrules.hazari.events import (
    DealScored,
    DealStarted,
    HazariEvent,
    MatchEvent,
    MatchOver,
    PlayerUp,
    RoundPlayed,
    event_from_json,
)
from cardrules.hazari.game import GAME, HazariDefinition
from cardrules.hazari.greedy import greedy_arrangement
from cardrules.hazari.groups import GroupActions
from cardrules.hazari.match import HazariMatch
from cardrules.hazari.observation import HazariMatchObservation, HazariObservation
from cardrules.hazari.partitions import (
    ValidArrangements,
    count_valid_arrangements,
    valid_arrangements,
)
from cardrules.hazari.points import DEAL_POINTS, POINTS_BY_INDEX, card_points, points_of
from cardrules.hazari.resample import random_arrangement, resample, resample_match
from cardrules.hazari.rounds import resolve_rounds, round_winner
from cardrules.hazari.rules import DEFAULT_TARGET, ActionSpace, HazariRules, TieRule
from cardrules.hazari.solver import arrangement_value, best_arrangement
from cardrules.hazari.state import HazariState, UpActions, hands_to_deck, new_game, replay_deal
from cardrules.hazari.value_model import EXPECTED_POINTS, Objective, ValueModel
from cardrules.hazari.witness import check_match_observation, check_observation

__all__ = [
    "COMBINATIONS",
    "DEAL_POINTS",
    "DEFAULT_TARGET",
    "EXPECTED_POINTS",
    "GAME",
    "PLAYERS",
    "POINTS_BY_INDEX",
    "SPLITS",
    "ActionSpace",
    "Arrangement",
    "Combination",
    "DealScored",
    "DealStarted",
    "Equity",
    "Group",
    "GroupActions",
    "HazariAction",
    "HazariDefinition",
    "HazariEvent",
    "HazariMatch",
    "HazariMatchObservation",
    "HazariObservation",
    "HazariRules",
    "HazariState",
    "Kind",
    "MatchEvent",
    "MatchOver",
    "Objective",
    "PlayerUp",
    "RoundPlayed",
    "TableRow",
    "TieRule",
    "Up",
    "UpActions",
    "ValidArrangements",
    "ValueModel",
    "arrangement_equity",
    "arrangement_value",
    "best_arrangement",
    "best_three",
    "card_points",
    "check_match_observation",
    "check_observation",
    "combination_table",
    "count_valid_arrangements",
    "deal_hands",
    "evaluate",
    "event_from_json",
    "greedy_arrangement",
    "hands_to_deck",
    "new_game",
    "parse_action",
    "parse_action_text",
    "points_of",
    "random_arrangement",
    "replay_deal",
    "resample",
    "resample_match",
    "resolve_rounds",
    "round_winner",
    "split_id",
    "split_of_id",
    "strength4_of",
    "strength_of",
    "strengths",
    "strengths4",
    "strengths4_numpy",
    "strengths_numpy",
    "valid_arrangements",
]

_MOVED = {
    "batch_stats": "cardrules.hazari.batch.stats",
    "batch_best": "cardrules.hazari.batch.best",
    "batch_bots": "cardrules.hazari.batch.bots",
    "batch_deal": "cardrules.hazari.batch.shuffle",
    "batch_groups": "cardrules.hazari.batch.groups",
    "batch_groups_legal": "cardrules.hazari.batch.groups_legal",
    "batch_random": "cardrules.hazari.batch.uniform",
    "batch_tables": "cardrules.hazari.batch.tables",
}
"""The batch modules that became the package :mod:`cardrules.hazari.batch` in 0.4.0."""


def __getattr__(name: str) -> Any:
    """A batch module under its name before 0.4.0 (``from cardrules.hazari import batch_stats``),
    loaded on first use with a :class:`DeprecationWarning` naming its new path."""
    if name in _MOVED:
        new = _MOVED[name]
        warnings.warn(f"cardrules.hazari.{name} is now {new}", DeprecationWarning, stacklevel=2)
        return importlib.import_module(new)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
