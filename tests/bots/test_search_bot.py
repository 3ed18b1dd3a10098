"""Search bots: legal, reproducible, blind to hidden cards, and stronger than random."""

from __future__ import annotations

import math
import statistics
from typing import Any

import pytest

from cardrules import load_game
from cardrules.azi import AziObservation, AziRules, AziState, Phase, resample
from cardrules.azi.bots import HeuristicBot, SearchBot, TreeSearchBot
from cardrules.bots import RandomBot
from cardrules.game import LegalActions
from cardrules.rng import Rng, derive_seed
from cardrules.runner import play_game

TINY: list[Any] = [TreeSearchBot(iterations=6), SearchBot(playouts=6, min_worlds=2)]


class SpyResampler:
    """The Azi resampler, counting its calls and checking it only ever gets observations."""

    def __init__(self) -> None:
        self.calls = 0
        self.seen: list[AziObservation] = []

    def __call__(self, observation: Any, rng: Rng) -> AziState:
        assert isinstance(observation, AziObservation)
        self.calls += 1
        self.seen.append(observation)
        return resample(observation, rng)


class Recorder:
    """Wraps a bot: checks each answer is legal and notes the phases it decided in."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.phases: set[Phase] = set()

    def choose(self, observation: Any, legal_actions: LegalActions[Any], rng: Rng) -> Any:
        action = self.bot.choose(observation, legal_actions, rng)
        assert action in legal_actions
        if len(legal_actions) > 1:
            self.phases.add(observation.phase)
        return action


def decision_points(players: int, games: int) -> list[tuple[AziObservation, Any]]:
    """Observations and legal actions with a real choice, from heuristic games."""
    points = []
    heuristic = HeuristicBot()
    for game in range(games):
        state = load_game("azi", players=players)(derive_seed(77, game))
        rng = Rng(game)
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            seen = state.observation(seat)
            legal = state.legal_actions()
            if len(legal) > 1:
                points.append((seen, legal))
            state = state.apply(heuristic.choose(seen, legal, rng))
    return points


@pytest.mark.parametrize("bot", TINY, ids=lambda bot: bot.name)
@pytest.mark.parametrize("players", [3, 4])
def test_only_legal_actions_in_every_phase(bot: Any, players: int) -> None:
    recorders = [Recorder(bot if seat == 0 else HeuristicBot()) for seat in range(players)]
    for game in range(8):
        seed = derive_seed(players, game)
        rngs = [Rng(derive_seed(seed, 1, seat)) for seat in range(players)]
        for shift in range(players):
            seated = recorders[shift:] + recorders[:shift]
            final = play_game(load_game("azi", players=players)(seed), seated, rngs)
            assert sum(final.returns()) == 0
    expected = {Phase.DISCARD, Phase.BIDDING, Phase.DECLARATIONS, Phase.PLAY, Phase.FOLD}
    assert expected <= recorders[0].phases


@pytest.mark.parametrize("bot", TINY, ids=lambda bot: bot.name)
def test_single_choice_is_instant(bot: Any) -> None:
    spy = SpyResampler()
    bot = type(bot)(resample=spy)
    state = load_game("azi", players=3)(5)
    while len(state.legal_actions()) != 1:
        state = state.apply(state.legal_actions()[0])
    seat = state.current_player
    assert seat is not None
    action = bot.choose(state.observation(seat), state.legal_actions(), Rng(1))
    assert action == state.legal_actions()[0]
    assert spy.calls == 0


@pytest.mark.parametrize(
    "make",
    [lambda: TreeSearchBot(iterations=30), lambda: SearchBot(playouts=30)],
    ids=["ismcts", "pimc"],
)
def test_deterministic_for_a_given_rng(make: Any) -> None:
    points = decision_points(4, 2)[::5]
    first = [make().choose(seen, legal, Rng(9)) for seen, legal in points]
    again = [make().choose(seen, legal, Rng(9)) for seen, legal in points]
    assert first == again


@pytest.mark.parametrize("kind", [TreeSearchBot, SearchBot])
def test_uses_only_the_observation_and_the_resampler(kind: Any) -> None:
    spy = SpyResampler()
    bot = kind(**({"iterations": 20} if kind is TreeSearchBot else {"playouts": 20}), resample=spy)
    checked = 0
    for seen, legal in decision_points(4, 2)[::4]:
        # A second real state that differs from the first only in cards this player cannot see.
        other = resample(seen, Rng(derive_seed(5, checked)))
        assert other.observation(seen.player) == seen
        calls = spy.calls
        first = bot.choose(seen, legal, Rng(3))
        assert spy.calls > calls
        assert all(observation == seen for observation in spy.seen[calls:])
        second = bot.choose(other.observation(seen.player), other.legal_actions(), Rng(3))
        assert first == second
        checked += 1
    assert checked >= 5


def test_hidden_cards_differ_but_decisions_do_not() -> None:
    # Two full states with equal observations for seat 1 but different hidden hands.
    state = AziState.new(AziRules(players=4), seed=11)
    heuristic = HeuristicBot()
    while state.current_player != 1 or len(state.legal_actions()) == 1:
        seen = state.observation(state.current_player or 0)
        state = state.apply(heuristic.choose(seen, state.legal_actions(), Rng(0)))
    seen = state.observation(1)
    twin = next(
        world for k in range(50) if (world := resample(seen, Rng(k))).hands[2] != state.hands[2]
    )
    assert twin.observation(1) == seen
    bot = SearchBot(playouts=24)
    assert bot.choose(seen, state.legal_actions(), Rng(4)) == bot.choose(
        twin.observation(1), twin.legal_actions(), Rng(4)
    )


def test_beats_random_in_a_paired_test() -> None:
    """Seat by seat, the search bot against a random bot at a random table, same seeds.

    The test fails when the lower end of the 95% interval of the paired gain is not
    above zero, so a search bot no better than random fails it.
    """
    players = 3
    bot = SearchBot(playouts=24)
    field = RandomBot()
    diffs = []
    for index in range(45):
        seed = derive_seed(2024, index)
        seat = index % players
        results = []
        for candidate in (bot, field):
            bots: list[Any] = [field] * players
            bots[seat] = candidate
            rngs = [Rng(derive_seed(seed, 1, s)) for s in range(players)]
            results.append(
                play_game(load_game("azi", players=players)(seed), bots, rngs).returns()[seat]
            )
        diffs.append(results[0] - results[1])
    mean = statistics.fmean(diffs)
    error = statistics.stdev(diffs) / math.sqrt(len(diffs))
    assert mean - 1.96 * error > 0, (mean, error)
