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

import numpy as np
import numpy.typing as npt

from cardrules.azi.batch.deal import DTYPES, PER_SEAT, AziArrays, start_deal
from cardrules.azi.batch.step import Options, step
from cardrules.azi.batch.tensors import legal_action_mask, observation_tensor
from cardrules.azi.ids import action_ids
from cardrules.azi.phases import Phase
from cardrules.azi.rules import AziRules, FirstLead, Rounding
from cardrules.azi.state import LOT_KEY
from cardrules.azi.tensors import tensor_layout
from cardrules.batch import derive_seeds, randbelow
from cardrules.cards import _show
from cardrules.errors import InvalidRulesError, InvalidStateError

__all__ = ["MAX_BATCH_ACTIONS", "MAX_BATCH_CHIPS", "AziKernels", "batch_engine"]

MAX_BATCH_ACTIONS = 4096
"""The widest action-id space the batch engine runs: its mask has one column per id."""
MAX_BATCH_CHIPS = 2**40
"""The largest ante and raise the batch engine runs: chips are 64-bit integers there."""
_POT_LIMIT = 2**62
_PHASES = tuple(Phase)


class AziKernels:
    """The Azi kernels under one set of rules (see :class:`cardrules.batch.BatchKernels`)."""

    __slots__ = (
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
        self.rules = rules

    def for_matches(self) -> AziKernels:
        """These kernels playing matches of ``rules.games_per_match`` games (A15)."""
        return AziKernels(self.rules, matches=True)

    def init(self, seeds: npt.NDArray[np.uint64]) -> AziArrays:
        """New games: antes paid, the dealer drawn by lot (A4), the first deal dealt."""
        count, n, ante = len(seeds), self.num_players, self.options.ante
        lots, _ = randbelow(derive_seeds(seeds, np.full(count, LOT_KEY, np.uint64)), n)
        dealer = lots.astype(np.int64)
        blank = AziArrays._make(
            np.zeros((count, n) if name in PER_SEAT else count, DTYPES[name])
            for name in AziArrays._fields
        )
        first_game = derive_seeds(seeds, np.zeros(count, np.uint64))  # a match's game 0
        game_seeds = first_game if self.options.matches else seeds
        blank = blank._replace(
            seed=game_seeds,
            match_seed=seeds,
            first=dealer.astype(np.int8),
            last=np.full(count, -1, np.int8),
            pot=np.full(count, ante * n, dtype=np.int64),
            balances=np.full((count, n), -ante, dtype=np.int64),
        )
        everyone = np.ones((count, n), dtype=bool)
        first = np.zeros(count, dtype=np.int64)
        return _frozen(start_deal(blank, np.arange(count), first, dealer, everyone, ante))

    def step(self, arrays: AziArrays, action_ids: npt.NDArray[np.int64]) -> AziArrays:
        """Each live game takes its id (-1: the game stands still)."""
        result = step(arrays, action_ids, self.options)
        if result.pot.size and int(result.pot.max()) > _POT_LIMIT:
            at = int(result.pot.argmax())
            raise InvalidStateError(
                f"game {at}: the pot {int(result.pot[at])} is too large for the batch engine's"
                " 64-bit chips"
            )
        return _frozen(result)

    def current_player(self, arrays: AziArrays) -> npt.NDArray[np.int64]:
        """The seat to act, -1 once over."""
        current: npt.NDArray[np.int64] = arrays.current.astype(np.int64)
        return current

    def legal_action_mask(self, arrays: AziArrays) -> npt.NDArray[np.bool_]:
        """The legal ids of the player to act."""
        return legal_action_mask(arrays, self.options, self.num_distinct_actions)

    def returns(self, arrays: AziArrays) -> npt.NDArray[np.int64]:
        """Each seat's net chips (of the match's finished games, in a match)."""
        chips = arrays.totals if self.options.matches else arrays.balances
        returns: npt.NDArray[np.int64] = chips.copy()
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
