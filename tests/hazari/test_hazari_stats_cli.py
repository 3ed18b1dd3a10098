"""``cardrules hazari stats``, and the table its documentation page shows."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from cardrules.cli import main

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "guide" / "hazari_stats.rst"
NUMPY = importlib.util.find_spec("numpy") is not None


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.skipif(not NUMPY, reason="the batch engine needs numpy")
def test_both_engines_print_the_same_table(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["hazari", "stats", "--deals", "150", "--seed", "4", "--bots", "greedy,solver,greedy"]
    _, batch, _ = run(capsys, *argv, "--engine", "batch")
    _, scalar, _ = run(capsys, *argv, "--engine", "scalar")
    _, auto, _ = run(capsys, *argv)
    assert batch == scalar == auto
    assert batch.startswith("hazari: 150 deals, seed 4, seat 0 dealing; bots greedy, solver,")


def test_records_give_the_table_of_the_same_deals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["hazari", "stats", "--deals", "40", "--bots", "greedy", "--engine", "scalar"]
    _, played, _ = run(capsys, *argv)
    for name in ("deals.jsonl", "deals.crec"):
        path = tmp_path / name
        argv = ["simulate", "hazari", "--games", "40", "--bots", "greedy", "--quiet"]
        assert run(capsys, *argv, "--out", str(path))[0] == 0
        status, counted, err = run(capsys, "hazari", "stats", "--records", str(path))
        assert (status, err) == (0, "")
        assert counted.splitlines()[0] == f"hazari: the 40 finished deals of {path}"
        assert counted.splitlines()[1:] == played.splitlines()[1:]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--deals", "0"], "--deals must be from 1"),
        (["--bots", "heuristic"], "heuristic"),
        (["--bots", "random", "--engine", "batch"], "plays only the greedy and solver bots"),
        (["--records", "x.jsonl", "--seed", "3"], "drop --seed"),
        (["--records", "missing.jsonl"], "cannot read 'missing.jsonl'"),
    ],
)
def test_bad_options_are_usage_errors(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(capsys, "hazari", "stats", *argv)
    assert status == 2 and message in err and "Traceback" not in err


def test_a_record_that_is_not_a_finished_deal_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "azi.jsonl"
    argv = ["simulate", "azi", "--games", "2", "--bots", "random", "--quiet"]
    assert run(capsys, *argv, "--out", str(path))[0] == 0
    status, _, err = run(capsys, "hazari", "stats", "--records", str(path))
    assert status == 2 and "line 1:" in err and "not a Hazari record" in err


def _documented() -> tuple[list[str], str]:
    """The page's 100,000-deal command and the table printed under it."""
    text = PAGE.read_text(encoding="utf-8")
    match = re.search(
        r"\$ cardrules (hazari stats --deals 100000 [^\n]*)\n\nwhich prints::\n\n", text
    )
    assert match is not None
    block = []
    for line in text[match.end() :].splitlines():
        if line and not line.startswith("    "):
            break
        block.append(line[4:])
    return match.group(1).split(), "\n".join(block).strip("\n") + "\n"


@pytest.mark.skipif(not NUMPY, reason="the batch engine needs numpy")
def test_the_page_shows_what_its_command_prints(capsys: pytest.CaptureFixture[str]) -> None:
    argv, table = _documented()
    assert "--engine" in argv and "batch" in argv
    status, out, _ = run(capsys, *argv)
    assert status == 0
    assert out == table
