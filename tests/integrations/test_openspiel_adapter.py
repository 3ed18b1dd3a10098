"""The OpenSpiel adapter, checked with OpenSpiel's own tools.

These tests need the ``openspiel`` extra (``pip install "cardrules[openspiel]"``)
and skip without it.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install 'cardrules[openspiel]'"
)
np = pytest.importorskip("numpy", reason="numpy comes with the openspiel extra")

import cardrules.integrations.openspiel as adapter  # noqa: E402
from cardrules import load_game  # noqa: E402
from cardrules.chance import ChanceState  # noqa: E402


def chance_step(state: Any, rng: random.Random) -> None:
    ids, probabilities = zip(*state.chance_outcomes(), strict=True)
    state.apply_action(rng.choices(ids, weights=probabilities)[0])


# ------------------------------------------------------------- registration


def test_the_games_are_registered_with_their_rule_options_as_parameters() -> None:
    names = pyspiel.registered_names()
    assert "cardrules_azi" in names and "cardrules_hazari" in names
    game = pyspiel.load_game("cardrules_azi(players=5,rounding=down)")
    assert game.num_players() == 5
    assert game.cardrules_game == load_game("azi", players=5, rounding="down")
    assert game.get_parameters()["max_deals"] == adapter.DEFAULT_MAX_DEALS
    spec = game.get_type().parameter_specification
    assert spec["players"] == 4 and spec["look_before_fold"] is False
    assert spec["suits"] == "DHS" and spec["rounding"] == "up"
    lbf = pyspiel.load_game("cardrules_azi(look_before_fold=true,ante=5)")
    assert lbf.cardrules_game.rules.look_before_fold is True
    assert lbf.cardrules_game.rules.ante == 5


def test_game_type_and_info_are_truthful() -> None:
    azi = pyspiel.load_game("cardrules_azi(players=4)")
    kind = azi.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (kind.min_num_players, kind.max_num_players) == (2, 6)
    assert azi.utility_sum() == 0.0
    assert azi.num_distinct_actions() == 105
    assert azi.max_chance_outcomes() == 27
    assert azi.observation_tensor_shape() == [azi.cardrules_game.observation_tensor_size]
    assert azi.information_state_tensor_shape() == [
        azi.cardrules_game.information_state_tensor_size
    ]
    hazari = pyspiel.load_game("cardrules_hazari")
    assert hazari.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert hazari.utility_sum() == 360.0
    assert (hazari.min_utility(), hazari.max_utility()) == (0.0, 360.0)
    assert hazari.num_distinct_actions() == 200_200
    assert hazari.max_chance_outcomes() == 52
    assert hazari.max_game_length() == 4


def test_azi_bounds_follow_the_documented_recurrence() -> None:
    rules = load_game("azi", players=3, ante=10, raise_cap=2, max_raise=5).rules
    one = adapter.azi_facts(rules, 1)
    bidding = 2 * 10 + 5 * 2 * 3 // 2  # 35
    assert (one.min_utility, one.max_utility) == (-(10 + bidding), 30 + bidding - 10)
    two = adapter.azi_facts(rules, 2)
    first_end = 30 + bidding
    assert two.max_utility == 3 * first_end + bidding - 10
    assert two.min_utility == -(10 + 2 * bidding + first_end)
    assert two.max_game_length == 2 * (9 * 3 - 1 + 2)


# ----------------------------------------------------------- OpenSpiel's tests


@pytest.mark.parametrize("players", [2, 4, 6])
def test_random_sim_test_passes_for_azi(players: int) -> None:
    game = pyspiel.load_game(f"cardrules_azi(players={players})")
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)


def test_random_sim_test_passes_for_azi_with_other_rules() -> None:
    game = pyspiel.load_game(
        "cardrules_azi(players=3,look_before_fold=true,raise_cap=0,max_deals=2)"
    )
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)


def test_random_sim_test_passes_for_hazari() -> None:
    game = pyspiel.load_game("cardrules_hazari(tie_rule=first)")
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_random_sim_test_passes_for_hazari_with_groups() -> None:
    game = pyspiel.load_game("cardrules_hazari(actions=groups)")
    assert game.num_distinct_actions() == 286 and game.max_game_length() == 12
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("spec", ["cardrules_azi(players=3)", "cardrules_hazari"])
def test_resampled_states_match_the_information_state(spec: str) -> None:
    """OpenSpiel's ResampleInfostateTest, in Python (the C++ one cannot see Python overrides)."""
    game = pyspiel.load_game(spec)
    rng = random.Random(5)
    for _ in range(4 if "azi" in spec else 1):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                chance_step(state, rng)
                continue
            for player in range(game.num_players()):
                other = state.resample_from_infostate(player, None)
                assert other.information_state_string(player) == state.information_state_string(
                    player
                )
                assert other.information_state_tensor(player) == state.information_state_tensor(
                    player
                )
                assert other.current_player() == state.current_player()
            state.apply_action(rng.choice(state.legal_actions()))


def test_chance_outcomes_are_pack_positions_with_exact_probabilities() -> None:
    game = pyspiel.load_game("cardrules_azi(players=2)")
    state = game.new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    pack = list(game.cardrules_game.rules.pack)
    outcomes = state.chance_outcomes()
    assert [action for action, _ in outcomes] == list(range(27))
    assert all(probability == float(Fraction(1, 27)) for _, probability in outcomes)
    state.apply_action(26)
    assert state.chance_state.drawn == (pack[26],)
    assert state.legal_actions() == list(range(26))
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 3) == f"deal {pack[3]}"


