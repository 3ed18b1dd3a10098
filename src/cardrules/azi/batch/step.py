"""One action in each of a batch of Azi games: the phase machine of A5–A14 on arrays.

:func:`step` is the batch twin of :class:`~cardrules.azi.transitions.Position`'s
handlers, fused: it reads the columns of the live games once, works out every
phase's transition for all of them together (an action id tells its phase), and
writes each changed column once. A step is a fixed number of numpy calls, whatever
the mix of phases (by profile: about 120 when every phase is present, fewer when some
are absent, against 400 to 700 for one handler per phase that gathers its own rows);
the rare events (a trick won, an Azi, a re-deal, a pot won) work on their own few
rows. :func:`step` is a kernel of :class:`cardrules.batch.BatchGame`, which checks its
arguments; it is not exported.
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
from cardrules.azi.batch.seats import STRIDE, SeatTables, seat_tables
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
    after = np.array([FOLD, DISCARD, DISCARD, BIDDING, BIDDING, DECLARATIONS])
    after = np.concatenate([after, [DECLARATIONS, PLAY, DECLARATIONS, PLAY, PLAY, PLAY]])
    phase_after = np.concatenate([after, [JOINING, JOINING]])
    return ActionTables(kind, card, cardbit, amount, razno, invite, beats.reshape(-1), phase_after)


class _Step:
    """One step's reads and writes: the live rows' columns as they were, gathered once,
    and the columns written. A column computed for every live row is kept as those
    values (``rows``); one written at a few rows only (a re-deal, a trick won) is a copy
    of the whole column written in place (``whole``), as the per-seat ones are."""

    __slots__ = ("a", "everyone", "live", "old", "rows", "seat_at", "whole")

    def __init__(self, a: AziArrays, live: Array, players: int) -> None:
        self.a = a
        self.live = live
        self.everyone = len(live) == len(a.current)
        self.seat_at = live * players  # where each live row starts in a flat (B, n) column
        self.old: dict[str, Array] = {}
        self.rows: dict[str, Array] = {}
        self.whole: dict[str, Array] = {}

    def get(self, name: str) -> Array:
        """Column ``name`` of the live rows before the step, 64-bit."""
        column = self.old.get(name)
        if column is None:
            column = getattr(self.a, name)
            if not self.everyone:  # by profile, every row is live in a training loop
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


def step(a: AziArrays, ids: Array, o: Options, k: ActionTables) -> AziArrays:
    """The arrays after each live game takes its (legal) id; -1 rows stand still."""
    t = seat_tables(o.players)
    s = _Step(a, np.flatnonzero(ids >= 0), o.players)
    act = ids if s.everyone else ids[s.live]
    kind = k.kind[act]
    # The phases present: a block of work for a phase nobody is in is skipped.
    present = np.bincount(kind, minlength=OVER).astype(bool).tolist()
    cur, dealer = s.get("current"), s.get("dealer")
    bit = t.bit[cur]
    at = s.seat_at + cur  # (row, seat to act) in a flat per-seat column
    staying = s.get("staying")
    if present[FOLD]:  # A5: play or fold
        staying = staying | bit * (act == _PLAY_ID)
        s.set("staying", staying)
        s.set("folded", s.get("folded") | bit * (act == _FOLD_ID))
    if present[DISCARD] or present[PLAY]:  # A6, A9: a card leaves the hand
        hands = s.seat("hands")
        hands[at] = hands[at] & ~k.cardbit[act]
    if present[DISCARD]:
        discards = s.seat("discards")
        index = np.flatnonzero(kind == DISCARD)
        discards[at[index]] = k.card[act[index]]
    first = t.first[staying * STRIDE + dealer]  # the first to act in the next round
    ends = np.zeros(len(act), dtype=bool)
    current = cur  # placeholder for the kinds that are absent
    lead = cur
    nxt = cur
    winners = np.full(len(act), -1)
    redeal = np.zeros(len(act), dtype=bool)
    if (
        present[FOLD]
        or present[DISCARD]
        or present[DECLARATIONS]
        or present[ANSWER]
        or present[JOINING]
    ):
        nxt = _next_in_round(s, t, kind, act, cur, staying)
        ends = nxt < 0
    if present[FOLD]:  # A5: the last one standing wins at once
        alive = s.get("dealt") & ~s.now("folded")
        lone = (kind == FOLD) & (t.pop[alive] == 1)
        winners = np.where(lone, t.low[alive], winners)
    bid_next = cur
    if present[BIDDING]:
        bid_next, won = _bidding(s, t, k, act, kind, cur, bit, at, staying)
        ends = np.where(kind == BIDDING, won, ends)
        bid_next = np.where(won, first, bid_next)
    asking = np.zeros(len(act), dtype=bool)
    if present[DECLARATIONS] or present[ANSWER]:
        asking, lead = _declarations(s, t, k, o, act, kind, cur, bit, at, staying)
    if present[PLAY]:
        playing, play_next = _play(s, t, k, act, kind, cur, at, staying, winners)
    if present[JOINING]:
        joining = kind == JOINING
        joins = act == _JOIN_ID
        s.set("joined", s.get("joined") | bit * joins)
        redeal = joining & ends
    paying = np.flatnonzero(k.amount[act] + (act == _JOIN_ID))  # A7, A12: into the pot
    if paying.size:
        pay = k.amount[act[paying]]
        if present[JOINING]:
            joins = act[paying] == _JOIN_ID
            who = paying[joins]
            stayed = ((s.get("staying")[who] >> cur[who]) & 1) == 1
            pay[joins] += np.where(stayed, s.get("fee_in")[who], s.get("fee_out")[who])
        s.seat("balances")[at[paying]] -= pay
        s.set_at("pot", paying, s.get("pot")[paying] + pay)
    # Where each round goes next; np.where chains, not np.choose (by profile, a fifth
    # of its 54 µs at 4,096 rows).
    current = np.where(ends, first, nxt)
    if present[DECLARATIONS] or present[ANSWER]:
        declaring = (kind == DECLARATIONS) | (kind == ANSWER)
        current = np.where(declaring & ends, lead, current)
    if present[BIDDING]:
        current = np.where(kind == BIDDING, bid_next, current)
    if present[PLAY]:
        current[playing] = play_next
    phase = k.phase_after[kind * 2 + ends]
    if present[DECLARATIONS]:
        invite = k.invite[act]
        current = np.where(asking, invite, current)
        phase = np.where(asking, ANSWER, phase)
    s.set("current", current)
    s.set("phase", phase)
    if present[PLAY]:
        azi = s.rows.pop("azi")
        if azi.size:
            redeal[azi[_azi(s, t, o, azi, dealer[azi])]] = True
    return _settle(s, t, o, winners, redeal)


def _next_in_round(
    s: _Step, t: SeatTables, kind: Array, act: Array, cur: Array, staying: Array
) -> Array:
    """The next seat of the round each game is in, in dealing order, -1 at its end:
    the dealt seats choosing to play (A5), the staying seats discarding (A6) and
    declaring (A13, A14; after an answer, the inviter's next), the asked joining (A12)."""
    chosen = np.where(kind == JOINING, s.get("asked"), staying)
    chosen = np.where(kind == FOLD, s.get("dealt"), chosen)
    after = np.where(kind == ANSWER, s.get("inviter"), cur)
    following: Array = t.next[(chosen * STRIDE + after) * STRIDE + s.get("dealer")]
    return following


def _bidding(
    s: _Step,
    t: SeatTables,
    k: ActionTables,
    act: Array,
    kind: Array,
    cur: Array,
    bit: Array,
    at: Array,
    staying: Array,
) -> tuple[Array, Array]:
    """A pass, or a raise that puts the whole stake in (A7); the chips are paid by the
    caller. Returns the next bidder and whether the auction is won."""
    raising = act >= RAISE_BASE
    passed = s.get("passed") | bit * (act == _PASS_ID)
    s.set("passed", passed)
    s.set("stake", np.where(raising, k.amount[act], s.get("stake")))
    s.set("raises", s.get("raises") + raising)
    active = staying & ~passed
    won = (kind == BIDDING) & (t.pop[active] == 1)
    s.set("auction", np.where(won, t.low[active], s.get("auction")))
    following: Array = t.after[active * STRIDE + cur]
    return following, won


def _declarations(
    s: _Step,
    t: SeatTables,
    k: ActionTables,
    o: Options,
    act: Array,
    kind: Array,
    cur: Array,
    bit: Array,
    at: Array,
    staying: Array,
) -> tuple[Array, Array]:
    """Raznomast, an invitation, both or nothing (A13, A14), and the answer (A14).
    Returns which games now wait for an answer, and who leads the first trick (A8)."""
    invite = k.invite[act]
    asking = invite >= 0
    inviter = s.get("inviter")
    s.set("razno", s.get("razno") | bit * k.razno[act])
    s.set("inviter", np.where(asking, cur, np.where(kind == ANSWER, -1, inviter)))
    accepted = np.flatnonzero(act == _ACCEPT_ID)
    if accepted.size:
        them = inviter[accepted]
        s.set_at("paired", accepted, s.get("paired")[accepted] | bit[accepted] | t.bit[them])
        partner = s.seat("partner")
        partner[at[accepted]] = them
        partner[s.seat_at[accepted] + them] = cur[accepted]
    auction = s.get("auction")
    lead: Array = auction if o.winner_leads else t.before[staying * STRIDE + auction]
    return asking, lead


def _play(
    s: _Step,
    t: SeatTables,
    k: ActionTables,
    act: Array,
    kind: Array,
    cur: Array,
    at: Array,
    staying: Array,
    winners: Array,
) -> tuple[Array, Array]:
    """A card to the trick (A9); a full trick is won (A10), maybe the pot (A11) or an
    Azi, whose rows go back in ``s.rows["azi"]``. Returns the rows playing and who acts
    next in each.

    The rows playing are worked on alone: by profile, thirty numpy calls on a third of
    the rows cost a third less than on all of them, gathers included."""
    rows = np.flatnonzero(kind == PLAY)
    mover, card, base = cur[rows], k.card[act[rows]], s.seat_at[rows]
    s.set_at("played", rows, s.get("played")[rows] | k.cardbit[act[rows]])
    held = s.a.trick.reshape(-1)  # the trick before this card
    s.seat("trick")[at[rows]] = card
    old_leader, old_taker = s.get("leader")[rows], s.get("taker")[rows]
    leading = old_leader < 0
    leader = np.where(leading, mover, old_leader)
    # The trick is held by the best card so far; this card takes it if it beats it.
    best = held[base + old_taker]
    trump = s.get("trump")[rows] % 3
    beats = leading | k.beats[(card * PACK_SIZE + best) * 3 + trump]
    taker = np.where(beats, mover, old_taker)
    following = t.after[staying[rows] * STRIDE + mover]
    # Play goes round the staying seats from the leader: the trick is full when the
    # next seat would be the leader again.
    full = following == leader
    s.set_at("leader", rows, np.where(full, -1, leader))
    s.set_at("taker", rows, np.where(full, -1, taker))
    won = np.flatnonzero(full)
    azi = won[:0]
    if won.size:
        who, at_won, where = taker[won], base[won], rows[won]
        led_card = np.where(leading[won], card[won], held[at_won + leader[won]])
        s.set_at("led", where, s.get("led")[where] | (np.int64(1) << led_card % 3))
        done = s.get("done")[where] + 1
        s.set_at("done", where, done)
        s.set_at("last", where, who)
        s.set_at("took", where, s.get("took")[where] | t.bit[who])
        tricks = s.seat("tricks")
        count = tricks[at_won + who] + 1
        tricks[at_won + who] = count
        s.copy("trick")[s.live[where]] = -1
        two = count == 2
        paired = ((s.now("paired")[where] >> who) & 1) == 1
        winners[where] = np.where(two & ~paired, who, -1)
        azi = where[(two & paired) | (~two & (done == _TRICKS_PER_DEAL))]
    s.rows["azi"] = azi
    return rows, np.where(full, taker, following)


def _azi(s: _Step, t: SeatTables, o: Options, rows: Array, dealer: Array) -> Array:
    """Azi (A12, A14) in ``rows``: the fees, counted now, and the first asked to join.
    Returns which of ``rows`` nobody can be asked in (their re-deal is at once)."""
    pot = s.now("pot")[rows]
    half = (pot + 1) // 2 if o.round_up else pot // 2
    staying = s.now("staying")[rows]
    asked = t.all & ~(staying & s.now("took")[rows])
    s.set_at("asked", rows, asked)
    s.set_at("fee_in", rows, half)
    s.set_at("fee_out", rows, pot)
    s.set_at("joined", rows, 0)
    first = t.first[asked * STRIDE + dealer]
    s.set_at("phase", rows, JOINING)
    s.set_at("current", rows, first)
    nobody: Array = first < 0
    return nobody


def _settle(s: _Step, t: SeatTables, o: Options, winners: Array, redeal: Array) -> AziArrays:
    """Re-deals dealt (A12) and pots won (A11)."""
    rows = np.flatnonzero(redeal)
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
            s.fresh(rows, start_deal(s.get("seed")[rows], number, dealer, seats, o.players, o.ante))
    rows = np.flatnonzero(winners >= 0)
    if rows.size:
        balances = s.seat("balances")
        pot = s.now("pot")[rows]
        balances[s.seat_at[rows] + winners[rows]] += pot
        s.set_at("pot", rows, 0)
        s.set_at("phase", rows, OVER)
        s.set_at("current", rows, -1)
        if o.matches:
            _next_game(s, t, o, rows)
    return s.finish()


def _next_game(s: _Step, t: SeatTables, o: Options, rows: Array) -> None:
    """The games of a match just won in ``rows`` counted, and the next game of each
    match not over begun (A4, A15): dealt from ``derive_seed(match seed, game)`` by the
    next dealer after the first game's, antes paid."""
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
    everyone = np.full(rows.size, t.all)
    zero = np.zeros(rows.size, dtype=np.int64)
    s.fresh(rows, start_deal(seeds, zero, dealer, everyone, o.players, o.ante))
