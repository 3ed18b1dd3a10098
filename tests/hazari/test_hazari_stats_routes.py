"""Every route to Hazari's per-kind win rates counts the same deals and prints the same
figures, and the one result type gives its counts as rows and a data frame.

The routes, on the same count and master seed (deal ``i`` from ``derive_seed(S, i)``,
:func:`~cardrules.rng.game_seeds`): ``round_stats``, ``HazariStats.from_batch``,
``HazariStats.from_games`` over ``simulate``'s records, and ``cardrules hazari stats``
with either engine. The results are compared exactly, and the command's output is the
result's text.
"""

from __future__ import annotations

import io
import math
from pathlib import Path
from typing import Any

import pytest

from cardrules import load_game
from cardrules.cli import main
from cardrules.errors import InvalidStateError
from cardrules.hazari import Kind
from cardrules.hazari.bots import GreedyBot
from cardrules.hazari.combination import COMBINATIONS
from cardrules.hazari.stats import HazariStats
from cardrules.rng import derive_seed, game_seeds
from cardrules.runner import simulate

DEALS, SEED = 120, 2026
ROOT = Path(__file__).resolve().parents[2]


def _int(value: object) -> int:
    """A row's count, which is an int."""
    assert type(value) is int
    return value


def _command(capsys: pytest.CaptureFixture[str], engine: str) -> str:
    argv = ["hazari", "stats", "--deals", str(DEALS), "--seed", str(SEED), "--bots", "greedy"]
    argv += ["--engine", engine]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def test_every_route_gives_the_same_counts_and_the_same_text(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("numpy", reason="the batch routes need numpy")
    from cardrules.hazari.stats import round_stats

    seeds = game_seeds(DEALS, SEED)
    assert list(seeds) == [derive_seed(SEED, i) for i in range(DEALS)]
    by_round_stats = round_stats(seeds, "greedy")
    by_batch = HazariStats.from_batch(seeds, "greedy")
    records = io.StringIO()
    simulate(load_game("hazari"), [GreedyBot()] * 4, DEALS, seed=SEED, records=records)
    by_records = HazariStats.from_games(records.getvalue().splitlines())
    assert by_round_stats == by_batch == by_records
    assert by_records.deals == DEALS
    header = (
        f"hazari: {DEALS} deals, seed {SEED}, seat 0 dealing; bots greedy, greedy, greedy, greedy"
    )
    expected = f"{header}\n{by_records}\n"
    assert _command(capsys, "batch") == expected
    assert _command(capsys, "scalar") == expected


def test_a_different_seed_counts_different_deals() -> None:
    """The comparison above can fail: another master seed gives other counts."""
    pytest.importorskip("numpy", reason="the batch routes need numpy")
    one = HazariStats.from_batch(game_seeds(DEALS, SEED), "greedy")
    assert one != HazariStats.from_batch(game_seeds(DEALS, SEED + 1), "greedy")
    assert one != HazariStats.from_batch(range(DEALS), "greedy")  # seeds 0.. are other deals


def _stats() -> HazariStats:
    records = io.StringIO()
    simulate(load_game("hazari"), [GreedyBot()] * 4, 40, seed=3, records=records)
    return HazariStats.from_games(records.getvalue().splitlines())


def test_rows_by_kind_hold_the_counts_and_rates_of_the_table() -> None:
    stats = _stats()
    rows = list(stats.to_rows())
    assert len(rows) == 24
    assert [(row["round"], row["kind"]) for row in rows[:6]] == [
        (1, str(kind)) for kind in sorted(Kind, reverse=True)
    ]
    for row in rows:
        kind = Kind.parse(str(row["kind"]))
        r = _int(row["round"])
        played, won = stats.played[r - 1][kind], stats.won[r - 1][kind]
        assert (row["played"], row["won"]) == (played, won)
        rate = stats.win_rate(r, kind)
        assert row["win_rate"] == (None if math.isnan(rate) else won / played)
        assert row["share"] == won / 40
    assert sum(_int(row["won"]) for row in rows) == 4 * 40


def test_rows_by_class_and_points_rows() -> None:
    stats = _stats()
    rows = list(stats.to_rows("class"))
    assert sum(_int(row["played"]) for row in rows) == 16 * 40
    for row in rows:
        strength = _int(row["strength"])
        assert row["combination"] == str(COMBINATIONS[strength])
        assert row["kind"] == str(COMBINATIONS[strength].kind)
        assert row["played"] == stats.class_played[_int(row["round"]) - 1][strength]
    points = list(stats.points_rows())
    assert {_int(row["seat"]) for row in points} == {0, 1, 2, 3}
    for seat in range(4):
        assert sum(_int(r["deals"]) for r in points if r["seat"] == seat) == 40
        total = sum(_int(r["points"]) * _int(r["deals"]) for r in points if r["seat"] == seat)
        assert total == sum(5 * i * n for i, n in enumerate(stats.points[seat]))
    with pytest.raises(InvalidStateError, match="by must be 'kind' or 'class'"):
        stats.to_rows("seat")


def test_to_pandas_is_the_rows_as_a_frame() -> None:
    pd: Any = pytest.importorskip("pandas")
    stats = _stats()
    frame = stats.to_pandas()
    assert isinstance(frame, pd.DataFrame)
    assert list(frame.columns) == ["round", "kind", "played", "won", "win_rate", "share"]
    assert frame.to_dict("records")[0]["kind"] == "Trio"
    assert len(stats.to_pandas("class")) == len(list(stats.to_rows("class")))


def test_the_repr_pastes_back_and_bad_counts_are_refused() -> None:
    stats = _stats()
    text = repr(stats)
    assert len(text) < 20_000  # the cells that are 0 are left out
    assert eval(text, {"HazariStats": HazariStats}) == stats
    assert eval(repr(HazariStats()), {"HazariStats": HazariStats}) == HazariStats()
    with pytest.raises(InvalidStateError, match="class_played has no cell"):
        HazariStats(1, class_played={(4, 0): 1})
    with pytest.raises(InvalidStateError, match="points must be 4 rows"):
        HazariStats(1, points=((1,),))
    with pytest.raises(InvalidStateError, match="whole numbers, 0 or more"):
        HazariStats(1, class_won={(0, 0): -1})


def _million_tables(page: str) -> list[str]:
    """The tables a page prints for a million greedy deals (the two kind tables)."""
    text = (ROOT / "docs" / "guide" / page).read_text(encoding="utf-8")
    assert "game_seeds(1_000_000)" in text or "--deals 1000000" in text, page
    block = text.split("which prints::\n\n")[-1]
    lines = [line.strip() for line in block.splitlines()]
    start = lines.index("win rate of a group of each kind, by round")
    return lines[start : start + 17]


def test_the_pages_show_the_same_million_deals() -> None:
    """The two batch pages print one run's figures: the same seeds."""
    pages = ("batch.rst", "batch_hazari.rst")
    tables = [_million_tables(page) for page in pages]
    assert tables[0] == tables[1]
    assert tables[0][-1].startswith("Indi")
