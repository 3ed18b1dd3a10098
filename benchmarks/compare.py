"""Compare a git revision of cardrules with the working tree, workload by workload.

Run from anywhere in the repository::

    python benchmarks/compare.py [--baseline REV] [--repeat N] [--rounds K]
                                 [--workloads a,b,...] [--scale F] [--clock cpu]
                                 [--json OUT] [--keep] [--venv-cache DIR]

The baseline revision (default ``d2195de``, release 0.1.0) is exported with
``git archive`` into a temporary directory (the repository's worktrees are left
alone) and installed into a fresh virtual environment; the working tree, as it is
on disk with any uncommitted changes, is installed (not editable) into a second one.
Both run the same copy of ``benchmarks/workloads.py``, taken from the working tree
at the start, so the two versions run identical workload code.

Each workload runs ``K`` rounds, baseline then current, in turn (base, current,
base, current, ...), each run being the best of ``N`` batches in a fresh process;
a figure is the best over the rounds. The table gives each figure under both
versions and the ratio *current speed / baseline speed*: above 1 the working tree
is faster (or, for a memory figure, smaller). The ``median`` column is the median
over the rounds of the ratio within each round (the two runs of a round are
neighbours in time, so a change of load falls on both), with its range. Round
``k`` passes ``--round k`` to the workloads, so the random-game workloads play
other seeds in every round (the same under both versions). Figures given for information only
(applies per game, checksums of answers) have no ratio; they should be equal, or
the two versions did not do the same work. The load average at the start and the
end shows how busy the machine was. ``--clock cpu`` times CPU seconds instead of
wall seconds (all but the import workloads), which a loaded machine disturbs
less; ``--scale`` multiplies every workload's size.

A workload that fails under either version is reported as failed, with the last
line of its error, and the other workloads still run; the exit status is then 1.

``--mypyc`` compiles the working tree's Azi engine with mypyc in its environment
(``benchmarks/mypyc_build.py``: an optional build, measured against the pure
baseline; it needs mypy and a C compiler).

``--keep`` leaves the temporary directory in place; ``--venv-cache DIR`` keeps the
environments in ``DIR`` and reuses them: the baseline's by revision and Python
version, while the working tree is reinstalled into its environment on every run.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import io
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent
DEFAULT_BASELINE = "d2195de"
"""Release 0.1.0 on main."""
RUN_TIMEOUT = 900.0
"""Seconds one workload run may take before it counts as failed."""


def load_workloads() -> ModuleType:
    """The working tree's ``benchmarks/workloads.py`` as a module (it imports no cardrules)."""
    spec = importlib.util.spec_from_file_location(
        "cardrules_bench_workloads", HERE / "workloads.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while building
    spec.loader.exec_module(module)
    return module


def workload_names() -> list[str]:
    """Every workload of ``workloads.py``, in its order."""
    return list(load_workloads().WORKLOADS)


def select_workloads(text: str | None) -> list[str]:
    """The workloads named in a comma-separated ``text`` (all of them for None)."""
    names = workload_names()
    if not text:
        return names
    chosen = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in names]
    if unknown:
        raise ValueError(f"unknown workload(s) {', '.join(unknown)}; known: {', '.join(names)}")
    return chosen


# ------------------------------------------------------------------ environments


def git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=root, check=True, capture_output=True, text=True
    ).stdout.strip()


def venv_python(venv: Path) -> Path:
    if os.name == "nt":
        return venv / "Scripts" / "python.exe"
    return venv / "bin" / "python"


def run_logged(command: Sequence[str | Path], what: str) -> None:
    """Run ``command``; on failure raise with the end of its output."""
    done = subprocess.run([str(c) for c in command], capture_output=True, text=True)
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
        raise RuntimeError(f"{what} failed (exit {done.returncode}):\n{tail}")


def make_venv(venv: Path) -> Path:
    run_logged([sys.executable, "-m", "venv", venv], f"creating the environment {venv}")
    return venv_python(venv)


def pip_install(python: Path, source: Path, what: str) -> None:
    pip: list[str | Path] = [python, "-m", "pip", "--disable-pip-version-check", "--no-input"]
    run_logged([*pip, "uninstall", "--yes", "cardrules"], f"uninstalling cardrules ({what})")
    run_logged([*pip, "install", "--quiet", source], f"installing {what}")


