"""The bot ladder on the toy game: pairing, determinism, executors, JSON and the command."""

from __future__ import annotations

import json
import math
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import attrs
import pytest
from toy_game.bots import LowBot
from toy_game.game import ToyDefinition

from cardrules import registry
from cardrules.bots import RandomBot
from cardrules.cli import main
from cardrules.errors import CardRulesError, SimulationError
from cardrules.game import LegalActions
from cardrules.registry import BotFactory, Game, load_game
from cardrules.rng import Rng, derive_seed
from cardrules.runner import Stat
from cardrules.tournament import (
    BOOTSTRAP_STREAM,
    TournamentResult,
    lineup,
    play_pair,
    tournament,
)


class HighBot:
    """Plays its highest card first."""

    name = "high"

    def choose(self, observation: Any, legal_actions: LegalActions[Any], rng: Rng) -> Any:
        return max(legal_actions, key=lambda play: play.card.rank)


BOTS: dict[str, BotFactory] = {"random": RandomBot, "low": LowBot, "high": HighBot}


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._REGISTERED, "toy", ToyDefinition())


@pytest.fixture
def toy() -> Game:
    return load_game("toy")


def test_lineup_splits_the_seats_in_halves() -> None:
    assert lineup(2) == (0, 1)
    assert lineup(3) == (0, 1, 0)
    assert lineup(4) == (0, 1, 0, 1)
    assert lineup(5) == (0, 1, 0, 1, 0)


def test_the_replay_is_the_same_deal_with_the_roles_swapped(toy: Game) -> None:
    first, replay = play_pair(toy, LowBot, RandomBot, 12, seed=8)
    assert first.bot_names == ("low", "random", "low")
    assert replay.bot_names == ("random", "low", "random")
    for one, two in zip(first.games, replay.games, strict=True):
        assert one.seed == two.seed == derive_seed(8, one.index)
        assert one.seating == two.seating
        for seat in range(3):
            assert first.bot_names[one.seating[seat]] != replay.bot_names[two.seating[seat]]
    # every seat is held by each bot equally often over both runs
    held = Counter(
        (run.bot_names[game.seating[seat]], seat)
        for run in (first, replay)
        for game in run.games
        for seat in range(3)
    )
    assert set(held.values()) == {12}


def test_equal_bots_tie_exactly_on_every_deal(toy: Game) -> None:
    # Same deal, same random stream per seat: the replay is the same game, so the
    # luck of the deal cancels completely and only the bots could make a difference.
    result = tournament(toy, {"a": RandomBot, "b": RandomBot}, 30, seed=4)
    (pair,) = result.pairs
    assert (pair.difference.n, pair.difference.mean, pair.difference.sd) == (30, 0.0, 0.0)
    assert pair.first_return == pair.second_return


def make_low() -> LowBot:
    return LowBot()


def test_an_alias_reuses_the_games_with_the_same_figures(toy: Game) -> None:
    calls: list[tuple[int, int]] = []
    aliased = tournament(
        toy,
        {"random": RandomBot, "low": LowBot, "alias": LowBot},
        14,
        seed=7,
        progress=lambda d, t: calls.append((d, t)),
    )
    played = tournament(toy, {"random": RandomBot, "low": LowBot, "alias": make_low}, 14, seed=7)
    assert aliased == played
    assert aliased.pair("alias", "random") == attrs.evolve(
        aliased.pair("low", "random"), first="alias"
    )
    assert aliased.pair("low", "alias").difference == Stat.of([0.0] * 14)
    assert calls[-1] == (84, 84)
    # low-random and alias-random are the same games; low-alias needs no replay
    assert (aliased.total_games, aliased.played, played.played) == (84, 28 + 14, 84)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)
    first, replay = play_pair(toy, LowBot, LowBot, 5, seed=1)
    assert first is replay


