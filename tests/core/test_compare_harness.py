"""The version comparison harness of ``benchmarks/``: its workload list and its arithmetic.

These run tiny workloads in-process against the installed package; the harness
itself (which builds environments) is exercised by running it.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"

pytestmark = pytest.mark.skipif(
    not (BENCHMARKS / "compare.py").exists(), reason="the benchmarks are not shipped here"
)

ISSUE_WORKLOADS = [
    "azi_random",
    "azi_ids",
    "azi_observed",
    "azi_memory",
    "hazari_random_vs_greedy",
    "hazari_random_vs_greedy_no_numpy",
    "hazari_count_fresh",
    "hazari_greedy_deals",
    "hazari_strengths",
    "hazari_count",
    "import_azi",
    "import_hazari",
]


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def compare() -> ModuleType:
    return load("compare")


@pytest.fixture(scope="module")
def workloads() -> ModuleType:
    return load("workloads")


def test_compare_runs_every_workload(compare: ModuleType, workloads: ModuleType) -> None:
    assert compare.workload_names() == list(workloads.WORKLOADS) == ISSUE_WORKLOADS
    assert compare.select_workloads(None) == ISSUE_WORKLOADS
    assert compare.select_workloads("hazari_count, azi_random") == ["hazari_count", "azi_random"]
    with pytest.raises(ValueError, match="unknown workload"):
        compare.select_workloads("azi_random,poker")


def test_workloads_list_needs_no_package() -> None:
    done = subprocess.run(
        [sys.executable, "-I", str(BENCHMARKS / "workloads.py"), "--list"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert [line.split()[0] for line in done.stdout.splitlines()] == ISSUE_WORKLOADS


@pytest.mark.parametrize(
    ("name", "scale"), [("azi_random", 0.002), ("azi_ids", 0.002), ("hazari_count", 0.01)]
)
def test_tiny_workload_in_process(workloads: ModuleType, name: str, scale: float) -> None:
    result = workloads.run_workload(name, repeat=1, scale=scale)
    assert result["workload"] == name
    assert result["figures"]
    for figure in result["figures"]:
        assert figure["better"] in ("higher", "lower", None)
        assert figure["value"] > 0


def figure(value: float, better: str | None, name: str = "f") -> dict[str, Any]:
    return {"name": name, "value": value, "unit": "u", "better": better}


def test_ratio_is_current_speed_over_baseline(compare: ModuleType) -> None:
    assert compare.ratio(figure(100, "higher"), figure(150, "higher")) == 1.5
    assert compare.ratio(figure(3.0, "lower"), figure(1.5, "lower")) == 2.0
    assert compare.ratio(figure(7, None), figure(7, None)) is None
    fast, slow = figure(2.0, "lower"), figure(3.0, "lower")
    assert compare.better_of(fast, slow) is fast
    assert compare.better_of(slow, fast) is fast


def test_failed_workload_is_reported_and_others_kept(compare: ModuleType) -> None:
    base = compare.Side("baseline", Path("b"))
    current = compare.Side("current", Path("c"))
    base.best = {"one": {"f": figure(10, "higher")}, "two": {"f": figure(1, "lower")}}
    current.best = {"one": {"f": figure(20, "higher")}}
    current.errors = {"two": "ImportError: cannot import name 'x'"}
    rows = compare.rows(["one", "two"], base, current)
    assert rows[0]["ratio"] == 2.0
    assert rows[1]["error"] == {"current": "ImportError: cannot import name 'x'"}
    text = compare.table(rows)
    assert "2.00x" in text
    assert "two" in text and "FAILED" in text and "current: ImportError" in text


def test_median_is_over_the_ratios_within_rounds(compare: ModuleType) -> None:
    base = compare.Side("baseline", Path("b"))
    current = compare.Side("current", Path("c"))
    ten = {"f": figure(10, "higher")}
    base.runs = {"one": [ten, ten, None, ten]}
    current.runs = {
        "one": [{"f": figure(20, "higher")}, {"f": figure(30, "higher")}, ten, ten],
    }
    base.best = {"one": ten}
    current.best = {"one": {"f": figure(30, "higher")}}
    rows = compare.rows(["one"], base, current)
    # rounds 1, 2 and 4 (the third failed under the baseline): ratios 2, 3 and 1
    assert rows[0]["ratio"] == 3.0
    assert rows[0]["median"] == 2.0
    assert rows[0]["range"] == [1.0, 3.0]
    assert "2.00x" in compare.table(rows) and "1.00-3.00x" in compare.table(rows)


def test_a_round_plays_other_seeds(workloads: ModuleType) -> None:
    first = workloads.run_workload("azi_random", repeat=1, scale=0.002, round_=0)
    second = workloads.run_workload("azi_random", repeat=1, scale=0.002, round_=1)
    assert first["round"] == 0 and second["round"] == 1
    applies = [
        next(f["value"] for f in result["figures"] if f["name"] == "applies/game")
        for result in (first, second)
    ]
    assert applies[0] != applies[1]  # 10 games each, from seeds 0-9 and 10-19
