"""Hazari: four players, 52 cards, hands split 3/3/3/4 and compared like Teen Patti.

See the Hazari rules page of the documentation for the binding reading of the rules.
"""

from cardrules.hazari.deal import PLAYERS, deal_hands
from cardrules.hazari.points import DEAL_POINTS, POINTS_BY_INDEX, card_points, points_of

__all__ = [
    "DEAL_POINTS",
    "PLAYERS",
    "POINTS_BY_INDEX",
    "card_points",
    "deal_hands",
    "points_of",
]
