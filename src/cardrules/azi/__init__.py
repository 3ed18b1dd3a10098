"""Azi (Ази): a trick-taking game for 2 to 6 players with a 27-card pack.

See the Azi rules page of the documentation for the binding reading of the rules.
"""

from cardrules.azi.deal import CARDS_EACH, DealtCards, deal_hands, seats_from_left

__all__ = ["CARDS_EACH", "DealtCards", "deal_hands", "seats_from_left"]
