"""Azi: the library's search bot against OpenSpiel's ISMCTSBot, in paired games.

Both bots play the same OpenSpiel game, ``cardrules_azi(players=N)`` from
:mod:`cardrules.integrations.openspiel`, at an equal number of simulations per
decision: the library bot's ``playouts`` (PIMC, the default) or ``iterations``
(``--bot ismcts``) equal OpenSpiel's ``max_simulations``. OpenSpiel's
``open_spiel.python.algorithms.ismcts.ISMCTSBot`` evaluates its leaves with
``mcts.RandomRolloutEvaluator`` (one random rollout) and explores with ``--uct-c``
(returns are chips); it acts on the pyspiel state, resampling through the
adapter's ``resample_from_infostate``. The library bot acts on the cardrules
state inside the adapter's state (``state.chance_state.inner``): it is handed that
state's observation of its seat and its legal actions, and its answer goes back
to OpenSpiel as the action id (``inner.action_id(action)``).

Each deal ``i`` (seed ``i`` of the run: report seeds by default, ``benchmarks/seeds.py``)
is played twice: the library bot
holds the even seats and ISMCTS the odd ones, then the roles are swapped. The
chance nodes draw the same cards in both games (one ``numpy`` generator seeded by
the deal; every deal consumes a fixed number of draws), each seat keeps its own
random streams, and the first dealer is seat 0, so with 4 players seat 0 is the
dealer of the first deal in both games. A deal's *difference* is the library's
mean return per seat over its two games minus ISMCTS's (a zero-sum game, so it is
twice the library's mean). Its mean over the deals has a Student t 95% interval.

    python benchmarks/edge_openspiel_ismcts.py --deals 300 --players 4 --simulations 50 --jobs 2

An Azi game that reaches the adapter's ``max_deals`` bound (8 deals) ends with
the pot shared equally (the adapter's rule); such games are counted in the output.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
import pyspiel
from figures import command_line, write_figure
from open_spiel.python.algorithms import ismcts, mcts

import cardrules.integrations.openspiel  # noqa: F401  (registers cardrules_azi)
from cardrules.azi.bots import SearchBot, TreeSearchBot
from cardrules.registry import load_game
from cardrules.rng import Rng, derive_seed
from seeds import add_seed_options, game_seed

_GAMES: dict[int, Any] = {}
STRONG = type(load_game("azi").bots["strong"]())
"""The class of Azi's registered strong bot."""


def t_quantile(df: int, p: float = 0.975) -> float:
    """Student t quantile by the Cornish-Fisher expansion (exact enough for df >= 10).

    >>> round(t_quantile(1000), 3)
    1.962
    """
    z = statistics.NormalDist().inv_cdf(p)
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


def game_for(players: int) -> Any:
    """The OpenSpiel game, one per process."""
    if players not in _GAMES:
        _GAMES[players] = pyspiel.load_game(f"cardrules_azi(players={players})")
    return _GAMES[players]


def library_bot(args: argparse.Namespace) -> Any:
    """The library's bot at ``--simulations`` playouts (or iterations) per decision."""
    if args.bot == "ismcts":
        return TreeSearchBot(iterations=args.simulations)
    if args.bot == "strong":
        return STRONG(playouts=args.simulations)
    return SearchBot(playouts=args.simulations)


def play(args: argparse.Namespace, seed: int, library_seats: set[int]) -> tuple[list[float], int]:
    """One game; the returns and the number of deals dealt."""
    game = game_for(args.players)
    game.seed_resampling(derive_seed(seed, 3))
    chance = np.random.RandomState(derive_seed(seed, 2) % 2**32)
    mine = library_bot(args)
    rngs = [Rng(derive_seed(seed, 1, seat)) for seat in range(args.players)]
    theirs: dict[int, Any] = {}
    for seat in range(args.players):
        if seat not in library_seats:
            stream = derive_seed(seed, 4, seat) % 2**32
            evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(stream))
            theirs[seat] = ismcts.ISMCTSBot(
                game,
                evaluator,
                args.uct_c,
                args.simulations,
                random_state=np.random.RandomState(stream + 1),
            )
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(chance.choice(outcomes, p=probabilities)))
            continue
        seat = state.current_player()
        if seat in theirs:
            state.apply_action(int(theirs[seat].step(state)))
            continue
        inner = state.chance_state.inner
        legal = inner.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        else:
            action = mine.choose(inner.observation(seat), legal, rngs[seat])
        state.apply_action(inner.action_id(action))
    return list(state.returns()), len(state.chance_state.decks)


