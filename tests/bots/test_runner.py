"""The simulation runner: seeding, seating, statistics, records and executors."""

from __future__ import annotations

import io
import json
import math
import statistics
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest
from toy_game.state import ToyObservation, ToyState

from cardrules.bot import bot_name
from cardrules.bots import LegalView, RandomBot
from cardrules.dealing import Dealing
from cardrules.errors import IllegalActionError
from cardrules.game import LegalActions
from cardrules.record import dump_json
from cardrules.rng import Rng, derive_seed
from cardrules.runner import BOT_STREAM, SimulationError, Stat, play_game, simulate


class HighBot:
    """Plays its highest card: a deterministic, slightly better than random bot."""

    name = "high"

    def choose(self, observation: Any, legal_actions: LegalActions[Any], rng: Rng) -> Any:
        return max(legal_actions, key=lambda play: play.card.rank)


class SpyBot:
    """Checks that it is only ever handed an observation and a view of the legal actions."""

    name = "spy"

    def choose(self, observation: Any, legal_actions: LegalActions[Any], rng: Rng) -> Any:
        if not isinstance(observation, ToyObservation):
            raise TypeError(f"got {type(observation).__name__}, not an observation")
        if not isinstance(legal_actions, LegalView):
            raise TypeError(f"got {type(legal_actions).__name__}, not a LegalView")
        if any(isinstance(v, ToyState) for v in vars_of(legal_actions)):
            raise TypeError("the legal actions expose the state")
        visible = json.dumps(observation.to_json())
        if len(observation.hand) != observation.hand_sizes[observation.player]:
            raise TypeError("hand does not match its size")
        return RandomBot().choose(observation, legal_actions, rng) if visible else None


def vars_of(obj: object) -> list[object]:
    return [getattr(obj, name) for name in getattr(type(obj), "__slots__", ())]


class Cheat:
    name = "cheat"

    def choose(self, observation: Any, legal_actions: LegalActions[Any], rng: Rng) -> Any:
        return "not a card"


def new_toy(seed: int) -> ToyState:
    return ToyState.with_dealing(Dealing(seed=seed), 3)


def new_toy2(seed: int) -> ToyState:
    return ToyState.with_dealing(Dealing(seed=seed), 2)


BOTS = (HighBot(), RandomBot(), RandomBot())


def test_results_identical_across_executors() -> None:
    serial = simulate(new_toy, BOTS, 37, seed=5, rotate_seats=True, chunk_size=4)
    with ThreadPoolExecutor(3) as pool:
        threads = simulate(new_toy, BOTS, 37, seed=5, rotate_seats=True, executor=pool)
    with ProcessPoolExecutor(2) as pool:
        processes = simulate(
            new_toy, BOTS, 37, seed=5, rotate_seats=True, executor=pool, chunk_size=3
        )
    assert serial == threads == processes
    assert [g.index for g in serial.games] == list(range(37))
    assert serial.per_bot == processes.per_bot
    assert serial.table() == processes.table()


def test_records_identical_across_executors_and_replay() -> None:
    out_serial, out_pool = io.StringIO(), io.StringIO()
    result = simulate(new_toy, BOTS, 12, seed=9, records=out_serial, chunk_size=5)
    with ThreadPoolExecutor(4) as pool:
        simulate(new_toy, BOTS, 12, seed=9, records=out_pool, executor=pool, chunk_size=2)
    assert out_serial.getvalue() == out_pool.getvalue()
    lines = out_serial.getvalue().splitlines()
    assert len(lines) == 12
    for line, game in zip(lines, result.games, strict=True):
        state = ToyState.from_json(line)
        assert state.returns() == game.returns
        assert state.is_terminal
        record = json.loads(line)
        assert record.pop("seats") == [bot_name(BOTS[bot]) for bot in game.seating]
        assert dump_json(state.to_json()) == dump_json(record)


def test_seeds_and_bot_streams_follow_the_documented_derivation() -> None:
    result = simulate(new_toy2, (RandomBot(), RandomBot()), 6, seed=77)
    for game in result.games:
        assert game.seed == derive_seed(77, game.index)
        state = ToyState.with_dealing(Dealing(seed=game.seed), 2)
        rngs = [Rng(derive_seed(77, BOT_STREAM + game.index, b)) for b in range(2)]
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            legal = list(state.legal_actions())
            state = state.apply(legal[rngs[seat].randbelow(len(legal))])
        assert state.returns() == game.returns


def test_seat_rotation_is_balanced() -> None:
    result = simulate(new_toy, BOTS, 9, seed=1, rotate_seats=True)
    for bot in range(3):
        seats = [game.seating.index(bot) for game in result.games]
        assert sorted(seats) == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    fixed = simulate(new_toy, BOTS, 9, seed=1)
    assert {game.seating for game in fixed.games} == {(0, 1, 2)}


