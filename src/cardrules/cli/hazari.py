"""``cardrules hazari ...``: Hazari tools.

The actions live in the modules named in :data:`ACTIONS`, each with a
``register(actions)`` function that adds one or more sub-commands.
"""

from __future__ import annotations

import importlib
from typing import Any

ACTIONS: tuple[str, ...] = ("hazari_eval", "hazari_arrange", "hazari_check")
"""Modules of :mod:`cardrules.cli` that add ``hazari`` sub-commands."""


def register(commands: Any) -> None:
    """Add the ``hazari`` command and its actions."""
    parser = commands.add_parser(
        "hazari", help="evaluate, tabulate and arrange Hazari hands; check records"
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True
    for name in ACTIONS:
        importlib.import_module(f"cardrules.cli.{name}").register(actions)
