"""Regression tests for defects found in 0.1.0 by the adversarial sweep.

Each test here failed on 0.1.0; the loaders, parsers and wrong-typed calls have
their own modules (``test_loader_inputs``, ``tests/core/test_wrong_types``).
"""

from __future__ import annotations

from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any

import pytest

from cardrules import Rng, load_game
from cardrules.azi import Declare, Raise, new_game
from cardrules.bots import LegalView, RandomBot
from cardrules.errors import CardRulesError, IllegalActionError, SimulationError
from cardrules.runner import WINDOW, play_game, simulate


class UnhashableBot:
    name = "unhashable"

    def choose(self, observation: Any, legal_actions: Any, rng: Rng) -> Any:
        return [next(iter(legal_actions))]


class BrokenBot:
    name = "broken"

    def choose(self, observation: Any, legal_actions: Any, rng: Rng) -> Any:
        return observation.no_such_attribute


def test_membership_agrees_with_apply_for_wrong_typed_fields() -> None:
    with pytest.raises(IllegalActionError):
        Raise(12.0)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        Declare(raznomast=1)  # type: ignore[arg-type]
    state = new_game(4, seed=1)
    legal = state.legal_actions()
    for action in legal:
        assert action in legal
        state.apply(action)


@pytest.mark.parametrize("name", ["azi", "hazari"])
def test_a_bot_answering_nonsense_gets_a_package_error(name: str) -> None:
    game = load_game(name)
    seats = game.num_players
    with pytest.raises(IllegalActionError, match="unhashable"):
        play_game(game.new_state(1), [UnhashableBot()] * seats, [Rng(s) for s in range(seats)])
    with pytest.raises(SimulationError, match=r"'broken' in seat \d+ failed in .*AttributeError"):
        simulate(game, [BrokenBot()] * seats, 2, seed=1)


@pytest.mark.parametrize(("name", "other"), [("azi", "hazari"), ("hazari", "azi")])
def test_a_bot_of_another_game_is_a_simulation_error_naming_bot_and_game(
    name: str, other: str
) -> None:
    game = load_game(name)
    stranger = load_game(other).bots["strong"]()
    with pytest.raises(SimulationError, match=rf"in seat \d+ failed in {name.title()}State"):
        simulate(game, [stranger] * game.num_players, 1, seed=1)


def test_legal_actions_and_views_are_read_only() -> None:
    first = new_game(4, seed=1)
    legal = first.legal_actions()
    with pytest.raises(AttributeError):
        legal._items = ()  # type: ignore[attr-defined]
    view = LegalView(legal)
    with pytest.raises(AttributeError):
        view._actions = ()  # type: ignore[assignment]
    other = new_game(4, seed=2)
    assert len(other.legal_actions()) == 2
    assert list(view) == list(legal) == list(other.legal_actions())


class CountingExecutor(Executor):
    """Runs tasks in a thread pool and records the most ever unfinished at a submit.

    A future counts as finished once ``done()``: that is set before any waiter wakes,
    so the count never includes a task the runner has already seen finish (a done
    callback can run later than that, so counting with callbacks races).
    """

    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(2)
        self.unfinished: list[Future[Any]] = []
        self.peak = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.unfinished = [future for future in self.unfinished if not future.done()]
        self.peak = max(self.peak, len(self.unfinished) + 1)
        future = self.pool.submit(fn, *args, **kwargs)
        self.unfinished.append(future)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.pool.shutdown(wait, cancel_futures=cancel_futures)


def test_simulate_keeps_only_a_window_of_tasks_in_flight() -> None:
    executor = CountingExecutor()
    game = load_game("azi", players=2)
    result = simulate(
        game, [RandomBot(), RandomBot()], 600, seed=4, chunk_size=2, executor=executor
    )
    executor.shutdown()
    assert result.num_games == 600
    assert executor.peak <= WINDOW
    assert result == simulate(game, [RandomBot(), RandomBot()], 600, seed=4, chunk_size=2)


def test_simulate_refuses_absurd_game_counts_at_once() -> None:
    game = load_game("azi")
    for games in (10**23, -1, 1.5, True):
        with pytest.raises(SimulationError, match="games must be"):
            simulate(game, [RandomBot()] * 4, games, seed=1)  # type: ignore[arg-type]


def test_package_errors_are_value_errors() -> None:
    assert issubclass(SimulationError, CardRulesError)
    assert issubclass(CardRulesError, ValueError)


@pytest.mark.parametrize("name", ["azi", "hazari"])
def test_odd_digits_at_the_human_prompt_are_refused_not_fatal(
    name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    from cardrules.cli import main

    odd = ["²", "1²", "٣", "9" * 5000, "0"]
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in [*odd, "1"])))
    assert main(["play", name, "--seed", "3", "--human", "0"]) in (0, 1)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and "ValueError" not in out + err
    assert out.count("Not accepted:") >= len(odd)
    assert "999999999... (5000 digits) is not one of the choices" in out
