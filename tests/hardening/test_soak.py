"""Soak: many random games of each game, all options, bots mixed in.

Each game checks: no exception, cards conserved, chips conserved (Azi), 360 points
per Hazari deal, and termination within a bounded number of actions. Every tenth
game of each is a whole match (a Hazari match to its target, an Azi match of one
to three games), played through the same loop as a game state. The CI size
runs a few hundred games of each game; ``pytest --soak`` runs 100k of each
(``CARDRULES_SOAK_GAMES`` overrides the count), spread over the machine's cores.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs
import pytest

from cardrules.azi import AziMatch, AziState
from cardrules.azi.bots import HeuristicBot, SearchBot
from cardrules.bots import RandomBot
from cardrules.game import Turn
from cardrules.hazari import (
    HazariMatch,
    HazariMatchObservation,
    HazariObservation,
    HazariState,
    Up,
    random_arrangement,
)
from cardrules.hazari.bots import GreedyBot, SolverBot
from cardrules.rng import Rng, derive_seed
from cardrules.runner import play_game
from tests.hardening.hardening_support import (
    check_azi,
    check_azi_match,
    check_hazari_deal,
    check_hazari_match,
    random_azi_rules,
    random_hazari_rules,
    random_match_rules,
)

SOAK_GAMES = int(os.environ.get("CARDRULES_SOAK_GAMES", "100000"))
CI_GAMES = 300
AZI_ACTION_BOUND = 20_000
"""No Azi game may take more actions than this (the longest seen is far shorter)."""


@attrs.frozen
class ArrangingBot:
    """A uniformly random valid arrangement, without enumerating them all (fast)."""

    name = "arranging"

    def choose(self, observation: HazariObservation, legal_actions: Any, rng: Rng) -> Up:
        """A random valid arrangement of the observed hand."""
        return Up(random_arrangement(observation.hand, rng))


@attrs.frozen
class DealView:
    """Hands a deal-only bot (such as ArrangingBot) its view of a match's current deal."""

    bot: Any

    def choose(self, observation: Any, legal_actions: Any, rng: Rng) -> Any:
        """The wrapped bot's choice from the current deal's observation."""
        if isinstance(observation, HazariMatchObservation):
            observation = observation.current
        return self.bot.choose(observation, legal_actions, rng)


def _hazari_bot(rng: Rng) -> Any:
    roll = rng.randbelow(2000)
    if roll == 0:
        return RandomBot()  # enumerates every arrangement: slow, so rare
    if roll < 40:
        return SolverBot()
    return GreedyBot() if roll % 2 else ArrangingBot()


