"""The bot ladder of both games: every bot against every other, in paired deals.

Each pair of bots plays ``--games`` seeded deals, every deal twice with the roles
swapped (half the seats each; see :mod:`cardrules.tournament`), seats rotated.
The tables give each bot's mean return per seat and game (Hazari: points of a
deal's 360, fair share 90; Azi: net chips per game, ante to pot won) and the
paired differences, with Student's t 95% confidence intervals over deals.

    python benchmarks/ladder.py --games 200 --jobs 2 --json ladder.json

``--only hazari`` or ``--only azi`` runs one game; ``--hazari-bots`` and
``--azi-bots`` change the lineups. The JSON file holds the command, the timings
and each game's :meth:`~cardrules.tournament.TournamentResult.to_json`.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from figures import command_line

from cardrules import __version__, load_game
from cardrules.tournament import tournament
from seeds import add_seed_options, game_seed

LINEUPS = {
    "hazari": "random,greedy,solver,strong",
    "azi": "random,heuristic,search,strong",
}


def build_parser() -> argparse.ArgumentParser:
    """The script's options; the seeds come from :mod:`seeds` (report seeds by default)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="deals per pair (default 200)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    add_seed_options(parser)
    parser.add_argument("--only", choices=sorted(LINEUPS), help="run one game only (default: both)")
    parser.add_argument(
        "--hazari-bots", default=LINEUPS["hazari"], help=f"default {LINEUPS['hazari']}"
    )
    parser.add_argument("--azi-bots", default=LINEUPS["azi"], help=f"default {LINEUPS['azi']}")
    parser.add_argument(
        "--azi-players", type=int, default=4, help="seats at the Azi table (default 4)"
    )
    parser.add_argument("--json", metavar="OUT", help="write the results as JSON to this file")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1")
    specs = {
        "hazari": (load_game("hazari"), args.hazari_bots),
        "azi": (load_game("azi", players=args.azi_players), args.azi_bots),
    }
    names = [args.only] if args.only else list(specs)
    command = command_line("ladder.py", argv)
    report: dict[str, Any] = {
        "command": command,
        "cardrules": __version__,
        "python": platform.python_version(),
        "jobs": args.jobs,
        "table": "ladder",
        "seeds": args.seeds,
        "first_seed": game_seed(args, 0),
        "text": "",
        "results": {},
        "seconds": {},
    }
    executor: Executor | None = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        for name in names:
            game, bots = specs[name]
            start = time.perf_counter()
            result = tournament(
                game,
                [bot.strip() for bot in bots.split(",")],
                args.games,
                seed=game_seed(args, 0),
                executor=executor,
            )
            elapsed = time.perf_counter() - start
            text = result.table()
            print(text)
            print(
                f"{result.played} games played in {elapsed:.1f} s"
                f" ({result.played / elapsed:.1f} games/s, {args.jobs} job(s));"
                f" figures for {result.total_games} (an alias's games are reused)"
            )
            print()
            report["text"] += text + "\n\n"
            report["results"][name] = result.to_json()
            report["seconds"][name] = round(elapsed, 1)
    finally:
        if executor is not None:
            executor.shutdown(cancel_futures=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(report, out, indent=2, ensure_ascii=False)
            out.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
