"""``cardrules engine serve BOT`` plays exactly as the bot does in process."""

from __future__ import annotations

import io
import json
import subprocess
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from cardrules import load_game
from cardrules.bot import LegalView
from cardrules.bots import RandomBot
from cardrules.engine import EngineBot, live_engines, serve
from cardrules.errors import EngineError
from cardrules.rng import Rng
from cardrules.runner import SimulationResult, play_game, simulate
from tests.engine.support import SERVE

BOTS = {"azi": "heuristic", "hazari": "greedy"}


def _returns(result: SimulationResult) -> list[tuple[int, tuple[int, ...], int]]:
    return [(game.seed, game.returns, game.turns) for game in result.games]


def _same_as_in_process(spec: str, bot: str, games: int, seed: int, **run: Any) -> None:
    game = load_game(spec)
    engine = EngineBot([*SERVE, bot], time_limit=120)
    local = [game.bots[bot]() for _ in range(game.num_players)]
    served = simulate(game, [engine, *local[1:]], games, seed=seed, rotate_seats=True, **run)
    alone = simulate(game, local, games, seed=seed, rotate_seats=True)
    assert served.faults == ()
    assert _returns(served) == _returns(alone)
    assert all(played.times[played.seating.index(0)] is not None for played in served.games)


@pytest.mark.parametrize("spec", ["azi", "hazari"])
def test_a_served_bot_plays_the_same_games_as_in_process(spec: str) -> None:
    _same_as_in_process(spec, BOTS[spec], games=4, seed=17)


def test_play_game_with_an_engine_reaches_the_same_end() -> None:
    game = load_game("azi(players=3)")
    rngs = [Rng(seat) for seat in range(3)]
    local = play_game(game.new_state(4), [RandomBot()] * 3, [Rng(seat) for seat in range(3)])
    engine = EngineBot([*SERVE, "random"], time_limit=120)
    try:
        served = play_game(game.new_state(4), [engine, RandomBot(), engine], rngs, game=str(game))
    finally:
        engine.close()
    assert served == local and live_engines() == ()


@pytest.mark.soak
@pytest.mark.parametrize("spec", ["azi", "hazari", "hazari(actions=groups)"])
@pytest.mark.parametrize("bot", ["random", "strong"])
def test_every_bot_serves_exactly_soak(spec: str, bot: str) -> None:
    _same_as_in_process(spec, bot, games=40 if bot == "random" else 8, seed=3)


@pytest.mark.soak
@pytest.mark.parametrize("spec", ["azi", "hazari"])
def test_the_done_when_run_on_two_jobs_soak(spec: str, tmp_path: Path) -> None:
    bot = BOTS[spec]
    engine = f"exec:{' '.join(SERVE)} {bot},{bot}"
    outputs = []
    for seats, jobs in ((engine, "1"), (engine, "2"), (bot, "1")):
        done = subprocess.run(
            [
                *SERVE[:3],
                "simulate",
                spec,
                "--bots",
                seats,
                "--games",
                "200",
                "--seed",
                "2024",
                "--format",
                "jsonl",
                "--quiet",
                "--jobs",
                jobs,
                "--time-limit",
                "600",
            ],
            capture_output=True,
            text=True,
            check=True,
        )
        rows = [json.loads(line) for line in done.stdout.splitlines()]
        assert not any(row.get("fault") for row in rows)
        outputs.append([(row["game"], row["seat"], row["return"]) for row in rows])
    assert outputs[0] == outputs[1] == outputs[2] and len(outputs[0]) == 800


@pytest.mark.soak
def test_engines_on_threads_and_processes_soak() -> None:
    with ThreadPoolExecutor(3) as threads:  # one engine object shared by threads
        _same_as_in_process("azi", "heuristic", games=30, seed=5, executor=threads, chunk_size=2)
    with ProcessPoolExecutor(2) as processes:
        _same_as_in_process("hazari", "greedy", games=30, seed=5, executor=processes, chunk_size=3)
    assert live_engines() == ()