def play_hazari(index: int, seed: int) -> dict[str, int]:
    """Play game ``index``: a deal, or every tenth game a whole match; check it."""
    rng = Rng(derive_seed(seed, index))
    rules = random_hazari_rules(rng)
    dealer = rng.randbelow(4)
    start: HazariState | HazariMatch
    if index % 10 == 9:
        start = HazariMatch.new(seed=rng.next_u64(), dealer=dealer, rules=rules)
    else:
        start = HazariState.new(seed=rng.next_u64(), dealer=dealer, rules=rules)
    bots = [DealView(_hazari_bot(rng)) for _ in range(4)]
    rngs = [rng.spawn() for _ in range(4)]
    seen = [0]

    def on_turn(state: Any, turn: Turn[Any]) -> None:
        seen[0] += 1
        if isinstance(state, HazariMatch):
            check_hazari_deal(state.current)
        else:
            check_hazari_deal(state)

    final: Any = play_game(start, bots, rngs, on_turn)
    if isinstance(final, HazariMatch):
        check_hazari_match(final)
        deals = len(final.deals)
        # every deal hands out 360 points, so the leader gains at least 90 per deal
        assert deals <= -(-rules.target // 90)
        assert seen[0] == 4 * deals
    else:
        check_hazari_deal(final)
        assert seen[0] == 4
        deals = 1
    return {"games": 1, "deals": deals, "actions": seen[0]}


def _azi_bot(rng: Rng) -> Any:
    roll = rng.randbelow(3000)
    if roll == 0:
        return SearchBot(playouts=8)  # slow, so rare and with a small budget
    return HeuristicBot() if roll % 2 else RandomBot()


def play_azi(index: int, seed: int) -> dict[str, int]:
    """Play Azi game ``index`` (every tenth a whole match) with random options and
    bots; check it."""
    rng = Rng(derive_seed(seed, index))
    start: AziState | AziMatch
    if index % 10 == 9:
        rules = random_match_rules(rng)
        start = AziMatch.new(rules, seed=rng.next_u64())
    else:
        rules = random_azi_rules(rng)
        start = AziState.new(rules, seed=rng.next_u64())
    bots = [_azi_bot(rng) for _ in range(rules.players)]
    rngs = [rng.spawn() for _ in range(rules.players)]
    check_rng = rng.spawn()
    seen = [0]
    games = rules.games_per_match if isinstance(start, AziMatch) else 1

    def on_turn(state: Any, turn: Turn[Any]) -> None:
        seen[0] += 1
        assert seen[0] <= AZI_ACTION_BOUND * games, "an Azi game does not terminate"
        game = state.current if isinstance(state, AziMatch) else state
        assert sum(game.balances) + game.pot == 0
        if check_rng.randbelow(8) == 0:
            check_azi(game)
            if isinstance(state, AziMatch):
                check_azi_match(state)

    final: Any = play_game(start, bots, rngs, on_turn)
    assert final.is_terminal and sum(final.returns()) == 0
    assert len(final.history) == seen[0]
    if isinstance(final, AziMatch):
        check_azi_match(final)
        assert len(final.games) == games
        deals = sum(game.deal_number + 1 for game in final.games)
    else:
        check_azi(final)
        deals = final.deal_number + 1
    return {"games": 1, "deals": deals, "actions": seen[0]}


def _run_chunk(play: Callable[[int, int], dict[str, int]], start: int, stop: int) -> dict[str, int]:
    totals = {"games": 0, "deals": 0, "actions": 0}
    for index in range(start, stop):
        for key, value in play(index, 2026).items():
            totals[key] += value
    return totals


def run_games(
    play: Callable[[int, int], dict[str, int]], games: int, workers: int
) -> dict[str, int]:
    """Play ``games`` games on ``workers`` processes; sum the counts."""
    size = max(1, min(500, games // (4 * workers)))
    chunks = [(start, min(games, start + size)) for start in range(0, games, size)]
    totals = {"games": 0, "deals": 0, "actions": 0}
    if workers == 1:
        parts = [_run_chunk(play, a, b) for a, b in chunks]
    else:
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_run_chunk, [play] * len(chunks), *zip(*chunks, strict=True)))
    for part in parts:
        for key, value in part.items():
            totals[key] += value
    return totals


@pytest.mark.parametrize("play", [play_hazari, play_azi], ids=["hazari", "azi"])
def test_soak_ci_size(play: Callable[[int, int], dict[str, int]]) -> None:
    totals = run_games(play, CI_GAMES, workers=1)
    assert totals["games"] == CI_GAMES
    assert totals["actions"] >= 4 * CI_GAMES if play is play_hazari else totals["actions"] > 0


@pytest.mark.soak
@pytest.mark.parametrize("play", [play_hazari, play_azi], ids=["hazari", "azi"])
def test_soak(play: Callable[[int, int], dict[str, int]]) -> None:
    began = time.perf_counter()
    totals = run_games(play, SOAK_GAMES, workers=os.cpu_count() or 1)
    elapsed = time.perf_counter() - began
    print(f"\nsoak {play.__name__}: {totals} in {elapsed:.1f} s")
    assert totals["games"] == SOAK_GAMES
