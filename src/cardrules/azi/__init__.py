"""Azi (Ази): a trick-taking game for 2 to 6 players with a 27-card pack.

See the Azi rules page of the documentation for the binding reading of the rules.

>>> from cardrules.azi import new_game
>>> state = new_game(4, seed=11, dealer=0)
>>> state.phase, state.current_player
(Phase.FOLD, 1)
"""

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
from cardrules.azi.deal import CARDS_EACH, DealtCards, deal_hands, seats_from_left
from cardrules.azi.events import (
    Answered,
    AntesPaid,
    AuctionWon,
    AziDeclared,
    AziEvent,
    CardPlayed,
    Dealt,
    Declared,
    Discarded,
    Folded,
    Joined,
    Passed,
    PotWon,
    Raised,
    Skipped,
    Stayed,
    TrickWon,
)
from cardrules.azi.match import AziMatch
from cardrules.azi.observation import AziObservation
from cardrules.azi.phases import Phase
from cardrules.azi.resample import resample
from cardrules.azi.rules import AziRules, FirstLead, Rounding
from cardrules.azi.state import AziState, new_game

__all__ = [
    "ACCEPT",
    "CARDS_EACH",
    "DECLINE",
    "FOLD",
    "JOIN",
    "NO_DECLARATION",
    "PASS",
    "PLAY",
    "SKIP",
    "Accept",
    "Answered",
    "AntesPaid",
    "AuctionWon",
    "AziAction",
    "AziDeclared",
    "AziEvent",
    "AziMatch",
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
    "Join",
    "Joined",
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
    "deal_hands",
    "new_game",
    "parse_action",
    "parse_action_text",
    "resample",
    "seats_from_left",
]
