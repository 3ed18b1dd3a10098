"""How long and how large random Azi games get: deals per game and extreme returns.

Every seat picks uniformly among its legal actions (a seeded ``Rng`` per game);
games are seeded from ``derive_seed(seed, i)``. The script prints how many games
needed each number of deals (one, plus one per Azi re-deal) and the spread of the
final returns, for the OpenSpiel page's remarks on the adapter's bounds.

    python benchmarks/azi_random_extremes.py --games 3000 --players 6
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter

from cardrules import load_game
from cardrules.azi import AziState
from cardrules.rng import Rng, derive_seed


def play(players: int, seed: int) -> tuple[int, tuple[int, ...]]:
    """The number of deals of one random game, and its returns."""
    state = load_game("azi", players=players).new_state(seed=seed)
    if not isinstance(state, AziState):
        raise TypeError(f"expected an Azi game state, got {type(state).__name__}")
    rng = Rng(derive_seed(seed, 1))
    while not state.is_terminal:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randbelow(len(legal))])
    return state.deal_number + 1, tuple(state.returns())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    deals: Counter[int] = Counter()
    extremes: list[int] = []
    every: list[int] = []
    for index in range(args.games):
        count, returns = play(args.players, derive_seed(args.seed, index))
        deals[count] += 1
        extremes.append(max(abs(r) for r in returns))
        every.extend(abs(r) for r in returns)
    print(f"{args.games} random {args.players}-player Azi games, seed {args.seed}")
    for count in sorted(deals):
        print(f"  {count} deal(s): {deals[count]} games")
    every.sort()
    print(f"largest |return| in a game: max {max(extremes)}, median {statistics.median(extremes)}")
    print(
        f"|return| of a seat: median {statistics.median(every)},"
        f" 99th percentile {every[int(0.99 * (len(every) - 1))]}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
