"""The arrays of a batch of Azi games, and dealing a deal into them (A4, A12).

Cards are their positions ``p`` (0 to 26) in ``rules.pack``: suit ``p % 3`` (in
``rules.suits`` order) and rank ``p // 3``. A hand is a bit set of positions in an
int32. Seats are columns; "in order from the dealer's left" is the order of
:func:`relative`, so the dealing order of a deal needs no array of its own.

The functions here are kernels of :class:`cardrules.batch.BatchGame`, which checks
their arguments; they are not exported.
"""

from __future__ import annotations

from typing import Any, NamedTuple, cast

import numpy as np
import numpy.typing as npt

from cardrules.azi.deal import CARDS_EACH
from cardrules.azi.pack import PACK_SIZE
from cardrules.batch import dealt_decks

__all__ = [
    "DTYPES",
    "FOLDED",
    "IN",
    "OUT",
    "PER_SEAT",
    "WAITING",
    "AziArrays",
]

Array = npt.NDArray[Any]
Flags = npt.NDArray[Any]

# Seat status within the current deal, as in the scalar engine.
OUT, WAITING, IN, FOLDED = 0, 1, 2, 3
# Phases, numbered in Phase order.
FOLD, DISCARD, BIDDING, DECLARATIONS, ANSWER, PLAY, JOINING, OVER = range(8)


class AziArrays(NamedTuple):
    """The whole position of ``B`` Azi games: one row per game, one column per seat."""

    seed: Array  # the dealing seed of each game
    phase: Array
    current: Array  # the seat to act, -1 once over
    deal: Array  # the deal number within the game
    dealer: Array
    dealt: Flags  # (B, n) seats dealt into the current deal
    trump: Array  # the face-up trump card
    hands: Array  # (B, n) bit sets
    discards: Array  # (B, n) each seat's discard, -1 for none
    status: Array  # (B, n) OUT, WAITING, IN or FOLDED
    stake: Array
    raises: Array
    passed: Flags  # (B, n)
    auction: Array  # the auction winner, -1 for none
    razno: Flags  # (B, n) raznomast declared
    partner: Array  # (B, n) -1 for none
    inviter: Array  # the inviting seat while an invitation waits
    trick: Array  # (B, n) the card each seat put on the current trick, -1 for none
    leader: Array  # who led the current trick, -1 before its lead
    led: Array  # bit set of the suits led to the finished tricks of the deal
    done: Array  # finished tricks of the deal
    tricks: Array  # (B, n) tricks taken in the deal
    played: Array  # bit set of the cards played in the deal
    last: Array  # who took the last trick
    asked: Flags  # (B, n) seats asked to join the re-deal
    fee: Array  # (B, n) the fee asked of each seat
    joined: Flags  # (B, n)
    pot: Array
    balances: Array  # (B, n) net chips of the current game
    match_seed: Array  # the seed of the match (of the game, outside a match)
    game: Array  # the game number within the match
    first: Array  # the dealer of the match's first game
    totals: Array  # (B, n) net chips of the match's finished games


_WIDE = ("seed", "deal", "stake", "raises", "fee", "pot", "balances", "game", "totals")
_FLAGS = ("dealt", "passed", "razno", "asked", "joined")
_SETS = ("hands", "played")
DTYPES: dict[str, type] = {
    name: np.uint64
    if name in ("seed", "match_seed")
    else np.int64
    if name in _WIDE
    else np.bool_
    if name in _FLAGS
    else np.int32
    if name in _SETS
    else np.int8
    for name in AziArrays._fields
}
"""Each column's dtype: chips and counts in 64 bits, bit sets in 32, seats and cards in 8."""
PER_SEAT = frozenset(
    {"dealt", "hands", "discards", "status", "passed", "razno", "partner", "trick", "tricks"}
    | {"asked", "fee", "joined", "balances", "totals"}
)
"""The columns with one entry per seat (shape (B, players)); the others are (B,)."""


