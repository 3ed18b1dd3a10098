"""``cardrules deal GAME --seed N``: print a seeded deal.

The games are the registry's (:func:`cardrules.game_names`). Hazari and Azi print
each hand grouped by suit (and Azi its trump card); any other registered game
prints its new state as ``str(state)`` shows it.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from cardrules import azi, hazari
from cardrules.cards import format_cards
from cardrules.cli.games import add_game_argument, add_players_option, load_cli_game
from cardrules.cli.usage import UsageError
from cardrules.dealing import Dealing
from cardrules.deck import Deck
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


def hazari_deal_text(seed: int, dealer: int = 0, unicode: bool = False) -> list[str]:
    """The lines describing a seeded Hazari deal."""
    deck = Dealing(seed=check_seed(seed)).deck(0, Deck.standard())
    hands = hazari.deal_hands(deck, dealer)
    lines = [f"Hazari deal, seed {seed}, dealer seat {dealer}"]
    for seat, hand in enumerate(hands):
        ordered = sorted(hand, key=lambda c: (c.suit, -c.rank))
        lines.append(f"  seat {seat}: {format_cards(ordered, unicode=unicode)}")
    return lines


def azi_deal_text(seed: int, players: int = 4, dealer: int = 0, unicode: bool = False) -> list[str]:
    """The lines describing a seeded Azi deal."""
    deck = Dealing(seed=check_seed(seed)).deck(0, azi.azi_pack())
    dealt = azi.deal_hands(deck, dealer, range(players), players)
    trump = dealt.trump_card
    lines = [
        f"Azi deal, seed {seed}, {players} players, dealer seat {dealer}",
        f"  trump card: {trump.format(unicode=unicode)}",
    ]
    for seat, hand in enumerate(dealt.hands):
        lines.append(f"  seat {seat}: {format_cards(hand or (), unicode=unicode)}")
    return lines


_PRINTERS: dict[str, Callable[[int, int, int, bool], list[str]]] = {
    "hazari": lambda seed, players, dealer, unicode: hazari_deal_text(seed, dealer, unicode),
    "azi": azi_deal_text,
}
"""The games with their own deal printer; others print ``str(state)``."""


def _deal(args: argparse.Namespace) -> int:
    game = load_cli_game(args.game, args.players)
    players = game.num_players
    if not 0 <= args.dealer < players:
        raise UsageError(f"dealer {args.dealer} is not a seat in 0..{players - 1}")
    seed = check_seed(args.seed)
    printer = _PRINTERS.get(game.name)
    if printer is not None:
        lines = printer(seed, players, args.dealer, args.unicode)
    else:
        state = game.new_state(seed, dealer=args.dealer)
        header = f"{game.name} deal, seed {seed}, {players} players, dealer seat {args.dealer}"
        lines = [header, str(state)]
    print("\n".join(lines))
    return 0