def test_per_bot_and_per_seat_match_the_game_results() -> None:
    result = simulate(new_toy, BOTS, 30, seed=3, rotate_seats=True)
    for bot, stat in enumerate(result.per_bot):
        expected = []
        for game in result.games:
            for seat, who in enumerate(game.seating):
                if who == bot:
                    expected.append(game.returns[seat])
        assert stat == Stat.of(expected)
        assert stat.n == 30
    for seat, stat in enumerate(result.per_seat):
        assert stat == Stat.of([g.returns[seat] for g in result.games])
    assert all(sum(g.returns) == 0 for g in result.games)


def test_stat_matches_a_naive_t_interval() -> None:
    values = (3, -1, 4, 1, -5, 9, 2, 6)
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    t7 = 2.3646242510102993  # t(0.975, 7)
    stat = Stat.of(values)
    assert stat.mean == pytest.approx(mean)
    assert stat.sd == pytest.approx(sd)
    assert stat.low == pytest.approx(mean - t7 * sd / math.sqrt(n))
    assert stat.high == pytest.approx(mean + t7 * sd / math.sqrt(n))
    assert math.isnan(Stat.of([1]).half_width)
    assert math.isnan(Stat.of([]).mean)
    assert stat.sd == pytest.approx(statistics.stdev(values))


def test_table_labels_intervals_and_shows_n_a_without_them() -> None:
    table = simulate(new_toy, BOTS, 1, seed=2).table()
    lines = table.splitlines()
    assert lines[0] == "1 game; ± and intervals: Student's t 95% CI"
    assert "95% CI" in lines[1]
    assert "nan" not in table
    assert all(line.endswith("n/a") for line in lines[2:5])
    empty = simulate(new_toy, BOTS, 0).table()
    assert "nan" not in empty
    assert empty.splitlines()[2].split()[1:] == ["n/a", "n/a", "n/a"]
    many = simulate(new_toy, BOTS, 30, seed=2, rotate_seats=True)
    for line, stat in zip(many.table().splitlines()[2:5], many.per_bot, strict=True):
        assert line.split()[1:] == [
            f"{stat.mean:.2f}",
            f"{stat.half_width:.2f}",
            f"[{stat.low:.2f},",
            f"{stat.high:.2f}]",
        ]


def test_progress_reports_every_chunk_up_to_the_total() -> None:
    calls: list[tuple[int, int]] = []
    simulate(new_toy, BOTS, 10, seed=2, chunk_size=3, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(3, 10), (6, 10), (9, 10), (10, 10)]
    calls.clear()
    with ThreadPoolExecutor(2) as pool:
        simulate(
            new_toy,
            BOTS,
            10,
            seed=2,
            chunk_size=4,
            executor=pool,
            progress=lambda d, t: calls.append((d, t)),
        )
    done = [d for d, _ in calls]
    assert len(done) == 3
    assert done == sorted(set(done))
    assert done[-1] == 10
    assert all(total == 10 for _, total in calls)


def test_bots_only_see_observations() -> None:
    result = simulate(new_toy, (SpyBot(), SpyBot(), HighBot()), 20, seed=4, rotate_seats=True)
    assert result.num_games == 20


def test_observations_hide_other_hands() -> None:
    state = ToyState.with_dealing(Dealing(seed=8), 3)
    for player in range(3):
        text = json.dumps(state.observation(player).to_json())
        for other in range(3):
            for card in state.hands[other]:
                assert (str(card) in text) == (other == player)


def test_illegal_choice_is_reported_with_the_bot_name() -> None:
    with pytest.raises(IllegalActionError, match="cheat"):
        simulate(new_toy, (Cheat(), HighBot(), HighBot()), 1)
    with pytest.raises(IllegalActionError, match="cheat"):
        play_game(new_toy(1), [Cheat(), HighBot(), HighBot()], [Rng(1)] * 3)


def test_bad_arguments() -> None:
    with pytest.raises(SimulationError, match="3 seats but 2 bots"):
        simulate(new_toy, (HighBot(), HighBot()), 1)
    with pytest.raises(SimulationError, match="games"):
        simulate(new_toy, BOTS, -1)
    with pytest.raises(SimulationError, match="chunk_size"):
        simulate(new_toy, BOTS, 3, chunk_size=0)
    assert simulate(new_toy, BOTS, 0).num_games == 0


def test_the_runner_and_the_bot_interface_import_no_game() -> None:
    import subprocess
    import sys

    code = (
        "import sys, cardrules.runner, cardrules.bots\n"
        "games = [m for m in sys.modules if m.startswith(('cardrules.hazari', 'cardrules.azi'))]\n"
        "print(games)\n"
        "from cardrules.azi.bots import SearchBot\n"
        "from cardrules.hazari.bots import GreedyBot\n"
        "print(GreedyBot.__module__, SearchBot.__module__, 'SolverBot' in dir(cardrules.bots))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.splitlines() == ["[]", "cardrules.hazari.bots cardrules.azi.bots False"]
