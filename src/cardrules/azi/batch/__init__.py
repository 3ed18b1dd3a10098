"""Azi's batch engine: the kernels :class:`cardrules.batch.BatchGame` runs for Azi.

:func:`batch_engine` takes the rule options and returns :class:`AziKernels`; every
option is supported, and a game runs in lock-step with the scalar engine, re-deals
included (A1–A15 on the Azi rules page); :meth:`AziKernels.for_matches` plays matches.
The position of a batch is an :class:`~cardrules.azi.batch.deal.AziArrays` of
read-only arrays.

>>> import numpy as np
>>> from cardrules import load_game
>>> from cardrules.batch import BatchGame
>>> batch = BatchGame(load_game("azi", players=5, look_before_fold=True))
>>> state = batch.init(np.array([3, 1, 4, 1, 5]))
>>> state.arrays.dealer.tolist() == [load_game("azi", players=5).new_state(seed=s).dealer
...                                  for s in (3, 1, 4, 1, 5)]
True
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from cardrules.azi.batch.deal import DTYPES, PER_SEAT, AziArrays, Fresh, start_deal
from cardrules.azi.batch.seats import seat_tables
from cardrules.azi.batch.step import Options, action_tables, step
from cardrules.azi.batch.tensors import legal_action_mask, observation_tensor
from cardrules.azi.ids import action_ids
from cardrules.azi.phases import Phase
from cardrules.azi.rules import AziRules, FirstLead, Rounding
from cardrules.azi.state import LOT_KEY
from cardrules.azi.tensors import tensor_layout
from cardrules.batch import derive_seeds, randbelow
from cardrules.batch_checks import checked_kernels
from cardrules.cards import _show
from cardrules.errors import InvalidRulesError, InvalidStateError

__all__ = ["MAX_BATCH_ACTIONS", "MAX_BATCH_CHIPS", "AziKernels", "batch_engine"]

MAX_BATCH_ACTIONS = 4096
"""The widest action-id space the batch engine runs: its mask has one column per id."""
MAX_BATCH_CHIPS = 2**40
"""The largest ante and raise the batch engine runs: chips are 64-bit integers there."""
_POT_LIMIT = 2**62
_PHASES = tuple(Phase)


@checked_kernels(AziArrays)
class AziKernels:
    """The Azi kernels under one set of rules (see :class:`cardrules.batch.BatchKernels`).

    Each method refuses arrays these kernels did not make (see
    :func:`~cardrules.batch_checks.checked_kernels`).
    """

    __slots__ = (
        "actions",
        "layout",
        "num_distinct_actions",
        "num_players",
        "observation_size",
        "options",
        "rules",
    )

    def __init__(self, rules: AziRules, matches: bool = False) -> None:
        if not isinstance(rules, AziRules):
            raise InvalidRulesError(f"rules must be AziRules, got {_show(rules)}")
        size = action_ids(rules).size
        if size > MAX_BATCH_ACTIONS:
            raise InvalidRulesError(
                f"the batch engine runs at most {MAX_BATCH_ACTIONS} action ids; raise_cap"
                f" {rules.raise_cap} with max_raise {rules.max_raise} gives {size}"
            )
        for name in ("ante", "max_raise"):
            if getattr(rules, name) > MAX_BATCH_CHIPS:
                raise InvalidRulesError(
                    f"the batch engine counts chips in 64 bits: {name} {getattr(rules, name)}"
                    f" is above {MAX_BATCH_CHIPS}"
                )
        self.num_players = rules.players
        self.num_distinct_actions = size
        self.layout = tensor_layout(rules)
        self.observation_size = self.layout.observation_size
        self.options = Options(
            players=rules.players,
            ante=rules.ante,
            min_raise=rules.min_raise,
            max_raise=rules.max_raise,
            raise_cap=min(rules.raise_cap, 2**62),
            look_before_fold=rules.look_before_fold,
            winner_leads=rules.first_lead is FirstLead.AUCTION_WINNER,
            round_up=rules.rounding is Rounding.UP,
            matches=matches,
            games=rules.games_per_match,
        )
        self.actions = action_tables(size, self.options)
        self.rules = rules

    def for_matches(self) -> AziKernels:
        """These kernels playing matches of ``rules.games_per_match`` games (A15)."""
        return AziKernels(self.rules, matches=True)

    def _new_games(self, seeds: npt.NDArray[np.uint64]) -> Fresh:
        """Every column of new games from ``seeds``: antes paid, the dealer drawn by lot
        (A4), the first deal dealt."""
        count, o = len(seeds), self.options
        lots, _ = randbelow(derive_seeds(seeds, LOT_KEY), o.players)
        dealer = lots.astype(np.int64)
        game_seeds = derive_seeds(seeds, 0) if o.matches else seeds.copy()  # a match's game 0
        everyone = np.full(count, seat_tables(o.players).all)
        first = np.zeros(count, np.int64)
        fresh = start_deal(game_seeds, first, dealer, everyone, o.players, o.ante)
        fresh.update(
            seed=game_seeds,
            match_seed=seeds.copy(),
            first=dealer,
            last=-1,
            pot=o.ante * o.players,
            balances=-o.ante,
            game=0,
            totals=0,
        )
        return fresh

    def init(self, seeds: npt.NDArray[np.uint64]) -> AziArrays:
        """New games: antes paid, the dealer drawn by lot (A4), the first deal dealt."""
        count, n = len(seeds), self.num_players
        fresh = self._new_games(seeds)
        columns: list[npt.NDArray[Any]] = []
        for name in AziArrays._fields:
            value = fresh[name]
            shape = (count, n) if name in PER_SEAT else (count,)
            if isinstance(value, np.ndarray) and value.shape == shape:
                columns.append(value.astype(DTYPES[name], copy=False))
            else:
                columns.append(np.full(shape, value, dtype=DTYPES[name]))
        return _frozen(AziArrays._make(columns))

    def reset(
        self, arrays: AziArrays, rows: npt.NDArray[np.int64], seeds: npt.NDArray[np.uint64]
    ) -> AziArrays:
        """``arrays`` with new games from ``seeds`` in ``rows``: the new games are dealt
        for those rows only, and each column is copied once with them written in (by
        profile, :meth:`init` of the rows then a copy per column cost twice as much)."""
        fresh = self._new_games(seeds)
        columns: list[npt.NDArray[Any]] = []
        for name, old in zip(AziArrays._fields, arrays, strict=True):
            column = old.copy()
            column[rows] = fresh[name]
            columns.append(column)
        return _frozen(AziArrays._make(columns))

    def step(self, arrays: AziArrays, action_ids: npt.NDArray[np.int64]) -> AziArrays:
        """Each live game takes its id (-1: the game stands still)."""
        result = step(arrays, action_ids, self.options, self.actions)
        if result.pot is not arrays.pot and int(result.pot.max(initial=0)) > _POT_LIMIT:
            at = int(result.pot.argmax())
            raise InvalidStateError(
                f"game {at}: the pot {int(result.pot[at])} is too large for the batch engine's"
                " 64-bit chips"
            )
        return result

    def current_player(self, arrays: AziArrays) -> npt.NDArray[np.int64]:
        """The seat to act, -1 once over."""
        current: npt.NDArray[np.int64] = arrays.current  # 64-bit and read-only already
        return current

    def legal_action_mask(self, arrays: AziArrays) -> npt.NDArray[np.bool_]:
        """The legal ids of the player to act."""
        return legal_action_mask(arrays, self.options, self.num_distinct_actions)

    def returns(self, arrays: AziArrays) -> npt.NDArray[np.int64]:
        """Each seat's net chips (of the match's finished games, in a match)."""
        returns: npt.NDArray[np.int64] = arrays.totals if self.options.matches else arrays.balances
        return returns

    def observation_tensor(self, arrays: AziArrays) -> npt.NDArray[np.float32]:
        """The observation tensor of the player to act."""
        return observation_tensor(arrays, self.options, self.layout)

    def phase_name(self, arrays: AziArrays, index: int) -> str:
        """The phase of game ``index``."""
        return _PHASES[int(arrays.phase[index])].value


def _frozen(arrays: AziArrays) -> AziArrays:
    for array in arrays:
        array.flags.writeable = False
    return arrays


def batch_engine(rules: AziRules) -> AziKernels:
    """The Azi kernels of ``rules``: what :class:`cardrules.batch.BatchGame` finds here."""
    return AziKernels(rules)
