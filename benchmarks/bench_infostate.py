"""Benchmark: an Azi game observed every turn, its information-state tensor each time.

Run as ``python benchmarks/bench_infostate.py [--raises 1000 2000 4000] [--repeat R]``.

A two-player game with ``raise_cap`` set to each ``--raises`` value (``max_raise=1``):
both seats play, then raise whenever a raise is legal, so the bidding is that many
raises long, and every other choice is the first legal action. Before each action the
player to act is observed and its information-state tensor built
(``game.information_state_tensor(state, player)``), as an OpenSpiel learner observing
every turn does. The figure is the whole game's time (CPU time of this process), the
best of ``--repeat``; per step it is constant when the tensor costs O(1) amortised,
and it grows with the history when each tensor rereads the events.
"""

from __future__ import annotations

import argparse
import time

from cardrules import load_game
from cardrules.azi import Raise


def observed_game(raises: int, seed: int) -> tuple[float, int]:
    """Seconds for one game with a bidding of ``raises`` raises, and its actions."""
    game = load_game("azi", players=2, raise_cap=raises, max_raise=1)
    state = game.new_state(seed)
    steps = 0
    start = time.process_time()
    while (player := state.current_player) is not None:
        game.information_state_tensor(state, player)
        legal = state.legal_actions()
        action = next((a for a in legal if isinstance(a, Raise)), legal[0])
        state = state.apply(action)
        steps += 1
    return time.process_time() - start, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--raises", type=int, nargs="+", default=[1000, 2000, 4000])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{'raises':>7} {'actions':>8} {'seconds':>9} {'µs/action':>10}")
    for raises in args.raises:
        best, steps = float("inf"), 0
        for round_ in range(args.repeat):
            seconds, steps = observed_game(raises, seed=round_)  # a fresh deal each time
            best = min(best, seconds)
        print(f"{raises:>7} {steps:>8} {best:>9.3f} {best / steps * 1e6:>10.1f}")


if __name__ == "__main__":
    main()