def interpreter_key() -> str:
    """A short key for this Python: its version and where it lives."""
    text = f"{sys.version} {os.path.realpath(sys.executable)}"
    return (
        f"py{sys.version_info[0]}{sys.version_info[1]}-"
        + hashlib.sha1(text.encode()).hexdigest()[:8]
    )


def baseline_env(root: Path, sha: str, home: Path) -> Path:
    """The Python of an environment with ``sha`` installed, made under ``home`` or reused."""
    place = home / f"baseline-{sha[:12]}-{interpreter_key()}"
    done = place / "installed.json"
    python = venv_python(place / "venv")
    if done.exists() and python.exists():
        return python
    if place.exists():
        shutil.rmtree(place)
    source = place / "src"
    source.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "archive", "--format=tar", sha], cwd=root, check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        if hasattr(tarfile, "data_filter"):
            tar.extractall(source, filter="data")
        else:  # pragma: no cover - Python before the extraction filters
            tar.extractall(source)
    python = make_venv(place / "venv")
    pip_install(python, source, f"the baseline {sha[:12]}")
    done.write_text(json.dumps({"revision": sha, "python": sys.version}))
    return python


def current_env(root: Path, home: Path, mypyc: bool = False) -> Path:
    """The Python of an environment with the working tree installed as it is now (with
    the Azi engine compiled by mypyc, if asked)."""
    venv = home / f"current-{'mypyc-' if mypyc else ''}{interpreter_key()}"
    python = venv_python(venv)
    if not python.exists():
        python = make_venv(venv)
    pip_install(python, root, "the working tree")
    if mypyc:
        spec = importlib.util.spec_from_file_location(
            "cardrules_mypyc_build", HERE / "mypyc_build.py"
        )
        assert spec is not None and spec.loader is not None
        build = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(build)
        where = subprocess.run(
            [
                str(python),
                "-I",
                "-c",
                "import cardrules, os; print(os.path.dirname(cardrules.__path__[0]))",
            ],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
        build.install_compiled(Path(where))
    return python


# ------------------------------------------------------------------------- runs


@dataclass
class Side:
    """One version under comparison: its environment and its best figures so far."""

    label: str
    python: Path
    version: str | None = None
    best: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)
    """workload -> figure name -> the best figure dict so far."""
    errors: dict[str, str] = field(default_factory=dict)
    """workload -> the error of its last failed run."""
    runs: dict[str, list[dict[str, dict[str, Any]] | None]] = field(default_factory=dict)
    """workload -> each round's figures by name (None for a failed run), in order."""


def run_once(side: Side, script: Path, name: str, options: Sequence[str], workdir: Path) -> None:
    """One run of workload ``name`` under ``side`` (``options`` for the script),
    folded into its best figures and kept as one round."""
    runs = side.runs.setdefault(name, [])
    runs.append(None)
    command = [str(side.python), "-I", str(script), name, *options]
    try:
        done = subprocess.run(
            command, cwd=workdir, capture_output=True, text=True, timeout=RUN_TIMEOUT
        )
    except subprocess.TimeoutExpired:
        side.errors[name] = f"timed out after {RUN_TIMEOUT:.0f} s"
        return
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        errors = done.stderr.strip().splitlines() or [f"exit status {done.returncode}"]
        side.errors[name] = errors[-1]
        return
    try:
        result = json.loads(lines[-1])
    except json.JSONDecodeError:
        side.errors[name] = f"unreadable output: {lines[-1][:100]}"
        return
    venv = side.python.parent.parent
    if not Path(result["location"]).resolve().is_relative_to(venv.resolve()):
        side.errors[name] = f"ran cardrules from {result['location']}, not from {venv}"
        return
    side.version = result["version"]
    runs[-1] = {figure["name"]: figure for figure in result["figures"]}
    best = side.best.setdefault(name, {})
    for figure in result["figures"]:
        old = best.get(figure["name"])
        if old is None or better_of(figure, old) is figure:
            best[figure["name"]] = figure


def better_of(new: dict[str, Any], old: dict[str, Any]) -> dict[str, Any]:
    """The better of two runs' values of one figure (the newer, for information)."""
    if new["better"] == "higher":
        return new if new["value"] > old["value"] else old
    if new["better"] == "lower":
        return new if new["value"] < old["value"] else old
    return new


