"""``cardrules demo``: the README's main job, a seeded showcase of both games.

One Hazari deal between four solver bots and one Azi game between four search
bots, each narrated as ``cardrules play`` would.
"""

from __future__ import annotations

import argparse
from typing import Any

from cardrules.azi.bots import SearchBot
from cardrules.cli.play import play_narrated
from cardrules.hazari.bots import SolverBot
from cardrules.registry import load_game
from cardrules.rng import Rng, check_seed, derive_seed
from cardrules.runner import BOT_STREAM

DEMO_PLAYOUTS = 64
"""Playouts per decision for the demo's search bots: enough to play well, fast to watch."""


def register(commands: Any) -> None:
    """Add the ``demo`` command."""
    parser = commands.add_parser(
        "demo",
        help="watch a seeded Hazari deal and a seeded Azi game between the strong bots",
        description="Watch one seeded Hazari deal between four solver bots and one seeded Azi"
        " game between four search bots, narrated as play narrates a game; --seed chooses"
        " another showcase.",
    )
    parser.add_argument("--seed", type=int, default=2026, help="the seed (default 2026)")
    parser.add_argument("--unicode", action="store_true", help="print suit symbols")
    parser.set_defaults(run=_demo)


def _demo(args: argparse.Namespace) -> int:
    seed = check_seed(args.seed)
    rngs = [Rng(derive_seed(seed, BOT_STREAM, seat)) for seat in range(4)]
    print(f"== Hazari: one deal, four solver bots (seed {seed}) ==")
    solvers = [SolverBot()] * 4
    hazari = load_game("hazari")
    narrator = hazari.definition.view.narrator(["solver"] * 4, args.unicode)
    play_narrated(hazari(seed), solvers, rngs, narrator, None)
    print()
    print(f"== Azi: one game, four search bots (seed {seed}) ==")
    searchers = [SearchBot(playouts=DEMO_PLAYOUTS)] * 4
    azi = load_game("azi", players=4)
    azi_narrator = azi.definition.view.narrator(["search"] * 4, args.unicode)
    play_narrated(azi(seed), searchers, rngs, azi_narrator, None)
    return 0
