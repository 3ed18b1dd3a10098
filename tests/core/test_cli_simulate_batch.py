"""``cardrules simulate --engine batch``: the scalar engine's summary and records, refusals."""

from __future__ import annotations

import math
import statistics
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_without_numpy_the_batch_engine_names_the_extra(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)  # import numpy now fails, as if missing
    status, out, err = run(capsys, "simulate", "azi", "--engine", "batch", "--bots", "random")
    assert (status, out) == (2, "")
    assert err == (
        "cardrules simulate: error: --engine batch: the batch engine needs numpy:"
        " pip install 'cardrules[numpy]'\n"
    )


def test_the_engine_option_is_checked(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "simulate", "azi", "--engine", "gpu")
    assert status == 2 and "invalid choice: 'gpu'" in err and "'scalar', 'batch'" in err


numpy = pytest.importorskip("numpy", reason="the batch engine needs numpy")

from cardrules.cli.simulate_batch import exact_stat  # noqa: E402
from cardrules.runner import Stat  # noqa: E402

SAME = [
    ["azi", "--bots", "random", "--games", "40", "--seed", "3"],
    ["azi", "--bots", "random", "--games", "25", "--players", "6", "--look-before-fold"],
    ["azi(players=2,rounding=down,first_lead=auction_winner)", "--bots", "random", "--games", "30"],
    ["azi", "--bots", "random", "--games", "20", "--players", "3", "--no-rotate", "--seed", "7"],
    ["azi", "--bots", "Random", "--games", "12", "--raise-cap", "0", "--ante", "3"],
    ["hazari", "--bots", "greedy", "--games", "30", "--seed", "11"],
    ["hazari", "--bots", "solver,greedy", "--games", "9", "--no-rotate"],
    ["hazari", "--bots", "greedy,strong,GREEDY", "--games", "6", "--tie-rule", "first"],
]


@pytest.mark.parametrize("argv", SAME, ids=[" ".join(argv) for argv in SAME])
@pytest.mark.parametrize("suffix", [".jsonl", ".crec"])
def test_batch_prints_and_writes_what_scalar_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], suffix: str
) -> None:
    outputs = {}
    for engine in ("scalar", "batch"):
        path = tmp_path / f"{engine}{suffix}"
        status, out, err = run(capsys, "simulate", *argv, "--engine", engine, "--out", str(path))
        assert (status, err) == (0, "")
        outputs[engine] = out, path.read_bytes()
    assert outputs["batch"] == outputs["scalar"]
    assert outputs["batch"][1].count(b"\n") >= int(argv[argv.index("--games") + 1])


def test_batch_default_bots_are_the_strong_bot_where_it_can(
    capsys: pytest.CaptureFixture[str],
) -> None:
    scalar = run(capsys, "simulate", "hazari", "--games", "4")
    assert run(capsys, "simulate", "hazari", "--games", "4", "--engine", "batch") == scalar
    status, _, err = run(capsys, "simulate", "azi", "--engine", "batch")
    assert status == 2
    assert "cannot run the azi bot 'strong'; it runs random (or use --engine scalar)" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["azi", "--bots", "random,heuristic"], "cannot run the azi bot 'heuristic'"),
        (["hazari", "--bots", "field"], "cannot run the hazari bot 'field'; it runs greedy, best"),
        (["hazari", "--bots", "mypkg.bots:Mine"], "cannot run the hazari bot 'mypkg.bots:Mine'"),
        (["azi", "--bots", "random", "--jobs", "2"], "--engine batch runs on one core"),
        (["azi", "--bots", "random,random,random,random,random"], "names 5 bots but azi has 4"),
    ],
)
def test_what_the_batch_cannot_run_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, "simulate", *argv, "--engine", "batch", "--games", "2")
    assert (status, out) == (2, "")
    assert err.startswith("cardrules simulate: error: ") and err.count("\n") == 1
    assert message in err


def test_rules_the_batch_refuses_are_named(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardrules.azi.game import AziDefinition
    from cardrules.errors import InvalidRulesError

    def refuse(self: object, game: object) -> None:
        raise InvalidRulesError("the batch engine does not play the option x=1")

    monkeypatch.setattr(AziDefinition, "batch_bots", refuse)
    status, _, err = run(capsys, "simulate", "azi(players=3)", "--engine", "batch")
    assert status == 2
    assert err == (
        "cardrules simulate: error: --engine batch cannot run azi(players=3):"
        " the batch engine does not play the option x=1\n"
    )
    monkeypatch.delattr(AziDefinition, "batch_bots")
    status, _, err = run(capsys, "simulate", "azi", "--engine", "batch")
    assert err == "cardrules simulate: error: --engine batch cannot run azi; use --engine scalar\n"


def test_batch_best_is_the_solver_under_its_own_name(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["simulate", "hazari", "--games", "5", "--engine", "batch"]
    _, solver, _ = run(capsys, *base, "--bots", "solver")
    _, best, _ = run(capsys, *base, "--bots", "best")
    assert best == solver.replace(":solver", ":best  ")


def test_batch_random_hazari_agrees_statistically(capsys: pytest.CaptureFixture[str]) -> None:
    """The batch's random arrangements are not the scalar RandomBot's draws, but they
    are drawn from the same distribution: the random bots' mean points agree."""
    means = {}
    for engine in ("scalar", "batch"):
        status, out, _ = run(
            capsys, "simulate", "hazari", "--bots", "greedy,random", "--games", "600",
            "--engine", engine, "--quiet",
        )  # fmt: skip
        assert status == 0
        rows = [line.split() for line in out.splitlines() if line.startswith(("0:", "1:"))]
        means[engine] = float(rows[1][1]), float(rows[1][2])  # bot 1 (random): mean, ± 95%
    (scalar, scalar_half), (batch, batch_half) = means["scalar"], means["batch"]
    assert scalar != batch  # not the same draws
    assert abs(scalar - batch) < 2 * math.hypot(scalar_half, batch_half)


def test_batch_random_azi_is_the_random_bot_seat_for_seat(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Every game's record, so every action, of 200 four-player games is the scalar one."""
    for engine in ("scalar", "batch"):
        argv = ["simulate", "azi", "--bots", "random", "--games", "200", "--seed", "21"]
        run(capsys, *argv, "--engine", engine, "--out", str(tmp_path / engine), "--quiet")
    assert (tmp_path / "batch").read_text() == (tmp_path / "scalar").read_text()


@given(st.lists(st.integers(-(2**30), 2**30), max_size=60))
def test_exact_stat_is_stat_of(values: list[int]) -> None:
    assert exact_stat(numpy.array(values, dtype=numpy.int64)) == Stat.of(values)


def test_exact_stat_is_exact_for_large_values_and_many_blocks() -> None:
    values = [2**40, -(2**40) + 3, 5, 2**21, -(2**21)] * 3 + list(range(-50, 50))
    array = numpy.array(values, dtype=numpy.int64)
    assert exact_stat(array) == Stat.of(values)
    many = numpy.repeat(numpy.array([1, 2, 7], dtype=numpy.int64), 360_000)  # two blocks
    assert exact_stat(many) == Stat.of(many.tolist())


def test_exact_stat_rounds_the_root_as_stdev_does() -> None:
    values = [0, 1] * 50 + [7]
    stat = exact_stat(numpy.array(values, dtype=numpy.int64))
    assert stat.sd == statistics.stdev(map(float, values)) and stat.n == 101
