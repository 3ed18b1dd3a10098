"""The optional compiled build (``benchmarks/mypyc_build.py``) plays the same games.

A soak check: compiling takes a minute and needs mypy and a C compiler (the ``dev``
extra and the machine). The compiled copy and the pure package play the same random
games, under several rule sets, and must write byte-identical records, legal ids and
error messages.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"

SCRIPT = """
import hashlib, sys
import cardrules.azi.transitions as engine
from cardrules.azi import AziRules, AziState
from cardrules.errors import IllegalActionError
from cardrules.rng import Rng

digest = hashlib.sha256()
for number, rules in enumerate([AziRules(), AziRules(players=2, raise_cap=0),
                                AziRules(players=6, suits="CDS", look_before_fold=True)]):
    for seed in range(40):
        rng = Rng(seed * 7 + number)
        state = AziState.new(rules, seed=seed)
        while not state.is_terminal:
            ids = state.legal_action_ids()
            digest.update(repr(ids).encode())
            digest.update(repr(state.observation(state.current_player)).encode())
            try:
                state.apply("not an action")
            except IllegalActionError as exc:
                digest.update(str(exc).encode())
            state = state.apply(state.action_from_id(ids[rng.randbelow(len(ids))]))
        digest.update(state.record().to_text().encode())
        assert AziState.from_json(state.to_json()) == state
print(engine.__file__.rsplit(".", 1)[-1], digest.hexdigest())
"""


def run(pythonpath: str | None) -> list[str]:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    if pythonpath is not None:
        env["PYTHONPATH"] = pythonpath
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


@pytest.mark.soak
def test_the_compiled_engine_plays_the_same_games(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("mypyc_build", BENCHMARKS / "mypyc_build.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    build.build_copy(tmp_path)
    compiled = run(str(tmp_path))
    pure = run(None)
    assert compiled[0] == "so" and pure[0] == "py"
    assert compiled[1] == pure[1]
