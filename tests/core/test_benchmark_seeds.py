"""The strength benchmarks keep tuning seeds and report seeds apart.

``benchmarks/seeds.py`` fixes two ranges; every strength script takes its seeds
from it and reports on the report range unless told otherwise. The scripts are
loaded as modules: their parsers' defaults are read, and two of them are run on
a few games with the game factory (or the tournament) watched, to see the seeds
they really play.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"

pytestmark = pytest.mark.skipif(
    not (BENCHMARKS / "seeds.py").exists(), reason="the benchmarks are not shipped here"
)

STRENGTH_SCRIPTS = (
    "bench_bots",
    "bench_engine",
    "edge_azi",
    "edge_openspiel_ismcts",
    "ladder",
    "tournament_azi",
    "tournament_hazari",
    "tournament_hazari_field",
)
"""The scripts whose figures measure how well bots play (``bench_bots`` and
``bench_engine``: how fast)."""

TUNING_SCRIPTS = ("azi_decisions",)
"""Tools for choosing parameters: they run on tuning seeds unless told otherwise."""


def _load(name: str) -> ModuleType:
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location(f"seeded_{name}", BENCHMARKS / f"{name}.py")
    if spec is None or spec.loader is None:
        raise ImportError(name)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    except ModuleNotFoundError as exc:
        if exc.name in ("pyspiel", "open_spiel", "numpy"):
            pytest.skip(f"{name} needs {exc.name}, an optional extra")
        raise
    return module


def _seeds() -> ModuleType:
    _load("seeds")
    import seeds

    module: ModuleType = seeds
    return module


def _imports_seeds(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(
        isinstance(node, ast.ImportFrom) and node.module == "seeds" for node in ast.walk(tree)
    )


def test_the_ranges_do_not_overlap_and_start_where_documented() -> None:
    seeds = _seeds()
    tuning, report = seeds.TUNING, seeds.REPORT
    assert tuning.stop <= report.start or report.stop <= tuning.start
    assert report.start == 2**40
    assert tuning.start >= 0 and tuning.stop <= 2**40
    assert set(seeds.RANGES.values()) == {tuning, report}
    for index in (0, 1, 12_345, 2**40 - 1):
        assert tuning.seed(index) in tuning and tuning.seed(index) not in report
        assert report.seed(index) in report and report.seed(index) not in tuning


@pytest.mark.parametrize("index", [-1, 2**40])
def test_an_index_outside_a_range_is_refused(index: int) -> None:
    seeds = _seeds()
    for seed_range in (seeds.TUNING, seeds.REPORT):
        with pytest.raises(ValueError, match=str(index)):
            seed_range.seed(index)


def test_every_script_that_uses_the_seed_module_is_listed() -> None:
    users = {path.stem for path in BENCHMARKS.glob("*.py") if _imports_seeds(path)}
    assert users == set(STRENGTH_SCRIPTS) | set(TUNING_SCRIPTS)


@pytest.mark.parametrize("name", TUNING_SCRIPTS)
def test_a_tuning_tool_runs_on_tuning_seeds_by_default(name: str) -> None:
    seeds = _seeds()
    args = _load(name).build_parser().parse_args([])
    assert seeds.seed_range(args) is seeds.TUNING
    assert seeds.game_seed(args, 0) not in seeds.REPORT


@pytest.mark.parametrize("name", STRENGTH_SCRIPTS)
def test_a_strength_script_reports_on_report_seeds_by_default(name: str) -> None:
    seeds = _seeds()
    module = _load(name)
    args = module.build_parser().parse_args([])
    assert seeds.seed_range(args) is seeds.REPORT
    assert seeds.game_seed(args, 0) == seeds.REPORT.start
    tuned = module.build_parser().parse_args(["--seeds", "tuning", "--offset", "7"])
    assert seeds.game_seed(tuned, 3) == seeds.TUNING.start + 10
    assert not any(action.dest == "seed" for action in module.build_parser()._actions)


def test_the_paired_edge_plays_report_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    seeds = _seeds()
    module = _load("edge_azi")
    played: list[int] = []
    real = module.load_game

    def watched(name: str, **options: Any) -> Any:
        game = real(name, **options)

        def factory(seed: int) -> Any:
            played.append(seed)
            return game(seed)

        return factory

    monkeypatch.setattr(module, "load_game", watched)
    args = module.build_parser().parse_args(
        ["--bot", "heuristic", "--baseline", "random", "--offset", "5"]
    )
    diffs, _ = module.run_pairs(args, 0, 3)
    assert len(diffs) == 3
    expected = [seeds.REPORT.start + 5 + i for i in range(3)]
    assert played == [seed for seed in expected for _ in range(2)]


def test_the_ladder_hands_the_tournament_a_report_seed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    seeds = _seeds()
    module = _load("ladder")
    seen: list[int] = []
    real = module.tournament

    def watched(*args: Any, seed: int, **kwargs: Any) -> Any:
        seen.append(seed)
        return real(*args, seed=seed, **kwargs)

    monkeypatch.setattr(module, "tournament", watched)
    argv = ["--games", "1", "--jobs", "1", "--only", "hazari", "--hazari-bots", "random,greedy"]
    assert module.main(argv) == 0
    assert seen == [seeds.REPORT.start]
    assert all(seed in seeds.REPORT for seed in seen)


def test_a_parser_refuses_an_unknown_range() -> None:
    module = _load("edge_azi")
    parser: argparse.ArgumentParser = module.build_parser()
    with pytest.raises(SystemExit):
        parser.parse_args(["--seeds", "all"])


def test_the_bots_page_is_written_from_report_seed_figures() -> None:
    seeds = _seeds()
    page = _load("bots_page")
    figures = page.load(page.RESULTS)
    assert figures
    for figure in figures:
        assert figure["seeds"] == "report", figure["file"]
        assert figure["first_seed"] in seeds.REPORT, figure["file"]
        if "values" in figure:
            again = _load("figures").summary(figure["values"])
            assert again["count"] == figure["count"]
            assert abs(again["mean"] - figure["mean"]) < 1e-9
    assert page.render(figures) == page.PAGE.read_text(encoding="utf-8")
