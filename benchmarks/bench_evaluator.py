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
    modules = ("cardrules.hazari.combination", "cardrules.hazari.evaluate")
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

    rows: list[tuple[str, float, str]] = []
    base3 = best_ns(reference, n, max(1, repeat // 2))
    rows.append(("reference (3 Cards)", base3, "3"))
    rows.append(("evaluate (3 Cards)", best_ns(evaluate_cards, n, repeat), "3"))
    rows.append(("strength_of (3 ints)", best_ns(strength_ints, n, repeat), "3"))
    rows.append(("(empty 3-int call: floor)", best_ns(call_floor, n, repeat), "3"))
    rows.append(("strengths, pure batch", best_ns(lambda: strengths(triples), n, repeat), "3"))
    base4 = best_ns(reference4, n, max(1, repeat // 2))
    rows.append(("reference best of 4", base4, "4"))
    rows.append(("evaluate (4 Cards)", best_ns(evaluate_cards4, n, repeat), "4"))
    rows.append(("strength4_of (4 ints)", best_ns(strength4_ints, n, repeat), "4"))
    rows.append(("strengths4, pure batch", best_ns(lambda: strengths4(quads), n, repeat), "4"))
    try:
        import numpy as np
    except ImportError:
        print("numpy is not installed: the numpy batch is not measured")
    else:
        array3, array4 = np.array(triples), np.array(quads)
        strengths_numpy(array3[:1])  # builds the lazy table outside the timing
        assert strengths_numpy(array3).tolist() == strengths(triples)
        assert strengths4_numpy(array4).tolist() == strengths4(quads)
        rows.insert(
            4, ("strengths_numpy batch", best_ns(lambda: strengths_numpy(array3), n, repeat), "3")
        )
        rows.append(
            ("strengths4_numpy batch", best_ns(lambda: strengths4_numpy(array4), n, repeat), "4")
        )

    version = platform.python_version()
    print(f"Python {version} on {platform.machine()}, {n} random sets, best of {repeat}")
    print(f"{'path':<26}{'ns/set':>10}{'x reference':>14}")
    for name, ns, size in rows:
        base = base3 if size == "3" else base4
        print(f"{name:<26}{ns:>10.1f}{base / ns:>13.1f}x")
    if args.import_runs:
        bare = import_ms("pass", args.import_runs)
        package = import_ms("import cardrules.hazari", args.import_runs)
        own = own_import_ms(args.import_runs)
        print(f"import cardrules.hazari: {package - bare:.1f} ms above a bare interpreter")
        print(f"  of which the evaluator modules themselves: {own:.1f} ms")


if __name__ == "__main__":
    main()
