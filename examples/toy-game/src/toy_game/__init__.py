"""A tiny hidden-card game for cardrules, installed as a package of its own.

Two or three players get two cards each from a seeded 12-card pack (9 to A of
spades and hearts). There are two rounds; in each, seats play one card in seat
order and the highest rank wins (the earlier card wins ties). A round winner
gets ``players - 1`` points and every other seat loses 1.
"""