@pytest.mark.soak
def test_engines_on_a_dask_cluster_soak() -> None:
    distributed = pytest.importorskip("dask.distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        _same_as_in_process("azi", "heuristic", 30, 9, executor=client.get_executor(), chunk_size=4)


# -- the engine's side in process -----------------------------------------------------------


def _serve(*messages: dict[str, Any]) -> list[dict[str, Any]]:
    text = b"".join(json.dumps(message).encode() + b"\n" for message in messages)
    out = io.BytesIO()
    assert serve(lambda game: RandomBot(), name="random", input=io.BytesIO(text), output=out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


HELLO = {"type": "hello", "protocol": "cardrules-engine", "version": "1.3"}


def test_the_engine_side_says_who_it_is_and_ignores_what_it_does_not_know() -> None:
    replies = _serve(HELLO, {"type": "news", "text": "a 1.4 dealer's message"}, {"type": "quit"})
    assert replies == [
        {
            "type": "engine",
            "protocol": "cardrules-engine",
            "version": "1.0",
            "name": "random",
            "author": "cardrules",
            "options": {},
            "legal_limit": 0,
        }
    ]


@pytest.mark.parametrize(
    ("message", "error"),
    [
        ({**HELLO, "version": "2.0"}, "the dealer speaks 'cardrules-engine' '2.0'"),
        ({"type": "decide", "observation": {}}, "a decision before a new game"),
        ({"type": "new_game", "game": "azi"}, "a new game needs a game spec and a seed"),
    ],
)
def test_the_engine_side_refuses_a_dealer_it_cannot_follow(
    message: dict[str, Any], error: str
) -> None:
    with pytest.raises(EngineError, match=error):
        _serve(message)


def test_the_engine_side_gives_the_legal_actions_of_the_observation() -> None:
    """The served bot's legal actions come from a state resampled from its observation:
    the acting seat's legal actions are those of every state it cannot tell apart."""
    for spec, seeds in (("azi", range(6)), ("hazari(actions=groups)", range(2)), ("hazari", [1])):
        game = load_game(spec)
        for seed in seeds:
            state = game.new_state(seed)
            rng = Rng(seed)
            while not state.is_terminal:
                seat = state.current_player
                assert seat is not None
                legal = state.legal_actions()
                again = game.resample(state.observation(seat), Rng(99)).legal_actions()
                assert type(again) is type(legal) and len(again) == len(legal)
                if len(legal) < 1000:
                    assert list(again) == list(legal)
                else:
                    picks = [rng.randbelow(len(legal)) for _ in range(20)]
                    assert [again[i] for i in picks] == [legal[i] for i in picks]
                    assert again.sample(Rng(seed)) == legal.sample(Rng(seed))  # type: ignore[attr-defined]
                state = state.apply(legal[rng.randbelow(len(legal))])


def test_a_served_game_bot_must_be_a_bot_of_some_game(capsys: pytest.CaptureFixture[str]) -> None:
    from cardrules.cli import main

    assert main(["engine", "serve", "nobody"]) == 2
    assert "unknown bot 'nobody'; the games' bots are" in capsys.readouterr().err


def test_the_serve_command_plays_a_bot_of_each_game_by_its_name(
    monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    from cardrules.cli import main

    state = load_game("hazari").new_state(3)
    seat = state.current_player
    assert seat is not None
    messages = [
        HELLO,
        {
            "type": "new_game",
            "game": "hazari",
            "rules": {},
            "players": 4,
            "seat": seat,
            "seed": 5,
            "time_limit": None,
        },
        {
            "type": "decide",
            "seat": seat,
            "turn": 0,
            "legal": {"count": 1, "ids": [], "text": []},
            "observation": state.observation(seat).to_json(),
            "time_limit": None,
        },
    ]
    stdin = io.TextIOWrapper(io.BytesIO(b"".join(json.dumps(m).encode() + b"\n" for m in messages)))
    monkeypatch.setattr("sys.stdin", stdin)
    assert main(["engine", "serve", "GREEDY"]) == 0
    replies = [json.loads(line) for line in capsysbinary.readouterr().out.splitlines()]
    greedy = load_game("hazari").bots["greedy"]()
    chosen = greedy.choose(state.observation(seat), LegalView(state.legal_actions()), Rng(5))
    assert replies[1] == {"type": "action", "id": state.action_id(chosen)}
