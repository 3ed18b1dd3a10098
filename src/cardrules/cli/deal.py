"""``cardrules deal GAME --seed N``: print a seeded deal.

The games are the registry's (:func:`cardrules.game_names`). A game whose view
has a ``deal`` printer prints with it (Hazari and Azi print each hand grouped by
suit, and Azi its trump card); any other game prints its new state as
``str(state)`` shows it.
"""

from __future__ import annotations

import argparse
from typing import Any

from cardrules.cli.games import add_game_argument, add_players_option, load_cli_game
from cardrules.cli.usage import UsageError
from cardrules.rng import check_seed


def register(commands: Any) -> None:
    """Add the ``deal`` command."""
    parser = commands.add_parser("deal", help="print a seeded deal")
    add_game_argument(parser)
    parser.add_argument("--seed", type=int, default=0, help="the deal's seed (default 0)")
    add_players_option(parser)
    parser.add_argument("--dealer", type=int, default=0, help="the dealer's seat (default 0)")
    parser.add_argument("--unicode", action="store_true", help="print suit symbols")
    parser.set_defaults(run=_deal)


def _deal(args: argparse.Namespace) -> int:
    game = load_cli_game(args.game, args.players)
    players = game.num_players
    if not 0 <= args.dealer < players:
        raise UsageError(f"dealer {args.dealer} is not a seat in 0..{players - 1}")
    seed = check_seed(args.seed)
    printer = game.definition.view.deal
    if printer is not None:
        lines = printer(seed, players, args.dealer, args.unicode)
    else:
        state = game.new_state(seed, dealer=args.dealer)
        header = f"{game.name} deal, seed {seed}, {players} players, dealer seat {args.dealer}"
        lines = [header, str(state)]
    print("\n".join(lines))
    return 0