def test_pair_figures_follow_from_the_games(toy: Game) -> None:
    result = tournament(toy, BOTS, 20, seed=6)
    first, replay = play_pair(toy, RandomBot, HighBot, 20, seed=6)
    a_returns, b_returns = [], []
    for one, two in zip(first.games, replay.games, strict=True):
        a = sum(r for s, r in enumerate(one.returns) if first.bot_names[one.seating[s]] == "random")
        a += sum(
            r for s, r in enumerate(two.returns) if replay.bot_names[two.seating[s]] == "random"
        )
        b = sum(one.returns) + sum(two.returns) - a
        a_returns.append(a / 3)
        b_returns.append(b / 3)
    pair = result.pair("random", "high")
    assert pair.first_return == Stat.of(a_returns)
    assert pair.second_return == Stat.of(b_returns)
    differences = [x - y for x, y in zip(a_returns, b_returns, strict=True)]
    assert pair.difference == Stat.of(differences)
    assert pair.bootstrap == Stat.bootstrap_interval(
        differences, Rng(derive_seed(6, BOOTSTRAP_STREAM, 1)), 2000
    )
    reverse = result.pair("high", "random")
    assert reverse.difference.mean == -pair.difference.mean
    assert reverse.bootstrap is not None and pair.bootstrap is not None
    assert reverse.bootstrap == (-pair.bootstrap[1], -pair.bootstrap[0])
    with pytest.raises(KeyError):
        result.pair("random", "nobody")


def test_standings_average_each_deal_over_the_opponents(toy: Game) -> None:
    result = tournament(toy, BOTS, 16, seed=2, bootstrap=False)
    assert [s.bot for s in result.standings] == sorted(
        result.bots, key=lambda bot: -next(s.edge.mean for s in result.standings if s.bot == bot)
    )
    for standing in result.standings:
        others = [
            result.pair(standing.bot, other) for other in result.bots if other != standing.bot
        ]
        assert standing.edge.n == 16
        assert standing.edge.mean == pytest.approx(
            sum(p.difference.mean for p in others) / len(others)
        )
        assert standing.mean_return.mean == pytest.approx(
            sum(p.first_return.mean for p in others) / len(others)
        )
        assert standing.bootstrap is None
    two = tournament(toy, {"random": RandomBot, "low": LowBot}, 16, seed=2)
    assert two.standings[0].edge == two.pair(two.standings[0].bot, two.standings[1].bot).difference


def test_deterministic_for_a_seed_and_the_same_on_every_executor(toy: Game) -> None:
    serial = tournament(toy, BOTS, 25, seed=11)
    assert tournament(toy, BOTS, 25, seed=11) == serial
    assert tournament(toy, BOTS, 25, seed=12) != serial
    with ThreadPoolExecutor(3) as pool:
        threads = tournament(toy, BOTS, 25, seed=11, executor=pool, chunk_size=4)
    with ProcessPoolExecutor(2) as pool:
        processes = tournament(toy, BOTS, 25, seed=11, executor=pool, chunk_size=7)
    assert threads == serial
    assert processes == serial
    assert threads.table() == serial.table()
    assert processes.to_json() == serial.to_json()


def test_progress_counts_every_game(toy: Game) -> None:
    calls: list[tuple[int, int]] = []
    result = tournament(
        toy, BOTS, 10, seed=1, chunk_size=5, progress=lambda d, t: calls.append((d, t))
    )
    assert result.total_games == 60
    assert [d for d, _ in calls] == list(range(5, 65, 5))
    assert {t for _, t in calls} == {60}


def test_json_round_trip(toy: Game) -> None:
    result = tournament(toy, BOTS, 12, seed=3)
    data = result.to_json()
    text = json.dumps(data, allow_nan=False)
    assert TournamentResult.from_json(data) == result
    assert TournamentResult.from_json(text) == result
    assert TournamentResult.from_json(text).table() == result.table()
    assert data["game"] == "toy" and load_game(data["game"]) == toy
    assert data["seats"] == [2, 1]
    pair = data["pairs"][0]
    assert pair["difference"]["low"] == pytest.approx(result.pairs[0].difference.low)
    # one deal: no interval, written as null and read back
    single = tournament(toy, BOTS, 1, seed=3)
    text = json.dumps(single.to_json(), allow_nan=False)
    assert json.loads(text)["pairs"][0]["difference"]["half_width"] is None
    back = TournamentResult.from_json(text)
    assert back == single
    assert "nan" not in single.table()
    with pytest.raises(CardRulesError):
        TournamentResult.from_json({"kind": "something else"})
    with pytest.raises(CardRulesError):
        TournamentResult.from_json({**data, "pairs": [{"first": "a"}]})


