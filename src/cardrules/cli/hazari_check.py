"""``cardrules hazari check FILE``: replay and check Hazari deal or match records.

A file holds text records (``.crec``), one JSON record or one per line (as
``cardrules simulate hazari --out`` writes them); see :mod:`cardrules.cli.records`.
"""

from __future__ import annotations

from typing import Any

from cardrules.cli.records import add_check_action
from cardrules.cli.text import by_seat, plural
from cardrules.hazari.match import HazariMatch
from cardrules.hazari.state import HazariState

__all__ = ["describe_record", "register"]


def register(actions: Any) -> None:
    """Add the ``check`` action to ``cardrules hazari``."""
    add_check_action(actions, "hazari", "Hazari", describe_record)


def describe_record(loaded: HazariState | HazariMatch) -> list[str]:
    """What ``cardrules hazari check`` says about a loaded deal or match record."""
    if isinstance(loaded, HazariMatch):
        summary = (
            f"valid Hazari match record: {plural(len(loaded.history), 'action')},"
            f" deal {loaded.current.deal + 1}, target {loaded.rules.target}"
        )
        if loaded.is_terminal:
            winners = " and ".join(f"seat {seat}" for seat in loaded.winners)
            return [summary, f"match over, won by {winners}; totals {by_seat(loaded.totals)}"]
        return [summary, f"totals so far {by_seat(loaded.totals)}", _deal_position(loaded.current)]
    actions = plural(len(loaded.history), "action")
    summary = f"valid Hazari record: {actions}, dealer seat {loaded.dealer}"
    return [summary, _deal_position(loaded)]


def _deal_position(deal: HazariState) -> str:
    if deal.is_terminal:
        return f"deal over; points {by_seat(deal.returns())}"
    up = [f"seat {seat}" for seat in deal.up]
    said = f"{', '.join(up)} up" if up else "nobody up yet"
    return f"in progress: {said}, seat {deal.current_player} to arrange"
