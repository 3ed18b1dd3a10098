"""``cardrules azi ...``: Azi tools.

- ``cardrules azi rules [--players N] [--ante N] ...`` checks rule options and prints
  them as JSON (the form game records use);
- ``cardrules azi check FILE`` replays an Azi game or match record (``-`` reads
  standard input; match records of 0.1.0 too), checks it, and prints the position
  it reaches.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from cardrules.azi import AziMatch, AziRules, FirstLead, Rounding
from cardrules.azi.game import GAME
from cardrules.cli import UsageError
from cardrules.errors import InvalidStateError
from cardrules.records import dump_json


def register(commands: Any) -> None:
    """Add the ``azi`` command and its actions."""
    parser = commands.add_parser("azi", help="check Azi rule options and game records")
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True
    rules = actions.add_parser("rules", help="check Azi rule options and print them as JSON")
    rules.add_argument("--players", type=int, default=4, help="2 to 6 (default 4)")
    rules.add_argument("--ante", type=int, default=10, help="chips each (default 10)")
    rules.add_argument("--suits", default="DHS", help="three suit letters (default DHS)")
    rules.add_argument("--look-before-fold", action="store_true", help="see cards before folding")
    rules.add_argument(
        "--first-lead",
        choices=[lead.value for lead in FirstLead],
        default=FirstLead.RIGHT_OF_WINNER.value,
    )
    rules.add_argument("--min-raise", type=int, default=1)
    rules.add_argument("--max-raise", type=int, default=10)
    rules.add_argument("--raise-cap", type=int, default=3)
    rules.add_argument("--match-games", type=int, default=None, help="games in a match")
    rules.add_argument(
        "--rounding", choices=[rounding.value for rounding in Rounding], default="up"
    )
    rules.set_defaults(run=_rules)
    check = actions.add_parser("check", help="replay and check an Azi game or match record")
    check.add_argument("file", help="a JSON game or match record, or - for standard input")
    check.set_defaults(run=_check)


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


def _check(args: argparse.Namespace) -> int:
    if args.file == "-":
        text = sys.stdin.read()
    else:
        try:
            with open(args.file, encoding="utf-8") as handle:
                text = handle.read()
        except OSError as exc:
            raise UsageError(f"cannot read {args.file!r}: {exc.strerror}") from exc
    loaded = GAME.state_from_json(_object(text))
    if isinstance(loaded, AziMatch):
        print(
            f"valid Azi match record: {len(loaded.history)} actions,"
            f" game {len(loaded.finished) + 1} of {loaded.rules.games_per_match}"
        )
        if loaded.is_terminal:
            print(f"match over; returns {list(loaded.returns())}")
            return 0
        state = loaded.current
    else:
        state = loaded
        print(f"valid Azi record: {len(state.history)} actions, deal {state.deal_number}")
    if state.is_terminal:
        print(f"pot won by seat {state.winner}; returns {list(state.returns())}")
    else:
        print(
            f"in progress: {state.phase.value} phase, seat {state.current_player} to act,"
            f" pot {state.pot}"
        )
    return 0


def _object(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise InvalidStateError(f"not valid JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise InvalidStateError(f"a record must be a JSON object, got {data!r:.80}")
    return data