def run_deals(args: argparse.Namespace, start: int, stop: int) -> list[tuple[float, int]]:
    """For deals ``start .. stop-1``: the library's mean return per seat over both games
    minus OpenSpiel's, and the most deals either game dealt."""
    n = args.players
    even = {seat for seat in range(n) if seat % 2 == 0}
    odd = set(range(n)) - even
    out = []
    for index in range(start, stop):
        seed = game_seed(args, index)
        first, deals_a = play(args, seed, even)
        second, deals_b = play(args, seed, odd)
        library = sum(first[s] for s in even) + sum(second[s] for s in odd)
        other = sum(first[s] for s in odd) + sum(second[s] for s in even)
        out.append(((library - other) / n, max(deals_a, deals_b)))
    return out


def build_parser() -> argparse.ArgumentParser:
    """The script's options; the seeds come from :mod:`seeds` (report seeds by default)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300, help="paired deals (default 300)")
    parser.add_argument("--players", type=int, default=4, help="seats (default 4)")
    parser.add_argument(
        "--simulations",
        type=int,
        default=50,
        help="simulations per decision for both bots (default 50)",
    )
    parser.add_argument("--bot", choices=["strong", "pimc", "ismcts"], default="strong")
    parser.add_argument("--uct-c", type=float, default=10.0, help="OpenSpiel's UCT constant")
    add_seed_options(parser)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", metavar="FILE", help="write the figure as JSON (figures.py)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    size = max(1, min(10, args.deals // (4 * args.jobs)))
    chunks = [(a, min(a + size, args.deals)) for a in range(0, args.deals, size)]
    began = time.perf_counter()
    results: list[tuple[float, int]] = []
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            for part in [pool.submit(run_deals, args, a, b) for a, b in chunks]:
                results += part.result()
    else:
        for a, b in chunks:
            results += run_deals(args, a, b)
    elapsed = time.perf_counter() - began
    diffs = [difference for difference, _ in results]
    mean = statistics.fmean(diffs)
    sd = statistics.stdev(diffs)
    half = t_quantile(len(diffs) - 1) * sd / math.sqrt(len(diffs))
    cut = sum(1 for _, deals in results if deals >= 8)
    name = {"pimc": "PIMCBot(playouts", "ismcts": "ISMCTSBot(iterations"}.get(
        args.bot, f"{STRONG.__name__}(playouts"
    )
    print(
        f"Azi, {args.players} players: cardrules {name}={args.simulations}) against OpenSpiel"
        f" ISMCTSBot(max_simulations={args.simulations}, uct_c={args.uct_c}, random rollouts)"
    )
    print(
        f"{len(diffs)} paired deals (each played twice, roles swapped), {args.seeds} seeds"
        f" {game_seed(args, 0)} .. {game_seed(args, len(diffs) - 1)}"
    )
    print(
        f"difference per seat and game (cardrules - OpenSpiel): {mean:+.3f} ± {half:.3f} chips"
        f" (t 95% CI [{mean - half:+.3f}, {mean + half:+.3f}], sd {sd:.2f})"
    )
    print(f"cardrules' mean return per seat and game: {mean / 2:+.3f} chips")
    print(f"deals reaching the adapter's bound of 8 deals: {cut}")
    print(f"significant at 95%: {'yes' if abs(mean) > half else 'no'}")
    print(f"wall time {elapsed:.0f} s, {args.jobs} job(s)")
    if args.out:
        write_figure(
            args.out,
            table="azi-openspiel",
            row=f"{args.bot}{f' ({STRONG.name})' if args.bot == 'strong' else ''} against"
            f" OpenSpiel ISMCTS, {args.players} players",
            command=command_line("edge_openspiel_ismcts.py", argv),
            seeds=args.seeds,
            first_seed=game_seed(args, 0),
            values=diffs,
            unit="chips per seat and game",
            simulations=args.simulations,
            players=args.players,
            capped=cut,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
