"""``cardrules hazari ...``: Hazari tools.

The actions live in the modules named in :data:`ACTIONS`, each with a
``register(actions)`` function that adds one or more sub-commands.
"""

from __future__ import annotations

from typing import Any

from cardrules.cli import hazari_arrange, hazari_check, hazari_eval, hazari_stats

ACTIONS: tuple[str, ...] = ("hazari_eval", "hazari_arrange", "hazari_check", "hazari_stats")
"""Modules of :mod:`cardrules.cli` that add ``hazari`` sub-commands."""

_MODULES = {
    "hazari_eval": hazari_eval,
    "hazari_arrange": hazari_arrange,
    "hazari_check": hazari_check,
    "hazari_stats": hazari_stats,
}


def register(commands: Any) -> None:
    """Add the ``hazari`` command and its actions."""
    parser = commands.add_parser(
        "hazari",
        help="evaluate, tabulate and arrange Hazari hands; check records; round statistics",
        description="Hazari tools: evaluate three cards and list the combination classes"
        " (eval, table), arrange a hand of 13 (arrange, value-tables), replay and check game"
        " records (check), and count how often each kind of group takes each round (stats).",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True
    for name in ACTIONS:
        _MODULES[name].register(actions)
