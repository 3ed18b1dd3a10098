"""Shared test configuration: the ``--soak`` option and hypothesis profiles."""

from __future__ import annotations

import importlib.util
import os

import pytest
from hypothesis import HealthCheck, settings

collect_ignore = ["azi/batch_lockstep.py"] if importlib.util.find_spec("numpy") is None else []
"""The batch engine's lock-step helpers, which need the ``numpy`` extra."""

settings.register_profile("default", deadline=None)
settings.register_profile(
    "soak", deadline=None, max_examples=100_000, suppress_health_check=list(HealthCheck)
)
settings.register_profile("ci", deadline=None, derandomize=True)
settings.register_profile(
    "soak-ci",
    deadline=None,
    derandomize=True,
    max_examples=2_000,
    suppress_health_check=list(HealthCheck),
)
"""The soak checks at a size that ``.ci/run`` can afford on every submission."""
# CI runs a fixed set of examples, so a run is repeatable; elsewhere each run explores anew.
_DEFAULT = "ci" if os.environ.get("CI") else "default"
settings.load_profile(os.environ.get("CARDRULES_HYPOTHESIS_PROFILE", _DEFAULT))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--soak",
        action="store_true",
        default=False,
        help="also run the long soak and fuzz checks (hypothesis profile 'soak', or the one"
        " named by CARDRULES_HYPOTHESIS_PROFILE)",
    )


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--soak"):
        settings.load_profile(os.environ.get("CARDRULES_HYPOTHESIS_PROFILE", "soak"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--soak"):
        return
    skip = pytest.mark.skip(reason="soak check: run with --soak")
    for item in items:
        if "soak" in item.keywords:
            item.add_marker(skip)
