"""The legal-action mask and the observation tensor of a batch of Azi games.

Both are the batch twins of the scalar ones: :meth:`AziState.legal_action_mask` (the
ids of :mod:`cardrules.azi.ids`) and :func:`cardrules.azi.tensors.observation_tensor`
of the player to act, one row per game.
"""

from __future__ import annotations

from typing import Any

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
    OUT,
    PLAY,
    AziArrays,
    gathered,
)
from cardrules.azi.batch.step import Options
from cardrules.azi.ids import DISCARD_BASE, RAISE_BASE
from cardrules.azi.pack import PACK_SIZE
from cardrules.azi.tensors import MAX_ENTRY, TensorLayout

__all__: list[str] = []  # kernels of BatchGame, which checks their arguments

Array = npt.NDArray[Any]

_POSITIONS = np.arange(PACK_SIZE, dtype=np.int64)
_SUITS = np.array([sum(1 << p for p in range(k, PACK_SIZE, 3)) for k in range(3)])
_ACES = PACK_SIZE - 3  # the ace of suit k is at 24 + k


def _bits(sets: Array) -> npt.NDArray[np.bool_]:
    """(B, 27): bit set ``sets[i]`` as flags by position."""
    octets = np.ascontiguousarray(sets, dtype="<i8").view(np.uint8).reshape(len(sets), 8)
    flags: npt.NDArray[np.bool_] = np.unpackbits(octets[:, :4], axis=1, bitorder="little")[
        :, :PACK_SIZE
    ].view(bool)
    return flags


def _count(sets: Array) -> Array:
    """The number of cards in each bit set."""
    counts: Array = _bits(sets).sum(axis=1)
    return counts


def playable(a: AziArrays, hand: Array, cur: Array) -> Array:
    """The cards the player to act may play (A9, A13), as bit sets."""
    rows = np.arange(len(cur))
    trump = a.trump % 3
    led = a.trick[rows, np.maximum(a.leader, 0)] % 3
    follow = hand & _SUITS[led]
    trumps = hand & _SUITS[trump]
    exempt = a.razno[rows, cur] & (led != trump) & (((a.led >> led) & 1) == 0)
    answer = np.where(follow != 0, follow, np.where(~exempt & (trumps != 0), trumps, hand))
    return np.where(a.leader < 0, hand, answer)


def _eligible(hand: Array, trump: Array) -> npt.NDArray[np.bool_]:
    """Raznomast (A13): the trump ace and two cards of one other suit."""
    ace = np.int64(1) << (_ACES + trump)
    others = hand & ~ace
    one_suit = np.zeros(len(hand), dtype=bool)
    for suit in range(3):
        one_suit |= (suit != trump) & ((others & ~_SUITS[suit]) == 0)
    eligible: npt.NDArray[np.bool_] = ((hand & ace) != 0) & (_count(hand) == 3) & one_suit
    return eligible


# The ids 0-6 each phase allows: play/fold, pass, accept/decline, join/skip.
_FIXED = np.zeros((8, DISCARD_BASE), dtype=bool)
_FIXED[FOLD, 0:2] = _FIXED[BIDDING, 2] = _FIXED[ANSWER, 3:5] = _FIXED[JOINING, 5:7] = True


def legal_action_mask(a: AziArrays, o: Options, size: int) -> npt.NDArray[np.bool_]:
    """(B, size): the legal ids of the player to act in each game (none once over)."""
    live = np.flatnonzero(a.current >= 0)
    if live.size == len(a.current):
        return _live_mask(a, o, size)
    mask = np.zeros((len(a.current), size), dtype=bool)
    if live.size:
        mask[live] = _live_mask(gathered(a, live), o, size)
    return mask