def test_states_clone_serialize_and_play_like_the_library() -> None:
    game = pyspiel.load_game("cardrules_azi(players=4)")
    rng = random.Random(11)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            chance_step(state, rng)
        else:
            inner = state.chance_state.inner
            assert state.legal_actions() == inner.legal_action_ids()
            assert state.returns() == [0.0] * 4
            state.apply_action(rng.choice(state.legal_actions()))
        copy = state.clone()
        assert str(copy) == str(state) and copy.history() == state.history()
        text = pyspiel.serialize_game_and_state(game, state)
        _, loaded = pyspiel.deserialize_game_and_state(text)
        assert loaded.chance_state == state.chance_state
    node = state.chance_state
    if not state.chance_state.is_chance_node and node.is_terminal:
        assert state.returns() == [float(r) for r in node.returns()]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert sum(state.returns()) == pytest.approx(0.0)


def test_an_azi_game_at_the_deal_bound_ends_and_shares_the_pot() -> None:
    game = pyspiel.load_game("cardrules_azi(players=5,max_deals=1)")
    rng = random.Random(0)
    for _ in range(300):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                chance_step(state, rng)
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        node = state.chance_state
        if not node.is_terminal:  # ended by the bound: the first deal was an Azi
            pot = node.inner.pot
            assert pot > 0
            returns = state.returns()
            # each return is the exact balance plus a fifth of the pot, rounded once
            assert returns == [float(b + Fraction(pot, 5)) for b in node.inner.balances]
            assert sum(returns) == pytest.approx(0.0)
            assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
            assert "bound" in str(state)
            return
    pytest.fail("no Azi in 300 random games")


def test_strings_and_tensors_come_from_the_observation() -> None:
    game = pyspiel.load_game("cardrules_azi(players=3)")
    state = game.new_initial_state()
    assert state.information_state_string(0) == ""
    assert not any(state.observation_tensor(1))
    rng = random.Random(2)
    while state.is_chance_node():
        chance_step(state, rng)
    observation = state.chance_state.inner.observation(1)
    assert state.observation_string(1) == str(observation)
    assert state.observation_tensor(1) == pytest.approx(
        game.cardrules_game.definition.observation_tensor(observation)
    )
    assert state.information_state_tensor(1) == pytest.approx(
        game.cardrules_game.definition.information_state_tensor(observation)
    )


def test_a_chance_state_from_the_library_plays_on_in_openspiel() -> None:
    game = pyspiel.load_game("cardrules_azi(players=2)")
    node = ChanceState.new(game.cardrules_game, dealer=0)
    state = game.state_from_chance_state(node)
    assert state.is_chance_node()


# ------------------------------------------------------------------- bots


def _play(game: Any, bots: dict[int, Any], seed: int) -> list[float]:
    chance = np.random.RandomState(seed)
    other = np.random.RandomState(seed + 1)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(chance.choice(ids, p=probabilities)))
            continue
        bot = bots.get(state.current_player())
        if bot is None:
            state.apply_action(int(other.choice(state.legal_actions())))
        else:
            state.apply_action(int(bot.step(state)))
    returns: list[float] = state.returns()
    return returns


def test_ismcts_and_mcts_bots_play_complete_azi_games() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("cardrules_azi(players=4)")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    for seed in range(3):
        bots = {
            0: ismcts.ISMCTSBot(
                game, evaluator, 10.0, 20, random_state=np.random.RandomState(seed)
            ),
            1: mcts.MCTSBot(game, 10.0, 20, evaluator, random_state=np.random.RandomState(seed)),
        }
        returns = _play(game, bots, seed)
        assert sum(returns) == pytest.approx(0.0)


def test_ismcts_beats_random_play() -> None:
    """Paired seeds: every deal is played twice, ISMCTS in each seat once.

    200 games of two-player Azi, 50 simulations a move. With these seeds ISMCTS wins
    about 7 chips a game, 4 standard errors above zero; a bot no better than random
    (a broken adapter or resampler) would pass with probability under 1 percent.
    """
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("cardrules_azi(players=2)")
    results = []
    for pair in range(100):
        for seat in (0, 1):
            evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(pair))
            bot = ismcts.ISMCTSBot(
                game, evaluator, 10.0, 50, random_state=np.random.RandomState(pair + 1)
            )
            results.append(_play(game, {seat: bot}, 1000 + pair)[seat])
    mean = float(np.mean(results))
    error = float(np.std(results, ddof=1) / np.sqrt(len(results)))
    assert mean > 2.5 * error, (mean, error)


@pytest.mark.parametrize(
    "spec",
    ["cardrules_azi(players=7)", "cardrules_azi(max_deals=0)", "cardrules_hazari(players=5)"],
)
def test_bad_parameters_raise_the_library_error(spec: str) -> None:
    from cardrules.errors import InvalidRulesError

    with pytest.raises(InvalidRulesError):
        pyspiel.load_game(spec)


def test_unknown_parameters_are_openspiel_errors() -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'foo'"):
        pyspiel.load_game("cardrules_azi(foo=1)")
