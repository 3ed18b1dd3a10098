"""Run the docstring examples of the installed package (not the source tree)."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import pkgutil
import sys

import cardrules

EXTRAS = {"pyspiel", "open_spiel", "numpy", "pettingzoo", "gymnasium", "dask", "distributed"}


def _in_a_batch_engine(name: str) -> bool:
    """``cardrules.batch``, a game's ``batch`` package and its modules, ``*.batch_*``."""
    return any(part.startswith("batch") for part in name.split(".")[1:])


def _needs_an_extra(name: str) -> bool:
    """The integrations and the batch engines."""
    return name.startswith("cardrules.integrations.") or _in_a_batch_engine(name)


def main() -> int:
    if "site-packages" not in (cardrules.__file__ or ""):
        print(f"cardrules was imported from {cardrules.__file__}, not an installed wheel")
        return 1
    failed = tested = 0
    for info in pkgutil.walk_packages(cardrules.__path__, "cardrules."):
        if info.name.endswith("__main__"):
            continue
        try:
            module = importlib.import_module(info.name)
        except ModuleNotFoundError as exc:
            # An integration or a batch engine whose extra is not installed.
            if _needs_an_extra(info.name) and exc.name in EXTRAS:
                print(f"skipped {info.name}: {exc}")
                continue
            raise
        batchy = any("batch" in part for part in info.name.split(".")[1:])
        if batchy and importlib.util.find_spec("numpy") is None:
            # A batch module that imports without numpy (the command line's) but whose
            # examples run the batch engine.
            print(f"skipped {info.name}: its examples need numpy")
            continue
        # ELLIPSIS, as pytest's doctests (its default) and the docs' (docs/conf.py) run.
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        failed += result.failed
        tested += result.attempted
    print(f"installed-package doctests: {tested} examples, {failed} failed")
    return 1 if failed or not tested else 0


if __name__ == "__main__":
    sys.exit(main())
