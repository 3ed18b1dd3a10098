"""``cardrules deal GAME --seed N``: print a seeded deal.

The games are the registry's (:func:`cardrules.game_names`); GAME may be a spec
with rule options (``'azi(suits=CHS)'``), and every rule option is a flag too.
Hazari and Azi print each hand sorted, grouped by suit and high card first (and
Azi its trump card); any other registered game prints its new state as
``str(state)`` shows it.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from cardrules.cli import UsageError
from cardrules.cli.games import add_game_argument, add_rule_options, load_cli_game
from cardrules.cli.narrate import cards_text
from cardrules.registry import Game, load_game
from cardrules.rng import check_seed


def register(commands: Any) -> None:
    """Add the ``deal`` command."""
    parser = commands.add_parser("deal", help="print a seeded deal")
    add_game_argument(parser)
    parser.add_argument("--seed", type=int, default=0, help="the deal's seed (default 0)")
    parser.add_argument("--dealer", type=int, default=0, help="the dealer's seat (default 0)")
    parser.add_argument("--unicode", action="store_true", help="print suit symbols")
    add_rule_options(parser)
    parser.set_defaults(run=_deal)


def _hazari_lines(game: Game, state: Any, unicode: bool) -> list[str]:
    return [f"  seat {seat}: {cards_text(hand, unicode)}" for seat, hand in enumerate(state.hands)]


def _azi_lines(game: Game, state: Any, unicode: bool) -> list[str]:
    lines = [f"  trump card: {state.trump_card.format(unicode=unicode)}"]
    lines += [
        f"  seat {seat}: {cards_text(hand or (), unicode)}" for seat, hand in enumerate(state.hands)
    ]
    return lines


_PRINTERS: dict[str, Callable[[Game, Any, bool], list[str]]] = {
    "hazari": _hazari_lines,
    "azi": _azi_lines,
}
"""The games with their own deal printer; others print ``str(state)``."""


def deal_text(game: Game, seed: int, dealer: int = 0, unicode: bool = False) -> list[str]:
    """The lines describing a seeded deal of ``game``."""
    state = game.new_state(check_seed(seed), dealer=dealer)
    title = "Hazari" if game.name == "hazari" else "Azi" if game.name == "azi" else game.name
    players = "" if game.name == "hazari" else f", {game.num_players} players"
    header = f"{title} deal, seed {seed}{players}, dealer seat {dealer}"
    printer = _PRINTERS.get(game.name)
    if printer is None:
        return [header, str(state)]
    return [header, *printer(game, state, unicode)]


def hazari_deal_text(seed: int, dealer: int = 0, unicode: bool = False) -> list[str]:
    """The lines describing a seeded Hazari deal."""
    return deal_text(load_game("hazari"), seed, dealer, unicode)


def azi_deal_text(seed: int, players: int = 4, dealer: int = 0, unicode: bool = False) -> list[str]:
    """The lines describing a seeded Azi deal."""
    return deal_text(load_game("azi", players=players), seed, dealer, unicode)


def _deal(args: argparse.Namespace) -> int:
    game = load_cli_game(args)
    players = game.num_players
    if not 0 <= args.dealer < players:
        raise UsageError(f"dealer {args.dealer} is not a seat in 0..{players - 1}")
    print("\n".join(deal_text(game, check_seed(args.seed), args.dealer, args.unicode)))
    return 0
