"""``cardrules deal GAME --seed N``: print a seeded deal.

The games are the registry's (:func:`cardrules.game_names`); GAME may be a spec
with rule options (``'azi(suits=CHS)'``), and every rule option is a flag too. A
game whose view has a ``deal`` printer prints with it (Hazari and Azi print each
hand sorted, grouped by suit and high card first, and Azi its trump card); any
other game prints its new state as
``str(state)`` shows it.
"""

from __future__ import annotations

import argparse
from typing import Any

from cardrules.cli.games import (
    add_game_argument,
    add_game_command,
    add_rule_options,
    load_cli_game,
)
from cardrules.cli.usage import UsageError
from cardrules.registry import Game
from cardrules.rng import check_seed


def register(commands: Any) -> None:
    """Add the ``deal`` command."""
    add_game_command(
        commands,
        "deal",
        _arguments,
        help="print a seeded deal",
        description="Print the hands of a seeded deal of GAME, each sorted and grouped by suit,"
        " high card first (and the trump card, in a game that has one); --seed and --dealer"
        " choose the deal.",
    )


def _arguments(parser: argparse.ArgumentParser, game: Game | None) -> None:
    add_game_argument(parser, game)
    parser.add_argument("--seed", type=int, default=0, help="the deal's seed (default 0)")
    parser.add_argument("--dealer", type=int, default=0, help="the dealer's seat (default 0)")
    parser.add_argument("--unicode", action="store_true", help="print suit symbols")
    add_rule_options(parser, game)
    parser.set_defaults(run=_deal)


def deal_text(game: Game, seed: int, dealer: int = 0, unicode: bool = False) -> list[str]:
    """The lines describing a seeded deal of ``game``."""
    state = game.new_state(check_seed(seed), dealer=dealer)
    printer = game.definition.view.deal
    # a game with its own printer is named as people write it ("Azi"), any other as registered
    title = game.name.capitalize() if printer is not None else game.name
    players = f", {game.num_players} players" if len(game.definition.players) > 1 else ""
    header = f"{title} deal, seed {seed}{players}, dealer seat {dealer}"
    return [header, *(printer(state, unicode) if printer is not None else [str(state)])]


def _deal(args: argparse.Namespace) -> int:
    game = load_cli_game(args)
    players = game.num_players
    if not 0 <= args.dealer < players:
        raise UsageError(f"dealer {args.dealer} is not a seat in 0..{players - 1}")
    print("\n".join(deal_text(game, check_seed(args.seed), args.dealer, args.unicode)))
    return 0
