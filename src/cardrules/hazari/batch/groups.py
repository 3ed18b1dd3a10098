"""Hazari's batch engine under ``actions="groups"``: the kernels that
:class:`cardrules.batch.BatchGame` runs.

Each seat arranges (H7) in three decisions, one 3-card group each (ids 0..285 of
:mod:`cardrules.hazari.groups`), in seat order from the dealer's right (H9); after
the twelfth decision the rounds are played and scored (H10–H12). Every game of a batch
takes exactly twelve decisions. The position of a batch is a :class:`GroupsArrays` of
read-only arrays; the legal groups come from :mod:`cardrules.hazari.batch.groups_legal`
and the rounds from :func:`cardrules.hazari.batch.play`'s kernel.

>>> import numpy as np
>>> from cardrules import load_game
>>> from cardrules.batch import BatchGame, random_legal_ids
>>> game = load_game("hazari", actions="groups")
>>> batch = BatchGame(game)
>>> state = batch.init(np.arange(3))
>>> state.legal_action_mask.shape, state.current_player.tolist()
((3, 286), [1, 1, 1])
>>> generator = np.random.default_rng(0)
>>> while not state.terminated.all():
...     state = batch.step(state, random_legal_ids(state.legal_action_mask, generator))
>>> state.steps, state.returns.sum(axis=1).tolist()
(12, [360, 360, 360])
>>> state[2].returns() == tuple(state.returns[2].tolist())
True

A match's ``target`` does not change a deal, so any target is accepted; the batch
plays single deals (``game.new_state``), as the Azi batch plays single games.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from cardrules.cards import _show
from cardrules.errors import InvalidRulesError
from cardrules.hazari.batch import _play_block
from cardrules.hazari.batch.groups_legal import GROUPS, legal_groups
from cardrules.hazari.batch.shuffle import deal_array
from cardrules.hazari.deal import PLAYERS
from cardrules.hazari.partitions import QUADS, TRIPLES
from cardrules.hazari.rules import ActionSpace, HazariRules
from cardrules.hazari.tensors import CARDS, SLICES, TENSOR_SIZE

__all__ = ["GroupsArrays", "HazariGroupsKernels", "batch_engine"]

Array = npt.NDArray[Any]

HAND = 13
CHOICES = 3
"""Decisions per seat: three 3-card groups."""
DECISIONS = PLAYERS * CHOICES
"""Decisions per deal."""

_TRIPLE = np.array(TRIPLES, dtype=np.intp)
_TMASK = (1 << _TRIPLE).sum(axis=1)
_QUAD_OF_MASK = np.zeros((1 << HAND, 4), dtype=np.intp)
_QUAD_OF_MASK[(1 << np.array(QUADS)).sum(axis=1)] = np.array(QUADS, dtype=np.intp)
_FULL = (1 << HAND) - 1
_OFFSET: dict[str, int] = {}
_at = 0
for _name, _length in SLICES:
    _OFFSET[_name] = _at
    _at += _length
del _at


class GroupsArrays(NamedTuple):
    """The whole position of ``B`` Hazari deals under ``actions="groups"``."""

    seed: Array  # (B,) uint64, each deal's seed
    dealer: Array  # (B,) int8
    hands: Array  # (B, 4, 13) int8: each seat's sorted card indices (2C = 0 ... AS = 51)
    chosen: Array  # (B, 4, 3) int16: each seat's groups (ids) in the order chosen, -1 none
    turn: Array  # (B,) int8: decisions taken, 0..12
    scores: Array  # (B, 4) int16: each seat's card points once the deal is over (H12)


def _frozen(arrays: GroupsArrays) -> GroupsArrays:
    for array in arrays:
        array.flags.writeable = False
    return arrays


class HazariGroupsKernels:
    """The Hazari kernels under one set of rules (see :class:`cardrules.batch.BatchKernels`).

    ``dealer`` is the seat that deals every game (``game.new_state``'s default, 0).
    """

    __slots__ = ("dealer", "num_distinct_actions", "num_players", "observation_size", "rules")

    def __init__(self, rules: HazariRules, dealer: int = 0) -> None:
        if not isinstance(rules, HazariRules):
            raise InvalidRulesError(f"rules must be HazariRules, got {_show(rules)}")
        if rules.actions is not ActionSpace.GROUPS:
            raise InvalidRulesError(
                f"the batch engine runs Hazari under actions='groups' only, not"
                f" actions={rules.actions.value!r}: a split's legal-action mask would have"
                " 200,200 columns per game; use load_game('hazari', actions='groups')"
            )
        if type(dealer) is not int or not 0 <= dealer < PLAYERS:
            raise InvalidRulesError(f"dealer {_show(dealer)} is not a seat in 0..3")
        self.rules = rules
        self.dealer = dealer
        self.num_players = PLAYERS
        self.num_distinct_actions = GROUPS
        self.observation_size = TENSOR_SIZE

    def init(self, seeds: npt.NDArray[np.uint64]) -> GroupsArrays:
        """New deals: the hands of ``HazariState.new(seed=s, dealer=dealer)`` (H9)."""
        count = len(seeds)
        return _frozen(
            GroupsArrays(
                seed=seeds,
                dealer=np.full(count, self.dealer, dtype=np.int8),
                hands=deal_array(seeds, self.dealer),
                chosen=np.full((count, PLAYERS, CHOICES), -1, dtype=np.int16),
                turn=np.zeros(count, dtype=np.int8),
                scores=np.zeros((count, PLAYERS), dtype=np.int16),
            )
        )

    def step(self, arrays: GroupsArrays, action_ids: npt.NDArray[np.int64]) -> GroupsArrays:
        """Each live deal's seat to act takes its group (-1: the deal stands still)."""
        rows = np.flatnonzero(action_ids >= 0)
        turn = arrays.turn[rows].astype(np.intp)
        seat = _seat(arrays.dealer[rows], turn)
        chosen = arrays.chosen.copy()
        chosen[rows, seat, turn % CHOICES] = action_ids[rows]
        turns = arrays.turn.copy()
        turns[rows] += 1
        result = arrays._replace(chosen=chosen, turn=turns)
        over = rows[turns[rows] == DECISIONS]
        if over.size:
            result = result._replace(scores=self._scored(result, over))
        return _frozen(result)

    def _scored(self, a: GroupsArrays, rows: Array) -> Array:
        """The scores with the deals of ``rows`` played out (H10–H12)."""
        chosen = a.chosen[rows].astype(np.intp)  # (n, 4, 3)
        hands = a.hands[rows].astype(np.intp)  # (n, 4, 13)
        positions = np.empty((len(rows), PLAYERS, HAND), dtype=np.intp)
        positions[:, :, :9] = _TRIPLE[chosen].reshape(len(rows), PLAYERS, 9)
        rest = _FULL ^ _TMASK[chosen].sum(axis=2)
        positions[:, :, 9:] = _QUAD_OF_MASK[rest]
        arranged = np.take_along_axis(hands, positions, axis=2)
        scores: Array = a.scores.copy()
        dealers = a.dealer[rows]
        for dealer in np.unique(dealers).tolist():
            at = np.flatnonzero(dealers == dealer)
            _, _, _, points = _play_block(arranged[at], 0, dealer, self.rules.tie_rule)
            scores[rows[at]] = points
        return scores

    def current_player(self, arrays: GroupsArrays) -> npt.NDArray[np.int64]:
        """The seat to act, -1 once over."""
        turn = arrays.turn.astype(np.int64)
        seat: npt.NDArray[np.int64] = np.where(
            turn < DECISIONS, _seat(arrays.dealer, turn), -1
        ).astype(np.int64)
        return seat

    def legal_action_mask(self, arrays: GroupsArrays) -> npt.NDArray[np.bool_]:
        """The legal groups of the seat to act (H7), none once over."""
        rows = np.flatnonzero(arrays.turn < DECISIONS)
        mask = np.zeros((len(arrays.turn), GROUPS), dtype=bool)
        if rows.size:
            turn = arrays.turn[rows].astype(np.intp)
            seat = _seat(arrays.dealer[rows], turn)
            mask[rows] = legal_groups(arrays.hands[rows, seat], arrays.chosen[rows, seat, :2])
        return mask

    def returns(self, arrays: GroupsArrays) -> npt.NDArray[np.int64]:
        """Each seat's card points (0 until the deal is over)."""
        scores: npt.NDArray[np.int64] = arrays.scores.astype(np.int64)
        return scores

    def observation_tensor(self, arrays: GroupsArrays) -> npt.NDArray[np.float32]:
        """The observation tensor of the seat to act (:mod:`cardrules.hazari.tensors`)."""
        count = len(arrays.turn)
        out = np.zeros((count, TENSOR_SIZE), dtype=np.float32)
        rows = np.flatnonzero(arrays.turn < DECISIONS)
        if not rows.size:
            return out
        turn = arrays.turn[rows].astype(np.intp)
        dealer = arrays.dealer[rows].astype(np.intp)
        seat = _seat(dealer, turn)
        out[rows, _OFFSET["player"] + seat] = 1.0
        out[rows, _OFFSET["dealer"] + dealer] = 1.0
        out[rows, _OFFSET["current_player"] + seat] = 1.0
        hand = arrays.hands[rows, seat].astype(np.intp)  # (n, 13)
        out[rows[:, None], _OFFSET["hand"] + hand] = 1.0
        for slot in range(CHOICES - 1):  # the groups chosen so far, in the order chosen
            made = np.flatnonzero(turn % CHOICES > slot)
            group = arrays.chosen[rows[made], seat[made], slot].astype(np.intp)
            cards = np.take_along_axis(hand[made], _TRIPLE[group], axis=1)
            out[rows[made][:, None], _OFFSET["threes"] + slot * CARDS + cards] = 1.0
        for place in range(PLAYERS - 1):  # the seats that are up (H8)
            done = np.flatnonzero(turn // CHOICES > place)
            out[rows[done], _OFFSET["up"] + (dealer[done] + 1 + place) % PLAYERS] = 1.0
        return out

    def phase_name(self, arrays: GroupsArrays, index: int) -> str:
        """``group n`` (1 to 3) of the seat to act, or ``over``."""
        turn = int(arrays.turn[index])
        return "over" if turn >= DECISIONS else f"group {turn % CHOICES + 1}"


def _seat(dealer: Array, turn: Array) -> Array:
    """The seat making decision ``turn`` of a deal: three each, from the dealer's right."""
    seat: Array = (dealer.astype(np.intp) + 1 + turn // CHOICES) % PLAYERS
    return seat


def batch_engine(rules: HazariRules) -> HazariGroupsKernels:
    """The Hazari kernels of ``rules``: what :class:`cardrules.batch.BatchGame` finds here."""
    return HazariGroupsKernels(rules)
