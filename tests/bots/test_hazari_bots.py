"""Hazari bots: legal arrangements from observations only, and a reproducible tournament."""

from __future__ import annotations

import io
import json
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest

from cardrules import load_game
from cardrules.bots import LegalView, RandomBot
from cardrules.cli import main
from cardrules.game import LegalActions
from cardrules.hazari.actions import Up
from cardrules.hazari.bots import GreedyBot, SolverBot
from cardrules.hazari.observation import HazariObservation
from cardrules.hazari.solver import best_arrangement, greedy_arrangement
from cardrules.hazari.state import HazariState
from cardrules.rng import Rng, derive_seed
from cardrules.runner import play_game, simulate


class Spy:
    """Checks that the wrapped bot sees only its own seat's observation, with no other hand."""

    def __init__(self, bot: Any, hands: list[tuple[Any, ...]]) -> None:
        self.bot = bot
        self.hands = hands

    def choose(self, observation: Any, legal_actions: LegalActions[Any], rng: Rng) -> Any:
        assert isinstance(observation, HazariObservation)
        assert isinstance(legal_actions, LegalView)
        text = json.dumps(observation.to_json())
        for seat, hand in enumerate(self.hands):
            if seat != observation.player:
                assert not any(f'"{card}' in text or f" {card}" in text for card in hand)
        return self.bot.choose(observation, legal_actions, rng)


def test_bots_only_see_their_own_hand() -> None:
    for seed in range(10):
        state = HazariState.new(seed=seed)
        hands = list(state.hands)
        bots = [Spy(GreedyBot(), hands), Spy(SolverBot(), hands), Spy(RandomBot(), hands)]
        final = play_game(state, [*bots, Spy(GreedyBot(), hands)], [Rng(seed)] * 4)
        assert sum(final.returns()) == 360


@pytest.mark.parametrize("bot", [GreedyBot(), SolverBot(), RandomBot()])
def test_every_bot_arranges_legally(bot: Any) -> None:
    for game in range(3 if isinstance(bot, RandomBot) else 12):
        seed = derive_seed(99, game)
        final = play_game(HazariState.new(seed=seed), [bot] * 4, [Rng(seed + s) for s in range(4)])
        assert final.is_terminal
        for turn in final.history:
            assert isinstance(turn.action, Up)
            assert turn.action.arrangement.cards == final.hands[turn.player]


def test_greedy_and_solver_play_the_library_functions() -> None:
    state = HazariState.new(seed=5, dealer=2)
    seat = state.current_player
    assert seat is not None
    seen = state.observation(seat)
    legal = state.legal_actions()
    assert GreedyBot().choose(seen, legal, Rng(0)) == Up(greedy_arrangement(state.hands[seat]))
    assert SolverBot().choose(seen, legal, Rng(0)) == Up(best_arrangement(state.hands[seat]))


def test_tournament_identical_across_executors() -> None:
    bots = [SolverBot(), GreedyBot(), GreedyBot(), GreedyBot()]
    serial = simulate(load_game("hazari"), bots, 12, seed=8, rotate_seats=True)
    with ThreadPoolExecutor(2) as pool:
        threads = simulate(load_game("hazari"), bots, 12, seed=8, rotate_seats=True, executor=pool)
    with ProcessPoolExecutor(2) as pool:
        processes = simulate(
            load_game("hazari"), bots, 12, seed=8, rotate_seats=True, executor=pool, chunk_size=5
        )
    assert serial == threads == processes
    assert all(sum(game.returns) == 360 for game in serial.games)


def test_records_replay_to_the_same_deal() -> None:
    out = io.StringIO()
    result = simulate(load_game("hazari"), [GreedyBot()] * 4, 3, seed=4, records=out)
    for line, game in zip(out.getvalue().splitlines(), result.games, strict=True):
        state = HazariState.from_json(line)
        assert state.returns() == game.returns


def test_play_hazari_as_a_human(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    state = HazariState.new(seed=11)
    mine = state.hands[2]
    wrong_group = " ".join(str(c) for c in mine[:12]) + " | x"
    answers = ["9", "AS KS QS", wrong_group, "2"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(answers) + "\n"))
    assert main(["play", "hazari", "--seed", "11", "--human", "2", "--bots", "greedy"]) == 0
    out = capsys.readouterr().out
    assert "You are seat 2. Your hand: " in out
    assert "  1. best: " in out
    assert "Not accepted: 9 is not one of the choices" in out
    assert "Not accepted: an arrangement is 4 groups separated by '|'" in out
    assert out.count("Not accepted:") == 3
    assert "seat 2 (you) arranges and says up." in out
    assert "Round 4" in out
    assert " holds " in out and out.count(" holds ") == 1


def test_play_hazari_between_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "hazari", "--seed", "2", "--bots", "solver,greedy,greedy,greedy"]) == 0
    out = capsys.readouterr().out
    assert out.count(" holds ") == 4
    assert out.count("arranges and says up.") == 4
    for number in range(1, 5):
        assert f"Round {number}: seat" in out
    assert "Points: seat 0 (solver)" in out
    assert out.strip().splitlines()[-1].startswith("Most points: ")


def test_hazari_bots_play_a_whole_match() -> None:
    from cardrules.hazari import HazariMatch, HazariRules
    from cardrules.rng import Rng

    match = HazariMatch.new(seed=4, rules=HazariRules(target=400))
    bots = (SolverBot(), GreedyBot(), GreedyBot(), GreedyBot())
    rng = Rng(0)
    while not match.is_terminal:
        player = match.current_player
        assert player is not None
        action = bots[player].choose(match.observation(player), match.legal_actions(), rng)
        assert action in match.legal_actions()
        match = match.apply(action)
    assert max(match.totals) >= 400
    assert sum(match.totals) == 360 * len(match.deals)
