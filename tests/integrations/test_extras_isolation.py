"""``import cardrules`` never imports an optional extra (OpenSpiel, numpy, PettingZoo, Dask)."""

from __future__ import annotations

import subprocess
import sys

EXTRAS = ("pyspiel", "numpy", "pettingzoo", "gymnasium", "dask", "distributed")


def test_importing_cardrules_imports_no_extra() -> None:
    code = (
        "import sys, cardrules, cardrules.integrations, cardrules.azi, cardrules.hazari\n"
        "from cardrules import load_game\n"
        "game = load_game('azi')\n"
        "game.definition.observation_tensor(game.new_state(1).observation(0))\n"
        f"print(sorted(name for name in {EXTRAS!r} if name in sys.modules))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