def ratio(base: dict[str, Any], current: dict[str, Any]) -> float | None:
    """Current speed over baseline speed: above 1 means the current version is better."""
    b, c = base["value"], current["value"]
    if base["better"] == "higher" and b > 0:
        return float(c / b)
    if base["better"] == "lower" and c > 0:
        return float(b / c)
    if base["better"] == "lower" and c == b == 0:
        return 1.0
    return None


def round_ratios(name: str, figure: str, base: Side, current: Side) -> list[float]:
    """The ratio of ``figure`` within each round both versions ran (see :func:`ratio`)."""
    ratios = []
    for b, c in zip(base.runs.get(name, []), current.runs.get(name, []), strict=False):
        if b is None or c is None or figure not in b or figure not in c:
            continue
        value = ratio(b[figure], c[figure])
        if value is not None:
            ratios.append(value)
    return ratios


def load_average() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def rows(names: list[str], base: Side, current: Side) -> list[dict[str, Any]]:
    """One row per figure of each workload, after a failed row if a version failed it.

    A failed row has ``figure`` None and ``error`` by version; the figures of the
    version that did run still follow, with None for the other.
    """
    result: list[dict[str, Any]] = []
    for name in names:
        b, c = base.best.get(name, {}), current.best.get(name, {})
        failed = {
            side.label: side.errors.get(name, "no result")
            for side, best in ((base, b), (current, c))
            if not best
        }
        if failed:
            result.append({"workload": name, "figure": None, "error": failed})
        for figure_name in dict.fromkeys([*b, *c]):
            fb, fc = b.get(figure_name), c.get(figure_name)
            one = fb or fc
            assert one is not None
            ratios = round_ratios(name, figure_name, base, current)
            result.append(
                {
                    "workload": name,
                    "figure": figure_name,
                    "unit": one["unit"],
                    "better": one["better"],
                    "baseline": None if fb is None else fb["value"],
                    "current": None if fc is None else fc["value"],
                    "ratio": None if fb is None or fc is None else ratio(fb, fc),
                    "median": statistics.median(ratios) if ratios else None,
                    "range": [min(ratios), max(ratios)] if ratios else None,
                }
            )
    return result


def number(value: float | None) -> str:
    if value is None:
        return "-"
    if value == int(value) and abs(value) >= 1000:
        return f"{int(value)}"
    magnitude = abs(value)
    if magnitude >= 100 or magnitude == 0:
        return f"{value:.0f}"
    if magnitude >= 10:
        return f"{value:.1f}"
    if magnitude >= 1:
        return f"{value:.2f}"
    return f"{value:.3g}"


