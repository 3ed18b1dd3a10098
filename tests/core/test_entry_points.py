"""Games in other packages: found by entry point, loaded on first use, broken ones isolated.

The fast tests put the example package of ``examples/toy-game`` and an installed
package's metadata (a ``.dist-info`` folder with ``entry_points.txt``) on
``sys.path``, as ``pip install`` would, and run in this process. The last test
installs the example for real into a new virtual environment and plays it from
the shell.
"""

from __future__ import annotations

import importlib.util
import io
import os
import site
import subprocess
import sys
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from cardrules import game_names, load_game, registry
from cardrules.cli import main
from cardrules.errors import PluginError

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "toy-game"


def _dist_info(where: Path, name: str, entry_points: str) -> None:
    info = where / f"{name}-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text(f"[cardrules.games]\n{entry_points}\n")


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The example game and a broken one, installed in ``tmp_path`` for this test."""
    _dist_info(tmp_path, "cardrules_toy_game", "toy = toy_game.game:GAME")
    _dist_info(tmp_path, "broken_game", "broken = broken_game_missing.game:GAME")
    monkeypatch.syspath_prepend(str(EXAMPLE / "src"))
    monkeypatch.syspath_prepend(str(tmp_path))
    for module in _toy_modules():  # the tests import the example too: put it back after
        monkeypatch.delitem(sys.modules, module)
    monkeypatch.setattr(registry, "_REGISTERED", {})
    registry._entry_points.cache_clear()
    yield tmp_path
    registry._entry_points.cache_clear()
    for module in _toy_modules():
        del sys.modules[module]


def _toy_modules() -> list[str]:
    return [m for m in sys.modules if m == "toy_game" or m.startswith("toy_game.")]


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def test_an_installed_game_is_listed_without_being_imported(installed: Path) -> None:
    assert {"azi", "hazari", "toy", "broken"} <= set(game_names())
    assert "toy_game" not in sys.modules
    game = load_game("toy(players=2)")
    assert "toy_game.game" in sys.modules
    assert (game.name, game.num_players, sorted(game.bots)) == (
        "toy",
        2,
        ["low", "random", "strong"],
    )
    state = game.new_state(4)
    assert game.state_from_json(state.to_json()) == state


def test_an_installed_game_plays_on_the_command_line(installed: Path) -> None:
    status, out, err = run("play", "toy", "--seed", "1")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert [line.split(" holds ")[0] for line in lines[:3]] == [
        "seat 0 (strong)",
        "seat 1 (strong)",
        "seat 2 (strong)",
    ]
    assert sum(" plays " in line for line in lines) == 6
    assert sum(line.endswith("wins the round") for line in lines) == 2
    returns = [int(x) for x in lines[-1].removeprefix("returns [").removesuffix("]").split(",")]
    assert sum(returns) == 0 and sorted(returns) in ([-2, -2, 4], [-2, 1, 1])
    status, out, _ = run("simulate", "toy", "--games", "3", "--bots", "low,random")
    assert status == 0 and "low" in out


def page_output() -> list[str]:
    """The lines that "Adding a game" shows ``cardrules play toy --seed 1`` printing."""
    page = (ROOT / "docs" / "guide" / "adding_a_game.rst").read_text(encoding="utf-8")
    block = page.split("   $ cardrules play toy --seed 1\n", 1)[1].split("\n\n", 1)[0]
    return [line.removeprefix("   ") for line in block.splitlines()]


def test_the_adding_a_game_page_shows_what_the_example_prints(installed: Path) -> None:
    status, out, _ = run("play", "toy", "--seed", "1")
    assert status == 0 and out.splitlines() == page_output()
    assert len(page_output()) == 12


def test_a_broken_entry_point_names_its_package_and_spares_the_others(installed: Path) -> None:
    with pytest.raises(PluginError, match=r"the game 'broken' of the package 'broken_game'"):
        load_game("broken")
    status, out, err = run("play", "broken", "--seed", "1")
    assert status == 2 and out == ""
    assert "'broken_game'" in err and "ModuleNotFoundError" in err
    status, out, _ = run("play", "toy", "--seed", "1")
    assert status == 0 and out.endswith("]\n")
    assert run("play", "azi", "--seed", "1")[0] == 0


def test_an_entry_point_must_name_a_definition_of_its_own_name(
    installed: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _dist_info(installed, "wrong_game", "wrong = toy_game.game:GAME\nworse = toy_game.game:PACK")
    registry._entry_points.cache_clear()
    with pytest.raises(PluginError, match=r"'wrong_game' .* defines the game 'toy'"):
        load_game("wrong")
    with pytest.raises(PluginError, match=r"'worse' of the package 'wrong_game' .* not a Game"):
        load_game("worse")


@pytest.mark.parametrize(
    "text", ["cardrules.bots", "cardrules.bots:", ":RandomBot", "a b:c", "x:1", 3]
)
def test_load_reference_refuses_what_is_not_module_colon_name(text: object) -> None:
    with pytest.raises(PluginError, match="a reference is module:name"):
        registry.load_reference(text)  # type: ignore[arg-type]


def test_load_reference_loads_and_reports_what_is_missing() -> None:
    from cardrules.bots.search import PIMCBot

    assert registry.load_reference(" cardrules.bots.search:PIMCBot ") is PIMCBot
    assert registry.load_reference("cardrules.registry:Game.from_json").__name__ == "from_json"
    with pytest.raises(PluginError, match="cannot import 'cardrules_no_such_module'"):
        registry.load_reference("cardrules_no_such_module:Bot")
    with pytest.raises(PluginError, match=r"module 'cardrules\.bots' has no attribute 'NoBot'"):
        registry.load_reference("cardrules.bots:NoBot")


def _outer_site_packages() -> list[str]:
    return [path for path in site.getsitepackages() if Path(path).is_dir()]


def test_the_example_installs_and_plays_from_the_shell(tmp_path: Path) -> None:
    """``pip install`` of cardrules and the example into a new venv, then ``cardrules play toy``.

    The venv sees this environment's packages through a ``.pth`` file (attrs, pip,
    the build backend), so nothing is downloaded when hatchling is installed here.
    """
    if os.name != "posix":
        pytest.skip("the venv layout below is the POSIX one")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "PYTHONHOME"}}
    purelib = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stdout.strip()
    (Path(purelib) / "_outer_environment.pth").write_text("\n".join(_outer_site_packages()) + "\n")
    pip = [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    if importlib.util.find_spec("hatchling") is None:
        got = subprocess.run([*pip, "hatchling"], capture_output=True, text=True, env=env)
        if got.returncode != 0:
            pytest.skip("needs the build backend hatchling, which could not be installed")
    subprocess.run(
        [*pip, "--no-deps", "--no-build-isolation", "--no-index", str(ROOT), str(EXAMPLE)],
        check=True,
        env=env,
        cwd=tmp_path,
        capture_output=True,
    )
    played = subprocess.run(
        [str(venv / "bin" / "cardrules"), "play", "toy", "--seed", "1"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert (played.returncode, played.stderr) == (0, "")
    where = subprocess.run(
        [python, "-c", "import cardrules, toy_game; print(cardrules.__file__, toy_game.__file__)"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=True,
    ).stdout
    assert where.count(str(venv)) == 2
    assert played.stdout.splitlines() == page_output()
