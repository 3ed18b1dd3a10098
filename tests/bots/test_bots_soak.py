"""Long legality runs for every bot (run with ``pytest --soak``)."""

from __future__ import annotations

import pytest

from cardrules.azi.bots import HeuristicBot, SearchBot
from cardrules.bots import Bot, RandomBot
from cardrules.hazari.bots import GreedyBot, SolverBot
from cardrules.registry import load_game
from cardrules.runner import simulate


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_azi_bots_stay_legal_over_many_games(players: int) -> None:
    bots: list[Bot] = [HeuristicBot(), RandomBot()] * 3
    result = simulate(
        load_game("azi", players=players), bots[:players], 5000, seed=players, rotate_seats=True
    )
    assert all(sum(game.returns) == 0 for game in result.games)
    bots[1] = SearchBot(playouts=8)
    result = simulate(
        load_game("azi", players=players), bots[:players], 200, seed=players, rotate_seats=True
    )
    assert all(sum(game.returns) == 0 for game in result.games)


@pytest.mark.soak
def test_hazari_bots_stay_legal_over_many_deals() -> None:
    bots = [SolverBot(), GreedyBot(), RandomBot(), GreedyBot()]
    result = simulate(load_game("hazari"), bots, 2000, seed=3, rotate_seats=True)
    assert all(sum(game.returns) == 360 for game in result.games)