def table(result: list[dict[str, Any]]) -> str:
    lines = [
        f"{'workload':<24} {'figure':<24} {'unit':<12} {'baseline':>10} {'current':>10}"
        f" {'ratio':>7} {'median':>7} {'range':>13}"
    ]
    for row in result:
        if row["figure"] is None:
            why = "; ".join(f"{label}: {error}" for label, error in row["error"].items())
            lines.append(f"{row['workload']:<24} FAILED  {why}")
            continue
        mark = ""
        if row["better"] is None:
            # A count or checksum that differs means the versions did different work;
            # a ratio of two timings ("x") is expected to differ.
            values = (row["baseline"], row["current"])
            same = values[0] == values[1] or None in values or row["unit"] == "x"
            mark = "  (info)" if same else "  (info, differs)"
        shown = "-" if row["ratio"] is None else f"{row['ratio']:.2f}x"
        middle = row.get("median")
        spread = row.get("range")
        rounds = (
            f" {middle:>6.2f}x {f'{spread[0]:.2f}-{spread[1]:.2f}x':>13}"
            if middle is not None and spread is not None and row["better"] is not None
            else ""
        )
        lines.append(
            f"{row['workload']:<24} {row['figure']:<24} {row['unit']:<12}"
            f" {number(row['baseline']):>10} {number(row['current']):>10} {shown:>7}{rounds}{mark}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=DEFAULT_BASELINE, help="git revision (0.1.0)")
    parser.add_argument("--repeat", type=int, default=3, help="batches per run (best of)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved runs per version")
    parser.add_argument("--workloads", help="comma-separated names (default: all)")
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies the sizes")
    parser.add_argument(
        "--clock", choices=["wall", "cpu"], default="wall", help="time wall or CPU seconds"
    )
    parser.add_argument("--json", type=Path, help="also write the results to this file")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    parser.add_argument("--venv-cache", type=Path, help="keep and reuse the environments here")
    parser.add_argument(
        "--mypyc", action="store_true", help="compile the working tree's Azi engine with mypyc"
    )
    parser.add_argument("--list", action="store_true", help="list the workloads and exit")
    args = parser.parse_args(argv)
    if args.list:
        for workload in load_workloads().WORKLOADS.values():
            print(f"{workload.name:24} {workload.description}")
        return 0
    if args.repeat < 1 or args.rounds < 1:
        parser.error("--repeat and --rounds must be at least 1")
    if not args.scale > 0:
        parser.error("--scale must be positive")
    options = ["--repeat", str(args.repeat), "--scale", str(args.scale), "--clock", args.clock]
    try:
        names = select_workloads(args.workloads)
    except ValueError as exc:
        parser.error(str(exc))

    root = Path(git(HERE, "rev-parse", "--show-toplevel"))
    try:
        sha = git(root, "rev-parse", "--verify", f"{args.baseline}^{{commit}}")
    except subprocess.CalledProcessError:
        parser.error(f"{args.baseline!r} is not a commit of this repository")
    head = git(root, "rev-parse", "--short=12", "HEAD")
    changed = len(git(root, "status", "--porcelain", "--untracked-files=no").splitlines())

    scratch = Path(tempfile.mkdtemp(prefix="cardrules-compare-"))
    home = args.venv_cache.resolve() if args.venv_cache else scratch
    home.mkdir(parents=True, exist_ok=True)
    try:
        print(f"installing the baseline {sha[:12]} and the working tree under {home} ...")
        try:
            base = Side("baseline", baseline_env(root, sha, home))
            current = Side("current", current_env(root, home, args.mypyc))
        except (RuntimeError, subprocess.CalledProcessError) as exc:
            print(f"cannot compare: {exc}", file=sys.stderr)
            return 2
        script = scratch / "workloads.py"
        shutil.copyfile(HERE / "workloads.py", script)
        workdir = scratch / "run"
        workdir.mkdir()
        load_start = load_average()
        started = time.perf_counter()
        for name in names:
            for round_ in range(args.rounds):
                for side in (base, current):
                    run_once(side, script, name, [*options, "--round", str(round_)], workdir)
            failed = [side.label for side in (base, current) if name not in side.best]
            print(f"  {name}: {'failed under ' + ', '.join(failed) if failed else 'done'}")
        load_end = load_average()
        result = rows(names, base, current)
        cpus = os.cpu_count()
        title = (
            f"baseline {sha[:12]} ({base.version or '?'}) vs working tree"
            f" (HEAD {head}, {changed} changed tracked files; {current.version or '?'})"
            + (", its Azi engine compiled by mypyc" if args.mypyc else "")
        )
        print()
        print(title)
        print(
            f"Python {platform.python_version()}, {cpus} CPUs; {args.clock} time, sizes x"
            f" {args.scale}; each figure is the best of {args.repeat} batches x {args.rounds}"
            " interleaved rounds;"
            f" {time.perf_counter() - started:.0f} s of runs"
        )
        print(f"load average (1, 5, 15 min): start {load_start}, end {load_end}")
        print(
            "ratio = current speed / baseline speed (above 1: the working tree is better),"
            " best against best; median = the median of the rounds' ratios, and their range"
        )
        print()
        print(table(result))
        if args.json:
            report = {
                "baseline": {"revision": sha, "version": base.version},
                "current": {"head": head, "changed_files": changed, "version": current.version},
                "python": platform.python_version(),
                "cpus": cpus,
                "repeat": args.repeat,
                "rounds": args.rounds,
                "scale": args.scale,
                "clock": args.clock,
                "mypyc": args.mypyc,
                "load": {"start": load_start, "end": load_end},
                "results": result,
            }
            args.json.write_text(json.dumps(report, indent=2) + "\n")
            print(f"\nwritten to {args.json}")
        return 1 if any(row["figure"] is None for row in result) else 0
    finally:
        if args.keep:
            print(f"kept {scratch}")
        else:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
