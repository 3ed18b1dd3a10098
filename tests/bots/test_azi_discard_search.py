"""Azi's DiscardSearchBot (the registered strong bot): the heuristic everywhere but the
discard, where it takes the search's choice."""

from __future__ import annotations

from typing import Any

import pytest

from cardrules import load_game
from cardrules.azi import AziState, Phase
from cardrules.azi.bots import DiscardSearchBot, HeuristicBot, SearchBot
from cardrules.bots import LegalView
from cardrules.errors import InvalidStateError
from cardrules.rng import Rng, derive_seed


def _positions(players: int, games: int) -> list[tuple[AziState, int]]:
    game = load_game("azi", players=players)
    found = []
    heuristic = HeuristicBot()
    for index in range(games):
        state = game(derive_seed(31, players, index))
        assert isinstance(state, AziState)
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            if len(legal) > 1:
                found.append((state, seat))
            state = state.apply(heuristic.choose(state.observation(seat), legal, Rng(0)))
    return found


@pytest.mark.parametrize("players", [2, 4, 6])
def test_outside_the_discard_it_plays_the_heuristic(players: int) -> None:
    bot, heuristic = DiscardSearchBot(playouts=8), HeuristicBot()
    checked = 0
    for state, seat in _positions(players, 4):
        if state.phase is Phase.DISCARD:
            continue
        seen, legal = state.observation(seat), LegalView(state.legal_actions())
        assert bot.choose(seen, legal, Rng(1)) == heuristic.choose(seen, legal, Rng(1))
        checked += 1
    assert checked > 10


def test_the_discard_is_the_searchs_choice_legal_and_reproducible() -> None:
    bot = DiscardSearchBot(playouts=24)
    search = SearchBot(playouts=24, min_worlds=8, margin=0.0, cutoff=1.0)
    discards = [(s, seat) for s, seat in _positions(4, 3) if s.phase is Phase.DISCARD]
    assert len(discards) >= 6
    for number, (state, seat) in enumerate(discards):
        seen, legal = state.observation(seat), LegalView(state.legal_actions())
        choice = bot.choose(seen, legal, Rng(number))
        assert choice in state.legal_actions()
        assert choice == bot.choose(seen, legal, Rng(number))
        assert choice == search.choose(seen, legal, Rng(number))


def test_it_is_the_registered_strong_bot() -> None:
    game = load_game("azi", players=5)
    assert isinstance(game.bots["strong"](), DiscardSearchBot)
    assert DiscardSearchBot.name == "discard-search"
    assert repr(DiscardSearchBot()) == (
        "DiscardSearchBot(playouts=160, min_worlds=8, margin=0.0, cutoff=1.0)"
    )


@pytest.mark.parametrize("observation", [None, "discard", 3])
def test_a_foreign_observation_is_refused(observation: Any) -> None:
    state = load_game("azi", players=3)(2)
    with pytest.raises(InvalidStateError, match="DiscardSearchBot plays from an Azi observation"):
        DiscardSearchBot().choose(observation, LegalView(state.legal_actions()), Rng(0))
