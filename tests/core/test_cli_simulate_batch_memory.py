"""``cardrules simulate --engine batch``: memory that does not grow with ``--games``, and
no empty success for the per-game formats."""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable

import pytest

from cardrules.cli import main

numpy = pytest.importorskip("numpy", reason="the batch engine needs numpy")

import cardrules.cli.simulate  # noqa: E402
from cardrules.cli.simulate_batch import CHUNK  # noqa: E402

ARGV = ["simulate", "azi", "--engine", "batch", "--bots", "random", "--players", "3"]


class Stop(Exception):
    """Cuts a run short once it has played a few chunks."""


def cut_short(monkeypatch: pytest.MonkeyPatch, chunks: int) -> list[tuple[int, int]]:
    """A progress bar that stops the run after ``chunks`` chunks; the reports it got."""
    reports: list[tuple[int, int]] = []

    class Progress:
        def __init__(self, prog: str) -> None:
            pass

        def __call__(self, done: int, total: int) -> None:
            reports.append((done, total))
            if len(reports) == chunks and done < total:
                raise Stop

    monkeypatch.setattr(cardrules.cli.simulate, "ProgressBar", Progress)
    return reports


def peak(run: Callable[[], object]) -> int:
    tracemalloc.start()
    try:
        run()
    except Stop:
        pass
    finally:
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return top


def test_a_billion_games_are_played_in_chunks_of_flat_memory(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    reports = cut_short(monkeypatch, 2)
    whole = peak(lambda: main([*ARGV, "--games", str(2 * CHUNK)]))
    assert f"{2 * CHUNK} games" in capsys.readouterr().out
    reports.clear()
    huge = peak(lambda: main([*ARGV, "--games", str(10**9)]))
    assert reports == [(CHUNK, 10**9), (2 * CHUNK, 10**9)]
    # the arrays of a billion games would be 24 GB (numpy's MemoryError); two chunks
    # of them take what a whole run of two chunks takes
    assert huge < 2 * whole + (1 << 20), (huge, whole)
    assert huge < 64 << 20


def test_the_summary_of_chunks_is_that_of_one_run(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [*ARGV, "--quiet", "--games", str(CHUNK + 17), "--seed", "5"]
    assert main(argv) == 0
    batch = capsys.readouterr().out
    scalar = [arg for arg in argv if arg not in ("--engine", "batch")]
    assert main([*scalar, "--engine", "scalar"]) == 0
    assert capsys.readouterr().out == batch


@pytest.mark.parametrize("format", ["csv", "jsonl", "table"])
def test_per_game_formats_are_refused_not_printed_empty(
    capsys: pytest.CaptureFixture[str], format: str
) -> None:
    status = main([*ARGV, "--quiet", "--games", "3", "--format", format])
    out, err = capsys.readouterr()
    assert (status, out) == (2, "")
    assert err.startswith("cardrules simulate: error: --engine batch keeps no rows per game")
    assert f"use --engine scalar for --format {format}" in err
    assert main([*ARGV, "--quiet", "--games", "3", "--format", "summary"]) == 0
    assert "3 games" in capsys.readouterr().out
