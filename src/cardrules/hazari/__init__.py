"""Hazari: four players, 52 cards, hands split 3/3/3/4 and compared like Teen Patti.

See the Hazari rules page of the documentation for the binding reading of the rules.
"""

from cardrules.hazari.arrangement import Arrangement
from cardrules.hazari.combination import (
    COMBINATIONS,
    Combination,
    Kind,
    TableRow,
    combination_table,
)
from cardrules.hazari.deal import PLAYERS, deal_hands
from cardrules.hazari.evaluate import (
    best_three,
    evaluate,
    strength4_of,
    strength_of,
    strengths,
    strengths4,
    strengths4_numpy,
    strengths_numpy,
)
from cardrules.hazari.partitions import (
    ValidArrangements,
    count_valid_arrangements,
    valid_arrangements,
)
from cardrules.hazari.points import DEAL_POINTS, POINTS_BY_INDEX, card_points, points_of

__all__ = [
    "COMBINATIONS",
    "DEAL_POINTS",
    "PLAYERS",
    "POINTS_BY_INDEX",
    "Arrangement",
    "Combination",
    "Kind",
    "TableRow",
    "ValidArrangements",
    "best_three",
    "card_points",
    "combination_table",
    "count_valid_arrangements",
    "deal_hands",
    "evaluate",
    "points_of",
    "strength4_of",
    "strength_of",
    "strengths",
    "strengths4",
    "strengths4_numpy",
    "strengths_numpy",
    "valid_arrangements",
]
