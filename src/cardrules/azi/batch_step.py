"""One action in each of a batch of Azi games: the phase machine of A5–A14 on arrays.

:func:`step` is the batch twin of :class:`~cardrules.azi.transitions.Position`'s
handlers. Each phase's change is computed for the whole batch and kept where the
row is in that phase, so there is no loop over games; only re-deals, which are
rare, deal into the rows that need one.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from cardrules.azi.batch_deal import (
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
    relative,
    start_deal,
)
from cardrules.azi.ids import DECLARE_BASE, DISCARD_BASE, PLAY_CARD_BASE, RAISE_BASE

__all__ = ["Options", "step"]

Array = npt.NDArray[np.int64]
Flags = npt.NDArray[np.bool_]

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


def _set_at(values: Array, rows: Flags, seat: Array, new: npt.ArrayLike) -> Array:
    """``values`` with column ``seat[i]`` of row ``i`` set to ``new`` where ``rows``."""
    hit = rows[:, None] & (np.arange(values.shape[1])[None, :] == seat[:, None])
    return np.where(hit, np.asarray(new)[..., None] if np.ndim(new) else new, values)


def _before(chosen: Flags, seat: Array) -> Array:
    """The nearest ``chosen`` seat before ``seat`` clockwise (``seat`` itself if alone)."""
    players = chosen.shape[1]
    distance = (seat[:, None] - np.arange(players)[None, :] - 1) % players
    nearest: Array = np.where(chosen, distance, players).argmin(axis=1)
    return nearest


def _after(chosen: Flags, seat: Array) -> Array:
    """The nearest ``chosen`` seat after ``seat`` clockwise (``seat`` itself if alone)."""
    players = chosen.shape[1]
    distance = (np.arange(players)[None, :] - seat[:, None] - 1) % players
    nearest: Array = np.where(chosen, distance, players).argmin(axis=1)
    return nearest


def step(a: AziArrays, ids: Array, o: Options) -> AziArrays:
    """The arrays after each live game takes its (legal) id; -1 rows stand still."""
    n = o.players
    seats = np.arange(n)
    rows = np.arange(len(ids))
    cur = np.maximum(a.current, 0)
    mine = (seats[None, :] == cur[:, None]) & (ids >= 0)[:, None]
    order = relative(seats, a.dealer, n)
    place = order[rows, cur]
    phase = np.where(ids >= 0, a.phase, -1)
    f = dict(a._asdict())

    # fold (A5)
    on = phase == FOLD
    f["status"] = np.where(mine & on[:, None], np.where(ids == 0, IN, FOLDED)[:, None], a.status)
    alive = a.dealt & (f["status"] != FOLDED)
    lone = on & (alive.sum(axis=1) == 1)
    nxt = first_after(a.dealt, place, order)
    ended = on & ~lone & (nxt < 0)
    f["current"] = np.where(on & ~lone & ~ended, nxt, a.current)
    staying = f["status"] == IN
    f["phase"] = np.where(ended, DISCARD, a.phase)
    f["current"] = np.where(ended, first_after(staying, np.full(len(ids), -1), order), f["current"])
    winners = np.where(lone, alive.argmax(axis=1), -1)

    # discard (A6)
    on = phase == DISCARD
    card = ids - DISCARD_BASE
    bit = np.where(on, np.int64(1) << np.clip(card, 0, 62), 0)
    f["hands"] = np.where(mine, a.hands & ~bit[:, None], a.hands)
    f["discards"] = np.where(mine & on[:, None], card[:, None], a.discards)
    nxt = first_after(staying, place, order)
    f["current"] = np.where(on, np.where(nxt >= 0, nxt, _after(staying, a.dealer)), f["current"])
    f["phase"] = np.where(on & (nxt < 0), BIDDING, f["phase"])

    # bidding (A7)
    on = phase == BIDDING
    raising = on & (ids >= RAISE_BASE)
    amount = np.where(raising, ids - RAISE_BASE + o.ante + o.min_raise, 0)
    f["passed"] = a.passed | (mine & (on & ~raising)[:, None])
    f["balances"] = a.balances - np.where(mine, amount[:, None], 0)
    f["pot"] = a.pot + amount
    f["stake"] = np.where(raising, amount, a.stake)
    f["raises"] = a.raises + raising
    active = staying & ~f["passed"]
    won = on & (active.sum(axis=1) == 1)
    f["auction"] = np.where(won, active.argmax(axis=1), a.auction)
    f["phase"] = np.where(won, DECLARATIONS, f["phase"])
    first = _after(staying, a.dealer)
    f["current"] = np.where(on, np.where(won, first, _after(active, cur)), f["current"])

    # declarations and answers (A13, A14)
    on = phase == DECLARATIONS
    code = ids - DECLARE_BASE
    f["razno"] = a.razno | (mine & (on & (code >= 7))[:, None])
    invite = np.where(on, code % 7 - 1, -1)
    asking = invite >= 0
    f["phase"] = np.where(asking, ANSWER, f["phase"])
    f["inviter"] = np.where(asking, cur, a.inviter)
    f["current"] = np.where(asking, invite, f["current"])
    answer = phase == ANSWER
    accepted = answer & (ids == 3)
    partner = _set_at(a.partner, accepted, cur, a.inviter)
    f["partner"] = _set_at(partner, accepted, np.maximum(a.inviter, 0), cur)
    f["inviter"] = np.where(answer, -1, f["inviter"])
    declarer = np.where(answer, a.inviter, cur)
    moving = (on & ~asking) | answer
    nxt = first_after(staying, order[rows, np.maximum(declarer, 0)], order)
    auction = np.maximum(f["auction"], 0)
    lead = auction if o.winner_leads else _before(staying, auction)
    f["current"] = np.where(moving, np.where(nxt >= 0, nxt, lead), f["current"])
    f["phase"] = np.where(moving, np.where(nxt >= 0, DECLARATIONS, PLAY), f["phase"])

    # play (A8-A11, A14)
    on = phase == PLAY
    card = ids - PLAY_CARD_BASE
    bit = np.where(on, np.int64(1) << np.clip(card, 0, 62), 0)
    f["hands"] = np.where(mine, f["hands"] & ~bit[:, None], f["hands"])
    f["played"] = a.played | bit
    trick = np.where(mine & on[:, None], card[:, None], a.trick)
    leader = np.where(on & (a.leader < 0), cur, a.leader)
    full = on & ((trick >= 0).sum(axis=1) == staying.sum(axis=1))
    led_suit = trick[rows, np.maximum(leader, 0)] % 3
    suit = trick % 3
    score = np.where(trick < 0, -1, np.where(suit == (a.trump % 3)[:, None], 100 + trick, trick))
    score = np.where((trick >= 0) & (suit != led_suit[:, None]) & (score < 100), -1, score)
    taker = score.argmax(axis=1)
    f["tricks"] = a.tricks + (full[:, None] & (seats[None, :] == taker[:, None]))
    f["led"] = np.where(full, a.led | (np.int64(1) << led_suit), a.led)
    f["done"] = a.done + full
    f["trick"] = np.where(full[:, None], -1, trick)
    f["leader"] = np.where(full, -1, leader)
    f["last"] = np.where(full, taker, a.last)
    two = full & (f["tricks"][rows, taker] == 2)
    paired = a.partner[rows, taker] >= 0
    winners = np.where(two & ~paired, taker, winners)
    azi = (two & paired) | (full & ~two & (f["done"] == _TRICKS_PER_DEAL))
    going = on & ~full
    f["current"] = np.where(going, _after(staying, cur), f["current"])
    f["current"] = np.where(full & ~two & ~azi, taker, f["current"])

    # Azi (A12): the fees are counted now
    half = (a.pot + 1) // 2 if o.round_up else a.pot // 2
    asked = np.where(staying, f["tricks"] == 0, True) & azi[:, None]
    f["asked"] = np.where(azi[:, None], asked, a.asked)
    f["fee"] = np.where(azi[:, None], np.where(staying, half[:, None], a.pot[:, None]), a.fee)
    f["joined"] = np.where(azi[:, None], False, a.joined)
    first_ask = first_after(asked, np.full(len(ids), -1), order)
    f["phase"] = np.where(azi, JOINING, f["phase"])
    f["current"] = np.where(azi, first_ask, f["current"])
    redeal = azi & (first_ask < 0)

    # joining the re-deal (A12)
    on = phase == JOINING
    joins = on & (ids == 5)
    fee = f["fee"][rows, cur]
    f["balances"] = f["balances"] - np.where(mine & joins[:, None], fee[:, None], 0)
    f["pot"] = f["pot"] + np.where(joins, fee, 0)
    f["joined"] = f["joined"] | (mine & joins[:, None])
    nxt = first_after(f["asked"], place, order)
    f["current"] = np.where(on, nxt, f["current"])
    redeal |= on & (nxt < 0)

    result = AziArrays(**f)
    return _settle(result, winners, redeal, o)


def _settle(a: AziArrays, winners: Array, redeal: Flags, o: Options) -> AziArrays:
    """Pots won (A11, A12) and re-deals dealt."""
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
    won = winners >= 0
    if won.any():
        seat = np.maximum(winners, 0)
        hit = won[:, None] & (np.arange(o.players)[None, :] == seat[:, None])
        a = a._replace(
            balances=a.balances + np.where(hit, a.pot[:, None], 0),
            pot=np.where(won, 0, a.pot),
            phase=np.where(won, OVER, a.phase),
            current=np.where(won, -1, a.current),
        )
    return a
