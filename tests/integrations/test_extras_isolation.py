"""``import cardrules`` never imports an optional extra (OpenSpiel, numpy, PettingZoo,
Dask, pandas)."""

from __future__ import annotations

import subprocess
import sys

EXTRAS = ("pyspiel", "numpy", "pettingzoo", "gymnasium", "dask", "distributed", "pandas")


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


def test_an_adapter_without_its_extra_says_what_to_install() -> None:
    code = (
        "import sys\n"
        "sys.modules['pyspiel'] = None\n"
        "sys.modules['gymnasium'] = None\n"
        "for module in ('openspiel', 'pettingzoo'):\n"
        "    try:\n"
        "        __import__('cardrules.integrations.' + module)\n"
        "    except ModuleNotFoundError as missing:\n"
        "        print(missing.name, '|', missing)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 2
    # without the extras numpy may be the first missing module; either way the
    # message names the pip command
    assert lines[0].split(" | ")[0] in ("pyspiel", "numpy")
    assert 'pip install "cardrules[openspiel]"' in lines[0]
    assert lines[1].split(" | ")[0] in ("gymnasium", "numpy", "pettingzoo")
    assert 'cardrules[pettingzoo]"' in lines[1]
