"""Azi's ModelResampler: worlds that agree with the observation and that the model explains.

The positions come from games of heuristic bots (and, for the fallback, random
bots). Each check replays a returned world from its first deal on its own, with
the heuristic asked at every decision of another player, so the test does not
reuse the resampler's replay.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardrules import load_game
from cardrules.azi import AziState, Discard, resample
from cardrules.azi.bots import HeuristicBot, InferenceBot
from cardrules.azi.inference import ModelResampler
from cardrules.bots import RandomBot
from cardrules.dealing import Dealing
from cardrules.errors import InvalidStateError
from cardrules.rng import Rng, derive_seed


def _positions(players: int, games: int, bot: Any) -> list[tuple[AziState, int]]:
    """(state, seat) before every decision with a choice, in seeded games of ``bot``."""
    game = load_game("azi", players=players)
    found = []
    for index in range(games):
        state = game(derive_seed(77, players, index))
        assert isinstance(state, AziState)
        rng = Rng(index)
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            if len(legal) > 1:
                found.append((state, seat))
            state = state.apply(bot.choose(state.observation(seat), legal, rng))
    return found


def _misses(world: AziState, me: int) -> tuple[int, int]:
    """(discards, other actions) of other players in the current deal that the
    heuristic would not have taken."""
    decks = Dealing(decks=world.dealing.decks)
    state = AziState.new(world.rules, dealer=world.first_dealer, dealing=decks)
    heuristic = HeuristicBot()
    discards = others = 0
    for turn in world.history:
        legal = state.legal_actions()
        if turn.player != me and len(legal) > 1 and state.deal_number == world.deal_number:
            expected = heuristic.choose(state.observation(turn.player), legal, Rng(0))
            if expected != turn.action:
                if isinstance(turn.action, Discard):
                    discards += 1
                else:
                    others += 1
        state = state.apply(turn.action)
    assert state == world
    return discards, others


@pytest.mark.parametrize("players", [3, 4])
def test_worlds_agree_with_the_observation_and_the_heuristic_explains_them(players: int) -> None:
    resampler = ModelResampler(model=HeuristicBot(), tries=12)
    explained = plain_explained = 0
    positions = _positions(players, 3, HeuristicBot())[::3]
    for number, (state, seat) in enumerate(positions):
        seen = state.observation(seat)
        world = resampler(seen, Rng(number))
        assert world.observation(seat) == seen
        explained += _misses(world, seat) == (0, 0)
        plain_explained += _misses(resample(seen, Rng(number)), seat) == (0, 0)
    # the true state is one explanation; uniform draws rarely are
    assert explained >= 0.8 * len(positions)
    assert plain_explained <= 0.6 * len(positions)


def test_the_draw_is_deterministic_for_a_given_rng() -> None:
    resampler = ModelResampler(model=HeuristicBot(), tries=4)
    for number, (state, seat) in enumerate(_positions(4, 1, HeuristicBot())[::4]):
        seen = state.observation(seat)
        assert resampler(seen, Rng(number)) == resampler(seen, Rng(number))


def test_against_players_the_model_cannot_explain_it_still_returns_a_consistent_world() -> None:
    resampler = ModelResampler(model=HeuristicBot(), tries=2)
    for number, (state, seat) in enumerate(_positions(4, 2, RandomBot())[::5]):
        seen = state.observation(seat)
        world = resampler(seen, Rng(number))
        assert world.observation(seat) == seen


def test_one_try_without_discards_to_set_is_a_plain_uniform_draw() -> None:
    # before any discard nothing is set and no decision of another player can miss
    # except folds, which the heuristic never makes: the first draw is kept
    state = load_game("azi", players=4)(5)
    assert isinstance(state, AziState) and state.current_player is not None
    seen = state.observation(state.current_player)
    world = ModelResampler(model=HeuristicBot(), tries=1)(seen, Rng(9))
    assert world == resample(seen, Rng(9))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"model": HeuristicBot(), "tries": 0}, "tries must be a positive int, got 0"),
        ({"model": HeuristicBot(), "tries": True}, "tries must be a positive int"),
        ({"model": "heuristic"}, "model must be a bot, got 'heuristic'"),
    ],
)
def test_bad_options_are_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidStateError, match=message):
        ModelResampler(**options)


def test_bad_arguments_are_refused() -> None:
    resampler = ModelResampler(model=HeuristicBot())
    state = load_game("azi", players=3)(1)
    with pytest.raises(InvalidStateError, match="expected an AziObservation"):
        resampler(state, Rng(0))  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError, match="rng must be a cardrules Rng"):
        resampler(state.observation(1), 3)  # type: ignore[arg-type]


def test_the_inference_bot_plays_legally_and_reproducibly() -> None:
    bot = InferenceBot(playouts=24)
    for state, seat in _positions(4, 1, HeuristicBot())[::4]:
        seen = state.observation(seat)
        choice = bot.choose(seen, state.legal_actions(), Rng(1))
        assert choice in state.legal_actions()
        assert choice == bot.choose(seen, state.legal_actions(), Rng(1))
