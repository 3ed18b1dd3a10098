"""One action in each of a batch of Azi games: the phase machine of A5–A14 on arrays.

:func:`step` is the batch twin of :class:`~cardrules.azi.transitions.Position`'s
handlers. Each phase has one handler, which works on the rows in that phase at
once (gathered by index), so there is no loop over games; the loops are over the
seven phases. Re-deals deal into the rows that need one. :func:`step` is a kernel of
:class:`cardrules.batch.BatchGame`, which checks its arguments; it is not exported.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from cardrules.azi.batch.deal import (
    ANSWER,
    BIDDING,
    DECLARATIONS,
    DISCARD,
    FOLD,
    FOLDED,
    IN,
    JOINING,
    OVER,
    PLAY,
    AziArrays,
    first_after,
    seat_order,
    start_deal,
)
from cardrules.azi.ids import DECLARE_BASE, DISCARD_BASE, PLAY_CARD_BASE, RAISE_BASE
from cardrules.batch import derive_seeds

__all__ = ["Options"]

Array = npt.NDArray[Any]
Flags = npt.NDArray[Any]

_TRICKS_PER_DEAL = 3


class Options(NamedTuple):
    """The rule options the kernels read, as plain numbers."""

    players: int
    ante: int
    min_raise: int
    max_raise: int
    raise_cap: int
    look_before_fold: bool
    winner_leads: bool
    round_up: bool
    matches: bool = False
    """True to play matches (``game.new_match``), else single games."""
    games: int = 1
    """Games per match."""


_BEFORE = {n: (np.arange(n)[:, None] - np.arange(n)[None, :] - 1) % n for n in range(1, 7)}
"""``_BEFORE[players][seat, other]``: how many seats ``other`` sits before ``seat``, less one."""


def _before(chosen: Flags, seat: Array) -> Array:
    """The nearest ``chosen`` seat before ``seat`` clockwise (``seat`` itself if alone)."""
    players = chosen.shape[1]
    distance = _BEFORE[players][seat]
    nearest: Array = np.where(chosen, distance, players).argmin(axis=1)
    return nearest


def _after(chosen: Flags, seat: Array) -> Array:
    """The nearest ``chosen`` seat after ``seat`` clockwise (``seat`` itself if alone)."""
    players = chosen.shape[1]
    distance = seat_order(seat, players)  # the places from the left of ``seat``
    nearest: Array = np.where(chosen, distance, players).argmin(axis=1)
    return nearest


class _Rows:
    """The rows of one phase: their indices, the seat to act and its order from the
    dealer's left, and the columns being written (each copied on first write)."""

    __slots__ = ("a", "cur", "ids", "new", "o", "order", "place", "rows", "winners")

    def __init__(
        self, a: AziArrays, new: dict[str, Array], rows: Array, ids: Array, o: Options
    ) -> None:
        self.a, self.new, self.rows, self.ids, self.o = a, new, rows, ids[rows], o
        self.cur = a.current[rows]
        self.order = seat_order(a.dealer[rows], o.players)
        self.place = self.order[np.arange(len(rows)), self.cur]
        self.winners: Array = np.full(len(rows), -1)

    def get(self, name: str) -> Array:
        """Column ``name`` of these rows, as it stands now."""
        column: Array = self.new.get(name, getattr(self.a, name))
        return column[self.rows]

    def put(self, name: str, values: npt.ArrayLike, where: Flags | None = None) -> None:
        """Set column ``name`` of these rows (of those ``where`` holds, if given)."""
        column = self.new.get(name)
        if column is None:
            column = self.new[name] = getattr(self.a, name).copy()
        if where is None:
            column[self.rows] = values
        else:
            column[self.rows[where]] = np.asarray(values)[where] if np.ndim(values) else values

    def put_seat(self, name: str, seat: Array, values: npt.ArrayLike) -> None:
        """Set column ``name`` at ``seat`` of each of these rows."""
        column = self.new.get(name)
        if column is None:
            column = self.new[name] = getattr(self.a, name).copy()
        column[self.rows, seat] = values


def _fold(r: _Rows) -> None:
    """Play or fold (A5); the last one standing wins at once."""
    status = r.get("status")
    status[np.arange(len(r.rows)), r.cur] = np.where(r.ids == 0, IN, FOLDED)
    r.put("status", status)
    dealt = r.get("dealt")
    alive = dealt & (status != FOLDED)
    lone = alive.sum(axis=1) == 1
    nxt = first_after(dealt, r.place, r.order)
    ended = ~lone & (nxt < 0)
    first = first_after(status == IN, np.full(len(r.rows), -1), r.order)
    r.put("current", np.where(ended, first, nxt))
    r.put("phase", DISCARD, ended)
    r.winners = np.where(lone, alive.argmax(axis=1), -1)


