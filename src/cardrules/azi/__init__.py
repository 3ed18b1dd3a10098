"""Azi (Ази): a trick-taking game for 2 to 6 players with a 27-card pack.

See the Azi rules page of the documentation for the binding reading of the rules.

>>> from cardrules.azi import new_game
>>> state = new_game(4, seed=11, dealer=0)
>>> state.phase, state.current_player
(Phase.FOLD, 1)
>>> print(state.observation(1))
Azi, seat 1 of 4: deal 1, dealer seat 0, fold phase, seat 1 to act
Trump card 9H; pot 40, stake 10 (0 raises)
Your hand: not seen yet
  seat 1: waiting, 0 tricks, -10
  seat 2: waiting, 0 tricks, -10
  seat 3: waiting, 0 tricks, -10
  seat 0: waiting, 0 tricks, -10
"""

import importlib
import warnings
from typing import Any

from cardrules.azi import svg as _svg  # noqa: F401 (registers the pictures)
from cardrules.azi.actions import (
    ACCEPT,
    DECLINE,
    FOLD,
    JOIN,
    NO_DECLARATION,
    PASS,
    PLAY,
    SKIP,
    Accept,
    AziAction,
    Declare,
    Decline,
    Discard,
    Fold,
    Join,
    Pass,
    Play,
    PlayCard,
    Raise,
    Skip,
    parse_action,
    parse_action_text,
)
from cardrules.azi.deal import CARDS_EACH, DealtCards, deal_hands, layout, seats_from_left, stack
from cardrules.azi.events import (
    Answered,
    AntesPaid,
    AuctionWon,
    AziDeclared,
    AziEvent,
    AziMatchEvent,
    CardPlayed,
    Dealt,
    Declared,
    Discarded,
    Folded,
    GameStarted,
    Joined,
    MatchOver,
    Passed,
    PotWon,
    Raised,
    Skipped,
    Stayed,
    TrickWon,
)
from cardrules.azi.ids import ActionIds, action_ids
from cardrules.azi.match import AziMatch
from cardrules.azi.observation import AziMatchObservation, AziObservation
from cardrules.azi.pack import AZI_RANKS, DEFAULT_AZI_SUITS, azi_pack
from cardrules.azi.phases import Phase
from cardrules.azi.resample import resample, resample_match
from cardrules.azi.rules import AziRules, FirstLead, Rounding
from cardrules.azi.state import AziState, new_game
from cardrules.azi.witness import check_match_observation, check_observation

__all__ = [
    "ACCEPT",
    "AZI_RANKS",
    "CARDS_EACH",
    "DECLINE",
    "DEFAULT_AZI_SUITS",
    "FOLD",
    "JOIN",
    "NO_DECLARATION",
    "PASS",
    "PLAY",
    "SKIP",
    "Accept",
    "ActionIds",
    "Answered",
    "AntesPaid",
    "AuctionWon",
    "AziAction",
    "AziDeclared",
    "AziEvent",
    "AziMatch",
    "AziMatchEvent",
    "AziMatchObservation",
    "AziObservation",
    "AziRules",
    "AziState",
    "CardPlayed",
    "Dealt",
    "DealtCards",
    "Declare",
    "Declared",
    "Decline",
    "Discard",
    "Discarded",
    "FirstLead",
    "Fold",
    "Folded",
    "GameStarted",
    "Join",
    "Joined",
    "MatchOver",
    "Pass",
    "Passed",
    "Phase",
    "Play",
    "PlayCard",
    "PotWon",
    "Raise",
    "Raised",
    "Rounding",
    "Skip",
    "Skipped",
    "Stayed",
    "TrickWon",
    "action_ids",
    "azi_pack",
    "check_match_observation",
    "check_observation",
    "deal_hands",
    "layout",
    "new_game",
    "parse_action",
    "parse_action_text",
    "resample",
    "resample_match",
    "seats_from_left",
    "stack",
]

_MOVED = {
    "batch_bots": "cardrules.azi.batch.bots",
    "batch_deal": "cardrules.azi.batch.deal",
    "batch_step": "cardrules.azi.batch.step",
    "batch_tensors": "cardrules.azi.batch.tensors",
}
"""The batch modules that became the package :mod:`cardrules.azi.batch` in 0.4.0."""


def __getattr__(name: str) -> Any:
    """A batch module under its name before 0.4.0 (``from cardrules.azi import batch_bots``),
    loaded on first use with a :class:`DeprecationWarning` naming its new path."""
    if name in _MOVED:
        new = _MOVED[name]
        warnings.warn(f"cardrules.azi.{name} is now {new}", DeprecationWarning, stacklevel=2)
        return importlib.import_module(new)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
