"""``cardrules cards parse``: normalise and validate cards."""

from __future__ import annotations

import argparse
from typing import Any

from cardrules.cards import format_cards, parse_cards
from cardrules.cli.usage import UsageError


def register(commands: Any) -> None:
    """Add the ``cards`` command."""
    parser = commands.add_parser(
        "cards",
        help="parse and normalise cards",
        description="Cards as people write them (AS, 10h, T♦, as,kd): parse validates them"
        " and prints them in the compact form every command and record uses.",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True
    parse = actions.add_parser(
        "parse",
        help="validate cards and print them in compact form",
        description="Validate cards, written with spaces or commas, in any case, with 10 or"
        " T and suit letters or symbols, and print them in compact form (AS TH).",
    )
    parse.add_argument("cards", nargs="+", help='cards such as "AS KS" or 10h T♦')
    parse.add_argument("--unicode", action="store_true", help="print suit symbols")
    parse.add_argument(
        "--allow-duplicates", action="store_true", help="accept a card more than once"
    )
    parse.set_defaults(run=_parse)


def _parse(args: argparse.Namespace) -> int:
    text = " ".join(args.cards)
    if not text.replace(",", " ").split():
        raise UsageError("no cards given: write cards such as AS 10h T♦")
    cards = parse_cards(text, allow_duplicates=args.allow_duplicates)
    print(format_cards(cards, unicode=args.unicode))
    return 0
