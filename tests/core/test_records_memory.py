"""The record commands read their files as a stream: memory does not grow with the file.

Each command runs as a user runs it (``cardrules.cli.main`` with its arguments, its
output to ``os.devnull``) on a small file and on one many times larger, and the
peak of Python's allocations (:mod:`tracemalloc`) is compared. Reading a file whole
holds at least its text, so the larger file would raise the peak by megabytes; a
stream holds one record at a time. The files are real records, the larger one with
more games, each after many comment lines (``.crec``) or with trailing spaces on
its JSON line, so that it is large without taking long to replay.
"""

from __future__ import annotations

import io
import os
import tracemalloc
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from cardrules.cli import main

LARGE = 3 * 1024 * 1024
"""The larger file's size, at least, in bytes."""
GROWTH = 512 * 1024
"""How much more the larger file may raise the peak, in bytes: a sixth of the difference."""


def recorded(tmp_path: Path, game: str, suffix: str) -> list[str]:
    """The records of 20 games of ``game``, as ``simulate --out FILE.suffix`` writes them."""
    path = tmp_path / f"source.{suffix}"
    with redirect_stdout(io.StringIO()):
        argv = ["simulate", game, "--games", "20", "--bots", "random", "--quiet"]
        assert main([*argv, "--out", str(path)]) == 0
    text = path.read_text(encoding="utf-8")
    if suffix == "crec":
        return [game + "\n\n" for game in text.strip("\n").split("\n\n")]
    return [line + "\n" for line in text.splitlines()]


def record_file(path: Path, records: list[str], copies: int, padding: int) -> Path:
    """``records`` written ``copies`` times over, each padded by ``padding`` characters."""
    comment = "".join(f"; {'-' * 998}\n" for _ in range(padding // 1000 + 1))
    padded = [
        comment + record if path.suffix == ".crec" else record[:-1] + " " * padding + "\n"
        for record in records
    ]
    with path.open("w", encoding="utf-8") as file:
        for _ in range(copies):
            file.writelines(padded)
    return path


def peak(argv: list[str]) -> int:
    """The peak of Python's allocations while ``cardrules ARGV`` runs (its exit status 0)."""
    with open(os.devnull, "w", encoding="utf-8") as sink, redirect_stdout(sink):
        tracemalloc.start()
        try:
            assert main(argv) == 0
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()


def compare(tmp_path: Path, game: str, suffix: str, command: list[str], copies: int) -> None:
    """Run ``command`` (``FILE`` standing for the file) on a small file and on a larger one."""
    records = recorded(tmp_path, game, suffix)
    small = record_file(tmp_path / f"small.{suffix}", records, 1, 20)
    padding = LARGE // (copies * len(records)) + 1
    large = record_file(tmp_path / f"large.{suffix}", records, copies, padding)
    assert large.stat().st_size > LARGE > 30 * small.stat().st_size

    def argv(path: Path) -> list[str]:
        return [str(path) if word == "FILE" else word for word in command]

    peak(argv(small))  # caches and imports warmed up
    grown = peak(argv(large)) - peak(argv(small))
    assert grown < GROWTH, f"{command}: the larger file raised the peak by {grown} bytes"


@pytest.mark.parametrize("suffix", ["crec", "jsonl"])
def test_records_show_of_the_first_game_reads_no_further(tmp_path: Path, suffix: str) -> None:
    compare(tmp_path, "azi", suffix, ["records", "show", "FILE", "--game", "1"], copies=10)


@pytest.mark.parametrize("suffix", ["crec", "jsonl"])
def test_hazari_stats_of_a_record_file_counts_it_as_a_stream(tmp_path: Path, suffix: str) -> None:
    compare(tmp_path, "hazari", suffix, ["hazari", "stats", "--records", "FILE"], copies=2)


@pytest.mark.soak
@pytest.mark.parametrize("suffix", ["crec", "jsonl"])
@pytest.mark.parametrize(
    "command",
    [
        ["azi", "check", "FILE"],
        ["records", "convert", "FILE", "--to", "text"],
        ["records", "convert", "FILE", "--to", "jsonl"],
        ["records", "html", "FILE", "--game", "2", "-o", os.devnull],
    ],
)
def test_every_record_command_reads_as_a_stream(
    tmp_path: Path, suffix: str, command: list[str]
) -> None:
    compare(tmp_path, "azi", suffix, command, copies=5)
