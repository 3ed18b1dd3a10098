"""One action in each of a batch of Azi games: the phase machine of A5–A14 on arrays.

:func:`step` is the batch twin of :class:`~cardrules.azi.transitions.Position`'s
handlers, fused: it reads the columns of the live games once, works out every
phase's transition for all of them together (an action id tells its phase), and
writes each changed column once. A step is a bounded number of numpy calls, whatever
the mix of phases, and fewer when some phases are absent; the rare events (a trick
won, an Azi, a re-deal, a pot won) work on their own few rows. By profile, a step of
4,096 games in every phase takes 0.9 ms, against 2.5 ms for one handler per phase
that gathered its rows and copied the columns it wrote. :func:`step` is a kernel of
:class:`cardrules.batch.BatchGame`, which checks its arguments; it is not exported.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from cardrules.azi.batch.deal import (
    ANSWER,
    BIDDING,
    DECLARATIONS,
    DISCARD,
    FOLD,
    JOINING,
    OVER,
    PLAY,
    AziArrays,
    Fresh,
    start_deal,
)
from cardrules.azi.batch.seats import STRIDE, seat_tables
from cardrules.azi.ids import DECLARE_BASE, DISCARD_BASE, PLAY_CARD_BASE, RAISE_BASE
from cardrules.azi.pack import PACK_SIZE
from cardrules.batch import derive_seeds

__all__ = ["Options"]

Array = npt.NDArray[Any]

_TRICKS_PER_DEAL = 3
_PLAY_ID, _FOLD_ID, _PASS_ID, _ACCEPT_ID, _DECLINE_ID, _JOIN_ID, _SKIP_ID = range(7)


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


class ActionTables(NamedTuple):
    """What each action id means, by id: one ``take`` reads it for every game."""

    kind: Array
    """The phase an id is taken in."""
    card: Array
    """The card of a discard or a card played, 0 for other ids."""
    cardbit: Array
    """``1 << card`` for a discard or a card played, 0 for other ids."""
    amount: Array
    """The stake a raise puts in, 0 for other ids."""
    razno: Array
    """1 for a declaration of raznomast, else 0."""
    invite: Array
    """The seat a declaration invites, -1 for none and for other ids."""
    beats: Array
    """``beats[(card * 27 + best) * 3 + trump]``: whether ``card`` takes a trick held by
    ``best`` under the trump suit ``trump`` (``best`` is of the suit led or a trump)."""
    phase_after: Array
    """``phase_after[kind * 2 + ends]``: the phase after an action of ``kind``, whether
    or not it ends its round (the fold, discard, bidding, declaration round)."""


def action_tables(width: int, o: Options) -> ActionTables:
    """The tables of the ``width`` action ids under ``o``."""
    ids = np.arange(width)
    kind = np.full(width, BIDDING)
    kind[[_PLAY_ID, _FOLD_ID]] = FOLD
    kind[[_ACCEPT_ID, _DECLINE_ID]] = ANSWER
    kind[[_JOIN_ID, _SKIP_ID]] = JOINING
    kind[DISCARD_BASE:PLAY_CARD_BASE] = DISCARD
    kind[PLAY_CARD_BASE:DECLARE_BASE] = PLAY
    kind[DECLARE_BASE:RAISE_BASE] = DECLARATIONS
    card = np.zeros(width, dtype=np.int64)
    card[DISCARD_BASE:PLAY_CARD_BASE] = np.arange(PACK_SIZE)
    card[PLAY_CARD_BASE:DECLARE_BASE] = np.arange(PACK_SIZE)
    cardbit = np.where((kind == DISCARD) | (kind == PLAY), np.int64(1) << card, 0)
    amount = np.where(ids >= RAISE_BASE, ids - RAISE_BASE + o.ante + o.min_raise, 0)
    code = np.where(kind == DECLARATIONS, ids - DECLARE_BASE, 0)
    razno = (code >= 7).astype(np.int64)
    invite = np.where(kind == DECLARATIONS, code % 7 - 1, -1)
    cards = np.arange(PACK_SIZE)
    suit, trump = cards % 3, np.arange(3)
    same = suit[:, None] == suit[None, :]
    higher = cards[:, None] > cards[None, :]  # a card's position orders its suit by rank
    trumps = suit[:, None, None] == trump[None, None, :]
    best_trumps = suit[None, :, None] == trump[None, None, :]
    beats = (same & higher)[:, :, None] | (trumps & ~best_trumps)
    after = {  # a phase's next phase, as its round goes on and as it ends
        FOLD: (FOLD, DISCARD),
        DISCARD: (DISCARD, BIDDING),
        BIDDING: (BIDDING, DECLARATIONS),
        DECLARATIONS: (DECLARATIONS, PLAY),
        ANSWER: (DECLARATIONS, PLAY),
        PLAY: (PLAY, PLAY),
        JOINING: (JOINING, JOINING),
    }
    phase_after = np.array([after[phase][ends] for phase in range(OVER) for ends in (0, 1)])
    return ActionTables(kind, card, cardbit, amount, razno, invite, beats.reshape(-1), phase_after)


class _Step:
    """One step: its actions, and the reads and writes of the games taking them.

    The columns of the live games are read once each (``get``). A column worked out
    for every live game is kept as those values (``set``); one written at a few games
    only (a re-deal, a trick won) is a copy of the whole column written in place
    (``copy``), as the per-seat columns are; :meth:`finish` puts the columns together.
    """

    __slots__ = (
        "a",
        "act",
        "at",
        "bit",
        "cur",
        "everyone",
        "k",
        "kind",
        "live",
        "o",
        "old",
        "present",
        "rows",
        "seat_at",
        "t",
        "whole",
    )

    def __init__(self, a: AziArrays, ids: Array, o: Options, k: ActionTables) -> None:
        self.a, self.o, self.k = a, o, k
        self.t = seat_tables(o.players)
        self.live = live = (ids >= 0).nonzero()[0]
        # By profile, every row is live in a training loop: no gathers then.
        self.everyone = len(live) == len(a.current)
        self.seat_at = live * o.players  # where each live row starts in a flat (B, n) column
        self.old: dict[str, Array] = {}
        self.rows: dict[str, Array] = {}
        self.whole: dict[str, Array] = {}
        self.act = act = ids if self.everyone else ids[live]
        self.kind = kind = k.kind[act]  # an action id tells its phase
        # The phases present: a block of work for a phase nobody is in is skipped.
        self.present: list[bool] = np.bincount(kind, minlength=OVER).astype(bool).tolist()
        self.cur = cur = self.get("current")
        self.bit = self.t.bit[cur]
        self.at = self.seat_at + cur  # (row, seat to act) in a flat per-seat column

    def get(self, name: str) -> Array:
        """Column ``name`` of the live rows before the step, 64-bit."""
        column = self.old.get(name)
        if column is None:
            column = getattr(self.a, name)
            if not self.everyone:
                column = column[self.live]
            if column.dtype.itemsize < 8:
                column = column.astype(np.int64)
            self.old[name] = column
        return column

    def set(self, name: str, values: Array) -> None:
        """Column ``name`` of the live rows after the step (a new array)."""
        assert name not in self.whole, name
        self.rows[name] = values

    def set_at(self, name: str, index: Array, values: npt.ArrayLike) -> None:
        """Column ``name`` after the step, at the live rows ``index`` only."""
        column = self.rows.get(name)
        if column is not None:
            column[index] = values
        else:
            self.copy(name)[self.live[index]] = values

    def now(self, name: str) -> Array:
        """Column ``name`` of the live rows as written so far, 64-bit."""
        column = self.rows.get(name)
        if column is not None:
            return column
        column = self.whole.get(name)
        if column is None:
            return self.get(name)
        written: Array = column[self.live].astype(np.int64)
        return written

    def copy(self, name: str) -> Array:
        """Column ``name`` of the whole batch, to write in place."""
        column = self.whole.get(name)
        if column is None:
            column = self.whole[name] = getattr(self.a, name).copy()
        return column

    def seat(self, name: str) -> Array:
        """Per-seat column ``name`` of the whole batch, to write in place, flat."""
        flat: Array = self.copy(name).reshape(-1)
        return flat

    def fresh(self, index: Array, values: Fresh) -> None:
        """The columns ``values`` of a new deal or game, at the live rows ``index``."""
        where = self.live[index]
        for name, value in values.items():
            column = self.rows.get(name)
            if column is not None:
                column[index] = value
            else:
                self.copy(name)[where] = value

    def finish(self) -> AziArrays:
        """The arrays after the step: every column written, read-only."""
        changed: dict[str, Array] = {}
        for name, values in self.rows.items():
            if self.everyone:
                column = values.astype(getattr(self.a, name).dtype, copy=False)
            else:
                column = getattr(self.a, name).copy()
                column[self.live] = values
            changed[name] = column
        changed.update(self.whole)
        for column in changed.values():
            column.flags.writeable = False
        return self.a._replace(**changed)


_ROUNDS = (FOLD, DISCARD, DECLARATIONS, ANSWER, JOINING)
"""The phases that go round the seats once, in dealing order."""


def step(a: AziArrays, ids: Array, o: Options, k: ActionTables) -> AziArrays:
    """The arrays after each live game takes its (legal) id; -1 rows stand still."""
    s = _Step(a, ids, o, k)
    present, kind, t = s.present, s.kind, s.t
    winners = np.full(len(kind), -1)
    staying = _fold(s, winners) if present[FOLD] else s.get("staying")
    if present[DISCARD] or present[PLAY]:  # A6, A9: a card leaves the hand
        hands = s.seat("hands")
        hands[s.at] = hands[s.at] & ~k.cardbit[s.act]
    if present[DISCARD]:
        index = (kind == DISCARD).nonzero()[0]
        s.seat("discards")[s.at[index]] = k.card[s.act[index]]
    first = t.first[staying * STRIDE + s.get("dealer")]  # the first of the next round
    # The next seat of each round: -1 ends it (A5, A6, A13, A14, A12).
    nxt = _next_in_round(s, staying) if any(present[p] for p in _ROUNDS) else s.cur
    ends = nxt < 0
    current = np.where(ends, first, nxt)
    if present[BIDDING]:
        won, bidder = _bidding(s, staying)
        ends = np.where(kind == BIDDING, won, ends)
        current = np.where(kind == BIDDING, np.where(won, first, bidder), current)
    if present[DECLARATIONS] or present[ANSWER]:
        asking, lead = _declarations(s, staying)
        declaring = (kind == DECLARATIONS) | (kind == ANSWER)
        current = np.where(declaring & ends, lead, current)
        current = np.where(asking, k.invite[s.act], current)
    azi = winners[:0]
    if present[PLAY]:
        playing, player, azi = _play(s, staying, winners)
        current[playing] = player
    phase = k.phase_after[kind * 2 + ends]
    if present[DECLARATIONS]:
        phase = np.where(asking, ANSWER, phase)
    s.set("current", current)
    s.set("phase", phase)
    redeal = np.zeros(len(kind), dtype=bool)
    if present[JOINING]:
        s.set("joined", s.get("joined") | s.bit * (s.act == _JOIN_ID))
        redeal = (kind == JOINING) & ends
    if present[BIDDING] or present[JOINING]:
        _pay(s)
    if azi.size:
        redeal[azi[_azi(s, azi)]] = True
    _settle(s, winners, redeal)
    return s.finish()


def _fold(s: _Step, winners: Array) -> Array:
    """Play or fold (A5); the last one standing wins at once. Returns the staying set."""
    staying: Array = s.get("staying") | s.bit * (s.act == _PLAY_ID)
    folded = s.get("folded") | s.bit * (s.act == _FOLD_ID)
    s.set("staying", staying)
    s.set("folded", folded)
    alive = s.get("dealt") & ~folded
    lone = (s.kind == FOLD) & (s.t.pop[alive] == 1)
    winners[:] = np.where(lone, s.t.low[alive], winners)
    return staying


def _next_in_round(s: _Step, staying: Array) -> Array:
    """The next seat of the round each game is in, in dealing order, -1 at its end:
    the dealt seats choosing to play (A5), the staying seats discarding (A6) and
    declaring (A13, A14; after an answer, the inviter's next), the asked joining (A12)."""
    kind = s.kind
    chosen = np.where(kind == JOINING, s.get("asked"), staying)
    chosen = np.where(kind == FOLD, s.get("dealt"), chosen)
    after = np.where(kind == ANSWER, s.get("inviter"), s.cur)
    following: Array = s.t.next[(chosen * STRIDE + after) * STRIDE + s.get("dealer")]
    return following


def _bidding(s: _Step, staying: Array) -> tuple[Array, Array]:
    """A pass, or a raise that puts the whole stake in (A7; :func:`_pay` pays it).
    Returns whether the auction is won, and the next bidder."""
    raising = s.act >= RAISE_BASE
    passed = s.get("passed") | s.bit * (s.act == _PASS_ID)
    s.set("passed", passed)
    s.set("stake", np.where(raising, s.k.amount[s.act], s.get("stake")))
    s.set("raises", s.get("raises") + raising)
    active = staying & ~passed
    won = (s.kind == BIDDING) & (s.t.pop[active] == 1)
    s.set("auction", np.where(won, s.t.low[active], s.get("auction")))
    bidder: Array = s.t.after[active * STRIDE + s.cur]
    return won, bidder


def _declarations(s: _Step, staying: Array) -> tuple[Array, Array]:
    """Raznomast, an invitation, both or nothing (A13, A14), and the answer (A14).
    Returns which games now wait for an answer, and who leads the first trick (A8)."""
    asking = s.k.invite[s.act] >= 0
    inviter = s.get("inviter")
    s.set("razno", s.get("razno") | s.bit * s.k.razno[s.act])
    s.set("inviter", np.where(asking, s.cur, np.where(s.kind == ANSWER, -1, inviter)))
    accepted = (s.act == _ACCEPT_ID).nonzero()[0]
    if accepted.size:
        them, me = inviter[accepted], s.cur[accepted]
        s.set_at("paired", accepted, s.get("paired")[accepted] | s.t.bit[me] | s.t.bit[them])
        partner = s.seat("partner")
        partner[s.at[accepted]] = them
        partner[s.seat_at[accepted] + them] = me
    auction = s.get("auction")
    lead: Array = auction if s.o.winner_leads else s.t.before[staying * STRIDE + auction]
    return asking, lead


def _play(s: _Step, staying: Array, winners: Array) -> tuple[Array, Array, Array]:
    """A card to the trick (A9); a full trick is won (A10), maybe the pot (A11) or an
    Azi. Returns the rows playing, who acts next in each, and the rows with an Azi.

    The rows playing are worked on alone, a third of the rows in a training loop (by
    profile, no slower than working on every row, gathers included)."""
    k, t = s.k, s.t
    rows = (s.kind == PLAY).nonzero()[0]
    mover, card, base = s.cur[rows], k.card[s.act[rows]], s.seat_at[rows]
    s.set_at("played", rows, s.get("played")[rows] | k.cardbit[s.act[rows]])
    held = s.a.trick.reshape(-1)  # the trick before this card
    s.seat("trick")[s.at[rows]] = card
    old_leader, old_taker = s.get("leader")[rows], s.get("taker")[rows]
    leading = old_leader < 0
    leader = np.where(leading, mover, old_leader)
    # The trick is held by the best card so far; this card takes it if it beats it (one
    # table look-up, where finding the best card of the whole trick is a reduction).
    best = held[base + old_taker]
    trump = s.get("trump")[rows] % 3
    taker = np.where(leading | k.beats[(card * PACK_SIZE + best) * 3 + trump], mover, old_taker)
    following = t.after[staying[rows] * STRIDE + mover]
    # Play goes round the staying seats from the leader: the trick is full when the
    # next seat would be the leader again.
    full = following == leader
    s.set_at("leader", rows, np.where(full, -1, leader))
    s.set_at("taker", rows, np.where(full, -1, taker))
    won = full.nonzero()[0]
    azi = won[:0]
    if won.size:
        who, at, where = taker[won], base[won], rows[won]
        led_card = np.where(leading[won], card[won], held[at + leader[won]])
        s.set_at("led", where, s.get("led")[where] | (np.int64(1) << led_card % 3))
        done = s.get("done")[where] + 1
        s.set_at("done", where, done)
        s.set_at("last", where, who)
        s.set_at("took", where, s.get("took")[where] | t.bit[who])
        tricks = s.seat("tricks")
        count = tricks[at + who] + 1
        tricks[at + who] = count
        s.copy("trick")[s.live[where]] = -1
        two = count == 2
        paired = ((s.now("paired")[where] >> who) & 1) == 1
        winners[where] = np.where(two & ~paired, who, -1)
        azi = where[(two & paired) | (~two & (done == _TRICKS_PER_DEAL))]
    return rows, np.where(full, taker, following), azi


def _pay(s: _Step) -> None:
    """The chips of a raise (A7) or of joining a re-deal (A12) go into the pot."""
    paying = ((s.act >= RAISE_BASE) | (s.act == _JOIN_ID)).nonzero()[0]
    if not paying.size:
        return
    pay = s.k.amount[s.act[paying]]
    joins = s.act[paying] == _JOIN_ID
    if joins.any():
        who = paying[joins]
        stayed = ((s.get("staying")[who] >> s.cur[who]) & 1) == 1
        pay[joins] += np.where(stayed, s.get("fee_in")[who], s.get("fee_out")[who])
    s.seat("balances")[s.at[paying]] -= pay
    s.set_at("pot", paying, s.get("pot")[paying] + pay)


def _azi(s: _Step, rows: Array) -> Array:
    """Azi (A12, A14) in ``rows``: the fees, counted now, and the first asked to join.
    Returns which of ``rows`` nobody can be asked in (their re-deal is at once)."""
    pot = s.now("pot")[rows]
    staying = s.now("staying")[rows]
    asked = s.t.all & ~(staying & s.now("took")[rows])
    s.set_at("asked", rows, asked)
    s.set_at("fee_in", rows, (pot + 1) // 2 if s.o.round_up else pot // 2)
    s.set_at("fee_out", rows, pot)
    s.set_at("joined", rows, 0)
    first = s.t.first[asked * STRIDE + s.get("dealer")[rows]]
    s.set_at("phase", rows, JOINING)
    s.set_at("current", rows, first)
    nobody: Array = first < 0
    return nobody


def _settle(s: _Step, winners: Array, redeal: Array) -> None:
    """Re-deals dealt (A12) and pots won (A11)."""
    t, o = s.t, s.o
    rows = redeal.nonzero()[0]
    if rows.size:
        seats = (s.now("staying")[rows] & s.now("took")[rows]) | s.now("joined")[rows]
        alone = t.pop[seats] == 1
        winners[rows[alone]] = t.low[seats[alone]]
        rows, seats = rows[~alone], seats[~alone]
        if rows.size:
            dealer = s.get("dealer")[rows]
            keeps = ((seats >> dealer) & 1) == 1
            dealer = np.where(keeps, dealer, s.now("last")[rows])
            number = s.get("deal")[rows] + 1
            seeds = s.get("seed")[rows]
            s.fresh(rows, start_deal(seeds, number, dealer, seats, o.players, o.ante))
    rows = (winners >= 0).nonzero()[0]
    if rows.size:
        pot = s.now("pot")[rows]
        s.seat("balances")[s.seat_at[rows] + winners[rows]] += pot
        s.set_at("pot", rows, 0)
        s.set_at("phase", rows, OVER)
        s.set_at("current", rows, -1)
        if o.matches:
            _next_game(s, rows)


def _next_game(s: _Step, rows: Array) -> None:
    """The games of a match just won in ``rows`` counted, and the next game of each
    match not over begun (A4, A15): dealt from ``derive_seed(match seed, game)`` by the
    next dealer after the first game's, antes paid."""
    o = s.o
    s.copy("totals")[s.live[rows]] += s.copy("balances")[s.live[rows]]
    rows = rows[s.get("game")[rows] + 1 < o.games]
    if not rows.size:
        return
    number = s.get("game")[rows] + 1
    seeds = derive_seeds(s.get("match_seed")[rows], number)
    s.set_at("seed", rows, seeds)
    s.set_at("game", rows, number)
    s.set_at("pot", rows, o.ante * o.players)
    s.set_at("last", rows, -1)
    s.copy("balances")[s.live[rows]] = -o.ante
    dealer = (s.get("first")[rows] + number) % o.players
    everyone = np.full(rows.size, s.t.all)
    zero = np.zeros(rows.size, dtype=np.int64)
    s.fresh(rows, start_deal(seeds, zero, dealer, everyone, o.players, o.ante))
