"""Hazari evaluator speed: the naive reference against every fast path, in one run.

Run from the project root::

    python benchmarks/bench_evaluator.py [--sets 20000] [--repeat 5]

Prints nanoseconds per evaluation (best of ``--repeat`` runs over the same
deterministic sample of three-card sets) and each path's speed-up over the naive
reference evaluator of ``tests/hazari/reference.py``, measured in the same run.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardrules.cards import Card
from cardrules.hazari import (
    evaluate,
    strength4_of,
    strength_of,
    strengths,
    strengths4,
    strengths4_numpy,
    strengths_numpy,
)
from cardrules.rng import Rng

ROOT = Path(__file__).resolve().parent.parent


def load_reference() -> Any:
    spec = importlib.util.spec_from_file_location(
        "hazari_reference", ROOT / "tests" / "hazari" / "reference.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def sample(count: int, size: int, seed: int) -> list[tuple[int, ...]]:
    rng = Rng(seed)
    return [tuple(rng.shuffled(range(52))[:size]) for _ in range(count)]


def best_ns(run: Callable[[], object], count: int, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter_ns()
        run()
        best = min(best, time.perf_counter_ns() - start)
    return best / count


def _bytecode_env() -> dict[str, str]:
    """The environment with bytecode caching on, as for an installed package."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def import_ms(code: str, runs: int) -> float:
    """Best wall time, in ms, of a fresh interpreter running ``code`` (after a warm-up)."""
    best = float("inf")
    subprocess.run([sys.executable, "-c", code], check=True, env=_bytecode_env())
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, env=_bytecode_env())
        best = min(best, time.perf_counter() - start)
    return best * 1000


def own_import_ms(runs: int) -> float:
    """Best self time, in ms, of the evaluator modules under ``python -X importtime``."""
    best = float("inf")
    modules = ("cardrules.hazari.combination", "cardrules.hazari.evaluator")
    for _ in range(runs):
        done = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", "import cardrules.hazari"],
            check=True,
            env=_bytecode_env(),
            capture_output=True,
            text=True,
        )
        total = 0
        for line in done.stderr.splitlines():
            fields = [field.strip() for field in line.split("|")]
            if len(fields) == 3 and fields[2] in modules:
                total += int(fields[0].split(":")[-1])
        best = min(best, total / 1000)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--import-runs", type=int, default=15)
    args = parser.parse_args()
    n, repeat = args.sets, args.repeat
    ref = load_reference()

    triples = sample(n, 3, seed=3)
    quads = sample(n, 4, seed=4)
    card_triples = [tuple(Card.from_index(i) for i in t) for t in triples]
    card_quads = [tuple(Card.from_index(i) for i in q) for q in quads]

    def reference() -> None:
        key = ref.ref_key
        for cards in card_triples:
            key(cards)

    def evaluate_cards() -> None:
        for cards in card_triples:
            evaluate(cards)

    def strength_ints() -> None:
        for a, b, c in triples:
            strength_of(a, b, c)

    def floor(a: int, b: int, c: int) -> int:
        return 0

    def call_floor() -> None:
        for a, b, c in triples:
            floor(a, b, c)

    def reference4() -> None:
        best4 = ref.ref_best4
        for cards in card_quads:
            best4(cards)

    def evaluate_cards4() -> None:
        for cards in card_quads:
            evaluate(cards)

    def strength4_ints() -> None:
        for a, b, c, d in quads:
            strength4_of(a, b, c, d)

    paths: list[tuple[str, Callable[[], object], int]] = [
        ("reference (3 Cards)", reference, 3),
        ("evaluate (3 Cards)", evaluate_cards, 3),
        ("strength_of (3 ints)", strength_ints, 3),
        ("(empty 3-int call: floor)", call_floor, 3),
        ("strengths, pure batch", lambda: strengths(triples), 3),
        ("reference best of 4", reference4, 4),
        ("evaluate (4 Cards)", evaluate_cards4, 4),
        ("strength4_of (4 ints)", strength4_ints, 4),
        ("strengths4, pure batch", lambda: strengths4(quads), 4),
    ]
    calls: dict[str, int] = {}
    try:
        import numpy as np
    except ImportError:
        print("numpy is not installed: the numpy batches are not measured")
    else:
        array3, array4 = np.array(triples), np.array(quads)
        assert strengths_numpy(array3).tolist() == strengths(triples)
        assert strengths4_numpy(array4).tolist() == strengths4(quads)
        numpy_passes = 50  # one numpy call is too short to time alone

        def numpy3() -> None:
            for _ in range(numpy_passes):
                strengths_numpy(array3)

        def numpy4() -> None:
            for _ in range(numpy_passes):
                strengths4_numpy(array4)

        paths.insert(5, ("strengths_numpy batch", numpy3, 3))
        paths.append(("strengths4_numpy batch", numpy4, 4))
        calls["strengths_numpy batch"] = calls["strengths4_numpy batch"] = numpy_passes

    # Round robin, so that a burst of load on a shared machine hits every path alike.
    best = {name: float("inf") for name, _, _ in paths}
    for _ in range(repeat):
        for name, run, _ in paths:
            best[name] = min(best[name], best_ns(run, n * calls.get(name, 1), 1))
    base = {3: best["reference (3 Cards)"], 4: best["reference best of 4"]}

    version = platform.python_version()
    print(f"Python {version} on {platform.machine()}, {n} random sets, best of {repeat}")
    print(f"{'path':<26}{'ns/set':>10}{'x reference':>14}")
    for name, _, size in paths:
        print(f"{name:<26}{best[name]:>10.1f}{base[size] / best[name]:>13.1f}x")
    if args.import_runs:
        bare = import_ms("pass", args.import_runs)
        package = import_ms("import cardrules.hazari", args.import_runs)
        own = own_import_ms(args.import_runs)
        print(f"import cardrules.hazari: {package - bare:.1f} ms above a bare interpreter")
        print(f"  of which the evaluator modules themselves: {own:.1f} ms")


if __name__ == "__main__":
    main()
