"""``cardrules hazari eval`` and ``cardrules hazari table``: combinations on the command line.

``eval`` values 3 cards, or the best 3 of 4 (H6)::

    $ cardrules hazari eval AS KS QS QH
    Colour run A-K-Q
    kind: Colour run
    strength: 727 of 740
    percentile: 99.76
    best three: AS KS QS

``table`` lists the 741 classes strongest first, as text, CSV or JSON.
"""

from __future__ import annotations

import argparse
import io
import json
from typing import Any

from cardrules.cards import format_cards, parse_cards
from cardrules.hazari.combination import Combination, TableRow, combination_table
from cardrules.hazari.evaluator import best_three, evaluate
from cardrules.tables import write_csv

__all__ = ["register"]

_FORMATS = ("text", "csv", "json")
_COLUMNS = ("strength", "kind", "combination", "ranks", "sets", "beats_or_ties", "percentile")


def register(actions: Any) -> None:
    """Add the ``eval`` and ``table`` actions to ``cardrules hazari``."""
    evaluate_parser = actions.add_parser(
        "eval",
        help="value 3 cards, or the best 3 of 4 (kind, strength, percentile)",
        description="Value three cards as a Hazari combination: its kind, its strength among"
        " the 741 classes (740 the strongest) and its percentile; of four cards, the best"
        " three.",
    )
    evaluate_parser.add_argument("cards", nargs="+", help='3 or 4 cards, such as "AS KS QS"')
    evaluate_parser.add_argument(
        "--format", choices=("text", "json"), default="text", help="text or json (default text)"
    )
    evaluate_parser.set_defaults(run=_eval)
    table_parser = actions.add_parser(
        "table",
        help="list the 741 combination classes",
        description="List the 741 classes of Hazari combinations, strongest first, with each"
        " one's strength, how many sets of three cards make it, how many it beats or ties and"
        " its percentile.",
    )
    table_parser.add_argument(
        "--format", choices=_FORMATS, default="text", help="text, csv or json (default text)"
    )
    table_parser.set_defaults(run=_table)


def _eval(args: argparse.Namespace) -> int:
    cards = parse_cards(" ".join(args.cards))
    combination = evaluate(cards)
    facts: dict[str, Any] = {
        "cards": format_cards(cards),
        "combination": str(combination),
        "kind": str(combination.kind),
        "strength": combination.strength,
        "percentile": combination.percentile,
    }
    if len(cards) == 4:
        facts["best_three"] = format_cards(best_three(cards))
    if args.format == "json":
        print(json.dumps(facts, ensure_ascii=False))
        return 0
    print(combination)
    print(f"kind: {combination.kind}")
    print(f"strength: {combination.strength} of 740")
    print(f"percentile: {combination.percentile:.2f}")
    if "best_three" in facts:
        print(f"best three: {facts['best_three']}")
    return 0


def _row(row: TableRow) -> dict[str, Any]:
    combination: Combination = row.combination
    return {
        "strength": row.strength,
        "kind": str(row.kind),
        "combination": str(combination),
        "ranks": "-".join(str(rank) for rank in row.ranks),
        "sets": row.sets,
        "beats_or_ties": row.beats_or_ties,
        "percentile": round(combination.percentile, 4),
    }


def _table(args: argparse.Namespace) -> int:
    rows = [_row(row) for row in combination_table()]
    if args.format == "json":
        print(json.dumps(rows, indent=1))
    elif args.format == "csv":
        buffer = io.StringIO()
        write_csv(rows, buffer, _COLUMNS)
        print(buffer.getvalue(), end="")
    else:
        print(
            f"{'strength':>8}  {'combination':<18}  {'sets':>4}  {'beats or ties':>13}  percentile"
        )
        for row in rows:
            print(
                f"{row['strength']:>8}  {row['combination']:<18}  {row['sets']:>4}"
                f"  {row['beats_or_ties']:>13}  {row['percentile']:>10.4f}"
            )
    return 0
