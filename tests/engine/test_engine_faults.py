"""Misbehaving engines in a ladder: each fault costs its game only, is reported with the
engine, the seat, the game and the seed, and leaves no process behind."""

from __future__ import annotations

import io
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardrules import load_game
from cardrules.bots import RandomBot
from cardrules.engine import live_engines
from cardrules.errors import SimulationError
from cardrules.rng import derive_seed
from cardrules.runner import SimulationResult, simulate
from cardrules.seats import Fault
from cardrules.tournament import tournament
from tests.engine.support import SCRIPT, misbehaving, recorded, wait_gone

GAME = "azi(players=2)"

EXPECTED = {
    "exit": "crash",
    "exit-mid": "crash",
    "sleep": "timeout",
    "endless": "overlong",
    "garbage": "malformed",
    "illegal": "illegal",
    "version": "version",
}


@pytest.mark.parametrize("mode", EXPECTED)
def test_a_misbehaving_engine_forfeits_each_game_it_spoils_and_the_ladder_goes_on(
    mode: str, tmp_path: Path
) -> None:
    limit = 1.0 if mode == "sleep" else 30.0  # an hour's sleep against a second's limit
    bot = misbehaving(mode, tmp_path, limit)
    game = load_game(GAME)
    start = time.monotonic()
    result = tournament(game, {"bad": lambda: bot, "random": RandomBot}, games=2, seed=3)
    assert time.monotonic() - start < 120
    assert result.total_games == 4
    assert result.faults, "the engine spoiled no game"
    for forfeit in result.faults:
        fault = forfeit.fault
        assert (fault.kind, fault.bot) == (EXPECTED[mode], "bad")
        assert fault.seed == derive_seed(3, fault.game) and fault.seat in (0, 1)
        assert (forfeit.first, forfeit.second) == ("bad", "random")
    table = result.table()
    assert "Forfeits" in table and f"{EXPECTED[mode]}: " in table
    assert type(result).from_json(result.to_json()) == result
    pids = recorded(tmp_path)
    assert len(pids) >= len(result.faults), "a faulted engine is restarted for the next game"
    assert wait_gone(pids) == []
    assert live_engines() == ()


def test_the_report_quotes_what_the_engine_wrote_on_its_way_out(tmp_path: Path) -> None:
    result = simulate(
        load_game(GAME), [misbehaving("exit-mid", tmp_path), RandomBot()], games=4, seed=3
    )
    faults = result.faults
    assert faults and all("boom: the engine gave up" in fault.detail for fault in faults)
    assert all("exited with status 3" in fault.detail for fault in faults)


def test_a_forfeited_game_is_scored_by_the_forfeit_rule_and_recorded(tmp_path: Path) -> None:
    game = load_game(GAME)
    records = io.StringIO()
    bots = [misbehaving("illegal", tmp_path), RandomBot()]
    result = simulate(game, bots, games=3, seed=8, records=records)
    for played, line in zip(result.games, records.getvalue().splitlines(), strict=True):
        fault = played.fault
        assert fault is not None and played.columns == ()
        state = game.state_from_json(line)  # the record holds the game up to the forfeit
        assert state.current_player == fault.seat and len(state.history) == played.turns
        assert played.returns == state.forfeit_returns(fault.seat)  # type: ignore[attr-defined]
        assert sum(played.returns) == 0 and played.returns[fault.seat] < 0
        rows = [row for row in result.to_rows() if row["game"] == played.index]
        assert [row["fault"] for row in rows] == [
            "illegal" if seat == fault.seat else None for seat in range(2)
        ]
        assert rows[fault.seat]["time"] is not None and rows[1 - fault.seat]["time"] is None
    again = SimulationResult.from_json(result.to_json())
    assert again == result and again.faults == result.faults
    assert "3 forfeits (3 illegal):" in result.table()


def test_a_good_engine_plays_every_game_by_id_or_by_text(tmp_path: Path) -> None:
    game = load_game(GAME)
    for mode in ("good", "text"):
        result = simulate(game, [misbehaving(mode, tmp_path), RandomBot()], games=4, seed=2)
        assert result.faults == ()
        assert all(played.times[0] is not None for played in result.games)
    assert len(recorded(tmp_path)) == 2, "one process plays every game of a run"
    assert wait_gone(recorded(tmp_path)) == []


DEALER = """
import sys, time
from cardrules.engine import EngineProcess
process = EngineProcess([sys.executable, {script!r}, "deaf", {pids!r}])
print(process.pid, flush=True)
time.sleep(3600)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the guard is Linux's")
def test_an_engine_dies_with_its_dealer_even_when_the_dealer_is_killed(tmp_path: Path) -> None:
    code = DEALER.format(script=str(SCRIPT), pids=str(tmp_path))
    dealer = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert dealer.stdout is not None
        group = int(dealer.stdout.readline())
        end = time.monotonic() + 30
        while not recorded(tmp_path) and time.monotonic() < end:
            time.sleep(0.02)
        engines = recorded(tmp_path)
        assert len(engines) == 1 and wait_gone(engines, 0.2) == engines, "the engine is running"
    finally:
        dealer.send_signal(signal.SIGKILL)  # as a process pool kills its workers
        dealer.wait()
    assert wait_gone([*engines, group]) == []


@pytest.mark.parametrize("jobs", ["1", pytest.param("2", marks=pytest.mark.soak)])
def test_ctrl_c_stops_the_command_and_its_engines(tmp_path: Path, jobs: str) -> None:
    command = f"exec:{sys.executable} {SCRIPT} sleep {tmp_path}"
    cli = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cardrules",
            "simulate",
            GAME,
            "--bots",
            f"{command},random",
            "--games",
            "8",
            "--quiet",
            "--time-limit",
            "600",
            "--jobs",
            jobs,
        ],
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        end = time.monotonic() + 60
        while len(recorded(tmp_path)) < int(jobs) and time.monotonic() < end:
            time.sleep(0.05)
        time.sleep(0.5)  # the engines are asked for their first decision, and sleep
    finally:
        cli.send_signal(signal.SIGINT)
        _, err = cli.communicate(timeout=60)
    assert cli.returncode == 130, err
    assert len(recorded(tmp_path)) >= int(jobs)
    assert wait_gone(recorded(tmp_path)) == []


def test_a_fault_names_what_a_replay_needs() -> None:
    fault = Fault("timeout", "did not answer within 1 s", "bad", 1, 5, 77)
    assert str(fault) == (
        "bad in seat 1 forfeits game 5 (seed 77): timeout: did not answer within 1 s"
    )
    assert Fault.from_json(fault.to_json()) == fault
    with pytest.raises(SimulationError, match="a malformed fault"):
        Fault.from_json({**fault.to_json(), "seat": -1})