def test_table_labels_the_intervals(toy: Game) -> None:
    table = tournament(toy, BOTS, 12, seed=3).table()
    assert "Student's t 95% CI" in table
    assert "edge (95% CI)" in table and "difference 95% CI" in table
    assert "bootstrap 95% CI" in table
    assert "nan" not in table
    assert "bootstrap" not in tournament(toy, BOTS, 12, seed=3, bootstrap=False).table()


def test_bots_by_name_and_bad_arguments(toy: Game) -> None:
    by_name = tournament("toy", ["RANDOM", " low "], 8, seed=5)
    assert by_name.bots == ("random", "low")
    assert by_name == tournament(toy, {"random": RandomBot, "low": LowBot}, 8, seed=5)
    with pytest.raises(SimulationError, match="unknown toy bot"):
        tournament(toy, ["random", "genius"], 4)
    with pytest.raises(SimulationError, match="twice"):
        tournament(toy, ["random", "Random"], 4)
    with pytest.raises(SimulationError, match="at least two"):
        tournament(toy, ["random"], 4)
    with pytest.raises(SimulationError, match="games"):
        tournament(toy, BOTS, 0)
    with pytest.raises(CardRulesError):
        tournament(toy, BOTS, 3, seed=-1)
    with pytest.raises(SimulationError, match="list of names"):
        tournament(toy, "random,low", 3)


def test_two_seat_game_swaps_the_two_seats() -> None:
    game = load_game("toy", players=2)
    result = tournament(game, BOTS, 10, seed=9)
    assert result.seats == (1, 1)
    assert result.players == 2
    assert not math.isnan(result.pairs[0].difference.sd)


# The command line ---------------------------------------------------------------


@pytest.fixture
def only_toy(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command is tested on the toy game alone, apart from the big games."""
    monkeypatch.setattr(registry, "BUILTIN_GAMES", {})


@pytest.mark.usefixtures("only_toy")
def test_cli_prints_the_table_and_writes_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ladder.json"
    argv = ["tournament", "toy", "--bots", "Random,LOW,strong", "--games", "12", "--seed", "3"]
    assert main([*argv, "--json", str(out), "--quiet"]) == 0
    printed = capsys.readouterr()
    expected = tournament("toy", ["random", "low", "strong"], 12, seed=3)
    assert printed.out == expected.table() + "\n"
    assert printed.err == ""
    assert json.loads(out.read_text(encoding="utf-8")) == expected.to_json()
    assert main([*argv, "--jobs", "2", "--quiet"]) == 0
    assert capsys.readouterr().out == expected.table() + "\n"


@pytest.mark.usefixtures("only_toy")
def test_cli_defaults_to_every_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "toy", "--games", "4", "--players", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Ladder: toy(players=2), 2 players, seed 0")
    for name in ("random", "low", "strong"):
        assert f"  {name} " in out


@pytest.mark.usefixtures("only_toy")
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "random,genius"], "tournament: error: unknown toy bot 'genius'"),
        (["--bots", "random"], "at least two bots"),
        (["--bots", "low,LOW"], "tournament: error: --bots names 'low' twice"),
        (["--games", "0"], "--games must be from 1 to"),
        (["--jobs", "0"], "--jobs must be from 1 to"),
        (["--players", "7"], "toy is played by 2, 3 players, not 7"),
        (["--seed", "-3"], "seed -3"),
        (["--games", "many"], "invalid int value"),
    ],
)
def test_cli_bad_input_exits_2_with_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tournament", "toy", "--quiet", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err
    assert len(captured.err.strip().splitlines()) == 1


@pytest.mark.usefixtures("only_toy")
def test_cli_unwritable_json_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "missing" / "out.json"
    assert main(["tournament", "toy", "--games", "2", "--json", str(target)]) == 2
    assert "cannot write" in capsys.readouterr().err


@pytest.mark.usefixtures("only_toy")
def test_cli_help_describes_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["tournament", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for option in ("--bots", "--games", "--jobs", "--seed", "--players", "--json", "--quiet"):
        assert option in text
    assert "95% CI" in text
