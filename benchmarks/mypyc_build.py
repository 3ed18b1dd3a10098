"""Compile the Azi engine's hot modules with mypyc: an optional build, for measuring.

The package is pure Python and its wheel stays so; this script makes a compiled
variant to measure and test, never the default::

    python benchmarks/mypyc_build.py DEST            # a compiled copy of src/ in DEST
    python benchmarks/mypyc_build.py --in-place DIR  # compile DIR/cardrules where it is

``DEST`` then holds ``cardrules`` with the modules of :data:`MODULES` compiled next
to their sources (an extension module is imported before its ``.py``); run the
tests against it with ``PYTHONPATH=DEST python -m pytest ...``. ``compare.py
--mypyc`` puts the same extensions into the working tree's environment. It needs
mypy (which ships mypyc; in the ``dev`` extra) and a C compiler.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE.parent / "src" / "cardrules"
MODULES = ("cardrules/azi/transitions.py",)
"""The modules compiled: the engine (positions and their steps). The public state
around it stays interpreted: compiled code checks argument types itself and raises
TypeError, where the package raises its own errors for wrong-typed input."""


def compile_in_place(root: Path, modules: Sequence[str] = MODULES) -> None:
    """Compile ``modules`` (paths under ``root``) with mypyc, the extensions left beside
    their sources; raise RuntimeError with the end of mypyc's output on failure."""
    done = subprocess.run(
        [sys.executable, "-m", "mypyc", *modules],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    shutil.rmtree(root / "build", ignore_errors=True)
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-20:])
        raise RuntimeError(f"mypyc failed (exit {done.returncode}):\n{tail}")


def build_copy(dest: Path, modules: Sequence[str] = MODULES) -> None:
    """A copy of the working tree's package in ``dest``, with ``modules`` compiled."""
    target = dest / "cardrules"
    if target.exists():
        shutil.rmtree(target)
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copytree(SOURCE, target, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    compile_in_place(dest, modules)


def install_compiled(site: Path, modules: Sequence[str] = MODULES) -> None:
    """Compile a copy of the working tree and put its extensions into ``site`` (the
    directory holding an installed ``cardrules`` of the same sources): mypy will not
    compile inside an environment's site-packages, whose modules shadow its own."""
    with tempfile.TemporaryDirectory(prefix="cardrules-mypyc-") as scratch:
        build_copy(Path(scratch), modules)
        for built in Path(scratch).rglob("*.so"):
            target = site / built.relative_to(scratch)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(built, target)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dest", type=Path, help="where to put (or find) cardrules/")
    parser.add_argument("--in-place", action="store_true", help="compile the copy in DEST")
    args = parser.parse_args(argv)
    try:
        if args.in_place:
            compile_in_place(args.dest)
        else:
            build_copy(args.dest)
    except RuntimeError as exc:
        print(exc, file=sys.stderr)
        return 1
    print(f"compiled {', '.join(MODULES)} under {args.dest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
