"""``cardrules azi ...``: Azi tools.

- ``cardrules azi rules [--players N] [--ante N] ...`` checks rule options and prints
  them as JSON (the form game records use);
- ``cardrules azi check FILE`` replays and checks Azi game or match records (text
  records, one JSON record, or one per line as ``cardrules simulate --out`` writes
  them; ``-`` reads standard input; match records of 0.1.0 too), and prints each
  record's line number and the position it reaches, or why it fails (see
  :mod:`cardrules.cli.records`).
"""

from __future__ import annotations

import argparse
from typing import Any

from cardrules.azi import AziMatch, AziRules, AziState, FirstLead, Rounding
from cardrules.azi.rules import RULES_PAGE, SUITS_CHOICES
from cardrules.cli.records import add_check_action
from cardrules.cli.text import by_seat, plural
from cardrules.record import dump_json


def register(commands: Any) -> None:
    """Add the ``azi`` command and its actions."""
    parser = commands.add_parser(
        "azi",
        help="check Azi rule options and game records",
        description="Azi tools: check rule options and print them as game records write"
        " them (rules), and replay and check game records (check).",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True
    rules = actions.add_parser(
        "rules",
        help="check Azi rule options and print them as JSON",
        description="Check Azi rule options and print them as JSON, the form game records"
        f" use. Each option names its rule by tag (rule A2): read them on {RULES_PAGE}.",
    )
    rules.add_argument("--players", type=int, default=4, help="2 to 6 (rule A2; default 4)")
    rules.add_argument("--ante", type=int, default=10, help="chips each (rule A3; default 10)")
    rules.add_argument(
        "--suits",
        default="DHS",
        metavar="{" + ",".join(SUITS_CHOICES) + "}",
        help="the pack's three suits, by letter in any order (rule A1; default DHS)",
    )
    rules.add_argument(
        "--look-before-fold", action="store_true", help="see your cards before folding (rule A5)"
    )
    rules.add_argument(
        "--first-lead",
        choices=[lead.value for lead in FirstLead],
        default=FirstLead.RIGHT_OF_WINNER.value,
        help="who leads the first trick (rule A8; default right_of_winner)",
    )
    rules.add_argument(
        "--min-raise", type=int, default=1, help="the least a raise adds (rule A7; default 1)"
    )
    rules.add_argument(
        "--max-raise", type=int, default=10, help="the most a raise adds (default 10)"
    )
    rules.add_argument(
        "--raise-cap",
        type=int,
        default=3,
        help="raises allowed in one bidding, counting everyone (rule A7; default 3)",
    )
    rules.add_argument(
        "--match-games",
        type=int,
        default=None,
        help="games in a match (rule A15; default: one per player)",
    )
    rules.add_argument(
        "--rounding",
        choices=[rounding.value for rounding in Rounding],
        default="up",
        help="rounding of the half-pot re-deal fee (rule A12; default up)",
    )
    rules.set_defaults(run=_rules)
    add_check_action(actions, "azi", "Azi", describe_record)


def _rules(args: argparse.Namespace) -> int:
    rules = AziRules(
        players=args.players,
        ante=args.ante,
        suits=args.suits,
        look_before_fold=args.look_before_fold,
        first_lead=FirstLead.parse(args.first_lead),
        min_raise=args.min_raise,
        max_raise=args.max_raise,
        raise_cap=args.raise_cap,
        rounding=Rounding.parse(args.rounding),
        match_games=args.match_games,
    )
    print(dump_json(rules.to_json()))
    return 0


def describe_record(loaded: AziState | AziMatch) -> list[str]:
    """What ``cardrules azi check`` says about a loaded game or match record."""
    if isinstance(loaded, AziMatch):
        summary = (
            f"valid Azi match record: {plural(len(loaded.history), 'action')},"
            f" game {len(loaded.finished) + 1} of {loaded.rules.games_per_match}"
        )
        if loaded.is_terminal:
            return [summary, f"match over; net chips {by_seat(loaded.returns(), signed=True)}"]
        state = loaded.current
    else:
        state = loaded
        actions = plural(len(state.history), "action")
        summary = f"valid Azi record: {actions}, deal {state.deal_number + 1}"
    if state.is_terminal:
        chips = by_seat(state.returns(), signed=True)
        return [summary, f"pot won by seat {state.winner}; net chips {chips}"]
    return [
        summary,
        f"in progress: {state.phase.value} phase, seat {state.current_player} to act,"
        f" pot {state.pot}",
    ]
