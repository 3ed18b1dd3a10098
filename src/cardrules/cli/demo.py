"""``cardrules demo``: the README's main job, a seeded showcase of both games."""

from __future__ import annotations

import argparse
from typing import Any

from cardrules.cli.deal import azi_deal_text, hazari_deal_text


def register(commands: Any) -> None:
    """Add the ``demo`` command."""
    parser = commands.add_parser("demo", help="show a seeded Hazari deal and a seeded Azi deal")
    parser.add_argument("--seed", type=int, default=2026, help="the seed (default 2026)")
    parser.add_argument("--unicode", action="store_true", help="print suit symbols")
    parser.set_defaults(run=_demo)


def _demo(args: argparse.Namespace) -> int:
    lines = hazari_deal_text(args.seed, unicode=args.unicode)
    lines.append("")
    lines += azi_deal_text(args.seed, unicode=args.unicode)
    print("\n".join(lines))
    return 0