class _Gathered:
    """Some rows of an :class:`AziArrays`, each column gathered when it is first read."""

    def __init__(self, arrays: AziArrays, rows: Array) -> None:
        self._arrays = arrays
        self._rows = rows

    def __getattr__(self, name: str) -> Array:
        column: Array = getattr(self._arrays, name)[self._rows]
        setattr(self, name, column)
        return column


def gathered(arrays: AziArrays, rows: Array) -> AziArrays:
    """Rows ``rows`` of ``arrays``, read only: a column is gathered if it is read."""
    return cast(AziArrays, _Gathered(arrays, rows))


def relative(seats: Array, dealer: Array, players: int) -> Array:
    """Each seat's place from the dealer's left (0) round to the dealer (``players - 1``)."""
    return (seats[None, :] - dealer[:, None] - 1) % players


_ORDERS = {n: relative(np.arange(n), np.arange(n), n) for n in range(1, 7)}
"""``_ORDERS[players][dealer]``: :func:`relative` of every seat, looked up, not computed."""


def seat_order(dealer: Array, players: int) -> Array:
    """:func:`relative` of seats ``0..players-1`` for each dealer (a table look-up)."""
    order: Array = _ORDERS[players][dealer]
    return order


def first_after(chosen: Flags, place: Array, order: Array) -> Array:
    """The ``chosen`` seat with the smallest ``order`` above ``place`` in each row, or -1."""
    players = chosen.shape[1]
    key = np.where(chosen & (order > place[:, None]), order, players)
    seat = key.argmin(axis=1)
    return np.where(key.min(axis=1) < players, seat, -1)


def start_deal(
    a: AziArrays, rows: Array, number: Array, dealer: Array, seats: Flags, ante: int
) -> AziArrays:
    """``a`` with deal ``number`` dealt afresh in ``rows`` (A4): the fold phase begins.

    ``dealer`` and ``seats`` (who is dealt in) are given for those rows only.
    """
    count, players = seats.shape
    order = seat_order(dealer, players)
    deck = dealt_decks(a.seed[rows], number, PACK_SIZE).astype(np.int64)
    dealt_count = seats.sum(axis=1)
    # A seat's place in the dealing order: dealt-in seats nearer the dealer's left.
    place = (seats[:, None, :] & (order[:, None, :] < order[:, :, None])).sum(axis=2)
    at = place[:, :, None] + dealt_count[:, None, None] * np.arange(CARDS_EACH)
    at = np.minimum(at, PACK_SIZE - 1)
    cards = np.take_along_axis(deck[:, None, :].repeat(players, axis=1), at, axis=2)
    hands = np.where(seats, (np.int64(1) << cards).sum(axis=2), 0)
    trump = deck[np.arange(count), CARDS_EACH * dealt_count - 1]
    first = first_after(seats, np.full(count, -1), order)
    fresh = {
        "phase": np.full(count, FOLD),
        "current": first,
        "deal": number,
        "dealer": dealer,
        "dealt": seats,
        "trump": trump,
        "hands": hands,
        "discards": np.full((count, players), -1),
        "status": np.where(seats, WAITING, OUT),
        "stake": np.full(count, ante),
        "raises": np.zeros(count, dtype=np.int64),
        "passed": np.zeros((count, players), dtype=bool),
        "auction": np.full(count, -1),
        "razno": np.zeros((count, players), dtype=bool),
        "partner": np.full((count, players), -1),
        "inviter": np.full(count, -1),
        "trick": np.full((count, players), -1),
        "leader": np.full(count, -1),
        "led": np.zeros(count, dtype=np.int64),
        "done": np.zeros(count, dtype=np.int64),
        "tricks": np.zeros((count, players), dtype=np.int64),
        "played": np.zeros(count, dtype=np.int64),
        "asked": np.zeros((count, players), dtype=bool),
        "fee": np.zeros((count, players), dtype=np.int64),
        "joined": np.zeros((count, players), dtype=bool),
    }
    changed = {}
    for name, values in fresh.items():
        column = getattr(a, name).copy()
        column[rows] = values
        changed[name] = column
    return a._replace(**changed)