def _discard(r: _Rows) -> None:
    """One card face down (A6)."""
    card = r.ids - DISCARD_BASE
    hands = r.a.hands[r.rows, r.cur]
    r.put_seat("hands", r.cur, hands & ~(np.int64(1) << card))
    r.put_seat("discards", r.cur, card)
    staying = r.get("status") == IN
    nxt = first_after(staying, r.place, r.order)
    done = nxt < 0
    first = first_after(staying, np.full(len(r.rows), -1), r.order)
    r.put("current", np.where(done, first, nxt))
    r.put("phase", BIDDING, done)


def _bidding(r: _Rows) -> None:
    """A pass or a raise that puts the whole stake in (A7)."""
    o = r.o
    raising = r.ids >= RAISE_BASE
    amount = np.where(raising, r.ids - RAISE_BASE + o.ante + o.min_raise, 0)
    passed = r.get("passed")
    passed[np.arange(len(r.rows)), r.cur] |= ~raising
    r.put("passed", passed)
    balances = r.get("balances")
    balances[np.arange(len(r.rows)), r.cur] -= amount
    r.put("balances", balances)
    r.put("pot", r.get("pot") + amount)
    r.put("stake", np.where(raising, amount, r.get("stake")))
    r.put("raises", r.get("raises") + raising)
    staying = r.get("status") == IN
    active = staying & ~passed
    won = active.sum(axis=1) == 1
    r.put("auction", active.argmax(axis=1), won)
    r.put("phase", DECLARATIONS, won)
    first = first_after(staying, np.full(len(r.rows), -1), r.order)
    r.put("current", np.where(won, first, _after(active, r.cur)))


def _next_declarer(r: _Rows, declarer: Array, moving: Flags) -> None:
    """After ``declarer``'s turn: the next declarer, or the first lead (A8)."""
    staying = r.get("status") == IN
    place = r.order[np.arange(len(r.rows)), declarer]
    nxt = first_after(staying, place, r.order)
    auction = r.get("auction")
    lead = auction if r.o.winner_leads else _before(staying, auction)
    r.put("current", np.where(nxt >= 0, nxt, lead), moving)
    r.put("phase", np.where(nxt >= 0, DECLARATIONS, PLAY), moving)


def _declarations(r: _Rows) -> None:
    """Raznomast, an invitation, both or nothing (A13, A14)."""
    code = r.ids - DECLARE_BASE
    razno = r.get("razno")
    razno[np.arange(len(r.rows)), r.cur] |= code >= 7
    r.put("razno", razno)
    invite = code % 7 - 1
    asking = invite >= 0
    r.put("phase", ANSWER, asking)
    r.put("inviter", r.cur, asking)
    r.put("current", invite, asking)
    _next_declarer(r, r.cur, ~asking)


def _answer(r: _Rows) -> None:
    """The invited player accepts or declines at once (A14)."""
    inviter = r.get("inviter")
    accepted = r.ids == 3
    partner = r.get("partner")
    at = np.arange(len(r.rows))
    partner[at, r.cur] = np.where(accepted, inviter, partner[at, r.cur])
    partner[at, inviter] = np.where(accepted, r.cur, partner[at, inviter])
    r.put("partner", partner)
    r.put("inviter", -1)
    r.put("phase", DECLARATIONS)
    _next_declarer(r, inviter, np.ones(len(r.rows), dtype=bool))


def _play(r: _Rows) -> None:
    """A card to the trick (A9); a full trick is won (A10), maybe the pot (A11) or an Azi."""
    at = np.arange(len(r.rows))
    card = r.ids - PLAY_CARD_BASE
    bit = np.int64(1) << card
    r.put_seat("hands", r.cur, r.a.hands[r.rows, r.cur] & ~bit)
    r.put("played", r.get("played") | bit)
    trick = r.get("trick")
    trick[at, r.cur] = card
    leader = r.get("leader")
    leader = np.where(leader < 0, r.cur, leader)
    staying = r.get("status") == IN
    full = (trick >= 0).sum(axis=1) == staying.sum(axis=1)
    led_suit = trick[at, leader] % 3
    suit = trick % 3
    trumps = (suit == (r.get("trump") % 3)[:, None]) & (trick >= 0)
    follows = (suit == led_suit[:, None]) & (trick >= 0)
    rank = trick.astype(np.int64)
    taker = np.where(trumps, 100 + rank, np.where(follows, rank, -1)).argmax(axis=1)
    tricks = r.get("tricks")
    tricks[at, taker] += full
    r.put("tricks", tricks)
    r.put("led", np.where(full, r.get("led") | (np.int64(1) << led_suit), r.get("led")))
    done = r.get("done") + full
    r.put("done", done)
    r.put("trick", np.where(full[:, None], -1, trick))
    r.put("leader", np.where(full, -1, leader))
    r.put("last", np.where(full, taker, r.get("last")))
    two = full & (tricks[at, taker] == 2)
    paired = r.get("partner")[at, taker] >= 0
    r.winners = np.where(two & ~paired, taker, -1)
    azi = (two & paired) | (full & ~two & (done == _TRICKS_PER_DEAL))
    r.put("current", np.where(full, taker, _after(staying, r.cur)))
    if azi.any():
        _azi(r, azi, staying, tricks)