def _live_mask(a: AziArrays, o: Options, size: int) -> npt.NDArray[np.bool_]:
    """The mask of games that are all live, block by block."""
    count, n = a.hands.shape
    rows = np.arange(count)
    cur = a.current
    phase = a.phase
    hand = a.hands[rows, cur]
    declare = np.zeros((count, 14), dtype=bool)
    at = np.flatnonzero(phase == DECLARATIONS)
    if at.size:
        unpaired = (a.status[at] == IN) & (a.partner[at] < 0)
        can_invite = (unpaired.sum(axis=1) >= 3) & (a.partner[at, cur[at]] < 0)
        invitable = unpaired & can_invite[:, None] & (np.arange(n)[None, :] != cur[at, None])
        razno = _eligible(hand[at], a.trump[at] % 3)
        declare[at, 0] = True
        declare[at, 1 : 1 + n] = invitable
        declare[at, 7] = razno
        declare[at, 8 : 8 + n] = invitable & razno[:, None]
    play = np.where(phase == PLAY, hand, 0)
    at = np.flatnonzero(phase == PLAY)
    if at.size:
        play[at] = playable(gathered(a, at), hand[at], cur[at])
    blocks = [
        _FIXED[phase],
        _bits(np.where(phase == DISCARD, hand, 0)),
        _bits(play),
        declare,
    ]
    if size > RAISE_BASE:
        offset = np.arange(size - RAISE_BASE)[None, :]
        start = (a.stake - o.ante)[:, None]
        bidding = (phase == BIDDING) & (a.raises < o.raise_cap)
        top = start + (o.max_raise - o.min_raise)
        blocks.append(bidding[:, None] & (offset >= start) & (offset <= top))
    mask: npt.NDArray[np.bool_] = np.concatenate(blocks, axis=1)
    return mask


def observation_tensor(a: AziArrays, o: Options, layout: TensorLayout) -> npt.NDArray[np.float32]:
    """(B, size): what the player to act sees, as in the scalar tensor (zeros once over)."""
    count, n = a.hands.shape
    rows = np.arange(count)
    live = a.current >= 0
    cur = np.maximum(a.current, 0)
    out = np.zeros((count, layout.observation_size), dtype=np.float32)

    def put(name: str, values: npt.ArrayLike) -> None:
        at = layout.offset(name)
        block = np.asarray(values)
        width = 1 if block.ndim == 1 else block.shape[1]
        out[:, at : at + width] = block.reshape(count, width)

    def one_hot(values: Array, width: int) -> npt.NDArray[np.bool_]:
        hot: npt.NDArray[np.bool_] = (np.arange(width)[None, :] == values[:, None]) & (values >= 0)[
            :, None
        ]
        return hot

    me = one_hot(cur, n)
    put("player", me)
    put("dealer", one_hot(a.dealer, n))
    put("current_player", me)
    put("phase", one_hot(a.phase, 8))
    put("dealt_in", a.dealt)
    put("trump_card", one_hot(a.trump, PACK_SIZE))
    put("trump_suit", one_hot(a.trump % 3, 3))
    status = a.status[rows, cur]
    seen = (status == IN) | ((status != OUT) & o.look_before_fold)
    put("hand_seen", seen)
    put("hand", _bits(np.where(seen, a.hands[rows, cur], 0)))
    put("discard", one_hot(a.discards[rows, cur], PACK_SIZE))
    put("folded", a.status == FOLDED)
    put("staying", a.status == IN)
    put("passed", a.passed & a.dealt)
    put("auction_winner", one_hot(a.auction, n))
    put("raznomast", a.razno & a.dealt)
    partners = (np.arange(n)[None, None, :] == a.partner[:, :, None]) & (a.partner >= 0)[:, :, None]
    put("partners", partners.reshape(count, n * n))
    trick = (_POSITIONS[None, None, :] == a.trick[:, :, None]) & (a.trick >= 0)[:, :, None]
    put("trick", trick.reshape(count, n * PACK_SIZE))
    put("tricks", a.tricks)
    put("played", _bits(a.played))
    asked = a.phase == JOINING
    fee = np.where(asked, a.fee[rows, cur], 0)
    chips = [_chips(a.stake, o.ante), _chips(a.pot, o.ante), _chips(fee, o.ante)]
    scalars = np.stack(
        [_counts(a.deal), chips[0], _counts(a.raises), chips[1], chips[2], asked], axis=1
    )
    put("scalars", scalars.astype(np.float64))
    put("balances", _chips(a.balances, o.ante))
    if o.matches:
        match = [_chips(a.totals, o.ante), _counts(a.game)[:, None]]
        put("match", np.concatenate(match, axis=1))
    out[~live] = 0.0
    return out


def _chips(chips: Array, ante: int) -> npt.NDArray[np.float64]:
    """``chips / ante`` clipped to ``[-MAX_ENTRY, MAX_ENTRY]``, as the scalar tensor does."""
    clipped: npt.NDArray[np.float64] = np.clip(chips / ante, -MAX_ENTRY, MAX_ENTRY)
    return clipped


def _counts(counts: Array) -> Array:
    """Counts clipped to ``MAX_ENTRY``, as the scalar tensor does."""
    clipped: Array = np.minimum(counts, MAX_ENTRY)
    return clipped
