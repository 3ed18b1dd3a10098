"""The arrays of a batch of Azi games, and dealing a deal into them (A4, A12).

Cards are their positions ``p`` (0 to 26) in ``rules.pack``: suit ``p % 3`` (in
``rules.suits`` order) and rank ``p // 3``. A hand, and the cards played in a deal,
are bit sets of positions; a set of seats is a bit set of seats (see
:mod:`cardrules.azi.batch.seats`); :data:`DTYPES` gives each column's width. Seats are
columns of the per-seat arrays; "in order from the dealer's left" is a table look-up,
so the dealing order needs no array of its own.

The functions here are kernels of :class:`cardrules.batch.BatchGame`, which checks
their arguments; they are not exported.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from cardrules.azi.batch.seats import STRIDE, seat_tables
from cardrules.azi.deal import CARDS_EACH
from cardrules.azi.pack import PACK_SIZE
from cardrules.batch import dealt_decks

__all__ = ["DTYPES", "PER_SEAT", "AziArrays"]

Array = npt.NDArray[Any]

# Phases, numbered in Phase order.
FOLD, DISCARD, BIDDING, DECLARATIONS, ANSWER, PLAY, JOINING, OVER = range(8)


class AziArrays(NamedTuple):
    """The whole position of ``B`` Azi games: one row per game, one column per seat.

    Columns marked "set" are bit sets of seats (bit ``s`` for seat ``s``).
    """

    seed: Array  # the dealing seed of each game
    phase: Array
    current: Array  # the seat to act, -1 once over
    deal: Array  # the deal number within the game
    dealer: Array
    dealt: Array  # set: the seats dealt into the current deal
    trump: Array  # the face-up trump card
    hands: Array  # (B, n) bit sets of cards
    discards: Array  # (B, n) each seat's discard, -1 for none
    staying: Array  # set: the seats that chose to play (A5)
    folded: Array  # set: the seats that folded
    stake: Array
    raises: Array
    passed: Array  # set
    auction: Array  # the auction winner, -1 for none
    razno: Array  # set: raznomast declared
    partner: Array  # (B, n) -1 for none
    paired: Array  # set: the seats with a partner
    inviter: Array  # the inviting seat while an invitation waits
    trick: Array  # (B, n) the card each seat put on the current trick, -1 for none
    leader: Array  # who led the current trick, -1 before its lead
    taker: Array  # who holds the current trick so far, -1 before its lead
    led: Array  # bit set of the suits led to the finished tricks of the deal
    done: Array  # finished tricks of the deal
    tricks: Array  # (B, n) tricks taken in the deal
    took: Array  # set: the seats that took a trick in the deal
    played: Array  # bit set of the cards played in the deal
    last: Array  # who took the last trick
    asked: Array  # set: the seats asked to join the re-deal
    fee_in: Array  # the fee asked of a staying seat that took no trick: half the pot
    fee_out: Array  # the fee asked of the seats that did not stay: the whole pot
    joined: Array  # set
    pot: Array
    balances: Array  # (B, n) net chips of the current game
    match_seed: Array  # the seed of the match (of the game, outside a match)
    game: Array  # the game number within the match
    first: Array  # the dealer of the match's first game
    totals: Array  # (B, n) net chips of the match's finished games


_SMALL = frozenset({"discards", "partner", "trick", "tricks"})
DTYPES: dict[str, type] = {
    name: np.uint64
    if name in ("seed", "match_seed")
    else np.int32
    if name in ("hands", "played")
    else np.int8
    if name in _SMALL
    else np.int64
    for name in AziArrays._fields
}
"""Each column's dtype: the seeds unsigned, sets of cards in 32 bits, the per-seat seats
and cards in 8, everything else 64-bit, so that the kernels read it as it is. By
profile, a (4,096, 4) column of 64-bit entries is 128 KiB, which the C library maps
afresh for each copy, a page fault per 4 KiB: a re-deal step that copied seven of them
cost three times as much (2.0 ms against 0.6 ms). Making the other columns 8-bit too
saved nothing measurable (their copies are 32 KiB, and widening them costs a call)."""
PER_SEAT = frozenset({"hands", "discards", "partner", "trick", "tricks", "balances", "totals"})
"""The columns with one entry per seat (shape (B, players)); the others are (B,)."""

Fresh = dict[str, "Array | int"]
"""Columns of some rows: arrays with those rows first, or one value for all of them."""


def start_deal(
    seeds: Array, number: Array, dealer: Array, seats: Array, players: int, ante: int
) -> Fresh:
    """Deal ``number`` of games dealt from ``seeds`` by ``dealer`` to the set ``seats``
    (A4): the columns a new deal sets, for those games, with the fold phase begun."""
    count = len(seeds)
    t = seat_tables(players)
    deck = dealt_decks(seeds, number, PACK_SIZE).reshape(-1)
    dealt = t.pop[seats]
    key = seats * STRIDE + dealer
    # Seat s, at place q of the dealing order, gets deck cards q, q + dealt, ...
    at = t.places[key] + (np.arange(count) * PACK_SIZE)[:, None]
    cards = [np.int64(1) << deck[at + dealt[:, None] * turn] for turn in range(CARDS_EACH)]
    hands = cards[0]
    for more in cards[1:]:
        hands = hands | more
    hands *= t.member[seats]
    trump = deck[np.arange(count) * PACK_SIZE + CARDS_EACH * dealt - 1]
    return {
        "phase": FOLD,
        "current": t.first[key],
        "deal": number,
        "dealer": dealer,
        "dealt": seats,
        "trump": trump.astype(np.int64),
        "hands": hands,
        "discards": -1,
        "staying": 0,
        "folded": 0,
        "stake": ante,
        "raises": 0,
        "passed": 0,
        "auction": -1,
        "razno": 0,
        "partner": -1,
        "paired": 0,
        "inviter": -1,
        "trick": -1,
        "leader": -1,
        "taker": -1,
        "led": 0,
        "done": 0,
        "tricks": 0,
        "took": 0,
        "played": 0,
        "asked": 0,
        "fee_in": 0,
        "fee_out": 0,
        "joined": 0,
    }