def _azi(r: _Rows, azi: Flags, staying: Flags, tricks: Array) -> None:
    """Azi (A12, A14): the fees, counted now, and the first asked to join."""
    pot = r.get("pot")
    half = (pot + 1) // 2 if r.o.round_up else pot // 2
    asked = np.where(staying, tricks == 0, True)
    r.put("asked", asked, azi)
    r.put("fee", np.where(staying, half[:, None], pot[:, None]), azi)
    r.put("joined", False, azi)
    first = first_after(asked, np.full(len(r.rows), -1), r.order)
    r.put("phase", JOINING, azi)
    r.put("current", first, azi)
    r.put("redeal", azi & (first < 0), azi)


def _joining(r: _Rows) -> None:
    """Join the re-deal for the fee asked, or stay out (A12)."""
    at = np.arange(len(r.rows))
    joins = r.ids == 5
    fee = np.where(joins, r.get("fee")[at, r.cur], 0)
    balances = r.get("balances")
    balances[at, r.cur] -= fee
    r.put("balances", balances)
    r.put("pot", r.get("pot") + fee)
    joined = r.get("joined")
    joined[at, r.cur] |= joins
    r.put("joined", joined)
    nxt = first_after(r.get("asked"), r.place, r.order)
    r.put("current", nxt)
    r.put("redeal", nxt < 0)


_HANDLERS: tuple[tuple[int, Callable[[_Rows], None]], ...] = (
    (FOLD, _fold),
    (DISCARD, _discard),
    (BIDDING, _bidding),
    (DECLARATIONS, _declarations),
    (ANSWER, _answer),
    (PLAY, _play),
    (JOINING, _joining),
)


def step(a: AziArrays, ids: Array, o: Options) -> AziArrays:
    """The arrays after each live game takes its (legal) id; -1 rows stand still."""
    new: dict[str, Array] = {"redeal": np.zeros(len(ids), dtype=bool)}
    winners = np.full(len(ids), -1)
    live = np.flatnonzero(ids >= 0)
    phase = a.phase[live]
    for number, handler in _HANDLERS:
        rows = live[phase == number]
        if rows.size:
            r = _Rows(a, new, rows, ids, o)
            handler(r)
            winners[rows] = r.winners
    redeal = new.pop("redeal")
    result = a._replace(**new)
    return _settle(result, winners, redeal, o)


def _settle(a: AziArrays, winners: Array, redeal: Flags, o: Options) -> AziArrays:
    """Re-deals dealt (A12) and pots won (A11)."""
    if redeal.any():
        free = (a.status == IN) & (a.tricks > 0)
        seats = free | a.joined
        alone = redeal & (seats.sum(axis=1) == 1)
        winners = np.where(alone, seats.argmax(axis=1), winners)
        rows = np.flatnonzero(redeal & ~alone)
        if rows.size:
            dealer = a.dealer[rows]
            keeps = seats[rows, dealer]
            dealer = np.where(keeps, dealer, a.last[rows])
            a = start_deal(a, rows, a.deal[rows] + 1, dealer, seats[rows], o.ante)
    rows = np.flatnonzero(winners >= 0)
    if rows.size:
        seat = winners[rows]
        balances, pot = a.balances.copy(), a.pot.copy()
        balances[rows, seat] += pot[rows]
        pot[rows] = 0
        phase, current = a.phase.copy(), a.current.copy()
        phase[rows], current[rows] = OVER, -1
        a = a._replace(balances=balances, pot=pot, phase=phase, current=current)
        if o.matches:
            a = next_game(a, rows, o)
    return a


def next_game(a: AziArrays, rows: Array, o: Options) -> AziArrays:
    """The games of a match just won in ``rows`` counted, and the next game of each
    match not over begun (A4, A15): dealt from ``derive_seed(match seed, game)`` by the
    next dealer after the first game's, antes paid."""
    totals = a.totals.copy()
    totals[rows] += a.balances[rows]
    a = a._replace(totals=totals)
    rows = rows[a.game[rows] + 1 < o.games]
    if not rows.size:
        return a
    number = a.game[rows] + 1
    columns = {name: getattr(a, name).copy() for name in ("seed", "game", "pot", "balances")}
    columns["seed"][rows] = derive_seeds(a.match_seed[rows], number)
    columns["game"][rows] = number
    columns["pot"][rows] = o.ante * o.players
    columns["balances"][rows] = -o.ante
    last = a.last.copy()
    last[rows] = -1
    a = a._replace(last=last, **columns)
    dealer = (a.first[rows].astype(np.int64) + number) % o.players
    everyone = np.ones((rows.size, o.players), dtype=bool)
    return start_deal(a, rows, np.zeros(rows.size, dtype=np.int64), dealer, everyone, o.ante)
