"""``cardrules hazari arrange "<13 cards>"``: the best arrangement next to the greedy one.

For each arrangement it prints every round's group and combination, the value
model's chance of winning the round and the card points expected from it::

    $ cardrules hazari arrange "AS KS QS JS 9H 9D 9C 7C 5D 4H 3S 2C 2D"
    best arrangement: 9H 9D 9C | KS QS JS | AS 3S 2D | 7C 5D 4H 2C
      round 1  9H 9D 9C     Trio 9-9-9          win 0.453  points  35.8
    ...

``--deals N`` adds a Monte Carlo check against greedy opponents (with standard
errors); ``--count`` prints only the number of valid arrangements.

``cardrules hazari value-tables [--deals N] [--seed S] [--jobs J]`` regenerates
the value model's shipped tables and prints them as JSON.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from cardrules.cards import format_cards, parse_cards
from cardrules.cli.games import add_jobs_option, check_jobs
from cardrules.cli.usage import UsageError
from cardrules.hazari.arrangement import Arrangement
from cardrules.hazari.equity import arrangement_equity
from cardrules.hazari.partitions import count_valid_arrangements
from cardrules.hazari.solver import arrangement_value, best_arrangement, greedy_arrangement
from cardrules.hazari.value_model import (
    DEALS,
    EXPECTED_POINTS,
    SEED,
    generate_tables,
    model_to_json,
)
from cardrules.rng import check_seed

__all__ = ["arrange_text", "register"]


def register(actions: Any) -> None:
    """Add the ``arrange`` action to ``cardrules hazari``."""
    parser = actions.add_parser(
        "arrange",
        help="the best 3/3/3/4 arrangement of 13 cards, next to the greedy one",
        description="Arrange 13 cards into three groups of 3 and one of 4, as the solver and"
        " the greedy bot do, with each round's combination, its chance of winning and the card"
        " points expected from it.",
    )
    parser.add_argument("cards", nargs="+", help='13 cards, such as "AS KS QS JS ..."')
    parser.add_argument(
        "--count", action="store_true", help="print only the number of valid arrangements"
    )
    parser.add_argument(
        "--deals", type=int, default=0, help="also simulate N deals against greedy opponents"
    )
    parser.add_argument("--seed", type=int, default=0, help="the simulation's seed (default 0)")
    parser.add_argument("--unicode", action="store_true", help="print suit symbols")
    parser.set_defaults(run=_arrange)
    tables = actions.add_parser(
        "value-tables",
        help="regenerate the value model's tables as JSON (slow)",
        description="Regenerate the tables of the solver's value model from seeded random"
        " deals and print them as JSON, the form the package ships (slow).",
    )
    tables.add_argument(
        "--deals", type=int, default=DEALS, help=f"random deals to count (default {DEALS})"
    )
    tables.add_argument("--seed", type=int, default=SEED, help=f"the deals' seed (default {SEED})")
    add_jobs_option(tables)
    tables.set_defaults(run=_value_tables)


def _arrangement_lines(title: str, arrangement: Arrangement, unicode: bool) -> list[str]:
    value = arrangement_value(arrangement)
    lines = [f"{title}: {arrangement.format(unicode=unicode)}"]
    for number, (group, combination) in enumerate(
        zip(arrangement.groups, arrangement.combinations, strict=True), 1
    ):
        win = EXPECTED_POINTS.win_probability(number, combination)
        points = EXPECTED_POINTS(number, group)
        lines.append(
            f"  round {number}  {format_cards(group, unicode=unicode):<12} "
            f"{combination!s:<19} win {win:.3f}  points {points:5.1f}"
        )
    lines.append(f"  expected card points: {value:.1f}")
    return lines


def _equity_lines(cards: Any, arrangement: Arrangement, deals: int, seed: int) -> list[str]:
    eq = arrangement_equity(cards, arrangement, deals=deals, seed=seed)
    wins = "  ".join(
        f"{p:.3f}±{se:.3f}" for p, se in zip(eq.win_probability, eq.win_stderr, strict=True)
    )
    return [
        f"  simulated ({deals} deals, seed {seed}): win {wins}",
        f"  simulated card points: {eq.expected_points:.1f} ± {eq.points_stderr:.1f}",
    ]


def arrange_text(text: str, *, deals: int = 0, seed: int = 0, unicode: bool = False) -> list[str]:
    """The lines printed by ``cardrules hazari arrange``."""
    cards = parse_cards(text)
    best, greedy = best_arrangement(cards), greedy_arrangement(cards)
    lines = _arrangement_lines("best arrangement", best, unicode)
    if deals:
        lines += _equity_lines(cards, best, deals, seed)
    lines += _arrangement_lines("greedy arrangement", greedy, unicode)
    if deals:
        lines += _equity_lines(cards, greedy, deals, seed)
    gain = arrangement_value(best) - arrangement_value(greedy)
    lines.append(f"gain over greedy: {gain:+.1f} expected card points")
    return lines


def _arrange(args: argparse.Namespace) -> int:
    text = " ".join(args.cards)
    if args.count:
        print(count_valid_arrangements(parse_cards(text)))
        return 0
    if args.deals < 0:
        raise UsageError(f"--deals must be 0 or more, not {args.deals}")
    check_seed(args.seed)
    print("\n".join(arrange_text(text, deals=args.deals, seed=args.seed, unicode=args.unicode)))
    return 0


def _value_tables(args: argparse.Namespace) -> int:
    if args.deals < 1:
        raise UsageError(f"--deals must be at least 1, not {args.deals}")
    jobs = check_jobs(args.jobs)
    check_seed(args.seed)
    model = generate_tables(args.deals, args.seed, workers=jobs)
    print(json.dumps(model_to_json(model), separators=(",", ":")))
    return 0
