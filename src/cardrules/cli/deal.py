"""``cardrules deal hazari|azi --seed N``: print a seeded deal."""

from __future__ import annotations

import argparse
from typing import Any

from cardrules import azi, hazari
from cardrules.cards import format_cards
from cardrules.cli import UsageError
from cardrules.dealing import Dealing
from cardrules.deck import Deck
from cardrules.rng import check_seed


def register(commands: Any) -> None:
    """Add the ``deal`` command."""
    parser = commands.add_parser("deal", help="print a seeded deal")
    parser.add_argument("game", choices=("hazari", "azi"))
    parser.add_argument("--seed", type=int, default=0, help="the deal's seed (default 0)")
    parser.add_argument("--players", type=int, help="players (Hazari: 4; Azi: 2-6, default 4)")
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


def _deal(args: argparse.Namespace) -> int:
    if args.game == "hazari":
        if args.players not in (None, 4):
            raise UsageError(f"Hazari is played by 4 players, not {args.players}")
        if not 0 <= args.dealer < 4:
            raise UsageError(f"dealer {args.dealer} is not a seat in 0..3")
        lines = hazari_deal_text(args.seed, args.dealer, args.unicode)
    else:
        players = 4 if args.players is None else args.players
        if not 2 <= players <= 6:
            raise UsageError(f"Azi is played by 2 to 6 players, not {players}")
        if not 0 <= args.dealer < players:
            raise UsageError(f"dealer {args.dealer} is not a seat in 0..{players - 1}")
        lines = azi_deal_text(args.seed, players, args.dealer, args.unicode)
    print("\n".join(lines))
    return 0
