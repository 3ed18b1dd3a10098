"""Misbehaving games from other packages, installed the way ``pip`` installs them.

:func:`install` writes, into a folder, a ``*.dist-info`` folder with ``METADATA`` and
``entry_points.txt`` for each package, and the packages' modules; the folder and the
example package's sources on ``sys.path`` (or ``PYTHONPATH``) make them installed. No
index and no ``pip`` are needed.

The packages, each a game beside the example's ``toy``:

============================  ===============================================================
package (its games)           what it does wrong
============================  ===============================================================
``slow_game`` (slow)          takes seconds to import, and leaves a marker file when it does
``exit_game`` (exit)          calls ``sys.exit(3)`` when imported
``raising_game`` (raising)    its rules factory raises ``TypeError``
``clash_game`` (clash-seed,   an option ``seed``, the flag of ``simulate --seed``; an option
clash-type)                   ``look_before_fold`` with a whole-number value, Azi's switch
``bad_name_game``             declares ``bad-name.x``, a name no spec can name, and ``azi``,
                              a built-in game's name
============================  ===============================================================
"""

from __future__ import annotations

import textwrap
from pathlib import Path

__all__ = ["EXAMPLE", "MARKER", "PACKAGES", "install"]

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "toy-game" / "src"
"""The example package's sources (the module ``toy_game``)."""

MARKER = "slow_plugin_was_imported"
"""The file the slow package's module writes beside itself when it is imported."""

EXAMPLE_PACKAGE = {"cardrules_toy_game": "toy = toy_game.game:GAME"}

PACKAGES = {
    "slow_game": "slow = slow_plugin.game:GAME",
    "exit_game": "exit = exit_plugin:GAME",
    "raising_game": "raising = raising_plugin:GAME",
    "clash_game": "clash-seed = clash_plugin:SEED\nclash-type = clash_plugin:TYPE",
    "bad_name_game": "bad-name.x = toy_game.game:GAME\nazi = toy_game.game:GAME",
}
"""Each misbehaving package and its ``[cardrules.games]`` entry points."""

MODULES = {
    "slow_plugin/__init__.py": "",
    "slow_plugin/game.py": f"""
        import pathlib
        import time

        pathlib.Path(__file__).with_name({MARKER!r}).write_text("imported")
        time.sleep(3)

        from toy_game.game import ToyDefinition


        class Slow(ToyDefinition):
            name = "slow"


        GAME = Slow()
        """,
    "exit_plugin.py": """
        import sys

        sys.exit(3)
        """,
    "raising_plugin.py": """
        from toy_game.game import ToyDefinition


        class Raising(ToyDefinition):
            name = "raising"

            def make_rules(self, options):
                raise TypeError("the factory is broken")


        GAME = Raising()
        """,
    "clash_plugin.py": """
        import attrs

        from cardrules.options import rules_from_options
        from toy_game.game import ToyDefinition


        @attrs.frozen
        class SeedRules:
            players: int = 3
            seed: int = 0

            def to_json(self):
                return {"players": self.players, "seed": self.seed}


        @attrs.frozen
        class TypeRules:
            players: int = 3
            look_before_fold: int = 2

            def to_json(self):
                return {"players": self.players, "look_before_fold": self.look_before_fold}


        class ClashSeed(ToyDefinition):
            name = "clash-seed"

            def make_rules(self, options):
                return rules_from_options(SeedRules, options, lambda d: SeedRules(**d), "clash")


        class ClashType(ToyDefinition):
            name = "clash-type"

            def make_rules(self, options):
                return rules_from_options(TypeRules, options, lambda d: TypeRules(**d), "clash")


        SEED = ClashSeed()
        TYPE = ClashType()
        """,
}


def _dist_info(where: Path, package: str, entry_points: str) -> None:
    info = where / f"{package}-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {package}\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text(f"[cardrules.games]\n{entry_points}\n")


def install(where: Path, misbehaving: bool = True) -> list[str]:
    """Install the example package, and the misbehaving ones unless told not to, into
    ``where``; the ``sys.path`` entries that make them importable."""
    where.mkdir(parents=True, exist_ok=True)
    packages = {**EXAMPLE_PACKAGE, **(PACKAGES if misbehaving else {})}
    for package, entry_points in packages.items():
        _dist_info(where, package, entry_points)
    for name, text in MODULES.items() if misbehaving else ():
        path = where / name
        path.parent.mkdir(exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip())
    return [str(where), str(EXAMPLE)]
