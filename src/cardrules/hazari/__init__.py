"""Hazari: four players, 52 cards, hands split 3/3/3/4 and compared like Teen Patti.

See the Hazari rules page of the documentation for the binding reading of the rules.
"""

from cardrules.hazari.deal import PLAYERS, deal_hands

__all__ = ["PLAYERS", "deal_hands"]
